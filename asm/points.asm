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
;                   PLISTA from PINFND; the mark pages LMARK, KMARK
;                   clear on their playing squares (FNDMOV clears them
;                   once; every POINTS leaves them clear).
;       OUTPUTS:    VALM and byte +5 of the entry at MLPTRJ; BRDC,
;                   MTRL, PTSL, PTSW1, PTSW2 (as finally adjusted) and
;                   PTSCK hold the terms of this evaluation. A = VALM.
;       REGISTERS:  all destroyed.
;
;       WHY IT IS FAST
;       The 1978 code asks each of the 64 squares "who attacks me?"
;       by walking 16 directions from it. Most of that walking finds
;       nothing. Here the question is turned round, in two phases:
;
;       Phase 1 (PMARKS) visits the pieces only. Each marks the
;       squares it attacks: LMARK[square] bit i means "along line i
;       (+9 +11 -11 -9 +10 -10 +1 -1, the 1978 order) the first piece
;       seen from this square attacks it"; KMARK[square] bit m means
;       "a knight stands at jump m" (-21 -12 +8 +19 +21 +12 -8 -19).
;       A slider whose line ends on a piece of its own colour also
;       sets that line's bit in XRAY[piece]: the x-ray attacker
;       behind it. Sliders walk unrolled with IX/IY displacements.
;
;       Phase 2 (PSQRS) visits the 64 squares in the 1978 order and
;       does the 1978 work only where a bit says there is some: a
;       square without bits costs a few loads; a set line bit walks
;       straight to its attacker, records it (RECT/RECQ) and follows
;       an x-ray only when XRAY says one is there; a set knight bit
;       names the knight's square. The recording order, slots,
;       nibbles, overflows and pin checks are those of ATTACK, so
;       the rows are the 1978 rows byte for byte, and every side
;       effect on PLISTA (quirks Q5, Q6) happens in square order.
;       Phase 2 clears the LMARK and KMARK bytes it reads; phase 1
;       clears XRAY first (bits there are read across squares).
;
;       MEMORY:     WACT, BACT, PLISTA, POSK, POSQ, 0FFH in page 0
;                   (data.asm); LMARK, KMARK, XRAY: three RAM pages
;                   above the image, indexed by square (sargon.asm).
;**********************************************************************
POINTS: LD      HL,(MLPTRJ)
        INC     HL
        INC     HL
        INC     HL
        LD      A,(HL)
        LD      (PTOSQ),A               ; the to-square of the entry
        XOR     A
        LD      (BRDC),A
        LD      (MTRL),A
        LD      (PTSL),A
        LD      (PTSW1),A
        LD      (PTSW2),A
        LD      (PTSCK),A
        LD      A,(MOVENO)
        CP      7
        LD      A,HIGH(DEVA)
        JR      C,PNT1
        LD      A,HIGH(DEVB)
PNT1:   LD      (PDEV),A
        EXX
        LD      H,0                     ; RECT/RECQ work in page 0
        EXX
        CALL    PMARKS
        CALL    PSQRS
;       The score (section 8.5).
        LD      A,(PTSCK)
        OR      A
        JR      Z,PNT2
        LD      A,(PTSW2)               ; the moved piece is lost:
        LD      (PTSW1),A               ; no gain counts
        XOR     A
        LD      (PTSW2),A
PNT2:   LD      A,(PTSL)
        OR      A
        JR      Z,PNT3
        DEC     A                       ; lost = PTSL - 1
PNT3:   LD      B,A
        LD      A,(PTSW1)
        OR      A
        JR      Z,PNT4
        LD      A,(PTSW2)
        OR      A
        JR      Z,PNT4
        DEC     A                       ; won = (PTSW2 - 1) / 2
        SRL     A
PNT4:   SUB     B                       ; won - lost
        LD      B,A
        LD      A,(COLOR)
        ADD     A,A
        LD      A,B
        JR      NC,PNT5
        NEG                             ; white-positive
PNT5:   LD      HL,MTRL
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
        JR      NZ,PNT6                 ; no board control when lost
        LD      A,(BC0)
        LD      C,A
        LD      A,(BRDC)
        SUB     C
        LD      C,6
        CALL    LIMIT                   ; c
PNT6:   ADD     A,B                     ; s = 4m + c
        LD      B,A
        LD      A,(COLOR)
        ADD     A,A
        LD      A,80H
        JR      C,PNT7
        SUB     B                       ; white: 80H - s
        JR      PNT8
