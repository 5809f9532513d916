//! How much work each figure of a run gets: a full run (the figures to quote) or a quick smoke
//! run of a few seconds.

use std::time::Duration;

use crate::crosscheck::{DEFAULT_DEPTH, DEFAULT_RANDOM};

use super::assembler::TARGET_LINES;
use super::positions::{DEEP_PERFT_CASES, PERFT_CASES, PerftCase};
use super::routines::BASELINE_PERFT_DEPTH;

/// The seed of the cross-check's random positions, fixed so every run checks the same ones.
pub const SEED: u64 = 1;

/// Turns the emulation engines take within one repetition.
pub const SLICES: usize = 10;

/// The quick run's perft race: start D5 and Kiwipete D4, about a tenth of a second each.
const QUICK_PERFT_CASES: [PerftCase; 2] = PERFT_CASES;

/// The cross-check run of a benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrosscheckPlan {
    /// The first built-in positions checked (None: all of them).
    pub listed: Option<usize>,
    /// Their comparison depth.
    pub depth: u32,
    /// Random positions checked, at depth 1.
    pub random: u64,
    /// Random positions of the run that checks them alone (the million-position goal).
    pub random_only: u64,
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
    /// The positions and depths the native perft races its peer on.
    pub perft_cases: [PerftCase; 2],
    /// Repetitions of the perft race (each one a whole perft per engine and case).
    pub perft_reps: usize,
    /// The deepest PLYMAX of the native engine's timed searches.
    pub engine_plymax: u8,
    /// The PLYMAX of the native engine's analysis of a middlegame past the 1978 list, each
    /// searched once (minutes in all; none in a quick run).
    pub analysis_plymax: &'static [u8],
    /// The cross-check.
    pub crosscheck: CrosscheckPlan,
    /// Lines of the generated assembler source.
    pub asm_lines: usize,
    /// The emulated search's exact T-states: every search of
    /// [`SEARCH_COSTS`](super::SEARCH_COSTS), or the start position's only.
    pub all_search_costs: bool,
    /// PLYMAX of the timed emulated searches (the start position).
    pub search_plymax: u8,
    /// Turns each timed emulated search takes per repetition.
    pub search_slices: usize,
    /// `isready` lines sent during each search of the UCI latency run.
    pub uci_pings: usize,
    /// How long the Jupiter III's paced run lasts.
    pub pace_window: Duration,
}

impl Plan {
    /// The full run: 7 repetitions unless `reps` says otherwise (at most 3 of the deep perft
    /// race, which takes seconds per turn), section 9's depth, perft at the depths of the goal
    /// (start D6, Kiwipete D5), searches to PLYMAX 5, a middlegame's analysis at PLYMAX 7, 8
    /// and 9 (once each), the default cross-check, a 10,000-line source, the emulated search's
    /// T-states on five positions at PLYMAX 3 and its speed at PLYMAX 3, the Jupiter III paced
    /// for a minute.
    pub fn full(reps: Option<usize>) -> Plan {
        let reps = reps.unwrap_or(7);
        Plan {
            quick: false,
            reps,
            slice: Duration::from_millis(20),
            perft_depth: BASELINE_PERFT_DEPTH,
            perft_cases: DEEP_PERFT_CASES,
            perft_reps: reps.min(3),
            engine_plymax: 5,
            analysis_plymax: &[7, 8, 9],
            crosscheck: CrosscheckPlan {
                listed: None,
                depth: DEFAULT_DEPTH,
                random: DEFAULT_RANDOM,
                random_only: 20_000,
            },
            asm_lines: TARGET_LINES,
            all_search_costs: true,
            search_plymax: 3,
            search_slices: 2,
            uci_pings: 10,
            pace_window: Duration::from_secs(60),
        }
    }

    /// The first look: 3 repetitions unless `reps` says otherwise, little work per figure
    /// (perft start D5 and Kiwipete D4, searches to PLYMAX 4, the emulated search's T-states
    /// on the start position only and its speed at PLYMAX 2, the Jupiter III paced for half a
    /// second), well under 30 s.
    pub fn quick(reps: Option<usize>) -> Plan {
        let reps = reps.unwrap_or(3);
        Plan {
            quick: true,
            reps,
            slice: Duration::from_millis(5),
            perft_depth: 2,
            perft_cases: QUICK_PERFT_CASES,
            perft_reps: reps,
            engine_plymax: 4,
            analysis_plymax: &[],
            crosscheck: CrosscheckPlan {
                listed: Some(8),
                depth: 1,
                random: 24,
                random_only: 2_000,
            },
            asm_lines: 500,
            all_search_costs: false,
            search_plymax: 2,
            search_slices: 3,
            uci_pings: 5,
            pace_window: Duration::from_millis(500),
        }
    }
}
