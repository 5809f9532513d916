//! What a search is asked and what it answers.

use thiserror::Error;

use super::ply::Visit;
use super::pv::Line;
use crate::engine::anomaly::Anomalies;
use crate::reference::Move;

/// MLIST of the 1978 program: entries may start at 0x0300..=0x0AF8, 341 of them, shared by all
/// plies on the current path (hidden second halves of castling and en passant included).
pub const MLIST_1978_CAPACITY: usize = 341;

/// The deepest PLYMAX the 1978 tables allow (SCORE 12 bytes, PLYIX 10 plies; SARGON_SEARCH.md 7.4).
pub const MAX_PLYMAX: u8 = 9;

/// The deepest PLYMAX the native engine's tables hold: past the 1978 program's 9, for analysis
/// (a search deeper than 9 is the 1978 search with larger tables, which the 1978 program could
/// not run).
pub const DEEPEST_PLYMAX: u8 = 20;

/// A list capacity that never runs out: the native engine gives every ply its own list, so a
/// search can hold a path of any length ([`SearchParams::unbounded`]).
pub const UNBOUNDED_LIST: usize = usize::MAX;

/// The inputs of one FNDMOV call besides the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchParams {
    /// PLYMAX, 0..=[`DEEPEST_PLYMAX`] (0 is what a mate exit leaves at 2: every move
    /// evaluated, no sort, no check extension; past [`MAX_PLYMAX`] the 1978 tables would not
    /// hold the search).
    pub plymax: u8,
    /// Bit 0 chooses white's book move when MOVENO = 1 (the Z80's R register on entry to FNDMOV).
    pub r_register: u8,
    /// Move-list entries available to all plies of the path together.
    pub list_capacity: usize,
}

impl SearchParams {
    /// PLYMAX `plymax`, R = 0, the 1978 MLIST.
    pub const fn new(plymax: u8) -> SearchParams {
        SearchParams {
            plymax,
            r_register: 0,
            list_capacity: MLIST_1978_CAPACITY,
        }
    }

    /// PLYMAX `plymax`, R = 0, a list as large as the path needs: the 1978 program's decisions
    /// wherever its list would have held the path, and the same search with room beyond.
    pub const fn unbounded(plymax: u8) -> SearchParams {
        SearchParams {
            plymax,
            r_register: 0,
            list_capacity: UNBOUNDED_LIST,
        }
    }
}

/// The root evaluation: its VALM and the zero points it leaves for every later evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RootEval {
    /// VALM of the root POINTS call (written into the previous-move entry, otherwise unused).
    pub valm: u8,
    /// BC0 = the root's BRDC.
    pub bc0: u8,
    /// MV0 = the root's MTRL.
    pub mv0: u8,
}

/// What FNDMOV (or BOOK) answered, plus what the native search counted on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move at BESTM, with its hidden second half. None only when the side to move has no
    /// move at all; see `best_is_legal`.
    pub best: Option<Move>,
    /// False when the side to move has no legal move: BESTM is then the last (illegal) entry of
    /// the ply-1 list, as in the 1978 program (SARGON_SEARCH.md 7.2), and must not be played.
    pub best_is_legal: bool,
    /// SCORE+1: the side to move's score (0x80 level, higher better; 0xFF it mates, 0x01 it is
    /// mated, 0x00 book).
    pub score: u8,
    /// POINTS calls, the root's included.
    pub evaluations: u64,
    /// MOVE calls: every move made in the tree (SORTM's, the leaves' legality tests and the
    /// descents), the natural node count of a search that makes each move it looks at.
    pub nodes: u64,
    /// GENMOV calls.
    pub genmov_calls: u64,
    /// FNV-1a 64 of the evaluation records (see [`crate::engine::trace`]).
    pub trace_fnv1a64: u64,
    /// PLYMAX after the call: lowered by 2 (wrapping, 1 gives 255) by a mate exit.
    pub plymax_after: u8,
    /// POSQ after the call (it can drift, SARGON_SEARCH.md 8).
    pub posq_after: [u8; 2],
    /// PMATE: MOVENO at the last mate seen (0 as in a fresh image when none).
    pub pmate: u8,
    /// True when BOOK answered (MOVENO = 1): no search, no evaluation.
    pub book: bool,
    /// True when the search stopped at a forced mate found at ply 1.
    pub mate_exit: bool,
    /// The principal variation, best move first.
    pub pv: Line,
    /// The root evaluation; None after BOOK.
    pub root: Option<RootEval>,
    /// The most move-list entries the path held at once (more than [`MLIST_1978_CAPACITY`]:
    /// the 1978 program's list would have overflowed on this search).
    pub list_peak: usize,
    /// Paths that left the modelled memory (empty in every search seen so far).
    pub anomalies: Anomalies,
}

/// A ply-1 entry after the search, in GENMOV order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its value byte (+5): SORTM's evaluation at a sorted ply 1 (PLYMAX >= 2), else the leaf
    /// evaluation; 0 when illegal, check-extended or not visited.
    pub value: u8,
    /// What the search did with it.
    pub visit: Visit,
}

/// Where an aborted search stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partial {
    /// BESTM so far (a complete ply-1 result only for the moves searched before the stop).
    pub best: Option<Move>,
    /// `S[1]` so far (0 when no ply-1 move was finished).
    pub score: u8,
    /// POINTS calls made.
    pub evaluations: u64,
    /// MOVE calls made.
    pub nodes: u64,
}

/// A search that gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SearchError {
    /// PLYMAX beyond the native engine's tables.
    #[error(
        "PLYMAX {0} is outside 0..={DEEPEST_PLYMAX} (the native engine's tables; the 1978 score and ply tables hold {MAX_PLYMAX})"
    )]
    PlyMax(u8),
    /// The board breaks the ABI's invariants (border cells, POSK on the kings).
    #[error("the board is not well formed (border cells, piece types, POSK on each king)")]
    Malformed,
    /// The path needed more list entries than there are: the 1978 GENMOV would have dropped
    /// moves silently and searched a different tree.
    #[error(
        "move list overflow at ply {ply}: the path needs {needed} entries, the list holds {capacity}"
    )]
    MoveListOverflow {
        /// The ply whose GENMOV overflowed.
        ply: u8,
        /// Entries the path would need.
        needed: usize,
        /// Entries available.
        capacity: usize,
    },
    /// The observer asked to stop; nothing here is a finished search's answer.
    #[error("search aborted after {} evaluations", .0.evaluations)]
    Aborted(Partial),
}
