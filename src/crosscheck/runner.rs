//! A whole cross-check run: positions and random positions shared out to worker threads, each
//! with its own machine, and the results gathered in position order so that the report does
//! not depend on the thread count. A run can check a part of its positions ([`Span`]: a shard,
//! or the rest of an interrupted run) and be stopped from outside (Ctrl-C).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::machine::Image;

use crate::abi::{AbiError, Driver};

use super::config::Config;
use super::job::{Gathered, check_job};
use super::outcome::{Report, Span};
use super::suite::RandomScratch;
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
