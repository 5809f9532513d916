//! A mutation run: the unmutated image checked first, then every mutant by the default run,
//! the mutants shared out to worker threads (one machine each), then every survivor by the
//! deep runs on all threads, to tell the mutants the default run missed from those no run
//! tells from the image.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::abi::AbiError;
use crate::machine::Image;

use super::super::config::Config;
use super::super::outcome::{Report, Span};
use super::super::runner::{RunError, run_span};
use super::code::CodeMap;
use super::error::MutantError;
use super::mutant::{Mutant, patched};
use super::outcome::{Fate, Found, MutantResult, MutationReport};
use super::plan::MutationPlan;

/// Why a mutation run could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MutationError {
    /// The image cannot be mutated (no ABI, no code).
    #[error(transparent)]
    Mutant(#[from] MutantError),
    /// The image cannot be driven.
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// The unmutated image fails a run already, so no mutant's failure would mean anything.
    #[error("the unmutated image fails the {} run already: {}", if *.deep { "deep" } else { "default" }, .found.headline())]
    Baseline {
        /// True for a deep run.
        deep: bool,
        /// What it failed on.
        found: Box<Found>,
    },
}

/// Where a mutation run is, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The unmutated image's default run.
    Baseline,
    /// Mutants through the default run: done, of.
    Default(u64, u64),
    /// Survivors through the deep runs: done, of.
    Deep(u64, u64),
}

/// How one cross-check of an image ended.
enum Check {
    Passed,
    Failed(Found),
    Interrupted,
}

/// `config`'s whole run on `image`: passed, its first failure, or interrupted.
fn check(image: &Image, config: &Config, stop: Option<&AtomicBool>) -> Result<Check, AbiError> {
    let whole = Span {
        first: 0,
        end: config.total(),
    };
    match run_span(image, config, whole, stop, &|_, _| {}) {
        Ok(report) => Ok(first_failure(report)),
        Err(RunError::Runaway(runaway)) => Ok(Check::Failed(Found::Runaway(runaway))),
        Err(RunError::Abi(error)) => Err(error),
    }
}

fn first_failure(mut report: Report) -> Check {
    if !report.failures.is_empty() {
        return Check::Failed(Found::Mismatch(Box::new(report.failures.swap_remove(0))));
    }
    if !report.search.failures.is_empty() {
        let failed = report.search.failures.swap_remove(0);
        return Check::Failed(Found::SearchMismatch(Box::new(failed)));
    }
    if report.interrupted {
        Check::Interrupted
    } else {
        Check::Passed
    }
}

/// Runs `plan` on `image`. `progress` is called from the worker threads as mutants are
/// settled; `stop` (Ctrl-C) ends the run after the checks in hand, with what was settled.
pub fn run_mutants(
    image: &Image,
    plan: &MutationPlan,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(Stage) + Sync),
) -> Result<MutationReport, MutationError> {
    let started = Instant::now();
    let code = CodeMap::of(image)?;
    let base = patched(image, &[], &code)?;
    let mut report = MutationReport::new(plan.seed, plan.count, &code, plan.threads.max(1));
    progress(Stage::Baseline);
    let baseline = Instant::now();
    match check(&base, &plan.default, stop)? {
        Check::Passed => {}
        Check::Failed(found) => {
            let found = Box::new(found);
            return Err(MutationError::Baseline { deep: false, found });
        }
        Check::Interrupted => report.interrupted = true,
    }
    report.baseline_wall = baseline.elapsed();
    if !report.interrupted {
        report.results = default_runs(image, &code, plan, stop, progress)?;
        deep_runs(
            &base,
            &code,
            image,
            plan,
            stop,
            progress,
            &mut report.results,
        )?;
    }
    let settled = report.results.len() as u64 == plan.count
        && !report.results.iter().any(|r| r.fate == Fate::Unsettled);
    report.interrupted |= !settled;
    report.wall = started.elapsed();
    Ok(report)
}

