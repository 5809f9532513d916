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
;       line. Links are written optimistically as "this entry + 6"
;       (+12 for a double move, 0 in its hidden half); GENEND clears
;       the link of the last linked entry.
;**********************************************************************
GENMOV: CALL    INCHK
        LD      (CKFLG),A
        LD      HL,(MLPTRI)
        LD      DE,-(PLYIX+NPLY*4-5)
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
        LD      L,21                    ; rank 1
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,31                    ; rank 2
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,41                    ; rank 3
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,51                    ; rank 4
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,61                    ; rank 5
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,71                    ; rank 6
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,81                    ; rank 7
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        LD      L,91                    ; rank 8
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
        INC     L
        LD      A,(HL)
        ADD     A,B
        CALL    P,PIECE
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
        LD      A,C                     ; jump -21
        ADD     A,-21
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NM21E
        ADD     A,D                     ; enemy -> negative
        JP      P,NM21X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NM21X
NM21E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NM21X:
        LD      A,C                     ; jump -12
        ADD     A,-12
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NM12E
        ADD     A,D                     ; enemy -> negative
        JP      P,NM12X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NM12X
NM12E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NM12X:
        LD      A,C                     ; jump +8
        ADD     A,8
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NP8E
        ADD     A,D                     ; enemy -> negative
        JP      P,NP8X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NP8X
NP8E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NP8X:
        LD      A,C                     ; jump +19
        ADD     A,19
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NP19E
        ADD     A,D                     ; enemy -> negative
        JP      P,NP19X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NP19X
NP19E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NP19X:
        LD      A,C                     ; jump +21
        ADD     A,21
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NP21E
        ADD     A,D                     ; enemy -> negative
        JP      P,NP21X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NP21X
NP21E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NP21X:
        LD      A,C                     ; jump +12
        ADD     A,12
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NP12E
        ADD     A,D                     ; enemy -> negative
        JP      P,NP12X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NP12X
NP12E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NP12X:
        LD      A,C                     ; jump -8
        ADD     A,-8
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NM8E
        ADD     A,D                     ; enemy -> negative
        JP      P,NM8X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NM8X
NM8E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NM8X:
        LD      A,C                     ; jump -19
        ADD     A,-19
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,NM19E
        ADD     A,D                     ; enemy -> negative
        JP      P,NM19X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      NM19X
NM19E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
NM19X:
        LD      L,C
        RET
;**********************************************************************
;       BISHOP, QUEEN, ROOK: the lines, in line. A queen takes the
;       bishop's four, then the rook's four.
;**********************************************************************
GBISH:
        LD      L,C                     ; line +9
BP9:
        LD      A,L
        ADD     A,9
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,BP9H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      BP9
BP9H:
        ADD     A,D                     ; enemy -> negative
        JP      P,BP9X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
BP9X:
        LD      L,C                     ; line +11
BP11:
        LD      A,L
        ADD     A,11
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,BP11H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      BP11
BP11H:
        ADD     A,D                     ; enemy -> negative
        JP      P,BP11X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
BP11X:
        LD      L,C                     ; line -11
BM11:
        LD      A,L
        ADD     A,-11
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,BM11H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      BM11
BM11H:
        ADD     A,D                     ; enemy -> negative
        JP      P,BM11X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
BM11X:
        LD      L,C                     ; line -9
BM9:
        LD      A,L
        ADD     A,-9
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,BM9H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      BM9
BM9H:
        ADD     A,D                     ; enemy -> negative
        JP      P,BM9X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
BM9X:
        LD      L,C
        BIT     2,(HL)                  ; a bishop (011) or a queen (101)?
        RET     Z
GROOK:
        LD      L,C                     ; line +10
RP10:
        LD      A,L
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,RP10H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      RP10
RP10H:
        ADD     A,D                     ; enemy -> negative
        JP      P,RP10X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
RP10X:
        LD      L,C                     ; line -10
RM10:
        LD      A,L
        ADD     A,-10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,RM10H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        JR      RM10
RM10H:
        ADD     A,D                     ; enemy -> negative
        JP      P,RM10X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
RM10X:
        LD      L,C                     ; line +1
RP1:
        INC     L
        LD      A,(HL)
        OR      A
        JR      NZ,RP1H
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
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
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
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
        LD      A,C                     ; step +9
        ADD     A,9
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KP9E
        ADD     A,D                     ; enemy -> negative
        JP      P,KP9X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KP9X
KP9E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KP9X:
        LD      A,C                     ; step +11
        ADD     A,11
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KP11E
        ADD     A,D                     ; enemy -> negative
        JP      P,KP11X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KP11X
KP11E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KP11X:
        LD      A,C                     ; step -11
        ADD     A,-11
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KM11E
        ADD     A,D                     ; enemy -> negative
        JP      P,KM11X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KM11X
KM11E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KM11X:
        LD      A,C                     ; step -9
        ADD     A,-9
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KM9E
        ADD     A,D                     ; enemy -> negative
        JP      P,KM9X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KM9X
KM9E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KM9X:
        LD      A,C                     ; step +10
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KP10E
        ADD     A,D                     ; enemy -> negative
        JP      P,KP10X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KP10X
KP10E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KP10X:
        LD      A,C                     ; step -10
        ADD     A,-10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KM10E
        ADD     A,D                     ; enemy -> negative
        JP      P,KM10X                 ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KM10X
KM10E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KM10X:
        LD      A,C                     ; step +1
        ADD     A,1
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KP1E
        ADD     A,D                     ; enemy -> negative
        JP      P,KP1X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KP1X
KP1E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KP1X:
        LD      A,C                     ; step -1
        ADD     A,-1
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,KM1E
        ADD     A,D                     ; enemy -> negative
        JP      P,KM1X                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      KM1X
KM1E:
        LD      A,L                     ; append: to L, flags E'
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
KM1X:
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
        LD      A,L                     ; push
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        LD      A,E
        OR      A
        JR      Z,GPW2                  ; moved before: no double push
        LD      A,L
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPW2
        LD      A,L                     ; double push
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
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
        LD      A,L                     ; push
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
        LD      A,E
        OR      A
        JR      Z,GPB2                  ; moved before: no double push
        LD      A,L
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPB2
        LD      A,L                     ; double push
        EXX
        LD      B,A
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
        LD      (HL),E                  ; flags
        INC     HL
        LD      (HL),D                  ; value 0
        INC     HL
        EXX
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
