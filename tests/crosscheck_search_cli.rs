//! End-to-end tests of the search comparison of `crosscheck`: `--search` on the built-in image
//! and on a copy with one table byte changed (the difference named, its replay command run and
//! reproducing it), the default run's PLYMAX 1..2 comparison, JSON, and an image without the
//! search's symbols.

mod common;

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use sargon_z80::machine::default_image;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

/// A copy of the built-in image whose development table counts an unmoved white knight -3
/// instead of -2: every evaluation of a position with one changes.
fn write_faulty(dir: &Path) -> (String, String) {
    let image = default_image();
    let deva = image.symbols.get("DEVA").expect("the image names DEVA");
    let mut bytes = image.bytes.clone();
    bytes[usize::from(deva - image.org) + 0x02] = 0xFD;
    std::fs::write(dir.join("f.bin"), bytes).unwrap();
    let sym = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.sym");
    std::fs::copy(sym, dir.join("f.sym")).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    (path("f.bin"), path("f.sym"))
}

/// Standard output with the report's long lines joined again: a line over 100 columns goes on
/// under it, indented by four spaces.
fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).replace("\n    ", " ")
}

/// Runs a `sargon-z80 ...` line the tool printed through the shell.
fn run_printed(line: &str) -> std::process::Output {
    let binary = env!("CARGO_BIN_EXE_sargon-z80");
    let line = line.strip_prefix("sargon-z80 ").expect("a sargon-z80 line");
    std::process::Command::new("sh")
        .args(["-c", &format!("'{binary}' {line}")])
        .output()
        .unwrap()
}

/// Runs `words` (split at spaces) and `more` on the built-in image and checks that the image's
/// search agrees with the native engine on `searches` searches.
fn agrees(words: &str, more: &[&str], searches: usize) {
    cmd()
        .args(words.split(' '))
        .args(more)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!(
            "agrees with the native engine on {searches} search(es)"
        )));
}

#[test]
fn the_start_position_agrees_at_plymax_1_and_2_with_exact_counts() {
    cmd()
        .args(["crosscheck", "--search", "--ply", "2", "--fen", "startpos"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "  searches             2\n  evaluations compared 139\n  Z80 T-states         5,651,223 (",
        ))
        .stdout(predicate::str::contains(
            "verdict: the image's search agrees with the native engine on 2 search(es)",
        ));
}

#[test]
fn a_planted_fault_is_named_and_its_replay_reproduces_it() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_faulty(dir.path());
    let out = cmd()
        .args(["crosscheck", "--search", "--ply", "2", "--fen", START])
        .args(["--rom", &bin, "--sym", &sym])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let expected = format!(
        "SEARCH MISMATCH at position 0 (--fen {START}), PLYMAX 1: evaluation 0 of 21/21: \
         image ply 0 (no previous move) VALM 0x82, native ply 0 (no previous move) VALM 0x80"
    );
    assert!(text.contains(&expected), "{text}");
    let replay = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay: "))
        .expect("a replay command");
    assert_eq!(
        replay,
        format!("sargon-z80 crosscheck --search --ply 1 --rom {bin} --sym {sym} --fen '{START}'")
    );
    let again = run_printed(replay);
    assert_eq!(again.status.code(), Some(1));
    assert!(stdout(&again).contains(&expected), "{}", stdout(&again));
}

