//! `think --trace FILE [--trace-detail]`: the search's evaluations (and with detail every
//! GENMOV's list and every evaluation's terms) written as a trace while it runs.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use anyhow::Context;

use sargon_z80::abi::RawEntry;
use sargon_z80::abi::search::{Evaluation, SearchObserver};
use sargon_z80::engine::Setup;
use sargon_z80::trace::{TraceHeader, TraceResult, TraceSetup, TraceWriter};

use super::super::output_file::{OutputFile, note};
use super::ThinkArgs;
use super::report::fen_of;

/// The writer a search reports to.
pub type Writer<'a> = TraceWriter<&'a mut BufWriter<File>>;

/// A trace file being written.
pub struct TraceSink {
    file: OutputFile,
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
    let inputs: Vec<&Path> = [&args.image.rom, &args.image.sym]
        .into_iter()
        .flatten()
        .map(|p| p.as_path())
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
    Ok(Some(TraceSink {
        file: OutputFile::create(path, &inputs)?,
        header,
    }))
}

impl TraceSink {
    /// Runs `search` with the trace writer watching, writes the result line when it answered
    /// (`result` of its answer) and puts the file in place, finished or not.
    pub fn run<T, E>(
        mut self,
        search: impl FnOnce(&mut Writer<'_>) -> Result<T, E>,
        result: impl FnOnce(&T) -> TraceResult,
    ) -> anyhow::Result<Result<T, E>> {
        let target = self.file.target().display().to_string();
        let mut writer = TraceWriter::new(self.file.writer(), &self.header)
            .with_context(|| format!("cannot write {target}"))?;
        let outcome = search(&mut writer);
        let evaluations = writer.evaluations();
        let answer = outcome.as_ref().ok().map(result);
        let finished = answer.is_some();
        writer
            .finish(answer)
            .with_context(|| format!("cannot write {target}"))?;
        self.file.commit()?;
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
