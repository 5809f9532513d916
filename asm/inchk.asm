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
;                   Every line is unrolled (the macros KNIGHTS,
;                   NEARB / NEARW and FAR of macros.asm): the nearest
;                   square is tested in line, the rest out of line.
;                   A line ends at once on an own piece, told by
;                   the sign flag (and for white attackers on the
;                   border cell too).
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
        KNIGHTS +1, BYES0
        NEARB   RBP10, +10, RBP9, FBP10, 005H, BYES0
        NEARB   RBP9, +9, RBP11, FBP9, 006H, BYES0
        NEARB   RBP11, +11, BDN, FBP11, 006H, BYES0
BDN:
        KNIGHTS -1, BYES
        NEARB   RBM10, -10, RBM9, FBM10, 005H, BYES
        NEARB   RBM9, -9, RBM11, FBM9, 026H, BYES
        NEARB   RBM11, -11, BSD, FBM11, 026H, BYES
BSD:
        NEARB   RBP1, +1, RBM1, FBP1, 005H, BYES
        NEARB   RBM1, -1, BNO, FBM1, 005H, BYES
BNO:    XOR     A                       ; not attacked
        RET
BYES:   LD      A,1
        RET
;       The lines beyond their first square.
        FAR     FBP10, HBP10, +10, RBP9, 001H, M
        FAR     FBP9, HBP9, +9, RBP11, 002H, M
        FAR     FBP11, HBP11, +11, BDN, 002H, M
        FAR     FBM10, HBM10, -10, RBM9, 001H, M
        FAR     FBM9, HBM9, -9, RBM11, 002H, M
        FAR     FBM11, HBM11, -11, BSD, 002H, M
        FAR     FBP1, HBP1, +1, RBM1, 001H, M
        FAR     FBM1, HBM1, -1, BNO, 001H, M
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
        KNIGHTS -1, WYES0
        NEARW   RWM10, -10, RWM9, FWM10, 005H, WYES0
        NEARW   RWM9, -9, RWM11, FWM9, 006H, WYES0
        NEARW   RWM11, -11, WUP, FWM11, 006H, WYES0
WUP:
        KNIGHTS +1, WYES
        NEARW   RWP10, +10, RWP9, FWP10, 005H, WYES
        NEARW   RWP9, +9, RWP11, FWP9, 016H, WYES
        NEARW   RWP11, +11, WSD, FWP11, 016H, WYES
WSD:
        NEARW   RWP1, +1, RWM1, FWP1, 005H, WYES
        NEARW   RWM1, -1, WNO, FWM1, 005H, WYES
WNO:    XOR     A                       ; not attacked
        RET
WYES:   LD      A,1
        RET
;       The lines beyond their first square.
        FAR     FWM10, HWM10, -10, RWM9, 001H, P
        FAR     FWM9, HWM9, -9, RWM11, 002H, P
        FAR     FWM11, HWM11, -11, WUP, 002H, P
        FAR     FWP10, HWP10, +10, RWP9, 001H, P
        FAR     FWP9, HWP9, +9, RWP11, 002H, P
        FAR     FWP11, HWP11, +11, WSD, 002H, P
        FAR     FWP1, HWP1, +1, RWM1, 001H, P
        FAR     FWM1, HWM1, -1, WNO, 001H, P
