part2:	ld	c,3
