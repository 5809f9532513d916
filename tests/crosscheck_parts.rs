//! A run in parts: N shards together equal the unsharded run (the search comparison
//! included), `--merge` refuses parts of other runs and gaps, and Ctrl-C prints the summary so
//! far with a command that goes on from there, whose report merges with the interrupted one
//! into the whole run's: the merged verdict is the whole run's, search included.

#![cfg(unix)]

mod patched;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
}

/// Runs `crosscheck` with `args` and returns its exit status and JSON report.
fn json_run(args: &[&str]) -> (Option<i32>, Value) {
    let out = binary().arg("crosscheck").args(args).output().unwrap();
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), json)
}

/// Writes a report to `dir/name` and returns its path as text.
fn save(dir: &Path, name: &str, json: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, json.to_string()).unwrap();
    path.display().to_string()
}

/// What must be equal between a whole run and its merged parts (wall times aside).
fn counted(json: &Value) -> Vec<Value> {
    let search = &json["search"];
    let searched = ["searches", "evaluations", "tstates", "failures", "skipped"]
        .iter()
        .map(|k| search[k].clone());
    [
        "positions",
        "nodes",
        "lists",
        "moves",
        "epd_counts",
        "tstates",
        "failures",
        "agree",
    ]
    .iter()
    .map(|k| json[k].clone())
    .chain(searched)
    .chain([json["run"].clone(), json["span"].clone()])
    .collect()
}

/// Runs `crosscheck --merge` on `parts` (with `extra` arguments): exit status and stdout.
fn merge(parts: &[String], extra: &[&str]) -> (Option<i32>, String) {
    let out = binary()
        .args(["crosscheck", "--merge"])
        .args(parts)
        .args(extra)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    (out.status.code(), format!("{text}{err}"))
}

const RUN: [&str; 9] = [
    "--random",
    "400",
    "--seed",
    "8",
    "--depth",
    "1",
    "--keep-going",
    "--json",
    "--threads",
];

#[test]
fn shards_together_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let (code, whole) = json_run(&[&RUN[..], &["2"]].concat());
    assert_eq!(code, Some(0));
    assert_eq!(whole["positions"], 533);
    // The default run compares the search of the 133 built-in positions, of the search's own 7
    // and of the first 150 random ones after them.
    assert_eq!(
        (&whole["run"]["total"], &whole["run"]["searched"]),
        (&823.into(), &290.into())
    );
    assert_eq!(whole["search"]["searches"], 580);
    let mut parts = Vec::new();
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let (code, part) = json_run(&[&RUN[..], &["1", "--shard", &shard]].concat());
        assert_eq!(code, Some(0), "{shard}");
        assert!(part["positions"].as_u64().unwrap() < 533);
        parts.push(save(dir.path(), &format!("part{k}.json"), &part));
    }
    let out = binary()
        .args(["crosscheck", "--json", "--merge"])
        .args(&parts)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let merged: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(counted(&merged), counted(&whole));

    let out = binary()
        .args(["crosscheck", "--merge", &parts[0], &parts[2], &parts[3]])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("jobs (positions, then searches) 205..411 are in no report"),
        "{err}"
    );

    let (_, other) = json_run(&["--random", "400", "--seed", "9", "--depth", "1", "--json"]);
    let other = save(dir.path(), "other.json", &other);
    let out = binary()
        .args(["crosscheck", "--merge", &parts[0], &other])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("report 2 is of another run than report 1 (the seed differs)"),
        "{err}"
    );
}

