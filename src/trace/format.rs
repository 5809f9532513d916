//! What a trace holds once read: the search it is of, its evaluations in order, the move lists
//! of its nodes (with detail) and the answer the search gave. The text form is in
//! [`super::write`] and [`super::read`]; `docs/PORTING.md` is its specification.

use crate::abi::search::EvalTerms;
use crate::engine::{EvalRecord, Setup, TraceDigest};
use crate::position::{Board, DOUBLE, Entry};

/// The `format` field of a trace's first line.
pub const FORMAT: &str = "sargon-trace";

/// The version this crate writes and reads. A reader refuses other versions: a new version is
/// made only for a change an older reader would misread.
pub const VERSION: u64 = 1;

/// The names of the terms, in the order a detailed evaluation line carries them.
pub const TERM_NAMES: [&str; 6] = ["BRDC", "MTRL", "PTSL", "PTSW1", "PTSW2", "PTSCK"];

/// The terms of an evaluation as an array in [`TERM_NAMES`] order.
pub fn term_values(terms: &EvalTerms) -> [u8; 6] {
    [
        terms.brdc,
        terms.mtrl,
        terms.ptsl,
        terms.ptsw1,
        terms.ptsw2,
        terms.ptsck,
    ]
}

/// The terms of an array in [`TERM_NAMES`] order.
pub fn terms_of(values: [u8; 6]) -> EvalTerms {
    let [brdc, mtrl, ptsl, ptsw1, ptsw2, ptsck] = values;
    EvalTerms {
        brdc,
        mtrl,
        ptsl,
        ptsw1,
        ptsw2,
        ptsck,
    }
}

/// The search a trace is of: everything FNDMOV's caller pokes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceSetup {
    /// The position as text (informative: a FEN drops moved bits a game can set).
    pub fen: String,
    /// BOARDA, POSK, POSQ, KOLOR (`color`) and the previous-move entry (`prev`) as poked.
    pub board: Board,
    /// MOVENO as poked.
    pub moveno: u8,
    /// PLYMAX as poked.
    pub plymax: u8,
    /// The R register on entry (it only matters to the book, MOVENO 1).
    pub r_register: u8,
}

impl TraceSetup {
    /// The setup of a search of `setup` at `plymax`.
    pub fn new(fen: String, setup: &Setup, plymax: u8, r_register: u8) -> TraceSetup {
        TraceSetup {
            fen,
            board: setup.board,
            moveno: setup.moveno,
            plymax,
            r_register,
        }
    }

    /// The engine's setup (board and MOVENO).
    pub fn engine_setup(&self) -> Setup {
        Setup::new(self.board, self.moveno)
    }
}

/// The first line of a trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceHeader {
    /// The search.
    pub setup: TraceSetup,
    /// Who searched: "native", "z80", a port's own name (informative).
    pub engine: Option<String>,
    /// Which image or build (informative).
    pub image: Option<String>,
    /// Every evaluation line carries the six terms.
    pub terms: bool,
    /// The file has a move-list line for every GENMOV.
    pub lists: bool,
}

/// One evaluation: its record and, in a trace with terms, BRDC..PTSCK.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// NPLY, from, to, VALM.
    pub record: EvalRecord,
    /// The terms in [`TERM_NAMES`] order.
    pub terms: Option<[u8; 6]>,
}

/// One entry of a generated list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListEntry {
    /// From, to, flags.
    pub entry: Entry,
    /// The second half of a double move (castling, en passant): the entry right after one
    /// whose flags have bit 6 set.
    pub hidden: bool,
}

impl ListEntry {
    /// The entries of a list in memory order, each second half marked from its first half.
    pub fn mark(entries: impl IntoIterator<Item = Entry>) -> Vec<ListEntry> {
        ListEntry::marked(entries).collect()
    }

    /// [`ListEntry::mark`] as an iterator, for a writer that holds nothing.
    pub fn marked(entries: impl IntoIterator<Item = Entry>) -> impl Iterator<Item = ListEntry> {
        let mut hidden = false;
        entries.into_iter().map(move |entry| {
            let item = ListEntry { entry, hidden };
            hidden = !hidden && entry.flags & DOUBLE != 0;
            item
        })
    }
}

/// One GENMOV: its ply, its entries in memory order, and where it fell among the evaluations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenList {
    /// NPLY of the node (1 = the side to move's moves).
    pub ply: u8,
    /// The entries as GENMOV wrote them.
    pub entries: Vec<ListEntry>,
    /// Evaluations made before this GENMOV.
    pub after: usize,
}

/// What the search answered, as far as the trace says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TraceResult {
    /// The best move in UCI (None when the search gave none).
    pub best: Option<String>,
    /// SCORE+1.
    pub score: Option<u8>,
    /// POINTS calls (the number of evaluation lines).
    pub evaluations: Option<u64>,
    /// FNV-1a 64 of the records.
    pub trace_fnv1a64: Option<u64>,
}

/// A whole trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The first line.
    pub header: TraceHeader,
    /// Every evaluation in order (the first is the root's).
    pub evaluations: Vec<Evaluation>,
    /// Every GENMOV in order (empty unless `header.lists`).
    pub lists: Vec<GenList>,
    /// The last line, when the search finished and the writer gave one.
    pub result: Option<TraceResult>,
}

impl Trace {
    /// The records alone.
    pub fn records(&self) -> impl Iterator<Item = EvalRecord> + '_ {
        self.evaluations.iter().map(|e| e.record)
    }

    /// FNV-1a 64 of the records, as `sargon1978/` digests a trace.
    pub fn digest(&self) -> u64 {
        let mut digest = TraceDigest::new();
        self.records().for_each(|record| digest.update(&record));
        digest.value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::FIRST_MOVE;

    #[test]
    fn hidden_halves_follow_a_double_first_half_only() {
        let entries = [
            Entry::new(25, 27, DOUBLE | FIRST_MOVE),
            Entry::new(28, 26, FIRST_MOVE),
            Entry::new(55, 64, DOUBLE),
            Entry::new(54, 54, 0x81),
            Entry::new(22, 43, FIRST_MOVE),
        ];
        let marks: Vec<bool> = ListEntry::mark(entries).iter().map(|e| e.hidden).collect();
        assert_eq!(marks, [false, true, false, true, false]);
    }

    #[test]
    fn terms_round_trip_through_the_array() {
        let values = [0xF4, 2, 0, 6, 4, 0x41];
        assert_eq!(term_values(&terms_of(values)), values);
    }
}
