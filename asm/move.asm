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
;       In both routines (the macro ENTRY of macros.asm): DE ->
;       from, HL -> to (H = D = 0), B = the flags, C = to. One test
;       of flags AND 67H below 5 sends the common move (no
;       promotion, no double move, no queen taken) down the short
;       path; there MOVE keeps the piece in B, UNMOVE in C.
;**********************************************************************
MOVE:   LD      HL,(MLPTRJ)
MOVE1:
        ENTRY   MVSPC
MVNORM: LD      A,(DE)
        LD      B,A                     ; the piece
        AND     07H
        CP      05H
        JR      NC,MVQK                 ; a queen or king moves
MVPUT:  LD      A,B
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
MVQK1:  LD      A,B
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

MVSPC:  BIT     6,B
        JR      NZ,MVDBL
        LD      A,B
        AND     07H
        CP      05H
        CALL    Z,MVCAPQ
        BIT     5,B
        JR      Z,MVNORM
;       Promotion: bit 2 makes the pawn a queen; POSQ is left alone.
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
UNMOV1:
        ENTRY   UMSPC
        LD      A,(HL)
        LD      C,A                     ; the piece
        AND     07H
        CP      05H
        JR      NC,UMQK                 ; a queen or king moved
UMPUT:  LD      A,C
        BIT     4,B
        JR      Z,UMP1
        AND     0F7H                    ; its first move: unmoved again
UMP1:   LD      (DE),A
        LD      A,B
        AND     8FH
        LD      (HL),A                  ; what stood on `to`, after `from`
        RET

;       A queen (Z) or king moved: POSQ / POSK of its colour = from.
UMQK:   CALL    UMQKC
        JR      UMPUT
UMQKC:  PUSH    HL
        LD      HL,POSQ
        JR      Z,UMQKC1
        LD      HL,POSK
UMQKC1: LD      A,C
        RLCA
        JR      NC,UMQKC2
        INC     L                       ; black
UMQKC2: LD      (HL),E
        POP     HL
        RET

;       A promotion, or a queen was taken (not a double move).
UMSPC:  BIT     6,B
        JR      NZ,UMDBL
        LD      A,(HL)                  ; the piece on `to`
        BIT     5,B
        JR      Z,UMSPC1
        AND     0FBH                    ; promotion: a pawn again, POSQ alone
        LD      C,A
        JR      UMSPC2
UMSPC1: LD      C,A
        AND     07H
        CP      05H
        CALL    NC,UMQKC                ; a queen or king moved
UMSPC2: LD      A,C
        BIT     4,B
        JR      Z,UMSPC3
        AND     0F7H
UMSPC3: LD      (DE),A
        LD      A,B
        AND     8FH
        LD      (HL),A
        AND     07H
        CP      05H
        RET     NZ
        LD      A,L                     ; a queen was taken: POSQ = to
        LD      HL,POSQ
        BIT     7,B
        JR      Z,UMSPC4
        INC     L
UMSPC4: LD      (HL),A
        RET

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
