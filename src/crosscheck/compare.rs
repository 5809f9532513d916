//! What a disagreement between the image and the reference looks like, and the comparisons
//! that find one: move lists entry by entry, and board bytes after MOVE and UNMOVE.

use serde::Serialize;

use crate::position::{Board, square_name};
use crate::reference::{Move, MoveList};

use crate::abi::{DriveError, ENTRY_SIZE, RawEntry};

/// One byte that differs between emulated memory and the native board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ByteDiff {
    /// What the byte is: `BOARDA e4`, `POSK white`, `POSQ black`, `COLOR`.
    pub what: String,
    /// The emulated byte.
    pub emulated: u8,
    /// The native byte.
    pub native: u8,
}

/// A move as shown in reports: UCI text and the raw entry fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
                if *native { "" } else { "not " }
            ),
            MismatchKind::GenmovChangedBoard { diffs } => {
                format!("GENMOV changed the board ({} bytes)", diffs.len())
            }
            MismatchKind::Move { mv, diffs } => format!(
                "MOVE {} (flags {:#04X}) differs from make in {} bytes",
                mv.uci,
                mv.flags,
                diffs.len()
            ),
            MismatchKind::Unmove { mv, diffs } => format!(
                "UNMOVE {} (flags {:#04X}) differs from unmake in {} bytes",
                mv.uci,
                mv.flags,
                diffs.len()
            ),
            MismatchKind::Inchk {
                mv,
                emulated,
                native,
            } => format!(
                "INCHK after {} says the mover's king is {}attacked, the reference says {}",
                mv.uci,
                if *emulated { "" } else { "not " },
                if *native { "it is" } else { "it is not" }
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

impl From<DriveError> for MismatchKind {
    fn from(error: DriveError) -> MismatchKind {
        MismatchKind::Drive {
            error: error.to_string(),
            native: Vec::new(),
        }
    }
}

/// Lays the reference's list out as GENMOV would write it from `start`: entries back to back,
/// each linked entry pointing at the next linked one, hidden halves with link 0.
pub fn lay_out(list: &MoveList, start: u16, out: &mut Vec<RawEntry>) {
    out.clear();
    let mut addr = start;
    let moves = list.as_slice();
    for (index, mv) in moves.iter().enumerate() {
        let size = if mv.second.is_some() { 2 } else { 1 } * ENTRY_SIZE;
        let link = if index + 1 < moves.len() {
            addr + size
        } else {
            0
        };
        out.push(raw(addr, link, mv.entry, false));
        if let Some(second) = mv.second {
            out.push(raw(addr + ENTRY_SIZE, 0, second, true));
        }
        addr += size;
    }
}

fn raw(addr: u16, link: u16, entry: crate::position::Entry, hidden: bool) -> RawEntry {
    RawEntry {
        addr,
        link,
        from: entry.from,
        to: entry.to,
        flags: entry.flags,
        value: 0,
        hidden,
    }
}

/// The index of the first entry where the two lists differ, if they differ at all.
pub fn first_difference(emulated: &[RawEntry], native: &[RawEntry]) -> Option<usize> {
    emulated
        .iter()
        .zip(native)
        .position(|(a, b)| a != b)
        .or_else(|| (emulated.len() != native.len()).then(|| emulated.len().min(native.len())))
}

/// Pushes to `diffs` every byte of BOARDA, POSK and POSQ where `emulated` and `native` differ.
pub fn board_diffs(emulated: &Board, native: &Board, diffs: &mut Vec<ByteDiff>) {
    for (index, (&e, &n)) in emulated.cells.iter().zip(&native.cells).enumerate() {
        if e != n {
            diffs.push(ByteDiff {
                what: format!("BOARDA {}", square_name(index as u8)),
                emulated: e,
                native: n,
            });
        }
    }
    for (name, e, n) in [
        ("POSK", emulated.posk, native.posk),
        ("POSQ", emulated.posq, native.posq),
    ] {
        for (side, colour) in ["white", "black"].iter().enumerate() {
            if e[side] != n[side] {
                diffs.push(ByteDiff {
                    what: format!("{name} {colour}"),
                    emulated: e[side],
                    native: n[side],
                });
            }
        }
    }
}

/// True when BOARDA, POSK and POSQ agree (the fast path of [`board_diffs`]).
pub fn same_board(emulated: &Board, native: &Board) -> bool {
    emulated.cells == native.cells && emulated.posk == native.posk && emulated.posq == native.posq
}

/// The moves of `list` that are not in `other`, as UCI text.
pub fn missing_from(list: &[Move], other: &[Move]) -> Vec<String> {
    list.iter()
        .filter(|mv| !other.iter().any(|o| o.entry == mv.entry))
        .map(Move::uci)
        .collect()
}
