//! The search proper (SARGON_SEARCH.md 5.4-5.8), written as the recursion of 5.10: a node walks
//! its ply's moves, applies each result to the score table, and ends in a cut-off, the mate exit,
//! or its final S[k].

use super::walk::{Halt, Tried, Walk};
use crate::engine::score::{EQUAL, MATE, neg};
use crate::engine::trace::Observer;
use crate::position::BLACK;

/// How the walk of a ply goes on after a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Next entry of this ply.
    Next,
    /// Cut-off: this ply ends and the parent drops its move.
    Cut,
    /// Mate exit at ply 1: the search ends now.
    Stop,
}

/// Where a result came from, for the principal variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Leaf,
    Child,
    /// The ply's side had no legal move: mate or stalemate is the result of no move.
    NoMove,
}

impl<O: Observer> Walk<'_, O> {
    /// A new ply k (5.4): GENMOV, SORTM when k < PLYMAX, the walk; Some(S[k]) at its end, None
    /// when it ended in a cut-off. ASCEND's MLNXT reset gives the ply's list entries back.
    pub fn node(&mut self, k: usize) -> Result<Option<u8>, Halt> {
        self.generate(k)?;
        self.pv.start(k);
        let outcome = self.walk(k);
        self.path_entries -= self.plies[k].entries;
        outcome
    }

    /// 5.5 and 5.7: every entry in walk order, then mate or stalemate if nothing was searched.
    fn walk(&mut self, k: usize) -> Result<Option<u8>, Halt> {
        let sorted = k < self.plymax as usize;
        if sorted {
            self.sort(k)?;
        }
        let mut searched = false;
        let mut last = None;
        for position in 0..self.plies[k].list.len() {
            let index = self.plies[k].order[position] as usize;
            last = Some(index); // MLPTRJ follows every entry the walk reaches
            let (result, source) = match self.try_move(k, index, sorted)? {
                Tried::Skipped => continue,
                Tried::Dropped => {
                    searched = true;
                    continue;
                }
                Tried::Leaf(result) => (result, Source::Leaf),
                Tried::Child(result) => (result, Source::Child),
            };
            searched = true;
            match self.apply(k, Some(index), result, source) {
                Flow::Next => {}
                Flow::Cut => return Ok(None),
                Flow::Stop => return Ok(Some(self.s[k])),
            }
        }
        if !searched {
            let result = if self.plies[k].list.ckflg() {
                self.pmate = self.moveno;
                MATE
            } else {
                EQUAL
            };
            if self.apply(k, last, result, Source::NoMove) == Flow::Cut {
                return Ok(None);
            }
        }
        Ok(Some(self.s[k]))
    }

    /// 5.8: a result r at ply k. Cut-off when r <= S[k-1]; S[k] rises only on a strict
    /// improvement of NEG(r); at ply 1 that sets BESTM, and 0xFF takes the mate exit.
    fn apply(&mut self, k: usize, index: Option<usize>, result: u8, source: Source) -> Flow {
        if result <= self.s[k - 1] {
            return Flow::Cut;
        }
        let value = neg(result);
        if value <= self.s[k] {
            return Flow::Next;
        }
        self.s[k] = value;
        let mv = match source {
            Source::NoMove => None,
            _ => index.map(|index| self.plies[k].list.as_slice()[index]),
        };
        self.pv.improve(k, mv.as_ref(), source == Source::Child);
        self.observer.on_improve(k as u8, mv.as_ref(), value);
        if k == 1 {
            self.best = index;
            if value == MATE {
                self.mate_exit = true;
                self.plymax_after = self.plymax.wrapping_sub(2);
                if self.kolor == BLACK {
                    self.pmate = self.pmate.wrapping_sub(1);
                }
                return Flow::Stop;
            }
        }
        Flow::Next
    }
}
