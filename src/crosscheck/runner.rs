//! A whole cross-check run: positions and random positions shared out to worker threads, each
//! with its own machine, and the results gathered in position order so that the report does
//! not depend on the thread count.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::machine::Image;
use crate::position::Board;
use crate::reference::{Rules, perft};

use crate::abi::{AbiError, Driver};

use super::mismatch::{Failure, Mismatch, MismatchKind};
use super::suite::{Origin, Position, random_position};
use super::walk::{Checker, Tally};

/// The comparison depth of the built-in positions in `sargon-z80 crosscheck`'s default run.
pub const DEFAULT_DEPTH: u32 = 2;
/// The random positions of the default run.
pub const DEFAULT_RANDOM: u64 = 10_000;
/// Their comparison depth.
pub const DEFAULT_RANDOM_DEPTH: u32 = 1;

/// Which random positions a run checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

/// One position that failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionFailure {
    /// Where the position came from.
    pub origin: Origin,
    /// The root position's FEN.
    pub root_fen: String,
    /// The depth it was compared to.
    pub depth: u32,
    /// What disagreed and where.
    pub mismatch: Mismatch,
}

/// A node whose move list did not fit in the image's list area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
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

/// The outcome of a run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Positions checked to the end.
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
    /// Wall-clock time.
    #[serde(rename = "wall_seconds", serialize_with = "seconds")]
    pub wall: Duration,
    /// The worker threads used.
    pub threads: usize,
    /// The random-position seed.
    pub seed: u64,
    /// Failing positions, in position order (only the first unless `keep_going`).
    pub failures: Vec<PositionFailure>,
    /// Nodes not compared because the image's list area was full.
    pub skipped: Vec<Skipped>,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Report {
    /// Positions per second of wall time.
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

#[derive(Default)]
struct Gathered {
    positions: u64,
    tally: Tally,
    epd_counts: u64,
    tstates: u64,
    failures: Vec<(usize, PositionFailure)>,
    skipped: Vec<(usize, Skipped)>,
}

impl Gathered {
    /// Adds what another worker gathered.
    fn add(&mut self, mut other: Gathered) {
        self.positions += other.positions;
        self.tally.add(other.tally);
        self.epd_counts += other.epd_counts;
        self.tstates += other.tstates;
        self.failures.append(&mut other.failures);
        self.skipped.append(&mut other.skipped);
    }
}

/// The work shared by the workers of one run: the next job to take and whether to stop.
struct Queue {
    next: AtomicUsize,
    done: AtomicU64,
    stop: AtomicBool,
    total: usize,
}

/// Runs the cross-check. `progress(done, total)` is called after each position, from the
/// worker threads. Fails only when the image cannot be driven at all.
pub fn run(
    image: &Image,
    config: &Config,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Report, AbiError> {
    let started = Instant::now();
    // Resolve once up front so that a bad image fails before threads start.
    Driver::new(image)?;
    let listed = config.positions.len();
    let queue = Queue {
        next: AtomicUsize::new(0),
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        total: listed + config.random.count as usize,
    };
    let gathered = Mutex::new(Gathered::default());
    let threads = config.threads.max(1).min(queue.total.max(1));
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
    all.failures.sort_by_key(|(job, _)| *job);
    all.skipped.sort_by_key(|(job, _)| *job);
    if !config.keep_going {
        all.failures.truncate(1);
    }
    Ok(Report {
        positions: all.positions,
        listed: listed as u64,
        random: config.random.count,
        tally: all.tally,
        epd_counts: all.epd_counts,
        tstates: all.tstates,
        wall: started.elapsed(),
        threads,
        seed: config.random.seed,
        failures: all.failures.into_iter().map(|(_, f)| f).collect(),
        skipped: all.skipped.into_iter().map(|(_, s)| s).collect(),
    })
}

/// One worker: its own machine, jobs taken from the queue until none is left or a failure
/// stops the run.
fn worker(
    image: &Image,
    config: &Config,
    queue: &Queue,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Gathered {
    let driver = Driver::new(image).expect("symbols resolved before the workers started");
    let mut checker = Checker::new(driver);
    let mut mine = Gathered::default();
    while !queue.stop.load(Ordering::Relaxed) {
        let job = queue.next.fetch_add(1, Ordering::Relaxed);
        if job >= queue.total {
            break;
        }
        let failed = check_job(job, config, &mut checker, &mut mine);
        if failed && !config.keep_going {
            queue.stop.store(true, Ordering::Relaxed);
        }
        let done = queue.done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(done, queue.total as u64);
    }
    mine.tally = checker.tally();
    mine.tstates = checker.tstates();
    mine
}

/// One job: the position, where it came from and how deep it is compared.
struct Job<'a> {
    index: usize,
    board: Board,
    origin: Origin,
    depth: u32,
    counts: &'a [(u32, u64)],
    root_fen: String,
}

impl Job<'_> {
    /// Job `index`: the listed positions first, then the random ones.
    fn of(index: usize, config: &Config) -> Job<'_> {
        if let Some(p) = config.positions.get(index) {
            return Job {
                index,
                board: p.board,
                origin: p.origin.clone(),
                depth: config.depth,
                counts: p.counts.as_slice(),
                root_fen: p.fen.clone(),
            };
        }
        let spec = config.random;
        let random_index = spec.first + (index - config.positions.len()) as u64;
        let made = random_position(spec.seed, random_index, &config.random_starts);
        Job {
            index,
            board: made.board,
            origin: Origin::Random {
                seed: spec.seed,
                index: random_index,
                generator: made.kind.name(),
            },
            depth: spec.depth,
            counts: &[],
            root_fen: made.board.to_fen(),
        }
    }

    fn failure(&self, mismatch: Mismatch) -> (usize, PositionFailure) {
        let failure = PositionFailure {
            origin: self.origin.clone(),
            root_fen: self.root_fen.clone(),
            depth: self.depth,
            mismatch,
        };
        (self.index, failure)
    }
}

/// Checks job `index` (listed positions first, then random ones); true when it failed.
fn check_job(index: usize, config: &Config, checker: &mut Checker, mine: &mut Gathered) -> bool {
    let job = Job::of(index, config);
    if let Some(mismatch) = check_epd_counts(&job, mine) {
        mine.failures.push(job.failure(mismatch));
        return true;
    }
    match checker.check(&job.board, job.depth, None) {
        Ok(_) => {
            mine.positions += 1;
            false
        }
        Err(Failure::Mismatch(mismatch)) => {
            mine.failures.push(job.failure(*mismatch));
            true
        }
        Err(Failure::ListFull { path, needed, free }) => {
            mine.positions += 1;
            let skipped = Skipped {
                origin: job.origin,
                root_fen: job.root_fen,
                path,
                needed,
                free,
            };
            mine.skipped.push((index, skipped));
            false
        }
    }
}

/// The EPD line's own counts (standard rules) up to the job's depth against the reference's;
/// the first that differs.
fn check_epd_counts(job: &Job, mine: &mut Gathered) -> Option<Mismatch> {
    for &(depth, claimed) in job.counts.iter().filter(|&&(d, _)| d <= job.depth) {
        mine.epd_counts += 1;
        let native = perft(&mut job.board.clone(), depth, Rules::Standard);
        if native != claimed {
            return Some(Mismatch {
                path: Vec::new(),
                node_fen: job.root_fen.clone(),
                kind: MismatchKind::EpdCount {
                    depth,
                    claimed,
                    native,
                },
            });
        }
    }
    None
}
