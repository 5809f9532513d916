;**********************************************************************
;       GENMOV: GENERATE THE PSEUDO-LEGAL MOVES OF COLOR
;**********************************************************************
;       FUNCTION:   Sets CKFLG, opens a ply in the ply table and
;                   appends one 6-byte entry per move at MLNXT,
;                   linked in generation order (ABI 4 and 5).
;       CALLED BY:  the harness, PERFT.
;       INPUTS:     COLOR, BOARDA, POSK; MLPTRI -> the previous ply's
;                   head link (PLYIX-2 at the root); MLNXT -> free
;                   list space; MLPTRJ -> the previous move's entry.
;       OUTPUTS:    CKFLG; MLPTRI advanced by 4, its start word =
;                   MLNXT on entry, its head link -> the first entry
;                   (0 when none); MLNXT past the last entry; MLLST
;                   -> the last linked entry (or the head link).
;                   MLOVF = 1 when the ply table or the list is full
;                   (then the list holds the pieces done so far).
;       REGISTERS:  AF, AF', BC, DE, HL, BC', DE', HL', IX, IY
;                   destroyed.
;
;       WHILE GENERATING
;         main set: H = HIGH(BOARDA) = 0, L = square; C = from;
;                   E = 10H on a piece's first move (flag bit 4 of
;                   all its entries), else 0;
;                   D = the colour key K: 61H white, 7FH black. For
;                   any non-empty byte, byte + K is negative exactly
;                   for an enemy piece (own pieces and the border
;                   0FFH stay positive), so ADD A,D / JP P decides a
;                   target in 14 T-states;
;                   B = the scan key K XOR 9EH: 0FFH white, 0E1H
;                   black; byte + B is positive exactly for an own
;                   piece (empty squares and enemies turn negative);
;                   IY -> the pawn generator of COLOR.
;         alternate set (EXX): HL' = write pointer; C' = from;
;                   E' = the piece's flag bit 4; D' = 0; B' scratch.
;       Directions are immediate operands of unrolled code, the most
;       frequent entry (a move to an empty square) is written in
;       line; the copies are the macros RANK, STEP, RAY and APPEND
;       of macros.asm, so each is written once. Links are written optimistically as "this entry + 6"
;       (+12 for a double move, 0 in its hidden half); GENEND clears
;       the link of the last linked entry.
;**********************************************************************
GENMOV: CALL    INCHK
        LD      (CKFLG),A
        LD      HL,(MLPTRI)
        LD      DE,-(PLYIX+PLYTB*4-5)
        ADD     HL,DE
        JP      C,GENPOV                ; no room in the ply table
        LD      HL,(MLPTRI)
        INC     HL
        INC     HL
        LD      DE,(MLNXT)
        LD      (GSTART),DE
        LD      (HL),E                  ; start of this ply's entries
        INC     HL
        LD      (HL),D
        INC     HL
        LD      (MLPTRI),HL             ; -> this ply's head link
        LD      (HL),E                  ; head link -> first entry
        INC     HL
        LD      (HL),D
        LD      (GSP),SP
        PUSH    DE
        EXX
        POP     HL                      ; HL' = write pointer
        LD      D,0                     ; D' = 0
        EXX
        LD      A,(COLOR)
        ADD     A,A
        LD      D,61H                   ; white: K = 61H,
        LD      B,0FFH                  ;        scan key 0FFH,
        LD      IY,GPAWNW               ;        white pawns
        JR      NC,GENMV1
        LD      D,7FH                   ; black: K = 7FH,
        LD      B,0E1H                  ;        scan key 0E1H,
        LD      IY,GPAWNB               ;        black pawns
GENMV1: LD      H,HIGH(BOARDA)
;       The squares 21..98 in order, border cells skipped. An own
;       piece calls PIECE, which keeps H, L (back on the square), B
;       and D.
        RANK    21                      ; rank 1
        RANK    31                      ; rank 2
        RANK    41                      ; rank 3
        RANK    51                      ; rank 4
        RANK    61                      ; rank 5
        RANK    71                      ; rank 6
        RANK    81                      ; rank 7
        RANK    91                      ; rank 8
