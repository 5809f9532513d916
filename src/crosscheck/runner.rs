//! A whole cross-check run: positions and random positions shared out to worker threads, each
//! with its own machine, and the results gathered in position order so that the report does
//! not depend on the thread count. A run can check a part of its positions ([`Span`]: a shard,
//! or the rest of an interrupted run) and be stopped from outside (Ctrl-C).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::machine::Image;
use crate::position::Board;

use crate::abi::{AbiError, Driver};

use super::job::{Gathered, check_job};
use super::outcome::{Digest, Report, RunId, Span};
use super::suite::{Position, RandomScratch};
use super::walk::Checker;

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
}

impl Config {
    /// Positions in the whole run: the listed ones, then the random ones.
    pub fn total(&self) -> u64 {
        (self.positions.len() as u64).saturating_add(self.random.count)
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
        }
    }
}

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

/// Runs the whole cross-check. `progress(done, total)` is called from the worker threads as
/// positions are checked. Fails only when the image cannot be driven at all.
pub fn run(
    image: &Image,
    config: &Config,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Report, AbiError> {
    let whole = Span {
        first: 0,
        end: config.total(),
    };
    run_span(image, config, whole, None, progress)
}

/// Runs the positions `span` of the cross-check `config` describes (positions are numbered
/// in run order: the listed ones, then the random ones). When `stop` is set, the workers
/// finish the positions they hold and the report says where the run got to (`reached`):
/// every position before it was checked.
pub fn run_span(
    image: &Image,
    config: &Config,
    span: Span,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Report, AbiError> {
    let started = Instant::now();
    // Resolve once up front so that a bad image fails before threads start.
    Driver::new(image)?;
    let span = Span {
        first: span.first.min(config.total()),
        end: span.end.min(config.total()),
    };
    let queue = Queue {
        next: AtomicU64::new(span.first),
        done: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        stop,
        span,
    };
    let gathered = Mutex::new(Gathered::default());
    let threads = config.threads.max(1).min(span.len().max(1) as usize);
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
    let mut all = gathered.into_inner().expect("workers finished");
    all.failures.sort_by_key(|f| f.job);
    all.skipped.sort_by_key(|s| s.job);
    if !config.keep_going {
        all.failures.truncate(1);
    }
    let reached = queue.next.into_inner().min(span.end);
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
        failures: all.failures,
        skipped: all.skipped,
    })
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
        let failed = check_job(job, config, &mut checker, &mut scratch, &mut mine);
        if failed && !config.keep_going {
            queue.failed.store(true, Ordering::Relaxed);
        }
        let done = queue.done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(done, queue.span.len());
    }
    mine.tally = checker.tally();
    mine.tstates = checker.tstates();
    mine
}
