//! `sargon-z80 uci` driven by real clients: python-chess (games against Stockfish with both
//! engines, the same moves from both at the same depth and seed, a 1 s + 0.1 s clock game that
//! never loses on time) and a raw pipe (`stop` during `go infinite`, `isready` during a search).
//! The clients are in `tests/uci/clients.py`; they need python3 with python-chess and Stockfish
//! (`.ci/run` installs both).

use std::path::PathBuf;
use std::process::Command;

/// Stockfish on PATH, or where Debian's package puts it.
fn stockfish() -> PathBuf {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("stockfish"))
        .find(|candidate| candidate.is_file());
    found.expect("Stockfish is needed (Debian: apt-get install stockfish, as .ci/run does)")
}

fn client(check: &str) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/uci/clients.py");
    let output = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_sargon-z80"))
        .arg(stockfish())
        .arg(check)
        .output()
        .expect("python3 is needed to run the UCI clients");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is needed: pip install chess (as .ci/run does)"
    );
    assert!(
        output.status.success(),
        "replay: python3 {} target/release/sargon-z80 {} {check}\n{}{stderr}",
        script.display(),
        stockfish().display(),
        String::from_utf8_lossy(&output.stdout)
    );
    print!("{}", String::from_utf8_lossy(&output.stdout));
}

#[test]
fn games_against_stockfish_with_both_engines_play_only_legal_moves() {
    client("game");
}

#[test]
fn both_engines_choose_the_same_moves_at_the_same_depth_and_seed() {
    client("same-moves");
}

#[test]
fn stop_during_go_infinite_answers_a_legal_bestmove() {
    client("stop");
}

#[test]
fn isready_is_answered_during_a_search() {
    client("isready");
}

#[test]
fn a_one_second_clock_game_never_loses_on_time() {
    client("clock");
}
