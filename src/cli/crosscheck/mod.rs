//! `sargon-z80 crosscheck`: cross-check the Z80 image against the native reference, node by node (the main job).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::Context;
use clap::Args;

use sargon_z80::abi::{AbiSymbols, ListEndSource};
use sargon_z80::crosscheck::report;
use sargon_z80::crosscheck::suite::{self, Origin, Position};
use sargon_z80::crosscheck::{self, Config, PositionFailure, RandomSpec};
use sargon_z80::crosscheck::{DEFAULT_DEPTH, DEFAULT_RANDOM, DEFAULT_RANDOM_DEPTH};
use sargon_z80::machine::default_image;
use sargon_z80::machine::{Image, parse_u16};
use sargon_z80::position::Board;
use sargon_z80::text::{grouped, shell_command};

use super::output::{OutputError, out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 crosscheck                          built-in positions to depth 2 + 10,000 random
  sargon-z80 crosscheck --random 0 --depth 3     built-in positions only, one ply deeper
  sargon-z80 crosscheck my.epd --threads 1       the positions of an EPD file, one thread
  sargon-z80 crosscheck --fen '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1'
  sargon-z80 crosscheck --seed 7 --random-index 4242 --random-depth 1    replay one random position
  sargon-z80 crosscheck --rom sargon78.bin --sym sargon78.sym --org 0   a 1978 assembly
  sargon-z80 crosscheck --json --keep-going > report.json

Exit status: 0 all agree, 1 a mismatch (each printed with the command that replays it),
2 a usage or input error (bad FEN/EPD line, missing or truncated image, missing symbols).";

/// The image to drive: the built-in one, or a binary with its symbol file.
#[derive(Debug, Args)]
pub struct ImageArgs {
    /// A Z80 binary to drive instead of the built-in image (needs --sym).
    #[arg(long, value_name = "X.bin", requires = "sym")]
    pub rom: Option<PathBuf>,
    /// The binary's pasmo-style symbol file (`NAME EQU 0ABCDH` per line).
    #[arg(long, value_name = "X.sym", requires = "rom")]
    pub sym: Option<PathBuf>,
    /// Load address of the binary [default: its ORG symbol, else 0].
    #[arg(long, value_name = "ADDR", requires = "rom", value_parser = parse_org)]
    pub org: Option<u16>,
}

fn parse_org(text: &str) -> Result<u16, String> {
    parse_u16(text).map_err(|err| err.to_string())
}

impl ImageArgs {
    /// Loads the chosen image.
    pub fn load(&self) -> anyhow::Result<Image> {
        match (&self.rom, &self.sym) {
            (Some(rom), Some(sym)) => Ok(Image::load(rom, sym, self.org)?),
            _ => Ok(default_image()),
        }
    }

    /// A short description of the image for headers.
    pub fn describe(&self) -> String {
        match &self.rom {
            Some(rom) => rom.display().to_string(),
            None => "built-in image (roms/sargon.bin)".to_string(),
        }
    }

    /// The arguments that choose the same image again, for replay commands.
    pub fn replay_words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if let (Some(rom), Some(sym)) = (&self.rom, &self.sym) {
            words.extend([
                "--rom".to_string(),
                rom.display().to_string(),
                "--sym".to_string(),
                sym.display().to_string(),
            ]);
            if let Some(org) = self.org {
                words.extend(["--org".to_string(), format!("{org:#06X}")]);
            }
        }
        words
    }
}

/// Cross-check the Z80 image against the native reference, node by node (the main job).
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CrosscheckArgs {
    /// EPD files (`FEN ;D1 n ;D2 n ...`) to check instead of the built-in positions.
    #[arg(value_name = "FILE.epd")]
    files: Vec<PathBuf>,
    /// A position to check instead of the built-in ones (repeatable).
    #[arg(long = "fen", value_name = "FEN")]
    fens: Vec<String>,
    /// Seeded random positions to check [default: 10000 with no files or FENs, else 0].
    #[arg(long, value_name = "N")]
    random: Option<u64>,
    /// Check only random position K of the seed's stream (what replay commands use).
    #[arg(long, value_name = "K", conflicts_with = "random")]
    random_index: Option<u64>,
    /// Seed of the random positions [default: taken from the clock, always printed].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Depth of the node-by-node comparison for the listed positions.
    #[arg(long, value_name = "D", default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=8))]
    depth: u32,
    /// Depth of the node-by-node comparison for the random positions.
    #[arg(long, value_name = "D", default_value_t = DEFAULT_RANDOM_DEPTH, value_parser = clap::value_parser!(u32).range(1..=8))]
    random_depth: u32,
    /// Worker threads, each with its own emulated machine [default: available cores].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Go on after the first mismatch and report every failing position.
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: CrosscheckArgs) -> anyhow::Result<i32> {
    let image = args.image.load()?;
    let symbols = AbiSymbols::resolve(&image)?;
    let config = config(&args)?;
    if !args.json {
        print_header(&args, &config, &symbols)?;
    }
    let progress = Progress::new(!args.json);
    let report = crosscheck::run(&image, &config, &|done, total| progress.update(done, total))?;
    progress.finish();

    let replays: Vec<String> = report
        .failures
        .iter()
        .map(|f| replay_command(&args, f))
        .collect();
    let agree = report.failures.is_empty();
    if args.json {
        let mut json = serde_json::to_value(&report)?;
        if let Some(failures) = json["failures"].as_array_mut() {
            for (failure, replay) in failures.iter_mut().zip(&replays) {
                failure["replay"] = replay.clone().into();
            }
        }
        json["image"] = args.image.describe().into();
        json["list_end"] = serde_json::to_value(symbols.list_end_source)?;
        json["depth"] = config.depth.into();
        json["random_depth"] = config.random.depth.into();
        json["agree"] = agree.into();
        outln!("{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        for (failure, replay) in report.failures.iter().zip(&replays) {
            outln!("{}", report::failure(failure, replay))?;
        }
        const SHOWN: usize = 10;
        for skipped in report.skipped.iter().take(SHOWN) {
            outln!("{}", report::skipped(skipped))?;
        }
        if report.skipped.len() > SHOWN {
            outln!("... and {} more skipped", report.skipped.len() - SHOWN)?;
        }
        out!("{}", report::summary(&report))?;
        outln!("  {:<20} {}", "seed", report.seed)?;
        if agree {
            outln!("verdict: the image agrees with the reference")?;
        } else if args.keep_going {
            outln!(
                "verdict: MISMATCH in {} position(s)",
                grouped(report.failures.len() as u64)
            )?;
        } else {
            outln!("verdict: MISMATCH (stopped at the first; --keep-going finds them all)")?;
        }
    }
    Ok(if agree { 0 } else { 1 })
}

