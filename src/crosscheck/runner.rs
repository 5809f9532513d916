//! A whole cross-check run: positions and random positions shared out to worker threads, each
//! with its own machine, then the searches of the listed positions when the run compares the
//! search, and the results gathered in job order so that the report does not depend on the
//! thread count. A run can do a part of its jobs ([`Span`]: a shard, or the rest of an
//! interrupted run) and be stopped from outside (Ctrl-C).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::abi::{AbiError, Driver};
use crate::engine::Setup;
use crate::machine::Image;

use super::config::Config;
use super::job::{Gathered, Verdict, check_job};
use super::outcome::{Report, Runaway, SearchFailed, SearchSkipped, SearchTally, Span};
use super::search::{SearchRunConfig, random_setup, run_searches};
use super::suite::{Origin, RandomScratch};
use super::walk::Checker;

/// The work shared by the workers of one run: the next position to take and when to stop.
struct Queue<'a> {
    next: AtomicU64,
    done: AtomicU64,
    /// Set by a worker whose position failed when the run does not keep going.
    failed: AtomicBool,
    /// Set by the caller (Ctrl-C).
    stop: Option<&'a AtomicBool>,
    span: Span,
}

impl Queue<'_> {
    fn stopped(&self) -> bool {
        self.failed.load(Ordering::Relaxed) || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Why a run ended without a report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The image cannot be driven at all (missing symbols).
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// The image ran away on a position or a search: a broken image, not a difference in
    /// values, so the run ends there.
    #[error(
        "the image ran away on {} {} ({}){}: {}",
        if .0.search { "the search of position" } else { "position" },
        .0.job,
        .0.origin.label(),
        path_text(&.0.path),
        .0.error
    )]
    Runaway(Box<Runaway>),
}

/// ` after [e2e4 e7e5]`, or nothing at the root.
fn path_text(path: &[String]) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!(" after [{}]", path.join(" "))
    }
}

/// Runs the whole cross-check. `progress(done, total)` is called from the worker threads as
/// jobs are done. Fails when the image cannot be driven at all, or runs away.
pub fn run(
    image: &Image,
    config: &Config,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Report, RunError> {
    let whole = Span {
        first: 0,
        end: config.total(),
    };
    run_span(image, config, whole, None, progress)
}

/// Runs the jobs `span` of the cross-check `config` describes (numbered in run order: the
/// listed positions, the random ones, then the searches of the listed positions when the run
/// compares the search). When `stop` is set, the workers finish the positions they hold (a
/// search in hand is broken off) and the report says where the run got to (`reached`): every
/// job before it was done. The searches come after every position, and only when the
/// positions before them all agreed or the run keeps going.
pub fn run_span(
    image: &Image,
    config: &Config,
    span: Span,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Report, RunError> {
    let started = Instant::now();
    // Resolve once up front so that a bad image fails before threads start.
    Driver::new(image)?;
    let total = config.total();
    let span = Span {
        first: span.first.min(total),
        end: span.end.min(total),
    };
    let positions = config.board_total();
    let board = Span {
        first: span.first.min(positions),
        end: span.end.min(positions),
    };
    let checked = check_positions(image, config, board, stop, progress)?;
    let (mut all, mut reached, mut threads) = (checked.gathered, checked.reached, checked.threads);
    if let Some(runaway) = all.runaway.take() {
        return Err(RunError::Runaway(Box::new(runaway)));
    }
    let searches = Span {
        first: span.first.max(positions),
        end: span.end.max(positions),
    };
    let halted = !config.keep_going && !all.failures.is_empty();
    let stopped = stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let mut search = SearchTally::default();
    if reached == board.end && !halted && !stopped && !searches.is_empty() {
        let done = board.len();
        let part = search_part(image, config, searches, stop, &|n, _| {
            progress(done + n, span.len())
        })?;
        (search, reached) = (part.tally, searches.first + part.reached);
        threads = threads.max(part.threads);
    }
    let interrupted = stop.is_some_and(|s| s.load(Ordering::Relaxed)) && reached < span.end;
    Ok(Report {
        run: config.run_id(image),
        span,
        reached,
        interrupted,
        positions: all.positions,
        listed: config.positions.len() as u64,
        random: config.random.count,
        tally: all.tally,
        epd_counts: all.epd_counts,
        tstates: all.tstates,
        wall: started.elapsed(),
        threads,
        seed: config.random.seed,
        failures: std::mem::take(&mut all.failures),
        skipped: std::mem::take(&mut all.skipped),
        search,
    })
}

/// What the positions of a span gave.
struct Checked {
    gathered: Gathered,
    reached: u64,
    threads: usize,
}

/// The positions `span` (all before the searches) on worker threads.
fn check_positions(
    image: &Image,
    config: &Config,
    span: Span,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Checked, RunError> {
    let queue = Queue {
        next: AtomicU64::new(span.first),
        done: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        stop,
        span,
    };
    let gathered = Mutex::new(Gathered::default());
    let threads = config.threads.max(1).min(span.len().max(1) as usize);
    if !span.is_empty() {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mine = worker(image, config, &queue, progress);
                    gathered
                        .lock()
                        .expect("no worker panics while holding the lock")
                        .add(mine);
                });
            }
        });
    }
    let mut all = gathered.into_inner().expect("workers finished");
    all.failures.sort_by_key(|f| f.job);
    all.skipped.sort_by_key(|s| s.job);
    if !config.keep_going {
        all.failures.truncate(1);
    }
    let reached = queue.next.into_inner().min(span.end);
    Ok(Checked {
        gathered: all,
        reached,
        threads,
    })
}

