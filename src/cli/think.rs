//! `sargon-z80 think`: the 1978 program's choice in a position, with score, principal
//! variation and counts.

use std::time::Instant;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;

use sargon_z80::engine::score::{Verdict, verdict};
use sargon_z80::engine::{
    Engine, MAX_PLYMAX, MLIST_1978_CAPACITY, SearchParams, SearchResult, Setup,
};
use sargon_z80::position::{Board, color_name, square_name};
use sargon_z80::reference::{Move, Rules, legal_moves, make, san};
use sargon_z80::text::grouped;

use super::output::{OutputError, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 think --ply 3                          the start position: b1c3, 0x86
  sargon-z80 think startpos --moves e2e4 e7e5 --ply 4
  sargon-z80 think 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --ply 3
  sargon-z80 think startpos --ply 2 --moveno 1       MOVENO 1 runs the opening book
  sargon-z80 think --ply 3 --json

The position is set up as sargon1978/README.md describes: moved bits from the FEN (castling
rights, start squares), POSQ = the lowest queen of each colour, MOVENO = the fullmove number
clamped to 2..255, the previous-move entry from the en passant square. --moves continues the
game from there as the 1978 game loop does: each move (UCI or SAN, Sargon rules) is made with
MOVE, becomes the previous move, and the fullmove number goes up after black's move (MOVENO
again clamped to 2..255). Scores are SCORE+1 for the side to move: 0x80 level, one unit 1/8
pawn (12.5 cp), 0xFF mates within the horizon, 0x01 mated. Exit status: 0 a move was found,
2 usage or input error (bad FEN, illegal move, no legal move, move-list overflow).";

/// Which search answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EngineKind {
    /// The native Rust search (sargon_z80::engine).
    Native,
    /// The 1978 search on the emulated Z80 (not available yet).
    Z80,
}

/// The 1978 program's choice in a position, with score, principal variation and counts.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ThinkArgs {
    /// The position: a FEN (quoted or not) or "startpos" [default: startpos].
    #[arg(num_args = 0.., value_name = "FEN | startpos")]
    position: Vec<String>,
    /// Moves played from the position first, as a game (UCI such as e2e4 or SAN such as Nf3).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// PLYMAX, the search depth (the 1978 levels are 1..6, 2 by default; the tables allow 9).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=MAX_PLYMAX as i64))]
    ply: u8,
    /// Which search answers.
    #[arg(long, value_enum, default_value_t = EngineKind::Native)]
    engine: EngineKind,
    /// MOVENO as poked instead of the game's (1 runs the book).
    #[arg(long, value_name = "N")]
    moveno: Option<u8>,
    /// The R register on entry to FNDMOV: bit 0 picks white's book move (e2e4 / d2d4).
    #[arg(long, default_value_t = 0, value_name = "BYTE")]
    r_register: u8,
    /// Move-list entries for all plies of the path (the 1978 MLIST holds 341).
    #[arg(long, default_value_t = MLIST_1978_CAPACITY, value_name = "ENTRIES")]
    list_capacity: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The report, for text and JSON alike.
#[derive(Debug, Serialize)]
struct Report {
    fen: String,
    side: &'static str,
    moveno: u8,
    previous_move: Option<String>,
    plymax: u8,
    engine: &'static str,
    best: Option<String>,
    best_san: Option<String>,
    best_flags: Option<u8>,
    book: bool,
    score: u8,
    centipawns: Option<i32>,
    verdict: String,
    pv: Vec<String>,
    pv_san: Vec<String>,
    evaluations: u64,
    nodes: u64,
    genmov_calls: u64,
    wall_ms: f64,
    plymax_after: u8,
    posq_after: [u8; 2],
    pmate: u8,
    mate_exit: bool,
    trace_fnv1a64: String,
    list_peak: usize,
    anomalies: Option<String>,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: ThinkArgs) -> anyhow::Result<i32> {
    if args.engine == EngineKind::Z80 {
        bail!("--engine z80: the emulated 1978 search is not available yet; use --engine native");
    }
    let setup = setup(&args)?;
    if legal_moves(&setup.board, Rules::Sargon).is_empty() {
        let state = if sargon_z80::reference::in_check(&setup.board, setup.board.color) {
            "checkmated"
        } else {
            "stalemated"
        };
        bail!(
            "no legal move: {} is {state} in {}",
            color_name(setup.board.color),
            fen_of(&setup)
        );
    }
    let params = SearchParams {
        plymax: args.ply,
        r_register: args.r_register,
        list_capacity: args.list_capacity,
    };
    let start = Instant::now();
    let result = Engine::new()
        .run(&setup, &params)
        .context("the search gave no answer")?;
    let wall = start.elapsed();
    let report = report(&setup, args.ply, &result, wall.as_secs_f64() * 1e3);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        print_text(&report)?;
    }
    Ok(0)
}

