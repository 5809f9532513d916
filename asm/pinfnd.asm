;**********************************************************************
;       PINFND, ATTACK AND THE ATTACK-LIST RECORDING
;**********************************************************************
;       Written from ../shared/SARGON_EVAL.md sections 4 to 6. All the
;       state lives in page 0 (data.asm): the rows WACT and BACT, the
;       pin list PLISTA, POSK, POSQ and the 0FFH byte back to back,
;       so that every overflow the 1978 evaluation makes (quirks Q5,
;       Q6, Q12) lands on the same neighbours here.
;
;       RECT / RECQ record one attacker. They run in the alternate
;       register set (H' = 0 throughout an evaluation) and keep the
;       whole main set, so the scans around them keep their squares,
;       pieces and flags in registers.
;       PINCHK is the pin filter, also in the alternate set.
;       ATTACK is the plain square-by-square scan of section 5, used
;       only by PINFND's queen-against-queen test; POINTS has its own
;       fast way to the same attackers (points.asm).
;**********************************************************************

;**********************************************************************
;       RECT, RECQ: RECORD ONE ATTACKER IN ITS ROW (SECTION 6)
;**********************************************************************
;       FUNCTION:   Row count + 1; the value v goes into the slot:
;                   empty slot -> v; low nibble used -> v in the high
;                   nibble; full -> the next byte c := c*16 + v (its
;                   old high nibble is lost; after the white king slot
;                   that is BACT, after the black one PLISTA+0).
;                   RECT uses the attacker's own type slot, RECQ the
;                   queen slot (row + 5), with the attacker's value.
;       INPUTS:     A = the attacker's board byte; H' = 0.
;       OUTPUTS:    the row in page 0.
;       REGISTERS:  AF, B', C', L' destroyed; the main set is kept.
;       WHY:        4 table lookups by the whole board byte (TROW,
;                   TSLT, TVAL, TV16 on consecutive pages): no masks,
;                   no shifts on the common path.
;**********************************************************************
RECQ:   EXX
        LD      C,A
        LD      B,HIGH(TROW)
        LD      A,(BC)                  ; the row
        LD      L,A
        INC     (HL)                    ; count + 1
        ADD     A,5                     ; its queen slot
        INC     B
        JR      RECS
RECT:   EXX
        LD      C,A
        LD      B,HIGH(TROW)
        LD      A,(BC)                  ; the row
        LD      L,A
        INC     (HL)                    ; count + 1
        INC     B
        LD      A,(BC)                  ; TSLT: its own slot
RECS:   LD      L,A
        INC     B                       ; TVAL
        LD      A,(HL)
        OR      A
        JR      NZ,RECS1
        LD      A,(BC)                  ; an empty slot: v
        LD      (HL),A
        EXX
        RET
RECS1:  INC     B                       ; TV16
        CP      10H
        JR      NC,RECS2
        LD      A,(BC)                  ; the second value: v in the
        OR      (HL)                    ; high nibble
        LD      (HL),A
        EXX
        RET
RECS2:  LD      A,1
        LD      (POVF),A                ; (it may reach past the row)
        DEC     B                       ; full: the next byte takes it
        LD      A,(BC)
        LD      C,A                     ; v
        INC     L
        LD      A,(HL)
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A
        OR      C
        LD      (HL),A
        EXX
        RET

;**********************************************************************
;       PINCHK: THE PIN FILTER (SECTION 6)
;**********************************************************************
;       FUNCTION:   Looks for the attacker's square in the first NPINS
;                   bytes of PLISTA. Not listed: kept. First listing j
;                   with direction p = PLISTA+10+j equal to +-PDIR:
;                   kept unless the square is listed again; any other
;                   p: rejected.
;       INPUTS:     A = the attacker's square; PDIR = the scan step;
;                   NPINS (non-zero; its high byte 0).
;       OUTPUTS:    carry set = rejected.
;       REGISTERS:  F, BC', HL' destroyed (H' stays 0); A, DE' (the
;                   counts of the counting pass) and the main set are
;                   kept.
;**********************************************************************
PINCHK: EXX
        LD      BC,(NPINS)
        LD      HL,PLISTA
        CPIR
        JR      NZ,PINOK                ; not listed
        PUSH    AF                      ; the square; P/V: entries left
        LD      A,L
        ADD     A,9                     ; (match + 1) + 9: its direction
        LD      L,A
        LD      A,(PDIR)
        CP      (HL)
        JR      Z,PIN2                  ; p = d
        NEG
        CP      (HL)
        JR      NZ,PINNO                ; -p <> d either
PIN2:   LD      A,L
        SUB     9
        LD      L,A
        POP     AF
        JP      PO,PINOK                ; no entry left to look at
        CPIR
        JR      NZ,PINOK
        SCF                             ; listed twice: rejected
        EXX
        RET
PINNO:  POP     AF
        SCF                             ; rejected
        EXX
        RET
PINOK:  OR      A                       ; kept
        EXX
        RET

;**********************************************************************
;       CLROWS: CLEAR WACT..BACT+6
;**********************************************************************
;       REGISTERS:  HL destroyed (0).
;**********************************************************************
CLROWS: LD      HL,0
        LD      (WACT),HL
        LD      (WACT+2),HL
        LD      (WACT+4),HL
        LD      (WACT+6),HL
        LD      (WACT+8),HL
        LD      (WACT+10),HL
        LD      (WACT+12),HL
        RET

;**********************************************************************
;       ATTACK: ALL ATTACKERS OF ONE SQUARE (SECTION 5)
;**********************************************************************
;       FUNCTION:   The 16 directions of DIRTAB in order. A line skips
;                   empty squares and ends at the border, at a piece
;                   of another colour than its first piece, at a piece
;                   that does not attack along it, and after a king.
;                   Attackers (a queen; a king or the right pawn one
;                   step away; a rook on a rank or file; a bishop on a
;                   diagonal) go through ATREC; a queen puts the rest
;                   of its line behind a queen. A knight a jump away
;                   is recorded too.
;       CALLED BY:  PINFND (queen against queen).
;       INPUTS:     ATSQ = the square; rows cleared; NPINS, PLISTA.
;       OUTPUTS:    the rows.
;       REGISTERS:  all destroyed but IX, IY; H' = 0 afterwards.
;**********************************************************************
ATTACK: EXX
        LD      H,0
        EXX
        LD      HL,DIRTAB
        LD      B,0                     ; direction index
ATK1:   PUSH    HL
        PUSH    BC
        LD      A,(HL)
        LD      (PDIR),A
        XOR     A
        LD      (ATQF),A
        LD      D,A                     ; the line's first piece: none
        LD      C,A                     ; steps taken
        LD      A,(ATSQ)
        LD      L,A
        LD      H,0
ATK2:   LD      A,(PDIR)
        ADD     A,L
        LD      L,A
        INC     C
        LD      A,(HL)
        OR      A
        JR      Z,ATK2
        CP      0FFH
        JR      Z,ATKNX                 ; the border
        LD      E,A
        INC     D
        DEC     D
        JR      NZ,ATK3
        LD      D,A                     ; the first piece fixes the colour
ATK3:   XOR     D
        JP      M,ATKNX                 ; another colour than the first
        LD      A,E
        AND     07H
        CP      05H
        JR      Z,ATKQ
        CP      06H
        JR      Z,ATKK
        CP      04H
        JR      Z,ATKR
        CP      03H
        JR      Z,ATKB
        CP      01H
        JR      NZ,ATKNX                ; a knight on a line
        LD      A,C                     ; a pawn: one step, diagonal,
        DEC     A                       ; from the side it takes toward
        JR      NZ,ATKNX
        LD      A,B
        CP      04H
        JR      NC,ATKNX
        CP      02H
        LD      A,E
        JR      C,ATKPB
        OR      A                       ; -11 / -9: a white pawn
        JP      M,ATKNX
        JR      ATKYES
ATKPB:  OR      A                       ; +9 / +11: a black pawn
        JP      P,ATKNX
        JR      ATKYES
ATKQ:   LD      A,1
        LD      (ATQF),A                ; behind a queen from here on
        JR      ATKYES
ATKK:   LD      A,C
        DEC     A
        JR      NZ,ATKNX
        CALL    ATREC                   ; a king ends the line
        JR      ATKNX
ATKR:   LD      A,B
        CP      04H
        JR      C,ATKNX                 ; a rook on a diagonal
        JR      ATKYES
ATKB:   LD      A,B
        CP      04H
        JR      NC,ATKNX                ; a bishop on a rank or file
ATKYES: CALL    ATREC
        JR      ATK2
ATKNX:  POP     BC
        POP     HL
        INC     HL
        INC     B
        LD      A,B
        CP      08H
        JP      C,ATK1
;       The knight jumps.
        LD      B,8
ATKN:   LD      A,(HL)
        LD      (PDIR),A
        PUSH    HL
        LD      HL,ATSQ
        ADD     A,(HL)
        LD      L,A
        LD      H,0
        LD      A,(HL)
        LD      E,A
        AND     07H
        CP      02H
        JR      NZ,ATKN1
        XOR     A
        LD      (ATQF),A                ; a jump is no line
        CALL    ATREC
ATKN1:  POP     HL
        INC     HL
        DJNZ    ATKN
        RET

;       ATREC: E = the attacker, L = its square: the pin filter, then
;       the slot (NPINS = 0: queen slot behind a queen; else queen
;       slot for a negative direction, quirk Q4). Keeps BC, DE, HL.
ATREC:  PUSH    BC
        PUSH    DE
        PUSH    HL
        LD      A,(NPINS)
        OR      A
        JR      Z,ATR1
        LD      A,L
        CALL    PINCHK
        JR      C,ATRX                  ; pinned the wrong way: dropped
        LD      A,(PDIR)
        OR      A
        LD      A,E
        JP      M,ATRQ
        CALL    RECT
        JR      ATRX
ATR1:   LD      A,(ATQF)
        OR      A
        LD      A,E
        JR      NZ,ATRQ
        CALL    RECT
        JR      ATRX
ATRQ:   CALL    RECQ
ATRX:   POP     HL
        POP     DE
        POP     BC
        RET

;**********************************************************************
;       PINFND: THE PIN LIST (SECTION 4)
;**********************************************************************
;       FUNCTION:   NPINS := 0. For each byte from POSK on, up to the
;                   0FFH after POSQ, that is not 0: along the 8 lines
;                   from that royal square R, an own piece followed by
;                   an enemy rook (rank, file), bishop (diagonal) or
;                   queen is a pin of the own piece. A queen against
;                   a queen counts only when the queen on R has no
;                   more defenders than attackers (ATTACK on R with
;                   the pins so far). Pin n: PLISTA+9+n := the step,
;                   then PLISTA+n-1 := the pinned square, unchecked.
;       CALLED BY:  FNDMOV, EVAL: always right before POINTS.
;       INPUTS:     BOARDA, POSK, POSQ.
;       OUTPUTS:    NPINS, PLISTA (and the rows after a queen test).
;       REGISTERS:  all destroyed but IX, IY.
;       WHY:        a byte-exact list, overflows included, costs
;                   little: 4 squares x 8 lines, each a short loop.
;**********************************************************************
PINFND: XOR     A
        LD      (NPINS),A
        LD      HL,POSK
PF1:    LD      A,(HL)                  ; re-read: a pin may write here
        CP      0FFH
        RET     Z
        OR      A
        JR      Z,PF2                   ; no such piece
        PUSH    HL
        CALL    PFROY
        POP     HL
PF2:    INC     HL
        JR      PF1

;       PFROY: the 8 lines of the royal square A. B = the byte on it
;       (P1), E = the square, C = the candidate (0 = none).
PFROY:  LD      E,A
        LD      L,A
        LD      H,0
        LD      B,(HL)
        PFDIR   9, 03H, PFA1, PFA2, PFA3
        PFDIR   11, 03H, PFB1, PFB2, PFB3
        PFDIR   -11, 03H, PFC1, PFC2, PFC3
        PFDIR   -9, 03H, PFD1, PFD2, PFD3
        PFDIR   10, 04H, PFE1, PFE2, PFE3
        PFDIR   -10, 04H, PFF1, PFF2, PFF3
        PFDIR   1, 04H, PFG1, PFG2, PFG3
        PFDIR   -1, 04H, PFH1, PFH2, PFH3
        RET

;       PFENY: A = the enemy piece behind the candidate C on line PDIR,
;       D = the type that pins along this line (3 or 4). Records the
;       pin when there is one. Keeps B, C, E; H = 0 on return.
PFENY:  AND     07H
        CP      D
        JR      Z,PFPIN                 ; rook on a rank/file, bishop on a diagonal
        CP      05H
        RET     NZ                      ; no queen either: no pin
        LD      A,B
        AND     07H
        CP      05H
        JR      NZ,PFPIN                ; a queen against a non-queen
        PUSH    BC                      ; queen against queen: how
        PUSH    DE                      ; is the royal queen defended?
        LD      A,(PDIR)
        PUSH    AF
        LD      A,E
        LD      (ATSQ),A
        CALL    CLROWS
        CALL    ATTACK
        POP     AF
        LD      (PDIR),A
        POP     DE
        POP     BC
        LD      HL,BACT
        LD      A,(WACT)
        SUB     (HL)                    ; white count - black count
        BIT     7,B
        JR      Z,PFQ1
        NEG                             ; black - white for a black queen
PFQ1:   DEC     A
        RET     P                       ; own - other - 1 >= 0: no pin
PFPIN:  LD      A,(NPINS)
        INC     A
        LD      (NPINS),A
        ADD     A,PLISTA+9
        LD      L,A
        LD      H,0
        LD      A,(PDIR)
        LD      (HL),A                  ; PLISTA+9+n: the direction
        LD      A,L
        SUB     10
        LD      L,A
        LD      (HL),C                  ; PLISTA+n-1: the square
        RET
