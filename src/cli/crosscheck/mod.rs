//! `sargon-z80 crosscheck`: cross-check the Z80 image against the native reference, node by
//! node (the main job). A run checks positions (all, a shard, or the rest of an interrupted
//! run); `--merge` joins the JSON reports of a run's parts into one verdict.

mod command;
mod image;
mod merge;
mod mutants;
mod positions;
mod progress;
mod search;
mod show;

use std::path::PathBuf;

use clap::Args;

use sargon_z80::abi::AbiSymbols;
use sargon_z80::crosscheck::mutants::{CodeMap, Patch, patched};
use sargon_z80::crosscheck::search::DEFAULT_SEARCH_PLY;
use sargon_z80::crosscheck::{self, Config, Report, RunError, Span};
use sargon_z80::crosscheck::{DEFAULT_DEPTH, DEFAULT_RANDOM_DEPTH, DEFAULT_SEARCH_RANDOM};

pub use image::ImageArgs;

use super::exit;
use super::interrupt;
use super::output::outln;
use progress::Progress;

/// The most random positions one run takes (a billion-position campaign is a thousand runs
/// of a million, or shards of one run).
const MAX_RANDOM: u64 = 1_000_000_000_000;
/// The most shards a run is cut into.
const MAX_SHARDS: u64 = 1_000_000;
/// The most mutants one run makes (each is a default run of a second or more).
const MAX_MUTANTS: u64 = 1_000_000;
/// The most random positions whose search the default run compares.
const MAX_SEARCH_RANDOM: u64 = 1_000_000;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 crosscheck                          built-in positions to depth 2 + 10,000 random
  sargon-z80 crosscheck --random 0 --depth 3     built-in positions only, one ply deeper
  sargon-z80 crosscheck my.epd --threads 1       the positions of an EPD file, one thread
  sargon-z80 crosscheck --fen '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1' --fen startpos
  sargon-z80 crosscheck --seed 7 --random-index 4242 --random-depth 1    replay one random position
  sargon-z80 crosscheck --rom sargon78.bin --sym sargon78.sym --org 0   a 1978 assembly
  sargon-z80 crosscheck --seed 1 --random 1000000 --shard 3/8 --json > part3.json
  sargon-z80 crosscheck --merge part*.json       one verdict for all the parts
  sargon-z80 crosscheck --search --ply 3         the search: built-in + 100 random positions
  sargon-z80 crosscheck --search --ply 2 --fen startpos --rom sargon78.bin --sym sargon78.sym
  sargon-z80 crosscheck --mutants 200 --seed 4   the run's power: 200 one-byte mutants of the code
  sargon-z80 crosscheck --patch 0x1EA1=0xAF      the default run on one mutant (made in memory)

The default run also compares the image's search with the native engine at PLYMAX 1 and 2 on \
the built-in positions, on 7 positions of the search's rare paths (mates in one, no legal move) \
and on its first 150 random positions (--search-random), when the image defines the search's \
symbols (--ply 0 leaves it out), after the positions, as the last jobs of the run: shards \
share them, --merge judges them.

Ctrl-C stops after the positions in hand (a search in hand is broken off) and prints what was \
checked and the command that goes on from there. Exit status: 0 all agree, 1 a mismatch (each \
printed with the command that replays it), 2 a usage or input error, an image that ran away, or \
nothing checked, 130 interrupted.";

