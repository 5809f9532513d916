//! End-to-end: `think --trace` from every engine, `trace-diff` on a planted fault (a changed
//! table byte in a copy of the built-in image, with and without detail), on sargon1978 searches,
//! and on malformed files (exit 2 naming the file and line); the trace file's safety.

mod stderr;
use stderr::joined;

mod shared;

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;
use sargon_z80::default_image;

const GAMBIT: &str = "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4";

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// A copy of the built-in image with TDVL+8BH (a moved black bishop's worth) 7 instead of 6,
/// written as `bad.bin` with the built-in symbol file as `bad.sym`.
fn write_changed_image(dir: &Path) -> (String, String) {
    let image = default_image();
    let tdvl = image.symbols.get("TDVL").expect("the image names TDVL");
    let mut bytes = image.bytes.clone();
    let at = usize::from(tdvl - image.org) + 0x8B;
    assert_eq!(bytes[at], 6);
    bytes[at] = 7;
    std::fs::write(dir.join("bad.bin"), bytes).unwrap();
    let sym = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.sym");
    std::fs::copy(sym, dir.join("bad.sym")).unwrap();
    (path(dir, "bad.bin"), path(dir, "bad.sym"))
}

fn think_trace(fen: &str, plymax: &str, trace: &str, extra: &[&str]) {
    cmd()
        .args(["think", fen, "--ply", plymax, "--trace", trace])
        .args(extra)
        .assert()
        .success();
}

#[test]
fn trace_diff_names_the_node_and_term_of_a_changed_table_byte() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_changed_image(dir.path());
    let (good, bad) = (
        path(dir.path(), "good.jsonl"),
        path(dir.path(), "bad.jsonl"),
    );
    think_trace(GAMBIT, "3", &good, &["--trace-detail"]);
    think_trace(
        GAMBIT,
        "3",
        &bad,
        &["--trace-detail", "--rom", &bin, "--sym", &sym],
    );
    let out = cmd().args(["trace-diff", &good, &bad]).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for expected in [
        "trace-diff: A and B part at evaluation 242 (242 agree before it)\n",
        "node       NPLY 2, a black move, listed by GENMOV 29, in A's search (exact)\n",
        "path       c1f4  (Bf4)\n",
        "FEN        rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP1B2/2N5/PP2PPPP/R2QKBNR b KQkq - 0 4\n",
        "evaluated  rnbqk2r/pp1p1ppp/3bpn2/2p5/2PP1B2/2N5/PP2PPPP/R2QKBNR w KQkq - 0 5 after A's f8d6\n",
        "[2, f8d6, 0x94] 06 00 06 00 00 4A        [2, f8d6, 0x98] 06 00 07 00 00 4A\n",
        "differs    value: VALM 0x94 (A) vs 0x98 (B)\n",
        "           term: PTSL 0x06 (A) vs 0x07 (B), the mover's largest expected loss\n",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn without_detail_the_same_record_is_found_against_the_shared_file() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_changed_image(dir.path());
    let bad = path(dir.path(), "bad.jsonl");
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    think_trace(fen, "3", &bad, &["--rom", &bin, "--sym", &sym]);
    let shared = shared::shared_dir().join("sargon1978/traces.jsonl#1:3");
    cmd()
        .args(["trace-diff", &shared.display().to_string(), &bad])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "A and B part at evaluation 40 (40 agree before it)",
        ))
        .stdout(predicate::str::contains("differs    value: VALM"));
}

#[test]
fn native_and_emulated_traces_of_sargon1978_positions_diff_clean() {
    let dir = tempfile::tempdir().unwrap();
    let shared = shared::shared_dir().join("sargon1978/traces.jsonl");
    // Index 0: the start position; 1: Kiwipete (castling); 3: promotions; 140: a random game.
    let cases = [
        (0, "3", 921),
        (1, "2", 352),
        (3, "3", 463),
        (140, "3", 1397),
    ];
    for (index, plymax, count) in cases {
        let line = shared_line(&shared, index, plymax);
        let fen = line["fen"].as_str().unwrap().to_string();
        for engine in ["native", "z80"] {
            let mine = path(dir.path(), &format!("{index}-{engine}.jsonl"));
            think_trace(&fen, plymax, &mine, &["--engine", engine]);
            let a = format!("{}#{index}:{plymax}", shared.display());
            let evaluations = line["points_calls"].as_u64().unwrap();
            assert_eq!(evaluations, count);
            let agree = format!("trace-diff: the traces agree: {evaluations} evaluations\n");
            cmd()
                .args(["trace-diff", &a, &mine])
                .assert()
                .code(0)
                .stdout(predicate::str::starts_with(agree));
        }
    }
}

/// The line of traces.jsonl for (index, plymax).
fn shared_line(file: &Path, index: u64, plymax: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|v| v["index"] == index && v["plymax"] == plymax.parse::<u64>().unwrap())
        .expect("the line is in the file")
}

