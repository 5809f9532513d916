//! A generated move: its ABI entries and, in standard rules, the promotion piece.

use crate::position::{
    BISHOP, DOUBLE, Entry, KNIGHT, PROMOTION, QUEEN, ROOK, TYPE_MASK, square_name,
};

/// One move as GENMOV lists it: one entry, or two for castling and en passant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// The linked entry: the king for castling, the capturing pawn for en passant.
    pub entry: Entry,
    /// The hidden second entry of a double move (the rook, or the captured pawn's dummy).
    pub second: Option<Entry>,
    /// The piece type a promotion yields (QUEEN in sargon rules); 0 when not a promotion.
    pub promotion: u8,
}

impl Move {
    /// A move as read back from a Sargon move list: the second entry belongs to it exactly when
    /// the first has the DOUBLE flag, and a promotion yields a queen.
    pub fn sargon(entry: Entry, second: Option<Entry>) -> Move {
        Move {
            entry,
            second: second.filter(|_| entry.flags & DOUBLE != 0),
            promotion: if entry.flags & PROMOTION != 0 {
                QUEEN
            } else {
                0
            },
        }
    }

    /// The move in UCI notation: "e2e4", castling as the king's move "e1g1", promotions with a
    /// lower-case piece letter "e7e8q".
    pub fn uci(&self) -> String {
        let mut text = square_name(self.entry.from);
        text.push_str(&square_name(self.entry.to));
        if self.entry.flags & PROMOTION != 0 {
            text.push(match self.promotion & TYPE_MASK {
                ROOK => 'r',
                BISHOP => 'b',
                KNIGHT => 'n',
                _ => 'q',
            });
        }
        text
    }

    /// True for castling and en passant.
    pub fn is_double(&self) -> bool {
        self.entry.flags & DOUBLE != 0
    }
}