PNT7:   ADD     A,B                     ; black: 80H + s
PNT8:   LD      (VALM),A
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
;       PHASE 1: PMARKS
;**********************************************************************
;       FUNCTION:   Clears XRAY, then every piece marks what it
;                   attacks (PAPC).
;       REGISTERS:  all destroyed but the alternate set.
;**********************************************************************
PMARKS: LD      H,HIGH(XRAY)
        LD      C,0
        XCLR    21
        XCLR    31
        XCLR    41
        XCLR    51
        XCLR    61
        XCLR    71
        XCLR    81
        XCLR    91
        PARANK  21
        PARANK  31
        PARANK  41
        PARANK  51
        PARANK  61
        PARANK  71
        PARANK  81
        PARANK  91
        RET

;       PAPC: A = the piece byte, L = its square (H = 0).
PAPC:   LD      C,A                     ; the piece
        LD      B,L                     ; its square
        AND     07H
        DEC     A
        JR      Z,PAPAWN
        DEC     A
        JR      Z,PAKNT
        DEC     A
        JP      Z,PABSH
        DEC     A
        JP      Z,PAROOK
        DEC     A
        JP      Z,PAQUEN
        DEC     A
        RET     NZ                      ; type 7: attacks nothing
;       A king: the 8 squares around it (bit = the line back to it).
        LD      H,HIGH(LMARK)
        LD      A,B
        ADD     A,9
        LD      L,A
        SET     3,(HL)                  ; +9: seen along -9
        INC     L
        SET     5,(HL)                  ; +10: along -10
        INC     L
        SET     2,(HL)                  ; +11: along -11
        LD      L,B
        INC     L
        SET     7,(HL)                  ; +1: along -1
        DEC     L
        DEC     L
        SET     6,(HL)                  ; -1: along +1
        LD      A,B
        SUB     9
        LD      L,A
        SET     0,(HL)                  ; -9: along +9
        DEC     L
        SET     4,(HL)                  ; -10: along +10
        DEC     L
        SET     1,(HL)                  ; -11: along +11
        RET
;       A pawn: its two capture squares.
PAPAWN: LD      H,HIGH(LMARK)
        BIT     7,C
        JR      NZ,PAPB
        LD      A,B
        ADD     A,9
        LD      L,A
        SET     3,(HL)                  ; +9: a white pawn seen along -9
        INC     L
        INC     L
        SET     2,(HL)                  ; +11: along -11
        RET
PAPB:   LD      A,B
        SUB     9
        LD      L,A
        SET     0,(HL)                  ; -9: a black pawn seen along +9
        DEC     L
        DEC     L
        SET     1,(HL)                  ; -11: along +11
        RET
;       A knight: its 8 jump squares (KMARK bit = the jump back).
PAKNT:  LD      H,HIGH(KMARK)
        LD      A,B
        SUB     21
        LD      L,A
        SET     4,(HL)                  ; -21: the knight is at +21
        ADD     A,2
        LD      L,A
        SET     3,(HL)                  ; -19: at +19
        ADD     A,7
        LD      L,A
        SET     5,(HL)                  ; -12: at +12
        ADD     A,4
        LD      L,A
        SET     2,(HL)                  ; -8: at +8
        ADD     A,16
        LD      L,A
        SET     6,(HL)                  ; +8: at -8
        ADD     A,4
        LD      L,A
        SET     1,(HL)                  ; +12: at -12
        ADD     A,7
        LD      L,A
        SET     7,(HL)                  ; +19: at -19
        ADD     A,2
        LD      L,A
        SET     0,(HL)                  ; +21: at -21
        RET
;       Sliders: IX -> the piece, IY -> its LMARK byte.
PASLD:  LD      H,0
        LD      L,B
        PUSH    HL
        POP     IX
        LD      H,HIGH(LMARK)
        PUSH    HL
        POP     IY
        RET
PABSH:  CALL    PASLD
        JP      PADIAG
PAROOK: CALL    PASLD
        JP      PAORTH
PAQUEN: CALL    PASLD
        CALL    PADIAG
        JP      PAORTH
PADIAG: SLIDE   +9, 3, SA1, SA2, SA3, SA4, SA5, SA6, SAH, SAX
        SLIDE   +11, 2, SB1, SB2, SB3, SB4, SB5, SB6, SBH, SBX
        SLIDE   -11, 1, SC1, SC2, SC3, SC4, SC5, SC6, SCH, SCX
        SLIDE   -9, 0, SD1, SD2, SD3, SD4, SD5, SD6, SDH, SDX
        RET
PAORTH: SLIDE   +10, 5, SE1, SE2, SE3, SE4, SE5, SE6, SEH, SEX
        SLIDE   -10, 4, SF1, SF2, SF3, SF4, SF5, SF6, SFH, SFX
        SLIDE   +1, 7, SG1, SG2, SG3, SG4, SG5, SG6, SGH, SGX
        SLIDE   -1, 6, SH1, SH2, SH3, SH4, SH5, SH6, SHH, SHX
        RET

