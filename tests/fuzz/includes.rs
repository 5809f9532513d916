//! INCLUDE and INCBIN of anything a name can lead to: a source, a binary, nothing, a folder, a
//! device, a pipe (never opened: it would wait for a writer), a socket, a link to any of these,
//! a loop of links, a name with escape sequences or 5,000 characters. A file is assembled; any
//! other thing is an error that says what it is, on one short escaped line.

use std::path::Path;

use proptest::prelude::*;
use sargon_z80::assembler;

use crate::fuzz::traces::check_message;
use crate::{fuzz, outcome};

/// The names an INCLUDE or INCBIN may give, and what the error must say (None: it assembles).
const NAMES: [(&str, Option<&str>); 11] = [
    ("part.asm", None),
    ("data.bin", None),
    ("folder", Some("is a folder, not a file")),
    ("/dev/zero", Some("is a device, not a file")),
    ("/dev/null", Some("is a device, not a file")),
    ("pipe", Some("is a named pipe (FIFO), not a file")),
    ("socket", Some("is a socket, not a file")),
    ("link-to-folder", Some("is a folder, not a file")),
    ("loop", Some("cannot read")),
    ("missing.asm", Some("not found")),
    ("e\u{1b}[2Jx", Some("not found")),
];

/// Lines of INCLUDE or INCBIN, each of a name of the table (or a very long one).
fn lines() -> impl Strategy<Value = Vec<(bool, usize, bool)>> {
    prop::collection::vec(
        (any::<bool>(), 0..NAMES.len(), prop::bool::weighted(0.05)),
        1..4,
    )
}

fn setup(dir: &Path) -> Vec<std::os::unix::net::UnixListener> {
    std::fs::write(dir.join("part.asm"), "\tNOP\n").unwrap();
    std::fs::write(dir.join("data.bin"), [1, 2, 3]).unwrap();
    std::fs::create_dir(dir.join("folder")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("pipe"))
        .status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::os::unix::fs::symlink("folder", dir.join("link-to-folder")).unwrap();
    std::os::unix::fs::symlink("loop.b", dir.join("loop")).unwrap();
    std::os::unix::fs::symlink("loop", dir.join("loop.b")).unwrap();
    vec![std::os::unix::net::UnixListener::bind(dir.join("socket")).unwrap()]
}

#[test]
fn include_targets() {
    let dir = tempfile::tempdir().unwrap();
    let _socket = setup(dir.path());
    let main = dir.path().join("main.asm");
    let main = main.to_str().unwrap().to_string();
    fuzz("include targets", 200, lines(), |lines| {
        let mut source = String::new();
        let mut expected = Vec::new();
        for &(binary, name, long) in &lines {
            let directive = if binary { "INCBIN" } else { "INCLUDE" };
            let (name, error) = match long {
                true => ("y".repeat(5000), Some("not found")),
                false => (NAMES[name].0.to_string(), NAMES[name].1),
            };
            // A source read as binary is bytes, and a binary read as source is an error of
            // its own: only the outcome of a name that is no file is fixed.
            source.push_str(&format!("\t{directive} \"{name}\"\n"));
            expected.extend(error);
        }
        match assembler::assemble_str(&main, &source, &[]) {
            Ok(_) => {
                outcome("assembled");
                assert!(expected.is_empty(), "{source:?} assembled");
            }
            Err(errors) => {
                outcome("refused");
                let text = errors.to_string();
                for want in &expected {
                    assert!(text.contains(want), "{source:?}: {text}");
                }
                check_message(&text.replace('\t', " "), 700);
            }
        }
    });
}
