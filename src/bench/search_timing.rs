//! The emulated search timed: the same search of the start position run as a user runs it
//! (every evaluation watched for the stop poll), unwatched, watched with every evaluation
//! recorded, natively, and in a second image when the user names one; the runs take turns
//! within every repetition.

use std::time::Instant;

use serde::Serialize;

use crate::abi::search::{
    Evaluation, SearchDriver, SearchObserver, SearchOptions, SearchRequest, SearchRun,
};
use crate::engine::{Engine, SearchParams, Setup};
use crate::machine::Image;

use super::BenchError;
use super::plan::Plan;
use super::search_cost::{START_1978, Search1978, run_search};
use super::stats::{Spread, Timed, interleaved, time_for};

/// Keeps every evaluation of a search, as a tool that shows or diffs the trace does; its room
/// is reserved before the search, so nothing is allocated per evaluation.
struct Recorder {
    records: Vec<Evaluation>,
}

impl SearchObserver for Recorder {
    fn on_evaluation(&mut self, evaluation: &Evaluation) {
        self.records.push(*evaluation);
    }
}

/// The second image's search, timed beside the built-in one's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OtherSearch {
    /// The image's name.
    pub name: String,
    /// FNDMOV's T-states in it.
    pub tstates: u64,
    /// True when they are the 1978 program's on this search: the image is the 1978 program.
    pub is_1978: bool,
    /// Emulated T-states per second.
    pub tstates_per_second: Spread,
    /// The native search's speed over this image's emulated search, repetition by repetition.
    pub native_speedup: Spread,
}

/// The timed searches' figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchTiming {
    /// The position's name.
    pub position: String,
    /// PLYMAX.
    pub plymax: u8,
    /// FNDMOV's T-states in the built-in image.
    pub tstates: u64,
    /// The 1978 program's T-states on the same search.
    pub tstates_1978: u64,
    /// Its evaluations.
    pub evaluations: u64,
    /// Emulated T-states per second of the search as a user runs it.
    pub tstates_per_second: Spread,
    /// Wall time of one such search.
    pub seconds: Spread,
    /// The search with every evaluation recorded over the same search unwatched: a time ratio.
    pub watch_overhead: Spread,
    /// Wall time of one native search of the same tree.
    pub native_seconds: Spread,
    /// The native search's speed over the emulated one's, repetition by repetition.
    pub native_speedup: Spread,
    /// The second image's search, when one was given and has the search symbols.
    pub other: Option<OtherSearch>,
    /// Why the second image's search was not timed, when one was given but could not be.
    pub other_error: Option<String>,
    /// True when that was because it ran away (runaway code: the machine's error).
    pub other_ran_away: bool,
}

impl SearchTiming {
    /// The machine's error when the second image's search ran away.
    pub fn other_runaway(&self) -> Option<String> {
        self.other_error.clone().filter(|_| self.other_ran_away)
    }
}

/// The runs, in turn order.
const OWN: usize = 0;
const UNWATCHED: usize = 1;
const RECORDED: usize = 2;
const NATIVE: usize = 3;
const OTHER: usize = 4;

