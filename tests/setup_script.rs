//! The README's set-up works on a fresh machine as root (a container without sudo) and as a
//! user who may sudo: `.ci/setup` installs as root either way, and `.ci/run` (CI) runs the
//! README's test command. The installs are dry runs (`SETUP_DRY_RUN=1`) on a PATH without
//! pasmo, Stockfish or python3, with `id` answering as root or as a user.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where a program is on this machine's PATH.
fn which(program: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("{program} is not on PATH"))
}

fn script(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{text}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// `.ci/setup`'s dry run with `id -u` answering `uid`: the commands it would run.
fn dry_run(uid: u32) -> Vec<String> {
    let bin = tempfile::tempdir().unwrap();
    for program in ["bash", "find", "grep"] {
        std::os::unix::fs::symlink(which(program), bin.path().join(program)).unwrap();
    }
    script(bin.path(), "id", &format!("echo {uid}"));
    script(
        bin.path(),
        "apt-get",
        "echo 'apt-get ran in a dry run' >&2; exit 1",
    );
    let out = Command::new(root().join(".ci/setup"))
        .env_clear()
        .env("PATH", bin.path())
        .env("SETUP_DRY_RUN", "1")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines().map(String::from).collect()
}

#[test]
fn setup_installs_as_root_without_sudo() {
    let commands = dry_run(0);
    assert_eq!(commands[0], "apt-get update -qq", "{commands:?}");
    assert!(
        commands[1].starts_with("apt-get install -y -qq pasmo ")
            && commands[1].contains("python3-pip"),
        "{commands:?}"
    );
    assert_eq!(commands[2], "python3 -m pip install -q chess");
    assert_eq!(commands.len(), 3, "{commands:?}");
}

#[test]
fn setup_installs_through_sudo_for_a_user() {
    let commands = dry_run(1000);
    assert_eq!(commands.len(), 3, "{commands:?}");
    for command in &commands {
        assert!(command.starts_with("sudo "), "{commands:?}");
    }
    assert_eq!(commands[0], "sudo apt-get update -qq");
}

#[test]
fn the_readme_sets_up_installs_the_command_and_tests_as_ci_does() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme
        .split("## Set up\n")
        .nth(1)
        .and_then(|rest| rest.split("```sh\n").nth(1))
        .and_then(|rest| rest.split("\n```").next())
        .expect("a sh block under Set up");
    let commands: Vec<&str> = block
        .lines()
        .map(|line| line.split("  #").next().unwrap().trim())
        .collect();
    assert_eq!(
        commands.len(),
        4,
        "two to set up, the main job, the tests: {block}"
    );
    assert!(commands[0].contains("https://sh.rustup.rs"), "{block}");
    assert!(commands[0].ends_with(". \"$HOME/.cargo/env\""), "{block}");
    assert!(
        !commands[1].starts_with("sudo"),
        "root has no sudo in a container: {block}"
    );
    assert!(commands[1].starts_with(".ci/setup && cargo install --locked --path ."));
    assert!(commands[2].starts_with("sargon-z80 crosscheck"), "{block}");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|line| line == commands[3]),
        "CI runs the README's test command {:?}:\n{ci}",
        commands[3]
    );
    for path in [".ci/setup", ".ci/run"] {
        let mode = std::fs::metadata(root().join(path))
            .unwrap()
            .permissions()
            .mode();
        assert!(mode & 0o111 != 0, "{path} is not executable");
    }
}
