//! The principal variation, recovered the only way the 1978 search allows: by recording the line
//! each ply's best score came with at the moment S[ply] improves (a triangular table). Nothing
//! here feeds back into a decision.

use crate::reference::Move;

/// The most plies a line can hold: the deepest PLYMAX plus the check extension.
pub const MAX_LINE: usize = super::DEEPEST_PLYMAX as usize + 1;

/// A line of moves in a fixed array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    moves: [Move; MAX_LINE],
    len: u8,
}

impl Default for Line {
    fn default() -> Line {
        Line::new()
    }
}

impl Line {
    /// The empty line.
    pub const fn new() -> Line {
        Line {
            moves: [Move {
                entry: crate::position::Entry::NONE,
                second: None,
                promotion: 0,
            }; MAX_LINE],
            len: 0,
        }
    }

    /// A line of one move.
    pub fn single(mv: Move) -> Line {
        let mut line = Line::new();
        line.moves[0] = mv;
        line.len = 1;
        line
    }

    /// The moves, first (the root side's) first.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the line has no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `mv` followed by `rest` (cut to fit, which a search within the table limit never needs).
    pub(super) fn set(&mut self, mv: Option<&Move>, rest: Option<&Line>) {
        match mv {
            None => self.len = 0,
            Some(mv) => {
                self.moves[0] = *mv;
                let Some(rest) = rest else {
                    self.len = 1;
                    return;
                };
                let tail = rest.len().min(MAX_LINE - 1);
                self.moves[1..=tail].copy_from_slice(&rest.moves[..tail]);
                self.len = tail as u8 + 1;
            }
        }
    }
}

/// One line per ply: `lines[k]` is the line behind S[k] at the node being searched at ply k.
#[derive(Clone, Debug)]
pub(super) struct PvTable {
    lines: [Line; MAX_LINE + 2],
}

impl PvTable {
    /// All lines empty.
    pub fn new() -> PvTable {
        PvTable {
            lines: [Line::new(); MAX_LINE + 2],
        }
    }

    /// Empties ply `k`'s line as a node at that ply starts.
    pub fn start(&mut self, k: usize) {
        self.lines[k].len = 0;
    }

    /// S[k] improved with `mv`; `child` says whether the value came from ply k+1 (whose line
    /// then follows the move) or from a leaf evaluation.
    pub fn improve(&mut self, k: usize, mv: Option<&Move>, child: bool) {
        let (upper, lower) = self.lines.split_at_mut(k + 1);
        upper[k].set(mv, child.then(|| &lower[0]));
    }

    /// Ply `k`'s line.
    pub fn line(&self, k: usize) -> &Line {
        &self.lines[k]
    }
}
