;**********************************************************************
;       MOVE: MAKE THE MOVE AT MLPTRJ
;**********************************************************************
;       FUNCTION:   For the entry (and its second half after a double
;                   move): the piece leaves `from` and stands on `to`
;                   with bit 3 set; a promotion sets bit 2 (pawn to
;                   queen); a queen or king updates POSQ / POSK; a
;                   castling king gets bit 4; a captured queen clears
;                   POSQ of its colour (not in a double move). ABI 6.
;       CALLED BY:  the harness, PERFT.
;       INPUTS:     MLPTRJ -> the entry; BOARDA, POSK, POSQ.
;       OUTPUTS:    BOARDA, POSK, POSQ.
;       REGISTERS:  AF, BC, DE, HL destroyed.
;
;       In both routines: DE -> from, HL -> to (H = D = 0),
;       B = flags, C = to.
;**********************************************************************
MOVE:   LD      HL,(MLPTRJ)
MOVE1:  INC     HL
        INC     HL
        LD      E,(HL)                  ; from
        INC     HL
        LD      C,(HL)                  ; to
        INC     HL
        LD      B,(HL)                  ; flags
        LD      D,HIGH(BOARDA)
        LD      H,D
        LD      L,C
        LD      A,B
        AND     60H
        JR      NZ,MVSPC                ; promotion or double move
        LD      A,B
        AND     07H
        CP      05H
        CALL    Z,MVCAPQ                ; a queen is taken
        LD      A,(DE)
        AND     07H
        CP      05H
        JR      NC,MVQK                 ; a queen or king moves
MVPUT:  LD      A,(DE)
        OR      08H
        LD      (HL),A
        XOR     A
        LD      (DE),A                  ; after `to`: e.p. dummy from = to
        RET

;       A queen (Z) or king moves: POSQ / POSK of its colour = to.
MVQK:   PUSH    HL
        LD      HL,POSQ
        JR      Z,MVQK1
        LD      HL,POSK
MVQK1:  LD      A,(DE)
        RLCA
        JR      NC,MVQK2
        INC     L                       ; black
MVQK2:  LD      (HL),C
        POP     HL
        JR      MVPUT

;       POSQ of the taken queen's colour (flags bit 7) = 0.
MVCAPQ: PUSH    HL
        LD      HL,POSQ
        BIT     7,B
        JR      Z,MVCQ1
        INC     L
MVCQ1:  LD      (HL),0
        POP     HL
        RET

MVSPC:  BIT     5,B
        JR      Z,MVDBL
;       Promotion: bit 2 makes the pawn a queen; POSQ is left alone.
        LD      A,B
        AND     07H
        CP      05H
        CALL    Z,MVCAPQ
        LD      A,(DE)
        OR      0CH
        LD      (HL),A
        XOR     A
        LD      (DE),A
        RET

;       First half of a double move, then the entry 6 bytes on.
MVDBL:  LD      A,(DE)
        AND     07H
        CP      05H
        LD      A,(DE)
        JR      C,MVDB3
        PUSH    HL
        LD      HL,POSQ
        JR      Z,MVDB1
        LD      HL,POSK
MVDB1:  RLCA
        JR      NC,MVDB2
        INC     L
MVDB2:  LD      (HL),C
        POP     HL
        LD      A,(DE)
        AND     07H
        CP      06H
        LD      A,(DE)
        JR      NZ,MVDB3
        OR      10H                     ; a castling king
MVDB3:  OR      08H
        LD      (HL),A
        XOR     A
        LD      (DE),A
        LD      HL,(MLPTRJ)
        LD      DE,6
        ADD     HL,DE
        JP      MOVE1

;**********************************************************************
;       UNMOVE: TAKE BACK THE MOVE AT MLPTRJ
;**********************************************************************
;       FUNCTION:   Half by half in the order of MOVE: the piece on
;                   `to` goes back to `from` (bit 2 off after a
;                   promotion, bit 3 off when flag bit 4 is set, bit 4
;                   off for a castling king); POSK / POSQ of a king /
;                   queen go back to `from`; `to` receives flags AND
;                   8FH; a taken queen sets POSQ of its colour = to.
;       CALLED BY:  the harness, PERFT.
;       INPUTS:     MLPTRJ -> the entry; BOARDA, POSK, POSQ.
;       OUTPUTS:    BOARDA, POSK, POSQ.
;       REGISTERS:  AF, BC, DE, HL destroyed.
;**********************************************************************
UNMOVE: LD      HL,(MLPTRJ)
UNMOV1: INC     HL
        INC     HL
        LD      E,(HL)                  ; from
        INC     HL
        LD      C,(HL)                  ; to
        INC     HL
        LD      B,(HL)                  ; flags
        LD      D,HIGH(BOARDA)
        LD      H,D
        LD      L,C
        LD      A,B
        AND     60H
        JR      NZ,UMSPC                ; promotion or double move
        LD      A,(HL)
        AND     07H
        CP      05H
        JR      NC,UMQK                 ; a queen or king moved
UMPUT:  LD      A,(HL)
UMPUTA: BIT     4,B
        JR      Z,UMP1
        AND     0F7H                    ; its first move: unmoved again
UMP1:   LD      (DE),A
        LD      A,B
        AND     8FH
        LD      (HL),A                  ; what stood on `to`, after `from`
        AND     07H
        CP      05H
        RET     NZ
        LD      HL,POSQ                 ; a queen was taken: back on `to`
        BIT     7,B
        JR      Z,UMP2
        INC     L
UMP2:   LD      (HL),C
        RET

;       A queen (Z) or king moved: POSQ / POSK of its colour = from.
UMQK:   LD      A,(HL)
        PUSH    HL
        LD      HL,POSQ
        JR      Z,UMQK1
        LD      HL,POSK
UMQK1:  RLCA
        JR      NC,UMQK2
        INC     L
UMQK2:  LD      (HL),E
        POP     HL
        JR      UMPUT

UMSPC:  BIT     5,B
        JR      Z,UMDBL
;       Promotion: the queen becomes a pawn again; POSQ is left alone.
        LD      A,(HL)
        AND     0FBH
        JR      UMPUTA

;       First half of a double move, then the entry 6 bytes on.
UMDBL:  LD      A,(HL)
        AND     07H
        CP      05H
        LD      A,(HL)
        JR      C,UMDB3
        PUSH    HL
        LD      HL,POSQ
        JR      Z,UMDB1
        LD      HL,POSK
UMDB1:  RLCA
        JR      NC,UMDB2
        INC     L
UMDB2:  LD      (HL),E
        POP     HL
        LD      A,(HL)
        AND     07H
        CP      06H
        LD      A,(HL)
        JR      NZ,UMDB3
        AND     0EFH                    ; castled no more
UMDB3:  BIT     4,B
        JR      Z,UMDB4
        AND     0F7H
UMDB4:  LD      (DE),A
        LD      A,B
        AND     8FH
        LD      (HL),A
        LD      HL,(MLPTRJ)
        LD      DE,6
        ADD     HL,DE
        JP      UNMOV1
