;**********************************************************************
;       THE SEARCH: FNDMOV, SORTM, EVAL, ASCEND, BOOK
;**********************************************************************
;       Written from ../shared/SARGON_SEARCH.md sections 4 to 9: a
;       depth-first alpha-beta over an explicit ply stack, no
;       recursion, so the stack depth does not grow with the depth.
;       The decisions (walk order, windows, ties, mate and stalemate,
;       the check extension, the mate exit, MOVENO and COLOR on the
;       way down and up) are the 1978 program's; the cost is in
;       POINTS, GENMOV, MOVE, UNMOVE and INCHK, which are ours.
;
;       STATE (page 0, data.asm; SCORE and PLYIX above the image)
;         S[k] = SCORE+k: the best NEG(result) of the side to move at
;         ply k. SCRIX -> S[NPLY-1], so at ply k (SCRIX) is the
;         parent's bound S[k-1] and (SCRIX+1) is S[k].
;         PLYIX: per ply a start word and the current-move word;
;         MLPTRI -> the current-move word of the ply NPLY.
;
;       THE HARNESS (SARGON_SEARCH.md 7): poke BOARDA, POSK, POSQ,
;       KOLOR, MOVENO, PLYMAX, a previous-move entry outside the list,
;       the stack, the variables and the code (PREVMV = 0FF00H, free
;       RAM above the stack, is such a place; 2000H is code here) and
;       MLPTRJ -> it; it may zero PLYIX; call FNDMOV with SP = STACK.
;       Then read BESTM (the entry: from +2, to +3, flags +4, a double
;       move's second half at +6; BOOK points it at a record - 2 in
;       BMOVES), SCORE+1, PLYMAX, PMATE, POSQ.
;       The symbols a search harness uses, with the 1978 meanings:
;       FNDMOV, POINTS, KOLOR, COLOR, MOVENO, PLYMAX, NPLY, VALM,
;       BESTM, SCORE, PMATE, MLPTRJ, MLPTRI, MLNXT, MLIST, MLEND,
;       PLYIX, STACK, BC0, MV0, BRDC, MTRL, PTSL, PTSW1, PTSW2, PTSCK
;       (and the board ABI's). Every evaluation is one CALL POINTS
;       (root, pre-sort, leaf); at its return NPLY, MLPTRJ, VALM, the
;       entry's value byte and the terms BRDC .. PTSCK are those of
;       that evaluation, so a watcher of PC takes its records there.
;       An overfull move list or ply table (deep PLYMAX, or PLYMAX
;       255 left by a mate exit at PLYMAX 1) stops the search: MLOVF
;       is non-zero and BESTM = 0 after the call; the board, COLOR
;       and MOVENO are put back. A harness checks MLOVF first.
;**********************************************************************

;**********************************************************************
;       FNDMOV: FIND THE BEST MOVE FOR KOLOR
;**********************************************************************
;       FUNCTION:   BOOK at MOVENO = 1. Else: initialise (5.2), root
;                   evaluation (5.3), then the walk (5.4 - 5.9).
;       INPUTS:     as above.
;       OUTPUTS:    BESTM, SCORE+1, PLYMAX (- 2 after a mate exit),
;                   PMATE; NPLY = 1, COLOR = KOLOR, MOVENO as poked;
;                   the ply-1 list in MLIST with its value bytes.
;       REGISTERS:  all destroyed.
;       STACK:      at most 40 bytes below the stack top, the return
;                   address included (the deepest path: SORTM, EVAL,
;                   PINFND, PFROY, PFENY, ATTACK, ATREC, PINCHK, with
;                   their pushes); the measured maximum over all the
;                   sargon1978 searches is the same 40 (1978: 26).
;**********************************************************************
FNDMOV: LD      A,(MOVENO)              ; 3 opcode fetches to BOOK's
        DEC     A                       ; LD A,R (ED 5F): with BOOK's
        JP      Z,BOOK                  ; 3 an even 6, see BOOK
        XOR     A
        LD      (NPLY),A
        LD      (MLOVF),A
        LD      (BC0),A
        LD      (MV0),A
        LD      H,A
        LD      L,A
        LD      (BESTM),HL
        LD      HL,MLIST
        LD      (MLNXT),HL
        LD      HL,PLYIX-2
        LD      (MLPTRI),HL
        LD      A,(KOLOR)
        LD      (COLOR),A
        LD      A,(MOVENO)
        LD      (FSAVE),A
        LD      HL,SCORE
        LD      (SCRIX),HL
        LD      A,(PLYMAX)              ; S[0] .. S[PLYMAX+1] := 0
        ADD     A,2                     ; (8-bit: PLYMAX 255 clears S[0])
        LD      B,A
        JR      Z,FND1
        CP      SCORESZ+1
        JR      C,FND2
FND1:   LD      B,SCORESZ
FND2:   XOR     A
FND3:   LD      (HL),A
        INC     HL
        DJNZ    FND3
        CALL    CLMARK
        CALL    PINFND                  ; the root (NPLY 0, MLPTRJ = the
        CALL    POINTS                  ; caller's previous move)
        LD      A,(BRDC)
        LD      (BC0),A
        LD      A,(MTRL)
        LD      (MV0),A

;       5.4 A new ply: its moves, sorted above PLYMAX.
NEWPLY: LD      HL,NPLY
        INC     (HL)
        XOR     A
        LD      (MATEF),A
        CALL    GENMOV
        LD      A,(MLOVF)
        OR      A
        JP      NZ,FMOVF
        LD      A,(PLYMAX)
        LD      B,A
        LD      A,(NPLY)
        CP      B
        CALL    C,SORTM
        LD      HL,(MLPTRI)             ; the head word reads like a link
        LD      (MLPTRJ),HL

;       5.5 The next move of this ply.
NEXT:   LD      HL,(MLPTRJ)
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        LD      A,D                     ; the end: high byte 0
        OR      A
        JP      Z,ENDLST
        LD      (MLPTRJ),DE
        LD      HL,(MLPTRI)
        LD      (HL),E
        INC     HL
        LD      (HL),D
        LD      A,(PLYMAX)
        LD      B,A
        LD      A,(NPLY)
        CP      B
        JR      NC,NXLEAF
        LD      HL,5                    ; a sorted ply: value 0 is an
        ADD     HL,DE                   ; illegal move
        LD      A,(HL)
        OR      A
        JR      Z,NEXT
        CALL    MOVE
        JP      DESCND
NXLEAF: CALL    MOVE
        CALL    INCHK
        OR      A
        JR      Z,NXL1
        CALL    UNMOVE                  ; illegal
        JR      NEXT
NXL1:   LD      A,(PLYMAX)
        LD      B,A
        LD      A,(NPLY)
        CP      B
        JR      NZ,NXL2
        LD      HL,COLOR                ; at PLYMAX: does it give check?
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        CALL    INCHK
        LD      HL,COLOR
        LD      B,A
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        LD      A,B
        OR      A
        JR      NZ,DESCND               ; the check extension
NXL2:   CALL    PINFND                  ; a leaf
        CALL    POINTS
        CALL    UNMOVE
        LD      A,1
        LD      (MATEF),A
        LD      A,(VALM)
        JR      RESULT

;       5.6 Down one ply with the move made.
DESCND: LD      HL,COLOR
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        JP      M,DSC1
        LD      HL,MOVENO               ; white to move: one move on
        INC     (HL)
DSC1:   LD      HL,(SCRIX)
        LD      A,(HL)                  ; S[k-1]
        INC     HL
        LD      (SCRIX),HL
        INC     HL
        LD      (HL),A                  ; S[k+1] := S[k-1]
        JP      NEWPLY

;       5.7 The end of the list.
ENDLST: LD      A,(MATEF)
        OR      A
        JR      NZ,ENDL2
        LD      A,(CKFLG)               ; no move: mate or stalemate
        OR      A
        LD      A,80H
        JR      Z,ENDL1
        LD      A,(MOVENO)
        LD      (PMATE),A
        LD      A,0FFH
ENDL1:  LD      HL,MATEF
        LD      (HL),1
        JR      RESULT
ENDL2:  LD      A,(NPLY)
        DEC     A
        RET     Z                       ; ply 1 done: the search is over
        LD      HL,(SCRIX)
        INC     HL
        LD      A,(HL)                  ; S[k], the result one ply up
        PUSH    AF
        CALL    ASCEND
        POP     AF

;       5.8 The result A of the move at MLPTRJ, ply k = NPLY.
RESULT: LD      HL,(SCRIX)
        CP      (HL)
        JR      C,RCUT                  ; r <= S[k-1]: cut-off
        JR      Z,RCUT
        NEG
        INC     HL
        CP      (HL)
        JP      C,NEXT                  ; NEG(r) <= S[k]: not better
        JP      Z,NEXT
        LD      (HL),A
        LD      A,(NPLY)
        DEC     A
        JP      NZ,NEXT
        LD      HL,(MLPTRJ)             ; ply 1: the best so far
        LD      (BESTM),HL
        LD      A,(SCORE+1)
        INC     A
        JP      NZ,NEXT
        LD      HL,PLYMAX               ; a forced mate: stop here
        DEC     (HL)
        DEC     (HL)
        LD      A,(KOLOR)
        OR      A
        RET     P
        LD      HL,PMATE
        DEC     (HL)
        RET
RCUT:   CALL    ASCEND
        JP      NEXT

;**********************************************************************
;       ASCEND: UP ONE PLY (5.9)
;**********************************************************************
;       FUNCTION:   COLOR toggled (MOVENO - 1 when black is to move
;                   again), SCRIX - 1, NPLY - 1, MLNXT = the start of
;                   the ply left, MLPTRI - 4, MLPTRJ = the current move
;                   of the ply now current, UNMOVE it.
;       REGISTERS:  AF, BC, DE, HL destroyed.
;**********************************************************************
ASCEND: LD      HL,COLOR
        LD      A,(HL)
        XOR     80H
        LD      (HL),A
        JP      P,ASC1
        LD      HL,MOVENO
        DEC     (HL)
ASC1:   LD      HL,(SCRIX)
        DEC     HL
        LD      (SCRIX),HL
        LD      HL,NPLY
        DEC     (HL)
        LD      HL,(MLPTRI)
        DEC     HL
        LD      D,(HL)
        DEC     HL
        LD      E,(HL)
        LD      (MLNXT),DE              ; the left ply's entries are free
        DEC     HL
        DEC     HL
        LD      (MLPTRI),HL
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        LD      (MLPTRJ),DE
        JP      UNMOVE

;       The list or the ply table is full: take back the moves made
;       (plies NPLY-1 .. 1), put COLOR and MOVENO back, BESTM = 0.
FMOVF:  LD      A,(NPLY)
FMO1:   DEC     A
        JR      Z,FMO2
        PUSH    AF
        LD      L,A
        LD      H,0
        ADD     HL,HL
        ADD     HL,HL
        LD      DE,PLYIX-2
        ADD     HL,DE                   ; the current-move word of ply A
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        LD      (MLPTRJ),DE
        CALL    UNMOVE
        POP     AF
        JR      FMO1
FMO2:   LD      A,(KOLOR)
        LD      (COLOR),A
        LD      A,(FSAVE)
        LD      (MOVENO),A
        LD      HL,0
        LD      (BESTM),HL
        RET

;**********************************************************************
;       SORTM: VALUE AND SORT THE MOVES OF A PLY (SECTION 6)
;**********************************************************************
;       FUNCTION:   In generation order, EVAL each entry and insert it
;                   into the re-linked list after every entry whose
;                   value is lower or equal: ascending, ties in
;                   generation order, illegal moves (0) first.
;       INPUTS:     MLPTRI -> the ply's head word, the GENMOV list.
;       OUTPUTS:    the list re-linked; value bytes; MLPTRJ = the last
;                   entry.
;       REGISTERS:  all destroyed.
;**********************************************************************
SORTM:  LD      HL,(MLPTRI)
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        XOR     A
        LD      (HL),A                  ; the new list is empty
        DEC     HL
        LD      (HL),A
SRT1:   LD      A,D
        OR      A
        RET     Z
        LD      (MLPTRJ),DE
        EX      DE,HL
        LD      E,(HL)
        INC     HL
        LD      D,(HL)                  ; the next in generation order
        PUSH    DE
        CALL    EVAL
        LD      HL,(MLPTRJ)
        LD      DE,5
        ADD     HL,DE
        LD      C,(HL)                  ; its value
        LD      HL,(MLPTRI)
SRT2:   LD      E,(HL)                  ; HL -> a link word, DE = link
        INC     HL
        LD      D,(HL)
        DEC     HL
        LD      A,D
        OR      A
        JR      Z,SRT3                  ; the end
        PUSH    HL
        LD      HL,5
        ADD     HL,DE
        LD      A,(HL)
        POP     HL
        CP      C
        JR      Z,SRT2A
        JR      NC,SRT3                 ; greater: insert before it
SRT2A:  EX      DE,HL
        JR      SRT2
SRT3:   LD      BC,(MLPTRJ)
        LD      (HL),C                  ; link -> the new entry
        INC     HL
        LD      (HL),B
        LD      H,B
        LD      L,C
        LD      (HL),E                  ; the new entry -> the rest
        INC     HL
        LD      (HL),D
        POP     DE
        JR      SRT1

;**********************************************************************
;       EVAL: ONE MOVE FOR SORTM
;**********************************************************************
;       FUNCTION:   MOVE; an illegal move (the mover's king attacked)
;                   keeps value 0 and gets VALM 0; a legal one PINFND
;                   and POINTS; UNMOVE.
;       REGISTERS:  all destroyed.
;**********************************************************************
EVAL:   CALL    MOVE
        CALL    INCHK
        OR      A
        JR      Z,EVAL1
        XOR     A
        LD      (VALM),A
        JP      UNMOVE
EVAL1:  CALL    PINFND
        CALL    POINTS
        JP      UNMOVE

;**********************************************************************
;       BOOK: THE FIRST MOVE (SECTION 9)
;**********************************************************************
;       FUNCTION:   White: bit 0 of R, as it was on entry to FNDMOV,
;                   chooses e2e4 (0) or d2d4 (1). The path from
;                   FNDMOV's first instruction to LD A,R fetches 6
;                   opcodes (even), so R counts 8 on a real Z80 when
;                   read, and bit 0 is unchanged. Black: the
;                   opponent's from-square (entry at MLPTRJ): b1, g1,
;                   d2 and above e2 give d7d5, the rest e7e5.
;                   BESTM := the record - 2, SCORE+1 := 0.
;       REGISTERS:  AF, HL destroyed.
;**********************************************************************
BOOK:   LD      A,(KOLOR)
        ADD     A,A
        JR      C,BOOKB
        LD      A,R
        RRCA
        LD      HL,BMOVES-2             ; e2e4
        JR      NC,BOOK1
        LD      HL,BMOVES+3-2           ; d2d4
BOOK1:  LD      (BESTM),HL
        XOR     A
        LD      (SCORE+1),A
        RET
BOOKB:  LD      HL,(MLPTRJ)
        INC     HL
        INC     HL
        LD      A,(HL)                  ; where White's first move came from
        LD      HL,BMOVES+6-2           ; e7e5
        CP      22
        JR      Z,BOOKD                 ; b1
        CP      27
        JR      Z,BOOKD                 ; g1
        CP      34
        JR      C,BOOK1                 ; a2, b2, c2 (and below)
        JR      Z,BOOKD                 ; d2
        CP      35
        JR      Z,BOOK1                 ; e2
BOOKD:  LD      HL,BMOVES+9-2           ; d7d5
        JR      BOOK1

;       The four book moves: from, to, flags (a first move, bit 4).
BMOVES: DB      35,55,10H               ; e2e4
        DB      34,54,10H               ; d2d4
        DB      85,65,10H               ; e7e5
        DB      84,64,10H               ; d7d5

;**********************************************************************
;       CLMARK: CLEAR CNTW AND CNTB ON THE PLAYING SQUARES
;**********************************************************************
;       FUNCTION:   POINTS leaves the count pages clear; this makes
;                   them so once per search (power-on RAM, a broken
;                   run).
;       REGISTERS:  AF, BC, HL destroyed.
;**********************************************************************
CLMARK: LD      H,HIGH(CNTW)
        CALL    CLPAGE
        INC     H
CLPAGE: LD      C,0
        LD      L,21
CLP1:   LD      B,8
CLP2:   LD      (HL),C
        INC     L
        DJNZ    CLP2
        INC     L
        INC     L
        LD      A,L
        CP      101
        JR      C,CLP1
        RET
