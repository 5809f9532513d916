//! `sargon-z80 bench`: measure emulation, routine, reference and cross-check speed side by side.

use clap::Args;

use sargon_z80::abi::AbiSymbols;
use sargon_z80::bench::{self, Plan};

use super::crosscheck::ImageArgs;
use super::interrupt;
use super::output::{out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 bench                                the full table (under a minute)
  sargon-z80 bench --quick                        a smoke run of a few seconds
  sargon-z80 bench --json > bench.json            the same figures as one JSON object
  sargon-z80 bench --rom sargon78.bin --sym sargon78.sym --org 0   another image beside ours

Build with --release (cargo run --release -- bench) and keep the machine quiet: the figures
are medians of repetitions in which the compared runs take turns, with the spread shown.";

/// Measure emulation, routine, reference and cross-check speed side by side.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct BenchArgs {
    /// A smoke run of a few seconds: less work per figure; goals that need the full work
    /// are not judged.
    #[arg(long)]
    quick: bool,
    /// Repetitions behind each median [default: 7, 3 with --quick].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100))]
    reps: Option<u64>,
    /// Another image whose routines are measured beside the built-in one.
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: BenchArgs) -> anyhow::Result<i32> {
    let reps = args.reps.map(|n| n as usize);
    let plan = if args.quick {
        Plan::quick(reps)
    } else {
        Plan::full(reps)
    };
    let other = match &args.image.rom {
        Some(rom) => {
            let image = args.image.load()?;
            AbiSymbols::resolve(&image)?;
            let name = rom.file_name().unwrap_or(rom.as_os_str());
            Some((name.to_string_lossy().into_owned(), image))
        }
        None => None,
    };
    let other = other.as_ref().map(|(name, image)| (name.clone(), image));
    interrupt::watch(interrupt::Answer::Exit);
    let report = bench::run(&plan, other, &|what| {
        interrupt::doing(&format!("measuring {what}"));
        eprintln!("bench: {what} ...");
    })?;
    if args.json {
        outln!("{}", report.to_json())?;
    } else {
        out!("{}", report.to_text())?;
    }
    Ok(0)
}
