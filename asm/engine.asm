;**********************************************************************
;
;       THE ENGINE: board routines, evaluation and search, from
;       CODE_START on. sargon.asm (the engine alone) and jupiter.asm
;       (the whole program) both INCLUDE this, so the engine stands at
;       the same addresses in both images.
;
;**********************************************************************

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
