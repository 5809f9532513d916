;**********************************************************************
;       POINTS: THE STATIC EVALUATION
;**********************************************************************
;       FUNCTION:   SARGON_EVAL.md section 8, byte for byte: for every
;                   square in order the development term, the board
;                   control (attackers of both colours, x-rays and
;                   the pin filter included), and for an occupied
;                   square the exchange XCHNG and the material; then
;                   the score from MTRL - MV0, BRDC - BC0 and the
;                   exchange bookkeeping PTSL, PTSW1, PTSW2, PTSCK.
;       CALLED BY:  FNDMOV (root and leaves), EVAL (the pre-sort);
;                   always right after PINFND, once per evaluation.
;       INPUTS:     BOARDA, COLOR (bit 7), MOVENO, BC0, MV0, MLPTRJ ->
;                   an entry (its to-square +3 is read), NPINS and
;                   PLISTA from PINFND; the count pages CNTW, CNTB
;                   zero on the playing squares (FNDMOV clears them
;                   once; every POINTS leaves them so).
;       OUTPUTS:    VALM and byte +5 of the entry at MLPTRJ; BRDC,
;                   MTRL, PTSL, PTSW1, PTSW2 (as finally adjusted) and
;                   PTSCK hold the terms of this evaluation. A = VALM.
;       REGISTERS:  all destroyed.
;
;       WHY IT IS FAST
;       The 1978 code asks each of the 64 squares "who attacks me?"
;       by walking 16 directions from it, writes every attacker into
;       nibble-packed rows, and adds development and material square
;       by square. Most of that work feeds sums whose order does not
;       matter, and the board control needs only two numbers per
;       square: how many white and how many black attackers the rows
;       would count.
;
;       Phase 1 (PMARKS, PMARKP with pins) turns the question round
;       and visits the pieces only. Each adds its development term
;       and its worth (+-2 x value) to running sums in the alternate
;       registers, then, through a jump table indexed by its board
;       byte, adds 1 on its colour's count page (CNTW, CNTB) on every
;       square it attacks, by the 1978 rules: a slider walks its
;       lines (unrolled, IX/IY displacements) and goes on through an
;       own piece that passes the line on (a queen; a rook on a rank
;       or file; a bishop on a diagonal; a pawn for its one capture
;       square): the x-rays of Q2. A piece in the pin list (PINSQ
;       stamps its square) attacks only along its pin line, or not at
;       all when listed twice (section 6), decided once per piece.
;       Kings stamp the squares around them on KADJ, knights list
;       themselves in KLIST.
;
;       Phase 2 (PSQRS) visits the 64 squares in the 1978 order. A
;       square reads and clears its two counts: the board control,
;       and whether the other colour attacks the piece on it. The
;       exchange needs no rows when the answer follows from the
;       counts: not attacked (L = 0), attacked and not defended (the
;       first take is the attacker, no reply: L = 2v), attacked once
;       and defended (L = X - C when X >= C: a pawn loses nothing, a
;       knight or bishop 4 to a pawn, else nothing; without pins the
;       one attacker is a pawn when an enemy pawn stands where pawns
;       take from). Only where the rows matter does it run the 1978
;       recording (SCAN, square-centric and unrolled, the same order,
;       slots, nibbles, overflows and pin checks as ATTACK): any
;       other occupied square attacked by the other colour, and a
;       square next to a king with five or more attackers (only then
;       can a full king slot overflow into BACT or PLISTA+0, Q5: it
;       takes four values of the king's colour before the king's
;       own). Should an overflow ever change the pin list (Q5, Q6),
;       or a colour have two kings, the counts of phase 1 no longer
;       hold and every later square is recorded (PFALL). A lost piece
;       (L <> 0) corrects its worth by the half pawn.
;
;       The result: a search spends about 50,000 T-states per
;       evaluation (all its routines counted) where the 1978 program
;       spends about 640,000.
;
;       MEMORY:     WACT, BACT, PLISTA, POSK, POSQ, 0FFH in page 0
;                   (data.asm); CNTW, CNTB, KADJ, PINSQ: RAM pages
;                   above the image, indexed by square; KLIST, PLSAVE
;                   (sargon.asm).
;       REGISTERS IN THE PHASES
;         phase 1: B = the piece's square, C = its byte, IX -> it on
;                   the board, IY -> its count byte (sliders); B' and
;                   C' the running BRDC and MTRL, D' and H' the pages
;                   of the development and worth tables.
;         phase 2: HL -> the square's CNTW byte, B = 0 (BC -> its
;                   board byte), D and E its white and black counts,
;                   A' the running BRDC; H' = 0 for RECT/RECQ.
;**********************************************************************
POINTS: LD      HL,(MLPTRJ)
        INC     HL
        INC     HL
        INC     HL
        LD      A,(HL)
        LD      (PTOSQ),A               ; the to-square of the entry
        XOR     A
        LD      (PTSL),A
        LD      (PTSW1),A
        LD      (PTSW2),A
        LD      (PTSCK),A
        LD      (PFALL),A
        LD      (PKNGW),A
        LD      (PKNGB),A
        LD      (KLN),A
        LD      HL,PSTAMP               ; this evaluation's KADJ stamp
        INC     (HL)
        JR      NZ,PNT1
        INC     (HL)                    ; (never 0)
