//! The native engine's section: Sargon's evaluation and search in Rust, the fast path a user
//! picks for analysis. Evaluations per second of the evaluation alone, and whole searches of
//! the start position and Kiwipete at PLYMAX 4 and 5 ([`crate::engine::speed`]'s cases, the
//! same as `benches/engine.rs`), the searches taking turns within every repetition; and in a
//! full run the analysis of a middlegame at PLYMAX 7, 8 and 9 with a list as large as each
//! level needs (the 1978 program's 341 entries give out at 8), one search each.

use std::fmt::Write;
use std::time::Duration;

use serde::Serialize;

use crate::engine::Engine;
use crate::engine::MLIST_1978_CAPACITY;
use crate::engine::speed::{
    ANALYSIS_CASES, SPEED_CASES, SpeedCase, time_analysis, time_evaluations, time_search,
};
use crate::text::{Quantity, TextTable, grouped};

use super::plan::Plan;
use super::stats::{Spread, Timed, interleaved};

/// The evaluation alone on one position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvaluationSpeed {
    /// The position's name.
    pub position: String,
    /// PINFND + POINTS per second.
    pub evaluations_per_second: Spread,
}

/// One whole search.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchSpeed {
    /// The position's name.
    pub position: String,
    /// PLYMAX.
    pub plymax: u8,
    /// POINTS calls of the search (the same every run).
    pub evaluations: u64,
    /// MOVE calls of the search.
    pub nodes: u64,
    /// Wall time of one search.
    pub seconds: Spread,
    /// Evaluations per second over the whole search, its overhead included.
    pub evaluations_per_second: Spread,
}

/// One level of the analysis past the 1978 list, searched once.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnalysisSpeed {
    /// The position's name.
    pub position: String,
    /// PLYMAX.
    pub plymax: u8,
    /// POINTS calls.
    pub evaluations: u64,
    /// MOVE calls.
    pub nodes: u64,
    /// The most list entries the path held (the 1978 list holds 341).
    pub list_peak: usize,
    /// Wall time of the search.
    pub seconds: f64,
}

/// The native engine's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineSection {
    /// The evaluation alone, start position and Kiwipete.
    pub evaluation: Vec<EvaluationSpeed>,
    /// The searches.
    pub searches: Vec<SearchSpeed>,
    /// The analysis past the 1978 list (none in a quick run).
    pub analysis: Vec<AnalysisSpeed>,
}

/// The cases a plan times: all four, or PLYMAX 4 only in a quick run.
fn cases(plan: &Plan) -> Vec<SpeedCase> {
    SPEED_CASES
        .into_iter()
        .filter(|case| case.plymax <= plan.engine_plymax)
        .collect()
}

/// Measures the evaluation and the searches, each kind taking turns within a repetition.
pub(super) fn measure(plan: &Plan) -> EngineSection {
    let positions = [SPEED_CASES[0], SPEED_CASES[2]];
    let eval_samples = interleaved(plan.reps, 1, positions.len(), |i| {
        let setup = positions[i].setup();
        let mut total = Timed::default();
        // Batches of 1,000 until the slice has passed: a clock read per batch, not per call.
        while total.seconds < plan.slice.as_secs_f64() * 5.0 {
            let (count, elapsed): (u32, Duration) = time_evaluations(&setup, 1_000);
            total.work += u64::from(count);
            total.seconds += elapsed.as_secs_f64();
        }
        total
    });
    let evaluation = positions
        .iter()
        .zip(&eval_samples)
        .map(|(case, samples)| EvaluationSpeed {
            position: case.name.to_string(),
            evaluations_per_second: Timed::rates(samples),
        })
        .collect();
    let cases = cases(plan);
    let mut engine = Engine::new();
    let mut last = vec![None; cases.len()];
    let samples = interleaved(plan.reps, 1, cases.len(), |i| {
        let sample =
            time_search(&mut engine, &cases[i]).expect("the speed cases fit the 1978 list");
        last[i] = Some(sample);
        Timed {
            work: sample.evaluations,
            seconds: sample.elapsed.as_secs_f64(),
        }
    });
    let searches = cases
        .iter()
        .zip(&samples)
        .zip(&last)
        .map(|((case, s), sample)| {
            let sample = sample.expect("every case ran at least once");
            SearchSpeed {
                position: case.name.to_string(),
                plymax: case.plymax,
                evaluations: sample.evaluations,
                nodes: sample.nodes,
                seconds: Timed::seconds(s),
                evaluations_per_second: Timed::rates(s),
            }
        })
        .collect();
    EngineSection {
        evaluation,
        searches,
        analysis: analysis(plan, &mut engine),
    }
}

/// The analysis levels of the plan, each searched once.
fn analysis(plan: &Plan, engine: &mut Engine) -> Vec<AnalysisSpeed> {
    let cases = ANALYSIS_CASES
        .into_iter()
        .filter(|case| plan.analysis_plymax.contains(&case.plymax));
    cases
        .map(|case| {
            let sample = time_analysis(engine, &case).expect("an unbounded list never overflows");
            AnalysisSpeed {
                position: case.name.to_string(),
                plymax: case.plymax,
                evaluations: sample.evaluations,
                nodes: sample.nodes,
                list_peak: sample.list_peak,
                seconds: sample.elapsed.as_secs_f64(),
            }
        })
        .collect()
}

impl EngineSection {
    /// The details table: per search its size, time and evaluation rate.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut table =
            TextTable::new(&["search", "evaluations", "nodes", "time", "evaluations/s"])
                .right(&[1, 2, 3, 4]);
        for e in &self.evaluation {
            table.row(vec![
                format!("{}, evaluation alone", e.position),
                String::new(),
                String::new(),
                String::new(),
                e.evaluations_per_second.text(Quantity::Rate("")),
            ]);
        }
        for r in &self.searches {
            table.row(vec![
                format!("{}, PLYMAX {}", r.position, r.plymax),
                grouped(r.evaluations),
                grouped(r.nodes),
                r.seconds.text(Quantity::Seconds),
                r.evaluations_per_second.text(Quantity::Rate("")),
            ]);
        }
        for r in &self.analysis {
            let beyond = if r.list_peak > MLIST_1978_CAPACITY {
                format!(" (list {}, past 1978)", grouped(r.list_peak as u64))
            } else {
                String::new()
            };
            table.row(vec![
                format!("{}, PLYMAX {}{beyond}", r.position, r.plymax),
                grouped(r.evaluations),
                grouped(r.nodes),
                crate::text::duration(std::time::Duration::from_secs_f64(r.seconds)),
                grouped((r.evaluations as f64 / r.seconds.max(1e-9)) as u64),
            ]);
        }
        let _ = write!(
            s,
            "\nNative engine: Sargon's evaluation and search in Rust\n{}",
            table.render()
        );
    }
}
