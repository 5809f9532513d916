//! `sargon-z80 bench` end to end: the quick smoke run exits 0 with every section of the table,
//! its JSON has the expected keys, a second image gets its own column, and a missing image is
//! a one-line error with exit code 2. Behaviour only: no figure of speed is asserted.

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
fn quick_run_prints_every_section() {
    let mut assert = bench(&[]).assert().success();
    for heading in [
        "sargon-z80 bench: quick smoke run",
        "host: ",
        "Emulation: the project's machine against bare iz80 on the same code",
        "Z80 routines: exact T-states beside the 1978 code (ABI section 9)",
        "Native reference: perft, every leaf move made (no bulk counting)",
        "Cross-check: ",
        "Assembler: ",
        "Goals of the project, judged on this run",
        "GENMOV, start position (20 moves)",
        "GENMOV, Kiwipete (48 moves)",
        "exact timing, tracing on",
        "speed-up 1 -> ",
    ] {
        assert = assert.stdout(predicate::str::contains(heading));
    }
    // Goals are the project's own: no issue numbers anywhere in the table.
    assert
        .stdout(predicate::str::contains("issue").not())
        .stdout(predicate::str::is_match(r"#\d").unwrap().not());
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
        "host",
        "load_average_after",
        "quick",
        "repetitions",
        "emulation",
        "routines",
        "reference",
        "crosscheck",
        "assembler",
        "goals",
        "notes",
    ] {
        assert!(json.get(key).is_some(), "missing key {key}");
    }
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
    let rules: Vec<&str> = json["reference"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rules"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["sargon", "standard", "sargon", "standard"]);
    assert_eq!(json["crosscheck"]["runs"][0]["threads"], 1);
    assert_eq!(json["crosscheck"]["runs"][0]["mismatches"], 0);
    let goals = json["goals"].as_array().unwrap();
    let sections: Vec<&str> = goals
        .iter()
        .map(|g| g["section"].as_str().unwrap())
        .collect();
    for section in [
        "emulation",
        "routines",
        "reference",
        "crosscheck",
        "assembler",
    ] {
        assert!(sections.contains(&section), "no goal of section {section}");
    }
    assert_eq!(goals.len(), 12);
    assert_eq!(goals[4]["goal"], "GENMOV start position <= 25,000 T");
    assert_eq!(goals[4]["status"], "met");
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