/// The setup of the position argument, the game moves and the MOVENO override.
fn setup(args: &ThinkArgs) -> anyhow::Result<Setup> {
    let text = args.position.join(" ");
    let mut setup = match text.trim() {
        "" | "startpos" => Setup::startpos(),
        fen => Setup::from_fen(fen)?,
    };
    setup.play_all(args.moves.iter().map(String::as_str))?;
    if let Some(moveno) = args.moveno {
        setup.moveno = moveno;
    }
    Ok(setup)
}

/// The board's FEN with the game's fullmove number (the board keeps no halfmove clock: 0).
fn fen_of(setup: &Setup) -> String {
    let fen = setup.board.to_fen();
    let fields: Vec<&str> = fen.split(' ').take(5).collect();
    format!("{} {}", fields.join(" "), setup.fullmove())
}

/// UCI and SAN of a line played from the board (SAN stops at a move that is not legal there).
fn line_texts(board: &Board, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut board = *board;
    let mut sans = Vec::new();
    for mv in line {
        match san(&board, mv, Rules::Sargon) {
            Some(text) => {
                sans.push(text);
                make(&mut board, mv);
            }
            None => break,
        }
    }
    (line.iter().map(Move::uci).collect(), sans)
}

fn report(setup: &Setup, plymax: u8, result: &SearchResult, wall_ms: f64) -> Report {
    let board = &setup.board;
    let (pv, pv_san) = line_texts(board, result.pv.as_slice());
    let best_san = result
        .best
        .filter(|_| result.best_is_legal)
        .and_then(|mv| san(board, &mv, Rules::Sargon));
    let prev = board.prev;
    let verdict_now = verdict(result.score);
    Report {
        fen: fen_of(setup),
        side: color_name(board.color),
        moveno: setup.moveno,
        previous_move: (prev.from != 0 || prev.to != 0)
            .then(|| format!("{}{}", square_name(prev.from), square_name(prev.to))),
        plymax,
        engine: "native",
        best: result.best.map(|mv| mv.uci()),
        best_san,
        best_flags: result.best.map(|mv| mv.entry.flags),
        book: result.book,
        score: result.score,
        centipawns: match verdict_now {
            Verdict::Centipawns(cp) => Some(cp),
            _ => None,
        },
        verdict: verdict_now.to_string(),
        pv,
        pv_san,
        evaluations: result.evaluations,
        nodes: result.nodes,
        genmov_calls: result.genmov_calls,
        wall_ms,
        plymax_after: result.plymax_after,
        posq_after: result.posq_after,
        pmate: result.pmate,
        mate_exit: result.mate_exit,
        trace_fnv1a64: format!("{:016x}", result.trace_fnv1a64),
        list_peak: result.list_peak,
        anomalies: (!result.anomalies.is_empty()).then(|| result.anomalies.to_string()),
    }
}

fn print_text(report: &Report) -> Result<(), OutputError> {
    let dash = || "-".to_string();
    outln!("position     {}", report.fen)?;
    outln!(
        "setup        {} to move, MOVENO {}, previous move {}, PLYMAX {}, engine {}",
        report.side,
        report.moveno,
        report
            .previous_move
            .clone()
            .unwrap_or_else(|| "none".into()),
        report.plymax,
        report.engine
    )?;
    let book = if report.book { "  (opening book)" } else { "" };
    outln!(
        "best         {} {}{book}",
        report.best.clone().unwrap_or_else(dash),
        report.best_san.clone().unwrap_or_else(dash)
    )?;
    outln!(
        "score        0x{:02X} = {} for {} (1 unit = 12.5 cp above 0x80)",
        report.score,
        report.verdict,
        report.side
    )?;
    outln!("pv           {}", report.pv.join(" "))?;
    outln!("pv (SAN)     {}", report.pv_san.join(" "))?;
    outln!("evaluations  {}", grouped(report.evaluations))?;
    outln!("nodes        {} (moves made)", grouped(report.nodes))?;
    outln!("time         {:.2} ms", report.wall_ms)?;
    if report.mate_exit {
        outln!(
            "mate exit    PLYMAX {} -> {}, PMATE {}",
            report.plymax,
            report.plymax_after,
            report.pmate
        )?;
    }
    if let Some(anomalies) = &report.anomalies {
        outln!("anomalies    {anomalies} (the 1978 program may differ here)")?;
    }
    Ok(())
}
