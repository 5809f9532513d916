//! `think --engine native`.

use std::time::Instant;

use anyhow::Context;

use sargon_z80::engine::{Engine, SearchParams, Setup};

use super::report::{Counts, Report, Result78, report};
use super::{ThinkArgs, list_capacity};

/// Searches natively.
pub fn think(args: &ThinkArgs, setup: &Setup) -> anyhow::Result<Report> {
    let params = SearchParams {
        plymax: args.ply,
        r_register: args.r_register,
        list_capacity: list_capacity(args),
    };
    let start = Instant::now();
    let result = Engine::new()
        .run(setup, &params)
        .context("the search gave no answer")?;
    let wall = start.elapsed();
    let answer = Result78 {
        best: result.best,
        best_is_legal: result.best_is_legal,
        score: result.score,
        pv: result.pv.as_slice().to_vec(),
        book: result.book,
        plymax_after: result.plymax_after,
        posq_after: result.posq_after,
        pmate: result.pmate,
        trace_fnv1a64: result.trace_fnv1a64,
    };
    let counts = Counts {
        evaluations: result.evaluations,
        nodes: Some(result.nodes),
        genmov_calls: result.genmov_calls,
        list_peak: Some(result.list_peak),
        anomalies: (!result.anomalies.is_empty()).then(|| result.anomalies.to_string()),
    };
    Ok(report(setup, args.ply, "native", &answer, counts, wall))
}
