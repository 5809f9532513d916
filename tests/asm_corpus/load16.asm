; 16-bit loads (immediate, (nn) both ways, SP), PUSH/POP, EX forms, EXX, block transfer and search.
DISP	EQU 12
	ORG 8000h
LABEL:
	ld bc,1234h
	ld bc,LABEL
	ld bc,-2
	ld bc,(5678h)
	ld (5678h),bc
	ld bc,(LABEL)
	ld (LABEL),bc
	ld de,1234h
	ld de,LABEL
	ld de,-2
	ld de,(5678h)
	ld (5678h),de
	ld de,(LABEL)
	ld (LABEL),de
	ld hl,1234h
	ld hl,LABEL
	ld hl,-2
	ld hl,(5678h)
	ld (5678h),hl
	ld hl,(LABEL)
	ld (LABEL),hl
	ld sp,1234h
	ld sp,LABEL
	ld sp,-2
	ld sp,(5678h)
	ld (5678h),sp
	ld sp,(LABEL)
	ld (LABEL),sp
	ld ix,1234h
	ld ix,LABEL
	ld ix,-2
	ld ix,(5678h)
	ld (5678h),ix
	ld ix,(LABEL)
	ld (LABEL),ix
	ld iy,1234h
	ld iy,LABEL
	ld iy,-2
	ld iy,(5678h)
	ld (5678h),iy
	ld iy,(LABEL)
	ld (LABEL),iy
	ld sp,hl
	ld sp,ix
	ld sp,iy
	push bc
	pop bc
	push de
	pop de
	push hl
	pop hl
	push af
	pop af
	push ix
	pop ix
	push iy
	pop iy
	ex de,hl
	ex af,af'
	exx
	ex (sp),hl
	ex (sp),ix
	ex (sp),iy
	ldi
	ldir
	ldd
	lddr
	cpi
	cpir
	cpd
	cpdr
FWD	EQU 33
