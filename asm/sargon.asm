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
        INCLUDE "tables.asm"
        INCLUDE "evaltab.asm"
        INCLUDE "inchk.asm"
        INCLUDE "genmov.asm"
        INCLUDE "move.asm"
        INCLUDE "perft.asm"
        INCLUDE "initbd.asm"
        INCLUDE "pinfnd.asm"
        INCLUDE "points.asm"
        INCLUDE "search.asm"
CODE_END:

;**********************************************************************
;       STORAGE ABOVE THE IMAGE
;**********************************************************************
;       CNTW, CNTB, KADJ, PINSQ: POINTS's per-square attacker counts,
;       king stamps and pin-list stamps, indexed by square (the same
;       low byte as in BOARDA);
;       CNTB must follow CNTW. KLIST: the knights' squares (page
;       aligned, 64 at most). PLSAVE: POINTS's copy of the pin list.
;       SCORE: S[0] .. S[PLYTB+2], the search's score table.
;       PLYIX: per ply a word "start of this ply's entries" and a word
;       "head link". The root uses PLYIX-2 as MLPTRI (ABI 4).
;       MLIST..MLEND: the move entries of all plies together. MLEND
;       is the last address where an entry may start.
;       STACK: top of a 1 KiB stack (the harness allows 400H bytes).
;**********************************************************************
PLYTB   EQU     32                      ; plies in the ply table
NENTRY  EQU     3072                    ; entries in the move list
CNTW    EQU     (CODE_END+255)/256*256
CNTB    EQU     CNTW+100H
KADJ    EQU     CNTW+200H
PINSQ   EQU     CNTW+300H
KLIST   EQU     CNTW+400H
PLSAVE  EQU     KLIST+64
SCORE   EQU     PLSAVE+30
SCORESZ EQU     PLYTB+3
PLYIX   EQU     SCORE+SCORESZ+2
MLIST   EQU     PLYIX+PLYTB*4
MLEND   EQU     MLIST+(NENTRY-1)*6
STACK   EQU     MLIST+NENTRY*6+400H
;       PREVMV: a harness's previous-move entry (6 bytes; FNDMOV reads
;       it through MLPTRJ, the root POINTS writes its value byte). At
;       a fixed address in free RAM, above the stack, so it does not
;       move when the code grows. (2000H, where the 1978 image's
;       harness puts it, is code here.)
PREVMV  EQU     0FF00H
;       GENMOV starts a piece only while its write pointer's high byte
;       is below MLLIMH: then 28 entries (a queen's 27 moves, with room
;       to spare for any other piece) still start at or before MLEND.
MLLIMH  EQU     (MLEND-161)/256
;       PERFT refuses depths the ply table cannot hold.
PMAXD   EQU     PLYTB-1

        END