/// Cross-check the Z80 image against the native reference, node by node (the main job).
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CrosscheckArgs {
    /// EPD files (`FEN ;D1 n ;D2 n ...`) to check instead of the built-in positions; `-`
    /// reads standard input.
    #[arg(value_name = "FILE.epd")]
    files: Vec<PathBuf>,
    /// A position to check instead of the built-in ones (repeatable): a FEN, `startpos`, or
    /// an EPD line (`FEN ;D2 400`) whose counts are checked too.
    #[arg(long = "fen", value_name = "FEN")]
    fens: Vec<String>,
    /// Seeded random positions to check [default: 10000 with no files or FENs, else 0].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=MAX_RANDOM))]
    random: Option<u64>,
    /// Check only random position K of the seed's stream (what replay commands use).
    #[arg(long, value_name = "K", conflicts_with = "random", value_parser = clap::value_parser!(u64).range(0..MAX_RANDOM))]
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
    /// Check only part K of N equal consecutive parts of the run (for many machines; the
    /// parts' --json reports join with --merge).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Begin at position J of the run (positions are numbered from 0: the listed ones, then
    /// the random ones); an interrupted run prints the command with its --from.
    #[arg(long, value_name = "J")]
    from: Option<u64>,
    /// Merge the --json reports of a run's parts (shards, a resumed run) into one verdict.
    #[arg(long, value_name = "REPORT.json", num_args = 1.., conflicts_with_all = ["files", "fens", "random", "random_index", "seed", "shard", "from", "keep_going"])]
    merge: Vec<PathBuf>,
    /// Compare only the search (FNDMOV against the native engine, evaluation by evaluation)
    /// on the listed and random positions [random default: 100], at PLYMAX 1..=--ply.
    #[arg(long, conflicts_with_all = ["shard", "merge", "depth", "random_depth"])]
    search: bool,
    /// The deepest PLYMAX of the search comparison (0: none in the default run).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEARCH_PLY, value_parser = clap::value_parser!(u8).range(0..=6))]
    ply: u8,
    /// How many of the run's random positions (its first ones) the default run's search
    /// comparison takes too, after the built-in positions, at the same PLYMAX.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEARCH_RANDOM, conflicts_with_all = ["search", "merge"], value_parser = clap::value_parser!(u64).range(0..=MAX_SEARCH_RANDOM))]
    search_random: u64,
    /// Measure the run's power: N random one-byte mutants of the image's code, each checked
    /// by the default run, the survivors by deep runs; prints the kill ratio and how to
    /// replay every mutant the default run missed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_MUTANTS), conflicts_with_all = ["files", "fens", "random", "random_index", "depth", "random_depth", "keep_going", "shard", "from", "merge", "search", "ply", "search_random", "patch"])]
    mutants: Option<u64>,
    /// Write BYTE at ADDR over the image in memory before the run (repeatable; the files are
    /// not touched): how a mutant replays. The code is write-protected as in a mutation run.
    #[arg(long, value_name = "ADDR=BYTE", conflicts_with = "merge")]
    patch: Vec<Patch>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

impl CrosscheckArgs {
    /// The image the run checks: the chosen one with the `--patch` bytes written over it in
    /// memory, its code write-protected as in a mutation run.
    fn load_image(&self) -> anyhow::Result<sargon_z80::machine::Image> {
        let image = self.image.load()?;
        if self.patch.is_empty() {
            return Ok(image);
        }
        let code = CodeMap::of(&image)?;
        Ok(patched(&image, &self.patch, &code)?)
    }

    /// The arguments that choose the same image, patched the same, for replay commands.
    fn image_words(&self) -> Vec<String> {
        let mut words = self.image.replay_words();
        for patch in &self.patch {
            words.extend(["--patch".to_string(), patch.to_string()]);
        }
        words
    }

    /// The image for headers, with its patches.
    fn describe_image(&self) -> String {
        let image = self.image.describe();
        if self.patch.is_empty() {
            return image;
        }
        let patches: Vec<String> = self.patch.iter().map(Patch::to_string).collect();
        format!("{image}, patched {}", patches.join(" "))
    }
}

fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("expected K/N with 1 <= K <= N <= {MAX_SHARDS}, found {text:?}");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((k, n))
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: CrosscheckArgs) -> anyhow::Result<i32> {
    if !args.merge.is_empty() {
        return merge::run(&args);
    }
    if let Some(count) = args.mutants {
        return mutants::run(&args, count);
    }
    if args.search {
        return search_only(&args);
    }
    check(&args)
}