#[test]
fn random_positions_replay_by_seed_and_index() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_faulty(dir.path());
    // Seed 11's stream: the first position whose search the fault changes, found by the run.
    let out = cmd()
        .args([
            "crosscheck",
            "--search",
            "--ply",
            "1",
            "--random",
            "40",
            "--seed",
            "11",
        ])
        .args([
            "--fen",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "--rom",
            &bin,
            "--sym",
            &sym,
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let replay = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay: "))
        .expect("a replay command");
    assert!(replay.contains("--seed 11 --random-index "), "{replay}");
    let mismatch = text
        .lines()
        .find(|l| l.starts_with("SEARCH MISMATCH"))
        .unwrap();
    let again = stdout(&run_printed(replay));
    // Alone, the random position is position 0 of its run; the difference is the same.
    let difference = mismatch.split_once("PLYMAX 1: ").unwrap().1;
    assert!(again.contains(difference), "{again}");
    // The same run on the built-in image agrees: 41 positions at PLYMAX 1.
    let run = "crosscheck --search --ply 1 --random 40 --seed 11";
    agrees(run, &["--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"], 41);
}

#[test]
fn the_default_run_compares_the_search_to_plymax_2_on_the_built_in_positions() {
    let out = cmd()
        .args(["crosscheck", "--random", "10", "--seed", "1", "--json"])
        .args(["--search-random", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let search = &json["search"];
    assert_eq!(search["max_ply"], 2);
    // The 133 built-in positions and the search's own 7.
    assert_eq!(search["positions"], 140);
    assert_eq!(search["searches"], 280);
    assert_eq!(search["evaluations"], 8_061);
    assert_eq!(search["tstates"], 258_200_136u64);
    assert_eq!(search["agree"], true);
    assert_eq!(json["agree"], true);
    cmd()
        .args(["crosscheck", "--random", "10", "--seed", "1", "--ply", "0"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("search").not());
}

#[test]
fn the_default_run_fails_on_a_search_difference() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = write_faulty(dir.path());
    cmd()
        .args(["crosscheck", "--random", "10", "--seed", "1"])
        .args(["--rom", &bin, "--sym", &sym])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("  positions            143\n"))
        .stdout(predicate::str::contains("  mismatches           0\n"))
        .stdout(predicate::str::contains(
            "SEARCH MISMATCH at position 0 (built-in:cpw.epd:3",
        ))
        .stdout(predicate::str::contains(
            "verdict: SEARCH MISMATCH (stopped at the first; --keep-going finds them all)",
        ));
}

#[test]
fn an_image_without_the_search_symbols() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = common::write_toy(dir.path());
    let (bin, sym) = (bin.display().to_string(), sym.display().to_string());
    cmd()
        .args(["crosscheck", "--search", "--rom", &bin, "--sym", &sym])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("FNDMOV"));
    cmd()
        .args(["crosscheck", "--search", "--ply", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--search needs --ply 1 or more"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_command_that_goes_on_and_from_takes_it_up() {
    let binary = env!("CARGO_BIN_EXE_sargon-z80");
    let child = std::process::Command::new(binary)
        .args(["crosscheck", "--search", "--ply", "3", "--random", "300"])
        .args(["--seed", "1", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(130), "{text}");
    let resume = text
        .lines()
        .find_map(|l| l.strip_prefix("to go on: "))
        .expect("the command that goes on");
    let prefix = "sargon-z80 crosscheck --search --ply 3 --random 300 --seed 1 --from ";
    let from: usize = resume.strip_prefix(prefix).expect(resume).parse().unwrap();
    assert!((1..433).contains(&from), "{resume}");
    // The run's last two positions (133 built-in, the search's 7, then random #0..4), taken up
    // with --from.
    agrees(
        "crosscheck --search --ply 1 --random 5 --seed 1",
        &["--from", "143"],
        2,
    );
}

#[test]
fn a_search_the_native_model_cannot_follow_is_skipped_with_its_marks() {
    // Seed 7's random position 1070, a crowded board: its evaluation at ply 1 changes POSK and
    // the POSQ terminator, memory the native model does not hold.
    let out = cmd()
        .args(["crosscheck", "--search", "--ply", "1", "--seed", "7"])
        .args(["--random-index", "1070"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    assert!(
        text.contains(
            "skipped search at position 0 (random #1070 NBR2N1b/BppPQqRQ/Np1pbRPp/PpPpPRqR/\
             PbPpPPpR/QQQNpppp/KPNrppkr/QNrRQNqr w - - 0 1), PLYMAX 1: POSQ terminator changed, \
             POSK changed by the evaluation, royal square off the board"
        ),
        "{text}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("nothing was checked: every search was skipped"),
    );
}

#[test]
fn a_search_run_is_bounded() {
    cmd()
        .args(["crosscheck", "--search", "--random", "1000000000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--search takes at most 1,000,000 positions in one run, and this one has \
             1,000,000,000,133",
        ));
}

#[test]
fn crowded_boards_whose_pin_list_an_overflow_changes_agree() {
    // A black king slot's overflow rewrites the pin list's first square (quirk Q5) during the
    // evaluation; a knight pinned before must then attack on the later squares: the image's
    // square scan sees every knight, pinned or not, and tests its pin as the list stands.
    agrees(
        "crosscheck --search --ply 2 --seed 7 --random-index 2582",
        &[],
        2,
    );
    agrees(
        "crosscheck --search --ply 1 --seed 11 --random-index 2638",
        &[],
        1,
    );
    agrees(
        "crosscheck --search --ply 2 --seed 8 --random-index 13",
        &[],
        2,
    );
}
