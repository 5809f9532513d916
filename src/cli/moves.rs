//! `sargon-z80 moves`: show the emulated and native move lists of a position side by side.

use clap::Args;

/// Show the emulated and native move lists of a position side by side.
#[derive(Debug, Args)]
pub struct MovesArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: MovesArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`moves` is not built yet")
}
