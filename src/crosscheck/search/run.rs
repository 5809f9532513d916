//! A run of search comparisons: the positions shared out to worker threads, each with its own
//! machine and native engine, every position searched at PLYMAX 1, 2, ... up to the run's
//! maximum, and the results gathered in position order so that the report does not depend on
//! the thread count.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::abi::AbiError;
use crate::engine::Setup;
use crate::machine::Image;
use crate::position::Board;

use super::super::suite::{RandomKind, RandomScratch, random_position_with};
use super::compare::{SearchCheck, SearchFailure};

/// The deepest PLYMAX of the default `crosscheck` run's search comparison.
pub const DEFAULT_SEARCH_PLY: u8 = 2;

/// How a run of search comparisons goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchRunConfig {
    /// Every position is searched at PLYMAX 1 to this, in turn.
    pub max_ply: u8,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Go on after the first mismatch and report them all.
    pub keep_going: bool,
    /// Also compare the principal variations.
    pub compare_pv: bool,
}

/// A search on which the image and the native engine differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchMismatch {
    /// The position's index in the run.
    pub position: usize,
    /// The PLYMAX searched.
    pub plymax: u8,
    /// What differs, and both sides (or why a side could not search).
    pub failure: String,
}

/// A search not compared: both sides ran out of move list, or the native model does not hold
/// the memory the 1978 program would use on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchSkip {
    /// The position's index in the run.
    pub position: usize,
    /// The PLYMAX at which the list filled up (deeper ones were not tried).
    pub plymax: u8,
    /// Where the list filled up.
    pub reason: String,
}

/// What a run of search comparisons did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SearchReport {
    /// PLYMAX 1 up to this was searched.
    pub max_ply: u8,
    /// Positions in the run.
    pub positions: usize,
    /// Searches compared to a verdict (agreeing or not).
    pub searches: u64,
    /// Evaluation records compared.
    pub evaluations: u64,
    /// The image's T-states over all searches.
    pub tstates: u64,
    /// Wall-clock time.
    #[serde(
        rename = "wall_seconds",
        serialize_with = "super::super::outcome::seconds::serialize"
    )]
    pub wall: Duration,
    /// True when the caller stopped the run before the end.
    pub interrupted: bool,
    /// Every position before this one was searched (all of them unless interrupted).
    pub reached: usize,
    /// Differences, in position order (only the first unless the run kept going).
    pub failures: Vec<SearchMismatch>,
    /// Searches not compared (a full move list, memory the model does not hold), in position
    /// order.
    pub skipped: Vec<SearchSkip>,
}

impl SearchReport {
    /// True when no search differed (and the run was not interrupted).
    pub fn agrees(&self) -> bool {
        self.failures.is_empty() && !self.interrupted
    }
}

/// The setup searched for random position `index` of the stream `seed`: the board the
/// generator made (moved bits and previous move included) and a MOVENO that runs through the
/// opening's development terms and past them as the index grows, so that a seed and an index
/// name one search. Also the generator that made the board.
pub fn random_setup(
    seed: u64,
    index: u64,
    starts: &[Board],
    scratch: &mut RandomScratch,
) -> (Setup, RandomKind) {
    let made = random_position_with(seed, index, starts, scratch);
    (Setup::new(made.board, 2 + (index % 24) as u8), made.kind)
}

/// Searches every one of `setups` on `image` and on the native engine at PLYMAX 1 up to
/// `config.max_ply` and compares them. `progress(done, total)` is called as positions are
/// finished; `stop` ends the run after the positions in hand. Fails only when the image has
/// no search ABI.
pub fn run_searches(
    image: &Image,
    setups: &[Setup],
    config: &SearchRunConfig,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<SearchReport, AbiError> {
    let started = Instant::now();
    // The symbols resolved once up front, so that an image without the search ABI fails
    // before threads start.
    crate::abi::search::SearchSymbols::resolve(image)?;
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    let gathered = Mutex::new(SearchReport::default());
    let stopped =
        || failed.load(Ordering::Relaxed) || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let threads = config.threads.max(1).min(setups.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut check = SearchCheck::new(image).expect("resolved before the workers");
                check.compare_pv = config.compare_pv;
                let mut mine = SearchReport::default();
                while !stopped() {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(setup) = setups.get(index) else {
                        break;
                    };
                    if !position(&mut check, setup, index, config.max_ply, &mut mine) {
                        failed.store(!config.keep_going, Ordering::Relaxed);
                    }
                    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(done as u64, setups.len() as u64);
                }
                add(
                    &mut gathered.lock().expect("no worker panics holding it"),
                    mine,
                );
            });
        }
    });
    let mut report = gathered.into_inner().expect("workers finished");
    report.failures.sort_by_key(|f| (f.position, f.plymax));
    report.skipped.sort_by_key(|s| (s.position, s.plymax));
    if !config.keep_going {
        report.failures.truncate(1);
    }
    report.max_ply = config.max_ply;
    report.positions = setups.len();
    report.interrupted =
        stop.is_some_and(|s| s.load(Ordering::Relaxed)) && done.into_inner() < setups.len();
    // A worker finishes the position it took, so all before the next one to take were done.
    report.reached = next.into_inner().min(setups.len());
    report.wall = started.elapsed();
    Ok(report)
}

/// One position at every PLYMAX up to `max_ply`; false when a search differed. A search not
/// compared ends the position: a deeper one needs more list, and meets the same memory.
fn position(
    check: &mut SearchCheck,
    setup: &Setup,
    index: usize,
    max_ply: u8,
    mine: &mut SearchReport,
) -> bool {
    for plymax in 1..=max_ply {
        match check.check(setup, plymax, 0) {
            Ok(outcome) => {
                mine.searches += 1;
                mine.evaluations += outcome.evaluations;
                mine.tstates += outcome.tstates;
            }
            Err(SearchFailure::ListFull(reason) | SearchFailure::Unmodelled(reason)) => {
                mine.skipped.push(SearchSkip {
                    position: index,
                    plymax,
                    reason,
                });
                return true;
            }
            Err(failure) => {
                mine.searches += 1;
                mine.failures.push(SearchMismatch {
                    position: index,
                    plymax,
                    failure: failure.to_string(),
                });
                return false;
            }
        }
    }
    true
}

fn add(all: &mut SearchReport, mine: SearchReport) {
    all.searches += mine.searches;
    all.evaluations += mine.evaluations;
    all.tstates += mine.tstates;
    all.failures.extend(mine.failures);
    all.skipped.extend(mine.skipped);
}
