;**********************************************************************
;       PERFT: COUNT THE LEAF NODES OF THE LEGAL MOVE TREE
;**********************************************************************
;       FUNCTION:   Walks the tree to depth PDEPTH with GENMOV, MOVE,
;                   INCHK and UNMOVE and counts the legal leaves. Each
;                   ply is handled like the harness handles the root:
;                   GENMOV advances MLPTRI by 4 and appends at MLNXT;
;                   after the ply, MLNXT and MLPTRI are put back.
;                   A move is legal when, after MOVE, INCHK for the
;                   side that moved (COLOR unchanged) returns 0.
;       CALLED BY:  the harness.
;       INPUTS:     PDEPTH; BOARDA, POSK, POSQ, COLOR; MLPTRJ -> the
;                   previous move (copied, so it may lie anywhere).
;       OUTPUTS:    PCOUNT (32-bit, little-endian); MLOVF = 1 when the
;                   list overflowed (the count is then incomplete and
;                   the board is left mid-tree), 2 when PDEPTH is more
;                   than the ply table holds. MLPTRI = PLYIX-2,
;                   MLNXT = MLIST, MLPTRJ -> PFPREV afterwards.
;       REGISTERS:  all destroyed.
;**********************************************************************
PERFT:  LD      HL,(MLPTRJ)
        LD      DE,PFPREV
        LD      BC,6
        LDIR                            ; the root's previous move
        LD      HL,PFPREV
        LD      (MLPTRJ),HL
        LD      HL,PLYIX-2
        LD      (MLPTRI),HL
        LD      HL,MLIST
        LD      (MLNXT),HL
        LD      HL,0
        LD      (PCOUNT),HL
        LD      (PCOUNT+2),HL
        XOR     A
        LD      (MLOVF),A
        LD      A,(PDEPTH)
        OR      A
        JR      NZ,PERFT1
        INC     L                       ; depth 0: the root alone
        LD      (PCOUNT),HL
        RET
PERFT1: CP      PMAXD+1
        JR      C,PERFT2
        LD      A,2                     ; deeper than the ply table
        LD      (MLOVF),A
        RET
PERFT2: LD      (PFSP),SP
        LD      B,A

;       PNODE: B = depth left (1 or more) for the position in memory.
PNODE:  PUSH    BC
        CALL    GENMOV
        LD      A,(MLOVF)
        OR      A
        JP      NZ,PFOVF
        POP     BC
        LD      HL,(MLPTRI)
        LD      E,(HL)
        INC     HL
        LD      D,(HL)                  ; DE -> first entry
        DEC     B
        JR      Z,PLEAF
        INC     B
PNLOOP: LD      A,D
        OR      E
        JR      Z,PNDONE
        LD      (MLPTRJ),DE
        PUSH    BC
        EX      DE,HL
        CALL    MOVE1
        CALL    INCHK                   ; keeps BC
        POP     BC
        OR      A
        JR      NZ,PNBACK               ; illegal: the mover is in check
        LD      HL,(MLPTRJ)
        PUSH    HL
        PUSH    BC
        LD      HL,COLOR
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        DEC     B
        CALL    PNODE                   ; B = depth left below
        LD      HL,COLOR
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        POP     BC
        POP     HL
        LD      (MLPTRJ),HL
PNBACK: PUSH    BC
        CALL    UNMOVE
        POP     BC
        LD      HL,(MLPTRJ)
        LD      E,(HL)
        INC     HL
        LD      D,(HL)                  ; DE -> next entry
        JR      PNLOOP

;       The last ply: count the legal moves in IY, then add IY to
;       PCOUNT once.
PLEAF:  LD      IY,0
PLEAF1: LD      A,D
        OR      E
        JR      Z,PLEAF3
        LD      (MLPTRJ),DE
        EX      DE,HL
        CALL    MOVE1
        CALL    INCHK
        OR      A
        JR      NZ,PLEAF2               ; illegal: the mover is in check
        INC     IY
PLEAF2: CALL    UNMOVE
        LD      HL,(MLPTRJ)
        LD      E,(HL)
        INC     HL
        LD      D,(HL)                  ; DE -> next entry
        JR      PLEAF1
PLEAF3: PUSH    IY
        POP     DE
        LD      HL,(PCOUNT)
        ADD     HL,DE
        LD      (PCOUNT),HL
        JR      NC,PNDONE
        LD      HL,(PCOUNT+2)
        INC     HL
        LD      (PCOUNT+2),HL
;       The ply is done: MLNXT = its start, MLPTRI back by 4.
PNDONE: LD      HL,(MLPTRI)
        DEC     HL
        LD      D,(HL)
        DEC     HL
        LD      E,(HL)
        LD      (MLNXT),DE
        DEC     HL
        DEC     HL
        LD      (MLPTRI),HL
        RET
;       The list overflowed: give up the whole count.
PFOVF:  LD      SP,(PFSP)
        RET
