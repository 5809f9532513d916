//! What a driven search reports while it runs: one record per evaluation, optionally the move
//! list of every node, and a poll for stopping.

use super::super::list::RawEntry;
use super::full::FullList;

/// The evaluation's terms as it left them at its return (`SARGON_EVAL.md` section 8), when the
/// image names the variables.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct EvalTerms {
    /// BRDC: board control including development.
    pub brdc: u8,
    /// MTRL: material.
    pub mtrl: u8,
    /// PTSL: the largest loss of the side that moved.
    pub ptsl: u8,
    /// PTSW1: the largest gain.
    pub ptsw1: u8,
    /// PTSW2: the second largest gain.
    pub ptsw2: u8,
    /// PTSCK: the to-square when the moved piece is among the losses, else 0.
    pub ptsck: u8,
}

/// One return from POINTS: the trace record (`sargon1978/README.md`: NPLY, the squares of
/// the entry MLPTRJ points at, VALM) and the terms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// NPLY (0 for the root evaluation).
    pub ply: u8,
    /// From-square of the entry at MLPTRJ.
    pub from: u8,
    /// To-square of the entry at MLPTRJ.
    pub to: u8,
    /// VALM.
    pub valm: u8,
    /// The terms, when the image names BRDC, MTRL, PTSL, PTSW1, PTSW2 and PTSCK.
    pub terms: Option<EvalTerms>,
}

/// Watches a driven search. Every method has a no-op default.
pub trait SearchObserver {
    /// POINTS returned.
    fn on_evaluation(&mut self, _evaluation: &Evaluation) {}

    /// GENMOV returned at `ply` with these entries, in generation order (hidden second halves
    /// included); only called when the options ask for lists.
    fn on_list(&mut self, _ply: u8, _entries: &[RawEntry]) {}

    /// Polled at every evaluation, and between slices of the run whatever the image does
    /// (every [`SLICE`](crate::machine::SLICE) instructions, under a millisecond): true ends
    /// the search with [`SearchDriveError::Aborted`](super::SearchDriveError::Aborted). Another
    /// thread's stop flag read here stops any search at once, a runaway one included.
    fn should_stop(&mut self) -> bool {
        false
    }

    /// A GENMOV reached the end of the list area or set MLOVF ([`FullList`]): true ends the
    /// search at once with [`SearchDriveError::ListFull`](super::SearchDriveError::ListFull),
    /// before a list that lost moves is walked. By default every such list ends the search;
    /// an observer that can count what the node needs (the game room does) lets a list that
    /// fit exactly go on.
    fn on_list_full(&mut self, _full: &FullList) -> bool {
        true
    }

    /// The poll the watch makes at every evaluation, with the nodes (MOVE calls) so far; by
    /// default [`SearchObserver::should_stop`]. An observer that limits nodes implements this
    /// one.
    fn should_stop_after(&mut self, _nodes: u64) -> bool {
        self.should_stop()
    }
}

/// Watches nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSearchObserver;

impl SearchObserver for NoSearchObserver {}

/// What to watch beyond the evaluations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Recover the principal variation by watching MOVE and UNMOVE (a little slower).
    pub pv: bool,
    /// Report every node's move list to [`SearchObserver::on_list`].
    pub lists: bool,
}
