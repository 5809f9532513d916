//! Piece bytes (ABI section 1): bit 7 colour, bit 4 castled, bit 3 moved, bits 2..0 type.

/// Colour bits of a white piece (and COLOR when white is to move).
pub const WHITE: u8 = 0x00;
/// Colour bit of a black piece (and COLOR when black is to move).
pub const BLACK: u8 = 0x80;
/// The colour bit.
pub const COLOR_MASK: u8 = 0x80;
/// Bit 4: this king has castled.
pub const CASTLED: u8 = 0x10;
/// Bit 3: this piece has moved.
pub const MOVED: u8 = 0x08;
/// Bits 2..0: the piece type.
pub const TYPE_MASK: u8 = 0x07;
/// Piece type: pawn.
pub const PAWN: u8 = 1;
/// Piece type: knight.
pub const KNIGHT: u8 = 2;
/// Piece type: bishop.
pub const BISHOP: u8 = 3;
/// Piece type: rook.
pub const ROOK: u8 = 4;
/// Piece type: queen.
pub const QUEEN: u8 = 5;
/// Piece type: king.
pub const KING: u8 = 6;
/// An empty playing square.
pub const EMPTY: u8 = 0x00;
/// A border cell.
pub const BORDER: u8 = 0xFF;

/// The type of a piece byte (bits 2..0).
pub const fn piece_type(piece: u8) -> u8 {
    piece & TYPE_MASK
}

/// The colour of a piece byte: [`WHITE`] or [`BLACK`].
pub const fn piece_color(piece: u8) -> u8 {
    piece & COLOR_MASK
}

/// True when the byte is a piece, i.e. neither [`EMPTY`] nor [`BORDER`].
pub const fn is_piece(byte: u8) -> bool {
    byte != EMPTY && byte != BORDER
}

/// Index 0 for white and 1 for black, as in POSK and POSQ; only bit 7 of the argument matters.
pub const fn color_index(color: u8) -> usize {
    (color >> 7) as usize
}

/// "white" or "black"; only bit 7 of the argument matters.
pub const fn color_name(color: u8) -> &'static str {
    if color & COLOR_MASK == WHITE {
        "white"
    } else {
        "black"
    }
}

/// The FEN letter of a piece byte (upper case for white); None for a byte that is no piece type.
pub const fn piece_char(piece: u8) -> Option<char> {
    let letter = match piece_type(piece) {
        PAWN => b'p',
        KNIGHT => b'n',
        BISHOP => b'b',
        ROOK => b'r',
        QUEEN => b'q',
        KING => b'k',
        _ => return None,
    };
    if piece_color(piece) == WHITE {
        Some(letter.to_ascii_uppercase() as char)
    } else {
        Some(letter as char)
    }
}

/// The piece byte (type and colour, no moved bits) of a FEN letter; None for other characters.
pub const fn piece_from_char(letter: char) -> Option<u8> {
    let kind = match letter.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    if letter.is_ascii_uppercase() {
        Some(WHITE | kind)
    } else {
        Some(BLACK | kind)
    }
}

/// The Unicode chess symbol of a piece byte; '?' for a byte that is no piece type.
pub const fn piece_symbol(piece: u8) -> char {
    let white = piece_color(piece) == WHITE;
    match (piece_type(piece), white) {
        (PAWN, true) => '♙',
        (KNIGHT, true) => '♘',
        (BISHOP, true) => '♗',
        (ROOK, true) => '♖',
        (QUEEN, true) => '♕',
        (KING, true) => '♔',
        (PAWN, false) => '♟',
        (KNIGHT, false) => '♞',
        (BISHOP, false) => '♝',
        (ROOK, false) => '♜',
        (QUEEN, false) => '♛',
        (KING, false) => '♚',
        _ => '?',
    }
}
