//! End-to-end tests of `moves`, `perft` and `crosscheck`: output and exit codes on the built-in
//! image, on a copy with one GENMOV byte patched, on a 1978-style symbol file, and on bad input.

mod stderr;
use stderr::joined;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

use sargon_z80::abi::Driver;
use sargon_z80::crosscheck::{Checker, Failure, MismatchKind};
use sargon_z80::machine::Image;
use sargon_z80::machine::default_image;
use sargon_z80::position::Board;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

/// Runs a command line the tool printed (`sargon-z80 ...`) through the shell, in `dir`.
fn run_printed(line: &str, dir: &Path) -> std::process::Output {
    let binary = env!("CARGO_BIN_EXE_sargon-z80");
    let line = line
        .strip_prefix("sargon-z80 ")
        .expect("a sargon-z80 command");
    std::process::Command::new("sh")
        .current_dir(dir)
        .args(["-c", &format!("'{binary}' {line}")])
        .output()
        .unwrap()
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Writes `bytes` and a pasmo-style symbol file holding `image`'s symbols minus `skip`, plus
/// `extra` lines; returns the two paths.
fn write_image(
    dir: &Path,
    name: &str,
    bytes: &[u8],
    image: &Image,
    skip: &[&str],
    extra: &str,
) -> (PathBuf, PathBuf) {
    let bin = dir.join(format!("{name}.bin"));
    let sym = dir.join(format!("{name}.sym"));
    std::fs::write(&bin, bytes).unwrap();
    let mut text = String::new();
    for (symbol, value) in image.symbols.iter() {
        if !skip.iter().any(|s| s.eq_ignore_ascii_case(symbol)) {
            text.push_str(&format!("{symbol}\tEQU 0{value:04X}H\n"));
        }
    }
    text.push_str(extra);
    std::fs::write(&sym, text).unwrap();
    (bin, sym)
}

fn image_args(bin: &Path, sym: &Path, org: u16) -> Vec<String> {
    vec![
        "--rom".into(),
        bin.display().to_string(),
        "--sym".into(),
        sym.display().to_string(),
        "--org".into(),
        format!("{org:#06X}"),
    ]
}

/// The first byte of GENMOV (in address order, flipping bit 0, then bit 3) whose change makes
/// GENMOV return normally with a start-position list that differs from the reference's: a
/// patch that changes the generated moves without crashing the machine.
fn genmov_patch(image: &Image) -> (u16, u8, u8) {
    let genmov = image.symbols.get("GENMOV").unwrap();
    let end = ["MOVE", "UNMOVE", "INCHK", "PERFT", "INITBD", "CODE_END"]
        .iter()
        .filter_map(|name| image.symbols.get(name))
        .filter(|&value| value > genmov)
        .min()
        .unwrap();
    for addr in genmov..end {
        for mask in [0x01u8, 0x08] {
            let mut bytes = image.bytes.clone();
            let at = usize::from(addr - image.org);
            bytes[at] ^= mask;
            let patched = Image::new(bytes, image.org, image.symbols.clone()).unwrap();
            let mut checker = Checker::new(Driver::new(&patched).unwrap());
            if let Err(Failure::Mismatch(m)) = checker.check(&Board::startpos(), 1, None) {
                if matches!(m.kind, MismatchKind::List { .. }) {
                    let old = image.bytes[at];
                    return (addr, old, old ^ mask);
                }
            }
        }
    }
    panic!("no single-bit change of GENMOV alters the start position's list");
}

#[test]
fn help_of_every_subcommand_has_examples() {
    for sub in ["moves", "perft", "crosscheck"] {
        cmd()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains(format!("sargon-z80 {sub}")));
    }
}

