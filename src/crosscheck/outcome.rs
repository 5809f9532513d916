//! What a run (or a part of one) found, as a value that can be written as JSON, read back and
//! merged with the reports of the other parts: which run, which positions and searches, what
//! was counted, what failed.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::mismatch::Mismatch;
use super::suite::Origin;
use super::walk::Tally;

/// Jobs `first..end` of a run, numbered in run order: the listed positions, then the random
/// ones, then the searches (when the run compares the search): of the listed positions, then
/// of the random ones it searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// The first position.
    pub first: u64,
    /// One past the last position.
    pub end: u64,
}

impl Span {
    /// Part `k` (1-based) of `n` equal consecutive parts of a run of `total` positions.
    pub fn shard(total: u64, k: u64, n: u64) -> Span {
        let at = |i: u64| (u128::from(total) * u128::from(i) / u128::from(n)) as u64;
        Span {
            first: at(k - 1),
            end: at(k),
        }
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.first)
    }

    /// True when the span holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What names a run, so that the reports of its parts can be told from those of another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// Jobs in the whole run: its positions and its searches.
    pub total: u64,
    /// Of these, listed positions (built-in, EPD files, FENs).
    pub listed: u64,
    /// Their comparison depth.
    pub depth: u32,
    /// The random-position seed.
    pub seed: u64,
    /// Random positions.
    pub random: u64,
    /// The first random position's index in the seed's stream.
    pub random_first: u64,
    /// Their comparison depth.
    pub random_depth: u32,
    /// A digest of the listed positions (FEN, claimed counts, origin), hex.
    pub positions_digest: String,
    /// A digest of the image (load address, bytes, symbols), hex.
    pub image_digest: String,
    /// The deepest PLYMAX of the search comparison (0: the run compares no search).
    pub search_ply: u8,
    /// Positions whose search the run compares at PLYMAX 1..=`search_ply`: the listed ones,
    /// the search's own positions, then `search_random` random ones: the last jobs of the run
    /// (0: none).
    pub searched: u64,
    /// Of these, random positions (the run's first ones in the seed's stream).
    pub search_random: u64,
}

impl RunId {
    /// The run's positions (the jobs before its searches).
    pub fn positions(&self) -> u64 {
        self.total - self.searched
    }
}

/// One position that failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionFailure {
    /// The position's number in the run.
    pub job: u64,
    /// Where the position came from.
    pub origin: Origin,
    /// The root position's FEN.
    pub root_fen: String,
    /// The depth it was compared to.
    pub depth: u32,
    /// The standard-rules counts its EPD line claims up to that depth (checked first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<(u32, u64)>,
    /// What disagreed and where.
    pub mismatch: Mismatch,
}

/// A position not checked to the end because a node's move list did not fit in the image's
/// list area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// The position's number in the run.
    pub job: u64,
    /// Where the position came from.
    pub origin: Origin,
    /// The root position's FEN.
    pub root_fen: String,
    /// The moves from the root to the node.
    pub path: Vec<String>,
    /// Entries the node needed.
    pub needed: usize,
    /// Entries of room the image had left.
    pub free: usize,
}

/// A search on which the image and the native engine differ, in a run's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchFailed {
    /// The search's job number in the run.
    pub job: u64,
    /// Where its position came from.
    pub origin: Origin,
    /// The position's FEN.
    pub root_fen: String,
    /// The PLYMAX searched.
    pub plymax: u8,
    /// What differs, both sides.
    pub failure: String,
}

/// A search that was not compared (a full move list on both sides, or memory the native
/// model does not hold), in a run's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchSkipped {
    /// The search's job number in the run.
    pub job: u64,
    /// Where its position came from.
    pub origin: Origin,
    /// The position's FEN.
    pub root_fen: String,
    /// The PLYMAX at which it stopped (deeper ones were not tried).
    pub plymax: u8,
    /// Why.
    pub reason: String,
}

/// The search comparison of a run or of a part of one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchTally {
    /// Searches compared to a verdict (agreeing or not).
    pub searches: u64,
    /// Evaluation records compared.
    pub evaluations: u64,
    /// The image's T-states over all searches.
    pub tstates: u64,
    /// Wall-clock time of the searches.
    #[serde(rename = "wall_seconds", with = "seconds")]
    pub wall: Duration,
    /// Searches that differ, in job order (only the first unless the run kept going).
    pub failures: Vec<SearchFailed>,
    /// Searches not compared, in job order.
    pub skipped: Vec<SearchSkipped>,
}

