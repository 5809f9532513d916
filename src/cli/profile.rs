//! `sargon-z80 profile`: profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use sargon_z80::abi::RawEntry;
use sargon_z80::abi::{Driver, Routine};
use sargon_z80::position::Board;
use sargon_z80::profile::report::DEFAULT_MHZ;
use sargon_z80::profile::svg::heatmap_svg;
use sargon_z80::profile::{Collector, Profile};

use super::args::{board_arg, check_mhz};
use super::crosscheck::ImageArgs;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 profile                                  GENMOV on the start position
  sargon-z80 profile 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  sargon-z80 profile --routine MOVE                   MOVE over every generated move
  sargon-z80 profile --routine INCHK --mhz 3.5
  sargon-z80 profile --svg boarda.svg                 also draw the BOARDA heatmap (open it in a browser)
  sargon-z80 profile --rom sargon78.bin --sym sargon78.sym --json

GENMOV and INCHK are called once on the position; MOVE and UNMOVE once per generated move
(each MOVE is undone by UNMOVE); any other symbol is called once on the position as set up.
Nested calls are attributed to the routine called (its symbol): total/min/mean/max include
them, `self T` does not.";

/// Profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ProfileArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    /// The routine to profile (GENMOV, INCHK, MOVE, UNMOVE or any symbol of the image).
    #[arg(long, value_name = "NAME", default_value = "GENMOV")]
    routine: String,
    /// Clock rates for the real-time columns, in MHz, comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the BOARDA heatmap as an SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
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
    let board = board_arg(args.fen.as_deref())?;
    let image = args.image.load()?;
    let mut driver = Driver::new(&image)?;
    let routine = args.routine.to_ascii_uppercase();
    let mut collector = Collector::new();
    let moves = run_routine(&mut driver, &board, &routine, &mut collector)?;
    let profile = Profile::new(&collector, &image, &routine, &args.mhz);

    if let Some(path) = &args.svg {
        let map = profile
            .heatmap
            .as_ref()
            .context("the image defines no BOARDA")?;
        let title = format!("BOARDA accesses of {routine}, {}", board.to_fen());
        std::fs::write(path, heatmap_svg(map, &title))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        let report = JsonReport {
            fen: board.to_fen(),
            image: args.image.describe(),
            moves,
            svg: args.svg.as_ref().map(|p| p.display().to_string()),
            profile: &profile,
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("position: {}", board.to_fen());
        println!("image:    {}", args.image.describe());
        let plural = if moves == 1 { "" } else { "s" };
        println!("GENMOV lists {moves} move{plural} for this position");
        println!();
        print!("{}", profile.to_text());
        if let Some(path) = &args.svg {
            println!();
            println!(
                "BOARDA heatmap written to {} (open it in a web browser)",
                path.display()
            );
        }
    }
    Ok(0)
}

/// Sets the position up and runs the profiled routine under `collector`; returns how many moves
/// GENMOV lists for the position.
fn run_routine(
    driver: &mut Driver,
    board: &Board,
    routine: &str,
    collector: &mut Collector,
) -> anyhow::Result<usize> {
    let mut list: Vec<RawEntry> = Vec::new();
    driver.set_root(board);
    let moves = |list: &[RawEntry]| list.iter().filter(|e| !e.hidden).count();
    match routine {
        "GENMOV" => {
            collector.begin(driver.symbols().genmov);
            driver.genmov_observed(&mut list, collector)?;
            collector.end();
        }
        "INCHK" => {
            observed(driver, Routine::Inchk, collector)?;
            driver.set_root(board);
            driver.genmov(&mut list)?;
        }
        "MOVE" | "UNMOVE" => {
            driver.genmov(&mut list)?;
            let mlptrj = driver.symbols().mlptrj;
            for entry in list.iter().filter(|e| !e.hidden) {
                driver.machine_mut().poke16(mlptrj, entry.addr);
                if routine == "MOVE" {
                    observed(driver, Routine::Move, collector)?;
                    driver.unmake(entry.addr)?;
                } else {
                    driver.make(entry.addr)?;
                    driver.machine_mut().poke16(mlptrj, entry.addr);
                    observed(driver, Routine::Unmove, collector)?;
                }
            }
        }
        name => {
            let addr = driver
                .machine()
                .symbols()
                .get(name)
                .with_context(|| format!("the image has no symbol {name:?}"))?;
            collector.begin(addr);
            driver
                .machine_mut()
                .call_observed(addr, collector)
                .with_context(|| format!("{name} failed"))?;
            collector.end();
            driver.set_root(board);
            driver.genmov(&mut list)?;
        }
    }
    Ok(moves(&list))
}

/// One call of `routine` on the machine as it stands, added to `collector`.
fn observed(
    driver: &mut Driver,
    routine: Routine,
    collector: &mut Collector,
) -> anyhow::Result<()> {
    let addr = driver.routine_addr(routine)?;
    collector.begin(addr);
    driver.call_observed(routine, collector)?;
    collector.end();
    Ok(())
}
