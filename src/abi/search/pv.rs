//! The principal variation of an emulated search, recovered without changing the code.
//!
//! The 1978 search keeps no PV (`SARGON_SEARCH.md` 7.2). Its best line is where each ply's
//! best score `S[k]` improved: `S[k]` improves (5.8) right after a result at ply k, always with the
//! move current at ply k, and the next thing the search does is a MOVE (the next move) or an
//! UNMOVE (going up). So at every MOVE and UNMOVE entry the tracker reads the score table and
//! NPLY: an `S[k]` that changed while the search was at ply k or deeper was improved by the move
//! that was current at ply k at the previous look; one that changed while the search was above
//! k was set for a new node at ply k. The line of ply k is then its move followed by the line
//! of ply k + 1 as it stood, as in a triangular PV table. A MOVE at ply k starts a new move, so
//! the line below it is cleared. A ply with no legal move "improves" with whatever entry is
//! current there; the caller replays the line and cuts it at the first move that is not legal.

use crate::position::{DOUBLE, Entry};

use super::super::list::ENTRY_SIZE;
use super::scratch::SCORE_BYTES;
use super::symbols::SearchSymbols;

/// Plies a line can hold: PLYMAX 9 and the check extension.
pub const MAX_PV: usize = 10;

/// A move as its entries stand in memory: the first half and, for castling and en passant,
/// the hidden second half.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EntryPair {
    /// The linked entry.
    pub entry: Entry,
    /// The second half of a double move.
    pub second: Option<Entry>,
}

impl EntryPair {
    /// Reads the entry at `addr` (and its second half when it is a double move).
    pub fn read(memory: &[u8], addr: u16) -> EntryPair {
        let at = |offset: u16| memory[usize::from(addr.wrapping_add(offset))];
        let entry = Entry::new(at(2), at(3), at(4));
        let second = (entry.flags & DOUBLE != 0)
            .then(|| Entry::new(at(ENTRY_SIZE + 2), at(ENTRY_SIZE + 3), at(ENTRY_SIZE + 4)));
        EntryPair { entry, second }
    }
}

/// A line in a fixed array.
#[derive(Debug, Clone, Copy, Default)]
struct Line {
    moves: [EntryPair; MAX_PV],
    len: usize,
}

/// The triangular table and what the previous look saw.
pub(super) struct PvTracker {
    lines: [Line; MAX_PV + 2],
    scores: [u8; SCORE_BYTES as usize],
    nply: u8,
    path: [EntryPair; MAX_PV + 2],
}

impl PvTracker {
    pub fn new() -> PvTracker {
        PvTracker {
            lines: [Line::default(); MAX_PV + 2],
            scores: [0; SCORE_BYTES as usize],
            nply: 0,
            path: [EntryPair::default(); MAX_PV + 2],
        }
    }

    /// A look at a MOVE or UNMOVE entry (`moving`: a MOVE) or at the end of the call.
    pub fn look(&mut self, memory: &[u8], s: &SearchSymbols, moving: bool) {
        let nply = memory[usize::from(s.nply)];
        for k in (1..SCORE_BYTES as usize).rev().filter(|&k| k <= MAX_PV) {
            let now = memory[usize::from(s.score.wrapping_add(k as u16))];
            if now == self.scores[k] {
                continue;
            }
            self.scores[k] = now;
            if usize::from(self.nply) >= k {
                self.improve(k);
            } else {
                self.lines[k].len = 0;
            }
        }
        self.nply = nply;
        let plies = usize::from(nply).min(MAX_PV);
        for k in 1..=plies {
            let word = usize::from(s.board.plyix.wrapping_add(4 * (k as u16 - 1) + 2));
            let addr = u16::from_le_bytes([memory[word], memory[(word + 1) & 0xFFFF]]);
            self.path[k] = EntryPair::read(memory, addr);
        }
        if moving && plies < MAX_PV {
            self.lines[plies + 1].len = 0;
        }
    }

    /// S[k] improved with the move current at ply k at the previous look.
    fn improve(&mut self, k: usize) {
        let rest = self.lines[k + 1];
        let line = &mut self.lines[k];
        line.moves[0] = self.path[k];
        let tail = rest.len.min(MAX_PV - 1);
        line.moves[1..=tail].copy_from_slice(&rest.moves[..tail]);
        line.len = tail + 1;
    }

    /// The root's line.
    pub fn line(&self) -> &[EntryPair] {
        &self.lines[1].moves[..self.lines[1].len]
    }
}
