//! Trace files: real traces of the native engine (with and without detail, with and without
//! their result line) mutated, long runs of one character, escape sequences and NUL bytes, and
//! arbitrary text, read as `trace-diff` reads them. A trace read is written back and read again to the same trace, and compared
//! with the original (the native engine placing the difference); a refused one gets an error
//! naming the line whose every quote is short and escaped.

use proptest::prelude::*;
use sargon_z80::engine::{Engine, SearchParams, Setup};
use sargon_z80::trace::{
    TraceHeader, TraceResult, TraceSetup, TraceWriter, diverge, parse_trace, write_trace,
};

use crate::{FENS, fuzz, mutated, outcome};

/// The trace of a native search of `fen` at `plymax`, detailed or not.
fn native_trace(fen: &str, plymax: u8, detail: bool) -> String {
    let setup = Setup::from_fen(fen).unwrap();
    let header = TraceHeader {
        setup: TraceSetup::new(fen.to_string(), &setup, plymax, 0),
        engine: Some("native".into()),
        image: None,
        terms: detail,
        lists: detail,
    };
    let mut writer = TraceWriter::new(Vec::new(), &header).unwrap();
    let result = Engine::new()
        .search(&setup, &SearchParams::new(plymax), &mut writer)
        .unwrap();
    let answer = TraceResult {
        best: result.best.map(|mv| mv.uci()),
        score: Some(result.score),
        ..TraceResult::default()
    };
    String::from_utf8(writer.finish(Some(answer)).unwrap()).unwrap()
}

/// A change of one whole line of a trace.
#[derive(Debug, Clone)]
pub enum LineEdit {
    Record(usize, Vec<u8>),
    Double(usize),
    Drop(usize),
}

fn line_edit() -> impl Strategy<Value = LineEdit> {
    let record = prop_oneof![
        prop::collection::vec(any::<u8>(), 4),
        prop::collection::vec(any::<u8>(), 10),
        prop::collection::vec(0u8..4, 4),
    ];
    prop_oneof![
        3 => (any::<usize>(), record).prop_map(|(at, bytes)| LineEdit::Record(at, bytes)),
        1 => any::<usize>().prop_map(LineEdit::Double),
        1 => any::<usize>().prop_map(LineEdit::Drop),
    ]
}

/// `text` with its lines changed (never the header, line 0).
fn edit_lines(text: &str, edits: &[LineEdit]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for edit in edits {
        let at = |i: usize| 1 + i % (lines.len() - 1).max(1);
        match edit {
            LineEdit::Record(i, bytes) => {
                let i = at(*i).min(lines.len() - 1);
                let numbers: Vec<String> = bytes.iter().map(u8::to_string).collect();
                lines[i] = format!("[{}]", numbers.join(","));
            }
            LineEdit::Double(i) => {
                let i = at(*i).min(lines.len() - 1);
                lines.insert(i, lines[i].clone());
            }
            LineEdit::Drop(i) if lines.len() > 1 => {
                let i = at(*i).min(lines.len() - 1);
                lines.remove(i);
            }
            LineEdit::Drop(_) => {}
        }
    }
    lines.join("\n")
}

/// Every line of an error is short and carries no control character.
pub fn check_message(message: &str, longest: usize) {
    for line in message.lines() {
        assert!(
            !line.contains(char::is_control),
            "a control character reaches the terminal: {line:?}"
        );
        assert!(
            line.chars().count() <= longest,
            "a line of {} characters: {line:.200}",
            line.len()
        );
    }
}

#[test]
fn trace_text() {
    let valid: Vec<String> = [(1, 2, true), (2, 1, false), (0, 2, false), (3, 1, true)]
        .iter()
        .map(|&(fen, plymax, detail)| native_trace(FENS[fen], plymax, detail))
        .collect();
    let originals: Vec<_> = valid
        .iter()
        .map(|text| parse_trace(text.as_bytes(), "a.jsonl", None).unwrap())
        .collect();
    // Whole lines changed too (a record replaced by any bytes, a line doubled or dropped), and
    // without its result line a changed record is still a trace (the result checks the
    // records' count and digest): half the cases drop it, and are compared.
    let edits = prop::collection::vec(line_edit(), 1..4);
    let texts = prop_oneof![
        mutated(valid.clone(), 10),
        (prop::sample::select(valid), edits).prop_map(|(text, edits)| edit_lines(&text, &edits)),
    ];
    let texts = (texts, any::<bool>()).prop_map(|(text, keep)| match keep {
        true => text,
        false => text
            .lines()
            .filter(|line| !line.starts_with("{\"result\""))
            .collect::<Vec<_>>()
            .join("\n"),
    });
    fuzz("trace text", 250, texts, |text| {
        match parse_trace(text.as_bytes(), "fuzz.jsonl", None) {
            Ok(trace) => {
                outcome("read and compared");
                let written = write_trace(&trace, Vec::new()).unwrap();
                let again = parse_trace(written.as_slice(), "again.jsonl", None).unwrap();
                assert_eq!(again, trace, "written back and read again");
                if trace.header.setup.plymax <= 3 {
                    for original in &originals {
                        let divergence = diverge(original, &trace);
                        for finding in &divergence.findings {
                            check_message(&finding.to_string(), 400);
                        }
                    }
                }
            }
            Err(error) => {
                outcome("refused");
                check_message(&error.to_string(), 320);
            }
        }
    });
}
