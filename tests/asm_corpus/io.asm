; Every IN/OUT form and the block I/O instructions.
PORT	EQU 7Fh
	ORG 0
	in a,(0)
	in a,(0FEh)
	in a,(PORT)
	out (0),a
	out (0FEh),a
	out (PORT),a
	in b,(c)
	out (c),b
	in c,(c)
	out (c),c
	in d,(c)
	out (c),d
	in e,(c)
	out (c),e
	in h,(c)
	out (c),h
	in l,(c)
	out (c),l
	in a,(c)
	out (c),a
	ini
	inir
	ind
	indr
	outi
	otir
	outd
	otdr
