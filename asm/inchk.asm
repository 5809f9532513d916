;**********************************************************************
;       INCHK: IS THE KING OF COLOR ATTACKED?
;**********************************************************************
;       FUNCTION:   Looks outward from POSK[COLOR] along the eight
;                   lines and the eight knight jumps for an enemy
;                   piece that attacks the king (ABI 7).
;       CALLED BY:  the harness, GENMOV (for CKFLG), PERFT.
;       INPUTS:     COLOR, POSK, BOARDA.
;       OUTPUTS:    A = 1 when attacked, else A = 0.
;       REGISTERS:  AF, HL, IX destroyed (BC, DE kept).
;**********************************************************************
BYES0:  LD      A,1                     ; (for the first part of SQATKB)
        RET
INCHK:  LD      A,(COLOR)
        ADD     A,A
        JP      NC,INCHKW
        LD      A,(POSK+1)              ; the black king: on into SQATKB

;**********************************************************************
;       SQATKW, SQATKB: IS SQUARE A ATTACKED BY BLACK / BY WHITE?
;**********************************************************************
;       FUNCTION:   INCHK's scan for any square, one copy per
;                   attacking colour so that every constant and flag
;                   test is fixed. IX -> the square; H holds the page
;                   of the attack-class table (TABW: black attackers,
;                   TABB: white) and L the byte to classify, so one
;                   LD A,(HL) and one AND decide a line or all four
;                   knight jumps of a part at once.
;                   Every line is unrolled: the nearest square is
;                   tested in line, the rest out of line. A line ends
;                   at once on an own piece, told by the sign flag
;                   (and for white attackers on the border cell too).
;                   Parts: below the square (knights, -10 -9 -11),
;                   above it (knights, +10 +9 +11), sideways (+1 -1).
;                   SQATKW skips the part below on rank 1, SQATKB the
;                   part above on rank 8: every probe there would meet
;                   the border (on the opposite edge rank the probes
;                   still run; they meet the two border rows).
;       CALLED BY:  INCHK, CASATK (castling squares).
;       INPUTS:     A = square index.
;       OUTPUTS:    A = 1 when attacked, else A = 0.
;       REGISTERS:  AF, HL, IX destroyed (BC, DE kept).
;**********************************************************************
;       Attackers white (a black king): own pieces and the border are negative.
SQATKB: LD      (IXSQ),A
        LD      IX,(IXSQ)               ; IX -> the square
        LD      H,HIGH(TABB)
        CP      91
        JR      NC,BDN                  ; rank 8: nothing above
BUP:
        LD      L,(IX+8)
        LD      A,(HL)
        LD      L,(IX+12)
        OR      (HL)
        LD      L,(IX+19)
        OR      (HL)
        LD      L,(IX+21)
        OR      (HL)
        AND     08H                     ; an enemy knight a jump away?
        JR      NZ,BYES0
RBP10:  LD      A,(IX+10)
        OR      A
        JP      M,RBP9                  ; own piece or border
        JP      Z,FBP10
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,BYES0
RBP9:   LD      A,(IX+9)
        OR      A
        JP      M,RBP11                 ; own piece or border
        JP      Z,FBP9
        LD      L,A
        LD      A,(HL)
        AND     006H
        JR      NZ,BYES0
RBP11:  LD      A,(IX+11)
        OR      A
        JP      M,BDN                   ; own piece or border
        JP      Z,FBP11
        LD      L,A
        LD      A,(HL)
        AND     006H
        JR      NZ,BYES0
BDN:
        LD      L,(IX-8)
        LD      A,(HL)
        LD      L,(IX-12)
        OR      (HL)
        LD      L,(IX-19)
        OR      (HL)
        LD      L,(IX-21)
        OR      (HL)
        AND     08H                     ; an enemy knight a jump away?
        JR      NZ,BYES
