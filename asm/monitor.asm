;**********************************************************************
;       THE MONITOR CALLS (JUPITER III, JOVE)
;**********************************************************************
;       Every key read and every console write goes through the
;       resident monitor: RST 38H, then a parameter block in the
;       code; the monitor does the call and returns to the byte after
;       the block (../shared/JUPITER3.md). The first byte of a block
;       says what follows it (bit 7 a device byte, bit 5 an address
;       word, bit 4 a count word) and what to do (low nibble 1: one
;       byte in A, 2: a line, 3: a block); the device is 00H for the
;       keyboard, 1AH for the video console. The monitor keeps every
;       register except A after a key read, and costs nothing but the
;       RST's own 11 T-states.
;
;       These macros generate no code where they are defined; each
;       use is the RST and its block, as the listing shows.
;**********************************************************************

;       KEYIN: wait for a key; its 7-bit code in A.
KEYIN   MACRO
        RST     38H
        DB      81H,00H
        ENDM

;       CHROUT: write A at the cursor (1CH clears the screen and homes
;       the cursor; 0DH, 0AH and 08H move it; 80H-0BFH are graphics).
CHROUT  MACRO
        RST     38H
        DB      81H,1AH
        ENDM

;       NEWLN: carriage return and line feed.
NEWLN   MACRO
        RST     38H
        DB      92H,1AH
        DW      0
        ENDM

;       LINOUT: write COUNT bytes from ADDR, then a new line.
LINOUT  MACRO   ADDR, COUNT
        RST     38H
        DB      0B2H,1AH
        DW      ADDR, COUNT
        ENDM

;       BLKOUT: write COUNT bytes from ADDR, the cursor stays after them.
BLKOUT  MACRO   ADDR, COUNT
        RST     38H
        DB      0B3H,1AH
        DW      ADDR, COUNT
        ENDM

;       TOMON: back to the monitor; the program ends here.
TOMON   MACRO
        RST     38H
        DB      1FH
        ENDM
