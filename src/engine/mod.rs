//! Sargon's evaluation and search, natively: the 1978 program's decisions, evaluation for
//! evaluation, on the project's own board ([`crate::position::Board`]).
//!
//! - [`eval`]: PINFND and POINTS over the board and the evaluation's memory region, quirks
//!   included (`../shared/SARGON_EVAL.md`);
//! - [`score`]: score bytes and centipawns;
//! - [`anomaly`]: marks for paths that would leave the modelled memory.

pub mod anomaly;
pub mod eval;
pub mod score;

pub use anomaly::Anomalies;