RBM10:  LD      A,(IX-10)
        OR      A
        JP      M,RBM9                  ; own piece or border
        JP      Z,FBM10
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,BYES
RBM9:   LD      A,(IX-9)
        OR      A
        JP      M,RBM11                 ; own piece or border
        JP      Z,FBM9
        LD      L,A
        LD      A,(HL)
        AND     026H
        JR      NZ,BYES
RBM11:  LD      A,(IX-11)
        OR      A
        JP      M,BSD                   ; own piece or border
        JP      Z,FBM11
        LD      L,A
        LD      A,(HL)
        AND     026H
        JR      NZ,BYES
BSD:
RBP1:   LD      A,(IX+1)
        OR      A
        JP      M,RBM1                  ; own piece or border
        JP      Z,FBP1
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,BYES
RBM1:   LD      A,(IX-1)
        OR      A
        JP      M,BNO                   ; own piece or border
        JP      Z,FBM1
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,BYES
BNO:    XOR     A                       ; not attacked
        RET
BYES:   LD      A,1
        RET
;       The lines beyond their first square.
FBP10:  OR      (IX+20)
        JR      NZ,HBP10
        OR      (IX+30)
        JR      NZ,HBP10
        OR      (IX+40)
        JR      NZ,HBP10
        OR      (IX+50)
        JR      NZ,HBP10
        OR      (IX+60)
        JR      NZ,HBP10
        OR      (IX+70)
        JP      Z,RBP9                  ; seven empty: next is the border
HBP10:  JP      M,RBP9
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RBP9
        LD      A,1
        RET
FBP9:   OR      (IX+18)
        JR      NZ,HBP9
        OR      (IX+27)
        JR      NZ,HBP9
        OR      (IX+36)
        JR      NZ,HBP9
        OR      (IX+45)
        JR      NZ,HBP9
        OR      (IX+54)
        JR      NZ,HBP9
        OR      (IX+63)
        JP      Z,RBP11                 ; seven empty: next is the border
HBP9:   JP      M,RBP11
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,RBP11
        LD      A,1
        RET
FBP11:  OR      (IX+22)
        JR      NZ,HBP11
        OR      (IX+33)
        JR      NZ,HBP11
        OR      (IX+44)
        JR      NZ,HBP11
        OR      (IX+55)
        JR      NZ,HBP11
        OR      (IX+66)
        JR      NZ,HBP11
        OR      (IX+77)
        JP      Z,BDN                   ; seven empty: next is the border
HBP11:  JP      M,BDN
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,BDN
        LD      A,1
        RET
FBM10:  OR      (IX-20)
        JR      NZ,HBM10
        OR      (IX-30)
        JR      NZ,HBM10
        OR      (IX-40)
        JR      NZ,HBM10
        OR      (IX-50)
        JR      NZ,HBM10
        OR      (IX-60)
        JR      NZ,HBM10
        OR      (IX-70)
        JP      Z,RBM9                  ; seven empty: next is the border
HBM10:  JP      M,RBM9
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RBM9
        LD      A,1
        RET
FBM9:   OR      (IX-18)
        JR      NZ,HBM9
        OR      (IX-27)
        JR      NZ,HBM9
        OR      (IX-36)
        JR      NZ,HBM9
        OR      (IX-45)
        JR      NZ,HBM9
        OR      (IX-54)
        JR      NZ,HBM9
        OR      (IX-63)
        JP      Z,RBM11                 ; seven empty: next is the border
HBM9:   JP      M,RBM11
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,RBM11
        LD      A,1
        RET
FBM11:  OR      (IX-22)
        JR      NZ,HBM11
        OR      (IX-33)
        JR      NZ,HBM11
        OR      (IX-44)
        JR      NZ,HBM11
        OR      (IX-55)
        JR      NZ,HBM11
        OR      (IX-66)
        JR      NZ,HBM11
        OR      (IX-77)
        JP      Z,BSD                   ; seven empty: next is the border
HBM11:  JP      M,BSD
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,BSD
        LD      A,1
        RET
