//! `sargon-z80 crosscheck`: cross-check the Z80 image against the native reference, node by node (the main job).

use clap::Args;

/// Cross-check the Z80 image against the native reference, node by node (the main job).
#[derive(Debug, Args)]
pub struct CrosscheckArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: CrosscheckArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`crosscheck` is not built yet")
}
