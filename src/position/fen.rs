//! FEN to board and back, with the moved bits derived as documented on [`Board::from_fen`].

use super::board::Board;
use super::entry::{Entry, FIRST_MOVE};
use super::fen_error::FenError;
use super::piece::{
    BISHOP, BLACK, EMPTY, KING, KNIGHT, MOVED, PAWN, QUEEN, ROOK, WHITE, color_index, is_piece,
    piece_char, piece_color, piece_from_char, piece_type,
};
use super::square::{parse_square, square, square_name};
use super::validate;

/// The four castling rights in FEN order: letter, colour, king home, rook corner, their names.
pub(crate) const CASTLING_RIGHTS: [(char, u8, u8, u8, &str, &str); 4] = [
    ('K', WHITE, 25, 28, "e1", "h1"),
    ('Q', WHITE, 25, 21, "e1", "a1"),
    ('k', BLACK, 95, 98, "e8", "h8"),
    ('q', BLACK, 95, 91, "e8", "a8"),
];

/// The fields of a FEN string that the board keeps; piece bytes still without moved bits.
pub(crate) struct ParsedFen {
    /// Piece bytes (colour and type only) by board index; 0 elsewhere.
    pub(crate) pieces: [u8; 120],
    /// Side to move: WHITE or BLACK.
    pub(crate) color: u8,
    /// The rights K, Q, k, q in that order.
    pub(crate) castling: [bool; 4],
    /// The en passant square, if any.
    pub(crate) en_passant: Option<u8>,
}

impl Board {
    /// Parses and validates a FEN string (4 to 6 fields; the two clocks are checked for syntax
    /// and then dropped, since the board keeps neither).
    ///
    /// Validation, in this order: syntax of every field; exactly one king per side; no pawn on
    /// the first or last rank; at most 8 pawns and no more promoted pieces than missing pawns;
    /// each castling right has its king and rook on their home squares; an en passant square
    /// lies behind a pawn of the side that just moved, on the right rank, with the square itself
    /// and the pawn's start square empty; the side not to move is not in check.
    ///
    /// Moved bits (bit 3), since a FEN has no such field:
    /// - a king is unmoved on its home square (e1, e8) when its side has a castling right;
    /// - a rook is unmoved on its corner when that corner's castling right is given;
    /// - a pawn is unmoved on its start rank (2 for white, 7 for black);
    /// - a knight, bishop or queen is unmoved on one of its start-position squares;
    /// - every other piece has moved. Castled bits (bit 4) are never set.
    ///
    /// POSQ holds the lowest-index queen of each colour (0 when none). An en passant square
    /// becomes the previous-move entry of the double step: from = the pawn's start square,
    /// to = the square where it now stands, flags = 0x10 (ABI section 5).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let parsed = parse(fen)?;
        validate::kings(&parsed)?;
        validate::pawns_and_promotions(&parsed)?;
        validate::castling(&parsed)?;
        validate::en_passant(&parsed)?;
        let board = build(&parsed);
        validate::opponent_not_in_check(&board)?;
        Ok(board)
    }

    /// Parses a FEN string for an unusual position the board can still represent: checks the
    /// syntax and exactly one king per side (POSK needs it) and skips every other check of
    /// [`Board::from_fen`]. A castling right whose king or rook is missing then leaves the
    /// pieces that are there as [`Board::from_fen`] would; an en passant square becomes the
    /// previous-move entry whatever stands around it.
    pub fn from_fen_unchecked(fen: &str) -> Result<Board, FenError> {
        let parsed = parse(fen)?;
        validate::kings(&parsed)?;
        Ok(build(&parsed))
    }

    /// The FEN of this board. Castling rights come from unmoved kings and rooks on their home
    /// squares, the en passant square from a previous entry that is a pawn's double step, and the
    /// clocks are written as "0 1" because the board keeps none.
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let byte = self.cells[square(file, rank) as usize];
                match piece_char(byte).filter(|_| is_piece(byte)) {
                    Some(letter) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(letter);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.color == WHITE { " w " } else { " b " });
        let rights: String = CASTLING_RIGHTS
            .iter()
            .filter(|&&(_, color, king, rook, _, _)| {
                self.cells[king as usize] == color | KING
                    && self.cells[rook as usize] == color | ROOK
            })
            .map(|&(letter, ..)| letter)
            .collect();
        fen.push_str(if rights.is_empty() { "-" } else { &rights });
        fen.push(' ');
        match self.en_passant_square() {
            Some(index) => fen.push_str(&square_name(index)),
            None => fen.push('-'),
        }
        fen.push_str(" 0 1");
        fen
    }

    /// The square behind a pawn that just made its double step, read from the previous entry.
    pub fn en_passant_square(&self) -> Option<u8> {
        let prev = self.prev;
        let pawn = self.at(prev.to);
        (prev.from.abs_diff(prev.to) == 20
            && prev.flags == FIRST_MOVE
            && is_piece(pawn)
            && piece_type(pawn) == PAWN
            && piece_color(pawn) != self.color)
            .then(|| prev.from.midpoint(prev.to))
    }
}

