//! Output paths: every kind of thing an output can name (nothing, a file with any mode, a
//! folder, a socket, a pipe, the command's own input through a name, a symbolic link or a
//! hard link, link chains, a dangling link, a loop), written under each policy. Whatever the
//! outcome, nothing but the output's own file changes: the input keeps its bytes, links stay
//! links, what is not a regular file keeps its kind, no temporary file is left; a write that
//! succeeds puts exactly the bytes in the file the name leads to, with its old mode.

use std::collections::BTreeMap;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;

use proptest::prelude::*;
use sargon_z80::files::{Outputs, WriteError};

use crate::{fuzz, outcome};

/// What the output's name is, made in the case's folder.
#[derive(Debug, Clone)]
pub enum Kind {
    Missing,
    File(u32),
    Folder,
    Socket,
    Fifo,
    LinkToInput,
    DanglingHere,
    HardLinkToInput,
    Link(Box<Kind>),
    Dangling,
    Loop,
}

fn kind() -> impl Strategy<Value = Kind> {
    let leaf = prop_oneof![
        Just(Kind::Missing),
        prop_oneof![Just(0o644u32), Just(0o755), Just(0o600), Just(0o444)].prop_map(Kind::File),
        Just(Kind::Folder),
        Just(Kind::Socket),
        Just(Kind::Fifo),
        Just(Kind::LinkToInput),
        Just(Kind::DanglingHere),
        Just(Kind::HardLinkToInput),
        Just(Kind::Dangling),
        Just(Kind::Loop),
    ];
    leaf.prop_recursive(3, 6, 1, |inner| inner.prop_map(|k| Kind::Link(Box::new(k))))
}

/// One case: the output's kind, a second output naming it again or not, the policies.
#[derive(Debug, Clone)]
pub struct Case {
    kind: Kind,
    twice: bool,
    regular_only: bool,
    keep_existing: bool,
    bytes: Vec<u8>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        kind(),
        prop::bool::weighted(0.1),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<u8>(), 0..64),
    )
        .prop_map(|(kind, twice, regular_only, keep_existing, bytes)| Case {
            kind,
            twice,
            regular_only,
            keep_existing,
            bytes,
        })
}

/// Makes `kind` at `dir/name`; the sockets made are kept open in `keep`.
fn make(
    dir: &Path,
    name: &str,
    kind: &Kind,
    depth: usize,
    keep: &mut Vec<std::os::unix::net::UnixListener>,
) {
    let path = dir.join(name);
    match kind {
        Kind::Missing => {}
        Kind::File(mode) => {
            std::fs::write(&path, b"old").unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(*mode)).unwrap();
        }
        Kind::Folder => std::fs::create_dir(&path).unwrap(),
        Kind::Socket => keep.push(std::os::unix::net::UnixListener::bind(&path).unwrap()),
        Kind::Fifo => {
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        }
        Kind::LinkToInput => std::os::unix::fs::symlink("in.asm", &path).unwrap(),
        Kind::HardLinkToInput => std::fs::hard_link(dir.join("in.asm"), &path).unwrap(),
        Kind::Link(inner) => {
            let next = format!("link{depth}");
            make(dir, &next, inner, depth + 1, keep);
            std::os::unix::fs::symlink(&next, &path).unwrap();
        }
        Kind::Dangling => std::os::unix::fs::symlink("nowhere/at/all", &path).unwrap(),
        Kind::DanglingHere => std::os::unix::fs::symlink("fresh.bin", &path).unwrap(),
        Kind::Loop => {
            std::os::unix::fs::symlink(format!("{name}.b"), &path).unwrap();
            std::os::unix::fs::symlink(name, dir.join(format!("{name}.b"))).unwrap();
        }
    }
}

