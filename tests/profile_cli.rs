//! `profile` and `tui` end to end on the toy ABI image, whose T-states are counted by hand in
//! tests/fixtures/toy_abi.asm.

mod common;

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

fn cmd(dir: &std::path::Path, args: &[&str]) -> Command {
    let (bin, sym) = common::write_toy(dir);
    let mut cmd = Command::cargo_bin("sargon-z80").unwrap();
    cmd.args(args).args([
        "--rom",
        bin.to_str().unwrap(),
        "--sym",
        sym.to_str().unwrap(),
        "--org",
        "0x100",
    ]);
    cmd
}

fn json(dir: &std::path::Path, args: &[&str]) -> Value {
    let out = cmd(dir, args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn text_report_has_routines_mix_heatmap_and_hot_addresses() {
    let dir = tempfile::tempdir().unwrap();
    cmd(dir.path(), &["profile"])
        .assert()
        .success()
        .stdout(contains("GENMOV lists 1 move for this position"))
        .stdout(contains(
            "GENMOV at 0100h, 1 call: 384 T-states, 36 instructions\nmemory:    14 reads, 19 writes",
        ))
        .stdout(contains(
            "real time: 216.5 us at 1.774 MHz, 192.0 us at 2 MHz, 96.0 us at 4 MHz",
        ))
        .stdout(contains(
            "  GENMOV       1      384  384  384.0  384     357     36   216.5 us  192.0 us  96.0 us",
        ))
        .stdout(contains(
            "  INCHK        1       27   27   27.0   27      27      3    15.2 us   13.5 us   6.8 us",
        ))
        .stdout(contains("LD            20         271  70.6%"))
        .stdout(contains("  30 2 [ .]  .   .   .   .   1   .   .   . [ .]"))
        .stdout(contains(
            "0119h  GENMOV+25      LD A,(BOARDA+35)            1        13   3.4%",
        ))
        .stdout(contains("0186h  BOARDA+35 e2          1        0"));
}

#[test]
fn json_report_is_exact() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(dir.path(), &["profile", "--mhz", "4"]);
    assert_eq!(v["moves"], 1);
    let p = &v["profile"];
    assert_eq!(p["tstates"], 384);
    assert_eq!(p["instructions"], 36);
    assert_eq!(p["micros"][0], 96.0);
    assert_eq!(p["routines"][0]["name"], "GENMOV");
    assert_eq!(p["routines"][0]["self_tstates"], 357);
    assert_eq!(p["routines"][1]["name"], "INCHK");
    assert_eq!(p["routines"][1]["total"], 27);
    assert_eq!(p["mix"][0]["mnemonic"], "LD");
    assert_eq!(p["mix"][0]["tstates"], 271);
    assert_eq!(p["heatmap"]["reads"][25], 1);
    assert_eq!(p["heatmap"]["reads"][35], 1);
    assert_eq!(p["heatmap"]["writes"][35], 0);
}

#[test]
fn move_and_unmove_are_profiled_over_every_generated_move() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(dir.path(), &["profile", "--routine", "move"]);
    let p = &v["profile"];
    assert_eq!(p["routine"], "MOVE");
    assert_eq!(p["tstates"], 148);
    assert_eq!(p["routines"][0]["calls"], 1);
    assert_eq!(p["heatmap"]["writes"][35], 1);
    assert_eq!(p["heatmap"]["writes"][55], 1);
    let v = json(dir.path(), &["profile", "--routine", "UNMOVE"]);
    assert_eq!(v["profile"]["tstates"], 10);
    let v = json(dir.path(), &["profile", "--routine", "INCHK"]);
    assert_eq!(v["profile"]["tstates"], 27);
}

#[test]
fn move_and_unmove_on_a_position_without_moves_is_an_error_not_a_panic() {
    // The toy GENMOV lists e2e4 only; with no white pawn on e2 its list is empty.
    let dir = tempfile::tempdir().unwrap();
    for routine in ["MOVE", "UNMOVE"] {
        let out = cmd(
            dir.path(),
            &[
                "profile",
                "--routine",
                routine,
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            ],
        )
        .assert()
        .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(
            err,
            format!(
                "error: GENMOV lists no move for this position, so {routine} has nothing to run on\n"
            )
        );
    }
}

#[test]
fn svg_heatmap_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("heat.svg");
    cmd(dir.path(), &["profile", "--svg", svg.to_str().unwrap()])
        .assert()
        .success()
        .stdout(contains("(open it in a web browser)"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("<title>35 e2: 1 reads</title>"));
    assert!(text.contains("<title>25 e1: 1 reads</title>"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    cmd(dir.path(), &["profile", "--routine", "NOSUCH"])
        .assert()
        .code(2)
        .stderr("error: the image has no symbol \"NOSUCH\"\n");
    cmd(dir.path(), &["profile", "--mhz", "0"])
        .assert()
        .code(2)
        .stderr("error: --mhz 0 is not a clock rate from 0.1 to 1000 MHz\n");
    cmd(dir.path(), &["profile", "not a fen"])
        .assert()
        .code(2)
        .stderr(contains("error: bad FEN \"not a fen\""));
    cmd(dir.path(), &["tui", "not a fen"])
        .assert()
        .code(2)
        .stderr(contains("error: bad FEN \"not a fen\""));
}

#[test]
fn tui_refuses_to_run_without_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    cmd(dir.path(), &["tui"])
        .write_stdin("q")
        .assert()
        .code(2)
        .stderr("error: `tui` needs an interactive terminal (stdin and stdout)\n");
}

#[test]
fn a_search_profile_fits_100_columns_keeping_the_first_clock() {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["profile", "--search", "2"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} wide: {line}",
            line.chars().count()
        );
    }
    // The search's large counts leave room for the first clock's column only; the line above
    // the table gives the whole search at every clock.
    assert!(text.contains("  routine  calls"), "{text}");
    assert!(text.contains("@1.774MHz\n"), "{text}");
    assert!(text.contains("real time: 2.73 s at 1.774 MHz, "), "{text}");
}