;**********************************************************************
;       PHASE 2: PSQRS
;**********************************************************************
;       FUNCTION:   The 64 squares in order: development, board control
;                   and, when occupied, exchange and material.
;       REGISTERS:  all destroyed (H' = 0 kept).
;       Per square: E = the square; B = its line bits, shifted out one
;       by one (bit 0 first: the 1978 direction order); the line code
;       keeps B and E.
;**********************************************************************
PSQRS:  LD      A,21
        LD      (PSQ),A
PSQ1:   LD      A,(PSQ)
        LD      E,A
        LD      L,A
        LD      H,HIGH(LMARK)
        LD      B,(HL)                  ; line bits
        LD      (HL),0
        INC     H                       ; KMARK
        LD      C,(HL)                  ; knight bits
        LD      (HL),0
        LD      A,B
        OR      C
        JP      Z,PSQ5                  ; no attacker at all
        CALL    CLROWS                  ; H = 0
        LD      A,(NPINS)
        OR      A
        JP      NZ,PSQP
        PUSH    BC
        SRL     B
        CALL    C,LN0
        SRL     B
        CALL    C,LN1
        SRL     B
        CALL    C,LN2
        SRL     B
        CALL    C,LN3
        SRL     B
        CALL    C,LN4
        SRL     B
        CALL    C,LN5
        SRL     B
        CALL    C,LN6
        SRL     B
        CALL    C,LN7
        POP     BC
        SRL     C
        CALL    C,KN0
        SRL     C
        CALL    C,KN1
        SRL     C
        CALL    C,KN2
        SRL     C
        CALL    C,KN3
        SRL     C
        CALL    C,KN4
        SRL     C
        CALL    C,KN5
        SRL     C
        CALL    C,KN6
        SRL     C
        CALL    C,KN7
        JP      PSQ3
;       With pins: the same order, through the pin filter.
PSQP:   PUSH    BC
        SRL     B
        CALL    C,LP0
        SRL     B
        CALL    C,LP1
        SRL     B
        CALL    C,LP2
        SRL     B
        CALL    C,LP3
        SRL     B
        CALL    C,LP4
        SRL     B
        CALL    C,LP5
        SRL     B
        CALL    C,LP6
        SRL     B
        CALL    C,LP7
        POP     BC
        SRL     C
        CALL    C,KP0
        SRL     C
        CALL    C,KP1
        SRL     C
        CALL    C,KP2
        SRL     C
        CALL    C,KP3
        SRL     C
        CALL    C,KP4
        SRL     C
        CALL    C,KP5
        SRL     C
        CALL    C,KP6
        SRL     C
        CALL    C,KP7
;       Board control from the count bytes as they stand, then the
;       piece on the square, if any.
PSQ3:   LD      HL,BACT
        LD      A,(WACT)
        SUB     (HL)
        LD      HL,BRDC
        ADD     A,(HL)
        LD      (HL),A
        LD      A,(PSQ)
        LD      L,A
        LD      H,0
        LD      A,(HL)
        OR      A
        CALL    NZ,PSCOR
        JP      PSQN
PSQ5:   LD      H,0                     ; L = the square
        LD      A,(HL)
        OR      A
        CALL    NZ,PSNOA
;       The next square; a border byte skips the two border cells.
PSQN:   LD      HL,PSQ
        INC     (HL)
        LD      L,(HL)
        LD      A,(HL)
        INC     A
        JP      NZ,PSQ1
        LD      A,L
        ADD     A,2
        LD      (PSQ),A
        CP      99
        JP      C,PSQ1
        RET

;       The eight lines without pins, and the knights.
LN0:    LNOP    +9, 01H, LN0W
LN1:    LNOP    +11, 02H, LN1W
LN2:    LNOP    -11, 04H, LN2W
LN3:    LNOP    -9, 08H, LN3W
LN4:    LNOP    +10, 10H, LN4W
LN5:    LNOP    -10, 20H, LN5W
LN6:    LNOP    +1, 40H, LN6W
LN7:    LNOP    -1, 80H, LN7W
KN0:    KNOP    -21
KN1:    KNOP    -12
KN2:    KNOP    +8
KN3:    KNOP    +19
KN4:    KNOP    +21
KN5:    KNOP    +12
KN6:    KNOP    -8
KN7:    KNOP    -19
;       With pins.
LP0:    LPIN    +9, 01H, LP0W, LP0N, RECT
LP1:    LPIN    +11, 02H, LP1W, LP1N, RECT
LP2:    LPIN    -11, 04H, LP2W, LP2N, RECQ
LP3:    LPIN    -9, 08H, LP3W, LP3N, RECQ
LP4:    LPIN    +10, 10H, LP4W, LP4N, RECT
LP5:    LPIN    -10, 20H, LP5W, LP5N, RECQ
LP6:    LPIN    +1, 40H, LP6W, LP6N, RECT
LP7:    LPIN    -1, 80H, LP7W, LP7N, RECQ
KP0:    KPIN    -21, RECQ
KP1:    KPIN    -12, RECQ
KP2:    KPIN    +8, RECT
KP3:    KPIN    +19, RECT
KP4:    KPIN    +21, RECT
KP5:    KPIN    +12, RECT
KP6:    KPIN    -8, RECQ
KP7:    KPIN    -19, RECQ

;       LCHN: the x-ray chain without pins. A = the line's XRAY mask,
;       C = the attacker just recorded, L = its square, PDIR = the
;       step. Behind a queen (that one included) the queen slot.
LCHN:   LD      (PMASK),A
        LD      A,C
        AND     07H
        SUB     05H
        LD      D,A                     ; 0: behind a queen
LCHN1:  LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LCHN1
        LD      C,A
        AND     07H
        CP      05H
        JR      NZ,LCHN2
        LD      D,0
LCHN2:  INC     D
        DEC     D
        LD      A,C
        JR      Z,LCHN3
        CALL    RECT
        JR      LCHN4
LCHN3:  CALL    RECQ
LCHN4:  LD      H,HIGH(XRAY)
        LD      A,(PMASK)
        AND     (HL)
        LD      H,0
        RET     Z
        JR      LCHN1

;       LCHNP: the x-ray chain with pins (slot by the step's sign).
LCHNP:  LD      (PMASK),A
LCHP1:  LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LCHP1
        LD      C,A
        LD      A,L
        CALL    PINCHK
        JR      C,LCHP3
        LD      A,(PDIR)
        OR      A
        LD      A,C
        JP      M,LCHP2
        CALL    RECT
        JR      LCHP3
LCHP2:  CALL    RECQ
LCHP3:  LD      H,HIGH(XRAY)
        LD      A,(PMASK)
        AND     (HL)
        LD      H,0
        RET     Z
        JR      LCHP1

;**********************************************************************
;       PSCOR, PSNOA: THE PIECE ON A SCORED SQUARE (SECTION 8.4)
;**********************************************************************
;       FUNCTION:   Development term into BRDC; the exchange (only when
;                   the other colour's row has a count); a piece that
;                   is lost counts half a pawn less and updates PTSL
;                   and PTSCK (COLOR's pieces) or PTSW1/PTSW2 (the
;                   others'); then MTRL +- its worth.
;       INPUTS:     A = P1 (not 0), PSQ = the square, the rows.
;                   PSNOA: the square has no attacker at all.
;       REGISTERS:  all destroyed (H' = 0 kept).
;**********************************************************************
PSNOA:  LD      C,A
        CALL    PSDEV
        LD      E,A
        JR      PSMAT
PSCOR:  LD      C,A
        CALL    PSDEV
        LD      E,A                     ; 2 x value
        LD      HL,BACT                 ; the attackers of a white piece
        BIT     7,C
        JR      Z,PSC1
        LD      HL,WACT                 ; of a black one
PSC1:   LD      A,(HL)
        OR      A
        JR      Z,PSMAT                 ; no count: nothing lost
        PUSH    BC
        PUSH    DE
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
        POP     DE
        POP     BC
        OR      A
        JR      Z,PSMAT
        DEC     E                       ; half a pawn less
        LD      D,A
        LD      A,(COLOR)
        XOR     C
        JP      M,PSWON
        LD      A,(PTSL)                ; COLOR's piece: the largest loss
        CP      D
        JR      C,PSL1
        JR      NZ,PSMAT
PSL1:   LD      A,D
        LD      (PTSL),A
        LD      A,(PTOSQ)
        LD      B,A
        LD      A,(PSQ)
        CP      B
        JR      NZ,PSMAT
        LD      (PTSCK),A               ; the piece just moved
        JR      PSMAT
PSWON:  LD      A,(PTSW1)               ; the other's: the two largest
        CP      D
        JR      C,PSW1
        JR      NZ,PSW2
PSW1:   LD      (PTSW2),A
        LD      A,D
        LD      (PTSW1),A
        JR      PSMAT
PSW2:   LD      A,(PTSW2)
        CP      D
        JR      C,PSW3
        JR      NZ,PSMAT
PSW3:   LD      A,D
        LD      (PTSW2),A
PSMAT:  LD      HL,MTRL
        LD      A,(HL)
        BIT     7,C
        JR      NZ,PSM1
        ADD     A,E
        LD      (HL),A
        RET
PSM1:   SUB     E
        LD      (HL),A
        RET

;       PSDEV: C = P1: BRDC += its development term; A = 2 x value.
PSDEV:  LD      E,C
        LD      A,(PDEV)
        LD      D,A
        LD      A,(DE)
        LD      HL,BRDC
        ADD     A,(HL)
        LD      (HL),A
        LD      D,HIGH(TDVL)
        LD      A,(DE)
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
