;**********************************************************************
;       THE DISPLAY: BOARD, MOVE LIST, MESSAGES
;**********************************************************************
;       Written straight into the video memory: 32 rows of 64 cells
;       from 0C000H, row r at 0C000H + 64 * r. A cell shows 20H-7EH as
;       a character, 80H-0BFH as a 2 x 3 block graphic.
;
;       Columns 16-63 hold the board, white at the bottom: file f at
;       columns 16 + 6f .. 21 + 6f, rank r at rows 28 - 4r .. 31 - 4r,
;       so each rank is one page of video memory (H = 0C7H - r) and a
;       square's cells differ in L alone. The screen is paper-white: a
;       set dot is dark. Light squares are 80H (no dot set), dark ones
;       0BFH (every dot set), as on a real board: a8 and h1 light, a1
;       and h8 dark. A piece's 4 x 4 picture sits in columns 1-4 of
;       its square. The rank digits are in the top-left
;       cell of the a-file squares, the file letters in the bottom-
;       right cell of the first rank. Column 15 is the board's edge.
;
;       Columns 0-14 hold the text:
;         row 0       the title          row 27      a rule
;         row 1       the level          rows 28-29  messages
;         row 2       a rule             row 30      the prompt
;         rows 3-26   the move list      row 31      the keys typed
;       The move list has one row per full move: its number in
;       columns 0-2, white's move in 4-8, black's in 10-14; when it is
;       full it starts again at the top.
;**********************************************************************
VIDEO   EQU     0C000H                  ; row 0, column 0
LSTTOP  EQU     3                       ; the move list's first row
LSTEND  EQU     27                      ; the row after its last
MSGROW  EQU     28                      ; the first message row
PRROW   EQU     30                      ; the prompt
INROW   EQU     31                      ; the keys typed: the cursor
TEXTW   EQU     15                      ; columns of the text area
PAUSET  EQU     15385                   ; 0.1 s at 4 MHz, 26 T a turn

;**********************************************************************
;       SCREEN: THE GAME SCREEN
;**********************************************************************
;       FUNCTION:   Clears the screen through the monitor and leaves
;                   the cursor at column 0 of row 31 (31 new lines);
;                   draws the board's edge, the title, the level, the
;                   rules, an empty move list and the board.
;       REGISTERS:  all destroyed.
;**********************************************************************
SCREEN: LD      A,1CH                   ; clear, cursor home
        CHROUT
        LD      B,INROW
SCR1:   NEWLN
        DJNZ    SCR1
        LD      HL,VIDEO+TEXTW
        LD      DE,64
        LD      B,32
SCR2:   LD      (HL),0AAH               ; the right half dark
        ADD     HL,DE
        DJNZ    SCR2
        XOR     A
        LD      HL,TTITLE
        CALL    PUTROW
        LD      A,1
        LD      HL,TLEVEL
        CALL    PUTROW
        LD      A,(LEVEL)
        ADD     A,'0'
        LD      (VIDEO+64+6),A
        LD      HL,VIDEO+2*64
        CALL    RULER
        LD      HL,VIDEO+LSTEND*64
        CALL    RULER
        CALL    CLLIST
        JP      BOARD

;       RULER: a rule across the text area from HL.
RULER:  LD      B,TEXTW
RU1:    LD      (HL),8CH                ; the middle row dark
        INC     HL
        DJNZ    RU1
        RET

;**********************************************************************
;       BOARD: ALL 64 SQUARES AS BOARDA HOLDS THEM
;**********************************************************************
;       REGISTERS:  all destroyed.
;**********************************************************************
BOARD:  LD      C,21
BD1:    LD      H,HIGH(BOARDA)
        LD      L,C
        LD      A,(HL)
        INC     A
        JR      Z,BD2                   ; a border cell
        DEC     A
        PUSH    BC
        CALL    SQDRAW
        POP     BC
BD2:    INC     C
        LD      A,C
        CP      99
        JR      C,BD1
        RET

;**********************************************************************
;       SQDRAW: ONE SQUARE
;**********************************************************************
;       FUNCTION:   Fills the square's 6 x 4 cells with its colour,
;                   draws the piece A (a board byte, 0 = none) in it
;                   (black dark and white light on either colour of
;                   square: pictures.asm says how), and its labels.
;       INPUTS:     C = the square's board index, A = the piece.
;       REGISTERS:  AF, BC, DE, HL destroyed.
;**********************************************************************
SQDRAW: LD      (SQPC),A
        LD      A,C
        SUB     21
        LD      B,0FFH
