//! The `sargon-z80` command line: argument parsing and one file per subcommand.

mod args;
mod asm;
mod bench;
mod call;
mod crosscheck;
mod image;
mod moves;
mod perft;
mod play;
mod profile;
mod think;
mod tui;
mod uci;

use clap::{Parser, Subcommand};

/// Run Sargon-style Z80 board code under emulation and cross-check it against native Rust.
#[derive(Debug, Parser)]
#[command(name = "sargon-z80", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

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
    /// Count the leaf nodes of the legal move tree (perft), optionally per root move.
    Perft(perft::PerftArgs),
    /// Cross-check the Z80 image against the native reference, node by node (the main job).
    Crosscheck(crosscheck::CrosscheckArgs),
    /// Profile the board routines: T-states per routine, instruction mix, BOARDA heatmap.
    Profile(profile::ProfileArgs),
    /// Step through the board code in a terminal debugger.
    Tui(tui::TuiArgs),
    /// Measure emulation, routine, reference and cross-check speed side by side.
    Bench(bench::BenchArgs),
    /// Search a position natively as the 1978 program does: best move, score, PV, counts.
    Think(think::ThinkArgs),
    /// Play against Sargon in the terminal.
    Play(play::PlayArgs),
    /// Play the 1978 program from a chess GUI over the UCI protocol.
    Uci(uci::UciArgs),
}

/// Parses the arguments and runs the chosen subcommand; returns the process exit code.
pub fn run() -> anyhow::Result<i32> {
    let cli = Cli::parse();
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
    }
}
