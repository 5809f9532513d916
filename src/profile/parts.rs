//! The parts of a whole program, and which routines make each: what a session's T-states are
//! told apart by.
//!
//! A part is named by the routines that start it (its roots, found by name in the image's
//! symbols). Every instruction belongs to the part of the innermost routine on the call stack
//! that is a root; a routine that is no root (a helper) works for whoever called it. So
//! GENMOV is move generation whether the search, the legality test after a move or the
//! move entry called it; a delay loop called by the blink is the blink's. The `RST 38H` of
//! a monitor call is the monitor's wherever it stands (the monitor's own work costs nothing).
//! What no root claims (the entry and the game loop around the parts) is the game loop.
//!
//! The engine's roots are the names `SARGON_ABI.md` and `SARGON_SEARCH.md` give, which every
//! image that follows the ABI has; the user interface's are the built-in program's names and
//! the 1978 program's that the specifications name (DSPBRD, VALMOV, ANALYS). Any other routine
//! is put in a part by [`PartMap::assign`] (`--part NAME=PART` on the command line).

use serde::Serialize;
use thiserror::Error;

use crate::machine::SymbolTable;

/// A part of a whole program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The search's own work: FNDMOV, SORTM, ASCEND.
    Search,
    /// The evaluation: POINTS and what it calls, EVAL (a move valued for the pre-sort).
    Evaluation,
    /// GENMOV.
    Generation,
    /// MOVE, UNMOVE and INCHK: moves made and taken back, check tests.
    Make,
    /// The opening book: BOOK.
    Book,
    /// Drawing the board and the screen around it.
    Board,
    /// Blinking the computer's move.
    Blinks,
    /// The player's move: its keys read and echoed, found among the legal moves.
    Entry,
    /// Questions, messages, the move list, the set-up.
    Dialogue,
    /// The `RST 38H` of every monitor call.
    Monitor,
    /// The entry and the game loop: everything no other part claims.
    Loop,
}

impl Part {
    /// Every part, in the order of the report.
    pub const ALL: [Part; 11] = [
        Part::Search,
        Part::Evaluation,
        Part::Generation,
        Part::Make,
        Part::Book,
        Part::Board,
        Part::Blinks,
        Part::Entry,
        Part::Dialogue,
        Part::Monitor,
        Part::Loop,
    ];

    /// Its name in a report.
    pub fn title(self) -> &'static str {
        match self {
            Part::Search => "search",
            Part::Evaluation => "evaluation",
            Part::Generation => "move generation",
            Part::Make => "make, unmake, check",
            Part::Book => "the book",
            Part::Board => "board drawing",
            Part::Blinks => "blinks",
            Part::Entry => "move entry and echo",
            Part::Dialogue => "dialogue and messages",
            Part::Monitor => "monitor calls",
            Part::Loop => "game loop and the rest",
        }
    }

    /// The word that names it in `--part NAME=PART`.
    pub fn key(self) -> &'static str {
        match self {
            Part::Search => "search",
            Part::Evaluation => "evaluation",
            Part::Generation => "generation",
            Part::Make => "make",
            Part::Book => "book",
            Part::Board => "board",
            Part::Blinks => "blinks",
            Part::Entry => "entry",
            Part::Dialogue => "dialogue",
            Part::Monitor => "monitor",
            Part::Loop => "loop",
        }
    }

    /// The part a `--part` word names (case ignored).
    pub fn from_key(word: &str) -> Option<Part> {
        Part::ALL
            .into_iter()
            .find(|p| p.key().eq_ignore_ascii_case(word.trim()))
    }

    /// Its index in [`Part::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The routines that start each part, by name. An image names some of them; the rest are
/// ignored.
pub const ROOTS: [(Part, &[&str]); 9] = [
    (Part::Search, &["FNDMOV", "SORTM", "ASCEND"]),
    (Part::Evaluation, &["POINTS", "EVAL", "PINFND", "XCHNG"]),
    (Part::Generation, &["GENMOV"]),
    (Part::Make, &["MOVE", "UNMOVE", "INCHK"]),
    (Part::Book, &["BOOK"]),
    (Part::Board, &["DSPBRD", "SCREEN", "BOARD"]),
    (Part::Blinks, &["BLINK"]),
    (Part::Entry, &["VALMOV", "HMOVE", "GETMV", "FINDMV"]),
    (
        Part::Dialogue,
        &[
            "ANALYS", "GREET", "ASKSID", "ASKLEV", "LISTMV", "MSG1", "MSG2", "PROMPT", "CLRMSG",
            "CLRIN", "MATEIN",
        ],
    ),
];

