//! `sargon-z80 bench`: measure emulation, routine, reference and cross-check speed side by side.

use clap::Args;

/// Measure emulation, routine, reference and cross-check speed side by side.
#[derive(Debug, Args)]
pub struct BenchArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: BenchArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`bench` is not built yet")
}
