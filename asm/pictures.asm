;**********************************************************************
;       PICTURES: THE PIECES IN BLOCK GRAPHICS
;**********************************************************************
;       One picture per piece and colour: 4 x 4 cells, 16 bytes, row
;       by row from the top. A cell is a 2 x 3 block graphic, 80H plus
;       bits 0-5 for the dots top-left, top-right, middle-left,
;       middle-right, bottom-left, bottom-right; so a picture is 8 dots
;       wide and 12 high. Black pieces are the solid shape, white ones
;       its outline (a dot of the shape with a neighbour outside it).
;       SQDRAW shows them as they are on a light (unlit) square and
;       inverted, XOR 3FH, on a dark (lit) one.
;       PICTS + ((type - 1) * 2 + colour) * 16, colour 0 white, 1 black.
;**********************************************************************
PICTS:
;       1 pawn: the shape (# lit), then white (its outline), black (solid)
;           ........
;           ........
;           ...##...
;           ..####..
;           ..####..
;           ...##...
;           ..####..
;           ..####..
;           .######.
;           .######.
;           ........
;           ........
        DB      080H,0A0H,090H,080H
        DB      080H,0A5H,09AH,080H
        DB      0A0H,085H,08AH,090H
        DB      082H,083H,083H,081H
        DB      080H,0A0H,090H,080H
        DB      080H,0AFH,09FH,080H
        DB      0A0H,0BFH,0BFH,090H
        DB      082H,083H,083H,081H
;       2 knight: the shape (# lit), then white (its outline), black (solid)
;           ........
;           ..##.#..
;           .######.
;           ########
;           ##.#####
;           ....####
;           ...#####
;           ..######
;           ..######
;           .#######
;           .#######
;           ........
        DB      0A0H,08CH,098H,090H
        DB      08DH,089H,090H,0AAH
        DB      080H,096H,080H,0AAH
        DB      08AH,08CH,08CH,08EH
        DB      0A0H,0BCH,0B8H,090H
        DB      08FH,08BH,0BFH,0BFH
        DB      080H,0BEH,0BFH,0BFH
        DB      08AH,08FH,08FH,08FH
;       3 bishop: the shape (# lit), then white (its outline), black (solid)
;           ...##...
;           ..####..
;           .###.##.
;           .##.###.
;           .######.
;           ..####..
;           ...##...
;           ..####..
;           .######.
;           .######.
;           ########
;           ........
        DB      0A0H,0A6H,0ADH,090H
        DB      08AH,099H,0A1H,085H
        DB      0A0H,086H,089H,090H
        DB      08EH,08CH,08CH,08DH
        DB      0A0H,0BEH,0ADH,090H
        DB      08AH,0BDH,0BFH,085H
        DB      0A0H,0BEH,0BDH,090H
        DB      08EH,08FH,08FH,08DH
;       4 rook: the shape (# lit), then white (its outline), black (solid)
;           ........
;           ##.##.##
;           ########
;           .######.
;           ..####..
;           ..####..
;           ..####..
;           ..####..
;           .######.
;           ########
;           ########
;           ........
        DB      09CH,098H,0A4H,0ACH
        DB      082H,094H,0A8H,081H
        DB      0A0H,085H,08AH,090H
        DB      08DH,08CH,08CH,08EH
        DB      0BCH,0B8H,0B4H,0BCH
        DB      082H,0BFH,0BFH,081H
        DB      0A0H,0BFH,0BFH,090H
        DB      08FH,08FH,08FH,08FH
;       5 queen: the shape (# lit), then white (its outline), black (solid)
;           #..##..#
;           #..##..#
;           ##.##.##
;           ########
;           .######.
;           .######.
;           ..####..
;           ..####..
;           .######.
;           ########
;           ########
;           ........
        DB      0B5H,0AAH,095H,0BAH
        DB      0A9H,081H,082H,096H
        DB      0A0H,085H,08AH,090H
        DB      08DH,08CH,08CH,08EH
        DB      0B5H,0AAH,095H,0BAH
        DB      0ABH,0BFH,0BFH,097H
        DB      0A0H,0BFH,0BFH,090H
        DB      08FH,08FH,08FH,08FH
;       6 king: the shape (# lit), then white (its outline), black (solid)
;           ...##...
;           .######.
;           ...##...
;           ##.##.##
;           ########
;           ########
;           .######.
;           ..####..
;           ..####..
;           .######.
;           ########
;           ........
        DB      088H,0A6H,099H,084H
        DB      097H,086H,089H,0ABH
        DB      082H,094H,0A8H,081H
        DB      08EH,08CH,08CH,08DH
        DB      088H,0AEH,09DH,084H
        DB      0BFH,0BEH,0BDH,0BFH
        DB      082H,0BFH,0BFH,081H
        DB      08EH,08FH,08FH,08DH
