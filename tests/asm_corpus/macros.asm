; MACRO/ENDM with named parameters, both header forms, nested use, IF inside a macro.
	ORG	0E000h
ldpair	MACRO	hi, lo, value
	ld	hi,HIGH(value)
	ld	lo,LOW(value)
	ENDM
	MACRO	fill3, byte
	db	byte, byte, byte
	ENDM
clear	MACRO	reg
	IF	1
	xor	a
	ld	reg,a
	ENDIF
	ENDM
both	MACRO	x
	fill3	x
	clear	b
	ENDM
	ldpair	b, c, 1234h
	ldpair	d, e, TARGET
	fill3	'z'
	fill3	1+2
	both	7
	clear	(hl)
TARGET:	ret
