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