PNT1:   EXX                             ; phase 1 sums: B' = BRDC,
        LD      BC,0                    ; C' = MTRL; D' = development
        LD      H,HIGH(TMAT)            ; table, H' = worth table
        LD      D,HIGH(DEVA)
        LD      A,(MOVENO)
        CP      7
        JR      C,PNT2
        LD      D,HIGH(DEVB)
PNT2:   EXX
        LD      A,(NPINS)               ; the pin list as phase 1 sees it
        OR      A
        JR      Z,PNT4
        CP      21
        JR      C,PNT3
        LD      (PFALL),A               ; (more than 20: record everything)
        JR      PNT3A
PNT3:   LD      B,A                     ; PINSQ: the listed squares
        LD      A,(PSTAMP)              ; stamped
        LD      C,A
        LD      DE,PLISTA
        LD      H,HIGH(PINSQ)
PNT3B:  LD      A,(DE)
        LD      L,A
        LD      (HL),C
        INC     E
        DJNZ    PNT3B
        LD      A,(NPINS)
        ADD     A,10
        LD      C,A
        LD      B,0
        LD      HL,PLISTA
        LD      DE,PLSAVE
        LDIR
PNT3A:  CALL    PMARKP
        JR      PNT5
PNT4:   CALL    PMARKS
PNT5:   EXX
        LD      A,B
        LD      (BRDC),A                ; development of all pieces
        LD      A,C
        LD      (MTRL),A                ; worth of all pieces
        LD      H,0                     ; RECT/RECQ work in page 0
        EXX
        LD      A,(PKNGW)               ; two kings of one colour: the
        CP      2                       ; king-slot test does not hold
        JR      NC,PNT6
        LD      A,(PKNGB)
        CP      2
        JR      C,PNT7
PNT6:   LD      (PFALL),A
PNT7:   CALL    PSQRS
;       The score (section 8.5).
        LD      A,(PTSCK)
        OR      A
        JR      Z,PSC2
        LD      A,(PTSW2)               ; the moved piece is lost:
        LD      (PTSW1),A               ; no gain counts
        XOR     A
        LD      (PTSW2),A
PSC2:   LD      A,(PTSL)
        OR      A
        JR      Z,PSC3
        DEC     A                       ; lost = PTSL - 1
PSC3:   LD      B,A
        LD      A,(PTSW1)
        OR      A
        JR      Z,PSC4
        LD      A,(PTSW2)
        OR      A
        JR      Z,PSC4
        DEC     A                       ; won = (PTSW2 - 1) / 2
        SRL     A
PSC4:   SUB     B                       ; won - lost
        LD      B,A
        LD      A,(COLOR)
        ADD     A,A
        LD      A,B
        JR      NC,PSC5
        NEG                             ; white-positive
PSC5:   LD      HL,MTRL
        ADD     A,(HL)
        LD      HL,MV0
        SUB     (HL)
        LD      C,30
        CALL    LIMIT                   ; m
        ADD     A,A
        ADD     A,A
        LD      B,A                     ; 4m
        LD      A,(PTSCK)
        OR      A
        LD      A,0
        JR      NZ,PSC6                 ; no board control when lost
        LD      A,(BC0)
        LD      C,A
        LD      A,(BRDC)
        SUB     C
        LD      C,6
        CALL    LIMIT                   ; c
PSC6:   ADD     A,B                     ; s = 4m + c
        LD      B,A
        LD      A,(COLOR)
        ADD     A,A
        LD      A,80H
        JR      C,PSC7
        SUB     B                       ; white: 80H - s
        JR      PSC8
PSC7:   ADD     A,B                     ; black: 80H + s
PSC8:   LD      (VALM),A
        LD      HL,(MLPTRJ)
        LD      DE,5
        ADD     HL,DE
        LD      (HL),A
        RET

;       LIMIT: A read as signed, limited to -C..+C. Keeps B.
LIMIT:  OR      A
        JP      M,LIMN
        CP      C
        RET     C
        LD      A,C
        RET
LIMN:   ADD     A,C                     ; A + k: still negative = below -k
        JP      P,LIMN1
        XOR     A
        SUB     C                       ; -k
        RET
LIMN1:  SUB     C                       ; back to A
        RET

