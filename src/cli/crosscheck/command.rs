//! The commands a run prints: the one that replays a failing position alone, and the one that
//! goes on with an interrupted run from where it stopped.

use sargon_z80::crosscheck::DEFAULT_SEARCH_RANDOM;
use sargon_z80::crosscheck::search::DEFAULT_SEARCH_PLY;
use sargon_z80::crosscheck::suite::Origin;
use sargon_z80::crosscheck::{PositionFailure, Report, Runaway, SearchFailed};
use sargon_z80::text::shell_command;

use super::{CrosscheckArgs, DEFAULT_DEPTHS};

fn words(items: &[&str]) -> Vec<String> {
    items.iter().map(|w| w.to_string()).collect()
}

/// The command that checks the failing position again, alone, as the run checked it: the
/// same image, the same depth, and an EPD line's counts when they are what failed or passed
/// before the walk.
pub fn replay(image_words: &[String], failure: &PositionFailure) -> String {
    let position = (&failure.origin, failure.root_fen.as_str(), failure.depth);
    position_replay(image_words, position, &failure.counts)
}

/// The command that runs the position (or its search) on which the image ran away, alone.
pub fn runaway_replay(image_words: &[String], runaway: &Runaway) -> String {
    if runaway.search {
        let plymax = u8::try_from(runaway.depth).unwrap_or(u8::MAX);
        return search_replay(image_words, plymax, &runaway.origin, &runaway.root_fen);
    }
    let position = (&runaway.origin, runaway.root_fen.as_str(), runaway.depth);
    position_replay(image_words, position, &[])
}

/// `sargon-z80 crosscheck`, the image, and one position (origin, FEN, depth) with the EPD
/// counts `counts` in its FEN.
fn position_replay(
    image_words: &[String],
    (origin, root_fen, depth): (&Origin, &str, u32),
    counts: &[(u32, u64)],
) -> String {
    let mut line = words(&["sargon-z80", "crosscheck"]);
    line.extend(image_words.iter().cloned());
    match origin {
        Origin::Random { seed, index, .. } => line.extend([
            "--seed".to_string(),
            seed.to_string(),
            "--random-index".to_string(),
            index.to_string(),
            "--random-depth".to_string(),
            depth.to_string(),
        ]),
        Origin::Epd { .. } | Origin::Fen => {
            let mut fen = root_fen.to_string();
            for (depth, nodes) in counts {
                fen.push_str(&format!(" ;D{depth} {nodes}"));
            }
            line.extend([
                "--fen".to_string(),
                fen,
                "--depth".to_string(),
                depth.to_string(),
            ]);
        }
    }
    shell_command(&line)
}

/// The command that compares one search of a run again, alone.
pub fn search_failed_replay(image_words: &[String], failed: &SearchFailed) -> String {
    search_replay(image_words, failed.plymax, &failed.origin, &failed.root_fen)
}

/// `sargon-z80 crosscheck --search --ply PLYMAX`, the image, and the position: its seed and
/// index for a random one, else its FEN.
pub fn search_replay(image_words: &[String], plymax: u8, origin: &Origin, fen: &str) -> String {
    let mut line = words(&["sargon-z80", "crosscheck", "--search", "--ply"]);
    line.push(plymax.to_string());
    line.extend(image_words.iter().cloned());
    match origin {
        Origin::Random { seed, index, .. } => line.extend([
            "--seed".to_string(),
            seed.to_string(),
            "--random-index".to_string(),
            index.to_string(),
        ]),
        Origin::Epd { .. } | Origin::Fen => line.extend(["--fen".to_string(), fen.to_string()]),
    }
    shell_command(&line)
}

/// The command that checks the rest of an interrupted run: the same run (its seed made
/// explicit), from the first position it did not reach.
pub fn resume(args: &CrosscheckArgs, report: &Report) -> String {
    let mut options = Vec::new();
    if args.depth != DEFAULT_DEPTHS.0 {
        options.extend(["--depth".to_string(), args.depth.to_string()]);
    }
    if args.random_depth != DEFAULT_DEPTHS.1 {
        options.extend(["--random-depth".to_string(), args.random_depth.to_string()]);
    }
    if args.ply != DEFAULT_SEARCH_PLY {
        options.extend(["--ply".to_string(), args.ply.to_string()]);
    }
    if args.search_random != DEFAULT_SEARCH_RANDOM {
        options.extend([
            "--search-random".to_string(),
            args.search_random.to_string(),
        ]);
    }
    if args.keep_going {
        options.push("--keep-going".to_string());
    }
    if let Some((k, n)) = args.shard {
        options.extend(["--shard".to_string(), format!("{k}/{n}")]);
    }
    let run = RunWords {
        random: report.random,
        seed: report.seed,
    };
    resume_line(&[], args, run, &options, report.reached)
}

/// What a resumed run repeats of the one it goes on with.
#[derive(Clone, Copy)]
pub struct RunWords {
    /// The random positions of the run.
    pub random: u64,
    /// Its seed.
    pub seed: u64,
}

/// `sargon-z80 crosscheck`, `head`, the run's positions (files, FENs, random ones and seed),
/// `options`, the image, `--json` and `--from FROM`: the command that goes on with a run.
pub fn resume_line(
    head: &[String],
    args: &CrosscheckArgs,
    run: RunWords,
    options: &[String],
    from: u64,
) -> String {
    let mut line = words(&["sargon-z80", "crosscheck"]);
    line.extend(head.iter().cloned());
    line.extend(args.files.iter().map(|f| f.display().to_string()));
    for fen in &args.fens {
        line.extend(["--fen".to_string(), fen.clone()]);
    }
    match args.random_index {
        Some(index) => line.extend(["--random-index".to_string(), index.to_string()]),
        None => line.extend(["--random".to_string(), run.random.to_string()]),
    }
    line.extend(["--seed".to_string(), run.seed.to_string()]);
    line.extend(options.iter().cloned());
    line.extend(args.image_words());
    if args.json {
        line.push("--json".to_string());
    }
    line.extend(["--from".to_string(), from.to_string()]);
    shell_command(&line)
}
