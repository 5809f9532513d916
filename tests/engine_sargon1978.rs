//! The native engine against what the 1978 program decided on 433 positions
//! (`../shared/sargon1978/`): every line of search.jsonl (setup, root evaluation, every ply-1
//! entry, and for every PLYMAX best move, flags, score, evaluation and GENMOV counts, trace
//! digest, PLYMAX and POSQ after) and every full evaluation sequence of traces.jsonl, record by
//! record. A difference prints the position, PLYMAX and the first diverging record.

mod shared;

use std::collections::HashMap;
use std::path::PathBuf;

use sargon_z80::engine::{
    Engine, EvalRecord, RootMove, SearchParams, SearchResult, Setup, TraceRecorder, Visit,
};
use sargon_z80::position::square_name;
use serde_json::Value;

/// The sargon1978 folder, or a panic naming where it was looked for.
fn data_dir() -> PathBuf {
    let dir = shared::shared_dir().join("sargon1978");
    assert!(
        dir.join("search.jsonl").is_file() && dir.join("traces.jsonl").is_file(),
        "the 1978 measurements are missing: expected search.jsonl and traces.jsonl in {} \
         (set SARGON_SHARED to the shared folder)",
        dir.display()
    );
    dir
}

fn lines(name: &str) -> Vec<Value> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|err| panic!("{}:{}: {err}", path.display(), number + 1))
        })
        .collect()
}

fn int(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("expected a number, found {value}"))
}

fn byte(value: &Value) -> u8 {
    u8::try_from(int(value)).unwrap_or_else(|_| panic!("expected a byte, found {value}"))
}

fn pair(value: &Value) -> [u8; 2] {
    [byte(&value[0]), byte(&value[1])]
}

/// The full sequences of traces.jsonl by (position index, PLYMAX).
fn traces() -> HashMap<(u64, u8), Vec<EvalRecord>> {
    lines("traces.jsonl")
        .iter()
        .map(|line| {
            let records = line["trace"]
                .as_array()
                .expect("trace is an array")
                .iter()
                .map(|record| EvalRecord {
                    ply: byte(&record[0]),
                    from: byte(&record[1]),
                    to: byte(&record[2]),
                    valm: byte(&record[3]),
                })
                .collect();
            ((int(&line["index"]), byte(&line["plymax"])), records)
        })
        .collect()
}

/// Differences found, with enough context to replay each one.
#[derive(Default)]
struct Report {
    differences: Vec<String>,
    searches: usize,
    records: usize,
    entries: usize,
    traces: usize,
}

impl Report {
    fn check<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, file: T, ours: T) {
        if file != ours {
            self.differences
                .push(format!("{what}: file {file:?}, native {ours:?}"));
        }
    }
}

fn show(record: &EvalRecord) -> String {
    format!(
        "[{}, {} {}, {}]",
        record.ply,
        square_name(record.from),
        square_name(record.to),
        record.valm
    )
}

/// The first record where the two sequences part, or None when they are equal.
fn first_divergence(file: &[EvalRecord], ours: &[EvalRecord]) -> Option<String> {
    let at = file.iter().zip(ours).position(|(a, b)| a != b);
    let at = match at {
        Some(at) => at,
        None if file.len() == ours.len() => return None,
        None => file.len().min(ours.len()),
    };
    let context = |records: &[EvalRecord]| {
        records[at.saturating_sub(3)..records.len().min(at + 1)]
            .iter()
            .map(show)
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some(format!(
        "first divergence at record {at} of {} (native has {}): file ... {} / native ... {}",
        file.len(),
        ours.len(),
        context(file),
        context(ours)
    ))
}

fn visit_name(visit: Visit) -> &'static str {
    match visit {
        Visit::Unvisited => "unvisited",
        Visit::Illegal => "illegal",
        Visit::Evaluated => "evaluated",
        Visit::Descended => "check",
    }
}

