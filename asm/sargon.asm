;**********************************************************************
;
;       SARGON-Z80: BOARD ROUTINES, EVALUATION AND SEARCH
;
;       Our own Z80 code for the 1978 Sargon program's conventions,
;       written from ../shared/SARGON_ABI.md (board, move list,
;       GENMOV, MOVE, UNMOVE, INCHK), ../shared/SARGON_EVAL.md
;       (PINFND, POINTS) and ../shared/SARGON_SEARCH.md (FNDMOV,
;       SORTM, BOOK): the same bytes, the same lists in the same order,
;       the same evaluations and decisions, far fewer T-states.
;
;       The unrolled copies are macros (macros.asm, INCLUDEd first).
;
;       Assemble (from this folder, so INCLUDEs resolve):
;           sargon-z80 asm asm/sargon.asm -o roms/sargon.bin
;                      --sym roms/sargon.sym --lst roms/sargon.lst
;       or  cd asm && pasmo sargon.asm sargon.bin sargon.sym
;
;**********************************************************************
;
;       MEMORY MAP
;
;       0000H   page 0, read/write (data.asm): BOARDA (120 bytes) at
;               0000H, so a square index is the low byte of its
;               address (H=0); then the evaluation's attack rows, pin
;               list, POSK, POSQ and 0FFH back to back (the 1978
;               order, for the overflow quirks); then the ABI, search
;               and evaluation variables and a few of our own.
;       0100H   CODE_START. Write-protected by the harness from here
;               to CODE_END: the attack-class tables (TABW 0100H,
;               TABB 0200H) and the evaluation tables (evaltab.asm),
;               page aligned, then the routines.
;       CODE_END  end of the image. Above it, not part of the image
;               (so the binary stays small), lie in this order:
;               CNTW, CNTB, KADJ, PINSQ (one page each, page aligned:
;               the evaluation's per-square counts and stamps), KLIST,
;               PLSAVE, SCORE, PLYIX, MLIST..MLEND and the stack
;               (STACK is its top).
;       0FF00H  PREVMV: 6 bytes for a harness's previous-move entry.
;
;       PIECE BYTES (ABI 1): bit 7 colour (1 black), bit 4 castled,
;       bit 3 moved, bits 2..0 type 1 P 2 N 3 B 4 R 5 Q 6 K.
;       Empty square 00H, border cell 0FFH.
;
;**********************************************************************

        ORG     0000H

        INCLUDE "macros.asm"
        INCLUDE "data.asm"

        ORG     0100H
CODE_START:
        INCLUDE "engine.asm"
CODE_END:

        INCLUDE "storage.asm"

        END
