; INCLUDE (quoted and bare names, nested, relative to the including file) and INCBIN.
	ORG	2000h
	INCLUDE	"inc/part1.asm"
	INCLUDE	inc/part2.asm
	INCBIN	"inc/data.bin"
after:	dw	part1, part2, nested, after
