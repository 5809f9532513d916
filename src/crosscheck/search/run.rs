//! A run of search comparisons: the positions shared out to worker threads, each with its own
//! machine and native engine, every position searched at PLYMAX 1, 2, ... up to the run's
//! maximum, and the results gathered in position order so that the report does not depend on
//! the thread count.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::abi::AbiError;
use crate::abi::search::SearchDriveError;
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

impl SearchMismatch {
    fn new(position: usize, plymax: u8, failure: String) -> SearchMismatch {
        SearchMismatch {
            position,
            plymax,
            failure,
        }
    }
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
    /// The first search on which the image ran away (its budget or leash ran out): the run
    /// stopped there, whatever `keep_going` says.
    pub runaway: Option<SearchMismatch>,
}

impl SearchReport {
    /// True when no search differed (and the run was not interrupted, and did not run away).
    pub fn agrees(&self) -> bool {
        self.failures.is_empty() && !self.interrupted && self.runaway.is_none()
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
/// finished; `stop` ends the run at once (the searches in hand are broken off and not
/// counted). A search that runs away ends the run too. Fails only when the image has no search
/// ABI.
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
    let shared = Shared {
        next: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
        done: AtomicUsize::new(0),
        unfinished: AtomicUsize::new(usize::MAX),
        stop,
    };
    let gathered = Mutex::new(SearchReport::default());
    let threads = config.threads.max(1).min(setups.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mine = worker(image, setups, config, &shared, progress);
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
    // A worker finishes the position it took unless it was broken off: every position before
    // the first broken one, and before the next one to take, was done.
    report.reached = shared
        .next
        .into_inner()
        .min(shared.unfinished.into_inner())
        .min(setups.len());
    report.interrupted = stop.is_some_and(|s| s.load(Ordering::Relaxed))
        && report.runaway.is_none()
        && report.reached < setups.len();
    report.wall = started.elapsed();
    Ok(report)
}

/// What the workers of a run share.
struct Shared<'a> {
    /// The next position to take.
    next: AtomicUsize,
    /// Set when the run stops at a difference or a runaway.
    failed: AtomicBool,
    /// Positions finished.
    done: AtomicUsize,
    /// The first position taken but not finished (broken off by `stop`, or a runaway).
    unfinished: AtomicUsize,
    /// The caller's stop flag.
    stop: Option<&'a AtomicBool>,
}

impl Shared<'_> {
    fn stopped(&self) -> bool {
        self.failed.load(Ordering::Relaxed) || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// One worker: its own machine and native engine, positions taken in order until none is left
/// or the run stops.
fn worker(
    image: &Image,
    setups: &[Setup],
    config: &SearchRunConfig,
    shared: &Shared,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> SearchReport {
    let mut check = SearchCheck::new(image).expect("resolved before the workers");
    check.compare_pv = config.compare_pv;
    let mut mine = SearchReport::default();
    while !shared.stopped() {
        let index = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(setup) = setups.get(index) else {
            break;
        };
        let ended = position(&mut check, setup, index, config, shared.stop, &mut mine);
        let halts = match ended {
            Ended::Agreed | Ended::Interrupted => false,
            Ended::Differed => !config.keep_going,
            Ended::RanAway => true,
        };
        if halts {
            shared.failed.store(true, Ordering::Relaxed);
        }
        if matches!(ended, Ended::RanAway | Ended::Interrupted) {
            shared.unfinished.fetch_min(index, Ordering::Relaxed);
            continue;
        }
        let done = shared.done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(done as u64, setups.len() as u64);
    }
    mine
}

/// How one position's searches ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// Every search agreed or was skipped.
    Agreed,
    /// A search differed.
    Differed,
    /// The caller's stop broke a search off: the position does not count.
    Interrupted,
    /// The image ran away.
    RanAway,
}

/// One position at every PLYMAX up to `config.max_ply`. A search not compared ends the
/// position: a deeper one needs more list, and meets the same memory.
fn position(
    check: &mut SearchCheck,
    setup: &Setup,
    index: usize,
    config: &SearchRunConfig,
    stop: Option<&AtomicBool>,
    mine: &mut SearchReport,
) -> Ended {
    // What this position added, taken back when it is broken off.
    let before = (
        mine.searches,
        mine.evaluations,
        mine.tstates,
        mine.skipped.len(),
    );
    for plymax in 1..=config.max_ply {
        match check.check_until(setup, plymax, 0, stop) {
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
                return Ended::Agreed;
            }
            Err(SearchFailure::Interrupted) => {
                (mine.searches, mine.evaluations, mine.tstates) = (before.0, before.1, before.2);
                mine.skipped.truncate(before.3);
                return Ended::Interrupted;
            }
            Err(SearchFailure::Image(SearchDriveError::Machine(error))) if error.is_runaway() => {
                let failure = format!("FNDMOV failed: {error}");
                ran_away(mine, SearchMismatch::new(index, plymax, failure));
                return Ended::RanAway;
            }
            Err(failure) => {
                mine.searches += 1;
                let failure = failure.to_string();
                mine.failures
                    .push(SearchMismatch::new(index, plymax, failure));
                return Ended::Differed;
            }
        }
    }
    Ended::Agreed
}

/// Keeps the runaway of the lowest-numbered position.
fn ran_away(report: &mut SearchReport, found: SearchMismatch) {
    if report
        .runaway
        .as_ref()
        .is_none_or(|kept| kept.position > found.position)
    {
        report.runaway = Some(found);
    }
}

fn add(all: &mut SearchReport, mine: SearchReport) {
    all.searches += mine.searches;
    all.evaluations += mine.evaluations;
    all.tstates += mine.tstates;
    all.failures.extend(mine.failures);
    all.skipped.extend(mine.skipped);
    if let Some(found) = mine.runaway {
        ran_away(all, found);
    }
}
