//! What a disagreement between the image and the reference looks like: the kinds of mismatch
//! with the values on both sides, where in the tree it happened, and one-line headlines.

use serde::{Deserialize, Serialize};

use crate::abi::{DriveError, RawEntry};
use crate::position::Board;
use crate::reference::Move;

/// One byte that differs between emulated memory and the native board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByteDiff {
    /// What the byte is: `BOARDA e4`, `POSK white`, `POSQ black`, `COLOR`.
    pub what: String,
    /// The emulated byte.
    pub emulated: u8,
    /// The native byte.
    pub native: u8,
}

/// A move as shown in reports: UCI text and the raw entry fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownMove {
    /// UCI notation (`e1g1` for castling, `e7e8q` for a promotion).
    pub uci: String,
    /// From-square index.
    pub from: u8,
    /// To-square index.
    pub to: u8,
    /// Flags byte.
    pub flags: u8,
}

impl ShownMove {
    /// The move of a list entry.
    pub fn of(entry: &RawEntry) -> ShownMove {
        ShownMove {
            uci: entry.uci(),
            from: entry.from,
            to: entry.to,
            flags: entry.flags,
        }
    }
}

/// The kinds of disagreement, each with the values on both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MismatchKind {
    /// GENMOV's list differs from the reference's entries.
    List {
        /// The decoded emulated entries (hidden halves included).
        emulated: Vec<RawEntry>,
        /// The reference's entries laid out at the same addresses.
        native: Vec<RawEntry>,
        /// Index of the first differing entry.
        first_difference: usize,
        /// Bytes GENMOV wrote for this ply.
        emulated_bytes: u16,
        /// Bytes the reference's list takes.
        native_bytes: u16,
    },
    /// The image failed while being driven (crash, broken list, overflow, ply table).
    Drive {
        /// What happened.
        error: String,
        /// The reference's entries at this node, for context.
        native: Vec<RawEntry>,
    },
    /// CKFLG disagrees with the reference's in-check test.
    Ckflg {
        /// CKFLG as GENMOV wrote it.
        emulated: u8,
        /// The reference: side to move in check.
        native: bool,
    },
    /// GENMOV changed BOARDA, POSK, POSQ or COLOR.
    GenmovChangedBoard {
        /// The bytes that differ.
        diffs: Vec<ByteDiff>,
    },
    /// MOVE left memory different from the reference's make.
    Move {
        /// The move made.
        mv: ShownMove,
        /// The bytes that differ.
        diffs: Vec<ByteDiff>,
    },
    /// UNMOVE did not restore what the reference's unmake restores.
    Unmove {
        /// The move taken back.
        mv: ShownMove,
        /// The bytes that differ.
        diffs: Vec<ByteDiff>,
    },
    /// INCHK after MOVE disagrees with the reference (move legality).
    Inchk {
        /// The move made.
        mv: ShownMove,
        /// INCHK's answer: the mover's king attacked.
        emulated: bool,
        /// The reference's answer.
        native: bool,
    },
    /// INCHK answered in A with something other than the ABI's 0 (safe) or 1 (attacked).
    InchkAnswer {
        /// The move made.
        mv: ShownMove,
        /// A as INCHK left it.
        a: u8,
    },
    /// The legal move sets differ.
    LegalSet {
        /// Legal by INCHK, not by the reference.
        only_emulated: Vec<String>,
        /// Legal by the reference, not by INCHK.
        only_native: Vec<String>,
    },
    /// Perft counts differ.
    Perft {
        /// The depth.
        depth: u32,
        /// The emulated count.
        emulated: u64,
        /// The native count.
        native: u64,
    },
    /// The reference's standard-rules perft differs from the count the EPD file claims.
    EpdCount {
        /// The depth.
        depth: u32,
        /// The file's count.
        claimed: u64,
        /// The reference's count.
        native: u64,
    },
}