/// Why a `--part` cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartError {
    /// Not `NAME=PART`.
    #[error("--part {given:?}: write NAME=PART, e.g. BLNKER=blinks")]
    Form {
        /// What was given (cut short).
        given: String,
    },
    /// The part is none of the report's.
    #[error(
        "--part {given:?}: no part {part:?}; the parts are search, evaluation, generation, \
         make, book, board, blinks, entry, dialogue, loop"
    )]
    NoPart {
        /// What was given (cut short).
        given: String,
        /// The part as given (cut short).
        part: String,
    },
    /// The monitor's part is its calls' RST 38H, not a routine's.
    #[error("--part {given:?}: the monitor's part is the RST 38H of its calls, not a routine")]
    Monitor {
        /// What was given (cut short).
        given: String,
    },
    /// The routine is no symbol of the image.
    #[error("--part {given:?}: the image has no symbol {name:?}")]
    NoSymbol {
        /// What was given (cut short).
        given: String,
        /// The name (cut short).
        name: String,
    },
}

/// Which part each routine starts, by entry address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartMap {
    roots: Vec<(u16, Part)>,
}

impl PartMap {
    /// The roots of [`ROOTS`] that `symbols` name.
    pub fn from_symbols(symbols: &SymbolTable) -> PartMap {
        let mut map = PartMap { roots: Vec::new() };
        for (part, names) in ROOTS {
            for name in names {
                if let Some(addr) = symbols.get(name) {
                    map.set(addr, part);
                }
            }
        }
        map
    }

    /// Makes the routine `NAME` of `NAME=PART` a root of the part (it replaces what the table
    /// says of the same address).
    pub fn assign(&mut self, symbols: &SymbolTable, given: &str) -> Result<(), PartError> {
        let clipped = || crate::files::clip(given);
        let (name, part) = given
            .split_once('=')
            .ok_or_else(|| PartError::Form { given: clipped() })?;
        let part = match Part::from_key(part) {
            Some(Part::Monitor) => return Err(PartError::Monitor { given: clipped() }),
            Some(part) => part,
            None => {
                return Err(PartError::NoPart {
                    given: clipped(),
                    part: crate::files::clip(part.trim()),
                });
            }
        };
        let name = name.trim();
        let addr = symbols.get(name).ok_or_else(|| PartError::NoSymbol {
            given: clipped(),
            name: crate::files::clip(name),
        })?;
        self.set(addr, part);
        Ok(())
    }

    fn set(&mut self, addr: u16, part: Part) {
        self.roots.retain(|&(at, _)| at != addr);
        self.roots.push((addr, part));
    }

    /// Every root: entry address and part.
    pub fn roots(&self) -> &[(u16, Part)] {
        &self.roots
    }

    /// The part the routine at `addr` starts, if it is a root.
    pub fn part_of(&self, addr: u16) -> Option<Part> {
        self.roots
            .iter()
            .find(|&&(at, _)| at == addr)
            .map(|&(_, part)| part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbols() -> SymbolTable {
        SymbolTable::parse("FNDMOV EQU 100H\nGENMOV EQU 200H\nBLNK EQU 300H\nSQDRAW EQU 400H\n")
            .unwrap()
    }

    #[test]
    fn roots_from_the_symbols_and_assigned() {
        let symbols = symbols();
        let mut map = PartMap::from_symbols(&symbols);
        assert_eq!(
            map.roots(),
            [(0x100, Part::Search), (0x200, Part::Generation)]
        );
        map.assign(&symbols, "BLNK=blinks").unwrap();
        map.assign(&symbols, " GENMOV = Make ").unwrap();
        assert_eq!(map.part_of(0x300), Some(Part::Blinks));
        assert_eq!(map.part_of(0x200), Some(Part::Make));
        assert_eq!(map.part_of(0x400), None);
    }

    #[test]
    fn bad_assignments_say_why() {
        let symbols = symbols();
        let map = PartMap::from_symbols(&symbols);
        let error = |given| map.clone().assign(&symbols, given).unwrap_err().to_string();
        assert_eq!(
            error("BLNK"),
            "--part \"BLNK\": write NAME=PART, e.g. BLNKER=blinks"
        );
        assert!(error("BLNK=flashing").contains("no part \"flashing\"; the parts are"));
        assert!(error("BLNK=monitor").contains("the monitor's part is the RST 38H"));
        assert_eq!(
            error("NOPE=blinks"),
            "--part \"NOPE=blinks\": the image has no symbol \"NOPE\""
        );
    }

    #[test]
    fn keys_and_titles() {
        for part in Part::ALL {
            assert_eq!(Part::from_key(part.key()), Some(part));
            assert_eq!(Part::ALL[part.index()], part);
        }
        assert_eq!(Part::from_key("BOARD"), Some(Part::Board));
    }
}
