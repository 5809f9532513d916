//! The search cross-check: an image's FNDMOV against the native engine on the same setup,
//! evaluation by evaluation.
//!
//! Both run the same search (`SARGON_SEARCH.md`); the comparison takes every evaluation record
//! in order (the first is the root evaluation), the best move, the score, the evaluation count,
//! PLYMAX and POSQ after the call, PMATE, and on request the principal variation. The first
//! difference is reported with its index and both sides.

mod compare;
mod record;
mod run;

pub use compare::{SearchCheck, SearchDifference, SearchFailure, SearchOutcome};
pub use record::Recorder;
pub use run::{
    DEFAULT_SEARCH_PLY, SearchMismatch, SearchReport, SearchRunConfig, SearchSkip, random_setup,
    run_searches,
};
