//! The positions a run checks: the built-in perft positions (compiled in), EPD files, FENs,
//! and seeded random positions.

mod epd;
mod legal;
mod random;

pub use crate::random::SplitMix64;
pub use epd::{EPD_LIMITS, EpdEntry, EpdError, parse_epd, read_epd};
pub use random::{
    KINDS, RandomKind, RandomPosition, RandomScratch, random_position, random_position_with,
};

use serde::{Deserialize, Serialize};

use crate::engine::Setup;
use crate::engine::setup::moveno_for;
use crate::position::Board;

/// The chessprogramming wiki perft positions (a copy of `../shared/perft/cpw.epd`).
const CPW_EPD: &str = include_str!("data/cpw.epd");
/// The 126-position perft suite (a copy of `../shared/perft/perftsuite.epd`).
const SUITE_EPD: &str = include_str!("data/perftsuite.epd");
/// The search's own positions: mates in one and sides with no legal move.
const SEARCH_EPD: &str = include_str!("data/search.epd");

/// A position to check, with where it came from and the perft counts claimed for it.
#[derive(Debug, Clone)]
pub struct Position {
    /// The FEN as given.
    pub fen: String,
    /// The board built from it.
    pub board: Board,
    /// Standard-rules perft counts `(depth, nodes)` claimed by its EPD line.
    pub counts: Vec<(u32, u64)>,
    /// Where it came from.
    pub origin: Origin,
}

impl Position {
    /// The position as a search is set up on it: the board, and MOVENO from the FEN's fullmove
    /// number (as `engine::Setup::from_fen` reads it; the board was built from the same FEN).
    pub fn setup(&self) -> Setup {
        Setup::from_fen(&self.fen).unwrap_or_else(|_| Setup::new(self.board, moveno_for(1)))
    }
}

/// Where a checked position came from; enough to replay it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "kebab-case")]
pub enum Origin {
    /// A line of an EPD file (or of a built-in one, named `built-in:<file>`).
    Epd {
        /// The file.
        source: String,
        /// The 1-based line.
        line: usize,
    },
    /// A FEN given on the command line.
    Fen,
    /// A seeded random position.
    Random {
        /// The seed.
        seed: u64,
        /// The position's index in the seed's stream.
        index: u64,
        /// The generator that made it.
        generator: RandomKind,
    },
}

impl Origin {
    /// A short label: `built-in:cpw.epd:3`, `--fen`, `random #12 (castling)`.
    pub fn label(&self) -> String {
        match self {
            Origin::Epd { source, line } => format!("{source}:{line}"),
            Origin::Fen => "--fen".to_string(),
            Origin::Random {
                index, generator, ..
            } => format!("random #{index} ({})", generator.name()),
        }
    }
}

/// The built-in positions: the CPW positions, then the perft suite.
pub fn builtin_positions() -> Vec<Position> {
    let mut entries = parse_epd(CPW_EPD, "built-in:cpw.epd").expect("the built-in EPD parses");
    entries
        .extend(parse_epd(SUITE_EPD, "built-in:perftsuite.epd").expect("the built-in EPD parses"));
    positions_from_epd(entries).expect("the built-in FENs are valid")
}

/// The positions whose search the default run compares besides the built-in ones: mates in
/// one (the mate exit, for each colour and by a promotion) and sides to move with no legal
/// move (checkmated, stalemated).
pub fn search_positions() -> Vec<Position> {
    let entries = parse_epd(SEARCH_EPD, "built-in:search.epd").expect("the built-in EPD parses");
    positions_from_epd(entries).expect("the built-in FENs are valid")
}

/// Reads EPD files into positions; a bad line or FEN is an error naming file and line.
pub fn epd_positions(paths: &[std::path::PathBuf]) -> Result<Vec<Position>, EpdError> {
    let mut positions = Vec::new();
    for path in paths {
        positions.extend(positions_from_epd(read_epd(path)?)?);
    }
    Ok(positions)
}

/// Builds the boards of parsed EPD lines; an invalid FEN is an error naming file and line.
pub fn positions_from_epd(entries: Vec<EpdEntry>) -> Result<Vec<Position>, EpdError> {
    entries
        .into_iter()
        .map(|entry| {
            let board = Board::from_fen(&entry.fen).map_err(|err| EpdError::Line {
                source_name: entry.source.clone(),
                line: entry.line,
                message: format!("bad FEN {}: {err}", crate::files::excerpt(&entry.fen)),
            })?;
            Ok(Position {
                board,
                fen: entry.fen,
                counts: entry.counts,
                origin: Origin::Epd {
                    source: entry.source,
                    line: entry.line,
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_positions_load() {
        let positions = builtin_positions();
        assert_eq!(positions.len(), 133);
        assert_eq!(positions[0].board, Board::startpos());
        assert_eq!(positions[7].origin.label(), "built-in:perftsuite.epd:3");
        let search = search_positions();
        assert_eq!(search.len(), 7);
        assert_eq!(search[0].origin.label(), "built-in:search.epd:5");
        assert_eq!(search[0].counts, vec![(1, 20), (2, 152), (3, 3029)]);
    }

    #[test]
    fn bad_fen_names_file_and_line() {
        let entries = parse_epd("# c\n8/8/8/8/8/8/8/8 w - - ;D1 1\n", "mine.epd").unwrap();
        let err = positions_from_epd(entries).unwrap_err().to_string();
        assert!(
            err.starts_with("mine.epd:2: bad FEN \"8/8/8/8/8/8/8/8 w - -\": "),
            "{err}"
        );
    }
}
