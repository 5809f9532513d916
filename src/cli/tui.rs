//! `sargon-z80 tui`: step through the board code in a terminal debugger.

use clap::Args;

/// Step through the board code in a terminal debugger.
#[derive(Debug, Args)]
pub struct TuiArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: TuiArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`tui` is not built yet")
}
