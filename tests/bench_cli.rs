//! `sargon-z80 bench` end to end: the quick first look exits 0 with the dashboard (every section
//! and goal, within 100 columns) and, with --details, every section's table; its JSON has the
//! expected keys and one row per goal with a stable id; a second image gets its own column; a
//! missing image is a one-line error with exit code 2. Behaviour only: no figure of speed is
//! asserted.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

fn bench(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("sargon-z80").unwrap();
    cmd.args(["bench", "--quick", "--reps", "1"]).args(args);
    cmd
}

fn roms() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms")
}

#[test]
fn quick_run_prints_the_dashboard_and_the_details() {
    let output = bench(&["--details"]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    for heading in [
        "sargon-z80 bench 0.1.0: quick first look",
        "host: ",
        "load average (1/5/15 min): ",
        "  goal ",
        "Emulation, exact T-states against bare iz80 (ratio: time over bare iz80's)",
        "  tracing off, GENMOV Kiwipete: <= 1.10x ",
        "  the chip's WZ, a loop of WZ-setting instructions ",
        "Z80 board routines, exact T-states (ratio: over the 1978 code's)",
        "  GENMOV start position <= 25,000 T ",
        "Native perft, every leaf move made, in turns (ratio: speed over the peer's)",
        "  start D5 >= 1.00x cozy-chess 0.3 ",
        "Cross-check throughput",
        "  1M random positions, ",
        "Native engine: Sargon's evaluation and search in Rust",
        "  search, kiwipete PLYMAX 4 ",
        "Emulated search and UCI",
        "  UCI isready and stop < 10 ms ",
        "  tracing off, search: <= 1.10x ",
        "  own <= 0.50x 1978 T, PLYMAX 3, start ",
        "Notes",
        "Emulation: the project's machine against bare iz80 on the same code",
        "The chip beyond its timing: each kind of instruction the machine keeps or corrects",
        "  SCF                       machine runs it: Q ",
        "Z80 routines: exact T-states beside the 1978 code (ABI section 9)",
        "Native perft against cozy-chess 0.3: standard rules, every leaf move made, in turns",
        "Cross-check: ",
        "Emulated search: the built-in image's FNDMOV beside the 1978 program's",
        "  start, PLYMAX 2, 4,843,893 T: speed ",
        "Assembler: ",
    ] {
        assert!(text.contains(heading), "no {heading:?} in\n{text}");
    }
    // Bytes, not characters: a terminal tool that counts bytes (`cut -c`, a byte-wise pager)
    // saw the ranges' dashes as three columns each, and the NOT MET lines at 104.
    for line in text.lines() {
        assert!(line.len() <= 100, "{} bytes wide: {line}", line.len());
    }
    // The exact figure and its verdict: one line of the dashboard.
    let genmov = text
        .lines()
        .find(|l| l.starts_with("  GENMOV start position"))
        .unwrap();
    let words: Vec<&str> = genmov.split_whitespace().collect();
    assert_eq!(
        words[words.len() - 4..],
        ["11,320", "T", "0.23x", "met"],
        "{genmov}"
    );
    // Exact T-states of the own search beside the 1978 program's.
    let own = text
        .lines()
        .find(|l| l.starts_with("  own <= 0.50x 1978 T"))
        .unwrap();
    // Words, not spacing: the columns are as wide as the widest measured row.
    let words: Vec<&str> = own.split_whitespace().collect();
    assert_eq!(
        words[words.len() - 4..],
        ["37,507,418", "T", "0.06x", "met"],
        "{own}"
    );
    let other = text
        .lines()
        .find(|l| l.starts_with("  1978 search emulated, PLYMAX 2, T/s"))
        .unwrap();
    assert!(other.contains("no 1978 image (--rom)"), "{other}");
    assert!(other.ends_with("skipped"), "{other}");
    // Goals are stated as the project's own, with no outside reference such as "#12".
    assert!(!text.contains("issue"));
    assert!(!has_hash_number(&text), "{text}");
}

/// A '#' followed by a digit.
fn has_hash_number(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'#' && w[1].is_ascii_digit())
}

