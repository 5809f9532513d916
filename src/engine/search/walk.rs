//! The state of one FNDMOV call and the steps that touch the board: GENMOV with the list
//! capacity, SORTM, trying one move (MOVE, INCHK, leaf or descent), ASCEND, and the evaluation
//! with its trace record.

use super::ply::{Ply, Visit};
use super::pv::PvTable;
use crate::engine::anomaly::Anomalies;
use crate::engine::eval::{EvalInput, Region, Terms, evaluate};
use crate::engine::trace::{EvalRecord, Observer, TraceDigest};
use crate::position::{BLACK, Board, WHITE};
use crate::reference::{Move, Undo, genmov, in_check, make, unmake};

/// The score table: S[0..=PLYMAX+1] for the deepest PLYMAX the tables hold (the 1978 table
/// has 12 bytes, enough for its PLYMAX 9 and one more).
pub(super) const SCORE_SLOTS: usize = super::DEEPEST_PLYMAX as usize + 3;

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Halt {
    /// The observer asked to stop.
    Aborted,
    /// GENMOV at `ply` would have needed `needed` entries on the path.
    Overflow { ply: u8, needed: usize },
}

/// What trying one entry of a ply gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tried {
    /// Not searched: illegal, or an illegal (value 0) entry of a sorted ply.
    Skipped,
    /// Searched one ply deeper, where a cut-off dropped it.
    Dropped,
    /// A leaf: POINTS's VALM.
    Leaf(u8),
    /// Searched one ply deeper: S[k+1] as that ply ended.
    Child(u8),
}

/// The memory of one FNDMOV call, borrowed from the [`super::Engine`] that owns the buffers.
pub(super) struct Walk<'a, O: Observer> {
    pub board: Board,
    pub region: &'a mut Region,
    pub plies: &'a mut [Ply],
    pub pv: &'a mut PvTable,
    pub observer: &'a mut O,
    /// SCORE: S[0..=PLYMAX+1].
    pub s: [u8; SCORE_SLOTS],
    pub color: u8,
    pub kolor: u8,
    pub moveno: u8,
    pub plymax: u8,
    pub plymax_after: u8,
    pub bc0: u8,
    pub mv0: u8,
    pub pmate: u8,
    /// BESTM as an index into the ply-1 list.
    pub best: Option<usize>,
    pub mate_exit: bool,
    pub evaluations: u64,
    pub nodes: u64,
    pub genmov_calls: u64,
    pub digest: TraceDigest,
    pub path_entries: usize,
    pub list_peak: usize,
    pub capacity: usize,
    pub anomalies: Anomalies,
}

impl<O: Observer> Walk<'_, O> {
    /// GENMOV at ply `k` for the side to move, counted against the list capacity.
    pub fn generate(&mut self, k: usize) -> Result<(), Halt> {
        if self.observer.should_stop_after(self.nodes) {
            return Err(Halt::Aborted);
        }
        let ply = &mut self.plies[k];
        genmov(&self.board, &mut ply.list);
        ply.reset_entries();
        self.genmov_calls += 1;
        let needed = self.path_entries + ply.entries;
        if needed > self.capacity {
            return Err(Halt::Overflow {
                ply: k as u8,
                needed,
            });
        }
        self.path_entries = needed;
        self.list_peak = self.list_peak.max(needed);
        if ply.list.is_empty() && k > 1 {
            self.anomalies.insert(Anomalies::EMPTY_PLY);
        }
        self.observer.on_genmov(k as u8, &ply.list);
        Ok(())
    }

    /// SORTM: one evaluation per legal entry in generation order (no check test), each entry
    /// inserted by its value; illegal entries keep value 0 and sort first.
    pub fn sort(&mut self, k: usize) -> Result<(), Halt> {
        for index in 0..self.plies[k].list.len() {
            let mv = self.plies[k].list.as_slice()[index];
            let undo = make(&mut self.board, &mv);
            self.nodes += 1;
            if in_check(&self.board, self.color) {
                self.plies[k].visits[index] = Visit::Illegal;
            } else {
                let terms = self.evaluate(k as u8, mv.entry.from, mv.entry.to);
                let terms = terms.inspect_err(|_| unmake(&mut self.board, &mv, undo))?;
                self.plies[k].values[index] = terms.valm;
                self.plies[k].visits[index] = Visit::Evaluated;
            }
            unmake(&mut self.board, &mv, undo);
            self.plies[k].insert_sorted(index, index);
        }
        Ok(())
    }

    /// One entry of ply `k` (5.5): a sorted ply descends into every legal entry; otherwise MOVE,
    /// INCHK, then the check extension at PLYMAX or a leaf evaluation.
    pub fn try_move(&mut self, k: usize, index: usize, sorted: bool) -> Result<Tried, Halt> {
        let mv = self.plies[k].list.as_slice()[index];
        if sorted && self.plies[k].values[index] == 0 {
            return Ok(Tried::Skipped);
        }
        let undo = make(&mut self.board, &mv);
        self.nodes += 1;
        if sorted {
            self.plies[k].visits[index] = Visit::Descended;
            return self.descend(k, &mv, undo);
        }
        if in_check(&self.board, self.color) {
            unmake(&mut self.board, &mv, undo);
            self.plies[k].visits[index] = Visit::Illegal;
            return Ok(Tried::Skipped);
        }
        if k == self.plymax as usize && in_check(&self.board, self.color ^ BLACK) {
            self.plies[k].visits[index] = Visit::Descended;
            return self.descend(k, &mv, undo);
        }
        let terms = self.evaluate(k as u8, mv.entry.from, mv.entry.to);
        unmake(&mut self.board, &mv, undo);
        let valm = terms?.valm;
        self.plies[k].values[index] = valm;
        self.plies[k].visits[index] = Visit::Evaluated;
        Ok(Tried::Leaf(valm))
    }

    /// Descend (5.6) into ply k+1 with the move made, then ASCEND (5.9): the side and move
    /// number follow, S[k+1] starts at S[k-1], and the move is taken back whatever happened.
    fn descend(&mut self, k: usize, mv: &Move, undo: Undo) -> Result<Tried, Halt> {
        self.observer.on_descend(k as u8, mv);
        self.color ^= BLACK;
        if self.color == WHITE {
            self.moveno = self.moveno.wrapping_add(1);
        }
        self.s[k + 1] = self.s[k - 1];
        let below = self.node(k + 1);
        self.color ^= BLACK;
        if self.color == BLACK {
            self.moveno = self.moveno.wrapping_sub(1);
        }
        unmake(&mut self.board, mv, undo);
        Ok(match below? {
            None => Tried::Dropped,
            Some(result) => Tried::Child(result),
        })
    }

    /// PINFND + POINTS on the board as it stands, with COLOR, MOVENO, BC0, MV0 of the moment and
    /// `to` as the entry's to-square; records the trace.
    pub fn evaluate(&mut self, ply: u8, from: u8, to: u8) -> Result<Terms, Halt> {
        if self.observer.should_stop_after(self.nodes) {
            return Err(Halt::Aborted);
        }
        let input = EvalInput {
            color: self.color,
            moveno: self.moveno,
            bc0: self.bc0,
            mv0: self.mv0,
            to_square: to,
        };
        let terms = evaluate(&mut self.board, self.region, &input);
        self.evaluations += 1;
        let record = EvalRecord {
            ply,
            from,
            to,
            valm: terms.valm,
        };
        self.digest.update(&record);
        self.observer.on_eval(&record);
        self.observer.on_terms(&terms);
        Ok(terms)
    }
}
