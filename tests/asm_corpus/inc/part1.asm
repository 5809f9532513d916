; included from include.asm
part1:	ld	a,1
	INCLUDE	'nested.asm'
