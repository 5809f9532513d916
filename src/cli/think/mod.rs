//! `sargon-z80 think`: the 1978 program's choice in a position, with score, principal
//! variation and counts, by the native engine or an emulated image (with exact T-states).

mod native;
mod report;
mod stopped;
mod trace;
mod z80;

use std::path::PathBuf;

use anyhow::bail;
use clap::{Args, ValueEnum};

use sargon_z80::engine::{MAX_PLYMAX, MLIST_1978_CAPACITY, Setup};
use sargon_z80::position::color_name;
use sargon_z80::reference::{Rules, in_check, legal_moves};

use super::args::check_mhz;
use super::crosscheck::ImageArgs;
use report::{fen_of, print_json, print_text};
use sargon_z80::machine::parse_u16;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 think --ply 3                          the start position: b1c3, 0x86, exact T-states
  sargon-z80 think --ply 3 --engine native          the same answer from the native engine
  sargon-z80 think startpos --moves e2e4 e7e5 --ply 4
  sargon-z80 think 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --ply 3
  sargon-z80 think startpos --ply 2 --moveno 1       MOVENO 1 runs the opening book
  sargon-z80 think --ply 3 --rom sargon.bin --sym sargon.sym   your assembly of the 1978 listing
  sargon-z80 think --ply 3 --json
  sargon-z80 think --ply 3 --trace mine.jsonl --trace-detail   every evaluation, list and term

The position is set up as sargon1978/README.md describes: moved bits from the FEN (castling \
rights, start squares), POSQ = the lowest queen of each colour, MOVENO = the fullmove number \
clamped to 2..255, the previous-move entry from the en passant square. --moves continues the \
game from there as the 1978 game loop does: each move (UCI or SAN, Sargon rules) is made with \
MOVE, becomes the previous move, and the fullmove number goes up after black's move (MOVENO \
again clamped to 2..255). Scores are SCORE+1 for the side to move: 0x80 level, one unit 1/8 \
pawn (12.5 cp), 0xFF mates within the horizon, 0x01 mated. The emulated engine (the default) \
also prints the search's exact T-states and how long it would take on the real machine at each \
--mhz clock. Exit status: 0 a move was found, 2 usage or input error (bad FEN, illegal move, \
no legal move, missing search symbols, move-list overflow, a machine guard), 130 Ctrl-C (it \
says where the search stood; no trace is written).";

/// Which search answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// FNDMOV on the emulated Z80: the built-in image, or --rom/--sym.
    Z80,
    /// The native Rust search (sargon_z80::engine), the same decisions, far faster.
    Native,
}

/// The 1978 program's choice in a position, with score, principal variation and counts.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ThinkArgs {
    /// The position: a FEN (quoted or not) or "startpos" [default: startpos].
    #[arg(num_args = 0.., value_name = "FEN | startpos")]
    position: Vec<String>,
    /// Moves played from the position first, as a game (UCI such as e2e4 or SAN such as Nf3).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// PLYMAX, the search depth (the 1978 levels are 1..6, 2 by default; the tables allow 9).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=MAX_PLYMAX as i64))]
    ply: u8,
    /// Which search answers.
    #[arg(long, value_enum, default_value_t = EngineKind::Z80)]
    engine: EngineKind,
    #[command(flatten)]
    image: ImageArgs,
    /// MOVENO as poked instead of the game's (1 runs the book).
    #[arg(long, value_name = "N")]
    moveno: Option<u8>,
    /// The R register on entry to FNDMOV (0x81, 81h or 129): bit 0 picks white's book move
    /// (e2e4 / d2d4).
    #[arg(long, default_value_t = 0, value_name = "BYTE", value_parser = parse_byte)]
    r_register: u8,
    /// Native engine only: move-list entries for all plies of the path (the 1978 MLIST holds
    /// 341; an image has its own).
    #[arg(long, value_name = "ENTRIES")]
    list_capacity: Option<usize>,
    /// Clock rates in MHz (0.1 to 1000) for the real-machine times of an emulated search.
    #[arg(long, value_delimiter = ',', default_value = "1.774,2.5,4")]
    mhz: Vec<f64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write every evaluation of the search to FILE as a trace (JSON lines, docs/PORTING.md),
    /// for `sargon-z80 trace-diff`.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// With --trace: also every GENMOV's list in order and every evaluation's terms (BRDC,
    /// MTRL, PTSL, PTSW1, PTSW2, PTSCK).
    #[arg(long, requires = "trace")]
    trace_detail: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: ThinkArgs) -> anyhow::Result<i32> {
    check_mhz(&args.mhz)?;
    check_options(&args)?;
    let setup = setup(&args)?;
    refuse_no_move(&setup)?;
    // Ctrl-C stops the search at once; the summary says where it stood.
    super::interrupt::watch(super::interrupt::Answer::Stop);
    let report = match args.engine {
        EngineKind::Native => native::think(&args, &setup),
        EngineKind::Z80 => z80::think(&args, &setup),
    };
    let report = match report {
        Err(error) => match error.downcast_ref::<stopped::Interrupted>() {
            Some(stopped) => return stopped::report(&args, stopped),
            None => return Err(error),
        },
        Ok(report) => report,
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_text(&report)?;
    }
    Ok(0)
}

/// Options that belong to the other engine are refused rather than ignored.
fn check_options(args: &ThinkArgs) -> anyhow::Result<()> {
    match args.engine {
        EngineKind::Native if args.image.rom.is_some() => {
            bail!("--rom/--sym choose an image for --engine z80; --engine native has none")
        }
        EngineKind::Z80 if args.list_capacity.is_some() => {
            bail!("--list-capacity is for --engine native; an image's list is its MLIST..MLEND")
        }
        _ => Ok(()),
    }
}

/// The setup of the position argument, the game moves and the MOVENO override.
fn setup(args: &ThinkArgs) -> anyhow::Result<Setup> {
    let text = args.position.join(" ");
    let mut setup = match text.trim() {
        "" | "startpos" => Setup::startpos(),
        fen => Setup::from_fen(fen)?,
    };
    setup.play_all(args.moves.iter().map(String::as_str))?;
    if let Some(moveno) = args.moveno {
        setup.moveno = moveno;
    }
    Ok(setup)
}

fn refuse_no_move(setup: &Setup) -> anyhow::Result<()> {
    if !legal_moves(&setup.board, Rules::Sargon).is_empty() {
        return Ok(());
    }
    let state = if in_check(&setup.board, setup.board.color) {
        "checkmated"
    } else {
        "stalemated"
    };
    bail!(
        "no legal move: {} is {state} in {}",
        color_name(setup.board.color),
        fen_of(setup)
    )
}

/// The list capacity the native engine uses.
fn list_capacity(args: &ThinkArgs) -> usize {
    args.list_capacity.unwrap_or(MLIST_1978_CAPACITY)
}

/// A byte in any of the tool's number forms (`0x81`, `$81`, `81h`, decimal).
fn parse_byte(text: &str) -> Result<u8, String> {
    let value = parse_u16(text).map_err(|e| e.to_string())?;
    u8::try_from(value).map_err(|_| format!("{value} does not fit in a byte"))
}