SQD1:   INC     B                       ; B = the rank
        SUB     10
        JR      NC,SQD1
        ADD     A,10                    ; A = the file
        LD      (SQFILE),A
        LD      C,A
        LD      A,B
        LD      (SQRANK),A
        LD      A,VIDEO/256+7         ; one page per rank
        SUB     B
        LD      H,A
        LD      A,C
        ADD     A,A
        ADD     A,C
        ADD     A,A
        ADD     A,TEXTW+1
        LD      L,A                     ; row 0, column 0 of the square
        LD      (SQCELL),HL
        LD      A,C
        ADD     A,B
        RRCA                            ; carry: a light square
        LD      BC,4*256+3FH            ; 4 rows; dark: invert the picture
        LD      A,0BFH                  ; dark: every dot set
        JR      NC,SQD2
        LD      A,80H                   ; light: none
        LD      C,0
SQD2:   LD      E,L
SQD3:   LD      (HL),A
        INC     L
        LD      (HL),A
        INC     L
        LD      (HL),A
        INC     L
        LD      (HL),A
        INC     L
        LD      (HL),A
        INC     L
        LD      (HL),A
        LD      D,A
        LD      A,E
        ADD     A,64                    ; the next row of the square
        LD      E,A
        LD      L,A
        LD      A,D
        DJNZ    SQD3
        LD      A,(SQPC)                ; the picture
        AND     87H                     ; colour and type
        JR      Z,SQDLAB
        LD      B,A
        AND     07H
        DEC     A
        ADD     A,A
        BIT     7,B
        JR      Z,SQD4
        INC     A                       ; black
SQD4:   INC     C                       ; a light square (C = 0)?
        DEC     C
        JR      NZ,SQD4A
        XOR     1                       ; then the other picture
SQD4A:  ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        LD      E,A
        LD      D,0
        LD      HL,PICTS
        ADD     HL,DE
        EX      DE,HL                   ; DE -> the picture
        LD      HL,(SQCELL)
        INC     L                       ; column 1
        LD      B,4
SQD5:   LD      A,(DE)
        XOR     C
        LD      (HL),A
        INC     DE
        INC     L
        LD      A,(DE)
        XOR     C
        LD      (HL),A
        INC     DE
        INC     L
        LD      A,(DE)
        XOR     C
        LD      (HL),A
        INC     DE
        INC     L
        LD      A,(DE)
        XOR     C
        LD      (HL),A
        INC     DE
        LD      A,L
        ADD     A,64-3
        LD      L,A
        DJNZ    SQD5
SQDLAB: LD      HL,(SQCELL)
        LD      A,(SQFILE)
        OR      A
        JR      NZ,SQD6
        LD      A,(SQRANK)              ; the a-file: the rank digit
        ADD     A,'1'
        LD      (HL),A
SQD6:   LD      A,(SQRANK)
        OR      A
        RET     NZ
        LD      A,L                     ; the first rank: the file letter
        ADD     A,3*64+5
        LD      L,A
        LD      A,(SQFILE)
        ADD     A,'a'
        LD      (HL),A
        RET

;**********************************************************************
;       BLINK: THE COMPUTER'S MOVED PIECE, OFF AND ON THREE TIMES
;**********************************************************************
;       FUNCTION:   The to-square of LASTMV drawn empty, then with its
;                   piece, 0.1 s each at 4 MHz.
;       REGISTERS:  all destroyed.
;**********************************************************************
BLINK:  LD      B,3
BL1:    PUSH    BC
        LD      A,(LASTMV+3)
        LD      C,A
        XOR     A
        CALL    SQDRAW
        CALL    PAUSE
        LD      A,(LASTMV+3)
        LD      C,A
        LD      L,A
        LD      H,HIGH(BOARDA)
        LD      A,(HL)
        CALL    SQDRAW
        CALL    PAUSE
        POP     BC
        DJNZ    BL1
        RET

;       PAUSE: about 400,000 T-states. AF, BC destroyed.
PAUSE:  LD      BC,PAUSET
PS1:    DEC     BC
        LD      A,B
        OR      C
        JR      NZ,PS1
        RET

;**********************************************************************
;       LISTMV: LASTMV INTO THE MOVE LIST
;**********************************************************************
;       FUNCTION:   White's move starts a row (the list starts again
;                   at the top when full) with MOVENO and the move;
;                   black's goes beside it and ends the row. The side
;                   is the colour of the piece now on the to-square.
;       REGISTERS:  all destroyed.
;**********************************************************************
LISTMV: LD      A,(LASTMV+3)
        LD      L,A
        LD      H,HIGH(BOARDA)
        BIT     7,(HL)
        JR      NZ,LM1
        LD      A,(LROW)                ; white: a new row
        CP      LSTEND
        CALL    NC,CLLIST
        LD      A,(LROW)
        CALL    ROWADR
        LD      A,(MOVENO)
        LD      C,' '
        CALL    NUMBER
        INC     HL
        JR      MVTEXT
LM1:    LD      A,(LROW)                ; black: beside it
        LD      HL,LROW
        INC     (HL)
        CALL    ROWADR
        LD      DE,10
        ADD     HL,DE
