//! Castling rights as values: which king and rook a right needs at home, and a set of rights
//! (the FEN's castling field). The board itself keeps no rights: they live in the moved bits
//! of unmoved kings and rooks (ABI section 1).

use std::fmt;

use super::board::Board;
use super::piece::{BLACK, KING, ROOK, WHITE};

/// One castling right, in FEN order: `K`, `Q`, `k`, `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRight {
    /// `K`: white king e1, rook h1.
    WhiteKingside,
    /// `Q`: white king e1, rook a1.
    WhiteQueenside,
    /// `k`: black king e8, rook h8.
    BlackKingside,
    /// `q`: black king e8, rook a8.
    BlackQueenside,
}

/// Letter, colour, king's home square, rook's corner and their names, in [`CastlingRight::ALL`]
/// order.
const FACTS: [(char, u8, u8, u8, &str, &str); 4] = [
    ('K', WHITE, 25, 28, "e1", "h1"),
    ('Q', WHITE, 25, 21, "e1", "a1"),
    ('k', BLACK, 95, 98, "e8", "h8"),
    ('q', BLACK, 95, 91, "e8", "a8"),
];

impl CastlingRight {
    /// The four rights in FEN order.
    pub const ALL: [CastlingRight; 4] = [
        CastlingRight::WhiteKingside,
        CastlingRight::WhiteQueenside,
        CastlingRight::BlackKingside,
        CastlingRight::BlackQueenside,
    ];

    const fn facts(self) -> (char, u8, u8, u8, &'static str, &'static str) {
        FACTS[self as usize]
    }

    /// The right named by a FEN letter (`K`, `Q`, `k`, `q`).
    pub fn from_letter(letter: char) -> Option<CastlingRight> {
        CastlingRight::ALL
            .into_iter()
            .find(|right| right.letter() == letter)
    }

    /// Its FEN letter.
    pub const fn letter(self) -> char {
        self.facts().0
    }

    /// The colour that castles: [`WHITE`] or [`BLACK`].
    pub const fn color(self) -> u8 {
        self.facts().1
    }

    /// The king's home square (e1 = 25 or e8 = 95).
    pub const fn king_home(self) -> u8 {
        self.facts().2
    }

    /// The rook's corner (h1 = 28, a1 = 21, h8 = 98, a8 = 91).
    pub const fn rook_corner(self) -> u8 {
        self.facts().3
    }

    /// The name of the king's home square (`e1`, `e8`).
    pub const fn king_home_name(self) -> &'static str {
        self.facts().4
    }

    /// The name of the rook's corner (`h1`, `a1`, `h8`, `a8`).
    pub const fn rook_corner_name(self) -> &'static str {
        self.facts().5
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of castling rights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No right at all (`-`).
    pub const NONE: CastlingRights = CastlingRights(0);

    /// True when the set holds `right`.
    pub const fn contains(self, right: CastlingRight) -> bool {
        self.0 & right.bit() != 0
    }

    /// Adds `right` to the set.
    pub fn insert(&mut self, right: CastlingRight) {
        self.0 |= right.bit();
    }

    /// True when the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights in the set, in FEN order.
    pub fn iter(self) -> impl Iterator<Item = CastlingRight> {
        CastlingRight::ALL
            .into_iter()
            .filter(move |&right| self.contains(right))
    }

    /// The rights a board still allows: each whose king and rook stand unmoved at home.
    pub fn of_board(board: &Board) -> CastlingRights {
        let mut rights = CastlingRights::NONE;
        for right in CastlingRight::ALL {
            let color = right.color();
            if board.cells[usize::from(right.king_home())] == color | KING
                && board.cells[usize::from(right.rook_corner())] == color | ROOK
            {
                rights.insert(right);
            }
        }
        rights
    }
}

/// The FEN field: `KQkq`, `Kq`, ... or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        self.iter()
            .try_for_each(|right| write!(f, "{}", right.letter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rights_name_their_squares_and_print_in_fen_order() {
        let q = CastlingRight::from_letter('q').unwrap();
        assert_eq!(q, CastlingRight::BlackQueenside);
        assert_eq!((q.king_home(), q.rook_corner(), q.color()), (95, 91, BLACK));
        assert_eq!((q.king_home_name(), q.rook_corner_name()), ("e8", "a8"));
        assert_eq!(CastlingRight::from_letter('x'), None);
        let mut rights = CastlingRights::NONE;
        assert_eq!(rights.to_string(), "-");
        rights.insert(CastlingRight::BlackQueenside);
        rights.insert(CastlingRight::WhiteKingside);
        assert_eq!(rights.to_string(), "Kq");
        assert_eq!(
            CastlingRights::of_board(&Board::startpos()).to_string(),
            "KQkq"
        );
    }
}
