;**********************************************************************
;       THE DIALOGUE: GREETING, QUESTIONS, MOVE ENTRY
;**********************************************************************
;       Written through the monitor: the greeting and the questions
;       as lines on a cleared screen, the keys of a move echoed at the
;       cursor, which waits on the bottom row of the game screen
;       (SCREEN puts it there; nothing after it starts a new line, so
;       the screen never scrolls).
;**********************************************************************

;**********************************************************************
;       GREET: THE GREETING (WITH THE HELP AFTER A KEY OTHER THAN Y)
;**********************************************************************
;       FUNCTION:   Clears the screen, writes the greeting, the help
;                   when HELPF is set, and asks whether to play.
;       REGISTERS:  AF destroyed.
;**********************************************************************
GREET:  LD      A,1CH                   ; clear the screen, cursor home
        CHROUT
        LINOUT  TGREET,TGREEN-TGREET
        NEWLN
        LD      A,(HELPF)
        OR      A
        JR      Z,GR1
        LINOUT  THELP1,THELP2-THELP1
        LINOUT  THELP2,THELP3-THELP2
        LINOUT  THELP3,THELP4-THELP3
        LINOUT  THELP4,THELP5-THELP4
        LINOUT  THELP5,THELPE-THELP5
        NEWLN
GR1:    BLKOUT  QPLAY,QPLAYE-QPLAY
        RET

;**********************************************************************
;       ASKSID: THE PLAYER'S SIDE
;**********************************************************************
;       FUNCTION:   Waits for W or B (either case; other keys are not
;                   taken), echoes it. PLAYER = 00H (white) or 80H,
;                   KOLOR = the other side: the computer's.
;       REGISTERS:  AF, B destroyed.
;**********************************************************************
ASKSID: BLKOUT  QSIDE,QSIDEE-QSIDE
AS1:    KEYIN
        AND     5FH
        LD      B,00H
        CP      'W'
        JR      Z,AS2
        LD      B,80H
        CP      'B'
        JR      NZ,AS1
AS2:    CHROUT
        NEWLN
        LD      A,B
        LD      (PLAYER),A
        XOR     80H
        LD      (KOLOR),A
        RET

;**********************************************************************
;       ASKLEV: THE LEVEL
;**********************************************************************
;       FUNCTION:   One key: 1 to 6 is the look-ahead PLYMAX, anything
;                   else means 2. Echoes the level taken. LEVEL = it.
;       REGISTERS:  AF destroyed.
;**********************************************************************
ASKLEV: BLKOUT  QLEVEL,QLEVEE-QLEVEL
        KEYIN
        SUB     '1'
        CP      6
        JR      C,AL1
        LD      A,1                     ; not 1-6: level 2
AL1:    INC     A
        LD      (LEVEL),A
        ADD     A,'0'
        CHROUT
        NEWLN
        RET

;**********************************************************************
;       GETMV: FIVE KEYS OF A MOVE
;**********************************************************************
;       FUNCTION:   From-square, any separator, to-square (e2-e4),
;                   echoed at the cursor as they are taken: a file
;                   a-h (either case, echoed in lower case), a rank
;                   1-8, any key as the separator (echoed "-"); a key
;                   that does not fit its place is not taken.
;                   Backspace takes the last key back; Ctrl-R resigns
;                   (to RESIGN, not back here).
;       OUTPUTS:    SQFROM, SQTO: the squares' board indices.
;       REGISTERS:  all destroyed.
;**********************************************************************
GETMV:  CALL    CLRIN
        LD      B,0                     ; keys taken (kept by the monitor)
GM1:    KEYIN
        CP      12H                     ; Ctrl-R
        JP      Z,RESIGN
        CP      08H                     ; Backspace
        JR      Z,GMBS
        LD      C,A
        LD      A,B
        CP      2
        JR      Z,GMSEP
        JR      C,GM2                   ; 0, 1: the from-square
        SUB     3                       ; 3, 4: the to-square
GM2:    OR      A
        LD      A,C
        JR      NZ,GMRANK
        OR      20H                     ; a file, lower case
        CP      'a'
        JR      C,GM1
        CP      'h'+1
        JR      NC,GM1
        JR      GMOK
GMRANK: CP      '1'
        JR      C,GM1
        CP      '8'+1
        JR      NC,GM1
        JR      GMOK
GMSEP:  LD      A,'-'
GMOK:   CHROUT
        LD      HL,KEYS
        LD      E,B
        LD      D,0
        ADD     HL,DE
        LD      (HL),A
        INC     B
        LD      A,B
        CP      5
        JR      C,GM1
        LD      HL,KEYS
        CALL    SQUARE
        LD      (SQFROM),A
        INC     HL                      ; past the separator
        CALL    SQUARE
        LD      (SQTO),A
        RET
GMBS:   LD      A,B                     ; nothing to take back
        OR      A
        JR      Z,GM1
        DEC     B
        LD      A,08H                   ; back, blank, back
        CHROUT
        LD      A,' '
        CHROUT
        LD      A,08H
        CHROUT
        JR      GM1

;       SQUARE: the file and rank keys at HL (a-h, 1-8) as a board
;       index 21 + file + 10 * rank in A; HL past them. Keeps DE.
SQUARE: LD      A,(HL)
        SUB     'a'-21
        LD      C,A
        INC     HL
        LD      A,(HL)
        INC     HL
        SUB     '1'
        LD      B,A
        ADD     A,A
        ADD     A,A
        ADD     A,B
        ADD     A,A
        ADD     A,C
        RET

;**********************************************************************
;       THE DIALOGUE'S WORDS
;**********************************************************************
TGREET: DB      "SARGON-Z80: CHESS BY THE RULES OF SARGON (1978), NEW Z80 CODE"
TGREEN:
THELP1: DB      "CHOOSE YOUR SIDE (W OR B) AND MY LEVEL: 1 TO 6 HALF-MOVES"
THELP2: DB      "LOOKED AHEAD (ANY OTHER KEY GIVES 2). TYPE A MOVE AS FROM-"
THELP3: DB      "SQUARE, ANY KEY, TO-SQUARE: E2-E4. CASTLE BY MOVING THE KING"
THELP4: DB      "TWO SQUARES; A PAWN ALWAYS BECOMES A QUEEN. BACKSPACE TAKES"
THELP5: DB      "BACK A KEY, CTRL-R RESIGNS. MY FIRST MOVE IS FROM A BOOK."
THELPE:
QPLAY:  DB      "SHALL WE PLAY? Y, OR ANY OTHER KEY FOR HELP: "
QPLAYE:
QSIDE:  DB      "YOUR SIDE, W OR B? "
QSIDEE:
QLEVEL: DB      "MY LEVEL, 1-6? "
QLEVEE:
