//! A search whose path did not fit its move list, named the same way for every engine: the
//! native engine counts the path as it searches; an emulated image's list is caught at the
//! GENMOV that reached the end of its area, and what that node needs is counted by the
//! reference generator there.

use crate::abi::search::FullList;
use crate::engine::SearchError;
use crate::position::Board;
use crate::reference::{MoveList, genmov};

/// The path needed more list entries than the engine's list holds: the 1978 GENMOV would have
/// dropped moves silently and searched another tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow {
    /// The ply whose GENMOV overflowed.
    pub ply: u8,
    /// Entries the path needed there (every ply's list on the path, hidden halves included).
    pub needed: usize,
    /// Entries the list holds.
    pub capacity: usize,
    /// MLOVF as an image left it (0 for the native engine or a clear flag).
    pub flag: u8,
}

impl Overflow {
    /// The overflow at an image's full list: the node's entries counted as its GENMOV writes
    /// them, added to the path before it. None when the list fit after all (it ended exactly
    /// at the end of the area, and MLOVF is clear).
    pub fn at(full: &FullList) -> Option<Overflow> {
        let needed = full.path + entries(&full.node);
        (needed > full.capacity || full.flag != 0).then_some(Overflow {
            ply: full.ply,
            needed,
            capacity: full.capacity,
            flag: full.flag,
        })
    }
}

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let native = SearchError::MoveListOverflow {
            ply: self.ply,
            needed: self.needed,
            capacity: self.capacity,
        };
        write!(f, "{native}")?;
        if self.flag != 0 && self.needed <= self.capacity {
            write!(
                f,
                " (the image set MLOVF = {:#04X} before its area was full)",
                self.flag
            )?;
        }
        Ok(())
    }
}

/// The entries GENMOV writes for `board`'s side to move: one per move, two for castling and en
/// passant (the hidden second half).
pub fn entries(board: &Board) -> usize {
    let mut list = MoveList::new();
    genmov(board, &mut list);
    list.flat_entries().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(fen: &str, path: usize, flag: u8) -> FullList {
        FullList {
            ply: 3,
            path,
            listed: 0,
            capacity: 341,
            flag,
            node: Board::from_fen(fen).unwrap(),
        }
    }

    #[test]
    fn the_node_is_counted_as_genmov_lists_it() {
        let start = crate::engine::setup::START_FEN;
        assert_eq!(entries(&Board::from_fen(start).unwrap()), 20);
        // Castling both ways: two entries each.
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let board = Board::from_fen(castles).unwrap();
        let mut list = MoveList::new();
        genmov(&board, &mut list);
        assert_eq!(entries(&board), list.len() + 2);
        let over = Overflow::at(&full(start, 325, 0)).unwrap();
        assert_eq!(
            over.to_string(),
            "move list overflow at ply 3: the path needs 345 entries, the list holds 341"
        );
        assert_eq!(Overflow::at(&full(start, 321, 0)), None, "341: it fits");
        let early = Overflow::at(&full(start, 300, 1)).unwrap();
        assert!(
            early.to_string().ends_with(
                "needs 320 entries, the list holds 341 (the image set MLOVF = 0x01 before its area was full)"
            ),
            "{early}"
        );
    }
}
