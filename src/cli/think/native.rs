//! `think --engine native`.

use std::time::Instant;

use anyhow::Context;

use sargon_z80::engine::{Engine, NoObserver, SearchError, SearchParams, Setup};

use super::report::{Counts, Report, Result78, report};
use super::stopped::{Interrupted, OrCtrlC};
use super::{ThinkArgs, list_capacity, trace};

/// Searches natively.
pub fn think(args: &ThinkArgs, setup: &Setup) -> anyhow::Result<Report> {
    let params = SearchParams {
        plymax: args.ply,
        r_register: args.r_register,
        list_capacity: list_capacity(args),
    };
    let start = Instant::now();
    let mut engine = Engine::new();
    let native = trace::Engine {
        name: "native",
        image: None,
        terms: true,
    };
    let outcome = match trace::open(args, setup, native)? {
        None => engine.search(setup, &params, &mut OrCtrlC(&mut NoObserver)),
        Some(sink) => sink.run(
            |writer| engine.search(setup, &params, &mut OrCtrlC(writer)),
            |r| trace::result(r.best.map(|mv| mv.uci()), r.score),
        )?,
    };
    if let Err(SearchError::Aborted(partial)) = outcome {
        return Err(Interrupted {
            evaluations: partial.evaluations,
            nodes: partial.nodes,
            best: partial.best,
        }
        .into());
    }
    let result = outcome.context("the search gave no answer")?;
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
