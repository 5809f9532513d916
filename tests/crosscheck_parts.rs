//! A run in parts: N shards together equal the unsharded run, `--merge` refuses parts of other
//! runs and gaps, and Ctrl-C prints the summary so far with a command that goes on from there,
//! whose report merges with the interrupted one into the whole run's.

#![cfg(unix)]

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

/// What must be equal between a whole run and its merged parts.
fn counted(json: &Value) -> Vec<Value> {
    [
        "positions",
        "nodes",
        "lists",
        "moves",
        "epd_counts",
        "tstates",
        "failures",
    ]
    .iter()
    .map(|k| json[k].clone())
    .chain([json["run"].clone(), json["span"].clone()])
    .collect()
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
    assert!(err.contains("positions 133..266 are in no report"), "{err}");

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
