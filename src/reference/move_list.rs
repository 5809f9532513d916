//! A fixed-capacity move list: what GENMOV writes for one ply, without heap allocation.

use super::moves::Move;
use crate::position::Entry;

/// Capacity of a [`MoveList`]; far above the most moves a legal chess position has (218).
pub const MAX_MOVES: usize = 512;

/// The moves of one ply in generation order, plus CKFLG.
#[derive(Clone, Debug)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
    overflowed: bool,
    check: bool,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); MAX_MOVES],
            len: 0,
            overflowed: false,
            check: false,
        }
    }

    /// Empties the list and clears CKFLG and the overflow mark.
    pub fn clear(&mut self) {
        self.len = 0;
        self.overflowed = false;
        self.check = false;
    }

    /// Appends a move; when the list is full the move is dropped and [`Self::overflowed`] set.
    pub fn push(&mut self, mv: Move) {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = mv;
                self.len += 1;
            }
            None => self.overflowed = true,
        }
    }

    /// True when moves were dropped because the list was full (only boards far from chess).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// CKFLG as GENMOV sets it: the side to move was in check.
    pub fn ckflg(&self) -> bool {
        self.check
    }

    /// Sets CKFLG.
    pub fn set_ckflg(&mut self, check: bool) {
        self.check = check;
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves in generation order.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves in generation order.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for index in 0..self.len {
            if keep(&self.moves[index]) {
                self.moves[kept] = self.moves[index];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The entries in the order GENMOV writes them to memory: each move's entry, followed
    /// directly by its hidden second entry for castling and en passant.
    pub fn flat_entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.iter()
            .flat_map(|mv| std::iter::once(mv.entry).chain(mv.second))
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