;**********************************************************************
;       PHASE 1: PMARKS, PMARKP
;**********************************************************************
;       FUNCTION:   Every piece adds its development term and worth to
;                   B' and C' and counts what it attacks (PAPC; PAPCP
;                   when there are pins).
;       INPUTS:     D' = the development page, H' = HIGH(TMAT).
;       REGISTERS:  all destroyed but the alternate set.
;**********************************************************************
PMARKS: PARANK  21, PAPC
        PARANK  31, PAPC
        PARANK  41, PAPC
        PARANK  51, PAPC
        PARANK  61, PAPC
        PARANK  71, PAPC
        PARANK  81, PAPC
        PARANK  91, PAPC
        RET
PMARKP: PARANK  21, PAPCP
        PARANK  31, PAPCP
        PARANK  41, PAPCP
        PARANK  51, PAPCP
        PARANK  61, PAPCP
        PARANK  71, PAPCP
        PARANK  81, PAPCP
        PARANK  91, PAPCP
        RET

;       PAPC: A = the piece byte, L = its square (H = 0).
PAPC:   EXX
        LD      E,A
        LD      L,A
        LD      A,(DE)                  ; its development term
        ADD     A,B
        LD      B,A
        LD      A,(HL)                  ; its worth, +-2 x value
        ADD     A,C
        LD      C,A
        LD      A,E
        EXX
;       PADSP: to the routine for this byte (PJL, PJH): C = the piece,
;       B = its square.
PADSP:  LD      C,A
        LD      B,L
        LD      H,HIGH(PJL)
        LD      L,A
        LD      E,(HL)
        INC     H
        LD      D,(HL)
        EX      DE,HL
        JP      (HL)
;       PAPCP: the same with pins: a piece in the pin list goes to
;       PAPIN (listed once) or attacks nothing (twice).
PAPCP:  EXX
        LD      E,A
        LD      L,A
        LD      A,(DE)
        ADD     A,B
        LD      B,A
        LD      A,(HL)
        ADD     A,C
        LD      C,A
        LD      A,E
        EXX
        LD      C,A
        LD      B,L
        LD      H,HIGH(PINSQ)           ; not in the list at all: free
        LD      A,(PSTAMP)
        CP      (HL)
        LD      A,C
        JR      NZ,PADSP
        PUSH    BC
        LD      A,B
        LD      BC,(NPINS)
        LD      HL,PLISTA
        CPIR
        JR      NZ,PAPP1                ; not in the pin list
        LD      D,L                     ; the match + 1 (LD keeps flags)
        JP      PO,PAPP2                ; nothing left to look at: once
        CPIR
        JR      NZ,PAPP2
        POP     BC                      ; listed twice: attacks nothing
        LD      A,C                     ; now; a knight still goes into
        AND     07H                     ; KLIST, where SCAN tests the pin
        CP      2                       ; list as it stands then
        RET     NZ
        JP      PKLADD
PAPP2:  LD      A,D
        ADD     A,9
        LD      L,A
        LD      H,0
        LD      A,(HL)                  ; its pin direction p
        POP     BC
        JP      PAPIN
PAPP1:  POP     BC
        LD      A,C
        LD      L,B
        JR      PADSP

;       The routines PJL/PJH name, per colour and type. B = the
;       square, C = the piece.
PARET:  RET                             ; no piece type: attacks nothing
PWP:    LD      H,HIGH(CNTW)            ; white pawn: +9, +11
        LD      A,B
        ADD     A,9
        LD      L,A
        INC     (HL)
        INC     L
        INC     L
        INC     (HL)
        RET
PBP:    LD      H,HIGH(CNTB)            ; black pawn: -11, -9
        LD      A,B
        SUB     11
        LD      L,A
        INC     (HL)
        INC     L
        INC     L
        INC     (HL)
        RET
PNW:    LD      H,HIGH(CNTW)            ; knights: the 8 jump squares
        JR      PAKNT
PNB:    LD      H,HIGH(CNTB)
PAKNT:  LD      A,(KLN)                 ; and into KLIST for SCAN
        LD      E,A
        INC     A
        LD      (KLN),A
        LD      D,HIGH(KLIST)
        LD      A,B
        LD      (DE),A
        SUB     21
        LD      L,A
        INC     (HL)                    ; -21
        ADD     A,2
        LD      L,A
        INC     (HL)                    ; -19
        ADD     A,7
        LD      L,A
        INC     (HL)                    ; -12
        ADD     A,4
        LD      L,A
        INC     (HL)                    ; -8
        ADD     A,16
        LD      L,A
        INC     (HL)                    ; +8
        ADD     A,4
        LD      L,A
        INC     (HL)                    ; +12
        ADD     A,7
        LD      L,A
        INC     (HL)                    ; +19
        ADD     A,2
        LD      L,A
        INC     (HL)                    ; +21
        RET
PKW:    LD      HL,PKNGW                ; kings: counted, KADJ stamped,
        INC     (HL)                    ; the 8 squares around
        LD      D,HIGH(CNTW)
        JR      PAKNG
PKB:    LD      HL,PKNGB
        INC     (HL)
        LD      D,HIGH(CNTB)
