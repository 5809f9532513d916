//! `think --trace FILE [--trace-detail]`: the search's evaluations (and with detail every
//! GENMOV's list and every evaluation's terms) written as a trace while it runs.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;

use sargon_z80::abi::RawEntry;
use sargon_z80::abi::search::{Evaluation, FullList, SearchObserver};
use sargon_z80::engine::Setup;
use sargon_z80::files::{Outputs, Stream, path_text};
use sargon_z80::trace::{TraceHeader, TraceResult, TraceSetup, TraceWriter};

use super::ThinkArgs;
use super::report::fen_of;

/// The writer a search reports to: each line goes through a buffer to a temporary file
/// beside the target as the search makes it (memory stays flat however long the trace), and
/// the file is renamed into place at the end, so no old file is half-replaced.
pub type Writer = TraceWriter<Stream>;

/// A trace file to be written.
pub struct TraceSink {
    path: PathBuf,
    inputs: Vec<(PathBuf, String)>,
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
        inputs: args.image.inputs(),
        header,
    };
    let mut outputs = sink.with_inputs();
    outputs.output(path, Vec::new());
    outputs.check()?;
    Ok(Some(sink))
}

impl TraceSink {
    /// No outputs yet, the image's files declared as inputs.
    fn with_inputs(&self) -> Outputs {
        let mut outputs = Outputs::new();
        for (input, role) in &self.inputs {
            outputs.input(input, role);
        }
        outputs
    }

    /// Runs `search` with the trace writer watching, writes the result line when it answered
    /// (`result` of its answer) and puts the file in place, finished or not; after Ctrl-C no
    /// trace is written (the temporary file is removed, an old file stays as it was).
    pub fn run<T, E>(
        self,
        search: impl FnOnce(&mut Writer) -> Result<T, E>,
        result: impl FnOnce(&T) -> TraceResult,
    ) -> anyhow::Result<Result<T, E>> {
        let target = path_text(&self.path);
        let stream = self.with_inputs().stream(&self.path)?;
        let mut writer = TraceWriter::new(stream, &self.header)
            .with_context(|| format!("cannot write {target}"))?;
        let outcome = search(&mut writer);
        if outcome.is_err() && super::stopped::asked() {
            drop(writer);
            return Ok(outcome);
        }
        let evaluations = writer.evaluations();
        let answer = outcome.as_ref().ok().map(result);
        let finished = answer.is_some();
        let stream = writer
            .finish(answer)
            .with_context(|| format!("cannot write {target}"))?;
        stream.commit()?;
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

    /// The first decides (the trace writer has no count of its own).
    fn on_list_full(&mut self, full: &FullList) -> bool {
        self.0.on_list_full(full)
    }
}
