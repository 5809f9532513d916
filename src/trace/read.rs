//! Reading a trace: a `sargon-trace` file (a header line, then evaluation, GENMOV and result
//! lines), or one search of a file with a whole search per line (`sargon1978/traces.jsonl`).
//! Every problem names the file and the line and quotes the line's start.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};

use super::error::TraceError;
use super::format::{Evaluation, GenList, ListEntry, Trace, TraceHeader, TraceResult};
use super::parse::{ObjectLine, SearchKey, evaluation, json_error, object};
use super::source::{Selector, TraceSource};

pub use super::limits::{MAX_LINE_BYTES, MAX_READ_BYTES, MAX_TRACE_BYTES};

/// Lines of a file, numbered from 1, each at most [`MAX_LINE_BYTES`], blank ones skipped, at
/// most [`MAX_READ_BYTES`] in all.
struct Lines<R> {
    reader: R,
    file: String,
    number: usize,
    buffer: Vec<u8>,
    /// Bytes read so far.
    read: u64,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R, file: &str) -> Lines<R> {
        Lines {
            reader,
            file: file.to_string(),
            number: 0,
            buffer: Vec::new(),
            read: 0,
        }
    }

    fn io(&self, cause: std::io::Error) -> TraceError {
        TraceError::Io {
            file: self.file.clone(),
            cause,
        }
    }

    /// Consumes white space up to the next line with text, whole buffers at a time, counting
    /// the lines it ends.
    fn skip_blank(&mut self) -> Result<(), TraceError> {
        loop {
            let file = &self.file;
            let buffer = self.reader.fill_buf().map_err(|cause| TraceError::Io {
                file: file.clone(),
                cause,
            })?;
            let blank = buffer
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            let ends = buffer[..blank].iter().filter(|&&b| b == b'\n').count();
            let more = blank == buffer.len() && blank > 0;
            self.reader.consume(blank);
            self.number += ends;
            self.read += blank as u64;
            self.check_read()?;
            if !more {
                return Ok(());
            }
        }
    }

    /// The error once more than [`MAX_READ_BYTES`] were read.
    fn check_read(&self) -> Result<(), TraceError> {
        if self.read <= MAX_READ_BYTES {
            return Ok(());
        }
        Err(TraceError::TooLong {
            file: self.file.clone(),
            line: self.number + 1,
        })
    }

    /// The next non-blank line and its number.
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, TraceError> {
        loop {
            self.skip_blank()?;
            self.buffer.clear();
            self.number += 1;
            let read = (&mut self.reader)
                .take(MAX_LINE_BYTES + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(|cause| self.io(cause))?;
            if read == 0 {
                return Ok(None);
            }
            self.read += read as u64;
            self.check_read()?;
            if self.buffer.len() as u64 > MAX_LINE_BYTES {
                let start = String::from_utf8_lossy(&self.buffer[..80]).into_owned();
                let message = format!(
                    "a line longer than {} MiB, the longest a trace line may be",
                    MAX_LINE_BYTES >> 20
                );
                return Err(TraceError::malformed(
                    &self.file,
                    self.number,
                    &start,
                    message,
                ));
            }
            let text = std::str::from_utf8(&self.buffer).map_err(|err| {
                let shown = &self.buffer[..self.buffer.len().min(160)];
                let start = String::from_utf8_lossy(shown).into_owned();
                let message = format!("not UTF-8 text ({err})");
                TraceError::malformed(&self.file, self.number, &start, message)
            })?;
            if !text.trim().is_empty() {
                let text = std::str::from_utf8(&self.buffer).expect("checked above");
                return Ok(Some((self.number, text.trim())));
            }
        }
    }

    fn error(&self, line: usize, text: &str, message: impl Into<String>) -> TraceError {
        TraceError::malformed(&self.file, line, text, message)
    }
}

/// Reads the trace a source names.
pub fn read_trace(source: &TraceSource) -> Result<Trace, TraceError> {
    let file = source.file_name();
    let opened = File::open(&source.path).map_err(|cause| TraceError::Io {
        file: file.clone(),
        cause,
    })?;
    parse_trace(BufReader::new(opened), &file, source.selector)
}