/// Splits and parses the fields; only syntax is checked here.
pub(crate) fn parse(fen: &str) -> Result<ParsedFen, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let pieces = parse_placement(fields[0])?;
    let color = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        other => return Err(FenError::SideToMove(other.to_string())),
    };
    let castling = parse_castling(fields[2])?;
    let en_passant = match fields[3] {
        "-" => None,
        text => {
            Some(parse_square(text).ok_or_else(|| FenError::EnPassantSyntax(text.to_string()))?)
        }
    };
    if let Some(&clock) = fields.get(4) {
        if !is_number(clock) {
            return Err(FenError::HalfmoveClock(clock.to_string()));
        }
    }
    if let Some(&number) = fields.get(5) {
        if !is_number(number) {
            return Err(FenError::FullmoveNumber(number.to_string()));
        }
    }
    Ok(ParsedFen {
        pieces,
        color,
        castling,
        en_passant,
    })
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

fn parse_placement(field: &str) -> Result<[u8; 120], FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces = [EMPTY; 120];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let rank_number = rank + 1;
        let mut file = 0usize;
        let mut previous_digit = false;
        for ch in text.chars() {
            if let Some(run) = ch.to_digit(10).filter(|run| (1..=8).contains(run)) {
                if previous_digit {
                    return Err(FenError::PlacementDigits { rank: rank_number });
                }
                previous_digit = true;
                file += run as usize;
            } else if let Some(piece) = piece_from_char(ch) {
                previous_digit = false;
                if file < 8 {
                    pieces[square(file as u8, rank) as usize] = piece;
                }
                file += 1;
            } else {
                return Err(FenError::PlacementChar {
                    rank: rank_number,
                    ch,
                });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank_number,
                squares: file,
            });
        }
    }
    Ok(pieces)
}

fn parse_castling(field: &str) -> Result<[bool; 4], FenError> {
    let mut rights = [false; 4];
    if field == "-" {
        return Ok(rights);
    }
    let mut next = 0;
    for ch in field.chars() {
        let slot = CASTLING_RIGHTS
            .iter()
            .position(|&(letter, ..)| letter == ch)
            .ok_or(FenError::CastlingChar(ch))?;
        if slot < next {
            return Err(FenError::CastlingOrder(ch));
        }
        rights[slot] = true;
        next = slot + 1;
    }
    Ok(rights)
}

/// Places the pieces with their moved bits, sets POSK, POSQ, COLOR and the previous entry.
pub(crate) fn build(parsed: &ParsedFen) -> Board {
    let mut board = Board::empty();
    let start = Board::startpos();
    for index in 0..120u8 {
        let piece = parsed.pieces[index as usize];
        if piece == EMPTY {
            continue;
        }
        let color = piece_color(piece);
        let unmoved = match piece_type(piece) {
            KING => CASTLING_RIGHTS.iter().zip(parsed.castling).any(
                |(&(_, right_color, king, ..), right)| {
                    right && right_color == color && king == index
                },
            ),
            ROOK => CASTLING_RIGHTS.iter().zip(parsed.castling).any(
                |(&(_, right_color, _, rook, ..), right)| {
                    right && right_color == color && rook == index
                },
            ),
            PAWN | KNIGHT | BISHOP | QUEEN => start.cells[index as usize] == piece,
            _ => false,
        };
        board.cells[index as usize] = if unmoved { piece } else { piece | MOVED };
        match piece_type(piece) {
            KING => board.posk[color_index(color)] = index,
            QUEEN if board.posq[color_index(color)] == 0 => board.posq[color_index(color)] = index,
            _ => {}
        }
    }
    board.color = parsed.color;
    if let Some(target) = parsed.en_passant {
        board.prev = if parsed.color == WHITE {
            Entry::new(target + 10, target - 10, FIRST_MOVE)
        } else {
            Entry::new(target - 10, target + 10, FIRST_MOVE)
        };
    }
    board
}
