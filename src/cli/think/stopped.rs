//! Ctrl-C during `think`: the search stops at once (whatever the image does), no trace is
//! written (its temporary file goes, an old file stays as it was), and a few short lines say
//! what was interrupted and where before the exit status 130.

use std::sync::atomic::Ordering;

use serde::Serialize;

use sargon_z80::engine::eval::Terms;
use sargon_z80::engine::{EvalRecord, Observer};
use sargon_z80::files::path_text;
use sargon_z80::reference::{Move, MoveList};
use sargon_z80::text::grouped;

use super::ThinkArgs;
use crate::cli::interrupt;
use crate::cli::output::outln;

/// A search that Ctrl-C stopped, where it stood: the error the engines' searches turn into,
/// which `think` reports as its summary.
#[derive(Debug, thiserror::Error)]
#[error("the search was interrupted")]
pub struct Interrupted {
    /// Evaluations made.
    pub evaluations: u64,
    /// Moves made.
    pub nodes: u64,
    /// The best of the ply-1 moves finished, if any.
    pub best: Option<Move>,
}

/// True once Ctrl-C was pressed: what a search polls.
pub fn asked() -> bool {
    interrupt::stop_flag().load(Ordering::Relaxed)
}

/// The summary, as text or as the one JSON object of `--json`; the exit status 130.
pub fn report(args: &ThinkArgs, stopped: &Interrupted) -> anyhow::Result<i32> {
    let best = stopped.best.map(|mv| mv.uci());
    let trace = args.trace.as_ref().map(|path| {
        let name = path_text(path);
        match path.exists() {
            true => format!("no trace was written: {name} is as it was"),
            false => format!("no trace was written: {name} was not made"),
        }
    });
    if args.json {
        #[derive(Serialize)]
        struct Summary<'a> {
            interrupted: bool,
            plymax: u8,
            evaluations: u64,
            nodes: u64,
            best_so_far: Option<String>,
            trace: Option<&'a str>,
        }
        let summary = Summary {
            interrupted: true,
            plymax: args.ply,
            evaluations: stopped.evaluations,
            nodes: stopped.nodes,
            best_so_far: best,
            trace: args.trace.as_ref().map(|_| "not written"),
        };
        outln!("{}", serde_json::to_string_pretty(&summary)?)?;
    } else {
        outln!(
            "think: interrupted at PLYMAX {} after {} evaluations and {} moves made",
            args.ply,
            grouped(stopped.evaluations),
            grouped(stopped.nodes)
        )?;
        if let Some(best) = best {
            outln!("best so far: {best}")?;
        }
        if let Some(trace) = trace {
            outln!("{trace}")?;
        }
    }
    Ok(crate::cli::exit::INTERRUPTED)
}

/// A native search's observer that also stops at Ctrl-C.
pub struct OrCtrlC<'a, O>(pub &'a mut O);

impl<O: Observer> Observer for OrCtrlC<'_, O> {
    fn on_eval(&mut self, record: &EvalRecord) {
        self.0.on_eval(record);
    }

    fn on_terms(&mut self, terms: &Terms) {
        self.0.on_terms(terms);
    }

    fn on_genmov(&mut self, ply: u8, list: &MoveList) {
        self.0.on_genmov(ply, list);
    }

    fn on_descend(&mut self, ply: u8, mv: &Move) {
        self.0.on_descend(ply, mv);
    }

    fn on_improve(&mut self, ply: u8, mv: Option<&Move>, score: u8) {
        self.0.on_improve(ply, mv, score);
    }

    fn should_stop(&mut self) -> bool {
        asked() || self.0.should_stop()
    }

    fn should_stop_after(&mut self, nodes: u64) -> bool {
        asked() || self.0.should_stop_after(nodes)
    }
}
