//! The cross-check: an ABI image against the native reference, node by node.
//!
//! [`Checker`] compares one position's tree (visit, compare, descend); [`suite`] says which
//! positions (EPD files, the built-in ones, seeded random ones); [`run`] shares them out to
//! threads ([`run_span`] checks a part of them: a shard, or the rest of an interrupted run);
//! [`merge`] joins the [`Report`]s of the parts; [`report`] prints what was found. Driving the image is the `abi` room's work, the
//! reference's moves the `reference` room's: this room only compares.

mod compare;
mod config;
mod job;
mod merge;
mod mismatch;
pub mod mutants;
mod outcome;
pub mod report;
mod runner;
pub mod search;
pub mod suite;
mod walk;

pub use compare::lay_out;
pub use config::{
    Config, DEFAULT_DEPTH, DEFAULT_RANDOM, DEFAULT_RANDOM_DEPTH, DEFAULT_SEARCH_RANDOM, RandomSpec,
};
pub use merge::{MergeError, merge};
pub use mismatch::{ByteDiff, Failure, Mismatch, MismatchKind, ShownMove};
pub use outcome::{
    Digest, PositionFailure, Report, RunId, Runaway, SearchFailed, SearchSkipped, SearchTally,
    Skipped, Span,
};
pub use runner::{RunError, run, run_span};
pub use walk::{Checker, Tally};
