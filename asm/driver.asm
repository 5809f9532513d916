;**********************************************************************
;       THE GAME: DRIVER, CMOVE, HMOVE
;**********************************************************************
;       The game loop of ../shared/SARGON_SEARCH.md section 10 on the
;       project's engine. The state between moves is the 1978
;       program's: the board with its moved and castled bits, POSK,
;       POSQ, KOLOR (the computer's side), MOVENO (the full-move
;       number, 1 at the start, up by one after black's move) and the
;       previous move's entry, which GENMOV reads for en passant and
;       the root POINTS for its to-square. Ours lives in LASTMV (link
;       0, from, to, flags, value 0: the bytes a harness pokes for the
;       same game), so nothing in MLIST has to survive a move.
;
;       The computer's first move (MOVENO 1) is FNDMOV's BOOK, as in
;       1978: white's from the R register, black's from the player's
;       first move. Every later move is a full search at the level
;       the player chose, set again before each call (a mate exit
;       lowers PLYMAX by 2, and the 1978 loop kept it lowered; here
;       the announced mate is searched at the chosen level).
;
;       Before each search FRESH gives the evaluation's scratch memory
;       (its per-square counts and stamps, the pin list, PSTAMP, the
;       score and ply tables) the contents of a freshly loaded image,
;       so every search costs exactly the T-states that
;       `sargon-z80 think --engine z80` measures for the same game.
;
;       What the 1978 loop left to chance is tested here: before the
;       computer searches, whether it has a legal move at all (mated
;       or stalemated: the game ends, no search); after its move,
;       whether the player has one (mate, stalemate) or is in check.
;**********************************************************************

;**********************************************************************
;       DRIVER: THE PROGRAM'S ENTRY
;**********************************************************************
;       FUNCTION:   The dialogue (greeting, help, side, level), then
;                   the game until it ends, then back to the monitor.
;       INPUTS:     none: loaded at 0000H, entered here.
;**********************************************************************
DRIVER: LD      SP,STACK
        XOR     A
        LD      (HELPF),A
DRV1:   CALL    GREET                   ; the greeting and the question
        KEYIN
        AND     5FH                     ; upper case
        CP      'Y'
        JR      Z,DRV2
        LD      A,1                     ; anything else: with the help
        LD      (HELPF),A
        JR      DRV1
DRV2:   CHROUT
        NEWLN
        CALL    ASKSID                  ; PLAYER, KOLOR
        CALL    ASKLEV                  ; LEVEL
        CALL    INITBD
        LD      A,1
        LD      (MOVENO),A
        LD      HL,LASTMV               ; no move yet: an all-zero entry
        LD      B,6
        XOR     A
DRV3:   LD      (HL),A
        INC     HL
        DJNZ    DRV3
        CALL    SCREEN
        LD      A,(KOLOR)
        OR      A
        JR      NZ,DRV5                 ; the player has white
DRV4:   CALL    CMOVE
DRV5:   CALL    HMOVE
        JR      DRV4

;**********************************************************************
;       CMOVE: THE COMPUTER'S MOVE
;**********************************************************************
;       FUNCTION:   No legal move: the game ends (mate or stalemate).
;                   Else FNDMOV (BOOK at MOVENO 1), MOVE of BESTM (both
;                   halves of a double move), the board redrawn, the
;                   piece blinked, the move listed; a mate seen ahead
;                   announced; the player mated or stalemated ends the
;                   game, a check is shown. MOVENO + 1 after black.
;       REGISTERS:  all destroyed.
;**********************************************************************
CMOVE:  LD      A,(KOLOR)
        CALL    LEGALS
        JR      NZ,CM1
        LD      DE,TYWIN                ; I am mated or stalemated
        JR      CMEND
CM1:    LD      HL,TTHINK
        CALL    PROMPT
        CALL    FRESH
        LD      A,(LEVEL)
        LD      (PLYMAX),A
        LD      HL,LASTMV
        LD      (MLPTRJ),HL
        CALL    FNDMOV
        LD      HL,(BESTM)
        LD      (MLPTRJ),HL
        CALL    MOVE
        CALL    PLAYED
        CALL    BLINK
        LD      A,(SCORE+1)             ; 0FFH: a forced mate found
        INC     A
        JR      NZ,CM2
        LD      A,(MOVENO)
        LD      B,A
        LD      A,(PMATE)               ; the move number of the mate
        SUB     B
        CALL    NZ,MATEIN               ; 0: this move mates, seen below
CM2:    LD      A,(PLAYER)
        CALL    LEGALS
        JR      NZ,CM3
        LD      DE,TIWIN                ; the player is mated or stalemated
CMEND:  LD      A,(CKFLG)
        OR      A
        LD      HL,TMATE
        JP      NZ,GAMEND
        LD      HL,TSTALE
        LD      DE,TDRAW
        JP      GAMEND
CM3:    LD      A,(CKFLG)
        OR      A
        LD      HL,TCHECK
        CALL    NZ,MSG1
        LD      A,(KOLOR)
        JR      NEXTNO

;**********************************************************************
;       HMOVE: THE PLAYER'S MOVE
;**********************************************************************
;       FUNCTION:   Five keys (GETMV; Ctrl-R resigns), the move looked
;                   up and made (FINDMV), refused with a message and
;                   asked again when it is not legal; then the board
;                   redrawn and the move listed. MOVENO + 1 after black.
;       REGISTERS:  all destroyed.
;**********************************************************************
HMOVE:  LD      HL,TYOURS
        CALL    PROMPT
HM1:    CALL    GETMV
        CALL    FINDMV
        JR      Z,HM2
        LD      HL,TILLEG
        CALL    MSG1
        JR      HM1
HM2:    CALL    CLRMSG
        CALL    PLAYED
        LD      A,(PLAYER)
;       NEXTNO: MOVENO + 1 when A (the side that moved) is black.
NEXTNO: OR      A
        RET     P
        LD      HL,MOVENO
        INC     (HL)
        RET

;       RESIGN: Ctrl-R during a move.
RESIGN: LD      HL,TRESGN
        LD      DE,TIWIN
;       GAMEND: HL and DE on the two message rows, the end of the game,
;       back to the monitor.
GAMEND: PUSH    DE
        CALL    MSG1
        POP     HL
        CALL    MSG2
        LD      HL,TOVER
        CALL    PROMPT
        CALL    CLRIN
        TOMON
        JP      DRIVER                  ; (the monitor does not return)

;**********************************************************************
;       FINDMV: THE PLAYER'S MOVE AMONG THE LEGAL ONES
;**********************************************************************
;       FUNCTION:   As the 1978 game takes a typed move: GENMOV for
;                   the player, the first entry in list order with
;                   from = SQFROM and to = SQTO (castling is the
;                   king's move, a promotion always a queen), MOVE,
;                   and UNMOVE again if the player's king is then
;                   attacked.
;       OUTPUTS:    Z: the move is made, MLPTRJ -> its entry.
;                   NZ: no such legal move; MLPTRJ -> LASTMV.
;       REGISTERS:  all destroyed.
;**********************************************************************
FINDMV: LD      A,(PLAYER)
        CALL    GENLST
FM1:    LD      A,H                     ; the end: high byte 0
        OR      A
        JR      Z,FMNO
        PUSH    HL
        INC     HL
        INC     HL
        LD      A,(SQFROM)
        CP      (HL)
        JR      NZ,FM2
        INC     HL
        LD      A,(SQTO)
        CP      (HL)
        JR      Z,FM3
FM2:    POP     HL                      ; the next entry
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        EX      DE,HL
        JR      FM1
FM3:    POP     HL
        LD      (MLPTRJ),HL
        CALL    MOVE
        CALL    INCHK
        OR      A
        RET     Z
        CALL    UNMOVE                  ; it leaves the king attacked
FMNO:   LD      HL,LASTMV
        LD      (MLPTRJ),HL
        OR      1
        RET

;**********************************************************************
;       LEGALS: DOES THE SIDE A HAVE A LEGAL MOVE?
;**********************************************************************
;       FUNCTION:   GENMOV for colour A, then MOVE, INCHK, UNMOVE on
;                   each entry until one leaves the king safe. POSQ is
;                   kept (MOVE and UNMOVE can move it, ABI 6).
;       OUTPUTS:    NZ: a legal move exists. CKFLG: A is in check.
;                   COLOR = A, MLPTRJ -> LASTMV.
;       REGISTERS:  all destroyed.
;**********************************************************************
LEGALS: CALL    GENLST
        LD      DE,(POSQ)
        LD      (POSQSV),DE
LG1:    LD      A,H
        OR      A
        JR      Z,LG3                   ; the end: none (A = 0, Z)
        LD      (MLPTRJ),HL
        CALL    MOVE
        CALL    INCHK
        PUSH    AF
        CALL    UNMOVE
        POP     AF
        OR      A
        JR      Z,LG2
        LD      HL,(MLPTRJ)             ; illegal: the next entry
        LD      E,(HL)
        INC     HL
        LD      D,(HL)
        EX      DE,HL
        JR      LG1
LG2:    INC     A                       ; legal: A = 1, NZ
LG3:    LD      DE,(POSQSV)
        LD      (POSQ),DE
        LD      HL,LASTMV
        LD      (MLPTRJ),HL
        RET

;       GENLST: GENMOV for colour A from an empty ply table, the
;       previous move LASTMV; HL = the list's first entry (0: none).
GENLST: LD      (COLOR),A
        LD      HL,PLYIX-2
        LD      (MLPTRI),HL
        LD      HL,MLIST
        LD      (MLNXT),HL
        LD      HL,LASTMV
        LD      (MLPTRJ),HL
        CALL    GENMOV
        LD      HL,(PLYIX+2)            ; the ply's head link
        RET

;**********************************************************************
;       PLAYED: A MOVE HAS BEEN MADE
;**********************************************************************
;       FUNCTION:   The entry at MLPTRJ becomes the previous move
;                   (LASTMV: link 0, from, to, flags, value 0) and
;                   MLPTRJ points there; the board is redrawn and the
;                   move written into the move list.
;       REGISTERS:  all destroyed.
;**********************************************************************
PLAYED: LD      HL,(MLPTRJ)
        INC     HL
        INC     HL
        LD      DE,LASTMV+2
        LD      BC,3
        LDIR
        XOR     A
        LD      HL,LASTMV
        LD      (MLPTRJ),HL
        LD      (HL),A
        INC     HL
        LD      (HL),A
        LD      (LASTMV+5),A
        CALL    BOARD
        JP      LISTMV

;**********************************************************************
;       FRESH: THE EVALUATION'S SCRATCH AS IN A FRESH IMAGE
;**********************************************************************
;       FUNCTION:   Zeroes what a freshly loaded image holds as zero
;                   and the search does not set up itself: the attack
;                   rows and the pin list (WACT .. PLISTA+19), NPINS,
;                   PSTAMP (POINTS's running stamp number) and the
;                   pages above the image from CNTW to the end of
;                   PLYIX (counts, king and pin stamps, the knight
;                   list, SCORE, PLYIX). The stamps only decide how
;                   much work POINTS does, never its result; with them
;                   fresh, a search costs what `think` measures.
;       REGISTERS:  AF, BC, DE, HL destroyed.
;**********************************************************************
FRESH:  XOR     A
        LD      (PSTAMP),A
        LD      H,A
        LD      L,A
        LD      (NPINS),HL
        LD      HL,WACT
        LD      B,PLISTA+20-WACT
FR1:    LD      (HL),A
        INC     HL
        DJNZ    FR1
        LD      HL,CNTW
        LD      DE,CNTW+1
        LD      BC,PLYIX+PLYTB*4-CNTW-1
        LD      (HL),A
        LDIR
        RET
