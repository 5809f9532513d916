//! `--source FILE` on the commands that disassemble, end to end: a listing or a source read as
//! the image's, the built-in images' own source by default, JSON naming a monitor call, and
//! every bad source as one error with exit code 2 (a partial one as a warning). And the symbol
//! file's label marks, read back by the project's reader and by pasmo-style ones.

mod stderr;
use stderr::joined;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

struct Program {
    dir: tempfile::TempDir,
}

impl Program {
    /// The TDL program of the tests assembled into a temporary folder: tdl.bin, .sym, .lst.
    fn new() -> Program {
        let dir = tempfile::tempdir().unwrap();
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tdl_program.asm");
        std::fs::copy(&source, dir.path().join("tdl.asm")).unwrap();
        sargon()
            .current_dir(dir.path())
            .args(["asm", "tdl.asm", "--dialect", "tdl", "-o", "tdl.bin"])
            .args(["--sym", "tdl.sym", "--lst", "tdl.lst"])
            .assert()
            .success();
        Program { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `call INCHK` on the program with `args` after it, from its folder.
    fn call(&self, args: &[&str]) -> Command {
        let mut cmd = sargon();
        cmd.current_dir(self.dir.path())
            .args(["call", "INCHK", "--rom", "tdl.bin", "--sym", "tdl.sym"])
            .args(args);
        cmd
    }
}

fn sargon() -> Command {
    Command::cargo_bin("sargon-z80").unwrap()
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

fn failure(cmd: &mut Command) -> String {
    let out = cmd.assert().code(2).get_output().stderr.clone();
    joined(&String::from_utf8(out).unwrap())
}

#[test]
fn a_listing_and_a_source_give_the_same_words() {
    let p = Program::new();
    let from_listing = stdout(&mut p.call(&[
        "--disasm",
        "WALK:5",
        "--dialect",
        "tdl",
        "--source",
        "tdl.lst",
    ]));
    let from_source = stdout(&mut p.call(&[
        "--disasm",
        "WALK:5",
        "--dialect",
        "tdl",
        "--source",
        "tdl.asm",
    ]));
    assert_eq!(from_listing, from_source);
    assert!(
        from_listing.contains("  020F  21 9A 00     LXI H,PLYIX-2\n"),
        "{from_listing}"
    );
    // The source is TDL; asked for Zilog it is still read (in the other dialect).
    let zilog = stdout(&mut p.call(&["--disasm", "WALK:5", "--source", "tdl.asm"]));
    assert!(
        zilog.contains("  0212  DD 7E 88     LD A,(IX+DISP)\n"),
        "{zilog}"
    );
}

#[test]
fn json_names_a_monitor_call_and_its_block() {
    let p = Program::new();
    let out = stdout(&mut p.call(&["--disasm", "AGAIN:1", "--source", "tdl.lst", "--json"]));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let lines = &json["disassembly"][0]["instructions"];
    assert_eq!(lines.as_array().unwrap().len(), 2, "{lines}");
    assert_eq!(lines[0]["text"], "RST 38h ; key");
    assert_eq!(lines[0]["call"], "key");
    assert_eq!(lines[0]["label"], "AGAIN");
    assert_eq!(
        (lines[1]["address"].as_u64(), &lines[1]["text"]),
        (Some(0x23A), &"DB 81H,0".into())
    );
    assert!(lines[1].get("call").is_none());
}

#[test]
fn the_built_in_images_bring_their_source() {
    let out = stdout(sargon().args(["call", "INITBD", "--disasm", "PIECE+11:1"]));
    assert!(out.ends_with("  1575  FE 7F        CP MLLIMH\n"), "{out}");
    let profile = stdout(sargon().args(["profile", "--dialect", "tdl"]));
    assert!(profile.contains("PIECE+11       CPI MLLIMH"), "{profile}");
}

#[test]
fn bad_sources_are_one_error_each() {
    let p = Program::new();
    let missing = failure(&mut p.call(&["--disasm", "WALK", "--source", "missing.lst"]));
    assert!(
        missing.starts_with("error: cannot read missing.lst: "),
        "{missing}"
    );
    std::fs::write(p.path("bad.lst"), "; file x.asm\n     1  0100  3E\nhello\n").unwrap();
    assert_eq!(
        failure(&mut p.call(&["--disasm", "WALK", "--source", "bad.lst"])),
        "error: bad.lst:3: not a listing written by `asm --lst`: after `; file NAME` every line \
         holds a line number, an address or value, bytes and the source text\n"
    );
    std::fs::write(p.path("other.asm"), "\tORG 0205H\n\tNOP\n\tNOP\n").unwrap();
    assert_eq!(
        failure(&mut p.call(&["--disasm", "WALK", "--source", "other.asm"])),
        "error: other.asm is not the source of this image: no line of its code has the image's \
         bytes at its address (another program, another build, or the image loaded at another \
         --org)\n"
    );
    std::fs::write(p.path("broken.asm"), "\tLD A,\n").unwrap();
    let broken = failure(&mut p.call(&["--disasm", "WALK", "--source", "broken.asm"]));
    assert!(
        broken.starts_with(
            "error: broken.asm does not assemble as zilog (nor in the other dialect): 1 error(s)\n\
             broken.asm:1:"
        ),
        "{broken}"
    );
    let too_large = failure(&mut p.call(&["--disasm", "WALK", "--source", "/dev/zero"]));
    assert_eq!(
        too_large,
        "error: /dev/zero: a source or listing is at most 16 MiB and this file is larger\n"
    );
}

#[test]
fn a_listing_of_another_build_warns_and_is_used_where_it_agrees() {
    let p = Program::new();
    let listing = std::fs::read_to_string(p.path("tdl.lst")).unwrap();
    // One line of code made different: MVI B,3 as MVI B,4.
    let changed = listing.replace("  0215  06 03        ", "  0215  06 04        ");
    assert_ne!(changed, listing);
    std::fs::write(p.path("old.lst"), changed).unwrap();
    let out = p
        .call(&["--disasm", "WALK:6", "--source", "old.lst"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(
        joined(&String::from_utf8(out.stderr).unwrap()),
        "warning: 1 line(s) of code of old.lst differ from the image, the first tdl.asm:51 at \
         0215H; they are shown but stand for no code\n"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("LD HL,PLYIX-2\n"), "{text}");
    assert!(text.contains("  0215  06 03        LD B,03h\n"), "{text}");
}

#[test]
#[cfg(unix)]
fn a_picture_is_never_written_over_the_source() {
    let p = Program::new();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.lst"),
        p.path("sargon.lst"),
    )
    .unwrap();
    // The picture's name is a link to the source given.
    std::os::unix::fs::symlink("sargon.lst", p.path("heat.svg")).unwrap();
    let refused = failure(sargon().current_dir(p.dir.path()).args([
        "profile",
        "--source",
        "sargon.lst",
        "--svg",
        "heat.svg",
    ]));
    assert!(
        refused.starts_with("error: refusing to write heat.svg: it is the source sargon.lst"),
        "{refused}"
    );
    let kept = std::fs::read_to_string(p.path("sargon.lst")).unwrap();
    assert!(kept.starts_with("; file sargon.asm\n"));
}

#[test]
fn the_symbol_files_label_marks_read_back() {
    let p = Program::new();
    let text = std::fs::read_to_string(p.path("tdl.sym")).unwrap();
    assert!(text.contains("PTR2\t\tEQU 00002H\t; label\n"), "{text}");
    assert!(text.contains("KNIGHT\t\tEQU 00002H\n"), "{text}");
    // The project's reader: the marks.
    let symbols = sargon_z80::machine::SymbolTable::parse(&text).unwrap();
    assert_eq!(
        (symbols.is_label("PTR2"), symbols.is_label("KNIGHT")),
        (Some(true), Some(false))
    );
    assert_eq!(symbols.label_at(2), Some("PTR2"));
    // A pasmo-style reader takes each line's first three words: NAME EQU VALUE.
    let read: Vec<(String, u16)> = text
        .lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[1], "EQU", "{line}");
            let hex = words[2].trim_end_matches('H');
            (words[0].to_string(), u16::from_str_radix(hex, 16).unwrap())
        })
        .collect();
    assert_eq!(read.len(), symbols.len());
    assert!(read.contains(&("WALK".to_string(), 0x205)));
    // pasmo itself, when installed, reads the file as source (an INCLUDE of the symbols).
    std::fs::write(
        p.path("use.asm"),
        "\tINCLUDE tdl.sym\n\tORG 0\n\tDW WALK,PTR2,KNIGHT\n",
    )
    .unwrap();
    let run = std::process::Command::new("pasmo")
        .current_dir(p.dir.path())
        .args(["use.asm", "use.bin"])
        .output();
    match run {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            println!("pasmo not found: the marks were read by the project's reader only");
        }
        Err(e) => panic!("cannot run pasmo: {e}"),
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                std::fs::read(p.path("use.bin")).unwrap(),
                [0x05, 0x02, 2, 0, 2, 0]
            );
        }
    }
}
