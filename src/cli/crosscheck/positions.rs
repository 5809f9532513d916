//! Which positions a run checks: EPD files (or standard input), `--fen` positions (FEN,
//! `startpos` or an EPD line), the built-in ones, and the seeded random ones.

use std::io::Read;
use std::path::Path;

use anyhow::Context;

use sargon_z80::crosscheck::suite::{self, Origin, Position, parse_epd};
use sargon_z80::crosscheck::{Config, DEFAULT_RANDOM, RandomSpec};
use sargon_z80::position::Board;

use super::super::args;
use super::{CrosscheckArgs, clock_seed};

/// The most bytes read from standard input as EPD.
const MAX_STDIN: u64 = 64 << 20;
/// The FEN `startpos` stands for in `--fen`.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The run the arguments describe.
pub fn config(args: &CrosscheckArgs) -> anyhow::Result<Config> {
    let mut positions: Vec<Position> = Vec::new();
    for file in &args.files {
        positions.extend(epd_file(file).map_err(|err| fen_hint(err, &args.files))?);
    }
    for fen in &args.fens {
        positions.push(fen_position(fen)?);
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
            args.random.unwrap_or(match (chosen, args.search) {
                (true, _) => 0,
                (false, true) => super::search::DEFAULT_SEARCH_RANDOM,
                (false, false) => DEFAULT_RANDOM,
            }),
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
        // Set by the run once it knows whether the image has the search's symbols.
        search_ply: 0,
        // The search's own positions, searched when the run compares the search.
        search_positions: if chosen {
            Vec::new()
        } else {
            suite::search_positions()
        },
        search_random: 0,
    })
}

/// `err` for a file that could not be read, with the hint for a FEN given unquoted when the
/// file arguments look like a FEN's fields (`4k3/8/... w K - 0 1` read as six file names).
fn fen_hint(err: anyhow::Error, files: &[std::path::PathBuf]) -> anyhow::Error {
    let words: Vec<std::ffi::OsString> = files.iter().map(|f| f.clone().into_os_string()).collect();
    match args::unquoted_fen_hint(&words) {
        Some(hint) => anyhow::anyhow!("{err:#}; hint: {hint}"),
        None => err,
    }
}

/// The positions of an EPD file, or of standard input for `-`.
fn epd_file(path: &Path) -> anyhow::Result<Vec<Position>> {
    if path.as_os_str() != "-" {
        return Ok(suite::epd_positions(&[path.to_path_buf()])?);
    }
    let mut text = String::new();
    let read = std::io::stdin()
        .lock()
        .take(MAX_STDIN + 1)
        .read_to_string(&mut text)
        .context("cannot read standard input")?;
    if read as u64 > MAX_STDIN {
        anyhow::bail!(
            "standard input holds more than {} MiB of EPD",
            MAX_STDIN >> 20
        );
    }
    let entries = parse_epd(&text, "stdin")?;
    Ok(suite::positions_from_epd(entries)?)
}

/// A `--fen` position: a FEN, `startpos`, or an EPD line with the counts it claims.
fn fen_position(text: &str) -> anyhow::Result<Position> {
    let text = text.trim();
    let expanded = match text.strip_prefix("startpos") {
        Some(rest) if rest.is_empty() || rest.starts_with([' ', ';']) => {
            format!("{START_FEN}{rest}")
        }
        _ => text.to_string(),
    };
    let quoted = sargon_z80::files::excerpt(text);
    let bad = || format!("bad --fen {quoted}");
    let entries = parse_epd(&expanded, "--fen").with_context(bad)?;
    let [entry] = entries.as_slice() else {
        anyhow::bail!("bad --fen {quoted}: expected one position");
    };
    let board = Board::from_fen(&entry.fen).with_context(bad)?;
    Ok(Position {
        fen: entry.fen.clone(),
        board,
        counts: entry.counts.clone(),
        origin: Origin::Fen,
    })
}
