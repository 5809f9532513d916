nested:	ld	b,2
