//! The lines of a trace, one parser per kind: the header, an evaluation, a GENMOV, the result,
//! and a whole search on one line (`sargon1978/traces.jsonl`). Each returns a message that the
//! reader places at its file and line.

use serde::Deserialize;
use serde_json::Value;

use super::format::{Evaluation, FORMAT, ListEntry, TraceHeader, TraceResult, TraceSetup, VERSION};
use crate::engine::{EvalRecord, MAX_PLYMAX, Setup};
use crate::position::Entry;

/// The setup fields, shared by the header and the one-line form.
#[derive(Deserialize)]
struct SetupIn {
    fen: String,
    plymax: u8,
    moveno: Option<u8>,
    r_register: Option<u8>,
    boarda: Option<String>,
    posk: Option<[u8; 2]>,
    posq: Option<[u8; 2]>,
    prev: Option<[u8; 3]>,
}

#[derive(Deserialize)]
struct HeaderIn {
    format: String,
    version: u64,
    engine: Option<String>,
    image: Option<String>,
    #[serde(flatten)]
    setup: SetupIn,
    terms: Option<bool>,
    lists: Option<bool>,
}

#[derive(Deserialize)]
struct SearchLineIn {
    points_calls: Option<u64>,
    trace_fnv1a64: Option<String>,
    trace: Vec<Vec<u8>>,
    #[serde(flatten)]
    setup: SetupIn,
}

#[derive(Deserialize)]
struct ListIn {
    genmov: u8,
    entries: Vec<Vec<Value>>,
}

#[derive(Deserialize)]
struct ResultFieldsIn {
    best: Option<String>,
    score: Option<u8>,
    evaluations: Option<u64>,
    trace_fnv1a64: Option<String>,
}

#[derive(Deserialize)]
struct ResultIn {
    result: ResultFieldsIn,
}

/// The `index` and `plymax` of a one-line search, for choosing one.
#[derive(Deserialize)]
pub(super) struct SearchKey {
    pub index: Option<u64>,
    pub plymax: Option<u8>,
}

/// What kind of line an object is.
pub(super) enum ObjectLine {
    Header(Box<TraceHeader>),
    List(u8, Vec<ListEntry>),
    Result(TraceResult),
    /// A whole search on one line: its header, evaluations and result.
    Search(Box<(TraceHeader, Vec<Evaluation>, TraceResult)>),
}

/// An object line of any kind, told apart by its key field.
pub(super) fn object(text: &str) -> Result<ObjectLine, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|err| format!("not JSON: {}", json_error(&err)))?;
    let Value::Object(map) = &value else {
        return Err("expected a JSON object or array".into());
    };
    let has = |key: &str| map.contains_key(key);
    let (header_line, search, genmov, result_line) =
        (has("format"), has("trace"), has("genmov"), has("result"));
    if header_line {
        header(fields(value)?)
    } else if search {
        search_line(fields(value)?)
    } else if genmov {
        list(fields(value)?)
    } else if result_line {
        result(fields(value)?)
    } else {
        Err(
            "an object line is the header {\"format\":...}, a GENMOV {\"genmov\":...}, \
             the result {\"result\":...} or a whole search {...,\"trace\":[...]}"
                .into(),
        )
    }
}

/// A JSON error placed by column (the line is the file's, named by the caller).
pub(super) fn json_error(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let message = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(m, _)| m);
    format!("{message} (column {})", err.column())
}

/// The typed fields of an object line.
fn fields<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|err| format!("bad field: {err}"))
}

fn header(header: HeaderIn) -> Result<ObjectLine, String> {
    if header.format != FORMAT {
        return Err(format!("format {:?} is not {FORMAT:?}", header.format));
    }
    if header.version != VERSION {
        return Err(format!(
            "version {} is not known here (this reader reads version {VERSION})",
            header.version
        ));
    }
    Ok(ObjectLine::Header(Box::new(TraceHeader {
        setup: setup(header.setup)?,
        engine: header.engine,
        image: header.image,
        terms: header.terms.unwrap_or(false),
        lists: header.lists.unwrap_or(false),
    })))
}

