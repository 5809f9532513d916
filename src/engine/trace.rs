//! Watching a search: the evaluation records, their FNV-1a 64 digest, and the [`Observer`] the
//! search reports to.
//!
//! The record of an evaluation is what `sargon1978/README.md` takes at every return from POINTS:
//! `(NPLY, from, to, VALM)`, with from/to of the entry MLPTRJ points at; the first record is the
//! root evaluation (NPLY 0, the previous-move entry's squares). The digest is FNV-1a 64 over the
//! four bytes of every record in order, so two searches with equal digests made the same
//! evaluations in the same order with the same results.
//!
//! The search is generic over its observer, so an observer whose methods are the default no-ops
//! ([`NoObserver`]) costs nothing.

use std::sync::atomic::{AtomicBool, Ordering};

use super::eval::Terms;
use crate::reference::{Move, MoveList};

/// FNV-1a 64 offset basis.
pub const FNV_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64 prime.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// One evaluation as the trace records it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EvalRecord {
    /// NPLY: 0 for the root evaluation, else the ply of the move evaluated.
    pub ply: u8,
    /// From-square of the entry evaluated (the previous move's at the root).
    pub from: u8,
    /// To-square of that entry.
    pub to: u8,
    /// VALM.
    pub valm: u8,
}

impl EvalRecord {
    /// The four bytes the digest hashes, in order.
    pub const fn bytes(&self) -> [u8; 4] {
        [self.ply, self.from, self.to, self.valm]
    }
}

/// FNV-1a 64 over records, updated one record at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TraceDigest(u64);

impl Default for TraceDigest {
    fn default() -> TraceDigest {
        TraceDigest::new()
    }
}

impl TraceDigest {
    /// The digest of an empty trace (the offset basis).
    pub const fn new() -> TraceDigest {
        TraceDigest(FNV_OFFSET_BASIS)
    }

    /// Adds one record.
    #[inline]
    pub fn update(&mut self, record: &EvalRecord) {
        for byte in record.bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
        }
    }

    /// The digest so far.
    pub const fn value(&self) -> u64 {
        self.0
    }

    /// The digest of a whole trace.
    pub fn of(records: &[EvalRecord]) -> u64 {
        let mut digest = TraceDigest::new();
        records.iter().for_each(|record| digest.update(record));
        digest.value()
    }
}

/// What a search reports while it runs. Every method has a no-op default; implement the ones
/// you need. `should_stop` is polled before every evaluation and every move generation.
pub trait Observer {
    /// An evaluation (POINTS call) finished: the trace record.
    #[inline]
    fn on_eval(&mut self, _record: &EvalRecord) {}

    /// The same evaluation's terms (called right after [`Observer::on_eval`]).
    #[inline]
    fn on_terms(&mut self, _terms: &Terms) {}

    /// GENMOV ran at `ply` (1 = the root side's moves): the list in generation order.
    #[inline]
    fn on_genmov(&mut self, _ply: u8, _list: &MoveList) {}

    /// The search made `mv` at `ply` and goes one ply deeper with it (a move of a sorted ply,
    /// or a check at PLYMAX). Until the matching GENMOV's node ends, `mv` is the path's move at
    /// `ply`: an evaluation at ply k was made after the path's moves at plies 1..k.
    #[inline]
    fn on_descend(&mut self, _ply: u8, _mv: &Move) {}

    /// The best score at `ply` improved to `score` (`S[ply]`) with `mv`, or with no move when the
    /// ply's side has none (mate or stalemate as its own result). These are the points where the
    /// principal variation changes.
    #[inline]
    fn on_improve(&mut self, _ply: u8, _mv: Option<&Move>, _score: u8) {}

    /// True to abort the search; it then returns [`super::SearchError::Aborted`].
    #[inline]
    fn should_stop(&mut self) -> bool {
        false
    }

    /// The poll the search makes, with the nodes (moves made) so far; by default
    /// [`Observer::should_stop`]. An observer that limits nodes implements this one.
    #[inline]
    fn should_stop_after(&mut self, _nodes: u64) -> bool {
        self.should_stop()
    }
}

/// The observer that watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

/// Keeps every record (the caller's choice to allocate; reuse it with `records.clear()`).
#[derive(Clone, Debug, Default)]
pub struct TraceRecorder {
    /// The records in order.
    pub records: Vec<EvalRecord>,
}

impl Observer for TraceRecorder {
    fn on_eval(&mut self, record: &EvalRecord) {
        self.records.push(*record);
    }
}

/// Stops the search as soon as the flag is set (by another thread, e.g. a UCI `stop`).
#[derive(Clone, Copy, Debug)]
pub struct StopFlag<'a>(pub &'a AtomicBool);

impl Observer for StopFlag<'_> {
    fn should_stop(&mut self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_of_the_start_position_plymax_1_trace() {
        // The root record and the 20 leaf evaluations of the start position at PLYMAX 1, as
        // sargon1978/search.jsonl lists them (ply1 values), give the file's digest.
        let leaves: [(u8, u8, u8); 20] = [
            (22, 41, 124),
            (22, 43, 122),
            (27, 46, 122),
            (27, 48, 124),
            (31, 41, 127),
            (31, 51, 126),
            (32, 42, 128),
            (32, 52, 128),
            (33, 43, 127),
            (33, 53, 127),
            (34, 44, 124),
            (34, 54, 123),
            (35, 45, 123),
            (35, 55, 123),
            (36, 46, 128),
            (36, 56, 128),
            (37, 47, 128),
            (37, 57, 128),
            (38, 48, 127),
            (38, 58, 126),
        ];
        let mut records = vec![EvalRecord {
            ply: 0,
            from: 0,
            to: 0,
            valm: 128,
        }];
        records.extend(leaves.iter().map(|&(from, to, valm)| EvalRecord {
            ply: 1,
            from,
            to,
            valm,
        }));
        assert_eq!(TraceDigest::of(&records), 0x201e_13c5_7446_2df4);
        assert_eq!(TraceDigest::of(&[]), FNV_OFFSET_BASIS);
    }
}
