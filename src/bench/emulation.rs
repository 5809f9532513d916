//! Emulation speed: the engines compared on a workload (the mixed loop and GENMOV), the
//! figures drawn from their samples, and their table.

use std::fmt::Write;

use serde::Serialize;

use crate::machine::{Image, Machine};
use crate::position::Board;
use crate::text::{Quantity, TextTable, grouped};

use super::BenchError;
use super::bare::BareIz80;
use super::genmov::GenmovWorkload;
use super::mixed_loop::{MIXED_LOOP_ORG, MIXED_LOOP_STEADY, mixed_loop_machine};
use super::plan::{Plan, SLICES};
use super::positions::KIWIPETE_FEN;
use super::search_cost::START_1978;
use super::search_workload::SearchWorkload;
use super::stats::{Spread, Timed, interleaved, time_for};

/// The name of the search workload, whose rows are `emulation.tracing_off.search` and
/// `emulation.tracing_on.search`.
pub const SEARCH_WORKLOAD: &str = "search";

/// The engines, in the order their samples are given: bare iz80 (the yardstick), the machine
/// with tracing off, the machine's untraced loop called directly (no tracing code), the machine
/// with tracing on.
pub const ENGINES: [&str; 4] = [
    "bare iz80",
    "exact timing, tracing off",
    "exact timing, no tracing code",
    "exact timing, tracing on",
];

/// One engine's speed on an emulation workload.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineSpeed {
    /// One of [`ENGINES`].
    pub engine: String,
    /// Exact T-states emulated per second.
    pub tstates_per_second: Spread,
    /// Instructions per second.
    pub instructions_per_second: Spread,
    /// Its speed over bare iz80's, repetition by repetition (1.0 for bare iz80 itself).
    pub vs_bare: Spread,
}

/// An emulation workload and the engines run on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EmulationWorkload {
    /// Its name.
    pub workload: String,
    /// Exact T-states per call.
    pub tstates_per_call: u64,
    /// Instructions per call.
    pub instructions_per_call: u64,
    /// In the order of [`ENGINES`].
    pub engines: Vec<EngineSpeed>,
    /// The extra time of exact timing with tracing off over the same loop with no tracing
    /// code, repetition by repetition (negative: tracing off was the faster).
    pub tracing_off_extra: Spread,
}

impl EmulationWorkload {
    /// The figures of a workload whose every call costs `tstates` and `instructions`, from
    /// interleaved samples of calls, one sample list per engine in the order of [`ENGINES`].
    pub fn from_samples(
        name: &str,
        samples: &[Vec<Timed>; 4],
        tstates: u64,
        instructions: u64,
    ) -> EmulationWorkload {
        let engines = ENGINES
            .iter()
            .zip(samples)
            .map(|(engine, s)| {
                let calls_per_second = Timed::rates(s);
                EngineSpeed {
                    engine: engine.to_string(),
                    tstates_per_second: calls_per_second.scaled(tstates as f64),
                    instructions_per_second: calls_per_second.scaled(instructions as f64),
                    vs_bare: Timed::paired_ratios(s, &samples[0]),
                }
            })
            .collect();
        let untraced_over_off = Timed::paired_ratios(&samples[2], &samples[1]);
        EmulationWorkload {
            workload: name.to_string(),
            tstates_per_call: tstates,
            instructions_per_call: instructions,
            engines,
            tracing_off_extra: Spread {
                median: untraced_over_off.median - 1.0,
                min: untraced_over_off.min - 1.0,
                max: untraced_over_off.max - 1.0,
            },
        }
    }
}

/// The samples of the four engines, as [`interleaved`] gave them for `ENGINES.len()` runs.
fn engine_samples(samples: Vec<Vec<Timed>>) -> [Vec<Timed>; 4] {
    samples.try_into().expect("one sample list per engine")
}

/// The four engines on the mixed loop, each past its first call.
pub(super) fn measure_mixed_loop(plan: &Plan) -> EmulationWorkload {
    let warmed = |tracing: bool| -> Machine {
        let mut machine = mixed_loop_machine();
        machine
            .call(MIXED_LOOP_ORG)
            .expect("the mixed loop returns");
        machine.set_tracing(tracing);
        machine
    };
    let mut bare = BareIz80::from_machine(&warmed(false));
    let (mut exact, mut untraced, mut traced) = (warmed(false), warmed(false), warmed(true));
    let t = plan.slice;
    let call = |m: &mut Machine| m.call(MIXED_LOOP_ORG).expect("the mixed loop returns");
    let samples = interleaved(plan.reps, SLICES, ENGINES.len(), |engine| match engine {
        0 => time_for(t, || bare.call(MIXED_LOOP_ORG)),
        1 => time_for(t, || call(&mut exact)),
        2 => time_for(t, || {
            untraced
                .call_untraced(MIXED_LOOP_ORG)
                .expect("the mixed loop returns")
        }),
        _ => time_for(t, || call(&mut traced)),
    });
    let (tstates, instructions) = MIXED_LOOP_STEADY;
    EmulationWorkload::from_samples(
        "mixed loop",
        &engine_samples(samples),
        tstates,
        instructions,
    )
}

