;**********************************************************************
;       MACROS OF THE UNROLLED CODE
;**********************************************************************
;       The hot loops of GENMOV, SQATKW / SQATKB and MOVE / UNMOVE
;       are unrolled: every square, direction and line has its own
;       copy of the code, with the step as an immediate operand or
;       an index displacement. A subroutine would cost a CALL and a
;       RET (27 T-states) per use and a loop a counter and a jump
;       back, so the copies stay; these macros only write each copy
;       once. They generate no code where they are defined; every
;       use expands to exactly the instructions shown (the listing
;       shows each expansion), so the image is the same as written
;       out by hand. Labels given as parameters are ordinary global
;       labels (the symbol file and the profiler see them).
;
;       Pasmo accepts no "+-" in an expression and no negative IX
;       displacement written as IX+(-n), so the SQATK macros take a
;       step WITH its sign (+10, -10) and write it straight after
;       IX: (IX STEP) and (IX STEP*2) read as IX+10 / IX-10*2.
;**********************************************************************

;**********************************************************************
;       APPEND: WRITE ONE MOVE TO AN EMPTY SQUARE (GENMOV)
;**********************************************************************
;       EXPANDS TO: ADDM written in line, without its CALL/RET and
;                   without the EX AF,AF' (the flags are E').
;       INPUTS:     L = to; alternate set: HL' = write pointer,
;                   C' = from, E' = flags, D' = 0.
;       OUTPUTS:    the entry, link = its own address + 6; HL' += 6.
;       REGISTERS:  A, B' destroyed; main set active again at the end.
;       WHY:        the most frequent entry of all: 27 T-states of
;                   CALL/RET saved per quiet move.
;**********************************************************************
APPEND  MACRO
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
        ENDM

;**********************************************************************
;       RANK: OFFER THE EIGHT SQUARES OF ONE RANK TO PIECE (GENMOV)
;**********************************************************************
;       EXPANDS TO: L = FIRST, then for each of the 8 squares
;                   LD A,(HL) / ADD A,B / CALL P,PIECE, INC L between.
;       INPUTS:     FIRST = the rank's a-file square (21, 31 .. 91);
;                   H = HIGH(BOARDA), B = the scan key (GENMOV).
;       OUTPUTS:    PIECE called for every own piece of the rank.
;       REGISTERS:  AF, L and whatever PIECE destroys (it keeps H, L,
;                   B and D).
;       WHY:        no loop counter and no border test: the 64
;                   squares cost 4+7+4+10 T-states each when empty.
;**********************************************************************
RANK    MACRO   FIRST
        LD      L,FIRST
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
        ENDM

;**********************************************************************
;       STEP: ONE KNIGHT JUMP OR KING STEP (GENMOV)
;**********************************************************************
;       EXPANDS TO: L = from + OFFS; an empty square is appended in
;                   line (APPEND at ELAB), an enemy piece through ADDM
;                   with flags E OR its byte, an own piece or the
;                   border is skipped. Ends at XLAB.
;       INPUTS:     OFFS = the step; ELAB, XLAB = label names for the
;                   empty case and the end; C = from, D = the colour
;                   key, E = flags, H = HIGH(BOARDA); alternate set
;                   as for APPEND.
;       OUTPUTS:    at most one entry.
;       REGISTERS:  AF, L, B' destroyed.
;       WHY:        the eight directions in line, the step an
;                   immediate operand: no direction table, no loop.
;**********************************************************************
STEP    MACRO   OFFS, ELAB, XLAB
        LD      A,C
        ADD     A,OFFS
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,ELAB
        ADD     A,D                     ; enemy -> negative
        JP      P,XLAB                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
        JR      XLAB
ELAB:
        APPEND
XLAB:
        ENDM

;**********************************************************************
;       RAY: ONE LINE OF A BISHOP, ROOK OR QUEEN (GENMOV)
;**********************************************************************
;       EXPANDS TO: from C, step OFFS while the squares are empty
;                   (each appended in line at LLAB), then at HLAB add
;                   the capture of an enemy piece through ADDM; an own
;                   piece or the border ends the line. Ends at XLAB.
;       INPUTS:     OFFS = the step; LLAB, HLAB, XLAB = label names
;                   for the loop, the hit and the end; C, D, E, H and
;                   the alternate set as for STEP.
;       OUTPUTS:    the line's entries in order.
;       REGISTERS:  AF, L, B' destroyed.
;       WHY:        one loop per direction with the step immediate;
;                   the +1 / -1 lines (INC L / DEC L) are written out
;                   in GENMOV, they step differently.
;**********************************************************************
RAY     MACRO   OFFS, LLAB, HLAB, XLAB
        LD      L,C
