//! `think --engine z80`: FNDMOV of the built-in image or of `--rom/--sym`.

use std::time::Instant;

use sargon_z80::abi::search::{
    Evaluation, FullList, SearchDriveError, SearchDriver, SearchObserver, SearchOptions,
    SearchRequest,
};
use sargon_z80::engine::{EvalRecord, Setup, TraceDigest};
use sargon_z80::game::Overflow;
use sargon_z80::reference::{Move, sargon_line};

use super::ThinkArgs;
use super::report::{Counts, Hardware, Report, Result78, report};
use super::stopped::{self, Interrupted};
use super::trace::{self, Tee};

/// Digests the evaluation records as `sargon1978/` does, and stops the search at Ctrl-C
/// (polled between slices of the run too, so a runaway image stops as well).
#[derive(Default)]
struct Digest(TraceDigest);

impl SearchObserver for Digest {
    fn on_evaluation(&mut self, e: &Evaluation) {
        self.0.update(&EvalRecord {
            ply: e.ply,
            from: e.from,
            to: e.to,
            valm: e.valm,
        });
    }

    fn should_stop(&mut self) -> bool {
        stopped::asked()
    }

    /// A list that reached the end of the image's area ends the search only when the node's
    /// moves did not all fit, as the native engine counts them.
    fn on_list_full(&mut self, full: &FullList) -> bool {
        Overflow::at(full).is_some()
    }
}

/// Searches on the emulated machine.
pub fn think(args: &ThinkArgs, setup: &Setup) -> anyhow::Result<Report> {
    let image = args.image.load()?;
    let mut driver = SearchDriver::new(&image)?;
    let request = SearchRequest {
        board: setup.board,
        moveno: setup.moveno,
        plymax: args.ply,
        r_register: args.r_register,
    };
    let options = SearchOptions {
        pv: true,
        lists: args.trace_detail,
    };
    let mut digest = Digest::default();
    let start = Instant::now();
    let emulated = trace::Engine {
        name: "z80",
        image: Some(args.image.describe()),
        terms: driver.symbols().terms.is_some(),
    };
    let outcome = match trace::open(args, setup, emulated)? {
        None => driver.search(&request, options, &mut digest),
        Some(sink) => sink.run(
            |writer| driver.search(&request, options, &mut Tee(&mut digest, writer)),
            |run| {
                let best = run
                    .best
                    .map(|pair| Move::sargon(pair.entry, pair.second).uci());
                trace::result(best, run.score)
            },
        )?,
    };
    let run = outcome.map_err(|error| failed(args, error))?;
    let wall = start.elapsed();
    let best = run.best.map(|pair| Move::sargon(pair.entry, pair.second));
    let best_is_legal =
        best.is_some_and(|mv| sargon_line(&setup.board, [(mv.entry, mv.second)]).len() == 1);
    let answer = Result78 {
        best,
        best_is_legal,
        score: run.score,
        pv: sargon_line(&setup.board, run.pv.iter().map(|p| (p.entry, p.second))),
        book: run.book,
        plymax_after: run.plymax_after,
        posq_after: run.posq_after,
        pmate: run.pmate.unwrap_or(0),
        trace_fnv1a64: digest.0.value(),
    };
    let counts = Counts {
        evaluations: run.evaluations,
        nodes: Some(run.nodes),
        genmov_calls: run.genmov_calls,
        list_peak: None,
        anomalies: None,
    };
    let mut report = report(setup, args.ply, "z80", &answer, counts, wall);
    report.image = Some(args.image.describe());
    report.hardware = Some(Hardware::new(run.cost, wall, &args.mhz));
    Ok(report)
}

/// The search's error: where it stood when Ctrl-C stopped it, or the image's failure, named
/// (a move list that overflowed in the native engine's words).
fn failed(args: &ThinkArgs, error: SearchDriveError) -> anyhow::Error {
    let could_not = || format!("{} could not search", args.image.describe());
    match error {
        SearchDriveError::ListFull(full) => match Overflow::at(&full) {
            Some(overflow) => anyhow::anyhow!("{overflow}").context(could_not()),
            None => anyhow::Error::new(SearchDriveError::ListFull(full)).context(could_not()),
        },
        SearchDriveError::Aborted {
            evaluations,
            nodes,
            best,
            ..
        } => Interrupted {
            evaluations,
            nodes,
            best: best.map(|pair| Move::sargon(pair.entry, pair.second)),
        }
        .into(),
        error => anyhow::Error::new(error).context(could_not()),
    }
}
