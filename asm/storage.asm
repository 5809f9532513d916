;**********************************************************************
;       STORAGE ABOVE THE IMAGE
;**********************************************************************
;       INCLUDEd right after CODE_END by sargon.asm (the engine) and by
;       jupiter.asm (the whole program): it starts on the first page
;       boundary at or above CODE_END, so every table keeps the same
;       offsets within its page whatever the image holds, and the
;       engine's code costs the same T-states in either image.
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

