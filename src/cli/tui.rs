//! `sargon-z80 tui`: step through the board code in a terminal debugger.

use std::io::IsTerminal;

use clap::Args;

use sargon_z80::profile::DEFAULT_MHZ;
use sargon_z80::tui::{self, App, Options};

use super::args::{board_arg, check_mhz};
use super::crosscheck::ImageArgs;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 tui                                      GENMOV on the start position
  sargon-z80 tui '8/8/8/3pP3/8/8/8/k6K w - d6 0 1'     watch the en passant entry being built
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --mhz 1.774
  sargon-z80 tui --ascii                              pieces as letters

Keys: s step, n step over CALL, o run to RET, space run/pause (+ - speed), c run to the next
breakpoint, b toggle a breakpoint (symbol or address), f enter a FEN, up/down select a move
and m make it (MOVE, then GENMOV for the other side), t cycle the clock rate, q quit.
Needs a terminal of at least 80x24.";

/// Step through the board code in a terminal debugger.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct TuiArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    #[command(flatten)]
    image: ImageArgs,
    /// Clock rates the T-state counter is converted at (t cycles), in MHz, comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    /// Draw pieces as FEN letters (for fonts without chess symbols).
    #[arg(long)]
    ascii: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: TuiArgs) -> anyhow::Result<i32> {
    check_mhz(&args.mhz)?;
    let board = board_arg(args.fen.as_deref())?;
    let image = args.image.load()?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("`tui` needs an interactive terminal (stdin and stdout)");
    }
    let app = App::new(
        &image,
        board,
        Options {
            mhz: args.mhz,
            ascii: args.ascii,
        },
    )?;
    tui::run(app)?;
    Ok(0)
}
