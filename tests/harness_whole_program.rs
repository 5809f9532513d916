//! The harness on images that hold a whole program: roms/jupiter.bin as built (its PREVMV
//! names the previous-move entry's place), and the same bytes with PREVMV taken out of the
//! symbol file, a whole-program layout whose code covers 0x2000 (where the 1978 measurements
//! put the entry): `image`, `think`, `crosscheck`, `call` and `bench` run on both without
//! editing anything, find free memory themselves, and the engine costs what it costs in the
//! engine image. With no free memory left, the error says where it looked.

mod stderr;
use stderr::joined;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn roms() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms")
}

/// roms/jupiter.sym without PREVMV, and with `extra` lines, in `dir`.
fn symbols_without_prevmv(dir: &Path, extra: &str) -> PathBuf {
    let text = std::fs::read_to_string(roms().join("jupiter.sym")).unwrap();
    let mut kept: String = text
        .lines()
        .filter(|line| line.split_whitespace().next() != Some("PREVMV"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(kept.len() < text.len(), "roms/jupiter.sym names PREVMV");
    kept.push_str(extra);
    let sym = dir.join("whole.sym");
    std::fs::write(&sym, kept).unwrap();
    sym
}

/// `sargon-z80 ARGS --rom roms/jupiter.bin --sym SYM`.
fn run(args: &[&str], sym: &Path) -> std::process::Output {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(args)
        .arg("--rom")
        .arg(roms().join("jupiter.bin"))
        .arg("--sym")
        .arg(sym)
        .output()
        .unwrap()
}

fn stdout(output: &std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

const THINK: [&str; 10] = [
    "think", "startpos", "--moves", "e2e4", "e7e5", "g1f3", "--ply", "2", "--engine", "z80",
];

/// The T-states `think` reports on the built-in engine image for the same game.
fn think_tstates(output: &str) -> u64 {
    let json: Value = serde_json::from_str(output).unwrap();
    json["hardware"]["tstates"].as_u64().unwrap()
}

#[test]
fn image_reports_where_the_previous_move_entry_goes() {
    let dir = tempfile::tempdir().unwrap();
    let built = roms().join("jupiter.sym");
    let out = stdout(&run(&["image"], &built));
    for line in [
        "image:      ",
        "search:     all 9 required symbols\n",
        "  previous-move entry: 0xFF00 (PREVMV)\n",
        "suspicious: nothing found\n",
        "  INITBD      5,481           514  set up the start position\n",
        "  GENMOV     11,320         1,819  20 moves for the start position\n",
        "  FNDMOV    807,330       116,381  b1c3 at PLYMAX 1, SCORE+1 = 0x86, 21 evaluations\n",
        "verdict: the image supports the board ABI and passed its smoke test\n",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
    let out = stdout(&run(&["image"], &symbols_without_prevmv(dir.path(), "")));
    assert!(
        out.contains("  previous-move entry: 0xBFF0 (free memory: the image names no PREVMV)\n"),
        "{out}"
    );
    assert!(
        out.contains("verdict: the image supports the board ABI"),
        "{out}"
    );
}

#[test]
fn think_costs_the_same_on_the_whole_program() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = THINK.to_vec();
    args.push("--json");
    let engine = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(&args)
        .output()
        .unwrap();
    let expected = think_tstates(&stdout(&engine));
    assert_eq!(expected, 4_131_505);
    for sym in [
        roms().join("jupiter.sym"),
        symbols_without_prevmv(dir.path(), ""),
    ] {
        let out = stdout(&run(&args, &sym));
        assert_eq!(think_tstates(&out), expected, "{}", sym.display());
    }
}

#[test]
fn crosscheck_and_call_run_on_the_whole_program() {
    let dir = tempfile::tempdir().unwrap();
    let sym = symbols_without_prevmv(dir.path(), "");
    let board = stdout(&run(
        &[
            "crosscheck",
            "--depth",
            "1",
            "--random",
            "20",
            "--seed",
            "5",
        ],
        &sym,
    ));
    assert!(board.contains("verdict"), "{board}");
    let search = stdout(&run(
        &[
            "crosscheck",
            "--search",
            "--ply",
            "2",
            "--random",
            "3",
            "--seed",
            "5",
            "--json",
        ],
        &sym,
    ));
    let json: Value = serde_json::from_str(&search).unwrap();
    assert_eq!(json["agree"], true, "{search}");
    let calls = stdout(&run(
        &["call", "INITBD", "GENMOV", "FNDMOV", "--json"],
        &sym,
    ));
    let json: Value = serde_json::from_str(&calls).unwrap();
    let costs: Vec<u64> = json["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["tstates"].as_u64().unwrap())
        .collect();
    assert_eq!(costs[..2], [5_481, 11_320]);
}

#[test]
fn bench_measures_the_engine_inside_the_whole_program_as_in_the_engine_image() {
    let dir = tempfile::tempdir().unwrap();
    let sym = symbols_without_prevmv(dir.path(), "");
    let out = stdout(&run(&["bench", "--quick", "--reps", "1", "--json"], &sym));
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["routines"]["images"][1], "jupiter.bin");
    for row in json["routines"]["rows"].as_array().unwrap() {
        let measure = row["measure"].as_str().unwrap();
        let (ours, whole) = (&row["values"][0], &row["values"][1]);
        if measure.starts_with("code bytes") || measure.starts_with("image bytes") {
            assert!(
                whole["value"].as_f64() > ours["value"].as_f64(),
                "{measure}"
            );
        } else {
            assert_eq!(ours, whole, "{measure}");
        }
    }
}

#[test]
fn no_free_memory_is_an_error_that_says_where() {
    let dir = tempfile::tempdir().unwrap();
    // A symbol just under the video memory: the image's storage would reach it.
    let sym = symbols_without_prevmv(dir.path(), "BUFFER\t\tEQU 0BFF8H\n");
    let out = run(&THINK, &sym);
    assert_eq!(out.status.code(), Some(2));
    let stderr = joined(&String::from_utf8_lossy(&out.stderr));
    assert!(
        stderr.contains(
            "no room for the previous-move entry: 0x2000 is in the image (0x0000..0x3AE2) and \
             memory is in use up to 0xBFF8, too close to the video memory at 0xC000: define \
             PREVMV (six free bytes) in the symbol file"
        ),
        "{stderr}"
    );
    let image = stdout(&run(&["image"], &sym));
    assert!(
        image.contains("  previous-move entry: none: no room for the previous-move entry"),
        "{image}"
    );
}

#[test]
fn call_of_the_programs_entry_says_it_calls_the_monitor_and_names_jupiter() {
    let sym = roms().join("jupiter.sym");
    let out = run(&["call", "DRIVER"], &sym);
    assert_eq!(out.status.code(), Some(2));
    let error = joined(&String::from_utf8_lossy(&out.stderr));
    // It said only "stack pointer left the stack region": the monitor's RST 38H ran into the
    // board at 0038H.
    let rom = roms().join("jupiter.bin");
    let expected = format!(
        "error: DRIVER: stack pointer left the stack region: SP = 0x8801 after the instruction \
         at 0x003B; hint: DRIVER calls the Jove monitor (RST 38H at 0x34BA): it is part of a \
         whole program for the Jupiter III, which `call` cannot run; run the program on the \
         machine with `sargon-z80 jupiter --rom {} --sym {}`",
        rom.display(),
        sym.display()
    );
    assert_eq!(error.trim_end(), expected);
    // A routine that makes no monitor call gets no such hint.
    let out = run(&["call", "INITBD", "GENMOV"], &sym);
    assert!(out.status.success());
}