/// `--search`: the search comparison alone.
fn search_only(args: &CrosscheckArgs) -> anyhow::Result<i32> {
    if args.ply == 0 {
        anyhow::bail!("--search needs --ply 1 or more");
    }
    let image = args.load_image()?;
    search::supported(&image)?;
    let config = positions::config(args)?;
    let positions = search::positions(&config)?;
    let from = usize::try_from(args.from.unwrap_or(0)).unwrap_or(usize::MAX);
    if from >= positions.len() {
        anyhow::bail!(
            "nothing was checked: {}",
            if positions.is_empty() {
                "the EPD file(s) and --fen give no position, and --random is 0".to_string()
            } else {
                format!(
                    "--from {from} is at or past the end of the run's {} positions",
                    positions.len()
                )
            }
        );
    }
    if !args.json {
        let run = show::run_line(config.random.count, config.random.seed, config.threads);
        outln!("crosscheck --search: {run}")?;
        outln!("image: {}", args.describe_image())?;
    }
    let report = search::compare_from(&image, &positions, from, args, config.threads)?;
    let words = args.image_words();
    if let Some(found) = &report.runaway {
        anyhow::bail!("{}", search::ran_away(found, &positions, &words));
    }
    let resume = report
        .interrupted
        .then(|| search::resume(args, &config, report.reached));
    if args.json {
        let mut json = search::json(&report, &positions, &words)?;
        json["seed"] = config.random.seed.into();
        json["image"] = args.describe_image().into();
        if let Some(resume) = &resume {
            json["resume"] = resume.as_str().into();
        }
        outln!("{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        search::show(&report, &positions, &words)?;
        if config.random.count > 0 {
            outln!("  {:<20} {}", "seed", config.random.seed)?;
        }
        show::print_verdict(&search::verdict(&report))?;
        if let Some(resume) = &resume {
            outln!("to go on: {resume}")?;
        }
    }
    if report.searches == 0 && report.agrees() {
        anyhow::bail!(
            "nothing was checked: every search was skipped (a full move list, or memory the native model does not hold)"
        );
    }
    Ok(search::status(&report))
}

/// A run: the chosen positions, or a part of them, checked on the image; then, in the default
/// run, the image's search on the built-in positions (jobs of the run like the positions, so
/// that shards share them and a merge gives the whole run's verdict).
fn check(args: &CrosscheckArgs) -> anyhow::Result<i32> {
    let image = args.load_image()?;
    let symbols = AbiSymbols::resolve(&image)?;
    let mut config = positions::config(args)?;
    let search_note = search_plan(args, &image, &mut config);
    let span = span(args, &config)?;
    if !args.json {
        show::header(args, &config, span, &symbols, search_note.as_deref())?;
    }
    interrupt::watch(interrupt::Answer::Stop);
    // The run's searches are jobs after its positions (see `Config::searched`).
    let unit = if config.searched() > 0 {
        "jobs"
    } else {
        "positions"
    };
    let progress = Progress::of(span.len(), unit);
    let stop = Some(interrupt::stop_flag());
    let run = crosscheck::run_span(&image, &config, span, stop, &|done, _| {
        progress.update(done)
    });
    progress.finish();
    let report = match run {
        Ok(report) => report,
        Err(RunError::Runaway(runaway)) => {
            let replay = command::runaway_replay(&args.image_words(), &runaway);
            let error = RunError::Runaway(runaway);
            anyhow::bail!("{error}\nreplay: {replay}");
        }
        Err(error) => return Err(error.into()),
    };
    let checked = report.positions + report.search.searches;
    if checked == 0 && report.agrees() && !report.interrupted {
        anyhow::bail!(
            "nothing was checked: all {} position(s) were skipped, their move lists do not fit in the image's list area{}",
            report.skipped.len(),
            match report.search.skipped.len() {
                0 => String::new(),
                n => format!(", and {n} search(es) were not compared"),
            }
        );
    }
    show::report(args, &report, &symbols)?;
    Ok(status(&report))
}

/// Whether the run compares the search, set in `config`: the default run does, to PLYMAX
/// --ply on the built-in positions, when the image follows the search ABI; otherwise a note
/// that says why not (None when there is nothing to say).
fn search_plan(
    args: &CrosscheckArgs,
    image: &sargon_z80::machine::Image,
    config: &mut Config,
) -> Option<String> {
    let chosen = !args.files.is_empty() || !args.fens.is_empty() || args.random_index.is_some();
    if args.ply == 0 || chosen {
        return None;
    }
    match search::supported(image) {
        Ok(()) => {
            config.search_ply = args.ply;
            config.search_random = args.search_random;
            None
        }
        Err(missing) => Some(format!(
            "not compared, the image has no search ABI ({missing})"
        )),
    }
}

/// The positions of the run this invocation checks: all, a shard, from --from on.
fn span(args: &CrosscheckArgs, config: &Config) -> anyhow::Result<Span> {
    let total = config.total();
    let mut span = match args.shard {
        Some((k, n)) => Span::shard(total, k, n),
        None => Span {
            first: 0,
            end: total,
        },
    };
    if let Some(from) = args.from {
        if from < span.first || from > span.end {
            anyhow::bail!(
                "--from {from} is outside the positions {}..{} of this run{}",
                span.first,
                span.end,
                if args.shard.is_some() { "'s shard" } else { "" }
            );
        }
        span.first = from;
    }
    if span.is_empty() {
        anyhow::bail!("nothing was checked: {}", why_empty(args, config, span));
    }
    Ok(span)
}

/// Why a run has no position to check.
fn why_empty(args: &CrosscheckArgs, config: &Config, span: Span) -> String {
    let total = config.total();
    if total == 0 {
        return "the EPD file(s) and --fen give no position, and --random is 0".to_string();
    }
    match args.shard {
        Some((k, n)) if Span::shard(total, k, n).is_empty() => {
            format!("shard {k}/{n} of a run of {total} position(s) is empty")
        }
        Some((k, n)) => format!("--from {} is the end of shard {k}/{n}", span.first),
        None => format!("--from {} is the end of the run", span.first),
    }
}

/// The exit status of a report (the search's verdict included).
fn status(report: &Report) -> i32 {
    verdict_status(report.interrupted, report.agrees())
}

/// The exit status of a run that was or was not interrupted and agreed or not.
fn verdict_status(interrupted: bool, agrees: bool) -> i32 {
    match (interrupted, agrees) {
        (true, _) => exit::INTERRUPTED,
        (false, true) => exit::OK,
        (false, false) => exit::MISMATCH,
    }
}

/// A seed from the clock, for runs that do not name one (it is printed, so runs replay).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// The depth defaults, for commands that repeat a run.
const DEFAULT_DEPTHS: (u32, u32) = (DEFAULT_DEPTH, DEFAULT_RANDOM_DEPTH);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_names_the_default_random_searches() {
        let words = format!("its first {DEFAULT_SEARCH_RANDOM} random positions");
        assert!(EXAMPLES.contains(&words), "{EXAMPLES}");
    }
}
