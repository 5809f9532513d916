//! The Jupiter III's figures: the same search as `think`'s, run as a whole program free on the
//! Jupiter III, timed in turns with `think`'s call and the machine's bare call loop; and a
//! paced run's clock against wall time.
//!
//! The whole program is the search's memory as the search driver prepares it, with a driver
//! of three instructions at [`SEARCH_PROGRAM_AT`] that calls FNDMOV and returns to the monitor
//! (or calls it again and again, for the paced run). The Jupiter III follows the search through
//! FNDMOV and BESTM and counts its T-states; the measure checks they are `think`'s.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::abi::search::{SearchDriver, SearchRequest};
use crate::jupiter::{Jupiter, Options, Pacer, Pause};
use crate::machine::{Image, SymbolTable};

use super::BenchError;
use super::plan::Plan;
use super::search_cost::{START_1978, run_search};
use super::stats::{Spread, Timed, interleaved};

/// Where the whole program's driver goes: above the search's memory and the video memory,
/// below the previous-move entry at 0FF00H.
pub const SEARCH_PROGRAM_AT: u16 = 0xE000;

/// The clock a paced run is held to, in MHz: the Jupiter III's.
pub const PACED_MHZ: f64 = 4.0;

/// The search of `request` in `image` as a whole program for the Jupiter III: the memory the
/// search driver prepares, up to a driver at [`SEARCH_PROGRAM_AT`] named DRIVER that calls
/// FNDMOV and returns to the monitor (`RST 38H`, `1FH`), or with `forever` calls it again and
/// again.
pub fn search_program(
    image: &Image,
    request: &SearchRequest,
    forever: bool,
) -> Result<Image, BenchError> {
    let driver = SearchDriver::new(image)?;
    let machine = driver.prepare(request);
    let at = usize::from(SEARCH_PROGRAM_AT);
    let [low, high] = driver.symbols().fndmov.to_le_bytes();
    let mut bytes = machine.memory()[..at].to_vec();
    bytes.extend([0xCD, low, high]);
    bytes.extend(if forever { [0x18, 0xFB] } else { [0xFF, 0x1F] });
    let mut symbols: SymbolTable = image.symbols.clone();
    symbols.insert("DRIVER", SEARCH_PROGRAM_AT);
    Ok(Image::new(bytes, 0, symbols).expect("57 KiB at 0 fit"))
}

/// What the Jupiter III measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JupiterTiming {
    /// The searched position's name.
    pub position: String,
    /// PLYMAX.
    pub plymax: u8,
    /// The search's T-states as the Jupiter III counted them (`think`'s, checked).
    pub tstates: u64,
    /// Wall time of the whole program.
    pub seconds: Spread,
    /// The whole program's time over `think`'s call of FNDMOV, in turns.
    pub vs_think: Spread,
    /// The whole program's time over the machine's bare call of FNDMOV (no watch), in turns.
    pub vs_call: Spread,
    /// The chosen clock of the paced run, in MHz.
    pub paced_mhz: f64,
    /// The paced run's wall time.
    pub paced_seconds: f64,
    /// The clock the paced run kept: its T-states over its wall time, in T-states per second.
    pub paced_rate: f64,
}

/// The runs, in turn order.
const THINK: usize = 0;
const CALL: usize = 1;
const WHOLE: usize = 2;

/// Times the start position's search at the plan's PLYMAX three ways, then the paced run.
pub(super) fn measure(plan: &Plan, ours: &Image) -> Result<JupiterTiming, BenchError> {
    let case = START_1978[usize::from(plan.search_plymax) - 1];
    let request = case.request();
    let mut driver = SearchDriver::new(ours)?;
    let think = run_search(&mut driver, &request)?.cost;
    let program = search_program(ours, &request, false)?;
    let options = Options {
        entry: SEARCH_PROGRAM_AT,
        seed: 0,
    };
    let whole = run_whole(&program, options)?;
    if whole != think.tstates {
        return Err(BenchError::JupiterCost {
            whole,
            think: think.tstates,
        });
    }
    let samples = interleaved(plan.reps, plan.search_slices, 3, |run| match run {
        THINK => timed(|| run_search(&mut driver, &request).map(|_| ())),
        CALL => timed(|| {
            let mut machine = driver.prepare(&request);
            machine.call(driver.symbols().fndmov).map(|_| ())
        }),
        _ => timed(|| run_whole(&program, options).map(|_| ())),
    });
    let (paced_seconds, paced_rate) = paced(ours, &request, plan.pace_window)?;
    Ok(JupiterTiming {
        position: case.name.to_string(),
        plymax: case.plymax,
        tstates: whole,
        seconds: Timed::rates(&samples[WHOLE]).inverse(),
        vs_think: Timed::paired_ratios(&samples[THINK], &samples[WHOLE]),
        vs_call: Timed::paired_ratios(&samples[CALL], &samples[WHOLE]),
        paced_mhz: PACED_MHZ,
        paced_seconds,
        paced_rate,
    })
}

/// Runs the whole program to its return to the monitor: its one search's T-states.
fn run_whole(program: &Image, options: Options) -> Result<u64, BenchError> {
    let mut jupiter = Jupiter::new(program, options)?;
    match jupiter.run(u64::MAX)? {
        Pause::Ended(_) => {}
        pause => unreachable!("the search program only ends, it paused: {pause:?}"),
    }
    Ok(jupiter.searches().first()[0].cost.tstates)
}

/// Times one run; a run that failed once the first had passed is a broken machine.
fn timed<E: std::fmt::Debug>(run: impl FnOnce() -> Result<(), E>) -> Timed {
    let started = Instant::now();
    run().expect("the run succeeded when it was first made");
    Timed {
        work: 1,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// Runs the search again and again for `window` at [`PACED_MHZ`]: the wall time it took and
/// the clock it kept (T-states per second of wall time).
fn paced(
    ours: &Image,
    request: &SearchRequest,
    window: Duration,
) -> Result<(f64, f64), BenchError> {
    let program = search_program(ours, request, true)?;
    let options = Options {
        entry: SEARCH_PROGRAM_AT,
        seed: 0,
    };
    let mut jupiter = Jupiter::new(&program, options)?;
    let limit = (window.as_secs_f64() * PACED_MHZ * 1e6) as u64;
    let started = Instant::now();
    let mut pacer = Pacer::new(PACED_MHZ, 0, started);
    while jupiter.clock().tstates < limit {
        pacer.run(
            &mut jupiter,
            limit,
            Instant::now() + Duration::from_millis(100),
        )?;
    }
    let seconds = started.elapsed().as_secs_f64();
    Ok((seconds, jupiter.clock().tstates as f64 / seconds))
}
