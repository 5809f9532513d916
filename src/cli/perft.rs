//! `sargon-z80 perft`: count the leaf nodes of the legal move tree (perft), optionally per root move.

use clap::Args;

/// Count the leaf nodes of the legal move tree (perft), optionally per root move.
#[derive(Debug, Args)]
pub struct PerftArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: PerftArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`perft` is not built yet")
}