/// What is in the folder: per name, its kind, its bytes or link target, and its mode.
fn snapshot(dir: &Path) -> BTreeMap<String, (String, Vec<u8>, u32)> {
    let mut all = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let meta = std::fs::symlink_metadata(entry.path()).unwrap();
        let kind = meta.file_type();
        let (what, content) = if kind.is_symlink() {
            let to = std::fs::read_link(entry.path()).unwrap();
            ("link", to.to_string_lossy().into_owned().into_bytes())
        } else if kind.is_file() {
            ("file", std::fs::read(entry.path()).unwrap())
        } else if kind.is_dir() {
            ("folder", Vec::new())
        } else if kind.is_socket() {
            ("socket", Vec::new())
        } else if kind.is_fifo() {
            ("fifo", Vec::new())
        } else {
            ("other", Vec::new())
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        all.insert(
            name,
            (what.to_string(), content, meta.permissions().mode() & 0o777),
        );
    }
    all
}

/// Where the name `out` leads, following links as a writer does (a name not there yet
/// included; None for a loop).
fn end_of(dir: &Path) -> Option<String> {
    let mut name = "out".to_string();
    for _ in 0..10 {
        match std::fs::symlink_metadata(dir.join(&name)) {
            Ok(meta) if meta.file_type().is_symlink() => {
                name = std::fs::read_link(dir.join(&name))
                    .ok()?
                    .to_string_lossy()
                    .into_owned();
            }
            _ => return Some(name),
        }
    }
    None
}

fn check(case: Case) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.asm"), b"input").unwrap();
    let mut keep = Vec::new();
    make(dir.path(), "out", &case.kind, 0, &mut keep);
    let before = snapshot(dir.path());
    let mut outputs = Outputs::new();
    if case.regular_only {
        outputs = outputs.regular_only();
    }
    if case.keep_existing {
        outputs = outputs.keep_existing();
    }
    outputs.input(&dir.path().join("in.asm"), "the source");
    outputs.output(&dir.path().join("out"), case.bytes.clone());
    if case.twice {
        outputs.output(&dir.path().join(".").join("out"), case.bytes.clone());
    }
    let fifo_in_place = matches!(end_kind(&case.kind), Some(Kind::Fifo))
        && !case.regular_only
        && !case.keep_existing;
    if fifo_in_place {
        // Written in place, a pipe waits for a reader: the case stops at the check.
        let refused = outputs.check();
        if case.twice {
            assert!(
                matches!(refused, Err(WriteError::SameOutput { .. })),
                "{refused:?}"
            );
        }
        return outcome("checked (a pipe)");
    }
    let result = outputs.commit();
    let after = snapshot(dir.path());
    let end = end_of(dir.path());
    for (name, (what, content, mode)) in &before {
        let now = after
            .get(name)
            .unwrap_or_else(|| panic!("{name} is gone: {result:?}"));
        if Some(name) == end.as_ref() && result.is_ok() && what == "file" {
            assert_eq!(now.0, "file");
            assert_eq!(now.1, case.bytes, "{name} holds the output");
            assert_eq!(now.2, *mode, "{name} keeps its mode");
        } else {
            assert_eq!(
                now,
                &(what.clone(), content.clone(), *mode),
                "{name} changed: {result:?}"
            );
        }
    }
    for name in after.keys().filter(|n| !before.contains_key(*n)) {
        assert!(
            result.is_ok() && Some(name) == end.as_ref(),
            "{name} appeared: {result:?}"
        );
        assert_eq!(after[name].1, case.bytes);
    }
    assert_eq!(std::fs::read(dir.path().join("in.asm")).unwrap(), b"input");
    let message = match &result {
        Ok(()) => return outcome("written"),
        Err(error) => error.to_string(),
    };
    outcome("refused");
    assert!(
        !message.is_empty() && !message.contains(char::is_control),
        "{message:?}"
    );
}

/// The kind the name finally leads to.
fn end_kind(kind: &Kind) -> Option<&Kind> {
    match kind {
        Kind::Link(inner) => end_kind(inner),
        Kind::Dangling | Kind::DanglingHere | Kind::Loop => None,
        other => Some(other),
    }
}

#[test]
fn output_targets() {
    fuzz("output targets", 300, case(), check);
}
