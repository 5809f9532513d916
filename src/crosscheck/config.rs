//! What a cross-check run checks and how: the listed positions and their depth, the seeded
//! random positions, the search comparison, the threads, and the run's name for its reports.

use crate::machine::Image;
use crate::position::Board;

use super::outcome::{Digest, RunId};
use super::suite::Position;

/// The comparison depth of the built-in positions in `sargon-z80 crosscheck`'s default run.
pub const DEFAULT_DEPTH: u32 = 2;
/// The random positions of the default run.
pub const DEFAULT_RANDOM: u64 = 10_000;
/// Their comparison depth.
pub const DEFAULT_RANDOM_DEPTH: u32 = 1;

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
}

impl Config {
    /// Jobs in the whole run: the listed positions, the random ones, then the searches.
    pub fn total(&self) -> u64 {
        self.board_total().saturating_add(self.searched())
    }

    /// Positions in the run: the listed ones, then the random ones.
    pub fn board_total(&self) -> u64 {
        (self.positions.len() as u64).saturating_add(self.random.count)
    }

    /// Positions whose search the run compares (the listed ones, when it compares any).
    pub fn searched(&self) -> u64 {
        if self.search_ply == 0 {
            0
        } else {
            self.positions.len() as u64
        }
    }

    /// The run's name for its reports: counts, depths, seed and digests of positions and image.
    pub fn run_id(&self, image: &Image) -> RunId {
        let mut positions = Digest::default();
        for p in &self.positions {
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
        }
    }
}
