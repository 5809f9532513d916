; Numbers in every accepted notation, $, and the operators, chosen so that pasmo's precedence
; and ours give the same value (see docs/USAGE.md for where they differ).
	ORG	0
HERE0:
	db	0FFh, $FF, 0xFF, 0XfF, #FF, 0ffH		; hexadecimal
	db	%1010, 1010b, 1010B, 0101b			; binary
	db	377q, 377o, 17Q, 99d, 99, 0			; octal and decimal
	db	'c', "c", '''', 'A'+80h, 'a'-'A'		; characters
	dw	0FFFFh, 0x1234, $ABCD, 65535, 0, 1		; words
	db	2*3+4, 2+3*4, (2+3)*4, 100/7, 100 MOD 7, 100 % 7
	dw	1000*3/2, 2-3-4, 100-10-1, 2*(3+(4*5))
	db	1 SHL 4, 1 << 5, 80h SHR 3, 80h >> 2, (1 SHL 4)+1, (1 << 2) << 1
	db	0F0h AND 3Ch, 0F0h & 3Ch, 0F0h OR 0Fh, 0F0h | 0Fh, 0F0h XOR 0FFh
	db	NOT 0FFh AND 0FFh, ~0 & 7, -5 & 0FFh, -1, -128, +7
	dw	-1, -(2*3), +5, NOT 0, ~1, -32768
	db	HIGH(1234h), LOW(1234h), HIGH 0ABCDh, LOW 0ABCDh, HIGH($+300h), LOW(HERE0+1)
	db	5 = 5, 5 EQ 6, (3 < 4) AND 1, (4 <= 4) AND 1, (3 > 4) AND 1, (3 >= 4) & 1
	db	(3 != 4) & 1, (3 NE 3) & 1, (3 EQ 3) & 1, (2 LT 3) & 1, (2 GT 3) & 1, (2 LE 2) & 1, (2 GE 3) & 1
	db	(1 && 2) & 1, (0 || 0) & 1, (0 && UNDEF_NOT_NEEDED) & 1
	db	1 ? 2 : 3, 0 ? 2 : 3, (2 > 1) ? 10h : 20h
	dw	$, $+2, $-HERE0, HERE0
	db	$-HERE0, ($-HERE0)*2
	ld	a,FWD*2+1
	ld	hl,FWD SHL 8
	ld	bc,0+(FWD+1)*(FWD-1)
FWD	EQU	7
UNDEF_NOT_NEEDED EQU 1