fn search_line(line: SearchLineIn) -> Result<ObjectLine, String> {
    let terms = line.trace.first().is_some_and(|record| record.len() == 10);
    let header = TraceHeader {
        setup: setup(line.setup)?,
        engine: None,
        image: None,
        terms,
        lists: false,
    };
    let evaluations = (line.trace.iter().enumerate())
        .map(|(index, numbers)| {
            evaluation_of(numbers, terms).map_err(|err| format!("trace record {index}: {err}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let result = TraceResult {
        best: None,
        score: None,
        evaluations: line.points_calls,
        trace_fnv1a64: line.trace_fnv1a64.as_deref().map(digest).transpose()?,
    };
    Ok(ObjectLine::Search(Box::new((header, evaluations, result))))
}

fn list(list: ListIn) -> Result<ObjectLine, String> {
    let entries = (list.entries.iter().enumerate())
        .map(|(index, entry)| list_entry(entry).map_err(|err| format!("entry {index}: {err}")))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(ObjectLine::List(list.genmov, ListEntry::mark(entries)))
}

/// `[from, to, flags]` or `[from, to, flags, "hidden"]`; the mark is recomputed from the
/// flags, so it is checked for form only.
fn list_entry(values: &[Value]) -> Result<Entry, String> {
    let byte = |value: &Value| value.as_u64().and_then(|n| u8::try_from(n).ok());
    let bytes: Option<Vec<u8>> = values.iter().take(3).map(byte).collect();
    match (bytes.as_deref(), values.get(3)) {
        (Some(&[from, to, flags]), None) if values.len() == 3 => Ok(Entry::new(from, to, flags)),
        (Some(&[from, to, flags]), Some(Value::String(mark)))
            if mark == "hidden" && values.len() == 4 =>
        {
            Ok(Entry::new(from, to, flags))
        }
        _ => Err("an entry is [from, to, flags] of bytes, or [from, to, flags, \"hidden\"]".into()),
    }
}

fn result(line: ResultIn) -> Result<ObjectLine, String> {
    let fields = line.result;
    Ok(ObjectLine::Result(TraceResult {
        best: fields.best,
        score: fields.score,
        evaluations: fields.evaluations,
        trace_fnv1a64: fields.trace_fnv1a64.as_deref().map(digest).transpose()?,
    }))
}

fn digest(text: &str) -> Result<u64, String> {
    match u64::from_str_radix(text, 16) {
        Ok(value) if text.len() == 16 => Ok(value),
        _ => Err(format!("trace_fnv1a64 {text:?} is not 16 hex digits")),
    }
}

/// An evaluation line: `[ply, from, to, valm]`, or ten numbers with the terms.
pub(super) fn evaluation(text: &str, terms: bool) -> Result<Evaluation, String> {
    let numbers: Vec<u8> = serde_json::from_str(text).map_err(|err| {
        let hint = term_hint(terms);
        format!(
            "an evaluation is an array of bytes [ply, from, to, valm{hint}]: {}",
            json_error(&err)
        )
    })?;
    evaluation_of(&numbers, terms)
}

fn term_hint(terms: bool) -> &'static str {
    if terms {
        ", brdc, mtrl, ptsl, ptsw1, ptsw2, ptsck"
    } else {
        ""
    }
}

fn evaluation_of(numbers: &[u8], terms: bool) -> Result<Evaluation, String> {
    let want = if terms { 10 } else { 4 };
    if numbers.len() != want {
        let why = if terms {
            "ten, as the header says \"terms\": true: [ply, from, to, valm, brdc, mtrl, ptsl, ptsw1, ptsw2, ptsck]"
        } else {
            "four: [ply, from, to, valm] (ten with \"terms\": true in the header)"
        };
        return Err(format!(
            "an evaluation has {} numbers, expected {why}",
            numbers.len()
        ));
    }
    let record = EvalRecord {
        ply: numbers[0],
        from: numbers[1],
        to: numbers[2],
        valm: numbers[3],
    };
    let terms = terms.then(|| {
        let mut values = [0; 6];
        values.copy_from_slice(&numbers[4..10]);
        values
    });
    Ok(Evaluation { record, terms })
}

/// The setup from its fields: the FEN's as `sargon1978/README.md` sets it up, then whatever
/// the line gives exactly (MOVENO, BOARDA with POSK and POSQ, the previous-move entry).
fn setup(fields: SetupIn) -> Result<TraceSetup, String> {
    if fields.plymax > MAX_PLYMAX {
        return Err(format!(
            "plymax {} is beyond the 1978 tables (0..={MAX_PLYMAX})",
            fields.plymax
        ));
    }
    let mut setup = Setup::from_fen(&fields.fen).map_err(|err| err.to_string())?;
    if let Some(moveno) = fields.moveno {
        setup.moveno = moveno;
    }
    let board = &mut setup.board;
    match (&fields.boarda, fields.posk, fields.posq) {
        (None, None, None) => {}
        (Some(boarda), Some(posk), Some(posq)) => {
            board.cells = cells(boarda)?;
            board.posk = posk;
            board.posq = posq;
        }
        _ => return Err("boarda, posk and posq go together: give all three or none".into()),
    }
    if let Some([from, to, flags]) = fields.prev {
        board.prev = Entry::new(from, to, flags);
    }
    if !board.is_well_formed() {
        return Err(
            "boarda and posk do not make a board (border cells, piece bytes, a king on each posk)"
                .into(),
        );
    }
    Ok(TraceSetup {
        fen: fields.fen,
        board: *board,
        moveno: setup.moveno,
        plymax: fields.plymax,
        r_register: fields.r_register.unwrap_or(0),
    })
}

/// 120 bytes from 240 hex digits.
fn cells(hex: &str) -> Result<[u8; 120], String> {
    let bad = || {
        format!(
            "boarda is 240 hex digits (120 bytes), got {} characters",
            hex.len()
        )
    };
    if hex.len() != 240 || !hex.is_ascii() {
        return Err(bad());
    }
    let mut cells = [0; 120];
    for (index, cell) in cells.iter_mut().enumerate() {
        *cell = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16).map_err(|_| bad())?;
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluation_lines_take_four_or_ten_bytes() {
        let e = evaluation("[1,22,43,122]", false).unwrap();
        assert_eq!(
            e.record,
            EvalRecord {
                ply: 1,
                from: 22,
                to: 43,
                valm: 122
            }
        );
        assert_eq!(e.terms, None);
        let e = evaluation(" [1,22,43,122,244,0,0,0,0,0] ", true).unwrap();
        assert_eq!(e.terms, Some([244, 0, 0, 0, 0, 0]));
        let error = evaluation("[1,22,43]", false).unwrap_err();
        assert!(
            error.starts_with("an evaluation has 3 numbers, expected four"),
            "{error}"
        );
        let error = evaluation("[1,22,43,300]", false).unwrap_err();
        assert!(error.contains("array of bytes"), "{error}");
        assert!(
            evaluation("[1,22,43,122]", true)
                .unwrap_err()
                .contains("ten")
        );
    }

    #[test]
    fn list_entries_keep_their_bytes_and_recompute_the_mark() {
        let Ok(ObjectLine::List(2, entries)) =
            object(r#"{"genmov":2,"entries":[[25,27,80],[28,26,16,"hidden"],[22,43,16]]}"#)
        else {
            panic!("a list line");
        };
        let hidden: Vec<bool> = entries.iter().map(|e| e.hidden).collect();
        assert_eq!(hidden, [false, true, false]);
        assert_eq!(entries[1].entry, Entry::new(28, 26, 16));
        let error = object(r#"{"genmov":2,"entries":[[25,27,80,"x"]]}"#)
            .err()
            .unwrap();
        assert!(error.starts_with("entry 0: an entry is"), "{error}");
    }

    #[test]
    fn headers_check_format_version_and_board() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let line = format!(r#"{{"format":"sargon-trace","version":1,"fen":"{start}","plymax":2}}"#);
        let Ok(ObjectLine::Header(header)) = object(&line) else {
            panic!("a header");
        };
        assert_eq!(header.setup.moveno, 2);
        assert_eq!(header.setup.board, crate::position::Board::startpos());
        let line = line.replace("\"version\":1", "\"version\":2");
        assert!(
            object(&line)
                .err()
                .unwrap()
                .starts_with("version 2 is not known")
        );
        let line = format!(
            r#"{{"format":"sargon-trace","version":1,"fen":"{start}","plymax":2,"posk":[25,95]}}"#
        );
        assert!(
            object(&line)
                .err()
                .unwrap()
                .starts_with("boarda, posk and posq go together")
        );
    }
}