#[test]
fn json_has_the_expected_keys_and_a_column_per_image() {
    let rom = roms().join("sargon.bin");
    let sym = roms().join("sargon.sym");
    let output = bench(&["--json", "--rom"])
        .arg(&rom)
        .arg("--sym")
        .arg(&sym)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for key in [
        "schema",
        "version",
        "started_at",
        "host",
        "load_average_after",
        "quick",
        "repetitions",
        "goals",
        "notes",
        "emulation",
        "chip",
        "routines",
        "perft",
        "crosscheck",
        "engine",
        "search",
        "assembler",
    ] {
        assert!(json.get(key).is_some(), "missing key {key}");
    }
    assert_eq!(json["schema"], 2);
    assert_eq!(json["quick"], true);
    assert_eq!(json["repetitions"], 1);
    let engines: Vec<&str> = json["emulation"][0]["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["engine"].as_str().unwrap())
        .collect();
    assert_eq!(
        engines,
        [
            "bare iz80",
            "exact timing, tracing off",
            "exact timing, no tracing code",
            "exact timing, tracing on"
        ]
    );
    // The built-in image named again: its column must equal ours, figure for figure.
    assert_eq!(json["routines"]["images"].as_array().unwrap().len(), 2);
    for row in json["routines"]["rows"].as_array().unwrap() {
        let values = row["values"].as_array().unwrap();
        assert_eq!(values[0], values[1], "{}", row["measure"]);
    }
    assert_eq!(json["routines"]["rows"][0]["baseline_1978"], 49_821.0);
    let perft: Vec<(&str, u64)> = json["perft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["position"].as_str().unwrap(),
                r["depth"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(perft, [("start", 5), ("kiwipete", 4)]);
    assert_eq!(json["perft"][0]["nodes"], 4_865_609);
    assert_eq!(json["perft"][0]["peer"]["name"], "cozy-chess 0.3");
    assert_eq!(json["crosscheck"]["runs"][0]["threads"], 1);
    assert_eq!(json["crosscheck"]["runs"][0]["mismatches"], 0);
    assert_eq!(json["crosscheck"]["random_only"]["positions"], 2_000);
    let searches: Vec<u64> = json["engine"]["searches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["plymax"].as_u64().unwrap())
        .collect();
    assert_eq!(searches, [4, 4]);
    let goals = json["goals"].as_array().unwrap();
    let ids: Vec<&str> = goals.iter().map(|g| g["id"].as_str().unwrap()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "ids repeat: {ids:?}");
    for id in [
        "emulation.tracing_off.mixed_loop",
        "emulation.tracing_on.genmov_kiwipete",
        "routines.genmov_start",
        "reference.perft.start",
        "reference.perft.kiwipete",
        "crosscheck.million",
        "crosscheck.speedup",
        "engine.search.kiwipete.4",
        "search.own_vs_1978",
        "search.tstates_per_second.1978",
        "search.tstates_per_second.own",
        "search.watch_overhead",
        "emulation.tracing_off.search",
        "engine.vs_emulated_1978",
        "uci.latency",
        "assembler.10k_lines",
    ] {
        assert!(ids.contains(&id), "no goal {id} in {ids:?}");
    }
    let genmov = &goals[ids
        .iter()
        .position(|&id| id == "routines.genmov_start")
        .unwrap()];
    assert_eq!(genmov["goal"], "GENMOV start position <= 25,000 T");
    assert_eq!(genmov["measured"]["median"], 11_320.0);
    assert_eq!(genmov["measured"]["unit"], "t-states");
    assert_eq!(genmov["limit"]["bound"], 25_000.0);
    assert_eq!(genmov["status"], "met");
    assert_eq!(genmov["indicative"], false);
    assert!(
        goals.iter().all(|g| g["status"] != "pending"),
        "every goal is measured"
    );
    let search = &json["search"];
    assert_eq!(search["costs"][0]["tstates"], 37_507_418);
    assert_eq!(search["costs"][0]["tstates_1978"], 577_809_511);
    assert_eq!(search["timing"]["plymax"], 2);
    assert_eq!(search["timing"]["evaluations"], 118);
    // The built-in image named again: its search is timed, not called the 1978 program's.
    assert_eq!(search["timing"]["other"]["name"], "sargon.bin");
    assert_eq!(search["timing"]["other"]["tstates"], 4_843_893);
    assert_eq!(search["timing"]["other"]["is_1978"], false);
    let other = &goals[ids
        .iter()
        .position(|&id| id == "search.tstates_per_second.1978")
        .unwrap()];
    assert_eq!(
        other["goal"],
        "sargon.bin (not 1978 T) search emulated, PLYMAX 2, T/s"
    );
    assert_eq!(other["status"], "quoted");
    assert_eq!(json["emulation"][2]["tstates_per_call"], 4_843_893);
    let perft = &goals[ids
        .iter()
        .position(|&id| id == "reference.perft.start")
        .unwrap()];
    assert!(perft["ratio"]["median"].is_number());
    assert_eq!(perft["indicative"], true);
}

#[test]
fn an_image_without_the_optional_symbols_gets_dashes_where_it_cannot_be_measured() {
    let dir = tempfile::tempdir().unwrap();
    let sym = dir.path().join("old.sym");
    let optional = [
        "PERFT",
        "PDEPTH",
        "PCOUNT",
        "CODE_START",
        "CODE_END",
        "MLOVF",
    ];
    let text = std::fs::read_to_string(roms().join("sargon.sym")).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| !optional.contains(&line.split_whitespace().next().unwrap_or("")))
        .collect();
    std::fs::write(&sym, kept.join("\n")).unwrap();
    let output = bench(&["--json", "--rom"])
        .arg(roms().join("sargon.bin"))
        .arg("--sym")
        .arg(&sym)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["routines"]["images"][1], "sargon.bin");
    for row in json["routines"]["rows"].as_array().unwrap() {
        let (ours, old) = (&row["values"][0], &row["values"][1]);
        let measure = row["measure"].as_str().unwrap();
        if measure.starts_with("PERFT routine") || measure.starts_with("code bytes") {
            assert!(ours["value"].is_number(), "{measure}");
            assert_eq!(old["error"], "not in this image", "{measure}");
        } else {
            assert_eq!(ours, old, "{measure}");
        }
    }
}

#[test]
fn a_missing_image_is_an_input_error() {
    bench(&["--rom", "no-such.bin", "--sym", "no-such.sym"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: "))
        .stdout("");
}

#[test]
fn rom_needs_sym() {
    bench(&["--rom", "x.bin"]).assert().code(2);
}
