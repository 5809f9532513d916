//! Shared by the tests/routines_*.rs files: the suite positions from ../shared/perft, a checker
//! on the default image, and failure messages that replay.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

use sargon_z80::abi::Driver;
use sargon_z80::crosscheck::suite::{Position, epd_positions};
use sargon_z80::crosscheck::{Checker, Failure};
use sargon_z80::machine::default_image;

/// The positions of one file of ../shared/perft; a missing file fails the test by name.
pub fn shared_positions(file: &str) -> Vec<Position> {
    let path = crate::shared::shared_dir().join("perft").join(file);
    assert!(
        path.is_file(),
        "{} is missing: the routine tests need ../shared/perft (or set SARGON_SHARED)",
        path.display()
    );
    epd_positions(&[path]).unwrap_or_else(|e| panic!("{e}"))
}

/// A node-by-node checker driving the default image.
pub fn checker() -> Checker {
    let driver = Driver::new(&default_image()).expect("the default image has every ABI symbol");
    Checker::new(driver)
}

/// What went wrong, with the node's FEN and the moves from the root.
pub fn describe(failure: &Failure) -> String {
    match failure {
        Failure::Mismatch(m) | Failure::Runaway(m) => format!(
            "{}\n  node FEN: {}\n  path from the root: {}",
            m.kind.headline(),
            m.node_fen,
            if m.path.is_empty() {
                "(root)".to_string()
            } else {
                m.path.join(" ")
            }
        ),
        Failure::ListFull { path, needed, free } => format!(
            "the move list is full: {needed} entries needed, {free} free, path {}",
            path.join(" ")
        ),
    }
}
