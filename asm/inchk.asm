;**********************************************************************
;       INCHK: IS THE KING OF COLOR ATTACKED?
;**********************************************************************
;       FUNCTION:   Looks outward from POSK[COLOR] along the eight
;                   lines and the eight knight jumps for an enemy
;                   piece that attacks the king (ABI 7).
;       CALLED BY:  the harness, GENMOV (for CKFLG), PERFT.
;       INPUTS:     COLOR, POSK, BOARDA.
;       OUTPUTS:    A = 1 when attacked, else A = 0.
;       REGISTERS:  AF, BC, DE, HL, IX destroyed.
;**********************************************************************
INCHK:  LD      HL,POSK
        LD      A,(COLOR)
        LD      BC,0F782H               ; knight mask, black knight
        LD      D,HIGH(TABW)            ; a white king's table
        ADD     A,A                     ; carry: black to move
        JR      NC,INCHK1
        INC     L                       ; the black king,
        LD      C,02H                   ; white knights,
        INC     D                       ; TABB
INCHK1: LD      A,(HL)                  ; the king's square

;**********************************************************************
;       SQATK: IS A SQUARE ATTACKED?
;**********************************************************************
;       FUNCTION:   The scan of INCHK for any square. Every line is
;                   unrolled: a probe is OR (IX+d) with A = 0, so the
;                   first non-empty byte lands in A; one look-up in
;                   the attack-class table (page D) and one AND with
;                   the line's mask decide. Nearest squares first,
;                   lines beyond step 1 out of line. The king's rank
;                   picks the parts to scan: rank 1 skips everything
;                   below it (3 lines, 4 knight jumps), rank 8 above.
;       CALLED BY:  INCHK (falls in), CASATK (castling squares).
;       INPUTS:     A = square; D = HIGH(TABW) when the attackers are
;                   black, HIGH(TABB) when white; B = 0F7H; C = an
;                   unmoved enemy knight (82H black, 02H white).
;       OUTPUTS:    A = 1 when attacked, else A = 0.
;       REGISTERS:  AF, E, HL, IX destroyed; B, C, D kept.
;**********************************************************************
SQATK:  LD      L,A
        LD      H,HIGH(BOARDA)
        PUSH    HL
        POP     IX                      ; IX -> the square
        CP      31
        JR      C,SQATK1                ; rank 1: up and sideways
        CP      91
        LD      HL,ATDN                 ; ranks 2-7: up, sideways, down
        JR      C,ATUP
        XOR     A                       ; rank 8: sideways and down
        JP      ATSD
SQATK1: LD      HL,ATNO
        JR      ATUP

;       The lines +10 and +9 beyond their first square.
FP10:   OR      (IX+20)
        JR      NZ,HP10
        OR      (IX+30)
        JR      NZ,HP10
        OR      (IX+40)
        JR      NZ,HP10
        OR      (IX+50)
        JR      NZ,HP10
        OR      (IX+60)
        JR      NZ,HP10
        OR      (IX+70)
        JP      Z,RP9           ; seven empty: next is the border
HP10:   LD      E,A
        LD      A,(DE)
        AND     001H
        JP      Z,RP9
        LD      A,1
        RET
FP9:    OR      (IX+18)
        JR      NZ,HP9
        OR      (IX+27)
        JR      NZ,HP9
        OR      (IX+36)
        JR      NZ,HP9
        OR      (IX+45)
        JR      NZ,HP9
        OR      (IX+54)
        JR      NZ,HP9
        OR      (IX+63)
        JP      Z,RP11          ; seven empty: next is the border
HP9:    LD      E,A
        LD      A,(DE)
        AND     002H
        JP      Z,RP11
        LD      A,1
        RET
ATY1:   LD      A,1
        RET
;       Above the square: knight jumps, then the lines +10 +9 +11.
ATUP:
        LD      A,(IX+8)
        AND     B
        CP      C
        JR      Z,ATY1
        LD      A,(IX+12)
        AND     B
        CP      C
        JR      Z,ATY1
        LD      A,(IX+19)
        AND     B
        CP      C
        JR      Z,ATY1
        LD      A,(IX+21)
        AND     B
        CP      C
        JR      Z,ATY1
        XOR     A
RP10:   OR      (IX+10)         ; up
        JR      Z,FP10
        LD      E,A
        LD      A,(DE)
        AND     005H
        JR      NZ,ATY1
RP9:    OR      (IX+9)          ; up left (pawns too)
        JR      Z,FP9
        LD      E,A
        LD      A,(DE)
        AND     016H
        JR      NZ,ATY1
RP11:   OR      (IX+11)         ; up right (pawns too)
        JR      Z,FP11
        LD      E,A
        LD      A,(DE)
        AND     016H
        JR      NZ,ATY1
