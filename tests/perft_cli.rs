//! perft as the tools people know: root moves streamed as they are counted, in parallel,
//! `--moves` after a position, `startpos`, `-` for FENs on standard input, thousands
//! separators, a hint for an unquoted FEN, and Ctrl-C.

#![cfg(unix)]

mod stderr;
use stderr::joined;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = binary().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn root_moves_stream_in_while_the_count_goes_on() {
    // perft(5) on the image takes seconds: the first root move's line comes long before.
    let mut child = binary()
        .args(["perft", "5", "--engine", "z80", "--threads", "2"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    while lines.len() < 3 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        lines.push(line);
    }
    assert_eq!(child.try_wait().unwrap(), None, "still counting");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(lines[0].starts_with("position: rnbqkbnr/"), "{lines:?}");
    assert_eq!(lines[1], "rules:    sargon, depth 5, z80 on 2 thread(s)\n");
    assert_eq!(lines[2], "b1a3: 198,572\n");
}

#[test]
fn moves_descend_into_a_line_with_separators_like_stockfish() {
    let (code, text, _) = run(&["perft", "3", "startpos", "--moves", "e2e4", "e7e5"]);
    assert_eq!(code, Some(0), "{text}");
    // Two plies from move 1: white's second move, the fullmove number counted on.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    assert!(text.starts_with(&format!("position: {fen}\n")), "{text}");
    // As Stockfish's `position startpos moves e2e4 e7e5` then `go perft 3` counts.
    assert!(text.contains("\ng1f3: 779\n"), "{text}");
    assert!(text.contains("\n\nNodes searched: 24,825\n\n"), "{text}");
    assert!(text.contains("verdict: the engines agree"), "{text}");

    // From a FEN's own fullmove number, black to move first.
    let black = "k7/8/8/8/8/8/8/K7 b - - 5 33";
    let (code, text, _) = run(&["perft", "1", black, "--moves", "a8b8", "a1b1"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.starts_with("position: 1k6/8/8/8/8/8/8/1K6 b - - 0 34\n"),
        "{text}"
    );
    let (code, _, err) = run(&["perft", "2", "--moves", "e2e5"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("error: --moves, move 1: "), "{err}");
}

#[test]
fn an_unquoted_fen_is_taken_and_startpos_and_stdin_are_positions() {
    let words: Vec<&str> = KIWIPETE.split(' ').collect();
    let (code, text, _) = run(&[&["perft", "2", "--engine", "native"], &words[..]].concat());
    assert_eq!(code, Some(0));
    assert!(text.contains("Nodes searched: 2,039"), "{text}");

    let mut child = binary()
        .args(["perft", "2", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("startpos\n# a comment\n{KIWIPETE} ;D1 48\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let nodes: Vec<u64> = json["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["engines"][0]["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(nodes, [400, 2_039]);

    // Elsewhere an unquoted FEN gets a hint.
    let (code, _, err) = run(&[&["moves"], &words[..]].concat());
    assert_eq!(code, Some(2));
    let err = joined(&err);
    assert!(
        err.ends_with(&format!(
            "hint: a FEN is one argument: quote it, as in '{KIWIPETE}'\n"
        )),
        "{err}"
    );
}

#[test]
fn a_line_without_end_on_stdin_is_refused_without_reading_it_whole() {
    // 16 MiB without a newline offered on stdin: the program refuses line 1 after its first
    // kilobyte and exits, so the writer is cut off long before the end (the program reading it
    // all first took 7 GB of memory from /dev/zero).
    let mut child = binary()
        .args(["perft", "1", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk = vec![b'x'; 64 * 1024];
    let mut written = 0;
    while written < 16 << 20 && stdin.write_all(&chunk).is_ok() {
        written += chunk.len();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: standard input line 1: longer than 1024 bytes\n"
    );
    assert!(written < 4 << 20, "{written} bytes were taken");
}

#[test]
fn counts_and_tstates_do_not_depend_on_the_threads() {
    let json = |threads: &str| {
        let (code, text, _) = run(&[
            "perft",
            "3",
            KIWIPETE,
            "--json",
            "--divide",
            "--threads",
            threads,
        ]);
        assert_eq!(code, Some(0));
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        for engine in json["engines"].as_array_mut().unwrap() {
            let engine = engine.as_object_mut().unwrap();
            for timing in ["seconds", "nodes_per_second"] {
                engine.remove(timing);
            }
        }
        json
    };
    let one = json("1");
    assert_eq!(one["engines"][0]["nodes"], 97_862);
    assert_eq!(one, json("3"));
}

#[test]
fn ctrl_c_prints_what_was_counted() {
    let mut child = binary()
        .args(["perft", "5", "--engine", "z80", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    while !text.contains("b1a3: ") {
        stdout.read_line(&mut text).unwrap();
    }
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let status = child.wait().unwrap();
    std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(130), "{text}");
    assert_eq!(
        err,
        "\ninterrupted: finishing the work in hand (Ctrl-C again to quit at once)\n"
    );
    assert!(text.contains("z80:    no count (interrupted); "), "{text}");
    assert!(text.contains("verdict: interrupted after z80 "), "{text}");
}
