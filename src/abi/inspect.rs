//! What an image supports, read from its symbols before anything runs: the board ABI (and
//! which optional symbols it has), the search routines' symbols, and what looks wrong
//! (routines outside the image, variables running past the top of memory or over each
//! other, addresses whose names tie). [`smoke_test`] then runs it.

mod findings;
mod smoke;

use serde::Serialize;

use crate::machine::Image;

use super::search::{SEARCH_OPTIONAL, SEARCH_REQUIRED, previous_entry_place};
use super::symbols::{AbiSymbols, ListEndSource, OPTIONAL, REQUIRED};

pub use smoke::{SearchSmoke, Smoke, SmokeCall, smoke_test};

/// Which of a group's symbols an image defines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SymbolGroup {
    /// How many symbols the group requires.
    pub required: usize,
    /// Required symbols that are missing (empty: the group is supported).
    pub missing: Vec<&'static str>,
    /// Optional symbols present.
    pub optional: Vec<&'static str>,
    /// Optional symbols missing.
    pub optional_missing: Vec<&'static str>,
}

impl SymbolGroup {
    fn of(image: &Image, required: &[&'static str], optional: &[&'static str]) -> SymbolGroup {
        let has = |name: &&str| image.symbols.get(name).is_some();
        SymbolGroup {
            required: required.len(),
            missing: required.iter().copied().filter(|n| !has(n)).collect(),
            optional: optional.iter().copied().filter(has).collect(),
            optional_missing: optional.iter().copied().filter(|n| !has(n)).collect(),
        }
    }

    /// True when every required symbol is there.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
    }
}

/// The move-list area the harness will use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ListInfo {
    /// MLIST.
    pub start: u16,
    /// The last address where an entry may start.
    pub last_entry: u16,
    /// Entries that fit, for all plies together.
    pub entries: u32,
    /// How the end was found.
    pub source: ListEndSource,
}

/// Where a search's previous-move entry goes (`SARGON_SEARCH.md` 7.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "source")]
pub enum PreviousEntry {
    /// At the image's PREVMV.
    Prevmv {
        /// PREVMV.
        address: u16,
    },
    /// The image names no PREVMV: in memory it does not use.
    FreeMemory {
        /// The place found.
        address: u16,
    },
    /// Nowhere: the message says why.
    NoRoom {
        /// The harness's error.
        error: String,
    },
}

/// Everything [`inspect`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Inspection {
    /// The board ABI's symbols.
    pub board: SymbolGroup,
    /// Why the board ABI cannot be driven although its symbols are there (a routine outside
    /// the image, a variable past the top of memory, an empty list area), if so.
    pub board_error: Option<String>,
    /// The move-list area, when the board ABI resolves.
    pub list: Option<ListInfo>,
    /// The search's symbols.
    pub search: SymbolGroup,
    /// Where a search's previous-move entry goes, when the board ABI resolves.
    pub previous_entry: Option<PreviousEntry>,
    /// What looks wrong, one sentence each.
    pub suspicious: Vec<String>,
}

impl Inspection {
    /// True when the harness can drive the image's board routines.
    pub fn board_supported(&self) -> bool {
        self.board.complete() && self.board_error.is_none()
    }
}

/// Reads what `image` supports from its symbols; runs nothing.
pub fn inspect(image: &Image) -> Inspection {
    let board = SymbolGroup::of(image, &REQUIRED, &OPTIONAL);
    let resolved = board.complete().then(|| AbiSymbols::resolve(image));
    let previous_entry = match &resolved {
        Some(Ok(s)) => Some(match previous_entry_place(image, s) {
            Ok(address) if image.symbols.get("PREVMV").is_some() => {
                PreviousEntry::Prevmv { address }
            }
            Ok(address) => PreviousEntry::FreeMemory { address },
            Err(e) => PreviousEntry::NoRoom {
                error: e.to_string(),
            },
        }),
        _ => None,
    };
    let list = match &resolved {
        Some(Ok(s)) => Some(ListInfo {
            start: s.mlist,
            last_entry: s.mlend,
            entries: u32::from(s.mlend - s.mlist) / 6 + 1,
            source: s.list_end_source,
        }),
        _ => None,
    };
    Inspection {
        board,
        board_error: match resolved {
            Some(Err(e)) => Some(e.to_string()),
            _ => None,
        },
        list,
        search: SymbolGroup::of(image, &SEARCH_REQUIRED, &SEARCH_OPTIONAL),
        previous_entry,
        suspicious: findings::suspicious(image),
    }
}