LLAB:
        LD      A,L
        ADD     A,OFFS
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      NZ,HLAB
        APPEND
        JR      LLAB
HLAB:
        ADD     A,D                     ; enemy -> negative
        JP      P,XLAB                  ; own piece or border
        SUB     D
        OR      E
        CALL    ADDM
XLAB:
        ENDM

;**********************************************************************
;       KNIGHTS: THE FOUR KNIGHT JUMPS OF ONE HALF (SQATKW, SQATKB)
;**********************************************************************
;       EXPANDS TO: the board bytes at IX+SG*8, +SG*12, +SG*19 and
;                   +SG*21 looked up in the attack-class table and
;                   ORed, one AND 08H, JR NZ,YES.
;       INPUTS:     SG = +1 (the half above the square) or -1 (below);
;                   YES = where "attacked" goes; IX -> the square,
;                   H = the table page (TABW / TABB).
;       OUTPUTS:    to YES when an enemy knight stands a jump away.
;       REGISTERS:  AF, L destroyed.
;       WHY:        four jumps decided by one test, no loop.
;**********************************************************************
KNIGHTS MACRO   SG, YES
        LD      L,(IX SG*8)
        LD      A,(HL)
        LD      L,(IX SG*12)
        OR      (HL)
        LD      L,(IX SG*19)
        OR      (HL)
        LD      L,(IX SG*21)
        OR      (HL)
        AND     08H                     ; an enemy knight a jump away?
        JR      NZ,YES
        ENDM

;**********************************************************************
;       NEARB, NEARW: THE FIRST SQUARE OF A LINE (SQATKB, SQATKW)
;**********************************************************************
;       EXPANDS TO: LAB: the byte at IX STEP; on to NEXT for an own
;                   piece (NEARB: and the border), to FAR when empty
;                   (the rest of the line), else its attack class
;                   AND MASK, JR NZ,YES.
;       INPUTS:     LAB = label of this probe; STEP = the signed step
;                   (+10, -9 ..); NEXT = the next probe; FAR = the
;                   rest of this line; MASK = the attack classes that
;                   count here (with 04H, the king, one step away);
;                   YES = where "attacked" goes; IX, H as KNIGHTS.
;       OUTPUTS:    to YES, NEXT or FAR.
;       REGISTERS:  AF, L destroyed.
;       WHY:        the nearest square decides most lines: tested in
;                   line, no loop and no CALL. NEARB tests the sign
;                   first (for white attackers the border 0FFH is
;                   negative like an own piece), NEARW tests empty
;                   first (for black attackers the border is an enemy
;                   byte of class 0, it falls through the AND).
;**********************************************************************
NEARB   MACRO   LAB, STEP, NEXT, FAR, MASK, YES
LAB:    LD      A,(IX STEP)
        OR      A
        JP      M,NEXT                  ; own piece or border
        JP      Z,FAR
        LD      L,A
        LD      A,(HL)
        AND     MASK
        JR      NZ,YES
        ENDM

NEARW   MACRO   LAB, STEP, NEXT, FAR, MASK, YES
LAB:    LD      A,(IX STEP)
        OR      A
        JP      Z,FAR
        JP      P,NEXT                  ; own piece
        LD      L,A
        LD      A,(HL)
        AND     MASK
        JR      NZ,YES
        ENDM

;**********************************************************************
;       FAR: A LINE BEYOND ITS FIRST SQUARE (SQATKW, SQATKB)
;**********************************************************************
;       EXPANDS TO: FLAB: OR the bytes at IX STEP*2 .. IX STEP*7 until
;                   one is not empty (A = 0 on entry: the first square
;                   was empty); at HLAB an own piece (condition OWN)
;                   goes on to NEXT, else its attack class AND MASK
;                   decides: A = 1 and RET when attacked.
;       INPUTS:     FLAB, HLAB = label names; STEP = the signed step;
;                   NEXT = the next probe; MASK = 01H (rook, queen)
;                   or 02H (bishop, queen); OWN = M (white attackers)
;                   or P (black attackers); IX, H as KNIGHTS.
;       OUTPUTS:    A = 1 and return when attacked, else on to NEXT.
;       REGISTERS:  AF, L destroyed.
;       WHY:        unrolled to the longest line (7 squares): no
;                   counter; a line that leaves the board meets the
;                   border, which is never empty.
;**********************************************************************
FAR     MACRO   FLAB, HLAB, STEP, NEXT, MASK, OWN
FLAB:   OR      (IX STEP*2)
        JR      NZ,HLAB
        OR      (IX STEP*3)
        JR      NZ,HLAB
        OR      (IX STEP*4)
        JR      NZ,HLAB
        OR      (IX STEP*5)
        JR      NZ,HLAB
        OR      (IX STEP*6)
        JR      NZ,HLAB
        OR      (IX STEP*7)
        JP      Z,NEXT                  ; seven empty: next is the border
