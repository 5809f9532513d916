//! The cross-check's power, measured by mutants: random one-byte changes of an image's code
//! ([`CodeMap`] says which bytes are code), each checked by the default run and, when it
//! passes, by deep runs that tell a mutant the default run missed from one no cross-check
//! tells from the image. Each mutant is made in memory from the image's bytes
//! ([`patched`]) and replays from its seed and index or as a [`Patch`].

mod code;
mod error;
mod flow;
mod mutant;
mod outcome;
mod plan;
mod run;

pub use code::{BOARD_ENTRIES, CodeMap, LEFT_OUT, SEARCH_ENTRIES};
pub use error::MutantError;
pub use mutant::{Mutant, Patch, patched};
pub use outcome::{Fate, Found, MutantResult, MutationReport, MutationTally};
pub use plan::{
    DEEP_DEPTH, DEEP_RANDOM, DEEP_RANDOM_2, DEEP_SEARCH_PLY, DEEP_SEARCH_RANDOM, MutationPlan,
    deep_runs,
};
pub use run::{MutationError, Stage, run_mutants};
