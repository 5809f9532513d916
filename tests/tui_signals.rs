//! SIGTERM and SIGHUP (a terminal window closed) while `jupiter`, `play` or `tui` holds the
//! terminal: each is run on a pseudo-terminal, and after the signal the terminal must be out
//! of raw mode and out of the alternate screen, and the program ended by the signal.

#![cfg(unix)]

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A pseudo-terminal of 100 x 40: (master, slave).
fn pty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 40,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty(3) writes two descriptors into the integers given; the others may be null.
    let done = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(done, 0, "openpty");
    // SAFETY: both descriptors were just opened and belong to nobody else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// The terminal's local modes: (canonical input, echo).
fn modes(slave: &OwnedFd) -> (bool, bool) {
    // SAFETY: termios is plain data, filled by tcgetattr(3) on an open descriptor.
    let mut termios: libc::termios = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::tcgetattr(slave.as_raw_fd(), &mut termios) },
        0
    );
    (
        termios.c_lflag & libc::ICANON != 0,
        termios.c_lflag & libc::ECHO != 0,
    )
}

/// Everything the program writes to the terminal, read on a thread that answers its cursor
/// position queries as a terminal would.
fn reader(master: OwnedFd) -> Arc<Mutex<Vec<u8>>> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&out);
    std::thread::spawn(move || {
        let mut file = std::fs::File::from(master);
        let mut buffer = [0u8; 65536];
        while let Ok(n) = file.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let chunk = &buffer[..n];
            for _ in 0..chunk.windows(4).filter(|w| w == b"\x1b[6n").count() {
                let _ = file.write_all(b"\x1b[1;1R");
            }
            seen.lock().unwrap().extend_from_slice(chunk);
        }
    });
    out
}

fn contains(bytes: &[u8], part: &[u8]) -> bool {
    bytes.windows(part.len()).any(|w| w == part)
}

/// Runs `sargon-z80 ARGS` on a terminal, sends `signal` once it has taken the terminal over,
/// and checks that it gave the terminal back.
fn signalled(args: &[&str], signal: i32) {
    let (master, slave) = pty();
    let output = reader(master.try_clone().unwrap());
    drop(master);
    let stdio = || Stdio::from(slave.try_clone().unwrap());
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sargon-z80"))
        .args(args)
        .stdin(stdio())
        .stdout(stdio())
        .stderr(stdio())
        .spawn()
        .unwrap();
    let taken = Instant::now();
    while !(contains(&output.lock().unwrap(), b"\x1b[?1049h") && modes(&slave) == (false, false)) {
        assert!(
            taken.elapsed() < Duration::from_secs(20),
            "{args:?} took no terminal"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            sent.elapsed() < Duration::from_secs(5),
            "{args:?} ignored signal {signal}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(status.signal(), Some(signal), "{args:?}: {status:?}");
    assert_eq!(modes(&slave), (true, true), "{args:?}: raw mode left on");
    let written = output.lock().unwrap().clone();
    let left = written
        .windows(8)
        .rposition(|w| w == b"\x1b[?1049l")
        .expect("the alternate screen left");
    let entered = written
        .windows(8)
        .rposition(|w| w == b"\x1b[?1049h")
        .unwrap();
    assert!(left > entered, "{args:?}");
}

#[test]
fn sigterm_restores_the_terminal() {
    for args in [&["jupiter"][..], &["play"], &["tui"]] {
        signalled(args, libc::SIGTERM);
    }
}

#[test]
fn sighup_restores_the_terminal() {
    for args in [&["jupiter"][..], &["play"], &["tui"]] {
        signalled(args, libc::SIGHUP);
    }
}