#[test]
fn ctrl_c_prints_the_summary_and_the_command_that_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "crosscheck",
        "--fen",
        "startpos",
        "--depth",
        "1",
        "--random",
        "30000",
        "--seed",
        "21",
        "--json",
    ];
    let mut child = binary()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first progress line (a tenth of the run) says it is under way.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.starts_with("checked "), "{line}");
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let first: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(first["interrupted"], true);
    let reached = first["reached"].as_u64().unwrap();
    assert!((3_001..30_001).contains(&reached), "{reached}");
    assert_eq!(first["positions"].as_u64(), Some(reached));
    let resume = first["resume"].as_str().unwrap().to_string();
    assert_eq!(
        resume,
        format!(
            "sargon-z80 crosscheck --fen startpos --random 30000 --seed 21 --depth 1 --json --from {reached}"
        )
    );

    let rest = binary().args(resume.split(' ').skip(1)).output().unwrap();
    assert_eq!(rest.status.code(), Some(0));
    let rest: Value = serde_json::from_slice(&rest.stdout).unwrap();
    let parts = [
        save(dir.path(), "a.json", &first),
        save(dir.path(), "b.json", &rest),
    ];
    let merged = binary()
        .args(["crosscheck", "--json", "--merge"])
        .args(&parts)
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(0));
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    let (_, whole) = json_run(&args[1..]);
    assert_eq!(counted(&merged), counted(&whole));
}

#[test]
fn one_ctrl_c_delivered_twice_still_prints_the_summary() {
    // `timeout -s INT` and a terminal signal the whole process group: one Ctrl-C can arrive
    // twice within milliseconds, which must not count as the second Ctrl-C that quits at once.
    let mut child = binary()
        .args([
            "crosscheck",
            "--depth",
            "1",
            "--random",
            "1000000",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.starts_with("checked "), "{line}");
    for _ in 0..2 {
        // SAFETY: kill(2) on the child's own pid.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{rest}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "to go on: sargon-z80 crosscheck --random 1000000 --seed 1 --depth 1 --from "
        ),
        "{text}"
    );
}

/// An image whose board routines agree and whose search does not (one bit of the
/// evaluation's tables): a run fails on its search, and so must every merge of its parts.
#[test]
fn a_merge_keeps_the_verdict_of_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::evaluation_bit(dir.path());
    let run = [
        &["--random", "40", "--seed", "5", "--search-random", "0"][..],
        &image.args(),
    ]
    .concat();
    let (code, whole) = json_run(&[&run[..], &["--json"]].concat());
    assert_eq!(code, Some(1), "the search differs");
    assert_eq!(
        whole["failures"].as_array().unwrap().len(),
        0,
        "the board agrees"
    );
    assert_eq!(whole["search"]["agree"], false);
    let saved = save(dir.path(), "whole.json", &whole);
    let (code, text) = merge(std::slice::from_ref(&saved), &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("SEARCH MISMATCH at position 0 (built-in:cpw.epd:3"),
        "{text}"
    );
    assert!(
        text.contains("replay: sargon-z80 crosscheck --search --ply 1 --rom"),
        "{text}"
    );

    // Each shard carries its share of the searches, or says plainly that it holds none.
    let mut parts = Vec::new();
    for (k, expected) in [(1, 0), (2, 1)] {
        let shard = format!("{k}/2");
        let args = [&run[..], &["--shard", &shard, "--threads", "1"]].concat();
        let text = binary().arg("crosscheck").args(&args).output().unwrap();
        assert_eq!(text.status.code(), Some(expected), "{shard}");
        let text = String::from_utf8_lossy(&text.stdout);
        if k == 1 {
            assert!(
                text.contains(
                    "verdict: the image agrees with the reference on 156 position(s);\n         \
                     no search was checked in this part (the run's searches are jobs 173..313)\n"
                ),
                "{text}"
            );
        } else {
            assert!(text.contains("verdict: SEARCH MISMATCH"), "{text}");
        }
        let (_, part) = json_run(&[&args[..], &["--json"]].concat());
        let jobs = if k == 1 { (173, 173) } else { (173, 313) };
        let part_jobs = &part["search"]["jobs"];
        assert_eq!(
            (&part_jobs["first"], &part_jobs["end"]),
            (&jobs.0.into(), &jobs.1.into())
        );
        parts.push(save(dir.path(), &format!("shard{k}.json"), &part));
    }
    let (code, text) = merge(&parts, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("verdict: SEARCH MISMATCH"), "{text}");
    // The shard without searches alone is not the run: its searches are in no report.
    let (code, text) = merge(&parts[..1], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("jobs (positions, then searches) 156..313 are in no report"),
        "{text}"
    );
    // A report that does not name the run's search (an older report) is refused.
    let mut old = whole.clone();
    old["run"].as_object_mut().unwrap().remove("search_ply");
    let old = save(dir.path(), "old.json", &old);
    let (code, text) = merge(&[old], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("not a JSON report of `crosscheck --json`"),
        "{text}"
    );
}

