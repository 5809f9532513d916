//! sargon-z80: run Sargon-style Z80 board code under emulation and cross-check it against a
//! native Rust reference on the same 10x12 board.
//!
//! Dependencies point one way: `tui` → `crosscheck`, `profile` → `machine`, `reference` →
//! `position`; the `assembler` stands alone. The command line lives in the binary (`src/cli/`).

pub mod assembler;
pub mod crosscheck;
pub mod engine;
pub mod game;
pub mod machine;
pub mod position;
pub mod profile;
pub mod reference;
pub mod text;
pub mod tui;
pub mod uci;

use std::path::PathBuf;

/// The folder of shared material (ABI, perft tables, SingleStepTests): `$SARGON_SHARED` if set,
/// else `../shared` beside the crate root.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SARGON_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}
