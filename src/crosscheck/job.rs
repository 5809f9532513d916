//! One position of a run: which board it is (a listed position or random position K of the
//! seed), its check, and what a worker gathers. Nothing is allocated for a position that
//! agrees: where it came from and its FEN are only written out for one that fails or is skipped.

use crate::position::Board;
use crate::reference::{Rules, perft};

use super::config::Config;
use super::mismatch::{Failure, Mismatch, MismatchKind};
use super::outcome::{PositionFailure, Runaway, Skipped};
use super::suite::{Origin, Position, RandomKind, RandomScratch, random_position_with};
use super::walk::{Checker, Tally};

/// What one worker found.
#[derive(Default)]
pub(super) struct Gathered {
    pub(super) positions: u64,
    pub(super) tally: Tally,
    pub(super) epd_counts: u64,
    pub(super) tstates: u64,
    pub(super) failures: Vec<PositionFailure>,
    pub(super) skipped: Vec<Skipped>,
    /// The first position at which the image ran away, if any.
    pub(super) runaway: Option<Runaway>,
}

impl Gathered {
    /// Adds what another worker gathered.
    pub(super) fn add(&mut self, mut other: Gathered) {
        self.positions += other.positions;
        self.tally.add(other.tally);
        self.epd_counts += other.epd_counts;
        self.tstates += other.tstates;
        self.failures.append(&mut other.failures);
        self.skipped.append(&mut other.skipped);
        if let Some(runaway) = other.runaway {
            self.ran_away(runaway);
        }
    }

    /// Keeps the runaway of the lowest-numbered position.
    pub(super) fn ran_away(&mut self, runaway: Runaway) {
        if self
            .runaway
            .as_ref()
            .is_none_or(|kept| kept.job > runaway.job)
        {
            self.runaway = Some(runaway);
        }
    }
}

/// How a position's check ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// It agreed, or was skipped.
    Agreed,
    /// It failed: the run stops unless it keeps going.
    Failed,
    /// The image ran away on it: the run stops.
    RanAway,
}

/// Where a job's position comes from.
enum Source<'a> {
    Listed(&'a Position),
    Random {
        seed: u64,
        index: u64,
        kind: RandomKind,
    },
}

/// One position of the run, with how deep it is compared.
struct Job<'a> {
    number: u64,
    board: Board,
    depth: u32,
    source: Source<'a>,
}

impl Job<'_> {
    /// Position `number` of the run: the listed positions first, then the random ones.
    fn of<'a>(number: u64, config: &'a Config, scratch: &mut RandomScratch) -> Job<'a> {
        let listed = config.positions.len() as u64;
        if number < listed {
            let p = &config.positions[number as usize];
            return Job {
                number,
                board: p.board,
                depth: config.depth,
                source: Source::Listed(p),
            };
        }
        let spec = config.random;
        let index = spec.first + (number - listed);
        let made = random_position_with(spec.seed, index, &config.random_starts, scratch);
        Job {
            number,
            board: made.board,
            depth: spec.depth,
            source: Source::Random {
                seed: spec.seed,
                index,
                kind: made.kind,
            },
        }
    }

    fn counts(&self) -> &[(u32, u64)] {
        match self.source {
            Source::Listed(p) => &p.counts,
            Source::Random { .. } => &[],
        }
    }

    fn origin(&self) -> Origin {
        match self.source {
            Source::Listed(p) => p.origin.clone(),
            Source::Random { seed, index, kind } => Origin::Random {
                seed,
                index,
                generator: kind,
            },
        }
    }

    fn root_fen(&self) -> String {
        match self.source {
            Source::Listed(p) => p.fen.clone(),
            Source::Random { .. } => self.board.to_fen(),
        }
    }

    fn failure(&self, mismatch: Mismatch) -> PositionFailure {
        let checked = |&&(d, _): &&(u32, u64)| d <= self.depth;
        PositionFailure {
            job: self.number,
            origin: self.origin(),
            root_fen: self.root_fen(),
            depth: self.depth,
            counts: self.counts().iter().filter(checked).copied().collect(),
            mismatch,
        }
    }
}

/// Checks position `number` of the run.
pub(super) fn check_job(
    number: u64,
    config: &Config,
    checker: &mut Checker,
    scratch: &mut RandomScratch,
    mine: &mut Gathered,
) -> Verdict {
    let job = Job::of(number, config, scratch);
    if let Some(mismatch) = check_epd_counts(&job, mine) {
        mine.positions += 1;
        mine.failures.push(job.failure(mismatch));
        return Verdict::Failed;
    }
    match checker.check(&job.board, job.depth, None) {
        Ok(_) => {
            mine.positions += 1;
            Verdict::Agreed
        }
        Err(Failure::Mismatch(mismatch)) => {
            mine.positions += 1;
            mine.failures.push(job.failure(*mismatch));
            Verdict::Failed
        }
        Err(Failure::Runaway(found)) => {
            let error = match found.kind {
                MismatchKind::Drive { error, .. } => error,
                other => other.headline(),
            };
            mine.ran_away(Runaway {
                job: number,
                origin: job.origin(),
                root_fen: job.root_fen(),
                depth: job.depth,
                search: false,
                path: found.path,
                error,
            });
            Verdict::RanAway
        }
        Err(Failure::ListFull { path, needed, free }) => {
            mine.skipped.push(Skipped {
                job: number,
                origin: job.origin(),
                root_fen: job.root_fen(),
                path,
                needed,
                free,
            });
            Verdict::Agreed
        }
    }
}

/// The EPD line's own counts (standard rules) up to the job's depth against the reference's;
/// the first that differs.
fn check_epd_counts(job: &Job, mine: &mut Gathered) -> Option<Mismatch> {
    for &(depth, claimed) in job.counts().iter().filter(|&&(d, _)| d <= job.depth) {
        mine.epd_counts += 1;
        let native = perft(&mut job.board.clone(), depth, Rules::Standard);
        if native != claimed {
            return Some(Mismatch {
                path: Vec::new(),
                node_fen: job.root_fen(),
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
