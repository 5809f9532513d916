//! Writing a trace as JSON lines: the header, then one line per evaluation and (with detail)
//! per GENMOV as the search makes them, then the result. [`TraceWriter`] streams a running
//! search (it is an observer of the native engine and of a driven image); [`write_trace`]
//! writes a whole [`Trace`].
//!
//! Nothing here runs unless a trace was asked for: a search without a trace has no observer.

use std::io::{self, Write};

use serde::Serialize;

use super::format::{
    FORMAT, GenList, ListEntry, Trace, TraceHeader, TraceResult, VERSION, term_values,
};
use crate::abi::RawEntry;
use crate::abi::search::{self, SearchObserver};
use crate::engine::eval::Terms;
use crate::engine::{EvalRecord, Observer, TraceDigest};
use crate::position::Entry;
use crate::reference::MoveList;

/// The header line's fields, in the order they are written.
#[derive(Serialize)]
struct HeaderLine<'a> {
    format: &'a str,
    version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<&'a str>,
    fen: &'a str,
    moveno: u8,
    plymax: u8,
    r_register: u8,
    boarda: String,
    posk: [u8; 2],
    posq: [u8; 2],
    prev: [u8; 3],
    terms: bool,
    lists: bool,
}

/// The result line's object.
#[derive(Serialize)]
struct ResultFields<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    evaluations: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace_fnv1a64: Option<String>,
}

#[derive(Serialize)]
struct ResultLine<'a> {
    result: ResultFields<'a>,
}

/// Lower-case hex of bytes.
pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The header line (without its newline).
pub fn header_line(header: &TraceHeader) -> String {
    let setup = &header.setup;
    let prev = setup.board.prev;
    let line = HeaderLine {
        format: FORMAT,
        version: VERSION,
        engine: header.engine.as_deref(),
        image: header.image.as_deref(),
        fen: &setup.fen,
        moveno: setup.moveno,
        plymax: setup.plymax,
        r_register: setup.r_register,
        boarda: hex(&setup.board.cells),
        posk: setup.board.posk,
        posq: setup.board.posq,
        prev: [prev.from, prev.to, prev.flags],
        terms: header.terms,
        lists: header.lists,
    };
    serde_json::to_string(&line).expect("the header serialises")
}

/// The result line (without its newline).
pub fn result_line(result: &TraceResult) -> String {
    let line = ResultLine {
        result: ResultFields {
            best: result.best.as_deref(),
            score: result.score,
            evaluations: result.evaluations,
            trace_fnv1a64: result.trace_fnv1a64.map(|d| format!("{d:016x}")),
        },
    };
    serde_json::to_string(&line).expect("the result serialises")
}

/// Writes one evaluation line: `[ply,from,to,valm]`, or with terms
/// `[ply,from,to,valm,brdc,mtrl,ptsl,ptsw1,ptsw2,ptsck]`.
fn write_evaluation<W: Write>(
    out: &mut W,
    record: &EvalRecord,
    terms: Option<[u8; 6]>,
) -> io::Result<()> {
    let EvalRecord {
        ply,
        from,
        to,
        valm,
    } = *record;
    match terms {
        None => writeln!(out, "[{ply},{from},{to},{valm}]"),
        Some([a, b, c, d, e, f]) => {
            writeln!(out, "[{ply},{from},{to},{valm},{a},{b},{c},{d},{e},{f}]")
        }
    }
}

/// Writes one list line: `{"genmov":ply,"entries":[[from,to,flags],...]}`, a hidden second
/// half as `[from,to,flags,"hidden"]`.
fn write_list<W: Write>(
    out: &mut W,
    ply: u8,
    entries: impl Iterator<Item = ListEntry>,
) -> io::Result<()> {
    write!(out, "{{\"genmov\":{ply},\"entries\":[")?;
    for (index, item) in entries.enumerate() {
        let Entry { from, to, flags } = item.entry;
        let comma = if index == 0 { "" } else { "," };
        let mark = if item.hidden { ",\"hidden\"" } else { "" };
        write!(out, "{comma}[{from},{to},{flags}{mark}]")?;
    }
    writeln!(out, "]}}")
}