/// What the searches of a span gave.
struct Searched {
    tally: SearchTally,
    /// Searches done from the span's first.
    reached: u64,
    threads: usize,
}

/// The searches `span` (job numbers after the positions) on worker threads: the listed
/// positions and then the random ones they stand for, at PLYMAX 1..=`config.search_ply`.
fn search_part(
    image: &Image,
    config: &Config,
    span: Span,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Searched, RunError> {
    let searched = searched_positions(config, span);
    let setups: Vec<Setup> = searched.iter().map(|p| p.setup).collect();
    let run = SearchRunConfig {
        max_ply: config.search_ply,
        threads: config.threads,
        keep_going: config.keep_going,
        compare_pv: true,
    };
    let report = run_searches(image, &setups, &run, stop, progress)?;
    let job = |position: usize| span.first + position as u64;
    let at = |position: usize| &searched[position];
    if let Some(found) = &report.runaway {
        let p = at(found.position);
        return Err(RunError::Runaway(Box::new(Runaway {
            job: job(found.position),
            origin: p.origin.clone(),
            root_fen: p.fen.clone(),
            depth: u32::from(found.plymax),
            search: true,
            path: Vec::new(),
            error: found.failure.clone(),
        })));
    }
    let failures = report.failures.iter().map(|f| SearchFailed {
        job: job(f.position),
        origin: at(f.position).origin.clone(),
        root_fen: at(f.position).fen.clone(),
        plymax: f.plymax,
        failure: f.failure.clone(),
    });
    let skipped = report.skipped.iter().map(|s| SearchSkipped {
        job: job(s.position),
        origin: at(s.position).origin.clone(),
        root_fen: at(s.position).fen.clone(),
        plymax: s.plymax,
        reason: s.reason.clone(),
    });
    Ok(Searched {
        tally: SearchTally {
            searches: report.searches,
            evaluations: report.evaluations,
            tstates: report.tstates,
            wall: report.wall,
            failures: failures.collect(),
            skipped: skipped.collect(),
        },
        reached: report.reached as u64,
        threads: config.threads.max(1).min(setups.len().max(1)),
    })
}

/// The positions the searches `span` stand for, in job order.
fn searched_positions(config: &Config, span: Span) -> Vec<SearchedPosition> {
    let first = config.board_total();
    let mut scratch = RandomScratch::default();
    (span.first - first..span.end - first)
        .map(|k| searched_position(config, k, &mut scratch))
        .collect()
}

/// A position whose search a run compares: its setup, where it came from and its FEN.
struct SearchedPosition {
    setup: Setup,
    origin: Origin,
    fen: String,
}

/// The run's search `k` (counted from its first search): a listed position, one of the
/// search's own positions, or after them random position `random.first + j` of the seed's
/// stream, set up as `crosscheck --search` sets it up, so that its replay searches the same.
fn searched_position(config: &Config, k: u64, scratch: &mut RandomScratch) -> SearchedPosition {
    let listed = config.searched_listed();
    let own = config.search_positions.len() as u64;
    if k < listed + own {
        let p = match k.checked_sub(listed) {
            None => &config.positions[k as usize],
            Some(j) => &config.search_positions[j as usize],
        };
        return SearchedPosition {
            setup: p.setup(),
            origin: p.origin.clone(),
            fen: p.fen.clone(),
        };
    }
    let (seed, index) = (config.random.seed, config.random.first + (k - listed - own));
    let (setup, generator) = random_setup(seed, index, &config.random_starts, scratch);
    SearchedPosition {
        setup,
        origin: Origin::Random {
            seed,
            index,
            generator,
        },
        fen: setup.board.to_fen(),
    }
}

/// One worker: its own machine and buffers, positions taken from the queue in run order
/// until none is left or the run stops. A position taken is always finished, so when the run
/// stops early every position before the queue's next one has been checked.
fn worker(
    image: &Image,
    config: &Config,
    queue: &Queue,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Gathered {
    let driver = Driver::new(image).expect("symbols resolved before the workers started");
    let mut checker = Checker::new(driver);
    let mut scratch = RandomScratch::default();
    let mut mine = Gathered::default();
    while !queue.stopped() {
        let job = queue.next.fetch_add(1, Ordering::Relaxed);
        if job >= queue.span.end {
            break;
        }
        let halts = match check_job(job, config, &mut checker, &mut scratch, &mut mine) {
            Verdict::Agreed => false,
            Verdict::Failed => !config.keep_going,
            Verdict::RanAway => true,
        };
        if halts {
            queue.failed.store(true, Ordering::Relaxed);
        }
        let done = queue.done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(done, queue.span.len());
    }
    mine.tally = checker.tally();
    mine.tstates = checker.tstates();
    mine
}
