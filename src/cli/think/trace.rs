//! `think --trace FILE [--trace-detail]`: the search's evaluations (and with detail every
//! GENMOV's list and every evaluation's terms) written as a trace while it runs.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;

use sargon_z80::abi::RawEntry;
use sargon_z80::abi::search::{Evaluation, SearchObserver};
use sargon_z80::engine::Setup;
use sargon_z80::files::Outputs;
use sargon_z80::trace::{TraceHeader, TraceResult, TraceSetup, TraceWriter};

use super::ThinkArgs;
use super::report::fen_of;

/// The writer a search reports to: the trace is kept in memory (tens of bytes per evaluation)
/// and written once, beside its target and renamed into place, so no old file is half-replaced.
pub type Writer<'a> = TraceWriter<&'a mut Vec<u8>>;

/// A trace file to be written.
pub struct TraceSink {
    path: PathBuf,
    inputs: Vec<(PathBuf, &'static str)>,
    header: TraceHeader,
}

/// Who searched, for the header.
pub struct Engine {
    /// "native" or "z80".
    pub name: &'static str,
    /// The image, for an emulated search.
    pub image: Option<String>,
    /// True when the evaluation's terms can be read (always natively; when the image names
    /// BRDC..PTSCK otherwise).
    pub terms: bool,
}

/// The trace file of `--trace`, when asked for (never one of the image files).
pub fn open(args: &ThinkArgs, setup: &Setup, engine: Engine) -> anyhow::Result<Option<TraceSink>> {
    let Some(path) = &args.trace else {
        return Ok(None);
    };
    let roles = [
        (&args.image.rom, "the image"),
        (&args.image.sym, "the symbol file"),
    ];
    let inputs = roles
        .into_iter()
        .filter_map(|(path, role)| path.clone().map(|p| (p, role)))
        .collect();
    if args.trace_detail && !engine.terms {
        note("trace: the image names no BRDC, MTRL, PTSL, PTSW1, PTSW2, PTSCK: no terms traced");
    }
    let header = TraceHeader {
        setup: TraceSetup::new(fen_of(setup), setup, args.ply, args.r_register),
        engine: Some(engine.name.to_string()),
        image: engine.image,
        terms: args.trace_detail && engine.terms,
        lists: args.trace_detail,
    };
    let sink = TraceSink {
        path: path.clone(),
        inputs,
        header,
    };
    sink.outputs(Vec::new()).check()?;
    Ok(Some(sink))
}

impl TraceSink {
    /// The trace file as the one output of a command with the image's files as inputs.
    fn outputs(&self, bytes: Vec<u8>) -> Outputs {
        let mut outputs = Outputs::new();
        for (input, role) in &self.inputs {
            outputs.input(input, role);
        }
        outputs.output(&self.path, bytes);
        outputs
    }

    /// Runs `search` with the trace writer watching, writes the result line when it answered
    /// (`result` of its answer) and puts the file in place, finished or not.
    pub fn run<T, E>(
        self,
        search: impl FnOnce(&mut Writer<'_>) -> Result<T, E>,
        result: impl FnOnce(&T) -> TraceResult,
    ) -> anyhow::Result<Result<T, E>> {
        let target = self.path.display().to_string();
        let mut bytes = Vec::new();
        let mut writer = TraceWriter::new(&mut bytes, &self.header)
            .with_context(|| format!("cannot write {target}"))?;
        let outcome = search(&mut writer);
        let evaluations = writer.evaluations();
        let answer = outcome.as_ref().ok().map(result);
        let finished = answer.is_some();
        writer
            .finish(answer)
            .with_context(|| format!("cannot write {target}"))?;
        self.outputs(bytes).commit()?;
        if !finished {
            note(&format!(
                "trace: {evaluations} evaluations written to {target} (no result line: the search did not finish)"
            ));
        }
        Ok(outcome)
    }
}

/// The result line of an answer.
pub fn result(best: Option<String>, score: u8) -> TraceResult {
    TraceResult {
        best,
        score: Some(score),
        ..TraceResult::default()
    }
}

/// Writes `text` to stderr, ignoring a closed stream (a note, not the command's output).
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Two observers of a driven search, both told everything.
pub struct Tee<'a, A, B>(pub &'a mut A, pub &'a mut B);

impl<A: SearchObserver, B: SearchObserver> SearchObserver for Tee<'_, A, B> {
    fn on_evaluation(&mut self, evaluation: &Evaluation) {
        self.0.on_evaluation(evaluation);
        self.1.on_evaluation(evaluation);
    }

    fn on_list(&mut self, ply: u8, entries: &[RawEntry]) {
        self.0.on_list(ply, entries);
        self.1.on_list(ply, entries);
    }

    fn should_stop(&mut self) -> bool {
        self.0.should_stop() | self.1.should_stop()
    }
}
