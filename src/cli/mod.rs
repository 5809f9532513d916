//! The `sargon-z80` command line: argument parsing and one file per subcommand.

mod args;
mod asm;
mod bench;
mod call;
mod crosscheck;
mod end_hint;
mod exit;
mod image;
mod interrupt;
mod jupiter;
mod moves;
mod output;
mod perft;
mod perft_count;
mod perft_text;
mod play;
mod profile;
mod think;
mod trace_diff;
mod tui;
mod uci;

use clap::{Parser, Subcommand};
use sargon_z80::files::clip;

// Help is wrapped to the terminal's width, at most HELP_WIDTH columns (and to that when
// standard output is not a terminal).
/// Run Sargon-style Z80 board code under emulation and cross-check it against native Rust.
#[derive(Debug, Parser)]
#[command(name = "sargon-z80", version, about, max_term_width = HELP_WIDTH)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The widest help text, in columns: the width every text of the tool keeps to.
const HELP_WIDTH: usize = 100;

#[derive(Debug, Subcommand)]
enum Command {
    /// Call routines of an image in order on one machine; print their cost, the registers and memory.
    Call(call::CallArgs),
    /// Assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.
    Asm(asm::AsmArgs),
    /// Inspect an image: what it supports, missing or suspicious symbols, a smoke test.
    Image(image::ImageCmdArgs),
    /// Show the emulated and native move lists of a position side by side.
    Moves(moves::MovesArgs),
    /// Count the leaf nodes of the legal move tree (perft), root moves in parallel, as Stockfish does.
    Perft(perft::PerftArgs),
    /// Cross-check the Z80 image against the native reference, node by node (the main job).
    Crosscheck(crosscheck::CrosscheckArgs),
    /// Profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.
    Profile(profile::ProfileArgs),
    /// Step through the board code in a terminal debugger.
    Tui(tui::TuiArgs),
    /// Measure emulation, routine, reference and cross-check speed side by side.
    Bench(bench::BenchArgs),
    /// Search a position as the 1978 program does (emulated Z80 or native): move, score, PV, cost.
    Think(think::ThinkArgs),
    /// Play against Sargon in the terminal.
    Play(play::PlayArgs),
    /// Play the 1978 program from a chess GUI over the UCI protocol.
    Uci(uci::UciArgs),
    /// Compare two search traces and show where they first part: node, path, records, terms.
    TraceDiff(trace_diff::TraceDiffArgs),
    /// Run a whole program on the emulated Jupiter III (the 1978 program's machine): terminal or scripted keys.
    Jupiter(jupiter::JupiterArgs),
}

/// Parses the arguments, runs the chosen subcommand and reports how it ended.
pub fn main() -> std::process::ExitCode {
    exit::restore_sigpipe();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let json = exit::wants_json(&args);
    let code = match Cli::try_parse_from(&args) {
        Ok(cli) => match run(cli).and_then(|code| Ok(output::flush().map(|()| code)?)) {
            Ok(code) => code,
            Err(err) => exit::fail(&end_hint::attach_from_command_line(err), json),
        },
        Err(err) => usage(&err, &args, json),
    };
    std::process::ExitCode::from(u8::try_from(code).unwrap_or(exit::INPUT as u8))
}

/// Help and version on stdout; a usage error on stderr (and as a JSON document when `json`).
fn usage(err: &clap::Error, words: &[std::ffi::OsString], json: bool) -> i32 {
    if !err.use_stderr() {
        return match err.print() {
            Ok(()) => err.exit_code(),
            Err(io) => exit::fail(&output::OutputError(io).into(), false),
        };
    }
    let text = usage_text(&err.to_string());
    exit::note(text.trim_end_matches('\n'));
    let hint = args::unquoted_fen_hint(words);
    if let Some(hint) = &hint {
        exit::hint(hint);
    }
    if json {
        let first = text.lines().next().unwrap_or_default();
        let message = first.strip_prefix("error: ").unwrap_or(first);
        let message = match hint {
            Some(hint) => format!("{message} ({hint})"),
            None => message.to_string(),
        };
        exit::error_document(&message);
    }
    err.exit_code()
}

/// clap's message for a usage error, with the values it quotes (`'VALUE'`) as the rest of the
/// tool quotes input: a long one cut to its start, control characters escaped (clap echoes
/// them raw, or drops escape sequences); a line longer than any of clap's own is cut too.
fn usage_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    for line in text.lines() {
        let mut shown = String::new();
        for (i, part) in line.split('\'').enumerate() {
            if i > 0 {
                shown.push('\'');
            }
            shown.push_str(&if i % 2 == 1 {
                clip(part)
            } else {
                part.to_string()
            });
        }
        out.push_str(&clip_line(&shown));
        out.push('\n');
    }
    out
}

/// The longest line of a usage error shown (clap's own lines are under 100 characters).
const MAX_USAGE_LINE: usize = 200;

/// `line` with control characters escaped, cut to [`MAX_USAGE_LINE`] characters.
fn clip_line(line: &str) -> String {
    sargon_z80::files::printable(line, MAX_USAGE_LINE)
}

/// Runs the chosen subcommand; returns the process exit code.
fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        Command::Call(args) => call::run(args),
        Command::Asm(args) => asm::run(args),
        Command::Image(args) => image::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Crosscheck(args) => crosscheck::run(args),
        Command::Profile(args) => profile::run(args),
        Command::Tui(args) => tui::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Think(args) => think::run(args),
        Command::Play(args) => play::run(args),
        Command::Uci(args) => uci::run(args),
        Command::TraceDiff(args) => trace_diff::run(args),
        Command::Jupiter(args) => jupiter::run(args),
    }
}
