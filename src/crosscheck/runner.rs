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

use super::compare::MismatchKind;
use super::random::random_position;
use super::suite::{Origin, Position};
use super::tree::{Checker, Failure, Mismatch, Tally};

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
    let total = listed + config.random.count as usize;
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let gathered = Mutex::new(Gathered::default());
    let threads = config.threads.max(1).min(total.max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let driver = Driver::new(image).expect("symbols resolved above");
                let mut checker = Checker::new(driver);
                let mut mine = Gathered::default();
                while !stop.load(Ordering::Relaxed) {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= total {
                        break;
                    }
                    let failed = check_job(job, config, &mut checker, &mut mine);
                    if failed && !config.keep_going {
                        stop.store(true, Ordering::Relaxed);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total as u64);
                }
                mine.tally = checker.tally();
                mine.tstates = checker.tstates();
                let mut all = gathered
                    .lock()
                    .expect("no worker panics while holding the lock");
                all.positions += mine.positions;
                all.tally.add(mine.tally);
                all.epd_counts += mine.epd_counts;
                all.tstates += mine.tstates;
                all.failures.append(&mut mine.failures);
                all.skipped.append(&mut mine.skipped);
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

/// Checks job `job` (listed positions first, then random ones); true when it failed.
fn check_job(job: usize, config: &Config, checker: &mut Checker, mine: &mut Gathered) -> bool {
    let (board, origin, depth, counts, root_fen) = match config.positions.get(job) {
        Some(p) => (
            p.board,
            p.origin.clone(),
            config.depth,
            p.counts.as_slice(),
            p.fen.clone(),
        ),
        None => {
            let spec = config.random;
            let index = spec.first + (job - config.positions.len()) as u64;
            let made = random_position(spec.seed, index, &config.random_starts);
            let origin = Origin::Random {
                seed: spec.seed,
                index,
                generator: made.kind.name(),
            };
            let fen = made.board.to_fen();
            (made.board, origin, spec.depth, &[][..], fen)
        }
    };
    let failure = |mismatch: Mismatch| PositionFailure {
        origin: origin.clone(),
        root_fen: root_fen.clone(),
        depth,
        mismatch,
    };
    for &(d, claimed) in counts.iter().filter(|&&(d, _)| d <= depth) {
        mine.epd_counts += 1;
        let native = perft(&mut board.clone(), d, Rules::Standard);
        if native != claimed {
            mine.failures.push((
                job,
                failure(Mismatch {
                    path: Vec::new(),
                    node_fen: root_fen.clone(),
                    kind: MismatchKind::EpdCount {
                        depth: d,
                        claimed,
                        native,
                    },
                }),
            ));
            return true;
        }
    }
    match checker.check(&board, depth, None) {
        Ok(_) => {
            mine.positions += 1;
            false
        }
        Err(Failure::Mismatch(mismatch)) => {
            mine.failures.push((job, failure(*mismatch)));
            true
        }
        Err(Failure::ListFull { path, needed, free }) => {
            mine.positions += 1;
            mine.skipped.push((
                job,
                Skipped {
                    origin,
                    root_fen,
                    path,
                    needed,
                    free,
                },
            ));
            false
        }
    }
}
