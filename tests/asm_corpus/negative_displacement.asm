; hand-checked: pasmo rejects these (it reads the value after IX+ as unsigned), so the expected
; bytes were checked by hand against the Zilog tables and against pasmo on the literal forms
; (IX-6) etc. 1970s listings index tables with negative symbolic displacements like these.
	ORG	0
TBASE:	ds	4
OFFS	EQU	$-TBASE-10		; -6
MINUS4	EQU	-4
	ld	a,(ix+OFFS)		; DD 7E FA
	ld	(iy+OFFS),b		; FD 70 FA
	ld	(ix+OFFS),12h		; DD 36 FA 12
	inc	(ix+OFFS)		; DD 34 FA
	add	a,(iy+OFFS)		; FD 86 FA
	bit	3,(iy+OFFS)		; FD CB FA 5E
	set	7,(ix+OFFS)		; DD CB FA FE
	rl	(ix+OFFS)		; DD CB FA 16
	ld	a,(ix-MINUS4)		; -(-4) = +4: DD 7E 04
	ld	a,(ix+MINUS4)		; DD 7E FC
	ld	a,(ix+-128)		; DD 7E 80
	ld	a,(iy+(-1))		; FD 7E FF
	ld	a,(ix+LATE)		; forward reference, -2: DD 7E FE
	ld	a,(iy+TBASE-HERE)	; 0 - 50 = -50: FD 7E CE
HERE:	nop				; 00
LATE	EQU	TBASE-2