#[test]
fn moves_shows_both_lists_and_agrees() {
    let out = cmd().arg("moves").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    assert!(text.contains("GENMOV: 20 entries"), "{text}");
    assert!(text.contains("g1f3"), "{text}");
    // Moves are numbered from 1, as the debugger numbers them.
    assert!(
        text.contains("\n      1   b1a3   10    b1a3   10 "),
        "{text}"
    );
    assert!(
        text.contains("\n     20   h2h4   10    h2h4   10 "),
        "{text}"
    );
    assert!(
        text.contains("verdict: agree (20 entries, 20 legal moves"),
        "{text}"
    );

    let out = cmd().args(["moves", KIWIPETE, "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["agree"], true);
    // 48 moves; the two castlings each add a hidden rook entry, part of the move before it.
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 50);
    let numbers: Vec<&serde_json::Value> = rows.iter().map(|row| &row["number"]).collect();
    assert_eq!(numbers[0], 1);
    assert_eq!(rows.last().unwrap()["number"], 48);
    assert_eq!(numbers.iter().filter(|n| n.is_null()).count(), 2);
    for row in rows {
        assert_eq!(row["number"].is_null(), row["hidden"] == true, "{row}");
    }
    assert!(json["genmov_tstates"].as_u64().unwrap() > 0);
}

#[test]
fn moves_rejects_a_bad_fen() {
    cmd()
        .args(["moves", "8/8/8/8/8/8/8/8 w - - 0 1"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: bad FEN"));
}

#[test]
fn perft_counts_on_both_engines_and_divides_like_stockfish() {
    let out = cmd().args(["perft", "3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    assert!(text.contains("z80:    perft(3) = 8,902"), "{text}");
    assert!(text.contains("native: perft(3) = 8,902"), "{text}");
    assert!(text.contains("on a 4 MHz Z80"), "{text}");
    assert!(text.contains("verdict: the engines agree"), "{text}");

    let out = cmd()
        .args(["perft", "2", "--divide", KIWIPETE])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    assert!(text.contains("\ne1g1: 43\n"), "{text}");
    assert!(text.contains("\n\nNodes searched: 2,039\n"), "{text}");

    let out = cmd()
        .args(["perft", "2", "--json", "--engine", "z80"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["engines"][0]["engine"], "z80");
    assert_eq!(json["engines"][0]["nodes"], 400);
}

#[test]
fn perft_standard_rules_are_native_only() {
    // CPW position 4 has promotions: standard and sargon counts differ at depth 2.
    let pos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    cmd()
        .args(["perft", "2", "--rules", "standard", pos4])
        .assert()
        .success()
        .stdout(predicate::str::contains("native: perft(2) = 264"));
    cmd()
        .args(["perft", "2", "--rules", "standard", "--engine", "z80"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Sargon rules only"));
}

#[test]
fn crosscheck_agrees_on_the_built_in_image() {
    let out = cmd()
        .args([
            "crosscheck",
            "--random",
            "70",
            "--seed",
            "11",
            "--depth",
            "1",
        ])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "crosscheck: 133 listed position(s) to depth 1, 70 random position(s) to depth 1\n\
             run:   seed 11, "
        ),
        "{text}"
    );
    assert!(text.contains("positions            203"), "{text}");
    assert!(text.contains("mismatches           0"), "{text}");
    assert!(
        text.contains("verdict: the image agrees with the reference"),
        "{text}"
    );

    let out = cmd()
        .args(["crosscheck", "--fen", KIWIPETE, "--depth", "2", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["agree"], true);
    assert_eq!(json["positions"], 1);
    // The root and its 48 children.
    assert_eq!(json["nodes"], 49);
}

#[test]
fn random_positions_do_not_depend_on_the_thread_count() {
    let run = |threads: &str| {
        let out = cmd()
            .args([
                "crosscheck",
                "--random",
                "35",
                "--seed",
                "3",
                "--threads",
                threads,
            ])
            .args(["--fen", START, "--depth", "1", "--json"])
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            json["nodes"].clone(),
            json["moves"].clone(),
            json["tstates"].clone(),
        )
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn crosscheck_checks_epd_files_and_reports_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.epd");
    std::fs::write(
        &good,
        format!("# two positions\n{START} ;D1 20 ;D2 400\n{KIWIPETE} ;D1 48\n"),
    )
    .unwrap();
    let out = cmd()
        .arg("crosscheck")
        .arg(&good)
        .args(["--seed", "1"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("EPD counts checked   3"), "{text}");

    let wrong = dir.path().join("wrong.epd");
    std::fs::write(&wrong, format!("{START} ;D2 401\n")).unwrap();
    let out = cmd().arg("crosscheck").arg(&wrong).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout_of(&out).contains("standard-rules perft(2) = 400, but the EPD line claims 401"));

    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, format!("{START} ;D1 20\n\n{START} ;D1 x\n")).unwrap();
    cmd()
        .arg("crosscheck")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(format!(
            "error: {}:3: `D1 x`: node count is not a number\n",
            bad.display()
        ));

    let bad_fen = dir.path().join("badfen.epd");
    std::fs::write(
        &bad_fen,
        "# c\n# c\nrnbqkbnr/pppppppp/8/8 w KQkq - 0 1 ;D1 20\n",
    )
    .unwrap();
    let out = cmd().arg("crosscheck").arg(&bad_fen).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = joined(&String::from_utf8_lossy(&out.stderr));
    assert!(
        err.starts_with(&format!("error: {}:3: bad FEN", bad_fen.display())),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    cmd()
        .args(["crosscheck", "--fen", "not a fen"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: bad --fen"));
}

#[test]
fn crosscheck_rejects_missing_truncated_and_symbol_less_images() {
    let image = default_image();
    let dir = tempfile::tempdir().unwrap();
    let (_, sym) = write_image(dir.path(), "full", &image.bytes, &image, &[], "");

    let one_line_error = |args: Vec<String>, expected: &str| {
        let out = cmd().arg("crosscheck").args(args).output().unwrap();
        // One error, wrapped under its label (a missing symbol's hint makes it long).
        let err = joined(&String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with("error: ") && err.contains(expected),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    let missing = dir.path().join("missing.bin");
    one_line_error(image_args(&missing, &sym, image.org), "cannot read");

    let half = &image.bytes[..image.bytes.len() / 2];
    let (short, _) = write_image(dir.path(), "short", half, &image, &[], "");
    one_line_error(image_args(&short, &sym, image.org), "truncated image");

    let (bin2, nosym) = write_image(
        dir.path(),
        "nosym",
        &image.bytes,
        &image,
        &["GENMOV", "INCHK"],
        "",
    );
    one_line_error(
        image_args(&bin2, &nosym, image.org),
        "missing required ABI symbol(s): GENMOV, INCHK",
    );
}

#[test]
fn a_1978_style_symbol_file_works_and_a_small_list_is_reported_not_compared() {
    let image = default_image();
    let dir = tempfile::tempdir().unwrap();
    let optional = [
        "MLEND",
        "MLOVF",
        "PERFT",
        "PDEPTH",
        "PCOUNT",
        "CODE_START",
        "CODE_END",
        "MLLST",
        "INITBD",
    ];
    let (bin, sym) = write_image(dir.path(), "old", &image.bytes, &image, &optional, "");
    let out = cmd()
        .arg("crosscheck")
        .args(image_args(&bin, &sym, image.org))
        .args(["--fen", START, "--depth", "2"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("no MLEND: it ends at the next symbol above MLIST"),
        "{text}"
    );

    // A symbol 40 entries above MLIST bounds the list: Kiwipete's 50 entries do not fit.
    let mlist = image.symbols.get("MLIST").unwrap();
    let extra = format!("LSTTOP\tEQU 0{:04X}H\n", mlist + 40 * 6);
    let (bin, sym) = write_image(dir.path(), "small", &image.bytes, &image, &optional, &extra);
    let out = cmd()
        .arg("crosscheck")
        .args(image_args(&bin, &sym, image.org))
        .args(["--fen", KIWIPETE, "--fen", START, "--depth", "1"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("move list full at path [] (50 entries needed, room for 39)"),
        "{text}"
    );
    assert!(text.contains("skipped (list full)  1"), "{text}");
}

#[test]
fn a_patched_genmov_byte_is_a_mismatch_with_a_working_replay_command() {
    let image = default_image();
    let (addr, old, new) = genmov_patch(&image);
    let (name, base) = image.symbols.nearest_below(addr).unwrap();
    println!(
        "patched GENMOV byte at {addr:#06X} ({name}+{}): {old:02X} -> {new:02X}",
        addr - base
    );
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = image.bytes.clone();
    bytes[usize::from(addr - image.org)] = new;
    write_image(dir.path(), "patched", &bytes, &image, &[], "");
    let out = cmd()
        .current_dir(dir.path())
        .args(["crosscheck", "--rom", "patched.bin", "--sym", "patched.sym"])
        .args([
            "--org",
            &format!("{}", image.org),
            "--seed",
            "5",
            "--random",
            "50",
        ])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "patch {addr:#06X}: {old:02X} -> {new:02X}\n{text}"
    );
    assert!(
        text.contains("MISMATCH in built-in:cpw.epd:3 (depth 2)"),
        "{text}"
    );
    assert!(text.contains("GENMOV move list differs"), "{text}");
    assert!(
        text.contains("\n  > "),
        "differing entries are marked: {text}"
    );
    let replay = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("replay:"))
        .expect("a replay line")
        .trim()
        .to_string();
    assert_eq!(
        replay,
        format!(
            "sargon-z80 crosscheck --rom patched.bin --sym patched.sym --org {:#06X} --fen '{START} ;D1 20 ;D2 400' --depth 2",
            image.org
        )
    );
    let again = run_printed(&replay, dir.path());
    let again_text = stdout_of(&again);
    assert_eq!(again.status.code(), Some(1), "{again_text}");
    assert!(
        again_text.contains("MISMATCH in --fen (depth 2)"),
        "{again_text}"
    );
    assert!(
        again_text.contains("GENMOV move list differs"),
        "{again_text}"
    );

    cmd()
        .current_dir(dir.path())
        .args(["moves", "--rom", "patched.bin", "--sym", "patched.sym"])
        .args(["--org", &format!("{}", image.org)])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("verdict: DIFFER"));
}

#[test]
fn the_replay_of_a_failing_random_position_reproduces_it() {
    let image = default_image();
    let (addr, _, new) = genmov_patch(&image);
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = image.bytes.clone();
    bytes[usize::from(addr - image.org)] = new;
    write_image(dir.path(), "patched", &bytes, &image, &[], "");
    let empty = dir.path().join("none.epd");
    std::fs::write(&empty, "").unwrap();
    let out = cmd()
        .current_dir(dir.path())
        .args([
            "crosscheck",
            "none.epd",
            "--rom",
            "patched.bin",
            "--sym",
            "patched.sym",
        ])
        .args([
            "--org",
            &format!("{}", image.org),
            "--seed",
            "5",
            "--random",
            "20",
        ])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let headline = text
        .lines()
        .find(|l| l.starts_with("MISMATCH in random #"))
        .expect("a random position fails")
        .to_string();
    let replay = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("replay:"))
        .expect("a replay line")
        .trim()
        .to_string();
    assert!(replay.contains("--seed 5 --random-index "), "{replay}");
    let again = run_printed(&replay, dir.path());
    let again_text = stdout_of(&again);
    assert_eq!(again.status.code(), Some(1), "{again_text}");
    assert!(again_text.contains(&headline), "{headline}\n{again_text}");
}

#[test]
fn an_unquoted_fen_as_file_arguments_gets_the_hint() {
    let out = cmd()
        .args([
            "crosscheck",
            "4k3/8/8/8/8/8/8/R3K2R",
            "w",
            "K",
            "-",
            "0",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = joined(&String::from_utf8_lossy(&out.stderr));
    assert!(
        err.trim_end().ends_with(
            "; hint: a FEN is one argument: quote it, as in '4k3/8/8/8/8/8/8/R3K2R w K - 0 1'"
        ),
        "{err}"
    );
}
