//! Argument handling shared by several subcommands.

use sargon_z80::position::Board;

/// The position named by an optional FEN argument: the start position when absent.
pub fn board_arg(fen: Option<&str>) -> anyhow::Result<Board> {
    match fen {
        Some(fen) => Board::from_fen(fen)
            .map_err(|err| anyhow::anyhow!("bad FEN {}: {err}", sargon_z80::files::excerpt(fen))),
        None => Ok(Board::startpos()),
    }
}

/// Rejects clock rates that are not positive finite numbers (`--mhz`).
pub fn check_mhz(mhz: &[f64]) -> anyhow::Result<()> {
    match mhz.iter().find(|m| !(m.is_finite() && **m > 0.0)) {
        Some(bad) => anyhow::bail!("--mhz takes positive clock rates, got {bad}"),
        None => Ok(()),
    }
}