HLAB:   JP      OWN,NEXT
        LD      L,A
        LD      A,(HL)
        AND     MASK
        JP      Z,NEXT
        LD      A,1
        RET
        ENDM

;**********************************************************************
;       ENTRY: READ A MOVE ENTRY (MOVE, UNMOVE)
;**********************************************************************
;       EXPANDS TO: from HL -> the entry's link: E = from, C = to,
;                   B = flags, D = H = HIGH(BOARDA), L = to; then one
;                   test of flags AND 67H below 5 sends the common
;                   move on, the rest to SPC.
;       INPUTS:     HL -> the entry; SPC = the special-move path.
;       OUTPUTS:    DE -> from, HL -> to, B = flags, C = to.
;       REGISTERS:  AF, BC, DE, HL destroyed (set as above).
;       WHY:        MOVE and UNMOVE decode alike and both start again
;                   here for a double move's second half; in line it
;                   costs no CALL/RET per half.
;**********************************************************************
ENTRY   MACRO   SPC
        INC     HL
        INC     HL
        LD      E,(HL)                  ; from
        INC     HL
        LD      C,(HL)                  ; to
        INC     HL
        LD      A,(HL)                  ; flags
        LD      D,HIGH(BOARDA)
        LD      H,D
        LD      L,C
        LD      B,A
        AND     67H
        CP      05H
        JR      NC,SPC                  ; queen taken, promotion, double
        ENDM

;**********************************************************************
;       PFDIR: ONE LINE OF A ROYAL SQUARE (PINFND)
;**********************************************************************
;       EXPANDS TO: from the square E outward: skip
;                   empty squares, stop at the border; the first piece
;                   of P1's colour (B) becomes the candidate C, a
;                   second one ends the line; a piece of the other
;                   colour behind a candidate goes to PFENY with
;                   PDIR = STEP (the type PT pins along this line),
;                   else the line ends.
;       INPUTS:     STEP = the signed step; PT = 3 (diagonal) or 4
;                   (rank, file); LP, OWN, ENDL = label names;
;                   B = P1, E = the royal square, H = 0.
;       OUTPUTS:    a pin in PLISTA when there is one.
;       REGISTERS:  AF, C, D, L destroyed; B, E, H kept.
;**********************************************************************
PFDIR   MACRO   STEP, PT, LP, OWN, ENDL
        LD      L,E
        LD      C,0
LP:     LD      A,L
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LP
        CP      0FFH
        JR      Z,ENDL                  ; the border
        XOR     B
        JP      P,OWN                   ; P1's colour
        INC     C
        DEC     C
        JR      Z,ENDL                  ; no candidate before it
        LD      A,STEP
        LD      (PDIR),A
        LD      A,(HL)
        LD      D,PT
        CALL    PFENY
        JR      ENDL
OWN:    INC     C
        DEC     C
        JR      NZ,ENDL                 ; two own pieces: no pin
        LD      C,L
        JR      LP
ENDL:
        ENDM

;**********************************************************************
;       PARANK: OFFER THE PIECES OF ONE RANK TO ROUT (POINTS, PHASE 1)
;**********************************************************************
;       EXPANDS TO: for the 8 squares from FIRST: LD HL,square /
;                   LD A,(HL) / OR A / CALL NZ,ROUT.
;       REGISTERS:  whatever ROUT destroys.
;**********************************************************************
PARANK  MACRO   FIRST, ROUT
        LD      HL,FIRST
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+1
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+2
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+3
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+4
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+5
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+6
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        LD      HL,FIRST+7
        LD      A,(HL)
        OR      A
        CALL    NZ,ROUT
        ENDM

