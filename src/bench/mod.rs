//! All benchmark code: the workloads every speed figure of the project is measured on, how a
//! run measures them honestly, and the dashboard that shows each figure beside its goal.
//!
//! The runs being compared take turns within every repetition (so a busy moment of the
//! machine hurts them alike), each figure is the median of the repetitions with their range,
//! and the host and its load are described beside the numbers. [`run`] makes a whole run from
//! a [`Plan`]; [`BenchReport::judge`] turns its figures into the dashboard's rows ([`Goal`]:
//! goal, figure, ratio, verdict), whose text fits 100 columns and whose JSON carries a stable
//! id per row for tracking over time. The criterion suites in `benches/` time the same
//! workloads ([`mixed_loop_machine`], [`GenmovWorkload`], [`routine_costs`], [`PERFT_CASES`],
//! [`builtin_run`], [`generated_source`]). The emulated search (the built-in image's FNDMOV
//! against the 1978 program's T-states, timed, watched, against the native engine) and the UCI
//! session's answers have their rows in [`SearchSection`], with the Jupiter III's: the same
//! search as a whole program, and a paced run's clock ([`JupiterTiming`]).
//!
//! This room measures every other one, so it depends on `machine`, `abi`, `reference`,
//! `crosscheck`, `engine`, `game`, `uci`, `jupiter` and `assembler`; nothing depends on it but the command line and
//! `benches/`. With the `bench-peers` feature (on by default) it races the native perft
//! against cozy-chess.

mod assembler;
mod bare;
mod chip;
mod crosscheck;
mod emulation;
mod engine;
mod genmov;
mod goal;
mod host;
mod judge;
mod judge_runs;
mod jupiter;
mod mixed_loop;
mod notes;
mod peers;
mod plan;
mod positions;
mod race;
mod report;
mod routine_table;
mod routines;
mod run;
mod search;
mod search_cost;
mod search_timing;
mod search_workload;
mod stats;
mod uci_latency;

pub use assembler::{AssemblerRow, TARGET_LINES, generated_source};
pub use bare::BareIz80;
pub use chip::{ChipKind, ChipSection};
pub use crosscheck::{CrosscheckRun, CrosscheckSection, MILLION, builtin_run};
pub use emulation::{ENGINES, EmulationWorkload, EngineSpeed, SEARCH_WORKLOAD};
pub use engine::{AnalysisSpeed, EngineSection, EvaluationSpeed, SearchSpeed};
pub use genmov::GenmovWorkload;
pub use goal::{Figure, Goal, Judged, Limit, Status, Unit};
pub use host::{Host, load_average};
pub use judge::RoutineFigures;
pub use jupiter::{JupiterTiming, PACED_MHZ, SEARCH_PROGRAM_AT, search_program};
pub use mixed_loop::{MIXED_LOOP, MIXED_LOOP_ORG, MIXED_LOOP_STEADY, mixed_loop_machine};
pub use notes::Slicing;
pub use peers::{PEER, PEER_BUILT_IN};
pub use plan::{CrosscheckPlan, Plan, SEED, SLICES};
pub use positions::{DEEP_PERFT_CASES, KIWIPETE_FEN, PERFT_CASES, PerftCase, START_FEN};
pub use race::{PeerSpeed, PerftRace};
pub use report::{BenchReport, SCHEMA};
pub use routine_table::{RoutineRow, RoutineSection, RoutineValue};
pub use routines::{BASELINE_1978, BASELINE_PERFT_DEPTH, Baseline, RoutineCosts, routine_costs};
pub use run::run;
pub use search::SearchSection;
pub use search_cost::{SEARCH_COSTS, START_1978, Search1978, SearchCost};
pub use search_timing::{OtherSearch, SearchTiming};
pub use search_workload::SearchWorkload;
pub use stats::{Spread, Timed, interleaved, time_for};
pub use uci_latency::UciLatency;

use crate::abi::search::SearchDriveError;
use crate::abi::{AbiError, DriveError};
use crate::assembler::AsmErrors;
use crate::machine::Cost;

/// Why a workload could not be measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// The image lacks what the ABI requires.
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// A routine misbehaved.
    #[error(transparent)]
    Drive(#[from] DriveError),
    /// A GENMOV call cost something else when repeated from the same state.
    #[error("GENMOV cost {first:?}, then {again:?} from the same state")]
    Unrepeatable {
        /// The first call.
        first: Cost,
        /// The repeated call.
        again: Cost,
    },
    /// A search gave no answer.
    #[error(transparent)]
    Search(#[from] SearchDriveError),
    /// The cross-check could not run (the image ran away).
    #[error(transparent)]
    Crosscheck(#[from] crate::crosscheck::RunError),
    /// The second image ran away (runaway code): nothing of it can be measured.
    #[error("the image ran away: {0}")]
    RanAway(String),
    /// The UCI session did not answer.
    #[error("the UCI session did not answer {0} within 5 s")]
    Uci(&'static str),
    /// The whole program on the Jupiter III failed.
    #[error(transparent)]
    Jupiter(#[from] crate::jupiter::JupiterError),
    /// The whole program's search cost other T-states than `think`'s call of FNDMOV.
    #[error(
        "the search as a whole program on the Jupiter III cost {whole} T-states, think's FNDMOV {think}"
    )]
    JupiterCost {
        /// As the Jupiter III counted them.
        whole: u64,
        /// As `think` counts them.
        think: u64,
    },
    /// The generated source did not assemble.
    #[error("the generated source does not assemble: {0}")]
    Assembler(#[from] AsmErrors),
}

impl BenchError {
    /// True when an image ran away (a routine or its search ran out of budget or leash).
    pub fn is_runaway(&self) -> bool {
        match self {
            BenchError::Drive(error) => error.is_runaway(),
            BenchError::Search(crate::abi::search::SearchDriveError::Machine(error)) => {
                error.is_runaway()
            }
            _ => false,
        }
    }
}
