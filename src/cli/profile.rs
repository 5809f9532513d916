//! `sargon-z80 profile`: profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.

use clap::Args;

/// Profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.
#[derive(Debug, Args)]
pub struct ProfileArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: ProfileArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`profile` is not built yet")
}