/// Writes `lines` as a file; returns its path.
fn write_lines(dir: &Path, name: &str, lines: &[&str]) -> String {
    let file = dir.join(name);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    file.display().to_string()
}

#[test]
fn malformed_traces_exit_2_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = path(dir.path(), "good.jsonl");
    think_trace("startpos", "1", &good, &[]);
    let header = r#"{"format":"sargon-trace","version":1,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","plymax":1}"#;
    let version_2 = header.replace("\"version\":1", "\"version\":2");
    let cases: [(&str, Vec<&str>, &str); 6] = [
        (
            "records.jsonl",
            vec!["[0,0,0,128]"],
            "records.jsonl:1: a trace starts with its header",
        ),
        (
            "byte.jsonl",
            vec![header, "[0,0,0,128]", "[1,22,41,300]"],
            "byte.jsonl:3: an evaluation is an array of bytes [ply, from, to, valm]: invalid value: integer `300`, expected u8 (column 12)\n  [1,22,41,300]",
        ),
        (
            "short.jsonl",
            vec![header, "[0,0,128]"],
            "short.jsonl:2: an evaluation has 3 numbers, expected four",
        ),
        (
            "count.jsonl",
            vec![header, "[0,0,0,128]", r#"{"result":{"evaluations":21}}"#],
            "count.jsonl:3: the result counts 21 evaluations, the file has 1 evaluation lines",
        ),
        (
            "list.jsonl",
            vec![header, r#"{"genmov":1,"entries":[[22,41,16]]}"#],
            "list.jsonl:2: a GENMOV line, but the header does not say \"lists\": true",
        ),
        (
            "version.jsonl",
            vec![&version_2],
            "version.jsonl:1: version 2 is not known here",
        ),
    ];
    for (name, lines, expected) in cases {
        let bad = write_lines(dir.path(), name, &lines);
        let out = cmd().args(["trace-diff", &good, &bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = joined(&String::from_utf8_lossy(&out.stderr));
        assert!(stderr.contains(expected), "{stderr}");
    }
    cmd()
        .args(["trace-diff", &good, &path(dir.path(), "missing.jsonl")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn a_file_of_many_searches_needs_a_selector() {
    let shared = shared::shared_dir().join("sargon1978/traces.jsonl");
    let name = shared.display().to_string();
    let out = cmd()
        .args(["trace-diff", &name, &format!("{name}#0:2")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = joined(&String::from_utf8_lossy(&out.stderr));
    assert!(
        stderr.contains("the file holds 866 searches, one per line: choose one as"),
        "{stderr}"
    );
    assert!(
        stderr.contains("(INDEX 0..=432, PLYMAX 2 or 3)"),
        "{stderr}"
    );
    cmd()
        .args(["trace-diff", &format!("{name}#0:2"), &format!("{name}#0:3")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("different searches (plymax)"));
}

#[test]
fn the_trace_file_is_never_an_input_and_no_temporary_file_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_changed_image(dir.path());
    let before = std::fs::read(&sym).unwrap();
    cmd()
        .args([
            "think", "--ply", "1", "--trace", &sym, "--rom", &bin, "--sym", &sym,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("it is the symbol file"));
    assert_eq!(std::fs::read(&sym).unwrap(), before);
    let trace = path(dir.path(), "t.jsonl");
    std::fs::write(&trace, "old").unwrap();
    think_trace("startpos", "1", &trace, &["--engine", "native"]);
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(
        text.lines().count(),
        1 + 21 + 1,
        "header, 21 evaluations, result"
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["bad.bin", "bad.sym", "t.jsonl"]);
    cmd()
        .args(["think", "--trace-detail"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--trace <FILE>"));
}

/// `trace-diff GOOD /dev/stdin` with GOOD's header, then `block` over and over on standard
/// input until the command stops reading: its exit status and standard error.
fn diff_endless(block: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let good = path(dir.path(), "good.jsonl");
    think_trace("startpos", "1", &good, &[]);
    let header = std::fs::read_to_string(&good).unwrap();
    let header = header.lines().next().unwrap().to_string();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
        .args(["trace-diff", &good, "/dev/stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let block = block.repeat(65536 / block.len());
    let fed = block.clone();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let mut sent = writeln!(stdin, "{header}");
        while sent.is_ok() {
            sent = stdin.write_all(fed.as_bytes());
        }
    });
    // A command that reads on without end fails the test rather than hanging it.
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("trace-diff still read {block:.8?}... after two minutes");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr)
}

/// An endless trace (`yes '[1,22,41,124]'` on standard input) is read only up to the limit a
/// trace may take, then refused with the limit named: memory is bounded, the command ends.
#[test]
fn an_endless_trace_is_refused_at_the_stated_limit() {
    let (code, stderr) = diff_endless("[1,22,41,124]\n");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the trace is larger than 160 MiB once read, the most a trace may take"),
        "{stderr}"
    );
    assert!(stderr.starts_with("error: /dev/stdin:"), "{stderr}");
}

/// Endless blank lines (`yes ''`, `yes ' '`) hold nothing, so the memory limit never comes:
/// the bytes read are bounded too.
#[test]
fn endless_blank_lines_end_at_the_limit_of_bytes_read() {
    for block in ["\n", " \n", "\r\n\t"] {
        let (code, stderr) = diff_endless(block);
        let stderr = joined(&stderr);
        assert_eq!(code, Some(2), "{block:?}: {stderr}");
        assert!(
            stderr.contains(
                "more than 1024 MiB read, the most a trace is read from (a PLYMAX 8 search with every list and term is 224 MB); does the input end?"
            ),
            "{block:?}: {stderr}"
        );
        assert!(stderr.starts_with("error: /dev/stdin:"), "{stderr}");
    }
}

/// Control characters in a trace reach the terminal escaped, and a quote of a line is short.
#[test]
fn trace_errors_quote_lines_short_and_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let good = path(dir.path(), "good.jsonl");
    think_trace("startpos", "1", &good, &[]);
    let hostile = format!("\u{1b}]0;title\u{7}\u{1b}[2J{}", "x".repeat(10_000));
    let field = format!(r#"{{"genmov":1,"entries":[],"{}":1}}"#, "\u{1b}[31m");
    let header = std::fs::read_to_string(&good).unwrap();
    let header = header.lines().next().unwrap().to_string();
    let cases = [
        ("title.jsonl", vec![hostile.as_str()]),
        ("escape.jsonl", vec![header.as_str(), "[1,22,41,\u{1b}[2J]"]),
        ("field.jsonl", vec![header.as_str(), field.as_str()]),
    ];
    for (name, lines) in cases {
        let bad = write_lines(dir.path(), name, &lines);
        let out = cmd().args(["trace-diff", &good, &bad]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(!stderr.contains(['\u{1b}', '\u{7}']), "{name}: {stderr:?}");
        assert!(stderr.len() < 500, "{name}: {stderr}");
    }
    let out = cmd()
        .args(["trace-diff", &good, "/dev/zero"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains('\0'), "{stderr:?}");
    assert!(stderr.contains("a line longer than 4 MiB"), "{stderr}");
    let selector = format!("{good}#\u{1b}[2J{}", "9".repeat(5000));
    let out = cmd()
        .args(["trace-diff", &good, &selector])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains('\u{1b}') && stderr.len() < 600, "{stderr}");
}

/// `--context` of any size shows the differing record (it saturates instead of wrapping).
#[test]
fn a_huge_context_still_shows_the_differing_record() {
    let dir = tempfile::tempdir().unwrap();
    let a = path(dir.path(), "a.jsonl");
    think_trace("startpos", "1", &a, &[]);
    let text = std::fs::read_to_string(&a).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop();
    let fields: Vec<&str> = lines[5].trim_matches(['[', ']']).split(',').collect();
    let other = format!("[{},{},{},1]", fields[0], fields[1], fields[2]);
    lines[5] = &other;
    let b = write_lines(dir.path(), "b.jsonl", &lines);
    for context in ["2", "18446744073709551615"] {
        let out = cmd()
            .args(["trace-diff", &a, &b, "--context", context])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(
            stdout.contains("part at evaluation 4"),
            "--context {context}: {stdout}"
        );
        assert!(
            stdout.lines().any(|l| l.starts_with(">        4 ")),
            "--context {context}: the differing record is shown\n{stdout}"
        );
    }
}

/// Ctrl-C during `think --trace`: the search stops at once, the temporary trace is removed and
/// an old file is kept as it was, and the summary says what was interrupted (exit 130).
#[cfg(unix)]
#[test]
fn ctrl_c_during_think_trace_keeps_the_old_file_and_leaves_no_temporary_one() {
    let dir = tempfile::tempdir().unwrap();
    let trace = path(dir.path(), "c.jsonl");
    // Each search takes far longer than the half second before Ctrl-C.
    for (engine, ply, kept) in [("z80", "7", true), ("native", "9", false)] {
        if kept {
            std::fs::write(&trace, "old").unwrap();
        } else {
            let _ = std::fs::remove_file(&trace);
        }
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
            .args(["think", "--ply", ply, "--engine", engine, "--trace", &trace])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(500));
        // SAFETY: kill(2) on the child's own pid.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(130), "{engine}: {stdout}");
        let expected = format!("think: interrupted at PLYMAX {ply} after ");
        assert!(stdout.starts_with(&expected), "{engine}: {stdout}");
        let how = if kept { "is as it was" } else { "was not made" };
        let written = format!(" moves made\nno trace was written: {trace} {how}\n");
        assert!(stdout.ends_with(&written), "{engine}: {stdout}");
        if kept {
            assert_eq!(std::fs::read_to_string(&trace).unwrap(), "old");
        }
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let expected: Vec<String> = if kept { vec!["c.jsonl".into()] } else { vec![] };
        assert_eq!(names, expected, "{engine}: no temporary file is left");
    }
}
