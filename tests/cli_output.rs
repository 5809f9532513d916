//! Every subcommand's standard output on a full disk (`/dev/full`) and on a pipe whose reader is
//! gone: a one-line error and exit status 2 for the first, a quiet end for the second (by
//! SIGPIPE, status 141 in a shell; `uci`'s session may end by itself first); never a panic.

#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
}

/// A command line of every subcommand that prints to standard output, all quick; `dir` holds
/// the toy image and an assembly source.
fn every_command(dir: &Path) -> Vec<Vec<String>> {
    let (bin, sym) = common::write_toy(dir);
    let source = dir.join("nop.asm");
    std::fs::write(&source, "        ORG 0\n        NOP\n").unwrap();
    let words = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
    let mut call = words("call --rom");
    call.extend([
        bin.display().to_string(),
        "--sym".into(),
        sym.display().to_string(),
    ]);
    call.extend(words("--org 0x0100 INCHK"));
    let mut asm = words("asm");
    asm.push(source.display().to_string());
    asm.extend(["-o".into(), dir.join("nop.bin").display().to_string()]);
    vec![
        call,
        asm,
        words("moves"),
        words("moves --json"),
        words("perft 2"),
        words("perft 2 --json"),
        words("crosscheck --random 3 --seed 1 --depth 1"),
        words("crosscheck --random 3 --seed 1 --depth 1 --json"),
        words("profile"),
        words("think --ply 1"),
        words("uci"),
        words("perft --help"),
    ]
}

/// Runs the binary with `args` and standard output `stdout`; `uci` gets a session on stdin.
fn run(args: &[String], stdout: Stdio) -> std::process::Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    if args[0] == "uci" {
        // The session may already be gone (killed by SIGPIPE): a failed write is fine.
        let _ = stdin.write_all(b"uci\nisready\nquit\n");
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn a_full_disk_is_an_error_in_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    for args in every_command(dir.path()) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run(&args, Stdio::from(full));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.lines().last(),
            Some("error: cannot write to standard output: No space left on device (os error 28)"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A pipe whose read end is already closed: the first write finds no reader.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just created and are owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    Stdio::from(write)
}

#[test]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    let dir = tempfile::tempdir().unwrap();
    for args in every_command(dir.path()) {
        let out = binary().args(&args).stdout(closed_pipe()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        // Killed by SIGPIPE at the first write; `uci`'s session may notice first and end.
        let quiet = out.status.signal() == Some(libc::SIGPIPE) || out.status.code() == Some(0);
        assert!(quiet, "{args:?}: {err} {:?}", out.status);
        // Only crosscheck's progress lines may have reached stderr.
        assert!(
            err.lines().all(|l| l.starts_with("checked ")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn perft_piped_into_head_prints_its_first_line_and_ends() {
    let script = format!(
        "set -o pipefail; {} perft 5 --divide | head -1",
        env!("CARGO_BIN_EXE_sargon-z80")
    );
    let out = Command::new("bash").args(["-c", &script]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        matches!(out.status.code(), Some(0 | 141)),
        "{:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_full_stderr_does_not_end_in_a_panic() {
    // Errors and progress go to stderr; when it cannot take them the command still ends
    // with its own status (not 101, a panic's).
    let cases: [(&[&str], i32); 3] = [
        (&["asm", "/nonexistent.asm"], 2),
        (&["perft", "1", "--moves", "zz"], 2),
        (&["perft", "x"], 2),
    ];
    for (args, status) in cases {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = binary()
            .args(args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(out.code(), Some(status), "{args:?}");
    }
}
