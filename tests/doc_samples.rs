//! Every sample of the tool's output in README.md and docs/*.md reproduces: each ```` ```console
//! ```` block's commands run (in bash, in a copy of the repository beside `../shared`, the built
//! `sargon-z80` first on PATH) and print what the page shows, `[..]` standing for any text in a
//! line and a line `...` for any lines; each excerpt of a terminal screen (`<!-- screen: NAME
//! -->`) is on that screen as the tests draw it; and no block shows a `$ ` command that no test
//! runs. How to write one: docs/ARCHITECTURE.md, "Samples in the docs".
//!
//! `SARGON_DOCS=docs/USAGE.md` checks one page.

#![cfg(unix)]

mod samples;
mod screen;
mod shared;

use std::path::{Path, PathBuf};

use samples::markdown::{Block, Kind, blocks, steps};
use samples::matching::{excerpt_of, matches};
use samples::screens::{SCREENS, screen};
use samples::session::{Workspace, run_block};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page under docs/, or the one `SARGON_DOCS` names.
fn pages() -> Vec<PathBuf> {
    if let Some(page) = std::env::var_os("SARGON_DOCS") {
        return vec![PathBuf::from(page)];
    }
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| path.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    pages.sort();
    pages.insert(0, PathBuf::from("README.md"));
    pages
}

/// The page's blocks; a page that cannot be read as samples fails the test.
fn page_blocks(page: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    blocks(&text).unwrap_or_else(|e| panic!("{}: {e}", page.display()))
}

/// What went wrong in one console block, or None when it reproduced.
fn check_block(page: &Path, block: &Block, workspace: &Workspace) -> Option<String> {
    let at = |line: usize| format!("{}:{line}", page.display());
    let steps = match steps(block) {
        Ok(steps) => steps,
        Err(e) => return Some(format!("{}: {e}", page.display())),
    };
    let commands: Vec<String> = steps.iter().map(|s| s.command.clone()).collect();
    let run = run_block(&workspace.repo, &commands);
    for (i, step) in steps.iter().enumerate() {
        let ran = run.steps.get(i).cloned().unwrap_or_default();
        let lines: Vec<&str> = ran.stdout.lines().collect();
        if matches(&step.expected, &lines) {
            continue;
        }
        let why = if run.timed_out {
            " (the block ran out of time)"
        } else {
            ""
        };
        return Some(format!(
            "{}: `{}` printed what the page does not show{why}\n\
             --- the page shows:\n{}\n--- it printed (exit status {}):\n{}\n--- standard error:\n{}\n\
             replay: cd {} && {} (the page's commands run in order in a copy of the repository \
             beside ../shared)",
            at(step.line),
            step.command,
            step.expected.join("\n"),
            ran.status.map_or("none".to_string(), |s| s.to_string()),
            ran.stdout.trim_end(),
            tail(&run.stderr),
            root().display(),
            step.command,
        ));
    }
    None
}

/// The last lines of a command's standard error.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// A block outside a console fence that shows a command: a sample no test would run.
fn unchecked_command(block: &Block) -> Option<usize> {
    if block.kind != Kind::Other {
        return None;
    }
    block
        .lines
        .iter()
        .position(|line| line.starts_with("$ "))
        .map(|i| block.line + 1 + i)
}

/// Runs every console block of `page` in order in one workspace; returns the failures, the
/// samples run and the ones not run with their reasons.
fn check_page(page: &Path) -> (Vec<String>, usize, Vec<String>) {
    let workspace = Workspace::new(root(), &shared::shared_dir());
    let (mut failures, mut run, mut not_run) = (Vec::new(), 0, Vec::new());
    for block in page_blocks(page) {
        match &block.kind {
            Kind::Console => {
                run += 1;
                failures.extend(check_block(page, &block, &workspace));
            }
            Kind::NotRun(reason) => {
                if let Err(e) = steps(&block) {
                    failures.push(format!("{}: {e}", page.display()));
                }
                not_run.push(format!("{}:{}: {reason}", page.display(), block.line));
            }
            Kind::Screen(_) => {}
            Kind::Other => failures.extend(unchecked_command(&block).map(|line| {
                format!(
                    "{}:{line}: a command outside a console block: fence the sample as \
                     ```console so that it is run, or mark it <!-- not run: REASON -->",
                    page.display()
                )
            })),
        }
    }
    (failures, run, not_run)
}

#[test]
fn every_sample_in_the_docs_reproduces() {
    let pages = pages();
    let checks: Vec<_> = pages
        .iter()
        .map(|page| {
            let page = page.clone();
            std::thread::spawn(move || check_page(&page))
        })
        .collect();
    let (mut failures, mut run, mut not_run) = (Vec::new(), 0, Vec::new());
    for check in checks {
        let (f, r, n) = check.join().unwrap();
        failures.extend(f);
        run += r;
        not_run.extend(n);
    }
    eprintln!(
        "{run} sample(s) run, {} not run:\n{}",
        not_run.len(),
        not_run.join("\n")
    );
    if std::env::var_os("SARGON_DOCS").is_none() {
        assert!(run >= 20, "only {run} samples found");
        assert!(
            not_run.len() * 5 <= run,
            "most samples must run: {run} run, {} not",
            not_run.len()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_screen_in_the_docs_is_drawn_so() {
    let mut failures = Vec::new();
    let mut seen = 0;
    for page in pages() {
        for block in page_blocks(&page) {
            let Kind::Screen(name) = &block.kind else {
                continue;
            };
            seen += 1;
            let Some(rows) = screen(name) else {
                let known: Vec<&str> = SCREENS.iter().map(|(n, _)| *n).collect();
                failures.push(format!(
                    "{}:{}: no screen {name:?} (known: {})",
                    page.display(),
                    block.line,
                    known.join(", ")
                ));
                continue;
            };
            if !excerpt_of(&block.lines, &rows) {
                let what = SCREENS.iter().find(|(n, _)| n == name).map_or("", |s| s.1);
                failures.push(format!(
                    "{}:{}: not on the screen {name} ({what})\n--- the page shows:\n{}\n\
                     --- the screen is:\n{}",
                    page.display(),
                    block.line,
                    block.lines.join("\n"),
                    rows.join("\n")
                ));
            }
        }
    }
    if std::env::var_os("SARGON_DOCS").is_none() {
        assert!(seen >= 4, "only {seen} screens found");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_sample_that_differs_fails() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(
        &page,
        "```console\n$ sargon-z80 perft 1 --engine native\n...\nNodes searched: 21\n...\n```\n",
    )
    .unwrap();
    let block = &blocks(&std::fs::read_to_string(&page).unwrap()).unwrap()[0];
    let workspace = Workspace::new(root(), &shared::shared_dir());
    let failure = check_block(Path::new("page.md"), block, &workspace).expect("20 is not 21");
    assert!(failure.starts_with("page.md:2: `sargon-z80 perft 1 --engine native` printed"));
    assert!(failure.contains("\nNodes searched: 20\n"), "{failure}");
    assert!(failure.contains("replay: cd "), "{failure}");
    let right = blocks("```console\n$ sargon-z80 perft 1 --engine native\n...\nNodes searched: 20\n...\n$ echo $?\n0\n```\n").unwrap();
    assert_eq!(
        check_block(Path::new("page.md"), &right[0], &workspace),
        None
    );
}
