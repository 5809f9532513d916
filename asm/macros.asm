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