/// The file's setup fields equal the setup the engine makes from the FEN.
fn check_setup(report: &mut Report, line: &Value, setup: &Setup, at: &str) {
    let boarda: String = setup
        .board
        .cells
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    report.check(
        &format!("{at} boarda"),
        line["boarda"].as_str().unwrap(),
        &boarda,
    );
    report.check(&format!("{at} posk"), pair(&line["posk"]), setup.board.posk);
    report.check(&format!("{at} posq"), pair(&line["posq"]), setup.board.posq);
    report.check(&format!("{at} moveno"), byte(&line["moveno"]), setup.moveno);
    let prev = &line["prev"];
    let ours = setup.board.prev;
    report.check(
        &format!("{at} prev"),
        [byte(&prev[0]), byte(&prev[1]), byte(&prev[2])],
        [ours.from, ours.to, ours.flags],
    );
}

/// Every ply-1 entry after the PLYMAX 1 call: squares, flags, hidden half, status and value.
fn check_ply1(report: &mut Report, line: &Value, roots: &[RootMove], at: &str) {
    let file = line["ply1"].as_array().unwrap();
    report.check(&format!("{at} ply-1 entries"), file.len(), roots.len());
    for (entry, root) in file.iter().zip(roots) {
        let here = format!("{at} ply-1 {}", entry["uci"].as_str().unwrap());
        report.entries += 1;
        report.check(
            &format!("{here} uci"),
            entry["uci"].as_str().unwrap(),
            &root.mv.uci(),
        );
        let squares = [
            byte(&entry["from"]),
            byte(&entry["to"]),
            byte(&entry["flags"]),
        ];
        let e = root.mv.entry;
        report.check(&format!("{here} entry"), squares, [e.from, e.to, e.flags]);
        let second = entry
            .get("second")
            .filter(|v| !v.is_null())
            .map(|v| [byte(&v[0]), byte(&v[1]), byte(&v[2])]);
        let ours = root.mv.second.map(|s| [s.from, s.to, s.flags]);
        report.check(&format!("{here} second"), second, ours);
        let status = entry["status"].as_str().unwrap();
        report.check(&format!("{here} status"), status, visit_name(root.visit));
        report.check(&format!("{here} value"), byte(&entry["value"]), root.value);
    }
}

/// SORTM's value of every ply-1 entry in the PLYMAX 2 call (null for illegal entries).
fn check_sortm(report: &mut Report, line: &Value, roots: &[RootMove], at: &str) {
    for (entry, root) in line["ply1"].as_array().unwrap().iter().zip(roots) {
        let file = entry["sortm_valm"].as_u64().map(|v| v as u8);
        let ours = (root.visit != Visit::Illegal).then_some(root.value);
        let here = format!("{at} ply-1 {} sortm_valm", entry["uci"].as_str().unwrap());
        report.check(&here, file, ours);
    }
}

/// One search object of the line against the native result.
fn check_search(
    report: &mut Report,
    line: &Value,
    search: &Value,
    result: &SearchResult,
    at: &str,
) {
    let best = result.best.map(|mv| mv.uci());
    report.check(
        &format!("{at} best"),
        search["best"].as_str().map(str::to_string),
        best,
    );
    let flags = result.best.map(|mv| mv.entry.flags);
    report.check(
        &format!("{at} best_flags"),
        search["best_flags"].as_u64().map(|f| f as u8),
        flags,
    );
    report.check(&format!("{at} score"), byte(&search["score"]), result.score);
    report.check(
        &format!("{at} points_calls"),
        int(&search["points_calls"]),
        result.evaluations,
    );
    report.check(
        &format!("{at} genmov_calls"),
        int(&search["genmov_calls"]),
        result.genmov_calls,
    );
    let digest = format!("{:016x}", result.trace_fnv1a64);
    report.check(
        &format!("{at} trace digest"),
        search["trace_fnv1a64"].as_str().unwrap(),
        &digest,
    );
    report.check(
        &format!("{at} plymax_after"),
        byte(&search["plymax_after"]),
        result.plymax_after,
    );
    report.check(
        &format!("{at} posq_after"),
        pair(&search["posq_after"]),
        result.posq_after,
    );
    let root = result.root.expect("a search has a root evaluation");
    let file_root = &line["root"];
    report.check(
        &format!("{at} root valm"),
        byte(&file_root["valm"]),
        root.valm,
    );
    report.check(&format!("{at} root bc0"), byte(&file_root["bc0"]), root.bc0);
    report.check(&format!("{at} root mv0"), byte(&file_root["mv0"]), root.mv0);
    report.check(&format!("{at} anomalies"), 0, result.anomalies.bits());
    report.check(&format!("{at} best is legal"), true, result.best_is_legal);
}