/// Times the start position's search at the plan's PLYMAX in the built-in image (`ours`) and in
/// `other` when given.
pub(super) fn measure(
    plan: &Plan,
    ours: &Image,
    other: Option<(&str, &Image)>,
) -> Result<SearchTiming, BenchError> {
    let case = START_1978[usize::from(plan.search_plymax) - 1];
    let request = case.request();
    let mut own = SearchDriver::new(ours)?;
    let first = run_search(&mut own, &request)?;
    let mut recorder = Recorder {
        records: Vec::with_capacity(first.evaluations as usize),
    };
    let setup = Setup::from_fen(case.fen).expect("the bench FENs are valid");
    let params = SearchParams::new(case.plymax);
    let mut engine = Engine::new();
    let (mut theirs, other_failed) = other_driver(other, &request);
    let other_ran_away = other_failed.as_ref().is_some_and(|(_, e)| e.is_runaway());
    let other_error = other_failed.map(|(name, error)| format!("{name}: {error}"));
    let runs = if theirs.is_some() { OTHER + 1 } else { OTHER };
    let samples = interleaved(plan.reps, plan.search_slices, runs, |run| match run {
        OWN => timed(|| run_search(&mut own, &request).map(|_| ())),
        UNWATCHED => timed(|| {
            let mut machine = own.prepare(&request);
            machine.call(own.symbols().fndmov).map(|_| ())
        }),
        RECORDED => timed(|| {
            recorder.records.clear();
            own.search(&request, SearchOptions::default(), &mut recorder)
                .map(|_| ())
        }),
        NATIVE => time_for(plan.slice, || {
            engine
                .run(&setup, &params)
                .expect("the start position searches")
        }),
        _ => {
            let o = theirs.as_mut().expect("a second image");
            timed(|| run_search(&mut o.driver, &request).map(|_| ()))
        }
    });
    assert_eq!(recorder.records.len() as u64, first.evaluations);
    Ok(figures(
        &case,
        &first,
        &samples,
        theirs,
        (other_error, other_ran_away),
    ))
}

/// The figures of the runs' samples (indexed by run: [`OWN`] ... [`OTHER`]); `first` is the
/// built-in image's first search.
fn figures(
    case: &Search1978,
    first: &SearchRun,
    samples: &[Vec<Timed>],
    theirs: Option<Other>,
    (other_error, other_ran_away): (Option<String>, bool),
) -> SearchTiming {
    let tstates = first.cost.tstates as f64;
    SearchTiming {
        position: case.name.to_string(),
        plymax: case.plymax,
        tstates: first.cost.tstates,
        tstates_1978: case.tstates,
        evaluations: first.evaluations,
        tstates_per_second: Timed::rates(&samples[OWN]).scaled(tstates),
        seconds: Timed::rates(&samples[OWN]).inverse(),
        watch_overhead: Timed::paired_ratios(&samples[UNWATCHED], &samples[RECORDED]),
        native_seconds: Timed::rates(&samples[NATIVE]).inverse(),
        native_speedup: Timed::paired_ratios(&samples[NATIVE], &samples[OWN]),
        other: theirs.map(|o| OtherSearch {
            name: o.name,
            tstates: o.tstates,
            is_1978: o.tstates == case.tstates,
            tstates_per_second: Timed::rates(&samples[OTHER]).scaled(o.tstates as f64),
            native_speedup: Timed::paired_ratios(&samples[NATIVE], &samples[OTHER]),
        }),
        other_error,
        other_ran_away,
    }
}

/// Times one search; a search that failed once the first run had passed is a broken image
/// or machine, not a figure.
fn timed<E: std::fmt::Debug>(search: impl FnOnce() -> Result<(), E>) -> Timed {
    let started = Instant::now();
    search().expect("the search answered when it was first run");
    Timed {
        work: 1,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The second image ready to search.
struct Other {
    driver: SearchDriver,
    name: String,
    /// The search's T-states in it.
    tstates: u64,
}

/// The second image's driver after a first run of the search, or why there is none.
fn other_driver(
    other: Option<(&str, &Image)>,
    request: &SearchRequest,
) -> (Option<Other>, Option<(String, BenchError)>) {
    let Some((name, image)) = other else {
        return (None, None);
    };
    let first = SearchDriver::new(image)
        .map_err(BenchError::from)
        .and_then(|mut driver| run_search(&mut driver, request).map(|run| (driver, run)));
    match first {
        Ok((driver, run)) => {
            let other = Other {
                driver,
                name: name.to_string(),
                tstates: run.cost.tstates,
            };
            (Some(other), None)
        }
        Err(error) => (None, Some((name.to_string(), error))),
    }
}
