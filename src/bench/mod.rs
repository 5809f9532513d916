//! All benchmark code: the workloads every speed figure of the project is measured on, how a
//! run measures them honestly, and the one table that shows them beside the project's goals.
//!
//! The runs being compared take turns within every repetition (so a busy moment of the
//! machine hurts them alike), each figure is the median of the repetitions with their spread,
//! and the host is described beside the numbers. [`run`] makes a whole run from a [`Plan`];
//! the criterion suites in `benches/` time the same workloads ([`mixed_loop_machine`],
//! [`GenmovWorkload`], [`routine_costs`], [`PERFT_CASES`], [`builtin_run`],
//! [`generated_source`]).
//!
//! This room measures every other one, so it depends on `machine`, `abi`, `reference`,
//! `crosscheck` and `assembler`; nothing depends on it but the command line and `benches/`.

mod assembler;
mod bare;
mod crosscheck;
mod emulation;
mod genmov;
mod goal;
mod host;
mod judge;
mod mixed_loop;
mod notes;
mod plan;
mod positions;
mod reference;
mod report;
mod routine_table;
mod routines;
mod run;
mod stats;

pub use assembler::{AssemblerRow, TARGET_LINES, generated_source};
pub use bare::BareIz80;
pub use crosscheck::{CrosscheckRun, CrosscheckSection, builtin_run};
pub use emulation::{ENGINES, EmulationWorkload, EngineSpeed};
pub use genmov::GenmovWorkload;
pub use goal::{Goal, Status};
pub use host::{Host, load_average};
pub use judge::RoutineFigures;
pub use mixed_loop::{MIXED_LOOP, MIXED_LOOP_ORG, MIXED_LOOP_STEADY, mixed_loop_machine};
pub use notes::Slicing;
pub use plan::{CrosscheckPlan, Plan, SEED, SLICES};
pub use positions::{DEEP_PERFT_CASES, KIWIPETE_FEN, PERFT_CASES, PerftCase, START_FEN};
pub use reference::ReferenceRow;
pub use report::BenchReport;
pub use routine_table::{RoutineRow, RoutineSection, RoutineValue};
pub use routines::{BASELINE_1978, BASELINE_PERFT_DEPTH, Baseline, RoutineCosts, routine_costs};
pub use run::run;
pub use stats::{Spread, Timed, interleaved, time_for, with_spread};

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
    /// The generated source did not assemble.
    #[error("the generated source does not assemble: {0}")]
    Assembler(#[from] AsmErrors),
}
