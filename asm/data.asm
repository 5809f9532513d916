;**********************************************************************
;       DATA: PAGE 0 (READ/WRITE)
;**********************************************************************
;       BOARDA must stay at 0000H: the routines address a square as
;       H = HIGH(BOARDA) = 0, L = square index, and step along lines
;       by adding to L alone (indices stay within 0..119).
;       The image starts with the initial position; INITBD rebuilds it.
;**********************************************************************
BOARDA: DB      0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH
        DB      0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH
        DB      0FFH,004H,002H,003H,005H,006H,003H,002H,004H,0FFH
        DB      0FFH,001H,001H,001H,001H,001H,001H,001H,001H,0FFH
        DB      0FFH,000H,000H,000H,000H,000H,000H,000H,000H,0FFH
        DB      0FFH,000H,000H,000H,000H,000H,000H,000H,000H,0FFH
        DB      0FFH,000H,000H,000H,000H,000H,000H,000H,000H,0FFH
        DB      0FFH,000H,000H,000H,000H,000H,000H,000H,000H,0FFH
        DB      0FFH,081H,081H,081H,081H,081H,081H,081H,081H,0FFH
        DB      0FFH,084H,082H,083H,085H,086H,083H,082H,084H,0FFH
        DB      0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH
        DB      0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH,0FFH

;       ABI variables (section 2)
COLOR:  DB      00H             ; side to move: 00H white, 80H black
POSK:   DB      25,95           ; king squares: white, black
POSQ:   DB      24,94           ; one queen square each, 0 = none
        DB      0FFH            ; the ABI's byte after POSQ
CKFLG:  DB      0               ; GENMOV: side to move is in check
MLNXT:  DW      MLIST           ; where the next entry goes
MLLST:  DW      PLYIX+2         ; last linked entry (link word address)
MLPTRI: DW      PLYIX-2         ; ply-table pointer
MLPTRJ: DW      NOPREV          ; entry for MOVE/UNMOVE; previous move

;       Ours (exported)
MLOVF:  DB      0               ; non-zero: a list or the ply table is full
PDEPTH: DB      0               ; PERFT: depth to count
PCOUNT: DB      0,0,0,0         ; PERFT: leaf nodes, 32-bit little-endian

;       Ours (internal)
GSP:    DW      0               ; GENMOV: SP to return with after overflow
GSTART: DW      0               ; GENMOV: this ply's first entry
D2FROM: DB      0               ; ADDD: second half of a double move
D2TO:   DB      0
D2FLG:  DB      0
PFSP:   DW      0               ; PERFT: SP to return with after overflow
IXSQ:   DW      0               ; SQATK: the square as a word (high byte 0)
NOPREV: DB      0,0,0,0,0,0     ; a previous move that allows no e.p.
PFPREV: DB      0,0,0,0,0,0     ; PERFT: its copy of the root's previous move
