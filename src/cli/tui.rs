//! `sargon-z80 tui`: step through the board code and the search in a terminal debugger.

use std::io::IsTerminal;

use clap::Args;

use sargon_z80::engine::MAX_PLYMAX;
use sargon_z80::profile::DEFAULT_MHZ;
use sargon_z80::tui::{self, App, Options, SearchInputs, Theme};

use super::args::{DialectArg, SourceArg, board_arg, check_mhz};
use super::crosscheck::ImageArgs;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 tui                                      GENMOV on the start position
  sargon-z80 tui '8/8/8/3pP3/8/8/8/k6K w - d6 0 1'     watch the en passant entry being built
  sargon-z80 tui --routine FNDMOV --ply 2             the search, stepped
  sargon-z80 tui --routine MOVE                       MOVE of the first move (up/down picks another)
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --mhz 1.774
  sargon-z80 tui --ascii                              pieces as letters
  sargon-z80 tui --dialect tdl                        the code in the 1978 book's mnemonics
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --source sargon78.lst --dialect tdl
                                                      the 1978 program's own lines at PC
  NO_COLOR=1 sargon-z80 tui                           no colours: bold, underline and reverse

Keys: s step, n step over CALL, o run to RET, space run/pause (+ - speed), c run to the next \
breakpoint or watched write, b toggle a breakpoint, w toggle a watchpoint (a symbol or address: \
writes to it stop a run), r choose the routine, f enter a FEN, up/down select a move and m make \
it, v switch the code pane between the source's lines and the disassembly, t cycle the clock \
rate, ? more, q quit. A breakpoint is set on a symbol, an address or a source line (FILE:LINE, \
or :LINE in the file shown). Needs a terminal of at least 80x24; a larger one \
shows more of every pane.";

/// Step through the board code and the search in a terminal debugger.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct TuiArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    #[command(flatten)]
    image: ImageArgs,
    /// The routine to step: GENMOV, MOVE, UNMOVE, INCHK, FNDMOV or any symbol of the image.
    #[arg(long, value_name = "NAME", default_value = "GENMOV")]
    routine: String,
    /// PLYMAX of a FNDMOV call.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=MAX_PLYMAX as i64))]
    ply: u8,
    /// MOVENO of a FNDMOV call (1 runs the opening book).
    #[arg(long, default_value_t = 2, value_name = "N")]
    moveno: u8,
    /// The R register on entry to FNDMOV: bit 0 picks white's book move.
    #[arg(long, default_value_t = 0, value_name = "BYTE")]
    r_register: u8,
    /// Clock rates the T-state counter is converted at (t cycles), in MHz, comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    /// Draw pieces as FEN letters (for fonts without chess symbols).
    #[arg(long)]
    ascii: bool,
    /// The disassembly's mnemonics: Zilog's, or TDL's as the 1978 book prints them.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    #[command(flatten)]
    source: SourceArg,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: TuiArgs) -> anyhow::Result<i32> {
    check_mhz(&args.mhz)?;
    let board = board_arg(args.fen.as_deref())?;
    let image = args.image.load()?;
    let dialect = args.dialect.disassembler();
    let source = args.source.load(&image, dialect)?.map(std::sync::Arc::new);
    let options = Options {
        mhz: args.mhz,
        ascii: args.ascii,
        theme: Theme::from_env(),
        routine: args.routine,
        search: SearchInputs {
            plymax: args.ply,
            moveno: args.moveno,
            r_register: args.r_register,
        },
        dialect,
        source,
    };
    // Set up before the terminal is taken over, so a bad routine is a plain error message.
    let mut app = App::new(&image, board, options)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("`tui` needs an interactive terminal (stdin and stdout)");
    }
    // A long command pauses as soon as a key waits, so Ctrl-C and q answer at once.
    app.pause_on_key(Box::new(|| {
        crossterm::event::poll(std::time::Duration::ZERO).unwrap_or(false)
    }));
    tui::run(&mut app)?;
    Ok(0)
}
