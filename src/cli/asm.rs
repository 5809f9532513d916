//! `sargon-z80 asm`: assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.

use clap::Args;

/// Assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.
#[derive(Debug, Args)]
pub struct AsmArgs {}

/// Runs the subcommand; returns the process exit code.
pub fn run(_args: AsmArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`asm` is not built yet")
}
