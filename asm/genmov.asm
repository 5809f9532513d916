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
;       REGISTERS:  AF, AF', BC, DE, HL, BC', DE', HL', IX destroyed.
;
;       WHILE GENERATING
;         main set: H = HIGH(BOARDA) = 0, L = square; C = from;
;                   B = step; D = COLOR; E = 10H on a piece's first
;                   move (the flag bit 4 of all its entries), else 0.
;         alternate set (EXX): HL' = write pointer; C' = from;
;                   D' = 0; B' scratch.
;       Links are written optimistically as "this entry + 6" (+12
;       for a double move, 0 in its hidden half); GENEND clears the
;       link of the last linked entry.
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
        AND     80H
        LD      D,A                     ; D = COLOR
        LD      H,HIGH(BOARDA)
;       The squares 21..98 in order, border cells skipped.
;       An occupied square calls PIECE, which returns at once for an
;       enemy piece and keeps H, L and D.
        LD      L,21            ; rank 1
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,31            ; rank 2
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,41            ; rank 3
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,51            ; rank 4
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,61            ; rank 5
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,71            ; rank 6
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,81            ; rank 7
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        LD      L,91            ; rank 8
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE
        INC     L
        LD      A,(HL)
        OR      A
        CALL    NZ,PIECE

;**********************************************************************
;       GENEND: CLOSE THE PLY
;**********************************************************************
;       Stores MLNXT, clears the link of the last linked entry (the
;       last entry, or the one before it when the last is the hidden
;       half of a double move), sets MLLST. No entry: head link 0.
;**********************************************************************
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
PIECE:  XOR     D
        RET     M                       ; enemy
        LD      B,A                     ; own piece, colour bit clear
        LD      C,L                     ; from
        LD      A,L
        EXX
        LD      C,A                     ; C' = from
        LD      A,H
        EXX
        CP      MLLIMH
        JP      NC,GENOVF               ; fewer than 28 entries left
        LD      A,B
        AND     08H
        XOR     08H
        ADD     A,A
        LD      E,A                     ; 10H: the piece's first move
        LD      A,B
        AND     07H
        DEC     A
        JR      Z,GPAWN
        DEC     A
        JR      Z,GKNGT
        DEC     A
        JR      Z,GBISH
        DEC     A
        JR      Z,GROOK
        DEC     A
        JR      Z,GQUEN
        JP      GKING

GPAWN:  BIT     7,D
        JP      NZ,GPAWNB
        JP      GPAWNW

;**********************************************************************
;       KNIGHT: one step in each of the eight jumps.
;**********************************************************************
GKNGT:  LD      B,-21
        CALL    STEP
        LD      B,-12
        CALL    STEP
        LD      B,8
        CALL    STEP
        LD      B,19
        CALL    STEP
        LD      B,21
        CALL    STEP
        LD      B,12
        CALL    STEP
        LD      B,-8
        CALL    STEP
        LD      B,-19
        CALL    STEP
        LD      L,C
        RET

;**********************************************************************
;       BISHOP, ROOK, QUEEN: rays.
;**********************************************************************
GBISH:  LD      B,9
        CALL    SLIDE
        LD      B,11
        CALL    SLIDE
        LD      B,-11
        CALL    SLIDE
        LD      B,-9
        CALL    SLIDE
        LD      L,C
        RET

GROOK:  LD      B,10
        CALL    SLIDE
        LD      B,-10
        CALL    SLIDE
        LD      B,1
        CALL    SLIDE
        LD      B,-1
        CALL    SLIDE
        LD      L,C
        RET

GQUEN:  LD      B,9
        CALL    SLIDE
        LD      B,11
        CALL    SLIDE
        LD      B,-11
        CALL    SLIDE
        LD      B,-9
        CALL    SLIDE
        JR      GROOK

;**********************************************************************
;       KING: eight steps, then castling kingside, queenside.
;**********************************************************************
GKING:  LD      B,9
        CALL    STEP
        LD      B,11
        CALL    STEP
        LD      B,-11
        CALL    STEP
        LD      B,-9
        CALL    STEP
        LD      B,10
        CALL    STEP
        LD      B,-10
        CALL    STEP
        LD      B,1
        CALL    STEP
        LD      B,-1
        CALL    STEP
        LD      A,E
        OR      A
        JP      Z,GKX                   ; the king has moved
        LD      A,(CKFLG)
        OR      A
        JP      NZ,GKX                  ; in check
        LD      B,25                    ; e1
        BIT     7,D
        JR      Z,GKC
        LD      B,95                    ; e8
GKC:    LD      A,C
        CP      B
        JP      NZ,GKX                  ; not on its home square
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
GKX:    LD      L,C
        RET

;       CASATK: Z when square A is not attacked by the enemy of COLOR.
;       Keeps BC, DE; H = HIGH(BOARDA) on return.
CASATK: BIT     7,D
        JR      NZ,CASAT1
        CALL    SQATKW                  ; white castles: black attacks?
        JR      CASAT2
CASAT1: CALL    SQATKB
CASAT2: LD      H,HIGH(BOARDA)
        OR      A
        RET

;**********************************************************************
;       WHITE PAWN: push, double push, captures +11 then +9.
;**********************************************************************
GPAWNW: LD      A,C
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPW2                 ; blocked
        LD      A,L
        CP      91
        LD      A,E
        JR      C,GPW1
        OR      20H                     ; promotion
GPW1:   CALL    ADDM
        LD      A,E
        OR      A
        JR      Z,GPW2                  ; moved before: no double push
        LD      A,L
        ADD     A,10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPW2
        LD      A,E
        CALL    ADDM
GPW2:   LD      A,C
        ADD     A,11
        CALL    GPWC
        LD      A,C
        ADD     A,9
        CALL    GPWC
        LD      L,C
        RET
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
;       BLACK PAWN: push, double push, captures -11 then -9.
;**********************************************************************
GPAWNB: LD      A,C
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPB2                 ; blocked
        LD      A,L
        CP      29
        LD      A,E
        JR      NC,GPB1
        OR      20H                     ; promotion
GPB1:   CALL    ADDM
        LD      A,E
        OR      A
        JR      Z,GPB2                  ; moved before: no double push
        LD      A,L
        SUB     10
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,GPB2
        LD      A,E
        CALL    ADDM
GPB2:   LD      A,C
        SUB     11
        CALL    GPBC
        LD      A,C
        SUB     9
        CALL    GPBC
        LD      L,C
        RET
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
;       STEP: one knight or king step B from C.
;       SLIDE: the ray B from C.
;       TARGET: A = a non-empty byte on L: add a capture of an
;       enemy piece, ignore an own piece or the border.
;**********************************************************************
STEP:   LD      A,C
        ADD     A,B
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,TARGET
        LD      A,E
        JP      ADDM

SLIDE:  LD      L,C
SLIDE1: LD      A,L
        ADD     A,B
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,TARGET
        LD      A,E
        CALL    ADDM
        JR      SLIDE1

TARGET: XOR     D                       ; enemy -> 81H..9EH
        SUB     81H
        CP      1EH
        RET     NC                      ; own piece or border
        LD      A,(HL)
        OR      E
        JP      ADDM

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