;**********************************************************************
;       CSLIDE: ONE LINE OF A FREE SLIDER (POINTS, PHASE 1)
;**********************************************************************
;       EXPANDS TO: for the squares at STEP, STEP*2 .. STEP*7 from the
;                   piece: count it as an attacker there (INC of its
;                   colour's count page), stop at the first square
;                   that is not empty. When that is a piece of its own
;                   colour, GXRAY decides whether the line goes on
;                   through it (an x-ray: SARGON_EVAL.md Q2).
;       INPUTS:     STEP = the signed step (+9, -10 ..); TM = the
;                   classes (CLS) that pass this line on; H1..H6, HIT,
;                   NEXT = label names; IX -> the piece on the board,
;                   IY -> its square on its colour's count page,
;                   B = its square, C = its byte, PCPG = that page.
;       OUTPUTS:    counts.
;       REGISTERS:  AF, DE, HL destroyed; B, C, IX, IY kept.
;       WHY:        unrolled to the longest line: a step costs one INC,
;                   one load and a test (53 T-states); a border square
;                   is counted too and never read.
;**********************************************************************
CSLIDE  MACRO   STEP, TM, H1, H2, H3, H4, H5, H6, HIT, NEXT
        INC     (IY STEP)
        LD      A,(IX STEP)
        OR      A
        JR      NZ,H1
        INC     (IY STEP*2)
        LD      A,(IX STEP*2)
        OR      A
        JR      NZ,H2
        INC     (IY STEP*3)
        LD      A,(IX STEP*3)
        OR      A
        JR      NZ,H3
        INC     (IY STEP*4)
        LD      A,(IX STEP*4)
        OR      A
        JR      NZ,H4
        INC     (IY STEP*5)
        LD      A,(IX STEP*5)
        OR      A
        JR      NZ,H5
        INC     (IY STEP*6)
        LD      A,(IX STEP*6)
        OR      A
        JR      NZ,H6
        INC     (IY STEP*7)
        LD      A,(IX STEP*7)
        OR      A
        JR      Z,NEXT                  ; seven empty: the border follows
        LD      E,STEP*7
        JR      HIT
H1:     LD      E,STEP
        JR      HIT
H2:     LD      E,STEP*2
        JR      HIT
H3:     LD      E,STEP*3
        JR      HIT
H4:     LD      E,STEP*4
        JR      HIT
H5:     LD      E,STEP*5
        JR      HIT
H6:     LD      E,STEP*6
HIT:    INC     A
        JR      Z,NEXT                  ; the border
        DEC     A
        XOR     C
        JP      M,NEXT                  ; the other colour: the line ends
        LD      A,STEP
        LD      (PDIR),A
        LD      A,TM
        CALL    GXRAY
NEXT:
        ENDM

;**********************************************************************
;       SLINE: ONE LINE OF THE EXACT SCAN (POINTS, PHASE 2)
;**********************************************************************
;       EXPANDS TO: from the square E along STEP to the first piece;
;                   when it attacks (its CLS class AND NEAR one step
;                   away, AND the line's far class beyond) CALL FIRST
;                   (SFIRD for a diagonal, SFIRO for a rank or file)
;                   with A = STEP; on to NX.
;       INPUTS:     E = the square, H = 0, B = HIGH(CLS); WLP, NX =
;                   label names.
;       REGISTERS:  AF, C, D, L destroyed; B, E, H kept.
;**********************************************************************
SLINE   MACRO   STEP, NEAR, FAR, FIRST, WLP, NX
        LD      A,E
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,WLP
        LD      C,A
        LD      A,(BC)
        AND     NEAR
        JR      Z,NX                    ; the first piece does not attack
        LD      A,STEP
        CALL    FIRST
        JR      NX
WLP:    LD      A,L
        ADD     A,STEP
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,WLP
        LD      C,A
        LD      A,(BC)
        AND     FAR
        JR      Z,NX
        LD      A,STEP
        CALL    FIRST
NX:
        ENDM

;**********************************************************************
;       SCHAIN: THE X-RAY CHAIN OF THE EXACT SCAN (POINTS, PHASE 2)
;**********************************************************************
;       EXPANDS TO: the first attacker C on L goes through SREC (D = 0
;                   when it is a queen: the rest of the line is behind
;                   a queen); after a king the line ends; else step on
;                   along PDIR: a piece of the same colour whose class
;                   has FAR is recorded too (a queen puts the rest
;                   behind a queen), anything else ends the line.
;       INPUTS:     A = the step, C = the first attacker, L = its
;                   square, B = HIGH(CLS), H = 0; LP, NQ = labels.
;       REGISTERS:  AF, C, D, L destroyed; B, E, H kept.
;**********************************************************************
SCHAIN  MACRO   FAR, LP, NQ
        LD      (PDIR),A
        LD      A,C
        AND     07H
        SUB     05H
        LD      D,A                     ; 0: behind a queen
        CALL    SREC
        LD      A,C
        AND     07H
        CP      06H
        RET     Z                       ; a king ends its line
LP:     LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        LD      A,(HL)
        OR      A
        JR      Z,LP
        XOR     C
        RET     M                       ; another colour (a white line: the border too)
        XOR     C
        LD      C,A
        LD      A,(BC)
        AND     FAR
        RET     Z                       ; no x-ray attacker (the border: class 0)
        LD      A,C
        AND     07H
        CP      05H
        JR      NZ,NQ
        LD      D,0
NQ:     CALL    SREC
        JR      LP
        ENDM
