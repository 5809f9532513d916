//! `sargon-z80 uci` driven by real clients: python-chess (games against Stockfish with both
//! engines, the same moves from both at the same depth and seed, a 1 s + 0.1 s clock game that
//! never loses on time, repeating 40-move controls each reached with its reserve, scores that
//! track the material, mates finished at every level and reported only when standard chess has
//! them at their exact distance, won games not thrown away by a repetition, a fifty-move draw
//! or a stalemate) and a raw pipe (`stop` during `go infinite` and during `go depth`, `isready`
//! during a search, pondering, the time used, a budget below an image's first level, analysis
//! past the 1978 levels, a refused position, a node limit, a quiet engine window). The game
//! checks run with `Shortest mate` and `Avoid repetition` off: the moves are the 1978
//! program's. The clients are in `tests/uci/clients.py`; they need python3 with python-chess
//! and Stockfish (`.ci/run` installs both).

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

#[test]
fn scores_track_the_material_with_one_sign_at_every_depth() {
    client("score");
}

#[test]
fn a_mate_at_hand_is_taken_and_won_games_are_finished_at_every_level() {
    client("mates");
}

#[test]
fn avoid_repetition_refuses_a_repetition_or_a_stalemate_while_ahead() {
    client("avoid");
}

#[test]
fn ponderhit_answers_in_the_moves_time_with_a_ponder_move() {
    client("ponder");
}

#[test]
fn a_move_time_and_a_clock_share_are_used() {
    client("time-use");
}

#[test]
fn go_infinite_searches_past_the_1978_levels_until_stop() {
    client("infinite");
}

#[test]
fn a_refused_position_leaves_no_position() {
    client("refused");
}

#[test]
fn go_nodes_answers_the_deepest_level_within_the_limit() {
    client("nodes");
}

#[test]
fn stop_during_go_depth_answers_the_best_move_known() {
    client("move-now");
}

#[test]
fn won_games_are_not_drawn_by_repetition_or_the_fifty_move_rule() {
    client("won-games");
}

#[test]
fn mate_scores_are_proven_under_standard_rules_at_their_exact_distance() {
    client("mate-scores");
}

#[test]
fn a_budget_below_an_images_first_level_is_answered_within_it() {
    client("tiny-budget");
}

#[test]
fn repeating_controls_are_reached_with_their_reserve() {
    client("controls");
}

#[test]
fn the_engine_window_stays_quiet_by_default() {
    client("window");
}
