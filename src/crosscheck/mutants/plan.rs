//! What a mutation run does: how many mutants of which seed, the default run each one meets,
//! and the deep runs that tell a survivor the default run missed from one no run can tell.

use super::super::config::{Config, RandomSpec};

/// Random positions of the first deep run, to depth 1: ten times the default run's.
pub const DEEP_RANDOM: u64 = 100_000;
/// The listed positions' depth in the first deep run.
pub const DEEP_DEPTH: u32 = 3;
/// The search's PLYMAX on the listed positions in the first deep run.
pub const DEEP_SEARCH_PLY: u8 = 3;
/// Random positions of the second deep run, to depth 2 (after the first run's).
pub const DEEP_RANDOM_2: u64 = 5_000;
/// Random positions whose search the second deep run compares, at PLYMAX 1..=2.
pub const DEEP_SEARCH_RANDOM: u64 = 2_000;

/// A mutation run.
#[derive(Debug, Clone)]
pub struct MutationPlan {
    /// The seed of the mutants, and of every run's random positions.
    pub seed: u64,
    /// The first mutant's index in the seed's stream.
    pub first: u64,
    /// How many mutants.
    pub count: u64,
    /// Worker threads: mutants are shared out to them, one machine each; a deep run uses
    /// them all.
    pub threads: usize,
    /// The cross-check every mutant meets (its threads are the plan's).
    pub default: Config,
    /// The runs a survivor of the default run meets, in turn; the first that fails kills it.
    pub deep: Vec<Config>,
}

impl MutationPlan {
    /// `count` mutants from index `first` of `seed`'s stream, each checked by the default
    /// run ([`Config::standard`]) and, if it passes, by [`deep_runs`].
    pub fn new(seed: u64, first: u64, count: u64, threads: usize, search: bool) -> MutationPlan {
        MutationPlan {
            seed,
            first,
            count,
            threads,
            default: Config::standard(seed, threads, search),
            deep: deep_runs(seed, threads, search),
        }
    }
}

/// The deep runs: first the built-in positions to depth 3, 100,000 random positions and the
/// built-in positions' search to PLYMAX 3; then 5,000 other random positions to depth 2 and the
/// search of 2,000 of them to PLYMAX 2. Together about thirty times the default run.
pub fn deep_runs(seed: u64, threads: usize, search: bool) -> Vec<Config> {
    let mut first = Config::standard(seed, threads, search);
    first.depth = DEEP_DEPTH;
    first.random.count = DEEP_RANDOM;
    first.search_random = 0;
    if search {
        first.search_ply = DEEP_SEARCH_PLY;
    }
    let mut second = Config::standard(seed, threads, search);
    second.positions.clear();
    second.random = RandomSpec {
        seed,
        first: DEEP_RANDOM,
        count: DEEP_RANDOM_2,
        depth: 2,
    };
    second.search_random = if search { DEEP_SEARCH_RANDOM } else { 0 };
    vec![first, second]
}