/// Writes a whole trace: the lists placed among the evaluations where they were made.
pub fn write_trace<W: Write>(trace: &Trace, mut out: W) -> io::Result<W> {
    writeln!(out, "{}", header_line(&trace.header))?;
    let mut lists = trace.lists.iter().peekable();
    let mut write_lists_before = |out: &mut W, at: usize| -> io::Result<()> {
        while let Some(list) = lists.next_if(|list| list.after <= at) {
            write_gen_list(out, list)?;
        }
        Ok(())
    };
    for (index, evaluation) in trace.evaluations.iter().enumerate() {
        write_lists_before(&mut out, index)?;
        write_evaluation(&mut out, &evaluation.record, evaluation.terms)?;
    }
    write_lists_before(&mut out, usize::MAX)?;
    if let Some(result) = &trace.result {
        writeln!(out, "{}", result_line(result))?;
    }
    out.flush()?;
    Ok(out)
}

fn write_gen_list<W: Write>(out: &mut W, list: &GenList) -> io::Result<()> {
    write_list(out, list.ply, list.entries.iter().copied())
}

/// Streams a running search into `W` (give it a buffered writer). It watches the native
/// engine ([`Observer`]) and a driven image ([`SearchObserver`]) alike. It holds nothing that
/// grows with the search: each line goes to `W` as it is made and the digest of the records
/// is computed on the way, so a trace of any size takes the same memory. The first write error
/// is kept and stops the search; [`TraceWriter::finish`] returns it.
pub struct TraceWriter<W: Write> {
    out: W,
    terms: bool,
    lists: bool,
    /// A native record waiting for its terms (they come in the next call).
    pending: Option<EvalRecord>,
    evaluations: u64,
    digest: TraceDigest,
    error: Option<io::Error>,
}

impl<W: Write> TraceWriter<W> {
    /// Writes the header; the evaluation lines carry terms and GENMOV lines are written when
    /// the header says so.
    pub fn new(mut out: W, header: &TraceHeader) -> io::Result<TraceWriter<W>> {
        writeln!(out, "{}", header_line(header))?;
        Ok(TraceWriter {
            out,
            terms: header.terms,
            lists: header.lists,
            pending: None,
            evaluations: 0,
            digest: TraceDigest::new(),
            error: None,
        })
    }

    /// Evaluations written so far.
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// Writes the result line when the search finished (`result`: its best move and score; the
    /// evaluation count and digest are the writer's own) and flushes; the first error of the
    /// whole trace, if any.
    pub fn finish(mut self, result: Option<TraceResult>) -> io::Result<W> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if let Some(result) = result {
            let result = TraceResult {
                evaluations: Some(self.evaluations),
                trace_fnv1a64: Some(self.digest.value()),
                ..result
            };
            writeln!(self.out, "{}", result_line(&result))?;
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn keep(&mut self, written: io::Result<()>) {
        if let Err(error) = written {
            self.error.get_or_insert(error);
        }
    }

    fn evaluation(&mut self, record: &EvalRecord, terms: Option<[u8; 6]>) {
        if self.error.is_none() {
            let written = write_evaluation(&mut self.out, record, terms);
            self.keep(written);
        }
        self.evaluations += 1;
        self.digest.update(record);
    }

    fn list(&mut self, ply: u8, entries: impl Iterator<Item = ListEntry>) {
        if self.lists && self.error.is_none() {
            let written = write_list(&mut self.out, ply, entries);
            self.keep(written);
        }
    }
}

impl<W: Write> Observer for TraceWriter<W> {
    fn on_eval(&mut self, record: &EvalRecord) {
        if self.terms {
            self.pending = Some(*record);
        } else {
            self.evaluation(record, None);
        }
    }

    fn on_terms(&mut self, terms: &Terms) {
        if let Some(record) = self.pending.take() {
            let values = [
                terms.brdc,
                terms.mtrl,
                terms.ptsl,
                terms.ptsw1,
                terms.ptsw2,
                terms.ptsck,
            ];
            self.evaluation(&record, Some(values));
        }
    }

    fn on_genmov(&mut self, ply: u8, list: &MoveList) {
        if self.lists {
            self.list(ply, ListEntry::marked(list.flat_entries()));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.error.is_some()
    }
}

impl<W: Write> SearchObserver for TraceWriter<W> {
    fn on_evaluation(&mut self, e: &search::Evaluation) {
        let record = EvalRecord {
            ply: e.ply,
            from: e.from,
            to: e.to,
            valm: e.valm,
        };
        let terms = if self.terms {
            e.terms.as_ref().map(term_values)
        } else {
            None
        };
        self.evaluation(&record, terms);
    }

    fn on_list(&mut self, ply: u8, entries: &[RawEntry]) {
        let items = entries.iter().map(|raw| ListEntry {
            entry: Entry::new(raw.from, raw.to, raw.flags),
            hidden: raw.hidden,
        });
        self.list(ply, items);
    }

    fn should_stop(&mut self) -> bool {
        self.error.is_some()
    }
}
