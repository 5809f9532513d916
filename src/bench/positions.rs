//! The positions speed is measured on, shared by `benches/reference.rs`, the routine measures
//! and the `bench` subcommand, so every figure of the project is about the same positions.

use crate::position::Board;

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Kiwipete, the chessprogramming wiki's position 2 (castling, en passant, promotions, pins).
pub const KIWIPETE_FEN: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A position, a perft depth and the published standard-rules leaf count there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftCase {
    /// A short name for tables.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth measured.
    pub depth: u32,
    /// The published count at `depth` (standard rules, every promotion piece).
    pub standard_nodes: u64,
}

impl PerftCase {
    /// The case's board.
    pub fn board(&self) -> Board {
        Board::from_fen(self.fen).expect("the bench FENs are valid")
    }
}

/// Start position D5 and Kiwipete D4: the reference's speed in one run of a few seconds.
pub const PERFT_CASES: [PerftCase; 2] = [
    PerftCase {
        name: "start",
        fen: START_FEN,
        depth: 5,
        standard_nodes: 4_865_609,
    },
    PerftCase {
        name: "kiwipete",
        fen: KIWIPETE_FEN,
        depth: 4,
        standard_nodes: 4_085_603,
    },
];

/// Start position D6 and Kiwipete D5: the depths of the comparison with cozy-chess.
pub const DEEP_PERFT_CASES: [PerftCase; 2] = [
    PerftCase {
        name: "start",
        fen: START_FEN,
        depth: 6,
        standard_nodes: 119_060_324,
    },
    PerftCase {
        name: "kiwipete",
        fen: KIWIPETE_FEN,
        depth: 5,
        standard_nodes: 193_690_690,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{Rules, perft};

    #[test]
    fn the_cases_are_the_published_positions() {
        let [start, kiwipete] = PERFT_CASES;
        assert_eq!(perft(&mut start.board(), 3, Rules::Standard), 8_902);
        assert_eq!(perft(&mut kiwipete.board(), 2, Rules::Standard), 2_039);
        assert_eq!(start.board(), Board::startpos());
    }
}
