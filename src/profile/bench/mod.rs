//! Measuring wall-clock speed honestly and showing it in one table: the runs being compared
//! take turns within every repetition (so a busy moment hurts them alike), each figure is the
//! median of the repetitions with their spread, and the host is described beside the numbers.

mod emulation;
mod host;
mod judge;
mod report;
mod stats;
mod target;

pub use emulation::{ENGINES, EmulationWorkload, EngineSpeed};
pub use host::{Host, load_average};
pub use judge::{RoutineFigures, Slicing};
pub use report::{
    AssemblerRow, BenchReport, CrosscheckRun, CrosscheckSection, ReferenceRow, RoutineRow,
    RoutineSection, RoutineValue, with_spread,
};
pub use stats::{Spread, Timed, interleaved, time_for};
pub use target::{Status, Target};