/// Every mutant through the default run, on the plan's threads; the results in index order
/// (a mutant whose run was interrupted is left out).
fn default_runs(
    image: &Image,
    code: &CodeMap,
    plan: &MutationPlan,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(Stage) + Sync),
) -> Result<Vec<MutantResult>, MutationError> {
    let mut single = plan.default.clone();
    single.threads = 1;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let gathered: Mutex<Vec<MutantResult>> = Mutex::new(Vec::new());
    let failed: Mutex<Option<MutationError>> = Mutex::new(None);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            scope.spawn(|| {
                while !stopped() {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= plan.count {
                        break;
                    }
                    let mutant = Mutant::draw(plan.seed, plan.first + k, code, image);
                    match one_default(image, code, mutant, &single, stop) {
                        Ok(Some(result)) => gathered.lock().expect("no panic").push(result),
                        Ok(None) => {}
                        Err(error) => {
                            *failed.lock().expect("no panic") = Some(error);
                            break;
                        }
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Stage::Default(n, plan.count));
                }
            });
        }
    });
    if let Some(error) = failed.into_inner().expect("workers finished") {
        return Err(error);
    }
    let mut results = gathered.into_inner().expect("workers finished");
    results.sort_by_key(|r| r.mutant.index);
    Ok(results)
}

/// One mutant through the default run: killed, or a survivor (settled by the deep runs
/// later); None when the run was interrupted.
fn one_default(
    image: &Image,
    code: &CodeMap,
    mutant: Mutant,
    config: &Config,
    stop: Option<&AtomicBool>,
) -> Result<Option<MutantResult>, MutationError> {
    let mutated = patched(image, &[mutant.patch()], code)?;
    let started = Instant::now();
    let fate = match check(&mutated, config, stop)? {
        Check::Failed(found) => Fate::Killed { found },
        Check::Passed => Fate::Unsettled,
        Check::Interrupted => return Ok(None),
    };
    Ok(Some(MutantResult {
        mutant,
        fate,
        default_wall: started.elapsed(),
        deep_wall: Duration::ZERO,
    }))
}

/// Every survivor of the default run through the deep runs, one after another on all
/// threads; the unmutated image first, when there is a survivor to settle.
fn deep_runs(
    base: &Image,
    code: &CodeMap,
    image: &Image,
    plan: &MutationPlan,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(Stage) + Sync),
    results: &mut [MutantResult],
) -> Result<(), MutationError> {
    let survivors = results.iter().filter(|r| r.fate == Fate::Unsettled).count() as u64;
    if survivors == 0 {
        return Ok(());
    }
    progress(Stage::Deep(0, survivors));
    for config in &plan.deep {
        match check(base, config, stop)? {
            Check::Passed => {}
            Check::Failed(found) => {
                let found = Box::new(found);
                return Err(MutationError::Baseline { deep: true, found });
            }
            Check::Interrupted => return Ok(()),
        }
    }
    let mut done = 0;
    for result in results.iter_mut().filter(|r| r.fate == Fate::Unsettled) {
        let started = Instant::now();
        let mutated = patched(image, &[result.mutant.patch()], code)?;
        result.fate = deep_fate(&mutated, &plan.deep, stop)?;
        result.deep_wall = started.elapsed();
        if result.fate == Fate::Unsettled {
            break;
        }
        done += 1;
        progress(Stage::Deep(done, survivors));
    }
    Ok(())
}

/// A survivor's fate: missed when a deep run fails on it, equivalent when all pass.
fn deep_fate(
    mutated: &Image,
    deep: &[Config],
    stop: Option<&AtomicBool>,
) -> Result<Fate, MutationError> {
    for (deep_run, config) in deep.iter().enumerate() {
        match check(mutated, config, stop)? {
            Check::Passed => {}
            Check::Failed(found) => return Ok(Fate::Missed { found, deep_run }),
            Check::Interrupted => return Ok(Fate::Unsettled),
        }
    }
    Ok(Fate::Equivalent)
}