#[test]
fn an_interrupted_run_and_its_rest_keep_the_verdict_of_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::evaluation_bit(dir.path());
    let args = [
        &[
            "crosscheck",
            "--depth",
            "1",
            "--random",
            "30000",
            "--seed",
            "21",
        ][..],
        &image.args(),
        &["--json"],
    ]
    .concat();
    let mut child = binary()
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.starts_with("checked "), "{line}");
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let first: Value = serde_json::from_slice(&out.stdout).unwrap();
    let reached = first["reached"].as_u64().unwrap();
    assert!(
        reached < 30_133,
        "interrupted among the positions: {reached}"
    );
    assert_eq!(first["search"]["searches"], 0);
    let resume = first["resume"].as_str().unwrap().to_string();
    assert!(
        resume.contains(&format!("--json --from {reached}")),
        "{resume}"
    );

    // The rest holds the searches, and fails on them.
    let rest = binary().args(resume.split(' ').skip(1)).output().unwrap();
    assert_eq!(rest.status.code(), Some(1));
    let rest: Value = serde_json::from_slice(&rest.stdout).unwrap();
    assert_eq!(rest["search"]["agree"], false);
    let parts = [
        save(dir.path(), "a.json", &first),
        save(dir.path(), "b.json", &rest),
    ];
    let (code, text) = merge(&parts, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("verdict: SEARCH MISMATCH"), "{text}");
}

/// Every string of `json` with an erase-screen escape and a bell appended, but the names the
/// report's reader matches (`from`, `kind`, `list_end`) and its digests.
fn with_escapes(json: &Value) -> Value {
    fn walk(value: &Value, key: &str) -> Value {
        match value {
            Value::Object(fields) => fields
                .iter()
                .map(|(k, v)| (k.clone(), walk(v, k)))
                .collect(),
            Value::Array(items) => items.iter().map(|v| walk(v, key)).collect(),
            Value::String(text)
                if !["from", "kind", "list_end"].contains(&key) && !key.ends_with("digest") =>
            {
                Value::String(format!("{text}\u{1b}[2J\u{7}"))
            }
            other => other.clone(),
        }
    }
    walk(json, "")
}

#[test]
fn a_merged_report_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let search = patched::evaluation_bit(dir.path());
    let search_run = [&["--random", "40", "--seed", "5"][..], &search.args()].concat();
    let board = patched::false_overflow(dir.path());
    let board_run = [
        &["--random", "300", "--seed", "1", "--ply", "0"][..],
        &board.args(),
    ]
    .concat();
    for (run, line) in [
        (
            search_run,
            "SEARCH MISMATCH at position 0 (built-in:cpw.epd\\u{1b}[2J\\u{7}:3",
        ),
        (
            board_run,
            "MISMATCH in built-in:cpw.epd\\u{1b}[2J\\u{7}:5 (depth 2)",
        ),
    ] {
        let (code, report) = json_run(&[&run[..], &["--json"]].concat());
        assert_eq!(code, Some(1));
        let saved = save(dir.path(), "escapes.json", &with_escapes(&report));
        let (code, text) = merge(&[saved], &[]);
        assert_eq!(code, Some(1), "{text}");
        assert!(text.contains(line), "{text}");
        let raw: Vec<char> = text
            .chars()
            .filter(|&c| c.is_control() && c != '\n')
            .collect();
        assert!(raw.is_empty(), "{raw:?} in {text}");
    }
    // serde's reason quotes the file: escaped too.
    let (_, report) = json_run(&[&["--random", "2", "--seed", "5", "--json"][..]].concat());
    let mut bad = report.clone();
    bad["run"]["seed"] = Value::String("\u{1b}]0;title\u{7}".to_string());
    let (code, text) = merge(&[save(dir.path(), "bad.json", &bad)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("expected u64"), "{text}");
    assert!(text.contains("u{1b}]0;title"), "{text}");
    assert!(!text.contains(['\u{1b}', '\u{7}']), "{text}");
}