impl SearchTally {
    /// Adds another part's searches.
    pub fn add(&mut self, other: &SearchTally) {
        self.searches += other.searches;
        self.evaluations += other.evaluations;
        self.tstates += other.tstates;
        self.wall += other.wall;
        self.failures.extend(other.failures.iter().cloned());
        self.skipped.extend(other.skipped.iter().cloned());
        self.failures.sort_by_key(|f| (f.job, f.plymax));
        self.skipped.sort_by_key(|s| (s.job, s.plymax));
    }
}

/// Where the image ran away (a routine or a search ran out of its budget or leash): a broken
/// image, not a difference in values. A run ends there, without a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runaway {
    /// The job number in the run.
    pub job: u64,
    /// Where the position came from.
    pub origin: Origin,
    /// The position's FEN.
    pub root_fen: String,
    /// The comparison depth of a position, or the PLYMAX of a search.
    pub depth: u32,
    /// True for a search (then `depth` is its PLYMAX).
    pub search: bool,
    /// The moves from the root to the node where a routine ran away.
    pub path: Vec<String>,
    /// The machine's error: the routine, where PC was, the instructions and T-states spent.
    pub error: String,
}

/// The outcome of a run, or of a part of one.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// The run this is (a part of).
    pub run: RunId,
    /// The positions this report was to check.
    pub span: Span,
    /// Every position from `span.first` up to here was checked (or skipped); equal to
    /// `span.end` unless the run stopped early.
    pub reached: u64,
    /// True when the caller stopped the run (Ctrl-C) before the end of `span`.
    pub interrupted: bool,
    /// Positions checked to a verdict: agreeing or failing (skipped ones are not).
    pub positions: u64,
    /// Listed positions in the run.
    pub listed: u64,
    /// Random positions in the run.
    pub random: u64,
    /// Work done.
    #[serde(flatten)]
    pub tally: Tally,
    /// EPD perft claims checked against the reference (standard rules).
    pub epd_counts: u64,
    /// T-states of every emulated routine call.
    pub tstates: u64,
    /// Wall-clock time (for a merged report, the sum of the parts').
    #[serde(rename = "wall_seconds", with = "seconds")]
    pub wall: Duration,
    /// The worker threads used (for a merged report, the most any part used).
    pub threads: usize,
    /// The random-position seed.
    pub seed: u64,
    /// Failing positions, in position order (only the first unless the run kept going).
    pub failures: Vec<PositionFailure>,
    /// Positions not checked to the end because a move list did not fit.
    pub skipped: Vec<Skipped>,
    /// The searches this report compared (none when the run compares no search or the part
    /// holds none of its searches: see [`Report::searches`]).
    pub search: SearchTally,
}

/// A duration in JSON as seconds (a float), for every report of the room.
pub(super) mod seconds {
    use std::time::Duration;

    pub fn serialize<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let seconds = <f64 as serde::Deserialize>::deserialize(d)?;
        Duration::try_from_secs_f64(seconds).map_err(serde::de::Error::custom)
    }
}

impl Report {
    /// Positions per second of the wall time spent on them (the searches' time left out).
    pub fn positions_per_second(&self) -> f64 {
        let wall = self.wall.saturating_sub(self.search.wall);
        self.positions as f64 / wall.as_secs_f64().max(1e-9)
    }

    /// True when no position and no search failed.
    pub fn agrees(&self) -> bool {
        self.failures.is_empty() && self.search.failures.is_empty()
    }

    /// The jobs of this report's span that are searches (empty when it holds none).
    pub fn searches(&self) -> Span {
        let positions = self.run.positions();
        Span {
            first: self.span.first.max(positions),
            end: self.span.end.max(positions),
        }
    }

    /// True when the run stopped at its first failure before the end of its span.
    pub fn stopped_at_failure(&self) -> bool {
        !self.interrupted && !self.agrees() && self.reached < self.span.end
    }
}

/// FNV-1a, 64 bits: a digest that is the same on every machine and in every version.
#[derive(Debug, Clone, Copy)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Digest {
        Digest(0xCBF2_9CE4_8422_2325)
    }
}

impl Digest {
    /// Adds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Digest {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3);
        }
        self
    }

    /// Adds a number.
    pub fn number(&mut self, n: u64) -> &mut Digest {
        self.bytes(&n.to_le_bytes())
    }

    /// The digest as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}
