//! A search whose move lists do not fit the 1978 program's list (341 entries), on an image with
//! that list (`tests/patched`: the built-in image whose GENMOV drops the moves past MLEND, as
//! the 1978 one does), on the built-in image (3,072 entries) and on the native engine (a list
//! as large as the level needs). The overflow is named by every engine alike, with the entries
//! the path needs; `uci` answers from the deepest level that fits; a level that fits only a
//! larger list is searched and said to be beyond what the 1978 program could search. Driven
//! through `think` and a raw pipe to `uci`, as a GUI drives it.

mod patched;

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sargon-z80");

/// After 1. e4 e5 2. Nf3 Nc6 3. d4, PLYMAX 9's first path needs 345 entries at ply 9.
const OPENING: [&str; 5] = ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4"];
/// Fourteen queens: PLYMAX 3's check extension (ply 4) needs 343 entries.
const QUEENS: &str = "qqq1kqqq/8/8/8/8/8/8/QQQ1KQQQ w - - 0 20";

/// `sargon-z80 ARGS`: status, stdout, stderr joined into one line.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BIN).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let joined: Vec<&str> = stderr.lines().map(str::trim).collect();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        joined.join(" "),
    )
}

/// The lines `uci` answers to `script` (the end of the input ends the session once the last
/// search has answered: every script ends with `isready`, which waits for nothing, so the
/// test reads until `bestmove`).
fn uci(args: &[&str], script: &str) -> Vec<String> {
    let mut child = Command::new(BIN)
        .arg("uci")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    let stdout = child.stdout.take().unwrap();
    let lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
    let mut answered = Vec::new();
    for line in lines {
        let line = line.unwrap();
        let done = line.starts_with("bestmove");
        answered.push(line);
        if done {
            break;
        }
    }
    drop(stdin);
    child.wait().unwrap();
    answered
}

#[test]
fn think_names_the_1978_list_overflow_as_the_native_engine_does() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::list_1978(dir.path());
    let mut opening = vec!["think", "startpos", "--moves"];
    opening.extend(OPENING);
    opening.extend(["--ply", "9"]);
    let words = "move list overflow at ply 9: the path needs 345 entries, the list holds 341";
    let (status, _, native) = run(&[&opening[..], &["--engine", "native"]].concat());
    assert_eq!(status, 2);
    assert!(native.contains(words), "{native}");
    let (status, _, emulated) = run(&[&opening[..], &image.args()].concat());
    assert_eq!(status, 2);
    assert!(emulated.contains(words), "{emulated}");
    assert!(!emulated.contains("runaway") && !emulated.contains("protected"));
    let queens = ["think", QUEENS, "--ply", "3"];
    let (status, _, emulated) = run(&[&queens[..], &image.args()].concat());
    assert_eq!(status, 2);
    let words = "move list overflow at ply 4: the path needs 343 entries, the list holds 341";
    assert!(emulated.contains(words), "{emulated}");
    // Below the limit the image is the 1978 program's list: PLYMAX 2 fits.
    let (status, out, _) = run(&[&["think", QUEENS, "--ply", "2"][..], &image.args()].concat());
    assert_eq!(status, 0);
    assert!(out.contains("best         c1c8 Qxc8+"), "{out}");
}

#[test]
fn uci_answers_an_overflowing_level_from_the_deepest_that_fits() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::list_1978(dir.path());
    let script = format!("setoption name Seed value 0\nposition fen {QUEENS}\ngo depth 3\n");
    let lines = uci(&image.args(), &script);
    let depths: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| &l[..12])
        .collect();
    assert_eq!(depths, ["info depth 1", "info depth 2"], "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains(
            "PLYMAX 3 not searched (move list overflow at ply 4: the path needs 343 entries, \
             the list holds 341): answering from PLYMAX 2"
        )),
        "{lines:#?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove c1c8 ponder b8c8");
}

#[test]
fn a_level_past_the_1978_list_is_searched_and_said_to_be_beyond_it() {
    let script = format!("setoption name Seed value 0\nposition fen {QUEENS}\ngo depth 3\n");
    let beyond = "PLYMAX 3 is beyond what the 1978 program could search (its path held 366 list \
                  entries, the 1978 list holds 341)";
    for engine in ["native", "z80"] {
        let lines = uci(&["--engine", engine], &script);
        let level = lines.iter().find(|l| l.starts_with("info depth 3 "));
        assert!(
            level.is_some_and(|l| l.contains(" score cp 1025 ")),
            "{engine}: {lines:#?}"
        );
        assert!(
            lines.iter().any(|l| l.contains(beyond)),
            "{engine}: {lines:#?}"
        );
        assert_eq!(
            lines.last().unwrap(),
            "bestmove c1c8 ponder b8c8",
            "{engine}"
        );
    }
}