/// Reads a trace from text; `file` names it in errors.
pub fn parse_trace<R: BufRead>(
    reader: R,
    file: &str,
    selector: Option<Selector>,
) -> Result<Trace, TraceError> {
    let mut lines = Lines::new(reader, file);
    let Some((number, text)) = lines.next_line()? else {
        return Err(TraceError::Selection {
            file: file.to_string(),
            message: "the file is empty: a trace starts with its header line".into(),
        });
    };
    let text = &text.to_string();
    let first = if text.starts_with('{') {
        object(text).map_err(|message| lines.error(number, text, message))?
    } else {
        let message = "a trace starts with its header {\"format\":\"sargon-trace\",...} \
                       (or is one search per line {...,\"trace\":[...]})";
        return Err(lines.error(number, text, message));
    };
    match first {
        ObjectLine::Header(header) => {
            if let Some(selector) = selector {
                return Err(TraceError::Selection {
                    file: file.to_string(),
                    message: format!(
                        "a sargon-trace file holds one search; drop the selector {}",
                        describe(selector)
                    ),
                });
            }
            read_body(&mut lines, *header)
        }
        ObjectLine::Search(_) => {
            let first_text = text.to_string();
            choose(&mut lines, (number, first_text), selector)
        }
        _ => Err(lines.error(
            number,
            text,
            "the first line must be the header {\"format\":\"sargon-trace\",...}",
        )),
    }
}

/// The lines after the header.
fn read_body<R: BufRead>(lines: &mut Lines<R>, header: TraceHeader) -> Result<Trace, TraceError> {
    let mut trace = Trace {
        header,
        evaluations: Vec::new(),
        lists: Vec::new(),
        result: None,
    };
    let mut held = Held::default();
    while let Some((number, text)) = lines.next_line()? {
        let text = text.to_string();
        if trace.result.is_some() {
            return Err(lines.error(number, &text, "nothing may follow the result line"));
        }
        if text.starts_with('[') {
            let e = evaluation(&text, trace.header.terms)
                .map_err(|message| lines.error(number, &text, message))?;
            trace.evaluations.push(e);
            held.check(&trace, 0, lines, number)?;
            continue;
        }
        match object(&text).map_err(|message| lines.error(number, &text, message))? {
            ObjectLine::List(ply, entries) if trace.header.lists => {
                let added = entries.capacity() * size_of::<ListEntry>();
                trace.lists.push(GenList {
                    ply,
                    entries,
                    after: trace.evaluations.len(),
                });
                held.check(&trace, added, lines, number)?;
            }
            ObjectLine::List(..) => {
                let message = "a GENMOV line, but the header does not say \"lists\": true";
                return Err(lines.error(number, &text, message));
            }
            ObjectLine::Result(result) => {
                check_result(&trace, &result).map_err(|m| lines.error(number, &text, m))?;
                trace.result = Some(result);
            }
            ObjectLine::Header(_) | ObjectLine::Search(_) => {
                let message = "a second header: a sargon-trace file holds one search";
                return Err(lines.error(number, &text, message));
            }
        }
    }
    Ok(trace)
}

/// The heap a trace being read takes: its vectors as allocated, and every list's entries.
#[derive(Default)]
struct Held {
    entries: usize,
}

impl Held {
    /// Counts `added` bytes of list entries and refuses a trace past [`MAX_TRACE_BYTES`].
    fn check<R>(
        &mut self,
        trace: &Trace,
        added: usize,
        lines: &Lines<R>,
        number: usize,
    ) -> Result<(), TraceError> {
        self.entries += added;
        let bytes = trace.evaluations.capacity() * size_of::<Evaluation>()
            + trace.lists.capacity() * size_of::<GenList>()
            + self.entries;
        if bytes <= MAX_TRACE_BYTES {
            return Ok(());
        }
        Err(TraceError::TooLarge {
            file: lines.file.clone(),
            line: number,
            evaluations: trace.evaluations.len(),
            lists: trace.lists.len(),
        })
    }
}

/// The result's counts against the evaluations read.
fn check_result(trace: &Trace, result: &TraceResult) -> Result<(), String> {
    let read = trace.evaluations.len() as u64;
    if let Some(count) = result.evaluations.filter(|&count| count != read) {
        return Err(format!(
            "the result counts {count} evaluations, the file has {read} evaluation lines"
        ));
    }
    let digest = trace.digest();
    if let Some(said) = result.trace_fnv1a64.filter(|&said| said != digest) {
        return Err(format!(
            "the result's trace_fnv1a64 {said:016x} is not the records' digest {digest:016x}"
        ));
    }
    Ok(())
}

/// A line's number and its keys, for choosing one search of many.
struct Keyed {
    number: usize,
    index: Option<u64>,
    plymax: Option<u8>,
}

/// What a file of searches offers, for the message when the choice is missing or wrong: kept
/// as counts and ranges, so a file of any length costs the same.
#[derive(Default)]
struct Offer {
    searches: usize,
    indices: Option<(u64, u64)>,
    plymaxes: std::collections::BTreeSet<u8>,
}

