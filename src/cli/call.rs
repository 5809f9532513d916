//! `sargon-z80 call`: call one routine of an image and print its cost and registers.

use clap::Args;

/// Call one routine of an image and print its cost and registers.
#[derive(Debug, Args)]
pub struct CallArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: CallArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`call` is not built yet")
}
