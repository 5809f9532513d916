//! No command writes over one of its own inputs, outputs replace old files only when all of
//! them were written, and inputs are read with limits: through the command line, as a user
//! would meet it.

mod stderr;
use stderr::joined;

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

const SOURCE: &str = "\tORG 100H\nSTART:\tLD A,1\n\tRET\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(dir: &Path, args: &[&str]) -> Run {
    let out = Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir)
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: joined(&String::from_utf8_lossy(&out.stderr)),
    }
}

/// A folder with `x.asm` holding [`SOURCE`].
fn folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("x.asm");
    std::fs::write(&src, SOURCE).unwrap();
    (dir, src)
}

/// The command was refused with exit code 2 and an error that says why; `src` is intact.
fn refused(run: &Run, src: &Path, text: &str, why: &str) {
    assert_eq!(run.code, Some(2), "stderr: {}", run.stderr);
    assert!(run.stderr.contains(why), "stderr: {}", run.stderr);
    assert_eq!(std::fs::read_to_string(src).unwrap(), text);
}

#[test]
fn asm_refuses_every_output_that_names_the_source() {
    let (dir, src) = folder();
    for args in [
        &["asm", "x.asm", "-o", "x.asm"][..],
        &["asm", "x.asm", "-o", "y.bin", "--sym", "x.asm"],
        &["asm", "x.asm", "-o", "y.bin", "--lst", "./x.asm"],
    ] {
        let out = run(dir.path(), args);
        refused(&out, &src, SOURCE, "refusing to write");
        assert!(
            out.stderr.contains("it is the source x.asm"),
            "{}",
            out.stderr
        );
        assert!(
            !dir.path().join("y.bin").exists(),
            "{args:?}: nothing is written"
        );
    }
}

#[cfg(unix)]
#[test]
fn asm_refuses_links_to_the_source() {
    let (dir, src) = folder();
    std::os::unix::fs::symlink("x.asm", dir.path().join("soft.bin")).unwrap();
    std::fs::hard_link(&src, dir.path().join("hard.bin")).unwrap();
    for name in ["soft.bin", "hard.bin"] {
        let out = run(dir.path(), &["asm", "x.asm", "-o", name]);
        refused(&out, &src, SOURCE, "refusing to write");
    }
}

#[test]
fn an_output_that_is_a_symbolic_link_loop_is_refused() {
    let (dir, src) = folder();
    std::os::unix::fs::symlink("loopB.svg", dir.path().join("loopA.svg")).unwrap();
    std::os::unix::fs::symlink("loopA.svg", dir.path().join("loopB.svg")).unwrap();
    for args in [
        &["asm", "x.asm", "-o", "loopA.svg"][..],
        &["asm", "x.asm", "-o", "y.bin", "--sym", "loopB.svg"],
        &["profile", "--svg", "loopA.svg"],
        &[
            "think",
            "--ply",
            "1",
            "--engine",
            "native",
            "--trace",
            "loopA.svg",
        ],
    ] {
        let out = run(dir.path(), args);
        refused(&out, &src, SOURCE, "too many levels of symbolic links");
        for link in ["loopA.svg", "loopB.svg"] {
            let meta = std::fs::symlink_metadata(dir.path().join(link)).unwrap();
            assert!(
                meta.file_type().is_symlink(),
                "{args:?}: {link} is still a link"
            );
        }
        assert!(!dir.path().join("y.bin").exists(), "{args:?}");
    }
}

#[test]
fn asm_refuses_the_default_output_of_a_source_named_bin() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("x.bin");
    std::fs::write(&src, SOURCE).unwrap();
    let out = run(dir.path(), &["asm", "x.bin"]);
    refused(
        &out,
        &src,
        SOURCE,
        "refusing to write x.bin: it is the source x.bin",
    );
}

