;**********************************************************************
;       PICTURES: THE PIECES IN BLOCK GRAPHICS
;**********************************************************************
;       Two pictures per piece: 4 x 4 cells, 16 bytes each, row by
;       row from the top. A cell is a 2 x 3 block graphic, 80H plus
;       bits 0-5 for the dots top-left, top-right, middle-left,
;       middle-right, bottom-left, bottom-right, so a picture is 8
;       dots wide and 12 high. A set dot is dark, as on the machine's
;       paper-white screen. The first picture is the piece's shape
;       (# below), the second its ring: the dots around the shape (o,
;       every dot outside it that touches it, diagonals included).
;
;       SQDRAW draws black pieces dark and white ones light on both
;       colours of square: on a light square a black piece is its
;       shape and a white one its ring (a light piece outlined); on a
;       dark square every cell is inverted (XOR 3FH), so a white piece
;       is its shape (light) and a black one its ring (a dark piece
;       outlined in light). So the picture a square takes is the
;       piece's colour XOR the square's: PICTS + ((type - 1) * 2 +
;       (black XOR light)) * 16.
;**********************************************************************
PICTS:
;       1 pawn: the shape (# dark), then its ring
;           ........
;           ..oooo..
;           .oo##oo.
;           .o####o.
;           .o####o.
;           .oo##oo.
;           .o####o.
;           .oo##oo.
;           oo####oo
;           o######o
;           o######o
;           oooooooo
        DB      080H,0A0H,090H,080H
        DB      080H,0AFH,09FH,080H
        DB      080H,0BBH,0B7H,080H
        DB      08AH,08FH,08FH,085H
        DB      0A0H,09CH,0ACH,090H
        DB      0AAH,090H,0A0H,095H
        DB      0BAH,084H,088H,0B5H
        DB      0B5H,0B0H,0B0H,0BAH
;       2 knight: the shape (# dark), then its ring
;           ..ooooo.
;           .oo#o#o.
;           oo####oo
;           o######o
;           o##o###o
;           oooo###o
;           .oo####o
;           .o#####o
;           oo#####o
;           o######o
;           o######o
;           oooooooo
        DB      080H,0B8H,0B8H,080H
        DB      08AH,087H,0BFH,095H
        DB      080H,0BEH,0BFH,095H
        DB      08AH,08FH,08FH,085H
        DB      0B8H,087H,087H,0B5H
        DB      0B5H,0B8H,080H,0AAH
        DB      0BAH,081H,080H,0AAH
        DB      0B5H,0B0H,0B0H,0BAH
;       3 bishop: the shape (# dark), then its ring
;           ..oooo..
;           .oo##oo.
;           .o##o#o.
;           .o#o##o.
;           .o####o.
;           .oo##oo.
;           .oo##oo.
;           oo####oo
;           o######o
;           o######o
;           o######o
;           oooooooo
        DB      080H,0B8H,0A4H,080H
        DB      080H,0ADH,09FH,080H
        DB      0A0H,0BEH,0BDH,090H
        DB      08AH,08FH,08FH,085H
        DB      0A8H,087H,09BH,094H
        DB      0AAH,092H,0A0H,095H
        DB      09EH,081H,082H,0ADH
        DB      0B5H,0B0H,0B0H,0BAH
;       4 rook: the shape (# dark), then its ring
;           oooooooo
;           o##oo##o
;           o######o
;           oo####oo
;           .o####o.
;           .o####o.
;           .o####o.
;           oo####oo
;           o######o
;           o######o
;           o######o
;           oooooooo
        DB      0A8H,0B4H,0B8H,094H
        DB      080H,0BFH,0BFH,080H
        DB      0A0H,0BFH,0BFH,090H
        DB      08AH,08FH,08FH,085H
        DB      097H,08BH,087H,0ABH
        DB      0ABH,080H,080H,097H
        DB      09EH,080H,080H,0ADH
        DB      0B5H,0B0H,0B0H,0BAH
;       5 queen: the shape (# dark), then its ring
;           oooooooo
;           o#o##o#o
;           o#o##o#o
;           o######o
;           oo####oo
;           .oo##oo.
;           .oo##oo.
;           oo####oo
;           o######o
;           o######o
;           o######o
;           oooooooo
        DB      0A8H,0A8H,094H,094H
        DB      082H,0AFH,09FH,081H
        DB      0A0H,0BEH,0BDH,090H
        DB      08AH,08FH,08FH,085H
        DB      097H,097H,0ABH,0ABH
        DB      0ADH,090H,0A0H,09EH
        DB      09EH,081H,082H,0ADH
        DB      0B5H,0B0H,0B0H,0BAH
;       6 king: the shape (# dark), then its ring
;           .oo##oo.
;           .o####o.
;           ooo##ooo
;           o######o
;           o######o
;           oo####oo
;           .oo##oo.
;           .oo##oo.
;           oo####oo
;           o######o
;           o######o
;           oooooooo
        DB      080H,0AEH,09DH,080H
        DB      08AH,0BFH,0BFH,085H
        DB      080H,0BAH,0B5H,080H
        DB      08AH,08FH,08FH,085H
        DB      0BAH,091H,0A2H,0B5H
        DB      0B5H,080H,080H,0BAH
        DB      0BAH,085H,08AH,0B5H
        DB      0B5H,0B0H,0B0H,0BAH

