; IF/ELSE/ENDIF, nested, skipping text that would not assemble.
	ORG	100h
DEBUG	EQU	0
VERSION	EQU	2
EARLIER	EQU	9
	IF DEBUG
	db	0DDh
	ELSE
	db	0AAh
	ENDIF
	IF VERSION = 2
	 IF DEBUG
	db	1
	 ELSE
	db	2
	 ENDIF
	ELSE
	db	3
	ENDIF
	IF 0
	this line is not assembled (((
	IF 1
	nor this one
	ENDIF
	ENDIF
	IF EARLIER > 5
big	db	EARLIER
	ENDIF
	IF 1
	ELSE
	ENDIF
