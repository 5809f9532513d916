//! `sargon-z80 profile`: profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use sargon_z80::abi::Driver;
use sargon_z80::abi::search::{SearchDriver, SearchRequest};
use sargon_z80::engine::Setup;
use sargon_z80::files::{Outputs, path_text};
use sargon_z80::profile::{
    Collector, DEFAULT_MHZ, Picture, Profile, heatmap_svg, profile_routine, svg_to_png,
};
use sargon_z80::reference::{Rules, legal_moves};
use sargon_z80::source::Disassembler;

use super::args::{DialectArg, SourceArg, board_arg, check_mhz};
use super::crosscheck::ImageArgs;
use super::output::{out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 profile                                  GENMOV on the start position
  sargon-z80 profile 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  sargon-z80 profile --routine MOVE                   MOVE over every generated move
  sargon-z80 profile --routine INCHK --mhz 3.5
  sargon-z80 profile --svg boarda.svg                 also draw the BOARDA heatmap (for a browser)
  sargon-z80 profile --routine MOVE --svg move.png    the same picture as PNG
  sargon-z80 profile --search 3                       the whole search at PLYMAX 3, per routine
  sargon-z80 profile --rom sargon78.bin --sym sargon78.sym --json

GENMOV and INCHK are called once on the position; MOVE and UNMOVE once per generated move \
(each MOVE is undone by UNMOVE); any other symbol is called once on the position as set up. \
With --search N the whole search runs once (FNDMOV at PLYMAX N, the position set up as `think` \
sets it up: MOVENO from the fullmove number clamped to 2..255), so the table shows where a \
search spends its T-states: GENMOV, SORTM, EVAL, PINFND, POINTS, MOVE, UNMOVE, INCHK... \
Nested calls are attributed to the routine called (its symbol): total/min/mean/max include \
them, `self T` does not.";

/// Profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ProfileArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    /// The routine to profile (GENMOV, INCHK, MOVE, UNMOVE or any symbol of the image).
    #[arg(
        long,
        value_name = "NAME",
        default_value = "GENMOV",
        conflicts_with = "search"
    )]
    routine: String,
    /// Profile the whole search (FNDMOV) instead, set up as `think` does, at PLYMAX N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=9))]
    search: Option<u8>,
    /// Clock rates for the real-time columns, in MHz, comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the BOARDA heatmap to FILE: an SVG picture, or PNG when FILE ends in .png.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The mnemonics of the hottest instructions: Zilog's, or TDL's as the 1978 book prints them.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    #[command(flatten)]
    source: SourceArg,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    fen: String,
    image: String,
    moves: usize,
    svg: Option<String>,
    profile: &'a Profile,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: ProfileArgs) -> anyhow::Result<i32> {
    check_mhz(&args.mhz)?;
    let format = args.svg.as_deref().map(picture_format).transpose()?;
    let board = board_arg(args.fen.as_deref())?;
    let image = args.image.load()?;
    let dialect = args.dialect.disassembler();
    let source = args.source.load(&image, dialect)?;
    let mut collector = Collector::new();
    let (routine, moves) = match args.search {
        Some(plymax) => (
            "FNDMOV".to_string(),
            search(&args, plymax, &image, &mut collector)?,
        ),
        None => {
            let routine = args.routine.to_ascii_uppercase();
            let mut driver = Driver::new(&image)?;
            let moves = profile_routine(&mut driver, &board, &routine, &mut collector)?;
            (routine, moves)
        }
    };
    let code = Disassembler::new(&image, dialect).with_source(source.as_ref());
    let profile = Profile::with_code(&collector, &routine, &args.mhz, &code);

    if let (Some(path), Some(format)) = (&args.svg, format) {
        let map = profile
            .heatmap
            .as_ref()
            .context("the image defines no BOARDA")?;
        let fen = board.to_fen();
        let picture = Picture {
            routine: &routine,
            image: &args.image.describe(),
            fen: &fen,
            cells: Some(&board.cells),
        };
        write_picture(path, format, &heatmap_svg(map, &picture), &args)?;
    }
    print_report(&args, &board, &profile, moves, format)?;
    Ok(0)
}

/// The profile on stdout, as text or JSON.
fn print_report(
    args: &ProfileArgs,
    board: &sargon_z80::position::Board,
    profile: &Profile,
    moves: usize,
    format: Option<Format>,
) -> anyhow::Result<()> {
    if args.json {
        let report = JsonReport {
            fen: board.to_fen(),
            image: args.image.describe(),
            moves,
            svg: args.svg.as_ref().map(|p| p.display().to_string()),
            profile,
        };
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        outln!("position: {}", board.to_fen())?;
        outln!("image:    {}", args.image.describe())?;
        let plural = if moves == 1 { "" } else { "s" };
        match args.search {
            Some(plymax) => {
                outln!("FNDMOV at PLYMAX {plymax}: {moves} legal move{plural} at the root")?
            }
            None => outln!("GENMOV lists {moves} move{plural} for this position")?,
        }
        outln!()?;
        out!("{}", profile.to_text())?;
        if let Some(path) = &args.svg {
            outln!()?;
            let how = if format == Some(Format::Png) {
                "a PNG image"
            } else {
                "open it in a web browser"
            };
            outln!("BOARDA heatmap written to {} ({how})", path_text(path))?;
        }
    }
    Ok(())
}

/// Runs the search once under the collector; returns the number of legal root moves.
fn search(
    args: &ProfileArgs,
    plymax: u8,
    image: &sargon_z80::machine::Image,
    collector: &mut Collector,
) -> anyhow::Result<usize> {
    let setup = match args.fen.as_deref() {
        Some(fen) => Setup::from_fen(fen)?,
        None => Setup::startpos(),
    };
    let driver = SearchDriver::new(image)?;
    let request = SearchRequest {
        board: setup.board,
        moveno: setup.moveno,
        plymax,
        r_register: 0,
    };
    // The driver's bounds: a list whose links loop is runaway code at once, not after the
    // budget of a whole search.
    collector.begin(driver.symbols().fndmov);
    driver
        .call_observed(&request, collector)
        .context("FNDMOV failed under the profiler")?;
    collector.end();
    Ok(legal_moves(&setup.board, Rules::Sargon).len())
}

/// The picture's file format, by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

/// SVG for .svg, PNG for .png; any other extension is refused before the profile runs.
fn picture_format(path: &Path) -> anyhow::Result<Format> {
    match path.extension().and_then(|ext| ext.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("png") => Ok(Format::Png),
        Some(ext) if ext.eq_ignore_ascii_case("svg") => Ok(Format::Svg),
        _ => anyhow::bail!(
            "--svg {}: the heatmap is written as .svg or .png; name the file with one of them",
            path_text(path)
        ),
    }
}

/// Writes the picture through [`Outputs`], never over the image it profiles or its source.
fn write_picture(path: &Path, format: Format, svg: &str, args: &ProfileArgs) -> anyhow::Result<()> {
    let image = &args.image;
    let bytes = match format {
        Format::Png => svg_to_png(svg)?,
        Format::Svg => svg.as_bytes().to_vec(),
    };
    let mut outputs = Outputs::new();
    if let (Some(rom), Some(sym)) = (&image.rom, &image.sym) {
        outputs.input(rom, "the image");
        outputs.input(sym, "the symbol file");
    }
    if let Some((source, role)) = args.source.input() {
        outputs.input(&source, &role);
    }
    outputs.output(path, bytes);
    outputs.commit()?;
    Ok(())
}