#[test]
fn asm_refuses_to_write_over_an_included_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("main.asm"),
        "\tINCLUDE part.asm\n\tINCBIN data.bin\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("part.asm"), "\tNOP\n").unwrap();
    std::fs::write(dir.path().join("data.bin"), [1u8, 2]).unwrap();
    let part = dir.path().join("part.asm");
    let out = run(dir.path(), &["asm", "main.asm", "--sym", "part.asm"]);
    refused(&out, &part, "\tNOP\n", "it is an input of the source");
    let out = run(dir.path(), &["asm", "main.asm", "-o", "data.bin"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert_eq!(std::fs::read(dir.path().join("data.bin")).unwrap(), [1, 2]);
    let out = run(dir.path(), &["asm", "main.asm", "-o", "main.out"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("main.out")).unwrap(),
        [0, 1, 2]
    );
}

#[test]
fn a_failed_write_leaves_every_old_output() {
    let (dir, _) = folder();
    std::fs::write(dir.path().join("x.bin"), "old bin").unwrap();
    let out = run(
        dir.path(),
        &["asm", "x.asm", "-o", "x.bin", "--sym", "missing/x.sym"],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("cannot write missing/x.sym"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.bin")).unwrap(),
        "old bin"
    );
    let out = run(
        dir.path(),
        &["asm", "x.asm", "-o", "x.bin", "--sym", "x.sym"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("x.bin")).unwrap(),
        [0x3E, 1, 0xC9]
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert_eq!(names, Vec::<String>::new(), "no temporary file is left");
}

#[test]
fn profile_svg_refuses_to_write_over_the_image() {
    // An image and a symbol file with the picture's extensions, so only identity can refuse.
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = common::write_toy(dir.path());
    let (image, symbols) = (dir.path().join("toy.svg"), dir.path().join("toy.png"));
    std::fs::rename(&bin, &image).unwrap();
    std::fs::rename(&sym, &symbols).unwrap();
    let bytes = std::fs::read(&image).unwrap();
    let args = [
        "profile", "--rom", "toy.svg", "--sym", "toy.png", "--org", "0x100", "--svg",
    ];
    let out = run(dir.path(), &[&args[..], &["toy.svg"]].concat());
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("refusing to write toy.svg: it is the image toy.svg"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read(&image).unwrap(), bytes);
    let text = std::fs::read_to_string(&symbols).unwrap();
    let out = run(dir.path(), &[&args[..], &["./toy.png"]].concat());
    refused(&out, &symbols, &text, "it is the symbol file toy.png");
    let out = run(dir.path(), &[&args[..], &["heat.svg"]].concat());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        std::fs::read_to_string(dir.path().join("heat.svg"))
            .unwrap()
            .starts_with("<svg")
    );
}

#[cfg(unix)]
#[test]
fn an_endless_image_is_refused_after_64_kib() {
    let dir = tempfile::tempdir().unwrap();
    let (_, sym) = common::write_toy(dir.path());
    let sym = sym.display().to_string();
    for command in ["moves", "call"] {
        let mut args = vec![command, "--rom", "/dev/zero", "--sym", &sym];
        if command == "call" {
            args.push("GENMOV");
        }
        let out = run(dir.path(), &args);
        assert_eq!(out.code, Some(2), "{command}: {}", out.stderr);
        assert_eq!(
            out.stderr.trim(),
            "error: /dev/zero: an image is at most 64 KiB and this file is larger"
        );
    }
}

#[test]
fn symbol_file_errors_quote_a_short_escaped_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = common::write_toy(dir.path());
    let good = std::fs::read_to_string(&sym).unwrap();
    let bin = bin.display().to_string();
    let sym_arg = sym.display().to_string();
    let check = |text: String, expected: &str| {
        std::fs::write(&sym, text).unwrap();
        let out = run(dir.path(), &["moves", "--rom", &bin, "--sym", &sym_arg]);
        assert_eq!(out.code, Some(2), "{}", out.stderr);
        assert_eq!(
            out.stderr.trim(),
            format!("error: {}", expected.replace("SYM", &sym_arg))
        );
        assert!(out.stderr.len() < 300, "short: {}", out.stderr);
    };
    check(
        format!("{good}\u{1b}[2J{} EQU 1\n", "X".repeat(900)),
        &format!(
            "SYM: malformed symbol line {}: \"\\u{{1b}}[2J{}\"... (910 bytes)",
            good.lines().count() + 1,
            "X".repeat(36)
        ),
    );
    check(
        format!("{good}{}\n", "Y".repeat(5_000)),
        &format!(
            "SYM:{}: line longer than 1024 bytes: \"{}\"... (5000 bytes)",
            good.lines().count() + 1,
            "Y".repeat(40)
        ),
    );
}

#[test]
fn a_symbol_defined_twice_with_two_values_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = common::write_toy(dir.path());
    let good = std::fs::read_to_string(&sym).unwrap();
    let line = good.lines().position(|l| l.starts_with("POSQ")).unwrap() + 1;
    std::fs::write(&sym, format!("{good}POSQ EQU 0FFFFH\n")).unwrap();
    let out = run(
        dir.path(),
        &[
            "moves",
            "--rom",
            &bin.display().to_string(),
            "--sym",
            &sym.display().to_string(),
        ],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    let value = common::toy_image().symbols.get("POSQ").unwrap();
    assert_eq!(
        out.stderr.trim(),
        format!(
            "error: {}: symbol POSQ is defined twice with different values: line {line} ({value:#06X}) and line {} (0xFFFF)",
            sym.display(),
            good.lines().count() + 1
        )
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_variable_at_the_top_of_memory_is_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let (_, sym) = common::write_toy(dir.path());
    let text: String = std::fs::read_to_string(&sym)
        .unwrap()
        .lines()
        .map(|l| {
            if l.starts_with("POSQ") {
                "POSQ\t\tEQU 0FFFFH\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&sym, text).unwrap();
    let image = ["--rom", "toy.bin", "--sym", "toy.sym", "--org", "0x100"];
    for command in [
        &["moves"][..],
        &["perft", "1"],
        &["profile"],
        &["crosscheck", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
    ] {
        let out = run(dir.path(), &[command, &image[..]].concat());
        assert_eq!(out.code, Some(2), "{command:?}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("POSQ = 0xFFFF: its 3 bytes run past the top of memory"),
            "{command:?}: {}",
            out.stderr
        );
    }
}

#[test]
fn epd_files_are_bounded_and_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let epd = dir.path().join("x.epd");
    let check = |text: String, expected: &str| {
        std::fs::write(&epd, text).unwrap();
        let out = run(dir.path(), &["crosscheck", "x.epd"]);
        assert_eq!(out.code, Some(2), "{}", out.stderr);
        assert_eq!(out.stderr.trim(), expected);
    };
    check(
        format!("{fen} ;D1 6\n{fen} ;D1 {}\n", "9".repeat(5_000_000)),
        &format!(
            "error: x.epd:2: line longer than 4096 bytes: \"{fen} ;D1 9999\"... (5000036 bytes)"
        ),
    );
    check(
        format!("{fen} ;D1 \u{1b}[2J{}\n", "x".repeat(60)),
        &format!(
            "error: x.epd:1: `D1 \\u{{1b}}[2J{}...`: node count is not a number",
            "x".repeat(33)
        ),
    );
    #[cfg(unix)]
    {
        let out = run(dir.path(), &["crosscheck", "/dev/zero"]);
        assert_eq!(out.code, Some(2), "{}", out.stderr);
        assert_eq!(
            out.stderr.trim(),
            "error: /dev/zero: an EPD file is at most 64 MiB and this file is larger"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_report_to_merge_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["crosscheck", "--merge", "/dev/zero"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert_eq!(
        out.stderr.trim(),
        "error: /dev/zero: a report is at most 64 MiB and this file is larger"
    );
}

#[test]
fn a_bad_fen_is_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let fen = format!("\u{1b}]0;x\u{7}{}", "p".repeat(100_000));
    let out = run(dir.path(), &["moves", &fen]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert_eq!(
        out.stderr.trim(),
        format!(
            "error: bad FEN \"\\u{{1b}}]0;x\\u{{7}}{}\"... (100006 bytes): FEN needs 4 to 6 space-separated fields (placement, side, castling, en passant[, clocks]), found 1",
            "p".repeat(34)
        )
    );
}

#[cfg(unix)]
#[test]
fn assembler_inputs_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["asm", "/dev/zero", "-o", "z.bin"]);
    assert_eq!(out.code, Some(2));
    assert_eq!(
        out.stderr,
        "/dev/zero: error: cannot read source file: larger than 16384 KiB, the most this assembler reads\n1 error; no output written\n"
    );
    std::fs::write(dir.path().join("big.bin"), vec![0u8; 0x1_0001]).unwrap();
    std::fs::write(dir.path().join("inc.asm"), "\tINCBIN big.bin\n").unwrap();
    let out = run(dir.path(), &["asm", "inc.asm"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .starts_with("inc.asm:1:9: error: cannot read INCBIN file '"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("big.bin': larger than 64 KiB, the most this assembler reads\n")
    );
    assert!(!dir.path().join("inc.bin").exists());
}

#[test]
fn arguments_and_paths_are_quoted_short_and_escaped() {
    // A 100 KB value or a path with an escape sequence: every error stays a short line with
    // the escape shown as `\u{1b}`, whichever part of the tool reports it.
    let dir = tempfile::tempdir().unwrap();
    let long = format!("\u{1b}[2J{}", "7".repeat(100_000));
    let path = "a\u{1b}[2J.bin";
    let cases: Vec<Vec<&str>> = vec![
        vec!["perft", "1", "--moves", &long],
        vec!["think", "--moves", &long],
        vec!["think", &long],
        vec!["crosscheck", "--fen", &long],
        vec!["profile", "--routine", &long],
        vec!["tui", "--routine", &long],
        vec!["perft", &long],
        vec!["perft", "1", "--engine", &long],
        vec!["image", "--rom", path, "--sym", "x.sym"],
        vec!["crosscheck", path],
        vec!["crosscheck", "--merge", path],
        vec!["trace-diff", path, "b.trace"],
    ];
    for args in cases {
        let out = run(dir.path(), &args);
        let shown = format!("{:?}", &args[..args.len().min(2)]);
        assert_eq!(out.code, Some(2), "{shown}: {}", out.stderr);
        assert!(out.stderr.len() < 300, "{shown}: {}", out.stderr);
        assert!(!out.stderr.contains('\u{1b}'), "{shown}: {}", out.stderr);
        assert!(
            out.stderr.contains("\\u{1b}") || !args.contains(&path),
            "{shown}: {}",
            out.stderr
        );
    }
}

#[test]
fn files_named_with_control_characters_are_shown_escaped_on_success_too() {
    let (dir, _) = folder();
    let rom = "r\u{1b}[31m.bin";
    let sym = "r\u{1b}[31m.sym";
    let roms = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms");
    std::fs::copy(roms.join("sargon.bin"), dir.path().join(rom)).unwrap();
    std::fs::copy(roms.join("sargon.sym"), dir.path().join(sym)).unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "asm",
            "x.asm",
            "-o",
            "a\nb\u{1b}[2J.bin",
            "--sym",
            "s\u{7}.sym",
        ],
        vec!["profile", "--svg", "p\u{1b}[31m.svg"],
        vec!["profile", "--rom", rom, "--sym", sym],
        vec!["think", "--ply", "1", "--rom", rom, "--sym", sym],
        vec!["image", "--rom", rom, "--sym", sym],
    ];
    for args in cases {
        let out = run(dir.path(), &args);
        assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
        let all = out.stdout + &out.stderr;
        assert!(!all.contains(['\u{1b}', '\u{7}']), "{args:?}: {all:?}");
    }
    let out = run(dir.path(), &["asm", "x.asm", "-o", "a\nb\u{1b}[2J.bin"]);
    assert!(
        out.stdout.contains("-> a\\nb\\u{1b}[2J.bin (load it"),
        "{}",
        out.stdout
    );
}

/// The binary, where a user other than the owner of the checkout can run it: in place when
/// every folder above it lets others through, else a copy in `dir`.
#[cfg(unix)]
fn binary_for_others(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_sargon-z80"));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
    let open = mode(&binary) & 0o005 == 0o005
        && binary
            .ancestors()
            .skip(1)
            .all(|folder| folder.as_os_str().is_empty() || mode(folder) & 0o001 != 0);
    if open {
        return binary;
    }
    let copy = dir.join("sargon-z80");
    std::fs::copy(&binary, &copy).unwrap();
    copy
}

/// `asm -o` over a file this user may not write is refused with exit 2, nothing changed,
/// although the folder would let a rename replace it; a replaced file keeps its owner, group
/// and mode. The tests run as root in CI, where root may write any file: the refusal is then
/// met by running the command as `nobody` on root's 0644 file and on nobody's own 0444 one,
/// and root's replacing of another user's 0640 file must keep that user as the owner.
#[cfg(unix)]
#[test]
fn a_file_this_user_may_not_write_is_not_replaced_and_owners_are_kept() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    use std::os::unix::process::CommandExt;
    let (dir, _) = folder();
    let path = |name: &str| dir.path().join(name);
    let set_mode = |name: &str, mode: u32| {
        std::fs::set_permissions(path(name), std::fs::Permissions::from_mode(mode)).unwrap()
    };
    // A folder anyone may write in, as /tmp is.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    set_mode("x.asm", 0o644);
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    const NOBODY: u32 = 65534;
    let binary = binary_for_others(dir.path());
    let asm = |output: &str, as_nobody: bool| {
        let mut command = std::process::Command::new(&binary);
        command
            .current_dir(dir.path())
            .args(["asm", "x.asm", "-o", output]);
        if as_nobody {
            // std drops root's supplementary groups with it.
            command.uid(NOBODY).gid(NOBODY);
        }
        command.output().unwrap()
    };
    let mut denied = vec![("ro.bin", 0o444)];
    if root {
        denied.push(("root.bin", 0o644));
    }
    for (name, mode) in denied {
        std::fs::write(path(name), "old").unwrap();
        if root && name == "ro.bin" {
            chown(path(name), Some(NOBODY), Some(NOBODY)).unwrap();
        }
        set_mode(name, mode);
        let out = asm(name, root);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "error: cannot write {name}: permission denied (the file exists and this user may not write it)"
            )),
            "{name}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(path(name)).unwrap(), "old");
    }
    // Replaced: the owner and group stay (another user's when root writes), and the mode.
    std::fs::write(path("own.bin"), "old").unwrap();
    let owner = if root {
        (1234, 1234)
    } else {
        let meta = std::fs::metadata(path("own.bin")).unwrap();
        (meta.uid(), meta.gid())
    };
    chown(path("own.bin"), Some(owner.0), Some(owner.1)).unwrap();
    set_mode("own.bin", 0o640);
    let out = asm("own.bin", false);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta = std::fs::metadata(path("own.bin")).unwrap();
    assert_eq!(std::fs::read(path("own.bin")).unwrap(), [0x3E, 1, 0xC9]);
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o7777),
        (owner.0, owner.1, 0o640)
    );
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert_eq!(left, Vec::<String>::new(), "no temporary file is left");
}