GENEND: EXX
        LD      (MLNXT),HL
        LD      DE,(GSTART)
        OR      A
        SBC     HL,DE
        JR      Z,GENNO                 ; no move
        ADD     HL,DE
        LD      BC,-6
        ADD     HL,BC                   ; the last entry
        LD      A,(HL)
        INC     HL
        OR      (HL)
        DEC     HL
        JR      NZ,GENE1
        ADD     HL,BC                   ; hidden half: its first half
GENE1:  XOR     A
        LD      (HL),A
        INC     HL
        LD      (HL),A
        DEC     HL
        LD      (MLLST),HL
        RET
GENNO:  LD      HL,(MLPTRI)
        LD      (MLLST),HL
        XOR     A
        LD      (HL),A                  ; empty list
        INC     HL
        LD      (HL),A
        RET
;       The list is full: drop the rest, keep what is complete.
GENOVF: LD      SP,(GSP)
        LD      A,1
        LD      (MLOVF),A
        JR      GENEND
;       The ply table is full: nothing is written.
GENPOV: LD      A,1
        LD      (MLOVF),A
        RET

;**********************************************************************
;       PIECE: ONE OCCUPIED SQUARE
;**********************************************************************
;       FUNCTION:   Returns for an enemy piece; for an own piece
;                   checks the room left in the list, sets C, C', E
;                   and jumps to the generator of its type.
;       INPUTS:     A = the square's byte (not 0), L = square, D, H.
;       OUTPUTS:    entries; L = from again, H and D kept.
;**********************************************************************
;**********************************************************************
;       PIECE: ONE OWN PIECE
;**********************************************************************
;       FUNCTION:   Checks the room left in the list, sets C, C', E,
;                   E' and jumps to the generator of the piece's type.
;       INPUTS:     L = square of an own piece; H, B, D, IY.
;       OUTPUTS:    entries; L = from again, H, B, D kept.
;**********************************************************************
PIECE:  LD      C,L                     ; from
        LD      A,(HL)
        CPL
        RLCA
        AND     10H
        LD      E,A                     ; 10H: the piece's first move
        EXX
        LD      E,A                     ; E' as well
        LD      A,H
        EXX
        CP      MLLIMH
        JP      NC,GENOVF               ; fewer than 28 entries left
        LD      A,C
        EXX
        LD      C,A                     ; C' = from
        EXX
        LD      A,(HL)
        AND     07H
        DEC     A
        JR      NZ,PIECE1
        JP      (IY)                    ; pawn
PIECE1: DEC     A
        JP      Z,GKNGT
        DEC     A
        JP      Z,GBISH
        DEC     A
        JP      Z,GROOK
        DEC     A
        JP      Z,GBISH                 ; queen: the bishop's lines, the rook's
        DEC     A
        JP      Z,GKING
        LD      L,C                     ; no piece type: nothing
        RET

;       PCEND: the end of a generator that used B: scan key back.
PCEND:  LD      A,D
        XOR     9EH
        LD      B,A
        LD      L,C
        RET

;**********************************************************************
;       KNIGHT: the eight jumps, in line.
;**********************************************************************
GKNGT:
        STEP    -21, NM21E, NM21X       ; jump -21
        STEP    -12, NM12E, NM12X       ; jump -12
        STEP    8, NP8E, NP8X           ; jump +8
        STEP    19, NP19E, NP19X        ; jump +19
        STEP    21, NP21E, NP21X        ; jump +21
        STEP    12, NP12E, NP12X        ; jump +12
        STEP    -8, NM8E, NM8X          ; jump -8
        STEP    -19, NM19E, NM19X       ; jump -19
        LD      L,C
        RET
;**********************************************************************
;       BISHOP, QUEEN, ROOK: the lines, in line. A queen takes the
;       bishop's four, then the rook's four.
;**********************************************************************
GBISH:
        RAY     9, BP9, BP9H, BP9X      ; line +9
        RAY     11, BP11, BP11H, BP11X  ; line +11
        RAY     -11, BM11, BM11H, BM11X ; line -11
        RAY     -9, BM9, BM9H, BM9X     ; line -9
        LD      L,C
        BIT     2,(HL)                  ; a bishop (011) or a queen (101)?
        RET     Z
