//! How much work each figure of a run gets: a full run (the figures to quote) or a quick smoke
//! run of a few seconds.

use std::time::Duration;

use crate::crosscheck::{DEFAULT_DEPTH, DEFAULT_RANDOM};

use super::assembler::TARGET_LINES;
use super::routines::BASELINE_PERFT_DEPTH;

/// The seed of the cross-check's random positions, fixed so every run checks the same ones.
pub const SEED: u64 = 1;

/// Turns the emulation engines take within one repetition.
pub const SLICES: usize = 10;

/// The cross-check run of a benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrosscheckPlan {
    /// The first built-in positions checked (None: all of them).
    pub listed: Option<usize>,
    /// Their comparison depth.
    pub depth: u32,
    /// Random positions checked, at depth 1.
    pub random: u64,
}

/// How much work each figure gets.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// A smoke run: less work per figure, speed goals not judged.
    pub quick: bool,
    /// Repetitions behind each median.
    pub reps: usize,
    /// Least time of one turn of an emulation engine; a repetition takes [`SLICES`] of them.
    pub slice: Duration,
    /// Depth of the routine measures' perft (ABI section 9's is 4).
    pub perft_depth: u32,
    /// How many plies shallower than the cases' own the reference's perft runs.
    pub reference_shallower: u32,
    /// The cross-check.
    pub crosscheck: CrosscheckPlan,
    /// Lines of the generated assembler source.
    pub asm_lines: usize,
}

impl Plan {
    /// The full run: 7 repetitions unless `reps` says otherwise, section 9's depth, the default
    /// cross-check, a 10,000-line source.
    pub fn full(reps: Option<usize>) -> Plan {
        Plan {
            quick: false,
            reps: reps.unwrap_or(7),
            slice: Duration::from_millis(20),
            perft_depth: BASELINE_PERFT_DEPTH,
            reference_shallower: 0,
            crosscheck: CrosscheckPlan {
                listed: None,
                depth: DEFAULT_DEPTH,
                random: DEFAULT_RANDOM,
            },
            asm_lines: TARGET_LINES,
        }
    }

    /// The smoke run: 3 repetitions unless `reps` says otherwise, little work per figure.
    pub fn quick(reps: Option<usize>) -> Plan {
        Plan {
            quick: true,
            reps: reps.unwrap_or(3),
            slice: Duration::from_millis(2),
            perft_depth: 2,
            reference_shallower: 2,
            crosscheck: CrosscheckPlan {
                listed: Some(8),
                depth: 1,
                random: 24,
            },
            asm_lines: 500,
        }
    }
}
