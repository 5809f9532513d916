//! `sargon-z80 profile`: profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use sargon_z80::abi::Driver;
use sargon_z80::abi::search::{SearchDriver, SearchRequest};
use sargon_z80::engine::Setup;
use sargon_z80::files::{Outputs, path_text};
use sargon_z80::jupiter::{Options as JupiterOptions, entry, parse_keys};
use sargon_z80::machine::default_program;
use sargon_z80::profile::{
    Collector, DEFAULT_MHZ, PartMap, Picture, Profile, Session, heatmap_svg, profile_program,
    profile_routine, sessions_text, svg_to_png, video_svg,
};
use sargon_z80::reference::{Rules, legal_moves};
use sargon_z80::source::Disassembler;

use super::args::{DialectArg, SourceArg, board_arg, check_mhz};
use super::crosscheck::ImageArgs;
use super::interrupt::{self, Answer};
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
  sargon-z80 profile --jupiter --keys 'YW2e2-e4g1-f3' --seed 7     a game's time, part by part
  sargon-z80 profile --jupiter --keys 'YW2e2-e4' --rom sargon78.bin --sym sargon78.sym --svg v.png

GENMOV and INCHK are called once on the position; MOVE and UNMOVE once per generated move \
(each MOVE is undone by UNMOVE); any other symbol is called once on the position as set up. \
With --search N the whole search runs once (FNDMOV at PLYMAX N, the position set up as `think` \
sets it up: MOVENO from the fullmove number clamped to 2..255), so the table shows where a \
search spends its T-states: GENMOV, SORTM, EVAL, PINFND, POINTS, MOVE, UNMOVE, INCHK... \
Nested calls are attributed to the routine called (its symbol): total/min/mean/max include \
them, `self T` does not.

With --jupiter a whole session of the built-in program runs on the Jupiter III on --keys (as \
`jupiter --keys` runs it, until the program waits for one more key or ends), and with --rom \
--sym the same keys run that whole program too, its column beside the built-in one's: the \
T-states of every part of the program (search, evaluation, generation, make, book, board, \
blinks, entry, dialogue, monitor, loop), which add up to the session's exactly, the routines \
with most own T-states, and the video memory's writes (--svg draws them as a heat map). A part \
is started by the routines the project's docs name (USAGE.md, \"Where a game's time goes\"); \
the innermost such routine on the call stack takes an instruction, helpers count to their \
caller's part; --part NAME=PART adds a routine of the image. Times are at the last --mhz.";

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
    /// Profile a whole session of the built-in program (and of --rom's, side by side) on the
    /// Jupiter III instead, on --keys.
    #[arg(long, conflicts_with_all = ["search", "fen", "routine"])]
    jupiter: bool,
    /// The session's keys, as `jupiter --keys` reads them.
    #[arg(long, value_name = "TEXT", requires = "jupiter")]
    keys: Option<String>,
    /// The seed of R's advance at the session's key reads.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "jupiter")]
    seed: u64,
    /// Count a routine of --rom's program to a part: NAME=PART (repeatable).
    #[arg(long = "part", value_name = "NAME=PART", requires = "jupiter")]
    parts: Vec<String>,
    /// Stop a session that runs this many T-states [default: no limit].
    #[arg(long, value_name = "N", requires = "jupiter", value_parser = clap::value_parser!(u64).range(1..))]
    max_tstates: Option<u64>,
    /// Clock rates for the real-time columns, in MHz (0.1 to 1000), comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the BOARDA heatmap to FILE (with --jupiter the video memory's writes): an SVG
    /// picture, or PNG when FILE ends in .png.
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
    if args.jupiter {
        return jupiter(&args, format);
    }
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

/// Profiles a session of the built-in program, and of --rom's beside it, on the same keys.
fn jupiter(args: &ProfileArgs, format: Option<Format>) -> anyhow::Result<i32> {
    let keys = match &args.keys {
        Some(text) => parse_keys(text)?,
        None => Vec::new(),
    };
    let mut programs = vec![(default_program(), "the built-in program".to_string())];
    if args.image.rom.is_some() {
        programs.push((args.image.load()?, args.image.describe()));
    }
    // Every --part names a routine of the user's program (else of the built-in one).
    let (user, _) = programs.last().expect("the built-in program is there");
    let mut user_parts = PartMap::from_symbols(&user.symbols);
    for given in &args.parts {
        user_parts.assign(&user.symbols, given)?;
    }
    interrupt::watch(Answer::Stop);
    let mut profiles = Vec::new();
    let last = programs.len() - 1;
    for (i, (image, name)) in programs.iter().enumerate() {
        let parts = if i == last {
            user_parts.clone()
        } else {
            PartMap::from_symbols(&image.symbols)
        };
        let session = Session {
            name: name.clone(),
            image,
            limit: args.max_tstates.unwrap_or(u64::MAX),
            parts,
        };
        let start = JupiterOptions {
            entry: entry(image, None)?,
            seed: args.seed,
        };
        let (profile, _) = profile_program(&session, start, &keys, interrupt::stop_flag())?;
        profiles.push(profile);
    }
    let mhz = *args.mhz.last().expect("--mhz has a value");
    if let (Some(path), Some(format)) = (&args.svg, format) {
        let title = "where each program wrote into the video memory";
        write_picture(path, format, &video_svg(&profiles, title), args)?;
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "programs": profiles }))?
        )?;
    } else {
        out!("{}", sessions_text(&profiles, mhz))?;
        if let Some(path) = &args.svg {
            outln!("video memory heat map written to {}", path_text(path))?;
        }
    }
    Ok(if profiles.iter().any(|p| p.failed) {
        2
    } else {
        0
    })
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