/// The four engines on GENMOV for Kiwipete in `image`.
pub(super) fn measure_genmov(plan: &Plan, image: &Image) -> Result<EmulationWorkload, BenchError> {
    let board = Board::from_fen(KIWIPETE_FEN).expect("the bench FENs are valid");
    let workload = || GenmovWorkload::new(image, &board);
    let (mut bare, mut exact, mut untraced, mut traced) =
        (workload()?, workload()?, workload()?, workload()?);
    traced.machine_mut().set_tracing(true);
    let cost = exact.cost();
    let t = plan.slice;
    let samples = interleaved(plan.reps, SLICES, ENGINES.len(), |engine| match engine {
        0 => time_for(t, || bare.call_bare()),
        1 => time_for(t, || exact.call()),
        2 => time_for(t, || untraced.call_untraced()),
        _ => time_for(t, || traced.call()),
    });
    Ok(EmulationWorkload::from_samples(
        "GENMOV Kiwipete",
        &engine_samples(samples),
        cost.tstates,
        cost.instructions,
    ))
}

/// The four engines on FNDMOV of `image` on the start position at the plan's PLYMAX, one
/// search per turn.
pub(super) fn measure_search(plan: &Plan, image: &Image) -> Result<EmulationWorkload, BenchError> {
    let request = START_1978[usize::from(plan.search_plymax) - 1].request();
    let mut workload = SearchWorkload::new(image, &request)?;
    let samples = interleaved(
        plan.reps,
        plan.search_slices,
        ENGINES.len(),
        |engine| match engine {
            0 => workload.call_bare(),
            1 => workload.call(false),
            2 => workload.call_untraced(),
            _ => workload.call(true),
        },
    );
    let cost = workload.cost();
    Ok(EmulationWorkload::from_samples(
        SEARCH_WORKLOAD,
        &engine_samples(samples),
        cost.tstates,
        cost.instructions,
    ))
}

/// The emulation table: per workload (a heading line with its cost per call) its engines'
/// speeds and their time over bare iz80's.
pub(super) fn write_text(workloads: &[EmulationWorkload], s: &mut String) {
    let mut table = TextTable::new(&["engine", "T-states/s", "instructions/s", "time vs bare"])
        .right(&[1, 2, 3]);
    for w in workloads {
        table.heading(&format!(
            "  {}: {} T, {} instructions per call",
            w.workload,
            grouped(w.tstates_per_call),
            grouped(w.instructions_per_call)
        ));
        for e in &w.engines {
            table.row(vec![
                e.engine.clone(),
                e.tstates_per_second.text(Quantity::Rate("")),
                e.instructions_per_second.text(Quantity::Rate("")),
                e.vs_bare.inverse().text(Quantity::Ratio),
            ]);
        }
    }
    let _ = write!(
        s,
        "\nEmulation: the project's machine against bare iz80 on the same code\n{}",
        table.render()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(work: u64, seconds: f64) -> Timed {
        Timed { work, seconds }
    }

    #[test]
    fn figures_from_samples() {
        let samples = [
            vec![timed(10, 1.0), timed(20, 1.0)],
            vec![timed(8, 1.0), timed(10, 1.0)],
            vec![timed(8, 1.0), timed(11, 1.0)],
            vec![timed(5, 1.0), timed(10, 1.0)],
        ];
        let w = EmulationWorkload::from_samples("loop", &samples, 100, 10);
        let off = &w.engines[1];
        assert_eq!(off.engine, "exact timing, tracing off");
        assert_eq!(off.tstates_per_second.median, 900.0);
        assert_eq!(off.instructions_per_second.max, 100.0);
        assert_eq!((off.vs_bare.min, off.vs_bare.max), (0.5, 0.8));
        assert_eq!(w.engines[0].vs_bare.median, 1.0);
        assert_eq!(w.tracing_off_extra.min, 0.0);
        assert!((w.tracing_off_extra.max - 0.1).abs() < 1e-12);
    }
}
