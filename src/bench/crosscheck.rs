//! The cross-check's section: the default run with one thread and with all cores, the speed-up
//! between them, and random positions alone on all cores (what a million-position run takes).

use std::fmt::Write;

use serde::Serialize;

use crate::abi::search::SearchSymbols;
use crate::crosscheck::search::DEFAULT_SEARCH_PLY;
use crate::crosscheck::suite::builtin_positions;
use crate::crosscheck::{self, Config, DEFAULT_RANDOM_DEPTH, RandomSpec, Report};
use crate::machine::Image;
use crate::text::{Quantity, TextTable, grouped};

use super::plan::{Plan, SEED};
use super::stats::Spread;

/// A cross-check run with a given number of threads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrosscheckRun {
    /// Worker threads.
    pub threads: usize,
    /// Positions checked per run.
    pub positions: u64,
    /// Tree nodes compared per run.
    pub nodes: u64,
    /// Positions that disagreed (0 for a sound image).
    pub mismatches: usize,
    /// Wall-clock seconds per run.
    pub wall_seconds: Spread,
    /// Positions per second.
    pub positions_per_second: Spread,
    /// Nodes per second.
    pub nodes_per_second: Spread,
}

/// Cross-check throughput and its scaling with threads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrosscheckSection {
    /// What each run checks.
    pub workload: String,
    /// One thread first, then all cores.
    pub runs: Vec<CrosscheckRun>,
    /// Wall time with one thread over that with all cores, repetition by repetition.
    pub speedup: Option<Spread>,
    /// Random positions alone (depth 1) on all cores, in turns with the runs above.
    pub random_only: CrosscheckRun,
}

/// Positions a million-position campaign checks: the figure the throughput goal is stated for.
pub const MILLION: f64 = 1_000_000.0;

impl CrosscheckRun {
    /// The wall time `positions` positions would take at this run's positions per second.
    pub fn extrapolated_seconds(&self, positions: f64) -> Spread {
        let p = self.positions_per_second;
        Spread {
            median: positions / p.median.max(1e-9),
            min: positions / p.max.max(1e-9),
            max: positions / p.min.max(1e-9),
        }
    }
}

/// A cross-check of the built-in positions to `depth` plus `random` seeded random positions to
/// depth 1 on `threads` workers, no search; with [`crosscheck::DEFAULT_DEPTH`] and
/// [`crosscheck::DEFAULT_RANDOM`] it is the positions of the run `sargon-z80 crosscheck` makes
/// with no arguments ([`Config::standard`] adds its search).
pub fn builtin_run(depth: u32, random: u64, seed: u64, threads: usize) -> Config {
    let positions = builtin_positions();
    let random_starts = positions.iter().map(|p| p.board).collect();
    Config {
        positions,
        depth,
        random: RandomSpec {
            seed,
            first: 0,
            count: random,
            depth: DEFAULT_RANDOM_DEPTH,
        },
        random_starts,
        threads,
        keep_going: false,
        search_ply: 0,
        search_positions: Vec::new(),
        search_random: 0,
    }
}

