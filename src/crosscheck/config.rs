//! What a cross-check run checks and how: the listed positions and their depth, the seeded
//! random positions, the search comparison, the threads, and the run's name for its reports.

use crate::machine::Image;
use crate::position::Board;

use super::outcome::{Digest, RunId};
use super::search::DEFAULT_SEARCH_PLY;
use super::suite::{Position, builtin_positions, search_positions};

/// The comparison depth of the built-in positions in `sargon-z80 crosscheck`'s default run.
pub const DEFAULT_DEPTH: u32 = 2;
/// The random positions of the default run.
pub const DEFAULT_RANDOM: u64 = 10_000;
/// Their comparison depth.
pub const DEFAULT_RANDOM_DEPTH: u32 = 1;
/// The random positions whose search the default run compares, besides the listed ones: the
/// first of its random positions, searched at the same PLYMAX.
pub const DEFAULT_SEARCH_RANDOM: u64 = 150;

/// Which random positions a run checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RandomSpec {
    /// The seed naming the stream.
    pub seed: u64,
    /// The first index checked.
    pub first: u64,
    /// How many consecutive indices are checked.
    pub count: u64,
    /// Comparison depth for random positions.
    pub depth: u32,
}

/// What to check and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// Listed positions (built-in, EPD files, FENs).
    pub positions: Vec<Position>,
    /// Comparison depth for listed positions.
    pub depth: u32,
    /// Random positions.
    pub random: RandomSpec,
    /// The positions random play may start from (the built-in ones).
    pub random_starts: Vec<Board>,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Go on after the first mismatch and report them all.
    pub keep_going: bool,
    /// Compare the image's search with the native engine on the listed positions at PLYMAX
    /// 1..=this, after every position (0: no search).
    pub search_ply: u8,
    /// Positions whose search alone the run compares, after the listed ones and at the same
    /// PLYMAX (the default run: [`search_positions`], the search's rare paths); none when
    /// `search_ply` is 0.
    pub search_positions: Vec<Position>,
    /// Also compare the search on this many of the run's random positions (its first ones, at
    /// most all of them), after those and at the same PLYMAX; none when `search_ply` is 0.
    pub search_random: u64,
}

impl Config {
    /// The run `sargon-z80 crosscheck` makes with no arguments but `--seed` and `--threads`:
    /// the built-in positions to [`DEFAULT_DEPTH`], [`DEFAULT_RANDOM`] random positions to
    /// [`DEFAULT_RANDOM_DEPTH`], and when `search` (the image has the search's symbols) the
    /// search of the built-in positions, of [`search_positions`] and of
    /// [`DEFAULT_SEARCH_RANDOM`] random ones at PLYMAX 1..=[`DEFAULT_SEARCH_PLY`].
    pub fn standard(seed: u64, threads: usize, search: bool) -> Config {
        let positions = builtin_positions();
        let random_starts = positions.iter().map(|p| p.board).collect();
        Config {
            positions,
            depth: DEFAULT_DEPTH,
            random: RandomSpec {
                seed,
                first: 0,
                count: DEFAULT_RANDOM,
                depth: DEFAULT_RANDOM_DEPTH,
            },
            random_starts,
            threads,
            keep_going: false,
            search_ply: if search { DEFAULT_SEARCH_PLY } else { 0 },
            search_positions: if search {
                search_positions()
            } else {
                Vec::new()
            },
            search_random: if search { DEFAULT_SEARCH_RANDOM } else { 0 },
        }
    }

    /// Jobs in the whole run: the listed positions, the random ones, then the searches.
    pub fn total(&self) -> u64 {
        self.board_total().saturating_add(self.searched())
    }

    /// Positions in the run: the listed ones, then the random ones.
    pub fn board_total(&self) -> u64 {
        (self.positions.len() as u64).saturating_add(self.random.count)
    }

    /// Positions whose search the run compares (the listed ones, the search's own positions,
    /// then its random searches, when it compares any).
    pub fn searched(&self) -> u64 {
        if self.search_ply == 0 {
            0
        } else {
            (self.positions.len() as u64)
                .saturating_add(self.search_positions.len() as u64)
                .saturating_add(self.search_random_count())
        }
    }

    /// The random positions whose search the run compares: its first `search_random` ones.
    pub fn search_random_count(&self) -> u64 {
        if self.search_ply == 0 {
            0
        } else {
            self.search_random.min(self.random.count)
        }
    }

    /// The listed positions whose search the run compares (all or none).
    pub fn searched_listed(&self) -> u64 {
        if self.search_ply == 0 {
            0
        } else {
            self.positions.len() as u64
        }
    }

    /// The run's name for its reports: counts, depths, seed and digests of positions and image.
    pub fn run_id(&self, image: &Image) -> RunId {
        let mut positions = Digest::default();
        let searched_only = match self.search_ply {
            0 => &[][..],
            _ => &self.search_positions[..],
        };
        for p in self.positions.iter().chain(searched_only) {
            positions
                .bytes(p.fen.as_bytes())
                .number(p.counts.len() as u64);
            for &(depth, nodes) in &p.counts {
                positions.number(u64::from(depth)).number(nodes);
            }
            positions.bytes(p.origin.label().as_bytes());
        }
        let mut digest = Digest::default();
        digest.number(u64::from(image.org)).bytes(&image.bytes);
        for (name, value) in image.symbols.iter() {
            digest.bytes(name.as_bytes()).number(u64::from(value));
        }
        RunId {
            total: self.total(),
            listed: self.positions.len() as u64,
            depth: self.depth,
            seed: self.random.seed,
            random: self.random.count,
            random_first: self.random.first,
            random_depth: self.random.depth,
            positions_digest: positions.hex(),
            image_digest: digest.hex(),
            search_ply: self.search_ply,
            searched: self.searched(),
            search_random: self.search_random_count(),
        }
    }
}