impl MismatchKind {
    /// A one-line description.
    pub fn headline(&self) -> String {
        match self {
            MismatchKind::List {
                first_difference,
                emulated,
                native,
                ..
            } => format!(
                "GENMOV move list differs at entry {first_difference} ({} emulated entries, {} native)",
                emulated.len(),
                native.len()
            ),
            MismatchKind::Drive { error, .. } => error.clone(),
            MismatchKind::Ckflg { emulated, native } => format!(
                "CKFLG = {emulated:#04X}, but the side to move is {}in check",
                not(*native)
            ),
            MismatchKind::GenmovChangedBoard { diffs } => {
                format!("GENMOV changed the board ({} bytes)", diffs.len())
            }
            MismatchKind::Move { mv, diffs } => moved("MOVE", mv, "make", diffs),
            MismatchKind::Unmove { mv, diffs } => moved("UNMOVE", mv, "unmake", diffs),
            MismatchKind::Inchk {
                mv,
                emulated,
                native,
            } => format!(
                "INCHK after {} says the mover's king is {}attacked, the reference says {}",
                mv.uci,
                not(*emulated),
                if *native { "it is" } else { "it is not" }
            ),
            MismatchKind::InchkAnswer { mv, a } => format!(
                "INCHK after {} answered A = {a:#04X}, where the ABI's answers are 0 (safe) and 1 (attacked)",
                mv.uci
            ),
            MismatchKind::LegalSet {
                only_emulated,
                only_native,
            } => format!(
                "legal moves differ: only emulated [{}], only native [{}]",
                only_emulated.join(" "),
                only_native.join(" ")
            ),
            MismatchKind::Perft {
                depth,
                emulated,
                native,
            } => format!("perft({depth}) = {emulated} emulated, {native} native"),
            MismatchKind::EpdCount {
                depth,
                claimed,
                native,
            } => format!(
                "standard-rules perft({depth}) = {native}, but the EPD line claims {claimed}"
            ),
        }
    }
}

/// `""` when true, `"not "` when false.
fn not(yes: bool) -> &'static str {
    if yes { "" } else { "not " }
}

/// The headline of MOVE or UNMOVE leaving other bytes than the reference's make or unmake.
fn moved(routine: &str, mv: &ShownMove, reference: &str, diffs: &[ByteDiff]) -> String {
    format!(
        "{routine} {} (flags {:#04X}) differs from {reference} in {} bytes",
        mv.uci,
        mv.flags,
        diffs.len()
    )
}

impl From<DriveError> for MismatchKind {
    fn from(error: DriveError) -> MismatchKind {
        MismatchKind::Drive {
            error: error.to_string(),
            native: Vec::new(),
        }
    }
}

/// A disagreement, with where in the tree it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mismatch {
    /// The moves from the root to the node, in UCI notation.
    pub path: Vec<String>,
    /// The node's position as FEN (moved bits a FEN cannot show are not in it).
    pub node_fen: String,
    /// What disagreed.
    #[serde(flatten)]
    pub kind: MismatchKind,
}

/// Why a position's check stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The image and the reference disagree.
    Mismatch(Box<Mismatch>),
    /// A routine ran away (runaway code: its budget ran out): the image is broken, nothing
    /// more can be compared. The node where it happened, the machine's error as a
    /// [`MismatchKind::Drive`].
    Runaway(Box<Mismatch>),
    /// The image's move-list area has no room for a node's list (the 1978 image holds only
    /// about 340 entries for all plies): the node is not compared rather than compared
    /// against a truncated list.
    ListFull {
        /// The moves from the root to the node, in UCI notation.
        path: Vec<String>,
        /// Entries the node's list needs.
        needed: usize,
        /// Entries of room left.
        free: usize,
    },
}

/// Builds the failure of a node: the moves that led to it, its FEN and what disagreed.
pub(super) fn mismatch(path: &[Move], node: &Board, kind: MismatchKind) -> Failure {
    Failure::Mismatch(Box::new(Mismatch {
        path: path.iter().map(Move::uci).collect(),
        node_fen: node.to_fen(),
        kind,
    }))
}
