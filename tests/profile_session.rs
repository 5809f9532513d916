//! Where a whole game's time goes: `jupiter --profile`, `profile --jupiter` with two programs
//! side by side, and the library's session profile. The parts add up to the session's
//! T-states exactly, which equal `jupiter`'s clock for the same keys.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use assert_cmd::Command;
use serde_json::Value;

use sargon_z80::assembler::assemble_file;
use sargon_z80::jupiter::{Options, Stop, entry, parse_keys};
use sargon_z80::machine::{Image, default_program};
use sargon_z80::profile::{Part, PartMap, Session, profile_program};

/// A scripted game of the built-in program: white, level 2, four moves.
const GAME: &str = "YW2e2-e4g1-f3f1-c4b1-c3";
const SEED: &str = "7";

fn sargon() -> Command {
    Command::cargo_bin("sargon-z80").unwrap()
}

fn json(out: &[u8]) -> Value {
    serde_json::from_slice(out).unwrap()
}

/// `jupiter --keys GAME --json`'s clock, T-states and instructions.
fn jupiter_clock(extra: &[&str]) -> (u64, u64) {
    let out = sargon()
        .args(["jupiter", "--keys", GAME, "--seed", SEED, "--json"])
        .args(extra)
        .output()
        .unwrap();
    let run = json(&out.stdout);
    let clock = &run["clock"];
    (
        clock["tstates"].as_u64().unwrap(),
        clock["instructions"].as_u64().unwrap(),
    )
}

/// The parts of one program's profile as (key, T-states, instructions), and their sums.
fn parts(program: &Value) -> (Vec<(String, u64, u64)>, u64, u64) {
    let parts: Vec<(String, u64, u64)> = program["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["part"].as_str().unwrap().to_string(),
                p["tstates"].as_u64().unwrap(),
                p["instructions"].as_u64().unwrap(),
            )
        })
        .collect();
    let t = parts.iter().map(|p| p.1).sum();
    let i = parts.iter().map(|p| p.2).sum();
    (parts, t, i)
}

#[test]
fn a_games_parts_add_up_to_its_clock() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("game.json");
    let heat = dir.path().join("video.svg");
    let clock = jupiter_clock(&[]);
    let profiled = jupiter_clock(&[
        "--profile",
        report.to_str().unwrap(),
        "--heatmap",
        heat.to_str().unwrap(),
    ]);
    assert_eq!(profiled, clock, "profiling changes nothing of the run");
    let profile = json(&std::fs::read(&report).unwrap());
    let (parts, tstates, instructions) = parts(&profile);
    assert_eq!((tstates, instructions), clock);
    assert_eq!(profile["clock"]["tstates"].as_u64(), Some(clock.0));
    let names: Vec<&str> = parts.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "search",
            "evaluation",
            "generation",
            "make",
            "book",
            "board",
            "blinks",
            "entry",
            "dialogue",
            "monitor",
            "loop"
        ]
    );
    assert!(
        parts.iter().all(|p| p.1 > 0),
        "every part took time: {parts:?}"
    );
    // The book's move (MOVENO 1) from BOOK, reached by FNDMOV's jump.
    let book = &parts[Part::Book.index()];
    assert_eq!((book.1, book.2), (185, 21));
    // The monitor's part is 11 T-states a call.
    let monitor = &parts[Part::Monitor.index()];
    assert_eq!(monitor.1, 11 * monitor.2);
    assert_eq!(profile["monitor_calls"].as_u64(), Some(monitor.2));
    // The searches, all they call included, are the sum of the computer's moves.
    assert_eq!(profile["searches"].as_u64(), Some(4));
    assert_eq!(profile["search_tstates"].as_u64(), Some(19_465_052));
    let svg = std::fs::read_to_string(&heat).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("writes by the program"));
    assert_eq!(
        svg.matches("<rect x=").count(),
        2048 + 40 + 2,
        "cells, legend, frames"
    );
}

#[test]
fn two_programs_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let (rom, sym) = write_echo(dir.path());
    let out = sargon()
        .args([
            "profile",
            "--jupiter",
            "--keys",
            GAME,
            "--seed",
            SEED,
            "--json",
        ])
        .arg("--rom")
        .arg(&rom)
        .arg("--sym")
        .arg(&sym)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json(&out.stdout);
    let programs = report["programs"].as_array().unwrap();
    assert_eq!(programs.len(), 2);
    assert_eq!(programs[0]["program"], "the built-in program");
    let (_, built_in, _) = parts(&programs[0]);
    assert_eq!(built_in, jupiter_clock(&[]).0);
    // The echo program: its FNDMOV is the search, its monitor calls, the rest its loop.
    let (echo, tstates, _) = parts(&programs[1]);
    assert_eq!(tstates, programs[1]["clock"]["tstates"].as_u64().unwrap());
    let nonzero: Vec<&str> = echo
        .iter()
        .filter(|p| p.1 > 0)
        .map(|p| p.0.as_str())
        .collect();
    assert_eq!(nonzero, ["search", "monitor", "loop"]);
    assert_eq!(programs[1]["stopped"], "waiting for a key after 23 keys");
    // As text, one column each.
    let out = sargon()
        .args(["profile", "--jupiter", "--keys", GAME, "--seed", SEED])
        .arg("--rom")
        .arg(&rom)
        .arg("--sym")
        .arg(&sym)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("(1) T-states   share     instrs  (2) T-states"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
}

#[test]
fn a_routine_put_in_a_part() {
    let dir = tempfile::tempdir().unwrap();
    let (rom, sym) = write_echo(dir.path());
    let run = |part: &str| {
        sargon()
            .args([
                "profile",
                "--jupiter",
                "--keys",
                "ab",
                "--json",
                "--part",
                part,
            ])
            .arg("--rom")
            .arg(&rom)
            .arg("--sym")
            .arg(&sym)
            .output()
            .unwrap()
    };
    let out = run("FNDMOV=blinks");
    let report = json(&out.stdout);
    let (echo, _, _) = parts(&report["programs"][1]);
    assert!(echo[Part::Blinks.index()].1 > 0 && echo[Part::Search.index()].1 == 0);
    for (part, message) in [
        ("FNDMOV", "write NAME=PART"),
        ("FNDMOV=flash", "no part \"flash\""),
        ("NOPE=board", "the image has no symbol \"NOPE\""),
        ("FNDMOV=monitor", "the monitor's part is the RST 38H"),
    ] {
        let out = run(part);
        assert_eq!(out.status.code(), Some(2), "{part}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{part}: {stderr}");
    }
}

fn write_echo(dir: &Path) -> (PathBuf, PathBuf) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_echo.asm");
    let asm = assemble_file(&source, &[]).unwrap();
    let (rom, sym) = (dir.join("echo.bin"), dir.join("echo.sym"));
    std::fs::write(&rom, &asm.bytes).unwrap();
    std::fs::write(&sym, asm.sym_text()).unwrap();
    (rom, sym)
}

#[test]
fn the_librarys_session_profile_is_exact() {
    let image: Image = default_program();
    let session = Session {
        name: "the built-in program".to_string(),
        image: &image,
        limit: u64::MAX,
        parts: PartMap::from_symbols(&image.symbols),
    };
    let start = Options {
        entry: entry(&image, None).unwrap(),
        seed: 7,
    };
    let keys = parse_keys("YB2e7-e5").unwrap();
    let (profile, stop) = profile_program(&session, start, &keys, &AtomicBool::new(false)).unwrap();
    assert_eq!(stop, Stop::Key);
    let sum: u64 = profile.parts.iter().map(|p| p.tstates).sum();
    assert_eq!(sum, profile.clock.tstates);
    let shares: f64 = profile.parts.iter().map(|p| p.share).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    assert_eq!(profile.searches, 2);
    let video: u64 = profile.video.program.iter().sum();
    assert_eq!(
        video, 9_234,
        "the screen and the board drawn twice, the blinks"
    );
    assert_eq!(profile.routines.len(), 12);
    assert!(
        profile
            .routines
            .windows(2)
            .all(|w| w[0].self_tstates >= w[1].self_tstates)
    );
}
