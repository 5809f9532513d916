//! `sargon-z80 bench`: every speed of the project measured side by side, as a dashboard.

use clap::Args;

use sargon_z80::abi::AbiSymbols;
use sargon_z80::bench::{self, Plan};

use super::crosscheck::ImageArgs;
use super::output::{out, outln};
use super::{exit, interrupt};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 bench                           the dashboard (a few minutes)
  sargon-z80 bench --quick                   a first look in under 30 s
  sargon-z80 bench --details                 the dashboard, then every section's table
  sargon-z80 bench --json > bench.json       everything as one JSON object (ids per row)
  sargon-z80 bench --rom sargon78.bin --sym sargon78.sym --org 0   its routines beside ours

Build with --release (cargo run --release -- bench) and keep the machine quiet: figures are \
medians of repetitions in which the compared runs take turns, with the range shown, and the \
load average before and after is printed. The perft race against cozy-chess needs the \
bench-peers feature, which a default build has.";

/// Measure every speed of the project side by side and judge each against its goal.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct BenchArgs {
    /// A first look in under 30 s: less work per figure; verdicts on speed are indicative
    /// and goals that need the full work are skipped.
    #[arg(long)]
    quick: bool,
    /// After the dashboard, every section's own table (implied by --rom).
    #[arg(long)]
    details: bool,
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
            Some((
                sargon_z80::files::printable(&name.to_string_lossy(), 40),
                image,
            ))
        }
        None => None,
    };
    let other = other.as_ref().map(|(name, image)| (name.clone(), image));
    interrupt::watch(interrupt::Answer::Exit);
    let report = bench::run(&plan, other, &|what| {
        interrupt::doing(&format!("measuring {what}"));
        exit::note(&format!("bench: {what} ..."));
    })?;
    if args.json {
        outln!("{}", report.to_json())?;
    } else {
        let details = args.details || args.image.rom.is_some();
        out!("{}", report.to_text(details))?;
    }
    if let Some(runaway) = &report.runaway {
        // The report is printed; the runaway is the machine's error, and the status.
        exit::error(&format!("the image ran away: {runaway}"), false);
        return Ok(exit::INPUT);
    }
    Ok(0)
}