FBP1:   OR      (IX+2)
        JR      NZ,HBP1
        OR      (IX+3)
        JR      NZ,HBP1
        OR      (IX+4)
        JR      NZ,HBP1
        OR      (IX+5)
        JR      NZ,HBP1
        OR      (IX+6)
        JR      NZ,HBP1
        OR      (IX+7)
        JP      Z,RBM1                  ; seven empty: next is the border
HBP1:   JP      M,RBM1
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RBM1
        LD      A,1
        RET
FBM1:   OR      (IX-2)
        JR      NZ,HBM1
        OR      (IX-3)
        JR      NZ,HBM1
        OR      (IX-4)
        JR      NZ,HBM1
        OR      (IX-5)
        JR      NZ,HBM1
        OR      (IX-6)
        JR      NZ,HBM1
        OR      (IX-7)
        JP      Z,BNO                   ; seven empty: next is the border
HBM1:   JP      M,BNO
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,BNO
        LD      A,1
        RET
;       Attackers black (a white king): own pieces are positive.
WYES0:  LD      A,1
        RET
INCHKW: LD      A,(POSK)                ; the white king: on into SQATKW
SQATKW: LD      (IXSQ),A
        LD      IX,(IXSQ)               ; IX -> the square
        LD      H,HIGH(TABW)
        CP      31
        JR      C,WUP                   ; rank 1: nothing below
WDN:
        LD      L,(IX-8)
        LD      A,(HL)
        LD      L,(IX-12)
        OR      (HL)
        LD      L,(IX-19)
        OR      (HL)
        LD      L,(IX-21)
        OR      (HL)
        AND     08H                     ; an enemy knight a jump away?
        JR      NZ,WYES0
RWM10:  LD      A,(IX-10)
        OR      A
        JP      Z,FWM10
        JP      P,RWM9                  ; own piece
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,WYES0
RWM9:   LD      A,(IX-9)
        OR      A
        JP      Z,FWM9
        JP      P,RWM11                 ; own piece
        LD      L,A
        LD      A,(HL)
        AND     006H
        JR      NZ,WYES0
RWM11:  LD      A,(IX-11)
        OR      A
        JP      Z,FWM11
        JP      P,WUP                   ; own piece
        LD      L,A
        LD      A,(HL)
        AND     006H
        JR      NZ,WYES0
WUP:
        LD      L,(IX+8)
        LD      A,(HL)
        LD      L,(IX+12)
        OR      (HL)
        LD      L,(IX+19)
        OR      (HL)
        LD      L,(IX+21)
        OR      (HL)
        AND     08H                     ; an enemy knight a jump away?
        JR      NZ,WYES
RWP10:  LD      A,(IX+10)
        OR      A
        JP      Z,FWP10
        JP      P,RWP9                  ; own piece
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,WYES
RWP9:   LD      A,(IX+9)
        OR      A
        JP      Z,FWP9
        JP      P,RWP11                 ; own piece
        LD      L,A
        LD      A,(HL)
        AND     016H
        JR      NZ,WYES
RWP11:  LD      A,(IX+11)
        OR      A
        JP      Z,FWP11
        JP      P,WSD                   ; own piece
        LD      L,A
        LD      A,(HL)
        AND     016H
        JR      NZ,WYES
WSD:
RWP1:   LD      A,(IX+1)
        OR      A
        JP      Z,FWP1
        JP      P,RWM1                  ; own piece
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,WYES
RWM1:   LD      A,(IX-1)
        OR      A
        JP      Z,FWM1
        JP      P,WNO                   ; own piece
        LD      L,A
        LD      A,(HL)
        AND     005H
        JR      NZ,WYES
WNO:    XOR     A                       ; not attacked
        RET
WYES:   LD      A,1
        RET
