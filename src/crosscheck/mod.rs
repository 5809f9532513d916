//! The cross-check: an ABI image against the native reference, node by node.
//!
//! [`Checker`] compares one position's tree (visit, compare, descend); [`suite`] says which
//! positions (EPD files, the built-in ones, seeded random ones); [`run`] shares them out to
//! threads; [`report`] prints what was found. Driving the image is the `abi` room's work, the
//! reference's moves the `reference` room's: this room only compares.

mod compare;
mod mismatch;
pub mod report;
mod runner;
pub mod search;
pub mod suite;
mod walk;

pub use compare::lay_out;
pub use mismatch::{ByteDiff, Failure, Mismatch, MismatchKind, ShownMove};
pub use runner::{
    Config, DEFAULT_DEPTH, DEFAULT_RANDOM, DEFAULT_RANDOM_DEPTH, PositionFailure, RandomSpec,
    Report, Skipped, run,
};
pub use walk::{Checker, Tally};