PAKNG:  CALL    PAKADJ
        LD      H,D
        LD      A,B
        SUB     11
        LD      L,A
        INC     (HL)                    ; -11
        INC     L
        INC     (HL)                    ; -10
        INC     L
        INC     (HL)                    ; -9
        ADD     A,10
        LD      L,A
        INC     (HL)                    ; -1
        INC     L
        INC     L
        INC     (HL)                    ; +1
        ADD     A,10
        LD      L,A
        INC     (HL)                    ; +9
        INC     L
        INC     (HL)                    ; +10
        INC     L
        INC     (HL)                    ; +11
        RET
;       PAKADJ: KADJ := PSTAMP on the 8 squares around B. Keeps B-D.
PAKADJ: LD      A,(PSTAMP)
        LD      E,A
        LD      H,HIGH(KADJ)
        LD      A,B
        SUB     11
        LD      L,A
        LD      (HL),E
        INC     L
        LD      (HL),E
        INC     L
        LD      (HL),E
        ADD     A,10
        LD      L,A
        LD      (HL),E
        INC     L
        INC     L
        LD      (HL),E
        ADD     A,10
        LD      L,A
        LD      (HL),E
        INC     L
        LD      (HL),E
        INC     L
        LD      (HL),E
        RET
;       Sliders: PCPG = the count page, IX -> the piece, IY -> its
;       count byte, then the lines.
PBW:    LD      A,HIGH(CNTW)
        JR      PABSH
PBB:    LD      A,HIGH(CNTB)
PABSH:  CALL    PASLD
        JP      PADIAG
PRW:    LD      A,HIGH(CNTW)
        JR      PAROOK
PRB:    LD      A,HIGH(CNTB)
PAROOK: CALL    PASLD
        JP      PAORTH
PQW:    LD      A,HIGH(CNTW)
        JR      PAQUEN
PQB:    LD      A,HIGH(CNTB)
PAQUEN: CALL    PASLD
        CALL    PADIAG
        JP      PAORTH
PASLD:  LD      (PCPG),A
        LD      H,0
        LD      L,B
        PUSH    HL
        POP     IX
        LD      H,A
        PUSH    HL
        POP     IY
        RET
PADIAG: CSLIDE  +9, 12H, SA1, SA2, SA3, SA4, SA5, SA6, SAH, SAX
        CSLIDE  +11, 12H, SB1, SB2, SB3, SB4, SB5, SB6, SBH, SBX
        CSLIDE  -11, 0AH, SC1, SC2, SC3, SC4, SC5, SC6, SCH, SCX
        CSLIDE  -9, 0AH, SD1, SD2, SD3, SD4, SD5, SD6, SDH, SDX
        RET
PAORTH: CSLIDE  +10, 01H, SE1, SE2, SE3, SE4, SE5, SE6, SEH, SEX
        CSLIDE  -10, 01H, SF1, SF2, SF3, SF4, SF5, SF6, SFH, SFX
        CSLIDE  +1, 01H, SG1, SG2, SG3, SG4, SG5, SG6, SGH, SGX
        CSLIDE  -1, 01H, SH1, SH2, SH3, SH4, SH5, SH6, SHH, SHX
        RET

;       GXRAY: a slider's line met its own piece at offset E from it
;       (B); A = the classes that pass this line on, PDIR = the step.
;       GSLX: the same for the own piece byte A on L. GSL1: walk on
;       from L, counting. Keeps B, C, IX, IY.
GXRAY:  LD      (PMASK),A
        LD      A,B
        ADD     A,E
        LD      L,A
        LD      H,0
        LD      A,(HL)
GSLX:   LD      E,A
        LD      D,HIGH(CLS)
        LD      A,(DE)
        LD      D,A
        LD      A,(PMASK)
        AND     D
        RET     Z                       ; it does not pass the line on
        AND     18H
        JR      NZ,GSLP                 ; a pawn: its capture square only
GSL1:   LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        LD      A,(HL)
        INC     A
        RET     Z                       ; the border
        LD      A,(PCPG)
        LD      H,A
        INC     (HL)                    ; attacked (through own pieces)
        LD      H,0
        LD      A,(HL)
        OR      A
        JR      Z,GSL1
        XOR     C
        RET     M                       ; the other colour
        XOR     C
        JR      GSLX
GSLP:   LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        LD      A,(HL)
        INC     A
        RET     Z
        LD      A,(PCPG)
        LD      H,A
        INC     (HL)
        LD      H,0
        RET

;       PAPIN: the piece C on B is in the pin list once, along A = p:
;       each of its attack directions t counts only when t = p or
;       t = -p. Kings stamp KADJ all the same.
PAPIN:  LD      (PPINP),A
        LD      A,HIGH(CNTW)
        BIT     7,C
        JR      Z,PAPN1
        LD      A,HIGH(CNTB)
