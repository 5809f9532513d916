; JP/CALL/RET with every condition, JP (HL)/(IX)/(IY), JR/DJNZ backwards and forwards at the
; range limits, RST in several notations, RETI/RETN.
	ORG 100h
BACK:
	jp TARGET
	jp 1234h
	jp (hl)
	jp (ix)
	jp (iy)
	jp nz,TARGET
	call nz,TARGET
	ret nz
	jp z,TARGET
	call z,TARGET
	ret z
	jp nc,TARGET
	call nc,TARGET
	ret nc
	jp c,TARGET
	call c,TARGET
	ret c
	jp po,TARGET
	call po,TARGET
	ret po
	jp pe,TARGET
	call pe,TARGET
	ret pe
	jp p,TARGET
	call p,TARGET
	ret p
	jp m,TARGET
	call m,TARGET
	ret m
	call TARGET
	call 0
	ret
	reti
	retn
	rst 0
	rst 8
	rst 10h
	rst 18h
	rst 20h
	rst 28h
	rst 30h
	rst 38h
	rst 0x38
	rst $28
	jr BACK
	jr nz,BACK
	jr z,BACK
	jr nc,BACK
	jr c,BACK
	djnz BACK
	jr $
	jr $+2
	jr $+129
	jr $-126
	djnz $
	jr AHEAD
	jr nz,AHEAD
	jr z,AHEAD
	jr nc,AHEAD
	jr c,AHEAD
	djnz AHEAD
AHEAD:	nop
	ds 20
TARGET:	ret