;       MVTEXT: LASTMV as text ("e2-e4") at HL.
MVTEXT: LD      A,(LASTMV+2)
        CALL    SQTEXT
        LD      (HL),'-'
        INC     HL
        LD      A,(LASTMV+3)
;       SQTEXT: the square A (a board index) as two characters at HL;
;       HL past them. AF, B destroyed.
SQTEXT: SUB     21
        LD      B,'1'
SQT1:   CP      10
        JR      C,SQT2
        SUB     10
        INC     B
        JR      SQT1
SQT2:   ADD     A,'a'
        LD      (HL),A
        INC     HL
        LD      (HL),B
        INC     HL
        RET

;       CLLIST: the move list emptied, LROW at its top.
CLLIST: LD      A,LSTTOP
        LD      (LROW),A
CLL1:   PUSH    AF
        LD      HL,TNONE
        CALL    PUTROW
        POP     AF
        INC     A
        CP      LSTEND
        JR      C,CLL1
        RET

;**********************************************************************
;       NUMBER: A AS A DECIMAL NUMBER AT HL
;**********************************************************************
;       FUNCTION:   Three digits, leading zeros written as C (a space:
;                   right-aligned in three columns) or left out when
;                   C = 0; HL past what was written.
;       REGISTERS:  AF, BC, E destroyed.
;**********************************************************************
NUMBER: LD      B,100
        CALL    DIGIT
        LD      B,10
        CALL    DIGIT
        ADD     A,'0'
        LD      (HL),A
        INC     HL
        RET
DIGIT:  LD      E,'0'
DG1:    CP      B
        JR      C,DG2
        SUB     B
        INC     E
        JR      DG1
DG2:    LD      B,A                     ; the rest
        LD      A,E
        CP      '0'
        JR      NZ,DG3
        LD      A,C                     ; a leading zero
        OR      A
        JR      Z,DG4
        JR      DG5
DG3:    LD      C,'0'                   ; zeros after a digit are digits
DG5:    LD      (HL),A
        INC     HL
DG4:    LD      A,B
        RET

;**********************************************************************
;       MESSAGES
;**********************************************************************
;       PUTROW: the zero-ended text at HL on row A, columns 0-14, the
;       rest of them blank. AF, BC, DE, HL destroyed.
PUTROW: PUSH    HL
        CALL    ROWADR
        EX      DE,HL
        POP     HL
        LD      B,TEXTW
PR1:    LD      A,(HL)
        OR      A
        JR      Z,PR2
        LD      (DE),A
        INC     HL
        INC     DE
        DJNZ    PR1
        RET
PR2:    LD      A,' '
PR3:    LD      (DE),A
        INC     DE
        DJNZ    PR3
        RET

;       ROWADR: HL = the video address of row A, column 0. AF destroyed.
ROWADR: LD      L,A
        LD      H,0
        ADD     HL,HL
        ADD     HL,HL
        ADD     HL,HL
        ADD     HL,HL
        ADD     HL,HL
        ADD     HL,HL
        LD      A,H
        OR      HIGH(VIDEO)
        LD      H,A
        RET

;       MSG1, MSG2: the text at HL on the first or second message row;
;       PROMPT: on the prompt row. CLRMSG: both message rows blank.
MSG1:   LD      A,MSGROW
        JR      PUTROW
MSG2:   LD      A,MSGROW+1
        JR      PUTROW
PROMPT: LD      A,PRROW
        JR      PUTROW
CLRMSG: LD      HL,TNONE
        CALL    MSG1
        LD      HL,TNONE
        JR      MSG2

;       CLRIN: the input row blank, the cursor back to its column 0.
CLRIN:  LD      A,INROW
        LD      HL,TNONE
        CALL    PUTROW
        LD      A,0DH
        CHROUT
        RET

;       MATEIN: "I MATE IN n" on the second message row, n = A.
MATEIN: PUSH    AF
        LD      HL,TMATIN
        CALL    MSG2
        LD      A,MSGROW+1
        CALL    ROWADR
        LD      DE,TMATIE-TMATIN-1
        ADD     HL,DE
        POP     AF
        LD      C,0
        JP      NUMBER

;       The display's words (zero-ended, 15 characters at most).
TTITLE: DB      "SARGON-Z80",0
TLEVEL: DB      "LEVEL",0
TYOURS: DB      "YOUR MOVE?",0
TTHINK: DB      "THINKING...",0
TILLEG: DB      "ILLEGAL MOVE",0
TCHECK: DB      "CHECK!",0
TMATIN: DB      "I MATE IN ",0
TMATIE:
TMATE:  DB      "CHECKMATE!",0
TSTALE: DB      "STALEMATE",0
TDRAW:  DB      "A DRAW",0
TIWIN:  DB      "I WIN",0
TYWIN:  DB      "YOU WIN",0
TRESGN: DB      "YOU RESIGN",0
TOVER:  DB      "GAME OVER",0
TNONE:  DB      0
