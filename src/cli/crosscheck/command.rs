//! The commands a run prints: the one that replays a failing position alone, and the one that
//! goes on with an interrupted run from where it stopped.

use sargon_z80::crosscheck::suite::Origin;
use sargon_z80::crosscheck::{PositionFailure, Report};
use sargon_z80::text::shell_command;

use super::{CrosscheckArgs, DEFAULT_DEPTHS};

fn words(items: &[&str]) -> Vec<String> {
    items.iter().map(|w| w.to_string()).collect()
}

/// The command that checks the failing position again, alone, as the run checked it: the
/// same image, the same depth, and an EPD line's counts when they are what failed or passed
/// before the walk.
pub fn replay(image_words: &[String], failure: &PositionFailure) -> String {
    let mut line = words(&["sargon-z80", "crosscheck"]);
    line.extend(image_words.iter().cloned());
    match &failure.origin {
        Origin::Random { seed, index, .. } => line.extend([
            "--seed".to_string(),
            seed.to_string(),
            "--random-index".to_string(),
            index.to_string(),
            "--random-depth".to_string(),
            failure.depth.to_string(),
        ]),
        Origin::Epd { .. } | Origin::Fen => {
            let mut fen = failure.root_fen.clone();
            for (depth, nodes) in &failure.counts {
                fen.push_str(&format!(" ;D{depth} {nodes}"));
            }
            line.extend([
                "--fen".to_string(),
                fen,
                "--depth".to_string(),
                failure.depth.to_string(),
            ]);
        }
    }
    shell_command(&line)
}

/// The command that checks the rest of an interrupted run: the same run (its seed made
/// explicit), from the first position it did not reach.
pub fn resume(args: &CrosscheckArgs, report: &Report) -> String {
    let mut line = words(&["sargon-z80", "crosscheck"]);
    line.extend(args.files.iter().map(|f| f.display().to_string()));
    for fen in &args.fens {
        line.extend(["--fen".to_string(), fen.clone()]);
    }
    match args.random_index {
        Some(index) => line.extend(["--random-index".to_string(), index.to_string()]),
        None => line.extend(["--random".to_string(), report.random.to_string()]),
    }
    line.extend(["--seed".to_string(), report.seed.to_string()]);
    if args.depth != DEFAULT_DEPTHS.0 {
        line.extend(["--depth".to_string(), args.depth.to_string()]);
    }
    if args.random_depth != DEFAULT_DEPTHS.1 {
        line.extend(["--random-depth".to_string(), args.random_depth.to_string()]);
    }
    if args.keep_going {
        line.push("--keep-going".to_string());
    }
    if let Some((k, n)) = args.shard {
        line.extend(["--shard".to_string(), format!("{k}/{n}")]);
    }
    line.extend(args.image.replay_words());
    if args.json {
        line.push("--json".to_string());
    }
    line.extend(["--from".to_string(), report.reached.to_string()]);
    shell_command(&line)
}