PAPN1:  LD      (PCPG),A
        LD      A,C
        AND     07H
        DEC     A
        JR      Z,PPAWN
        DEC     A
        JR      Z,PPKNT
        DEC     A
        JR      Z,PPBSH
        DEC     A
        JR      Z,PPROOK
        DEC     A
        JR      Z,PPQUEN
        DEC     A
        RET     NZ
        LD      HL,PKNGW                ; a king
        BIT     7,C
        JR      Z,PAPN2
        INC     HL
PAPN2:  INC     (HL)
        CALL    PAKADJ
        LD      HL,DIRTAB
        LD      E,8
        JR      PPSGL
PPKNT:  CALL    PKLADD                  ; SCAN tests its pin as it stands
        LD      HL,DIRTAB+8
        LD      E,8
        JR      PPSGL
;       PKLADD: the knight on B into KLIST, pinned or not. An overflow
;       into PLISTA (Q5) can change the pin list during the squares,
;       and SCAN must then see every knight. Destroys A, DE.
PKLADD: LD      A,(KLN)
        LD      E,A
        INC     A
        LD      (KLN),A
        LD      D,HIGH(KLIST)
        LD      A,B
        LD      (DE),A
        RET
PPAWN:  LD      HL,PWNW
        LD      E,2
        BIT     7,C
        JR      Z,PPSGL
        LD      HL,PWNB
        JR      PPSGL
PPBSH:  LD      HL,DIRTAB
        LD      E,4
        JR      PPSLD
PPROOK: LD      HL,DIRTAB+4
        LD      E,4
        JR      PPSLD
PPQUEN: LD      HL,DIRTAB
        LD      E,8
;       Sliding directions from (HL), E of them.
PPSLD:  LD      A,(HL)
        CALL    PPMAT
        JR      NZ,PPSL1
        PUSH    HL
        PUSH    DE
        LD      (PDIR),A
        LD      D,01H                   ; the classes passing it on
        CP      9
        JR      Z,PPSL2
        CP      11
        JR      Z,PPSL2
        LD      D,0AH
        CP      -9
        JR      Z,PPSL3
        CP      -11
        JR      Z,PPSL3
        LD      D,01H
        JR      PPSL3
PPSL2:  LD      D,12H
PPSL3:  LD      A,D
        LD      (PMASK),A
        LD      L,B
        LD      H,0
        CALL    GSL1
        POP     DE
        POP     HL
PPSL1:  INC     HL
        DEC     E
        JR      NZ,PPSLD
        RET
;       Single steps from (HL), E of them.
PPSGL:  LD      A,(HL)
        CALL    PPMAT
        JR      NZ,PPSG1
        ADD     A,B
        PUSH    HL
        LD      L,A
        LD      A,(PCPG)
        LD      H,A
        INC     (HL)
        POP     HL
PPSG1:  INC     HL
        DEC     E
        JR      NZ,PPSGL
        RET
;       PPMAT: Z when A = p or -A = p. Keeps A.
PPMAT:  LD      D,A
        LD      A,(PPINP)
        CP      D
        JR      Z,PPMAT1
        NEG
        CP      D
PPMAT1: LD      A,D
        RET

