//! `sargon-z80 image` on the built-in image, on a 1978-style symbol file (no MLEND, constants
//! sharing values with variables), and on broken ones; and the naming of shared addresses in
//! the profiler's report.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use sargon_z80::machine::default_image;

struct Run {
    code: Option<i32>,
    stdout: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

/// The built-in image's bytes with its symbols edited: `drop` removed, `set` changed or added.
fn edited(dir: &Path, drop: &[&str], set: &[(&str, u16)]) -> (PathBuf, PathBuf) {
    let image = default_image();
    let bin = dir.join("img.bin");
    let sym = dir.join("img.sym");
    std::fs::write(&bin, &image.bytes).unwrap();
    let mut text = String::new();
    for (name, value) in image.symbols.iter() {
        if drop.contains(&name) || set.iter().any(|(n, _)| *n == name) {
            continue;
        }
        text.push_str(&format!("{name}\t\tEQU 0{value:04X}H\n"));
    }
    for (name, value) in set {
        text.push_str(&format!("{name}\t\tEQU 0{value:04X}H\n"));
    }
    std::fs::write(&sym, text).unwrap();
    (bin, sym)
}

fn image_args(bin: &Path, sym: &Path) -> Vec<String> {
    [
        "image",
        "--rom",
        &bin.display().to_string(),
        "--sym",
        &sym.display().to_string(),
    ]
    .map(String::from)
    .to_vec()
}

fn run_image(bin: &Path, sym: &Path, extra: &[&str]) -> Run {
    let args = image_args(bin, sym);
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend(extra);
    run(&all)
}

#[test]
fn the_built_in_image_supports_the_board_abi_and_passes_its_smoke_test() {
    let out = run(&["image"]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    for line in [
        "board ABI:  all 14 required symbols\n",
        "search:     all 9 required symbols\n",
        "suspicious: nothing found\n",
        "smoke test:\n  routine  T-states  instructions  result\n",
        "  INITBD      5,481           514  set up the start position\n",
        "  GENMOV     11,320         1,819  20 moves for the start position\n",
        "  FNDMOV    807,330       116,381  b1c3 at PLYMAX 1, SCORE+1 = 0x86, 21 evaluations\n",
        "verdict: the image supports the board ABI and passed its smoke test\n",
    ] {
        assert!(out.stdout.contains(line), "{line:?} in\n{}", out.stdout);
    }
}

#[test]
fn a_1978_style_symbol_file_is_reported_with_its_list_and_shared_values() {
    let dir = tempfile::tempdir().unwrap();
    let image = default_image();
    let kolor = image.symbols.get("KOLOR").unwrap();
    let (bin, sym) = edited(
        dir.path(),
        &[
            "MLEND",
            "MLOVF",
            "PERFT",
            "PDEPTH",
            "PCOUNT",
            "CODE_START",
            "CODE_END",
            "FNDMOV",
        ],
        &[("KNIGHT", kolor), ("ORG", 0)],
    );
    let out = run_image(&bin, &sym, &[]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    let list = "  move list: 0x3803..0x7FFD, 3,072 entries for all plies together\n  \
                list end:  no MLEND: it ends before the next symbol above MLIST\n";
    assert!(out.stdout.contains(list), "{}", out.stdout);
    assert!(
        out.stdout.lines().all(|line| line.chars().count() <= 100),
        "wider than 100 columns:\n{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("search:     8 of 9 required symbols; missing: FNDMOV\n")
    );
    assert!(out.stdout.contains(&format!(
        "  - KOLOR ({kolor:#06X}) shares its value with KNIGHT (listings show KOLOR)\n"
    )));
    assert!(
        out.stdout
            .lines()
            .any(|line| line.starts_with("  FNDMOV   ")
                && line.ends_with("  not run: the image lacks search symbol(s): FNDMOV"))
    );
    assert!(
        !out.stdout.contains("with ORG"),
        "a marker sharing a value is normal"
    );
}

#[test]
fn broken_symbols_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let posq = default_image().symbols.get("POSQ").unwrap();
    let (bin, sym) = edited(
        dir.path(),
        &["GENMOV", "INCHK"],
        &[("POSK", posq + 1), ("POINTS", 0xF000)],
    );
    let out = run_image(&bin, &sym, &[]);
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    for line in [
        "board ABI:  12 of 14 required symbols; missing: GENMOV, INCHK\n",
        "POINTS = 0xF000 lies outside the image's bytes 0x0000..0x32EB (wrong --org or --sym?)\n",
        &format!(
            "  - POSK ({:#06X}, 2 bytes) and POSQ ({posq:#06X}, 3 bytes) overlap\n",
            posq + 1
        ),
        "smoke test: not run (the board ABI is not supported)\n",
        "verdict: the image does not support the board ABI\n",
    ] {
        assert!(out.stdout.contains(line), "{line:?} in\n{}", out.stdout);
    }
    let (bin, sym) = edited(dir.path(), &[], &[("POSQ", 0xFFFF)]);
    let out = run_image(&bin, &sym, &[]);
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    assert!(out.stdout.contains(
        "  cannot be driven: POSQ = 0xFFFF: its 3 bytes run past the top of memory (0xFFFF)\n"
    ));
    assert!(
        out.stdout
            .contains("  - POSQ = 0xFFFF: its 3 bytes run past the top of memory\n")
    );
}

#[test]
fn json_holds_the_same_findings() {
    let out = run(&["image", "--json"]);
    assert_eq!(out.code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["supported"], true);
    assert_eq!(v["inspection"]["board"]["missing"], serde_json::json!([]));
    assert_eq!(v["inspection"]["list"]["entries"], 3072);
    assert_eq!(v["smoke"]["genmov"]["cost"]["tstates"], 11320);
    assert_eq!(v["smoke"]["search"]["status"], "ran");
    assert_eq!(v["smoke"]["search"]["ok"], true);
    assert_eq!(v["smoke"]["search"]["cost"]["tstates"], 807330);
}

#[test]
fn profile_names_a_shared_address_by_the_rule() {
    // TABW and CODE_START share 0100h: the marker gives way. IXSQ and a constant tie: both
    // name the address, and an operand takes the first of them, so its line still assembles.
    let out = run(&["profile", "--routine", "INCHK"]);
    assert!(out.stdout.contains("0100h  TABW  "), "{}", out.stdout);
    let dir = tempfile::tempdir().unwrap();
    let ixsq = default_image().symbols.get("IXSQ").unwrap();
    let (bin, sym) = edited(dir.path(), &[], &[("KNIGHT", ixsq)]);
    let (bin, sym) = (bin.display().to_string(), sym.display().to_string());
    let out = run(&[
        "profile",
        "--routine",
        "INCHK",
        "--rom",
        &bin,
        "--sym",
        &sym,
    ]);
    assert!(
        out.stdout.contains(&format!("{ixsq:04X}h  IXSQ/KNIGHT  ")),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("LD IX,(IXSQ)"), "{}", out.stdout);
}
