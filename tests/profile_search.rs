//! `profile --search N`: a whole search under the profiler, with the same T-states as the
//! search driver measures and every evaluation attributed to POINTS.

use assert_cmd::Command;

#[test]
fn the_start_position_search_per_routine() {
    let output = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["profile", "--search", "3", "--json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let routines = report["profile"]["routines"].as_array().unwrap();
    let find = |name: &str| {
        routines
            .iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {routines:?}"))
    };
    assert_eq!(find("FNDMOV")["calls"], 1);
    assert_eq!(
        find("FNDMOV")["total"],
        37_507_418,
        "what think --engine z80 prints"
    );
    assert_eq!(find("POINTS")["calls"], 921, "one call per evaluation");
    assert_eq!(find("GENMOV")["calls"], 62);
    assert_eq!(report["moves"], 20);
}

#[test]
fn search_and_routine_conflict() {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["profile", "--search", "2", "--routine", "MOVE"])
        .assert()
        .code(2);
}