GROOK:
        RAY     10, RP10, RP10H, RP10X  ; line +10
        RAY     -10, RM10, RM10H, RM10X ; line -10
        LD      L,C                     ; line +1
RP1:
        INC     L
        LD      A,(HL)
        OR      A
        JR      NZ,RP1H
        APPEND
        JR      RP1
RP1H:
        ADD     A,D                     ; enemy -> negative
        JP      P,RP1X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
RP1X:
        LD      L,C                     ; line -1
RM1:
        DEC     L
        LD      A,(HL)
        OR      A
        JR      NZ,RM1H
        APPEND
        JR      RM1
RM1H:
        ADD     A,D                     ; enemy -> negative
        JP      P,RM1X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
RM1X:
        LD      L,C
        RET
;**********************************************************************
;       KING: the eight steps in line, then castling kingside and
;       queenside (B serves as e1/e8 there).
;**********************************************************************
GKING:
        STEP    9, KP9E, KP9X           ; step +9
        STEP    11, KP11E, KP11X        ; step +11
        STEP    -11, KM11E, KM11X       ; step -11
        STEP    -9, KM9E, KM9X          ; step -9
        STEP    10, KP10E, KP10X        ; step +10
        STEP    -10, KM10E, KM10X       ; step -10
        STEP    1, KP1E, KP1X           ; step +1
        STEP    -1, KM1E, KM1X          ; step -1
        LD      A,E
        OR      A
        JP      Z,GKX0                   ; the king has moved
        LD      A,(CKFLG)
        OR      A
        JP      NZ,GKX0                 ; in check
        LD      B,25                    ; e1
        BIT     4,D
        JR      Z,GKC
        LD      B,95                    ; e8
GKC:    LD      A,C
        CP      B
        JP      NZ,GKX0                 ; not on its home square
;       Kingside: rook unmoved on h, f and g empty and not attacked.
GKS:    LD      A,B
        ADD     A,3
        LD      L,A
        LD      A,(HL)
        AND     7FH
        CP      04H
        JR      NZ,GQS
        DEC     L
        LD      A,(HL)
        DEC     L
        OR      (HL)
        JR      NZ,GQS
        LD      A,L
        CALL    CASATK                  ; f
        JR      NZ,GQS
        LD      A,B
        ADD     A,2
        CALL    CASATK                  ; g
        JR      NZ,GQS
        LD      A,B
        ADD     A,3
        LD      (D2FROM),A              ; rook h -> f
        DEC     A
        DEC     A
        LD      (D2TO),A
        LD      A,10H
        LD      (D2FLG),A
        LD      A,B
        ADD     A,2
        LD      L,A                     ; king e -> g
        LD      A,50H
        CALL    ADDD
;       Queenside: rook unmoved on a, b c d empty, d and c not attacked.
GQS:    LD      A,B
        SUB     4
        LD      L,A
        LD      A,(HL)
        AND     7FH
        CP      04H
        JR      NZ,GKX
        INC     L
        LD      A,(HL)
        INC     L
        OR      (HL)
        INC     L
        OR      (HL)
        JR      NZ,GKX
        LD      A,L
        CALL    CASATK                  ; d
        JR      NZ,GKX
        LD      A,B
        SUB     2
        CALL    CASATK                  ; c
        JR      NZ,GKX
        LD      A,B
        SUB     4
        LD      (D2FROM),A              ; rook a -> d
        ADD     A,3
        LD      (D2TO),A
        LD      A,10H
        LD      (D2FLG),A
        LD      A,B
        SUB     2
        LD      L,A                     ; king e -> c
        LD      A,50H
        CALL    ADDD
GKX:    JP      PCEND
GKX0:   LD      L,C
        RET
        RET