fn config(args: &CrosscheckArgs) -> anyhow::Result<Config> {
    let mut positions: Vec<Position> = suite::epd_positions(&args.files)?;
    for fen in &args.fens {
        let board = Board::from_fen(fen).with_context(|| format!("bad --fen {fen:?}"))?;
        positions.push(Position {
            fen: fen.clone(),
            board,
            counts: Vec::new(),
            origin: Origin::Fen,
        });
    }
    let chosen = !args.files.is_empty() || !args.fens.is_empty() || args.random_index.is_some();
    let builtin = suite::builtin_positions();
    let random_starts: Vec<Board> = builtin.iter().map(|p| p.board).collect();
    if !chosen {
        positions = builtin;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (first, count) = match args.random_index {
        Some(index) => (index, 1),
        None => (
            0,
            args.random
                .unwrap_or(if chosen { 0 } else { DEFAULT_RANDOM }),
        ),
    };
    let threads = match args.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(Config {
        positions,
        depth: args.depth,
        random: RandomSpec {
            seed,
            first,
            count,
            depth: args.random_depth,
        },
        random_starts,
        threads,
        keep_going: args.keep_going,
    })
}

/// A seed from the clock, for runs that do not name one (it is printed, so runs replay).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

fn print_header(
    args: &CrosscheckArgs,
    config: &Config,
    symbols: &AbiSymbols,
) -> Result<(), OutputError> {
    let list_end = match symbols.list_end_source {
        ListEndSource::Mlend => "MLEND",
        ListEndSource::NextSymbol => "no MLEND: the list ends at the next symbol above MLIST",
        ListEndSource::TopOfMemory => "no MLEND: the list runs to the top of memory",
    };
    outln!(
        "crosscheck: {} listed position(s) to depth {}, {} random position(s) to depth {}, seed {}, {} thread(s)",
        grouped(config.positions.len() as u64),
        config.depth,
        grouped(config.random.count),
        config.random.depth,
        config.random.seed,
        config.threads
    )?;
    outln!(
        "image: {}; move list {:#06X}..={:#06X} ({list_end})",
        args.image.describe(),
        symbols.mlist,
        symbols.mlend
    )?;
    Ok(())
}

/// The command that checks the failing position again, alone.
fn replay_command(args: &CrosscheckArgs, failure: &PositionFailure) -> String {
    let mut words = vec!["sargon-z80".to_string(), "crosscheck".to_string()];
    words.extend(args.image.replay_words());
    match &failure.origin {
        Origin::Random { seed, index, .. } => words.extend([
            "--seed".to_string(),
            seed.to_string(),
            "--random-index".to_string(),
            index.to_string(),
            "--random-depth".to_string(),
            failure.depth.to_string(),
        ]),
        Origin::Epd { .. } | Origin::Fen => words.extend([
            "--fen".to_string(),
            failure.root_fen.clone(),
            "--depth".to_string(),
            failure.depth.to_string(),
        ]),
    }
    shell_command(&words)
}

/// A progress bar on a terminal, a plain line every tenth otherwise, nothing for JSON.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    last_tenth: Mutex<u64>,
}

impl Progress {
    fn new(enabled: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        Progress {
            bar: (enabled && terminal).then(|| {
                let bar = indicatif::ProgressBar::new(0);
                bar.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{bar:40} {pos}/{len} positions  {per_sec}  eta {eta}",
                    )
                    .expect("the template is valid"),
                );
                bar
            }),
            plain: enabled && !terminal,
            last_tenth: Mutex::new(0),
        }
    }

    fn update(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        } else if self.plain && total > 0 {
            let tenth = done * 10 / total;
            let mut last = self.last_tenth.lock().expect("progress lock");
            if tenth > *last {
                *last = tenth;
                // Progress is a courtesy: a stderr that cannot be written does not stop the run.
                let _ = writeln!(std::io::stderr(), "checked {done}/{total} positions");
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