/// The planned run with one thread and with `cores` threads, then random positions alone on
/// `cores` threads, in turns, `plan.reps` times.
pub(super) fn measure(
    plan: &Plan,
    image: &Image,
    cores: usize,
) -> Result<CrosscheckSection, crosscheck::RunError> {
    let p = plan.crosscheck;
    let search = SearchSymbols::resolve(image).is_ok();
    let config = |threads: usize| {
        if !plan.quick {
            // The run `sargon-z80 crosscheck` makes, its search included.
            return Config::standard(SEED, threads, search);
        }
        let mut config = builtin_run(p.depth, p.random, SEED, threads);
        if let Some(n) = p.listed {
            config.positions.truncate(n);
        }
        config
    };
    let mut random_only = builtin_run(p.depth, p.random_only, SEED, cores);
    random_only.positions.clear();
    let listed = config(1).positions.len();
    let searched = config(1).searched();
    let thread_counts: Vec<usize> = if cores > 1 { vec![1, cores] } else { vec![1] };
    let mut reports: Vec<Vec<Report>> = vec![Vec::new(); thread_counts.len()];
    let mut random_reports = Vec::new();
    for _ in 0..plan.reps {
        for (threads, out) in thread_counts.iter().zip(&mut reports) {
            out.push(crosscheck::run(image, &config(*threads), &|_, _| {})?);
        }
        random_reports.push(crosscheck::run(image, &random_only, &|_, _| {})?);
    }
    let speedup = (reports.len() > 1).then(|| {
        let ratios: Vec<f64> = reports[0]
            .iter()
            .zip(&reports[1])
            .map(|(one, all)| one.wall.as_secs_f64() / all.wall.as_secs_f64().max(1e-9))
            .collect();
        Spread::of(&ratios)
    });
    Ok(CrosscheckSection {
        workload: workload(plan, listed, searched),
        runs: thread_counts.iter().zip(&reports).map(summary).collect(),
        speedup,
        random_only: summary((&cores, &random_reports)),
    })
}

/// What each run checks, in words.
fn workload(plan: &Plan, listed: usize, searched: u64) -> String {
    let (depth, random) = (plan.crosscheck.depth, plan.crosscheck.random);
    let run = if plan.quick {
        "a small run"
    } else {
        "the default run"
    };
    format!(
        "{run}, {listed} built-in positions at depth {depth} + {} random at depth 1{}, seed {SEED}",
        grouped(random),
        match searched {
            0 => String::new(),
            n => format!(" + the search of {n} at PLYMAX 1..={DEFAULT_SEARCH_PLY}"),
        }
    )
}

/// The repetitions of one thread count as one row.
fn summary((&threads, reports): (&usize, &Vec<Report>)) -> CrosscheckRun {
    let spread =
        |f: &dyn Fn(&Report) -> f64| Spread::of(&reports.iter().map(f).collect::<Vec<_>>());
    let wall = |r: &Report| r.wall.as_secs_f64().max(1e-9);
    CrosscheckRun {
        threads,
        positions: reports[0].positions,
        nodes: reports[0].tally.nodes,
        mismatches: reports.iter().map(|r| r.failures.len()).max().unwrap_or(0),
        wall_seconds: spread(&wall),
        positions_per_second: spread(&|r| r.positions as f64 / wall(r)),
        nodes_per_second: spread(&|r| r.tally.nodes as f64 / wall(r)),
    }
}

impl CrosscheckSection {
    /// The table: per thread count the work and its speed, the speed-up, then random positions
    /// alone with the million-position extrapolation.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut table = TextTable::new(&[
            "run",
            "threads",
            "positions",
            "nodes",
            "wall time",
            "positions/s",
        ])
        .right(&[1, 2, 3, 4, 5]);
        let rows = self.runs.iter().map(|r| ("default", r));
        for (name, run) in rows.chain([("random only", &self.random_only)]) {
            table.row(vec![
                name.to_string(),
                run.threads.to_string(),
                grouped(run.positions),
                grouped(run.nodes),
                run.wall_seconds.text(Quantity::Seconds),
                run.positions_per_second.text(Quantity::Rate("")),
            ]);
        }
        let _ = write!(s, "\nCross-check: {}\n{}", self.workload, table.render());
        if let (Some(speedup), Some(last)) = (self.speedup, self.runs.last()) {
            let _ = writeln!(
                s,
                "  default run, speed-up 1 -> {} threads: {}",
                last.threads,
                speedup.text(Quantity::Ratio),
            );
        }
        let million = self.random_only.extrapolated_seconds(MILLION);
        let _ = writeln!(
            s,
            "  1,000,000 random positions at this speed: {}",
            million.text(Quantity::Seconds)
        );
    }
}