;**********************************************************************
;       PHASE 2: PSQRS
;**********************************************************************
;       FUNCTION:   The 64 squares in order: board control, and the
;                   exchange where the rows matter.
;       REGISTERS:  all destroyed (H' = 0 kept).
;       In the loop: HL -> the square's CNTW byte (L = the square),
;       B = 0 (BC -> the board byte), D = white and E = black
;       attackers.
;**********************************************************************
PSQRS:  LD      A,(BRDC)                ; the running BRDC lives in A'
        EX      AF,AF'
        LD      A,(PFALL)
        OR      A
        JP      NZ,PSALL0
        LD      HL,CNTW+21
        LD      B,0
PSQ1:   LD      D,(HL)                  ; white attackers
        LD      (HL),B
        INC     H
        LD      E,(HL)                  ; black attackers
        LD      (HL),B
        DEC     H
        LD      A,D
        OR      E
        JR      Z,PSQN                  ; nobody attacks it
        ADD     A,E
        CP      5                       ; (D OR E) + E >= D + E: a cheap
        JR      NC,PSQK                 ; first test for five or more
PSQ2:   LD      C,L
        LD      A,(BC)                  ; P1
        OR      A
        JR      Z,PSQE                  ; empty: the counts are all
        LD      C,A
        JP      M,PSQ2B
        LD      A,E                     ; a white piece: black attackers?
        OR      A
        JR      Z,PSQE
        INC     D                       ; defended?
        DEC     D
        JP      Z,PSQH
        DEC     A                       ; one attacker?
        JR      NZ,PSQX
        JP      PSQP
PSQ2B:  LD      A,D                     ; a black piece: white attackers?
        OR      A
        JR      Z,PSQE
        INC     E
        DEC     E
        JP      Z,PSQH
        DEC     A
        JR      NZ,PSQX
        JP      PSQP
PSQE:   EX      AF,AF'
        ADD     A,D
        SUB     E
        EX      AF,AF'
;       The next square; a border byte skips the two border cells.
PSQN:   INC     L
        LD      C,L
        LD      A,(BC)
        INC     A
        JR      NZ,PSQ1
        INC     L
        INC     L
        LD      A,L
        CP      99
        JR      C,PSQ1
PSQEND: EX      AF,AF'
        LD      (BRDC),A
        RET
PSQK:   LD      A,D                     ; five or more?
        ADD     A,E
        CP      5
        JR      C,PSQ2
        LD      H,HIGH(KADJ)            ; next to a king?
        LD      A,(PSTAMP)
        CP      (HL)
        LD      H,HIGH(CNTW)
        JR      NZ,PSQ2
;       The rows matter: record this square.
PSQX:   PUSH    HL
        LD      E,L
        CALL    PEXACT
        POP     HL
        LD      B,0
        LD      A,(PFALL)
        OR      A
        JR      Z,PSQN
        JR      PSAL1                   ; the pin list changed
;       PSALL: every square after L recorded (its counts cleared).
PSALL0: LD      L,20
PSAL1:  LD      B,0
        INC     L
        LD      C,L
        LD      A,(BC)
        INC     A
        JR      NZ,PSAL2
        INC     L
        INC     L
        LD      A,L
        CP      99
        JR      NC,PSQEND
PSAL2:  XOR     A
        LD      H,HIGH(CNTW)
        LD      (HL),A
        INC     H
        LD      (HL),A
        PUSH    HL
        LD      E,L
        CALL    PEXACT
        POP     HL
        JR      PSAL1

;       One attacker on a defended piece: L = X - C when X >= C, else
;       0 (C = twice the attacker's value, at least 2). A pawn (X = 2)
;       loses nothing. A knight or bishop (X = 6) loses 4 to a pawn
;       and nothing to anything else; without pins the one attacker
;       is a pawn exactly when an enemy pawn stands where pawns take
;       from. Anything else needs the attacker's value: the rows.
PSQP:   LD      A,C
        AND     07H
        DEC     A
        JP      Z,PSQE                  ; a pawn
        DEC     A
        JR      Z,PSQNB
        DEC     A
        JP      NZ,PSQX
PSQNB:  LD      A,(NPINS)               ; a knight or bishop
        OR      A
        JP      NZ,PSQX
        LD      A,L
        BIT     7,C
        JR      NZ,PSQNB1
        ADD     A,9                     ; a white piece: black pawns on
        LD      C,A                     ; +9, +11
        LD      A,(BC)
        AND     87H
        CP      81H
        JR      Z,PSQNB2
        INC     C
        INC     C
        LD      A,(BC)
        AND     87H
        CP      81H
        JR      Z,PSQNB2
        JP      PSQE
PSQNB1: SUB     11                      ; a black piece: white pawns on
        LD      C,A                     ; -11, -9
        LD      A,(BC)
        AND     87H
        CP      01H
        JR      Z,PSQNB2
        INC     C
        INC     C
        LD      A,(BC)
        AND     87H
        CP      01H
        JP      NZ,PSQE
PSQNB2: LD      C,L                     ; 6 - 2 lost to the pawn
        LD      A,(BC)
        LD      C,A
        LD      A,4
        JR      PSQH1
;       Attacked and not defended: the exchange takes it whole, L = 2v
;       (C = P1). PSQH1: A = L.
PSQH:   PUSH    HL
        PUSH    DE
        LD      E,C
        LD      D,HIGH(TDVL)
        LD      A,(DE)
        JR      PSQH2
PSQH1:  PUSH    HL                      ; A = L, C = P1
        PUSH    DE
PSQH2:  LD      B,A
        LD      A,L
        LD      (PSQ),A
        LD      A,B
        CALL    PSLOST
        POP     DE
        POP     HL
        LD      B,0
        JP      PSQE

;       PEXACT: the square E the 1978 way: rows, board control from
;       the count bytes as they stand, the exchange. PFALL := 1 when
;       an overflow changed the pin list.
PEXACT: LD      A,E
        LD      (PSQ),A
        CALL    CLROWS                  ; H = 0
        XOR     A
        LD      (POVF),A
        CALL    SCAN
        LD      HL,BACT
        LD      A,(WACT)
        SUB     (HL)
        LD      B,A
        EX      AF,AF'
        ADD     A,B                     ; BRDC (in A')
        EX      AF,AF'
        LD      A,(PSQ)
        LD      L,A
        LD      H,0
        LD      A,(HL)
        OR      A
        CALL    NZ,PSCOR
        LD      A,(POVF)                ; a full slot overflowed: did it
        OR      A                       ; reach the pin list?
        RET     Z
;       PLCHK: PFALL := 1 when the pin list differs from what phase 1
;       used (PLSAVE).
PLCHK:  LD      A,(NPINS)
        OR      A
        RET     Z                       ; no pins: the list is not read
        ADD     A,10
        LD      B,A
        LD      HL,PLISTA
        LD      DE,PLSAVE
PLCK1:  LD      A,(DE)
        CP      (HL)
        JR      NZ,PLCK2
        INC     HL
        INC     DE
        DJNZ    PLCK1
        RET
PLCK2:  LD      A,1
        LD      (PFALL),A
        RET

;**********************************************************************
;       SCAN: THE ATTACKERS OF ONE SQUARE INTO THE ROWS (SECTIONS 5, 6)
;**********************************************************************
;       FUNCTION:   ATTACK's work, unrolled: the 8 lines in order, each
;                   to its first piece; an attacker there (class CLS:
;                   one step away a king or the right pawn too) starts
;                   the chain of SCHAIN; then the knights of KLIST
;                   that stand a jump away.
;       INPUTS:     E = the square; rows cleared; H = 0.
;       OUTPUTS:    the rows (and their side effects).
;       REGISTERS:  AF, BC, D, L destroyed; E, H kept.
;**********************************************************************
SCAN:   LD      B,HIGH(CLS)
        SLINE   +9, 0EH, 02H, SFIRD, SL0W, SL0X
        SLINE   +11, 0EH, 02H, SFIRD, SL1W, SL1X
        SLINE   -11, 16H, 02H, SFIRD, SL2W, SL2X
        SLINE   -9, 16H, 02H, SFIRD, SL3W, SL3X
        SLINE   +10, 05H, 01H, SFIRO, SL4W, SL4X
        SLINE   -10, 05H, 01H, SFIRO, SL5W, SL5X
        SLINE   +1, 05H, 01H, SFIRO, SL6W, SL6X
        SLINE   -1, 05H, 01H, SFIRO, SL7W, SL7X
        LD      A,(KLN)                 ; the knights a jump away; their
        OR      A                       ; order does not matter: each
        RET     Z                       ; records value 3 in slot 2, or
        LD      B,A                     ; in slot 5 (Q4), a king slot
        LD      C,E                     ; never overflows, PLISTA stays
        LD      DE,KLIST
        LD      H,HIGH(KNJ)
SKN1:   LD      A,(DE)                  ; a knight's square
        SUB     C                       ; its jump from the square
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,SKN3                 ; a knight jump
SKN2:   INC     E
        DJNZ    SKN1
        LD      E,C
        LD      H,0
        RET
SKN3:   PUSH    BC
        PUSH    DE
        PUSH    HL
        LD      A,L
        LD      (PDIR),A
        ADD     A,C
        LD      L,A
        LD      H,0
        LD      C,(HL)
        LD      D,1                     ; never behind a queen
        CALL    SREC
        POP     HL
        POP     DE
        POP     BC
        JR      SKN2
SFIRD:  SCHAIN  02H, SFD1, SFD2
SFIRO:  SCHAIN  01H, SFO1, SFO2

;       SREC: C attacks along PDIR from L. No pins: its own slot, the
;       queen slot behind a queen (D = 0). Pins: PINCHK, then the
;       queen slot for a negative direction (quirk Q4).
;       Keeps BC, DE, HL.
SREC:   LD      A,(NPINS)
        OR      A
        JR      NZ,SRECP
        LD      A,C
        INC     D
        DEC     D
        JP      Z,RECQ
        JP      RECT
SRECP:  LD      A,L
        CALL    PINCHK
        RET     C                       ; dropped
        LD      A,(PDIR)
        OR      A
        LD      A,C
        JP      M,RECQ
        JP      RECT

;**********************************************************************
;       PSCOR, PSLOST: THE PIECE ON A SCORED SQUARE (SECTION 8.4)
;**********************************************************************
;       FUNCTION:   The exchange (when the other colour's row has a
;                   count); a piece that is lost counts half a pawn
;                   less (MTRL corrected by 1: phase 1 added its whole
;                   worth) and updates PTSL and PTSCK (COLOR's pieces)
;                   or PTSW1/PTSW2 (the others').
;       INPUTS:     A = P1 (not 0), PSQ = the square, the rows.
;                   PSLOST: A = L (the exchange done), C = P1, PSQ.
;       REGISTERS:  all destroyed (H' = 0 kept).
;**********************************************************************
PSCOR:  LD      C,A
        LD      E,A
        LD      D,HIGH(TDVL)
        LD      A,(DE)
        LD      E,A                     ; X = 2 x value
        LD      HL,BACT                 ; the attackers of a white piece
        BIT     7,C
        JR      Z,PSC1
        LD      HL,WACT                 ; of a black one
PSC1:   LD      A,(HL)
        OR      A
        RET     Z                       ; no count: nothing lost
        PUSH    BC
        LD      B,A
        LD      A,L
        XOR     WACT XOR BACT           ; the defending row
        EXX
        LD      L,A
        LD      H,0
        LD      B,(HL)
        EXX
        CALL    XCHNG
        LD      A,D                     ; lost
        POP     BC
;       PSLOST: A = L, the points the owner of C loses.
PSLOST: OR      A
        RET     Z
        LD      D,A
        LD      HL,MTRL                 ; half a pawn less
        BIT     7,C
        JR      NZ,PSCR2
        DEC     (HL)
        JR      PSCR3
PSCR2:  INC     (HL)
PSCR3:  LD      A,(COLOR)
        XOR     C
        JP      M,PSWON
        LD      A,(PTSL)                ; COLOR's piece: the largest loss
        CP      D
        JR      C,PSL1
        RET     NZ
PSL1:   LD      A,D
        LD      (PTSL),A
        LD      A,(PTOSQ)
        LD      B,A
        LD      A,(PSQ)
        CP      B
        RET     NZ
        LD      (PTSCK),A               ; the piece just moved
        RET
PSWON:  LD      A,(PTSW1)               ; the other's: the two largest
        CP      D
        JR      C,PSW1
        JR      NZ,PSW2
PSW1:   LD      (PTSW2),A
        LD      A,D
        LD      (PTSW1),A
        RET
PSW2:   LD      A,(PTSW2)
        CP      D
        JR      C,PSW3
        RET     NZ
PSW3:   LD      A,D
        LD      (PTSW2),A
        RET

;**********************************************************************
;       XCHNG, TAKE: THE EXCHANGE ON AN OCCUPIED SQUARE (SECTION 7)
;**********************************************************************
;       FUNCTION:   Takes alternate between the attacking row (the
;                   main set) and the defending row (the alternate
;                   set); see the pseudo-code in SARGON_EVAL.md 7.
;       INPUTS:     HL -> the attacking row's count byte, B = its
;                   count; HL' and B' the same for the defending row;
;                   E = X = the worth of the piece on the square.
;       OUTPUTS:    D = L, the points its owner loses.
;       REGISTERS:  AF, BC, DE, HL, BC', HL' destroyed (H' = 0).
;       Between takes C holds the current capturer and C' the reply
;       (EXX switches rows without moving a value).
;**********************************************************************
XCHNG:  LD      D,0                     ; L := 0
        CALL    TAKE
        RET     Z                       ; no attacker
        LD      C,A
;       C from the attacking row (sign +): R from the defending row.
XCP:    EXX
        CALL    TAKE
        LD      C,A                     ; C' = R
        EXX
        JR      Z,XCADD                 ; no reply: L += X
        LD      A,E
        CP      C
        JR      C,XCYP                  ; X < C
        LD      A,D
        ADD     A,E
        LD      D,A                     ; L += X
        LD      E,C                     ; X := C
        EXX
        LD      A,C
        EXX
        LD      C,A                     ; C := R
;       C from the defending row (sign -): R from the attacking row.
XCM:    CALL    TAKE
        EXX
        LD      C,A                     ; C' = R
        EXX
        JR      Z,XCSUB                 ; no reply: L -= X
        LD      A,E
        CP      C
        JR      C,XCYM
        LD      A,D
        SUB     E
        LD      D,A                     ; L -= X
        LD      E,C
        EXX
        LD      A,C
        EXX
        LD      C,A
        JR      XCP
;       X < C, C from the attacking row: skip pairs while Y >= C.
XCYP:   EXX
        LD      A,C
        EXX
        CP      C
        RET     C                       ; Y < C: done
        CALL    TAKE                    ; C := the attacking row's next
        RET     Z
        LD      C,A
        EXX
        CALL    TAKE                    ; Y := the defending row's next
        LD      C,A
        EXX
        JR      NZ,XCYP
XCADD:  LD      A,D
        ADD     A,E
        LD      D,A
        RET
;       X < C, C from the defending row.
XCYM:   EXX
        LD      A,C
        EXX
        CP      C
        RET     C
        EXX
        CALL    TAKE                    ; C := the defending row's next
        EXX
        RET     Z
        LD      C,A
        CALL    TAKE                    ; Y := the attacking row's next
        EXX
        LD      C,A
        EXX
        JR      NZ,XCYM
XCSUB:  LD      A,D
        SUB     E
        LD      D,A
        RET

;       TAKE: the next value of the row at HL (cursor) with B left.
;       A = 2 x the low nibble of the next non-zero byte after the
;       cursor, that byte halved (RRD), the cursor back on the byte
;       before it; A = 0 and Z when none. Keeps C, D, E.
TAKE:   LD      A,B
        OR      A
        RET     Z                       ; nothing left
        DEC     B
        XOR     A
TAKE1:  INC     L                       ; no end bound (quirk Q6)
        CP      (HL)
        JR      Z,TAKE1
        RRD                             ; A = low nibble, byte / 16
        DEC     L
        ADD     A,A
        RET
