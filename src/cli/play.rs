//! `sargon-z80 play`: play against Sargon in the terminal.

use std::hash::{BuildHasher, Hasher};
use std::io::IsTerminal;

use clap::{Args, ValueEnum};

use sargon_z80::engine::MAX_PLYMAX;
use sargon_z80::game::{Game, NativeSearcher, Searcher, Start, Z80Searcher};
use sargon_z80::tui::{self, PlayApp, PlayOptions, Theme};

use super::args::check_mhz;
use super::crosscheck::ImageArgs;
use super::think::EngineKind;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 play                                 you play white at level 3
  sargon-z80 play --color black --level 4
  sargon-z80 play --seed 7                        replay a game: the seed picks white's book move
  sargon-z80 play 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4'
  sargon-z80 play --engine native                 the native engine: the same moves, no T-states
  sargon-z80 play --rom sargon78.bin --sym sargon78.sym --mhz 1.774    your 1978 image
  sargon-z80 play --ascii                         pieces as letters
  NO_COLOR=1 sargon-z80 play                      no colours: bold and reverse video instead

Type a move in SAN (e4, Nf3, O-O, exd5, e8=Q) or UCI (e2e4, e7e8q) and press Enter. Commands: \
undo (takes back Sargon's reply and your move), flip, new [white|black], level N (PLYMAX), \
go (Sargon plays the side to move), save FILE (PGN; an existing file is replaced only after you \
confirm), help, quit. Esc stops Sargon's search; Ctrl-C quits. From the start position the \
first move of either side comes from the 1978 opening book (white's by bit 0 of the Z80's R \
register, which the seed sets). Needs a terminal of at least 80x24 for the full board.";

/// Play against Sargon in the terminal.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PlayArgs {
    /// The position to start from [default: the start position, with the opening book].
    fen: Option<String>,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = Colour::White)]
    color: Colour,
    /// Sargon's level: PLYMAX, the depth of its search (the 1978 levels are 1..6).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=MAX_PLYMAX as i64))]
    level: u8,
    /// Which engine plays Sargon.
    #[arg(long, value_enum, default_value_t = EngineKind::Z80)]
    engine: EngineKind,
    #[command(flatten)]
    image: ImageArgs,
    /// The seed: R on entry to FNDMOV is its low byte (bit 0 picks white's book move)
    /// [default: drawn at random and shown].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The real machine's clock for the 1978 time of each search, in MHz, 0.1 to 1000 (1.774 is
    /// shown too).
    #[arg(long, default_value_t = 4.0, value_name = "MHZ")]
    mhz: f64,
    /// Sargon searches its first move instead of taking it from the 1978 opening book.
    #[arg(long)]
    no_book: bool,
    /// Draw pieces as FEN letters (for fonts without chess symbols).
    #[arg(long)]
    ascii: bool,
}

/// The side the player takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: PlayArgs) -> anyhow::Result<i32> {
    check_mhz(&[args.mhz])?;
    let start = match &args.fen {
        Some(fen) => Start::Fen(fen.clone()),
        None => Start::Startpos,
    };
    // Bad input is a plain error message before the terminal is taken over.
    Game::from_start(&start)?;
    let (searcher, engine) = searcher(args.engine, &args.image)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("`play` needs an interactive terminal (stdin and stdout)");
    }
    let options = PlayOptions {
        start,
        human_white: args.color == Colour::White,
        level: args.level,
        seed: args.seed.unwrap_or_else(random_seed),
        mhz: args.mhz,
        book: !args.no_book,
        ascii: args.ascii,
        theme: Theme::from_env(),
        inputs: args.image.inputs(),
    };
    let mut app = PlayApp::new(searcher, &engine, options)?;
    tui::run(&mut app)?;
    if let Some(failure) = app.failure() {
        // The terminal is back to normal: the reason goes to stderr as every error does.
        anyhow::bail!("{failure}");
    }
    Ok(0)
}

/// The engine of `--engine`, with the name the screen shows. Every engine the game can play
/// against is made here.
fn searcher(kind: EngineKind, image: &ImageArgs) -> anyhow::Result<(Box<dyn Searcher>, String)> {
    match kind {
        EngineKind::Native => {
            if image.rom.is_some() {
                anyhow::bail!(
                    "--rom/--sym choose an image for --engine z80; --engine native has none"
                );
            }
            Ok((Box::new(NativeSearcher::new()), "native".to_string()))
        }
        EngineKind::Z80 => {
            let describe = image.describe();
            let searcher = Z80Searcher::new(&image.load()?, &describe)?;
            let name = match &image.rom {
                Some(rom) => format!("Z80 {}", file_name(rom)),
                None => "Z80".to_string(),
            };
            Ok((Box::new(searcher), name))
        }
    }
}

/// The last part of a path, for a title that must stay short.
fn file_name(path: &std::path::Path) -> String {
    let name = path.file_name().map_or(path.as_os_str(), |name| name);
    sargon_z80::files::printable(&name.to_string_lossy(), 40)
}

/// A seed short enough to type again: from the process's random hasher keys.
fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(std::process::id().into());
    hasher.finish() % 1_000_000
}
