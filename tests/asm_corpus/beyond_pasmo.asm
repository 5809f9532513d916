; hand-checked: forms pasmo cannot assemble, or assembles differently, that this assembler
; accepts on purpose. Expected bytes checked by hand (see the comments).
	ORG	0
; DS, ORG and IF on forward references (the passes repeat until addresses are stable).
	ds	COUNT, 0EEh		; EE EE EE
	IF	LATER > 5
	db	LATER			; 09
	ENDIF
	db	AFTER-$			; AFTER (8) minus this address (4): 04
	ds	COUNT			; 00 00 00
AFTER:
; C-like precedence (pasmo differs: SHL binds like *, NOT and HIGH/LOW take the rest).
	db	1 + 2 SHL 3		; (1+2)<<3 = 24: 18
	db	HIGH 1234h + 1		; 12h+1: 13
	db	NOT 1 + 2		; ~1+2 = -2+2 = 0: 00
	db	5 ^ 3			; C's XOR: 06
	db	6 | 1 ^ 3 & 2		; 6 | (1 ^ (3 & 2)) = 6 | 3 = 7: 07
	db	7 %10			; MOD after an operand, not a binary literal: 7 MOD 10 = 7: 07
; A parenthesised value that is not an indirection.
	ld	a,(1+2)*3		; 3E 09
	ld	bc,(COUNT+1)*(COUNT-1)	; 01 08 00
COUNT	EQU	3
LATER	EQU	9
