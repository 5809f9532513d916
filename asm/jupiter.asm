;**********************************************************************
;
;       SARGON-Z80: THE WHOLE PROGRAM FOR THE JUPITER III
;
;       The project's engine (the same sources as sargon.asm, at the
;       same addresses) with a game around it: a dialogue, a block-
;       graphics board, move entry from the keyboard, a move list and
;       the messages of a game, all through the Jove monitor's calls
;       (RST 38H and a parameter block) and the video memory at
;       0C000H, as ../shared/JUPITER3.md describes the machine.
;       Written for this project; nothing in it comes from the 1978
;       program's listing but the rules of the game it plays.
;
;       Assemble (from this folder, so INCLUDEs resolve):
;           sargon-z80 asm asm/jupiter.asm -o roms/jupiter.bin
;                      --sym roms/jupiter.sym --lst roms/jupiter.lst
;       or  cd asm && pasmo jupiter.asm jupiter.bin jupiter.sym
;       Load at 0000H and start at DRIVER.
;
;**********************************************************************
;
;       MEMORY MAP
;
;       0000H   page 0 (data.asm), as in sargon.asm. 0038H, BOARDA's
;               square f4, is where RST 38H enters the monitor: the
;               machine answers the call there and never executes the
;               byte.
;       0100H   CODE_START: the engine at the addresses sargon.asm
;               gives it (tables, GENMOV ... FNDMOV, BOOK; its bytes
;               differ only where they hold an address of the storage
;               above the image), then the game (driver.asm,
;               dialog.asm, display.asm) and the piece pictures, up
;               to CODE_END, the end of the image.
;       CODE_END  storage.asm's tables, move list and stack, from the
;               next page boundary; then the game's variables.
;       0C000H  the video memory, 32 rows of 64 cells (display.asm).
;       0FF00H  PREVMV, a harness's previous-move entry (storage.asm;
;               the game itself keeps its previous move in LASTMV).
;
;**********************************************************************

        ORG     0000H

        INCLUDE "macros.asm"
        INCLUDE "monitor.asm"
        INCLUDE "data.asm"

        ORG     0100H
CODE_START:
        INCLUDE "engine.asm"
        INCLUDE "driver.asm"
        INCLUDE "dialog.asm"
        INCLUDE "display.asm"
        INCLUDE "pictures.asm"
CODE_END:

        INCLUDE "storage.asm"

;**********************************************************************
;       THE GAME'S VARIABLES (ABOVE THE STACK, NOT PART OF THE IMAGE)
;**********************************************************************
;       DRIVER sets each before its first use.
;**********************************************************************
PLAYER  EQU     STACK                   ; the player's side: 00H white, 80H black
LEVEL   EQU     STACK+1                 ; the chosen PLYMAX, 1-6
HELPF   EQU     STACK+2                 ; non-zero: greet with the help
LASTMV  EQU     STACK+3                 ; 6 bytes: the previous move's entry
KEYS    EQU     STACK+9                 ; 5 bytes: the keys of a move
SQFROM  EQU     STACK+14                ; the typed move's squares
SQTO    EQU     STACK+15
POSQSV  EQU     STACK+16                ; 2 bytes: POSQ kept by LEGALS
LROW    EQU     STACK+18                ; the move list's current row
SQPC    EQU     STACK+19                ; SQDRAW: the piece
SQFILE  EQU     STACK+20                ; SQDRAW: file and rank
SQRANK  EQU     STACK+21
SQCELL  EQU     STACK+22                ; SQDRAW: 2 bytes, its first cell

        END
