//! End-to-end tests of `think`: the 1978 program's answers, the JSON object, game moves, the
//! book, and clear one-line errors with exit status 2.

mod stderr;
use stderr::joined;

use assert_cmd::Command;
use predicates::prelude::*;

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

fn json(args: &[&str]) -> serde_json::Value {
    let output = cmd()
        .arg("think")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("think --json prints one JSON object")
}

#[test]
fn the_start_position_at_ply_3_is_b1c3_with_0x86() {
    cmd()
        .args(["think", "startpos", "--ply", "3", "--engine", "native"])
        .assert()
        .success()
        .stdout(predicate::str::contains("best         b1c3 Nc3\n"))
        .stdout(predicate::str::contains(
            "score        +75 cp for white: material +0 cp + change 0x86 = +75 cp (1 unit = 12.5 cp above 0x80)\n",
        ))
        .stdout(predicate::str::contains("pv           b1c3 b8c6 g1f3\n"))
        .stdout(predicate::str::contains("pv (SAN)     Nc3 Nc6 Nf3\n"))
        .stdout(predicate::str::contains("evaluations  921\n"));
}

/// Fourteen queens at PLYMAX 3: the 1978 program's list of 341 entries overflows at ply 4; a
/// larger list searches it, and the report says the 1978 program could not.
#[test]
fn a_search_past_the_1978_list_says_so() {
    let queens = "qqq1kqqq/8/8/8/8/8/8/QQQ1KQQQ w - - 0 20";
    let args = ["think", queens, "--ply", "3", "--engine", "native"];
    let note = "move list    366 entries at once: more than the 1978 program's list holds (341), it could not make this search\n";
    cmd()
        .args(args)
        .args(["--list-capacity", "3000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("best         c1c8 Qxc8+\n"))
        .stdout(predicate::str::contains(note));
    let fits = json(&[queens, "--ply", "2", "--engine", "native"]);
    assert!(fits["list_peak"].as_u64().unwrap() <= 341, "{fits}");
    cmd()
        .args(["think", queens, "--ply", "2", "--engine", "native"])
        .assert()
        .success()
        .stdout(predicate::str::contains("move list").not());
}

#[test]
fn json_gives_the_same_answer_as_one_object() {
    let report = json(&["--ply", "2"]);
    assert_eq!(report["best"], "b1c3");
    assert_eq!(report["best_san"], "Nc3");
    assert_eq!(report["score"], 0x80);
    assert_eq!(report["centipawns"], 0);
    assert_eq!(report["material_cp"], 0);
    assert_eq!(report["evaluation_cp"], 0);
    assert_eq!(report["evaluations"], 118);
    assert_eq!(report["moveno"], 2);
    assert_eq!(report["trace_fnv1a64"], "8ad6c95670c741d4");
    assert_eq!(report["pv"], serde_json::json!(["b1c3", "b8c6"]));
}

#[test]
fn an_unquoted_fen_equals_the_files_line() {
    // sargon1978/search.jsonl, cpw.epd:4 (Kiwipete) at PLYMAX 2: d5e6, 0x80, 352 evaluations.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut args: Vec<&str> = fen.split(' ').collect();
    args.extend(["--ply", "2"]);
    let report = json(&args);
    assert_eq!(report["fen"], fen);
    assert_eq!(report["best"], "d5e6");
    assert_eq!(report["best_san"], "dxe6");
    assert_eq!(report["score"], 0x80);
    assert_eq!(report["evaluations"], 352);
}

#[test]
fn the_score_is_the_material_plus_the_change_beside_the_byte() {
    let report = json(&[
        "4k3/8/8/8/8/8/8/3QK3",
        "w",
        "-",
        "-",
        "0",
        "1",
        "--ply",
        "3",
    ]);
    assert_eq!(
        (
            &report["score"],
            &report["centipawns"],
            &report["material_cp"],
            &report["evaluation_cp"]
        ),
        (
            &serde_json::json!(0x86),
            &serde_json::json!(75),
            &serde_json::json!(900),
            &serde_json::json!(975)
        )
    );
    cmd()
        .args(["think", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "--ply", "2"])
        .args(["--engine", "native"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "score        -950 cp for white: material -900 cp + change 0x7C = -50 cp",
        ));
}

#[test]
fn moves_continue_the_game() {
    // After 1. e4 e5 2. Nf3: black to move at full move 2, previous move g1f3.
    let report = json(&["startpos", "--moves", "e2e4", "e5", "Nf3", "--ply", "2"]);
    assert_eq!(report["side"], "black");
    assert_eq!(report["moveno"], 2);
    assert_eq!(report["previous_move"], "g1f3");
    assert_eq!(
        report["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2"
    );
    assert!(report["best"].is_string());
}

#[test]
fn moveno_1_answers_from_the_book() {
    let report = json(&["--ply", "3", "--moveno", "1", "--r-register", "1"]);
    assert_eq!(report["best"], "d2d4");
    assert_eq!(report["book"], true);
    assert_eq!(report["score"], 0);
    assert_eq!(report["evaluations"], 0);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: [(&[&str], &str); 7] = [
        (&["8/8/8 w - - 0 1"], "error: bad FEN \"8/8/8 w - - 0 1\""),
        (
            &["--moves", "e2e5"],
            "error: move 1 (\"e2e5\"): e2e5 is not a legal move",
        ),
        (
            &["--moves", "e4", "Zz"],
            "error: move 2 (\"Zz\"): neither SAN",
        ),
        (
            &["rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"],
            "error: no legal move: white is checkmated",
        ),
        (
            &[
                "--engine",
                "native",
                "--rom",
                "roms/sargon.bin",
                "--sym",
                "roms/sargon.sym",
            ],
            "error: --rom/--sym choose an image for --engine z80; --engine native has none",
        ),
        (
            &["--list-capacity", "30"],
            "error: --list-capacity is for --engine native",
        ),
        (
            &["--engine", "native", "--list-capacity", "30"],
            "error: the search gave no answer: move list overflow at ply 2",
        ),
    ];
    for (args, message) in cases {
        let output = cmd().arg("think").args(args).output().unwrap();
        let stderr = joined(&String::from_utf8_lossy(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
    cmd()
        .args(["think", "--ply", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("10 is not in 1..=9"));
}
