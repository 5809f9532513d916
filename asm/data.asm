;**********************************************************************
;       DATA: PAGE 0 (READ/WRITE)
;**********************************************************************
;       BOARDA must stay at 0000H: the routines address a square as
;       H = HIGH(BOARDA) = 0, L = square index, and step along lines
;       by adding to L alone (indices stay within 0..119).
;       The image starts with the initial position; INITBD rebuilds it.
;       Everything the evaluation touches lies in this page too, so
;       one H = 0 reaches the board, the attack rows and the pin list.
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

;       The attack rows, the pin list, POSK, POSQ and the 0FFH byte lie
;       back to back in this order (39 bytes), as in the 1978 layout:
;       a third value for a full king slot spills into the next byte
;       (white: BACT, black: PLISTA+0), an exchange that trusts a
;       count with lost values reads on into the following bytes, and
;       an eleventh pin writes its direction into POSK. Those effects
;       must land on the same neighbours (SARGON_EVAL.md Q5, Q6, Q12).
;       The count bytes also serve as the per-square attacker counts.
WACT:   DB      0,0,0,0,0,0,0   ; white row: count, slots for types 1..6
BACT:   DB      0,0,0,0,0,0,0   ; black row
PLISTA: DB      0,0,0,0,0,0,0,0,0,0     ; pinned squares
        DB      0,0,0,0,0,0,0,0,0,0     ; their pin directions
;       ABI variables (section 2)
POSK:   DB      25,95           ; king squares: white, black
POSQ:   DB      24,94           ; one queen square each, 0 = none
        DB      0FFH            ; the ABI's byte after POSQ (ends PINFND)
COLOR:  DB      00H             ; side to move: 00H white, 80H black
CKFLG:  DB      0               ; GENMOV: side to move is in check
MLNXT:  DW      MLIST           ; where the next entry goes
MLLST:  DW      PLYIX+2         ; last linked entry (link word address)
MLPTRI: DW      PLYIX-2         ; ply-table pointer
MLPTRJ: DW      NOPREV          ; entry for MOVE/UNMOVE; previous move

;       Search variables (SARGON_SEARCH.md 2.1)
KOLOR:  DB      0               ; the side the search plays for
MOVENO: DB      0               ; move number (input, kept)
PLYMAX: DB      2               ; nominal depth (mate exit lowers it by 2)
NPLY:   DB      0               ; current ply, 0 during the root evaluation
MATEF:  DB      0               ; 0: no move of this ply has a result yet
PMATE:  DB      0               ; move number of the last mate seen
SCRIX:  DW      SCORE           ; -> S[NPLY-1]
BESTM:  DW      0               ; best ply-1 entry
;       Evaluation results (SARGON_EVAL.md 1)
VALM:   DB      0               ; POINTS's score
BRDC:   DB      0               ; board control, development included
MTRL:   DB      0               ; material
PTSL:   DB      0               ; largest loss of COLOR's pieces
PTSW1:  DB      0               ; largest gain
PTSW2:  DB      0               ; second largest gain
PTSCK:  DB      0               ; the moved piece's square when it is lost
BC0:    DB      0               ; BRDC of the root
MV0:    DB      0               ; MTRL of the root
NPINS:  DW      0               ; pins in PLISTA (high byte stays 0)

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
PTOSQ:  DB      0               ; POINTS: to-square of the entry at MLPTRJ
PSQ:    DB      0               ; POINTS: the square being scored
PDIR:   DB      0               ; POINTS: scan direction for the pin check
PMASK:  DB      0               ; POINTS: classes that pass a line on
PSTAMP: DB      0               ; POINTS: this evaluation's number, for KADJ
PCPG:   DB      0               ; POINTS: count page of the piece's colour
PPINP:  DB      0               ; POINTS: pin direction of a pinned piece
PFALL:  DB      0               ; POINTS: non-zero: record every square
POVF:   DB      0               ; POINTS: a full slot overflowed
PKNGW:  DB      0               ; POINTS: white kings seen
PKNGB:  DB      0               ; POINTS: black kings seen
KLN:    DB      0               ; POINTS: knights in KLIST
ATSQ:   DB      0               ; ATTACK: the square
ATQF:   DB      0               ; ATTACK: non-zero behind a queen
FSAVE:  DB      0               ; FNDMOV: MOVENO on entry
FNDSP:  DW      0               ; FNDMOV: SP to return with
PAGE0E:
