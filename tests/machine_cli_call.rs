//! `sargon-z80 call` end to end: images written to a temporary folder, exact cost in text and
//! JSON, and every input or runtime problem as a one-line error with exit code 2.

mod stderr;
use stderr::joined;

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

/// LD IX,8100h; LD A,(IX+5); INC (IX+1); JR NZ,START; RET
const SEVENTY_THREE: [u8; 13] = [
    0xDD, 0x21, 0x00, 0x81, 0xDD, 0x7E, 0x05, 0xDD, 0x34, 0x01, 0x20, 0xF4, 0xC9,
];

struct Files {
    _dir: tempfile::TempDir,
    bin: PathBuf,
    sym: PathBuf,
}

fn files(bytes: &[u8], sym: &str) -> Files {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("img.bin");
    let symf = dir.path().join("img.sym");
    std::fs::write(&bin, bytes).unwrap();
    std::fs::write(&symf, sym).unwrap();
    Files {
        _dir: dir,
        bin,
        sym: symf,
    }
}

fn call(f: &Files, args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("sargon-z80").unwrap();
    cmd.arg("call")
        .arg("--rom")
        .arg(&f.bin)
        .arg("--sym")
        .arg(&f.sym)
        .args(args);
    cmd
}

const SYMS: &str = "START\t\tEQU 8000H\nDATA\t\tEQU 8100H\n";

#[test]
fn seventy_three_through_json() {
    let f = files(&SEVENTY_THREE, SYMS);
    let out = call(
        &f,
        &[
            "--org",
            "0x8000",
            "--set",
            "DATA+1=0xFF",
            "--set",
            "8105h=$42",
            "--json",
            "START",
        ],
    )
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["tstates"], 73);
    assert_eq!(v["instructions"], 5);
    assert_eq!(v["calls"][0]["address"], 0x8000);
    assert_eq!(v["calls"][0]["routine"], "START");
    assert_eq!(v["registers"]["a"], 0x42);
    assert_eq!(v["registers"]["ix"], 0x8100);
    assert_eq!(v["registers"]["sp"], 0);
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
}

#[test]
fn seventy_three_as_text() {
    let f = files(&SEVENTY_THREE, SYMS);
    call(&f, &["--org", "32768", "--set", "DATA+1=255", "start"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "start at 0x8000: 73 T-states, 5 instructions\nAF=0051 BC=0000 DE=0000 HL=0000 IX=8100 IY=0000 SP=0000 PC=800D flags=-ZH--C\n",
        ));
}

/// Runs `call` and checks it fails with exit code 2 and one line on stderr containing `needle`.
fn fails(f: &Files, args: &[&str], needle: &str) {
    let out = call(f, args).assert().code(2).get_output().clone();
    let stderr = joined(&String::from_utf8(out.stderr).unwrap());
    assert_eq!(stderr.lines().count(), 1, "one message: {stderr:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(needle),
        "{stderr:?} should contain {needle:?}"
    );
    assert!(!stderr.contains("panicked"));
}

#[test]
fn runaway_code() {
    let f = files(&[0x18, 0xFE], "LOOP EQU 0");
    fails(
        &f,
        &["--budget", "100", "LOOP"],
        "LOOP: runaway code: no return within the call's budget of 100 instructions (1,200 T-states); PC = 0x0000 in LOOP",
    );
}

#[test]
fn halt() {
    let f = files(&[0x00, 0x76], "H EQU 0");
    fails(&f, &["H"], "HALT executed at 0x0001");
}

#[test]
fn protected_write() {
    // LD HL,0; LD (HL),0xAA; RET
    let f = files(
        &[0x21, 0x00, 0x00, 0x36, 0xAA, 0xC9],
        "CODE_START EQU 0\nCODE_END EQU 6\nGO EQU 0",
    );
    fails(
        &f,
        &["GO"],
        "write of 0xAA to protected address 0x0000 by the instruction at 0x0003",
    );
}

#[test]
fn truncated_image() {
    let f = files(&[0xC9; 4], "CODE_START EQU 0\nCODE_END EQU 0010H\nGO EQU 0");
    fails(&f, &["GO"], "truncated image: CODE_END = 0x0010");
}

#[test]
fn empty_image() {
    let f = files(&[], "GO EQU 0");
    fails(&f, &["GO"], "empty image (");
}

#[test]
fn image_past_the_top() {
    let f = files(&[0xC9; 4], "GO EQU 0");
    fails(&f, &["--org", "0xFFFE", "GO"], "runs past 0xFFFF");
}

#[test]
fn malformed_sym_line() {
    let f = files(&[0xC9], "GO EQU 0\nBROKEN LINE HERE\n");
    fails(
        &f,
        &["GO"],
        "img.sym: malformed symbol line 2: \"BROKEN LINE HERE\"",
    );
}

#[test]
fn missing_symbol() {
    let f = files(&[0xC9], "GO EQU 0");
    fails(&f, &["GENMOV"], "missing required symbol(s): GENMOV");
    fails(
        &f,
        &["--set", "BOARDA=1", "GO"],
        "missing required symbol(s): BOARDA",
    );
}

#[test]
fn missing_file() {
    let f = files(&[0xC9], "GO EQU 0");
    let mut cmd = Command::cargo_bin("sargon-z80").unwrap();
    let out = cmd
        .args(["call", "--rom", "/nonexistent/x.bin", "--sym"])
        .arg(&f.sym)
        .arg("GO")
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot read /nonexistent/x.bin"),
        "{stderr}"
    );
}

#[test]
fn bad_arguments() {
    let f = files(&[0xC9], "GO EQU 0");
    fails(&f, &["--set", "GO=256", "GO"], "does not fit in a byte");
    fails(&f, &["--set", "GO", "GO"], "expected SYMBOL=BYTE");
    fails(
        &f,
        &["--set", "GO=zz", "GO"],
        "bad address or number \"zz\"",
    );
    call(&f, &["--org", "12G", "GO"]).assert().code(2);
}

/// ADD A,L; LD (HL),A; RET at 8000h.
const ADD_AND_STORE: [u8; 3] = [0x85, 0x77, 0xC9];

#[test]
fn routines_in_order_with_registers_and_dumps() {
    let f = files(
        &ADD_AND_STORE,
        "ORG EQU 8000H\nGO EQU 8000H\nDATA EQU 8100H\n",
    );
    let out = call(
        &f,
        &[
            "--reg",
            "A=5",
            "--reg",
            "HL=0x8101",
            "--dump",
            "DATA:4/2",
            "--dump",
            "GO:3",
            "GO",
            "0x8000",
        ],
    )
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    // A = 5 + 01h, stored at 8101h; the second call adds L again: 6 + 01h = 7.
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "GO at 0x8000: 21 T-states, 3 instructions\n\
         0x8000 at 0x8000: 21 T-states, 3 instructions\n\
         total: 42 T-states, 6 instructions\n\
         AF=0700 BC=0000 DE=0000 HL=8101 IX=0000 IY=0000 SP=0000 PC=8003 flags=------\n\
         AF'=0000 BC'=0000 DE'=0000 HL'=0000 I=00 R=06 IFF1=0 IFF2=0 IM=0 WZ=8003 Q=00\n\
         DATA:4/2 at 0x8100, 4 bytes:\n  8100  00 07\n  8102  00 00\n\
         GO:3 at 0x8000, 3 bytes:\n  8000  85 77 C9\n"
    );
    let v: serde_json::Value = serde_json::from_slice(
        &call(
            &f,
            &[
                "--reg",
                "A=5",
                "--reg",
                "HL=0x8101",
                "--dump",
                "DATA+1:1",
                "--json",
                "GO",
                "GO",
            ],
        )
        .assert()
        .success()
        .get_output()
        .stdout,
    )
    .unwrap();
    assert_eq!(v["tstates"], 42);
    assert_eq!(v["calls"][1]["tstates"], 21);
    assert_eq!(v["dumps"][0]["bytes"], serde_json::json!([7]));
    assert_eq!(v["registers"]["a"], 7);
}

/// BIT 0,(HL); RET, and SCF; RET: F's bits 5 and 3 after them come from WZ and from Q,
/// which `--reg` sets; the RET leaves WZ at its return address, Q clear.
#[test]
fn wz_and_q_are_set_and_printed() {
    let f = files(
        &[0xCB, 0x46, 0xC9, 0x37, 0xC9],
        "BITHL EQU 0\nSCFRET EQU 3\n",
    );
    let registers = |args: &[&str]| {
        let out = call(&f, &[&["--json"], args].concat())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let r = &v["registers"];
        let n = |k: &str| r[k].as_u64().unwrap();
        (n("f"), n("wz"), n("q"))
    };
    let bit = ["--reg", "HL=0x8000", "--reg", "WZ=0x2800", "BITHL"];
    assert_eq!(
        registers(&bit),
        (0x7D, 0x0005, 0x00),
        "Z H P/V, C kept, 5 3 from WZ 28xxh"
    );
    let bit = ["--reg", "HL=0x8000", "--reg", "WZ=0x0100", "BITHL"];
    assert_eq!(registers(&bit), (0x55, 0x0005, 0x00));
    let scf = ["--reg", "AF=0x0028", "--reg", "Q=0", "SCFRET"];
    assert_eq!(
        registers(&scf),
        (0x29, 0x0005, 0x00),
        "Q = 0: bits 5 3 of F stay"
    );
    let scf = ["--reg", "AF=0x0028", "--reg", "Q=0x28", "SCFRET"];
    assert_eq!(
        registers(&scf),
        (0x01, 0x0005, 0x00),
        "Q = F: bits 5 3 of A"
    );
    let out = call(&f, &["--reg", "WZ=0x1234", "--reg", "Q=0x55", "BITHL"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8(out)
            .unwrap()
            .contains(" IM=0 WZ=0005 Q=00\n"),
        "the printout shows WZ and Q after the call"
    );
}

#[test]
fn bad_registers_and_dumps() {
    let f = files(&ADD_AND_STORE, "GO EQU 0");
    fails(
        &f,
        &["--reg", "A=300", "GO"],
        "--reg \"A=300\": 300 does not fit in a byte",
    );
    fails(&f, &["--reg", "SP=1", "GO"], "use --stack");
    fails(&f, &["--reg", "QQ=1", "GO"], "unknown register");
    fails(&f, &["--dump", "GO", "GO"], "expected WHERE:LEN");
    fails(
        &f,
        &["--dump", "0xFFFF:2", "GO"],
        "2 bytes from 0xFFFF run past 0xFFFF",
    );
    let long = format!("\u{1b}[2J{}:1", "X".repeat(5000));
    fails(
        &f,
        &["--dump", &long, "GO"],
        &format!(
            "--dump \"\\u{{1b}}[2J{x}\"... (5006 bytes): missing required symbol(s): \\u{{1b}}[2J{x}...",
            x = "X".repeat(36)
        ),
    );
    fails(
        &f,
        &["--dump", "NOWHERE:2", "GO"],
        "missing required symbol(s): NOWHERE",
    );
}

#[test]
fn an_image_loaded_at_0_by_default_gets_an_org_hint() {
    let f = files(&ADD_AND_STORE, "GO EQU 8000H\nDATA EQU 8100H\n");
    fails(
        &f,
        &["GO"],
        "GO: PC left the loaded image: 0x8000; hint: the image was loaded at 0x0000, as no --org was given and the symbol file has no ORG; if it was assembled for another address, give --org (its lowest symbol is 0x8000: --org 0x8000?)",
    );
    call(&f, &["--org", "0x8000", "GO"]).assert().success();
}

#[test]
fn the_built_in_image_without_rom() {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["call", "INITBD", "GENMOV", "--dump", "BOARDA+21:8"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(": 11,320 T-states, 1,819 instructions\n"),
        "{text}"
    );
    assert!(
        text.ends_with("BOARDA+21:8 at 0x0015, 8 bytes:\n  0015  04 02 03 05 06 03 02 04\n"),
        "{text}"
    );
}
