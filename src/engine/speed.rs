//! The engine's speed figures, shared by `benches/engine.rs` and the `bench` command so both
//! report the same measures on the same positions: evaluations per second, the wall time of
//! whole searches of the start position and Kiwipete at PLYMAX 4 and 5, and of the analysis of
//! a middlegame at PLYMAX 7, 8 and 9, where the 1978 program's list gives out.

use std::time::{Duration, Instant};

use super::eval::{EvalInput, Region, evaluate};
use super::search::{Engine, SearchError, SearchParams};
use super::setup::Setup;
use crate::reference::Move;

/// Kiwipete, the chessprogramming wiki's position 2.
pub const KIWIPETE_FEN: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A search timed for the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedCase {
    /// Short name for tables.
    pub name: &'static str,
    /// The position (set up as `sargon1978/README.md` says).
    pub fen: &'static str,
    /// PLYMAX.
    pub plymax: u8,
}

impl SpeedCase {
    /// The case's setup.
    pub fn setup(&self) -> Setup {
        Setup::from_fen(self.fen).expect("the speed FENs are valid")
    }
}

/// A middlegame (a Queen's Gambit, white to move) whose PLYMAX 8 and 9 paths need more list
/// entries than the 1978 program's 341: the analysis the native engine takes past it.
pub const ANALYSIS_FEN: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";

/// The analysis of [`ANALYSIS_FEN`] at PLYMAX 7, 8 and 9 (searched with a list as large as each
/// needs, [`time_analysis`]).
pub const ANALYSIS_CASES: [SpeedCase; 3] = [
    SpeedCase {
        name: "middlegame",
        fen: ANALYSIS_FEN,
        plymax: 7,
    },
    SpeedCase {
        name: "middlegame",
        fen: ANALYSIS_FEN,
        plymax: 8,
    },
    SpeedCase {
        name: "middlegame",
        fen: ANALYSIS_FEN,
        plymax: 9,
    },
];

/// Start position and Kiwipete at PLYMAX 4 and 5.
pub const SPEED_CASES: [SpeedCase; 4] = [
    SpeedCase {
        name: "start",
        fen: super::setup::START_FEN,
        plymax: 4,
    },
    SpeedCase {
        name: "start",
        fen: super::setup::START_FEN,
        plymax: 5,
    },
    SpeedCase {
        name: "kiwipete",
        fen: KIWIPETE_FEN,
        plymax: 4,
    },
    SpeedCase {
        name: "kiwipete",
        fen: KIWIPETE_FEN,
        plymax: 5,
    },
];

/// One timed search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSample {
    /// The case.
    pub case: SpeedCase,
    /// The best move.
    pub best: Option<Move>,
    /// SCORE+1.
    pub score: u8,
    /// POINTS calls.
    pub evaluations: u64,
    /// MOVE calls.
    pub nodes: u64,
    /// The most list entries the path held at once.
    pub list_peak: usize,
    /// Wall time of the search call.
    pub elapsed: Duration,
}

impl SearchSample {
    /// Evaluations per second over the whole search (search overhead included).
    pub fn evaluations_per_second(&self) -> f64 {
        self.evaluations as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Times one search of the case with the 1978 list capacity.
pub fn time_search(engine: &mut Engine, case: &SpeedCase) -> Result<SearchSample, SearchError> {
    time_with(engine, case, SearchParams::new(case.plymax))
}

/// Times one search of the case with a list as large as it needs (an analysis past the 1978
/// program's list).
pub fn time_analysis(engine: &mut Engine, case: &SpeedCase) -> Result<SearchSample, SearchError> {
    time_with(engine, case, SearchParams::unbounded(case.plymax))
}

fn time_with(
    engine: &mut Engine,
    case: &SpeedCase,
    params: SearchParams,
) -> Result<SearchSample, SearchError> {
    let setup = case.setup();
    let start = Instant::now();
    let result = engine.run(&setup, &params)?;
    let elapsed = start.elapsed();
    Ok(SearchSample {
        case: *case,
        best: result.best,
        score: result.score,
        evaluations: result.evaluations,
        nodes: result.nodes,
        list_peak: result.list_peak,
        elapsed,
    })
}

/// Times `count` root evaluations (PINFND + POINTS) of a position: evaluations per second of
/// the evaluation alone.
pub fn time_evaluations(setup: &Setup, count: u32) -> (u32, Duration) {
    let mut board = setup.board;
    let mut region = Region::fresh(&board);
    let input = EvalInput {
        color: board.color,
        moveno: setup.moveno,
        bc0: 0,
        mv0: 0,
        to_square: board.prev.to,
    };
    let start = Instant::now();
    for _ in 0..count {
        std::hint::black_box(evaluate(
            &mut board,
            &mut region,
            std::hint::black_box(&input),
        ));
    }
    (count, start.elapsed())
}