;       CASATK: Z when square A is not attacked by the enemy of COLOR.
;       Keeps BC, DE; H = HIGH(BOARDA) on return.
CASATK: BIT     4,D
        JR      NZ,CASAT1
        CALL    SQATKW                  ; white castles: black attacks?
        JR      CASAT2
CASAT1: CALL    SQATKB
CASAT2: LD      H,HIGH(BOARDA)
        OR      A
        RET

;**********************************************************************
;       WHITE PAWN: push, double push, captures +11 then +9. Pawns on
;       rank 5 (en passant) and rank 7 (promotions) take GPWS.
;**********************************************************************
GPAWNW: LD      A,C
        CP      59
        JR      C,GPWF                  ; ranks 2 to 4
        CP      69
        JP      C,GPWS                  ; rank 5
        CP      81
        JP      NC,GPWS                 ; rank 7
GPWF:   ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPW2                 ; blocked
        APPEND                          ; push
        LD      A,E
        OR      A
        JR      Z,GPW2                  ; moved before: no double push
        LD      A,L
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPW2
        APPEND                          ; double push
GPW2:   LD      A,C
        ADD     A,11
        LD      L,A
        LD      A,(HL)
        ADD     A,D                     ; enemy -> negative
        JP      P,GPW3                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
GPW3:   LD      A,C
        ADD     A,9
        LD      L,A
        LD      A,(HL)
        ADD     A,D                     ; enemy -> negative
        JP      P,GPW4                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
GPW4:   LD      L,C
        RET

;**********************************************************************
;       BLACK PAWN: push, double push, captures -11 then -9. Pawns on
;       rank 4 (en passant) and rank 2 (promotions) take GPBS.
;**********************************************************************
GPAWNB: LD      A,C
        CP      59
        JR      NC,GPBF                 ; ranks 5 to 7
        CP      51
        JP      NC,GPBS                 ; rank 4
        CP      39
        JP      C,GPBS                  ; rank 2
GPBF:   SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPB2                 ; blocked
        APPEND                          ; push
        LD      A,E
        OR      A
        JR      Z,GPB2                  ; moved before: no double push
        LD      A,L
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPB2
        APPEND                          ; double push
GPB2:   LD      A,C
        SUB     11
        LD      L,A
        LD      A,(HL)
        ADD     A,D                     ; enemy -> negative
        JP      P,GPB3                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
GPB3:   LD      A,C
        SUB     9
        LD      L,A
        LD      A,(HL)
        ADD     A,D                     ; enemy -> negative
        JP      P,GPB4                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
GPB4:   LD      L,C
        RET

GPWS: LD      A,C
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPWS2                 ; blocked
        LD      A,L
        CP      91
        LD      A,E
        JR      C,GPWS1
        OR      20H                     ; promotion
GPWS1:   CALL    ADDM
        LD      A,E
        OR      A
        JR      Z,GPWS2                  ; moved before: no double push
        LD      A,L
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPWS2
        LD      A,E
        CALL    ADDM
GPWS2:   LD      A,C
        ADD     A,11
        CALL    GPWC
        LD      A,C
        ADD     A,9
        CALL    GPWC
        JP      PCEND
;       One capture square A of a white pawn.
GPWC:   LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,EPW                   ; empty: en passant?
        SUB     81H
        CP      1EH
        RET     NC                      ; not a black piece
        ADD     A,81H
        OR      E
        LD      B,A
        LD      A,L
        CP      91
        LD      A,B
        JP      C,ADDM
        OR      20H                     ; promotion
        JP      ADDM
;       En passant for a white pawn on rank 5 onto the empty square L.
EPW:    LD      A,C
        SUB     61
        CP      8
        JR      C,EPCHK
        RET                             ; not on rank 5

;**********************************************************************
;       BLACK PAWN, GENERAL: with promotions and en passant.
;**********************************************************************
GPBS: LD      A,C
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPBS2                 ; blocked
        LD      A,L
        CP      29
        LD      A,E
        JR      NC,GPBS1
        OR      20H                     ; promotion
