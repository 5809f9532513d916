//! Measuring wall-clock speed honestly: the runs being compared take turns within every
//! repetition (so a busy moment hurts them alike), each figure is the median of the
//! repetitions with their spread, and the host is described beside the numbers.

mod host;
mod stats;

pub use host::Host;
pub use stats::{Spread, Timed, interleaved, time_for};
