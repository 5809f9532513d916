;**********************************************************************
;       INITBD: SET UP THE INITIAL POSITION
;**********************************************************************
;       FUNCTION:   Fills BOARDA with the border, the empty middle
;                   and both armies (all unmoved); white to move;
;                   POSK = e1 e8, POSQ = d1 d8 (then 0FFH); an empty
;                   ply table (MLPTRI = PLYIX-2, MLNXT = MLIST); no
;                   previous move (MLPTRJ -> NOPREV); CKFLG = MLOVF = 0.
;       CALLED BY:  the harness.
;       INPUTS:     none.
;       OUTPUTS:    the state above.
;       REGISTERS:  AF, BC, HL, IX destroyed.
;**********************************************************************
INITBD: LD      HL,BOARDA
        LD      B,120
INITB1: LD      (HL),0FFH               ; border everywhere first
        INC     HL
        DJNZ    INITB1
        LD      IX,BOARDA+21
        LD      HL,BACKR
        LD      B,8
INITB2: LD      A,(HL)                  ; one file, a to h
        LD      (IX+0),A                ; white piece, rank 1
        OR      80H
        LD      (IX+70),A               ; black piece, rank 8
        LD      (IX+10),01H             ; white pawn
        LD      (IX+60),81H             ; black pawn
        XOR     A
        LD      (IX+20),A               ; ranks 3 to 6 empty
        LD      (IX+30),A
        LD      (IX+40),A
        LD      (IX+50),A
        INC     HL
        INC     IX
        DJNZ    INITB2
        LD      HL,25+95*256
        LD      (POSK),HL
        LD      HL,24+94*256
        LD      (POSQ),HL
        LD      A,0FFH
        LD      (POSQ+2),A
        XOR     A
        LD      (COLOR),A
        LD      (CKFLG),A
        LD      (MLOVF),A
        LD      HL,NOPREV
        LD      B,6
INITB3: LD      (HL),A
        INC     HL
        DJNZ    INITB3
        LD      HL,NOPREV
        LD      (MLPTRJ),HL
        LD      HL,PLYIX-2
        LD      (MLPTRI),HL
        LD      HL,MLIST
        LD      (MLNXT),HL
        RET

;       The pieces of rank 1, a to h.
BACKR:  DB      04H,02H,03H,05H,06H,03H,02H,04H