GPBS1:   CALL    ADDM
        LD      A,E
        OR      A
        JR      Z,GPBS2                  ; moved before: no double push
        LD      A,L
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPBS2
        LD      A,E
        CALL    ADDM
GPBS2:   LD      A,C
        SUB     11
        CALL    GPBC
        LD      A,C
        SUB     9
        CALL    GPBC
        JP      PCEND
;       One capture square A of a black pawn.
GPBC:   LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,EPB                   ; empty: en passant?
        DEC     A
        CP      1EH
        RET     NC                      ; not a white piece
        INC     A
        OR      E
        LD      B,A
        LD      A,L
        CP      29
        LD      A,B
        JP      NC,ADDM
        OR      20H                     ; promotion
        JP      ADDM
;       En passant for a black pawn on rank 4 onto the empty square L.
EPB:    LD      A,C
        SUB     51
        CP      8
        RET     NC                      ; not on rank 4
;       The previous move was a first move (flag bit 4) to a square
;       10 away from L where a pawn now stands: add the double entry
;       L (flags 40H plus bit 4), then the dummy that takes that pawn.
EPCHK:  LD      B,L
        PUSH    HL
        LD      HL,(MLPTRJ)
        INC     HL
        INC     HL
        INC     HL
        LD      A,(HL)                  ; to-square of the previous move
        SUB     B
        CP      10
        JR      Z,EPCHK1
        CP      -10
        JR      NZ,EPX
EPCHK1: INC     HL
        BIT     4,(HL)                  ; a first move?
        JR      Z,EPX
        DEC     HL
        LD      L,(HL)
        LD      H,HIGH(BOARDA)
        LD      A,(HL)
        AND     07H
        CP      01H                     ; a pawn stands there?
        JR      NZ,EPX
        LD      A,(HL)
        LD      (D2FLG),A               ; dummy half: the pawn's byte
        LD      A,L
        LD      (D2FROM),A
        LD      (D2TO),A
        POP     HL
        LD      A,40H
        OR      E
        JP      ADDD
EPX:    POP     HL
        RET

;**********************************************************************
;       ADDM: APPEND ONE ENTRY
;**********************************************************************
;       INPUTS:     A = flags, L = to; C' = from, HL' = write pointer,
;                   D' = 0.
;       OUTPUTS:    the entry, link = its own address + 6; HL' += 6.
;       REGISTERS:  AF, AF', B' destroyed.
;**********************************************************************
ADDM:   EX      AF,AF'
        LD      A,L
        EXX
        LD      B,A                     ; to
        LD      A,L
        ADD     A,6
        LD      (HL),A                  ; link: the next entry
        LD      A,H
        ADC     A,D
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (HL),C                  ; from
        INC     HL
        LD      (HL),B                  ; to
        INC     HL
        EX      AF,AF'
        LD      (HL),A                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        RET

;**********************************************************************
;       ADDD: APPEND A DOUBLE MOVE (CASTLING, EN PASSANT)
;**********************************************************************
;       INPUTS:     A = flags of the first half, L = its to-square;
;                   C' = from; D2FROM, D2TO, D2FLG: the second half.
;       OUTPUTS:    two entries; the first links past the second, the
;                   second's link is 0; HL' += 12.
;       REGISTERS:  AF, AF', B' destroyed.
;**********************************************************************
ADDD:   EX      AF,AF'
        LD      A,L
        EXX
        LD      B,A
        LD      A,L
        ADD     A,12
        LD      (HL),A                  ; link: past the hidden half
        LD      A,H
        ADC     A,D
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),B
        INC     HL
        EX      AF,AF'
        LD      (HL),A
        INC     HL
        LD      (HL),D
        INC     HL
        LD      (HL),D                  ; hidden half: link 0
        INC     HL
        LD      (HL),D
        INC     HL
        LD      A,(D2FROM)
        LD      (HL),A
        INC     HL
        LD      A,(D2TO)
        LD      (HL),A
        INC     HL
        LD      A,(D2FLG)
        LD      (HL),A
        INC     HL
        LD      (HL),D
        INC     HL
        EXX
        RET
