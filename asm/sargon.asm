; PLACEHOLDER - not the board routines.
; This small source only proves that asm/ -> roms/ is reproducible (tests/roms_up_to_date.rs).
; The board-routines work replaces it with the real INITBD/GENMOV/INCHK/MOVE/UNMOVE/PERFT.
; Regenerate roms/ after any change:
;   cargo run --release -- asm asm/sargon.asm -o roms/sargon.bin --sym roms/sargon.sym --lst roms/sargon.lst

STACK	EQU	0F000H

	ORG	0100H
START:	LD	SP,STACK
	CALL	INITBD
	HALT

; Fill the board with border bytes (placeholder behaviour only).
INITBD:	LD	HL,BOARDA
	LD	B,120
INIT1:	LD	(HL),0FFH
	INC	HL
	DJNZ	INIT1
	RET

COLOR:	DB	0
BOARDA:	DS	120