;       The lines beyond their first square.
FWM10:  OR      (IX-20)
        JR      NZ,HWM10
        OR      (IX-30)
        JR      NZ,HWM10
        OR      (IX-40)
        JR      NZ,HWM10
        OR      (IX-50)
        JR      NZ,HWM10
        OR      (IX-60)
        JR      NZ,HWM10
        OR      (IX-70)
        JP      Z,RWM9                  ; seven empty: next is the border
HWM10:  JP      P,RWM9
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RWM9
        LD      A,1
        RET
FWM9:   OR      (IX-18)
        JR      NZ,HWM9
        OR      (IX-27)
        JR      NZ,HWM9
        OR      (IX-36)
        JR      NZ,HWM9
        OR      (IX-45)
        JR      NZ,HWM9
        OR      (IX-54)
        JR      NZ,HWM9
        OR      (IX-63)
        JP      Z,RWM11                 ; seven empty: next is the border
HWM9:   JP      P,RWM11
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,RWM11
        LD      A,1
        RET
FWM11:  OR      (IX-22)
        JR      NZ,HWM11
        OR      (IX-33)
        JR      NZ,HWM11
        OR      (IX-44)
        JR      NZ,HWM11
        OR      (IX-55)
        JR      NZ,HWM11
        OR      (IX-66)
        JR      NZ,HWM11
        OR      (IX-77)
        JP      Z,WUP                   ; seven empty: next is the border
HWM11:  JP      P,WUP
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,WUP
        LD      A,1
        RET
FWP10:  OR      (IX+20)
        JR      NZ,HWP10
        OR      (IX+30)
        JR      NZ,HWP10
        OR      (IX+40)
        JR      NZ,HWP10
        OR      (IX+50)
        JR      NZ,HWP10
        OR      (IX+60)
        JR      NZ,HWP10
        OR      (IX+70)
        JP      Z,RWP9                  ; seven empty: next is the border
HWP10:  JP      P,RWP9
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RWP9
        LD      A,1
        RET
FWP9:   OR      (IX+18)
        JR      NZ,HWP9
        OR      (IX+27)
        JR      NZ,HWP9
        OR      (IX+36)
        JR      NZ,HWP9
        OR      (IX+45)
        JR      NZ,HWP9
        OR      (IX+54)
        JR      NZ,HWP9
        OR      (IX+63)
        JP      Z,RWP11                 ; seven empty: next is the border
HWP9:   JP      P,RWP11
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,RWP11
        LD      A,1
        RET
FWP11:  OR      (IX+22)
        JR      NZ,HWP11
        OR      (IX+33)
        JR      NZ,HWP11
        OR      (IX+44)
        JR      NZ,HWP11
        OR      (IX+55)
        JR      NZ,HWP11
        OR      (IX+66)
        JR      NZ,HWP11
        OR      (IX+77)
        JP      Z,WSD                   ; seven empty: next is the border
HWP11:  JP      P,WSD
        LD      L,A
        LD      A,(HL)
        AND     002H
        JP      Z,WSD
        LD      A,1
        RET
FWP1:   OR      (IX+2)
        JR      NZ,HWP1
        OR      (IX+3)
        JR      NZ,HWP1
        OR      (IX+4)
        JR      NZ,HWP1
        OR      (IX+5)
        JR      NZ,HWP1
        OR      (IX+6)
        JR      NZ,HWP1
        OR      (IX+7)
        JP      Z,RWM1                  ; seven empty: next is the border
HWP1:   JP      P,RWM1
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,RWM1
        LD      A,1
        RET
FWM1:   OR      (IX-2)
        JR      NZ,HWM1
        OR      (IX-3)
        JR      NZ,HWM1
        OR      (IX-4)
        JR      NZ,HWM1
        OR      (IX-5)
        JR      NZ,HWM1
        OR      (IX-6)
        JR      NZ,HWM1
        OR      (IX-7)
        JP      Z,WNO                   ; seven empty: next is the border
HWM1:   JP      P,WNO
        LD      L,A
        LD      A,(HL)
        AND     001H
        JP      Z,WNO
        LD      A,1
        RET