impl Offer {
    fn add(&mut self, key: &Keyed) {
        self.searches += 1;
        if let Some(index) = key.index {
            let (low, high) = self.indices.unwrap_or((index, index));
            self.indices = Some((low.min(index), high.max(index)));
        }
        self.plymaxes.extend(key.plymax);
    }
}

/// The search of a one-search-per-line file the selector chooses. The file is read once, keys
/// only, keeping the text of the lines that match.
fn choose<R: BufRead>(
    lines: &mut Lines<R>,
    first: (usize, String),
    selector: Option<Selector>,
) -> Result<Trace, TraceError> {
    let matches = |key: &Keyed| match selector {
        None => true,
        Some(Selector::Line(line)) => key.number == line,
        Some(Selector::Index { index, plymax }) => {
            key.index == Some(index) && (plymax.is_none() || key.plymax == plymax)
        }
    };
    let mut offer = Offer::default();
    let mut chosen: Vec<(usize, String)> = Vec::new();
    let mut current = Some(first);
    loop {
        let (number, text) = match current.take() {
            Some(line) => line,
            None => match lines.next_line()? {
                Some((number, text)) => (number, text.to_string()),
                None => break,
            },
        };
        let key: SearchKey = serde_json::from_str(&text).map_err(|err| {
            let message = format!(
                "not a search line {{index, fen, plymax, ..., trace}}: {}",
                json_error(&err)
            );
            lines.error(number, &text, message)
        })?;
        let keyed = Keyed {
            number,
            index: key.index,
            plymax: key.plymax,
        };
        if matches(&keyed) && chosen.len() < 2 {
            chosen.push((number, text));
        }
        offer.add(&keyed);
    }
    match chosen.as_slice() {
        [(number, text)] => search_at(lines, *number, text),
        [] => Err(selection_error(&lines.file, selector, &offer, "no search")),
        _ => Err(selection_error(
            &lines.file,
            selector,
            &offer,
            "more than one search",
        )),
    }
}

/// A whole search on one line, as a trace.
fn search_at<R: BufRead>(lines: &Lines<R>, number: usize, text: &str) -> Result<Trace, TraceError> {
    let Ok(ObjectLine::Search(search)) = object(text) else {
        let message = object(text)
            .err()
            .unwrap_or_else(|| "not a search line".into());
        return Err(lines.error(number, text, message));
    };
    let (header, evaluations, result) = *search;
    let trace = Trace {
        header,
        evaluations,
        lists: Vec::new(),
        result: None,
    };
    check_result(&trace, &result).map_err(|message| lines.error(number, text, message))?;
    Ok(Trace {
        result: Some(result),
        ..trace
    })
}

/// What to write instead, with the choices the file offers.
fn selection_error(
    file: &str,
    selector: Option<Selector>,
    offer: &Offer,
    what: &str,
) -> TraceError {
    let plymax: Vec<String> = offer.plymaxes.iter().map(u8::to_string).collect();
    let range = match offer.indices {
        Some((low, high)) => format!("INDEX {low}..={high}, PLYMAX {}", plymax.join(" or ")),
        None => "no index fields".to_string(),
    };
    let searches = offer.searches;
    let start = match selector {
        None => format!("the file holds {searches} searches, one per line"),
        Some(selector) => format!(
            "{what} for {} among its {searches} searches",
            describe(selector)
        ),
    };
    TraceError::Selection {
        file: file.to_string(),
        message: format!("{start}: choose one as {file}#INDEX:PLYMAX ({range}) or {file}#lLINE"),
    }
}

/// A selector as written.
fn describe(selector: Selector) -> String {
    match selector {
        Selector::Line(line) => format!("#l{line}"),
        Selector::Index {
            index,
            plymax: None,
        } => format!("#{index}"),
        Selector::Index {
            index,
            plymax: Some(plymax),
        } => format!("#{index}:{plymax}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_are_skipped_and_counted() {
        let text = "\n  \r\n[1,2]\n\n\t \n  [3,4]  \n";
        let mut lines = Lines::new(text.as_bytes(), "t.jsonl");
        assert_eq!(lines.next_line().unwrap(), Some((3, "[1,2]")));
        assert_eq!(lines.next_line().unwrap(), Some((6, "[3,4]")));
        assert_eq!(lines.next_line().unwrap(), None);
        assert_eq!(lines.read, text.len() as u64);
    }

    #[test]
    fn input_without_end_is_read_up_to_the_limit() {
        let endless = std::io::BufReader::new(std::io::repeat(b'\n'));
        let mut lines = Lines::new(endless, "blank");
        let error = lines.next_line().unwrap_err();
        assert_eq!(lines.read, MAX_READ_BYTES + 8192);
        assert!(
            error
                .to_string()
                .starts_with("blank:1073750017: more than 1024 MiB read"),
            "{error}"
        );
    }
}
