; Directives: ORG (with a gap and a label), labels with and without colons, EQU in both forms, DB/DEFB/DEFM
; with numbers, strings and characters, DW/DEFW, DS/DEFS with and without fill, forward
; references everywhere, END with an entry point.
	ORG	4000h
start:
FIVE	EQU	5
SIX:	EQU	FIVE+1
  SEVEN	EQU	SIX+1
Start	EQU	0DEADh			; labels are case-sensitive: Start is not start
	db	1, 2, FIVE, SIX, SEVEN, -1, 255, -128
	defb	'hello', 0
	defm	"tab\there\n", 0
	db	"it's", 'it''s', "q\"q", "\x41\102\\"
	db	'A', 'A'+80h, "a", ''
	dw	1234h, start, -1, FWD, $, 65535, -32768
	defw	end_lbl-start, Start
	ds	4
	ds	3, 0AAh
	defs	2, -1
	ds	2, "*"
nocolon	nop
  indented: nop
	ld	a,FWD2
	db	$-start
	jp	far_away
far_away org	4100h		; a label on ORG names the new address
	db	0EEh
FWD	equ	0BEEFh
FWD2	equ	7
FWDCOUNT	equ	2
end_lbl:
	end	start
	db	99			; after END: ignored