;       Sideways: +1 -1, then on to HL (ATDN or ATNO).
ATSD:
RP1:    OR      (IX+1)          ; right
        JR      Z,FP1
        LD      E,A
        LD      A,(DE)
        AND     005H
        JR      NZ,ATY1
RM1:    OR      (IX-1)          ; left
        JR      Z,FM1
        LD      E,A
        LD      A,(DE)
        AND     005H
        JR      NZ,ATY1
        JP      (HL)
;       The lines +11, +1, -1 beyond their first square.
FP11:   OR      (IX+22)
        JR      NZ,HP11
        OR      (IX+33)
        JR      NZ,HP11
        OR      (IX+44)
        JR      NZ,HP11
        OR      (IX+55)
        JR      NZ,HP11
        OR      (IX+66)
        JR      NZ,HP11
        OR      (IX+77)
        JP      Z,ATSD          ; seven empty: next is the border
HP11:   LD      E,A
        LD      A,(DE)
        AND     002H
        JP      Z,ATSD
        LD      A,1
        RET
FP1:    OR      (IX+2)
        JR      NZ,HP1
        OR      (IX+3)
        JR      NZ,HP1
        OR      (IX+4)
        JR      NZ,HP1
        OR      (IX+5)
        JR      NZ,HP1
        OR      (IX+6)
        JR      NZ,HP1
        OR      (IX+7)
        JP      Z,RM1           ; seven empty: next is the border
HP1:    LD      E,A
        LD      A,(DE)
        AND     001H
        JP      Z,RM1
        LD      A,1
        RET
FM1:    OR      (IX-2)
        JR      NZ,HM1
        OR      (IX-3)
        JR      NZ,HM1
        OR      (IX-4)
        JR      NZ,HM1
        OR      (IX-5)
        JR      NZ,HM1
        OR      (IX-6)
        JR      NZ,HM1
        OR      (IX-7)
        JP      Z,ATSDX         ; seven empty: next is the border
HM1:    LD      E,A
        LD      A,(DE)
        AND     001H
        JP      Z,ATSDX
        LD      A,1
        RET
ATSDX:  JP      (HL)
ATY2:   LD      A,1
        RET
;       Below the square: knight jumps, then the lines -10 -9 -11.
ATDN:
        LD      A,(IX-8)
        AND     B
        CP      C
        JR      Z,ATY2
        LD      A,(IX-12)
        AND     B
        CP      C
        JR      Z,ATY2
        LD      A,(IX-19)
        AND     B
        CP      C
        JR      Z,ATY2
        LD      A,(IX-21)
        AND     B
        CP      C
        JR      Z,ATY2
        XOR     A
RM10:   OR      (IX-10)         ; down
        JR      Z,FM10
        LD      E,A
        LD      A,(DE)
        AND     005H
        JR      NZ,ATY2
RM9:    OR      (IX-9)          ; down right (pawns too)
        JR      Z,FM9
        LD      E,A
        LD      A,(DE)
        AND     026H
        JR      NZ,ATY2
RM11:   OR      (IX-11)         ; down left (pawns too)
        JR      Z,FM11
        LD      E,A
        LD      A,(DE)
        AND     026H
        JR      NZ,ATY2
ATNO:   XOR     A                       ; not attacked
        RET
;       The lines below beyond their first square.
FM10:   OR      (IX-20)
        JR      NZ,HM10
        OR      (IX-30)
        JR      NZ,HM10
        OR      (IX-40)
        JR      NZ,HM10
        OR      (IX-50)
        JR      NZ,HM10
        OR      (IX-60)
        JR      NZ,HM10
        OR      (IX-70)
        JP      Z,RM9           ; seven empty: next is the border
HM10:   LD      E,A
        LD      A,(DE)
        AND     001H
        JP      Z,RM9
        LD      A,1
        RET
FM9:    OR      (IX-18)
        JR      NZ,HM9
        OR      (IX-27)
        JR      NZ,HM9
        OR      (IX-36)
        JR      NZ,HM9
        OR      (IX-45)
        JR      NZ,HM9
        OR      (IX-54)
        JR      NZ,HM9
        OR      (IX-63)
        JP      Z,RM11          ; seven empty: next is the border
HM9:    LD      E,A
        LD      A,(DE)
        AND     002H
        JP      Z,RM11
        LD      A,1
        RET
FM11:   OR      (IX-22)
        JR      NZ,HM11
        OR      (IX-33)
        JR      NZ,HM11
        OR      (IX-44)
        JR      NZ,HM11
        OR      (IX-55)
        JR      NZ,HM11
        OR      (IX-66)
        JR      NZ,HM11
        OR      (IX-77)
        JP      Z,ATNO          ; seven empty: next is the border
HM11:   LD      E,A
        LD      A,(DE)
        AND     002H
        JP      Z,ATNO
        LD      A,1
        RET