/// Every search of one line of search.jsonl, checked field by field and against its full
/// trace where traces.jsonl has one.
fn check_line(
    report: &mut Report,
    engine: &mut Engine,
    line: &Value,
    traces: &HashMap<(u64, u8), Vec<EvalRecord>>,
) {
    let fen = line["fen"].as_str().unwrap();
    let index = int(&line["index"]);
    let at = format!("#{index} {} [{fen}]", line["source"].as_str().unwrap());
    let setup = Setup::from_fen(fen).unwrap_or_else(|err| panic!("{at}: {err}"));
    check_setup(report, line, &setup, &at);
    let mut recorder = TraceRecorder::default();
    for search in line["search"].as_array().unwrap() {
        let plymax = byte(&search["plymax"]);
        let at = format!("{at} PLYMAX {plymax}");
        recorder.records.clear();
        let result = engine
            .search(&setup, &SearchParams::new(plymax), &mut recorder)
            .unwrap_or_else(|err| panic!("{at}: {err}"));
        report.searches += 1;
        report.records += recorder.records.len();
        let before = report.differences.len();
        check_search(report, line, search, &result, &at);
        let roots: Vec<RootMove> = engine.root_moves().collect();
        match plymax {
            1 => check_ply1(report, line, &roots, &at),
            2 => check_sortm(report, line, &roots, &at),
            _ => {}
        }
        check_trace(
            report,
            traces.get(&(index, plymax)),
            &recorder.records,
            before,
            &at,
        );
    }
}

/// The full sequence against the file's, or, where the file has none and something differed,
/// the start of the native sequence for replaying.
fn check_trace(
    report: &mut Report,
    file: Option<&Vec<EvalRecord>>,
    ours: &[EvalRecord],
    differences_before: usize,
    at: &str,
) {
    match file {
        Some(file) => {
            report.traces += 1;
            if let Some(divergence) = first_divergence(file, ours) {
                report.differences.push(format!("{at}: {divergence}"));
            }
        }
        None if report.differences.len() > differences_before => {
            let start: Vec<String> = ours.iter().take(8).map(show).collect();
            report.differences.push(format!(
                "{at}: no full trace in the file; native trace starts {}",
                start.join(" ")
            ));
        }
        None => {}
    }
}

#[test]
fn every_line_and_every_trace_of_the_1978_program() {
    let positions = lines("search.jsonl");
    let traces = traces();
    assert_eq!(positions.len(), 433, "search.jsonl has 433 positions");
    assert_eq!(traces.len(), 866, "traces.jsonl has 866 searches");
    let mut engine = Engine::new();
    let mut report = Report::default();
    for line in &positions {
        check_line(&mut report, &mut engine, line, &traces);
    }
    let summary = format!(
        "{} searches, {} evaluation records, {} ply-1 entries, {} full traces compared; {} differences",
        report.searches,
        report.records,
        report.entries,
        report.traces,
        report.differences.len()
    );
    println!("{summary}");
    assert_eq!(
        report.searches,
        433 * 3 + 88,
        "every search of the file ran"
    );
    assert_eq!(report.traces, 866, "every full trace was compared");
    assert!(
        report.differences.is_empty(),
        "{summary}\n{}",
        report
            .differences
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
