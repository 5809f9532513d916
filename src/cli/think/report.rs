//! What `think` prints, as text or one JSON object, for either engine.

use std::time::Duration;

use serde::Serialize;

use sargon_z80::engine::score::{Evaluation, Verdict, evaluation, material, verdict};
use sargon_z80::engine::{MLIST_1978_CAPACITY, Setup};
use sargon_z80::machine::Cost;
use sargon_z80::position::{Board, color_name, square_name};
use sargon_z80::reference::{Move, Rules, make, san};
use sargon_z80::text::{duration, grouped};

use crate::cli::output::{OutputError, outln};

/// What the search decided, whichever engine made it.
pub struct Result78 {
    pub best: Option<Move>,
    pub best_is_legal: bool,
    pub score: u8,
    pub pv: Vec<Move>,
    pub book: bool,
    pub plymax_after: u8,
    pub posq_after: [u8; 2],
    pub pmate: u8,
    pub trace_fnv1a64: u64,
}

/// What the search counted.
pub struct Counts {
    pub evaluations: u64,
    pub nodes: Option<u64>,
    pub genmov_calls: u64,
    pub list_peak: Option<usize>,
    pub anomalies: Option<String>,
}

/// The time a search would take on the real machine at one clock rate.
#[derive(Debug, Serialize)]
pub struct RealTime {
    mhz: f64,
    seconds: f64,
}

/// The hardware view of an emulated search.
#[derive(Debug, Serialize)]
pub struct Hardware {
    tstates: u64,
    instructions: u64,
    real_time: Vec<RealTime>,
    emulated_tstates_per_second: f64,
}

impl Hardware {
    /// The figures of a search that cost `cost` and took `wall` to emulate.
    pub fn new(cost: Cost, wall: Duration, mhz: &[f64]) -> Hardware {
        Hardware {
            tstates: cost.tstates,
            instructions: cost.instructions,
            real_time: mhz
                .iter()
                .map(|&mhz| RealTime {
                    mhz,
                    seconds: cost.tstates as f64 / (mhz * 1e6),
                })
                .collect(),
            emulated_tstates_per_second: cost.tstates as f64 / wall.as_secs_f64().max(1e-9),
        }
    }
}

/// The report, for text and JSON alike.
#[derive(Debug, Serialize)]
pub struct Report {
    fen: String,
    side: &'static str,
    moveno: u8,
    previous_move: Option<String>,
    plymax: u8,
    engine: &'static str,
    pub image: Option<String>,
    best: Option<String>,
    best_san: Option<String>,
    best_flags: Option<u8>,
    book: bool,
    score: u8,
    /// The change SCORE+1 stands for, in centipawns.
    centipawns: Option<i32>,
    /// The root's material balance for the side to move, in Sargon's piece values.
    material_cp: i32,
    /// The material balance plus the change: the evaluation a GUI shows.
    evaluation_cp: Option<i32>,
    verdict: String,
    pv: Vec<String>,
    pv_san: Vec<String>,
    evaluations: u64,
    nodes: Option<u64>,
    genmov_calls: u64,
    wall_ms: f64,
    plymax_after: u8,
    posq_after: [u8; 2],
    pmate: u8,
    mate_exit: bool,
    trace_fnv1a64: String,
    list_peak: Option<usize>,
    anomalies: Option<String>,
    pub hardware: Option<Hardware>,
}

/// The board's FEN with the game's fullmove number (the board keeps no halfmove clock: 0).
pub fn fen_of(setup: &Setup) -> String {
    let fen = setup.board.to_fen();
    let fields: Vec<&str> = fen.split(' ').take(5).collect();
    format!("{} {}", fields.join(" "), setup.fullmove())
}

/// SAN of a line played from the board (it stops at a move that is not legal there).
fn line_san(board: &Board, line: &[Move]) -> Vec<String> {
    let mut board = *board;
    let mut sans = Vec::new();
    for mv in line {
        let Some(text) = san(&board, mv, Rules::Sargon) else {
            break;
        };
        sans.push(text);
        make(&mut board, mv);
    }
    sans
}

/// The report of a search.
pub fn report(
    setup: &Setup,
    plymax: u8,
    engine: &'static str,
    answer: &Result78,
    counts: Counts,
    wall: Duration,
) -> Report {
    let board = &setup.board;
    let best_san = (answer.best)
        .filter(|_| answer.best_is_legal)
        .and_then(|mv| san(board, &mv, Rules::Sargon));
    let prev = board.prev;
    let verdict_now = verdict(answer.score);
    Report {
        fen: fen_of(setup),
        side: color_name(board.color),
        moveno: setup.moveno,
        previous_move: (prev.from != 0 || prev.to != 0)
            .then(|| format!("{}{}", square_name(prev.from), square_name(prev.to))),
        plymax,
        engine,
        image: None,
        best: answer.best.map(|mv| mv.uci()),
        best_san,
        best_flags: answer.best.map(|mv| mv.entry.flags),
        book: answer.book,
        score: answer.score,
        centipawns: match verdict_now {
            Verdict::Centipawns(cp) => Some(cp),
            _ => None,
        },
        material_cp: material(board, board.color),
        evaluation_cp: match evaluation(answer.score, material(board, board.color)) {
            Evaluation::Centipawns(cp) if !answer.book => Some(cp),
            _ => None,
        },
        verdict: verdict_now.to_string(),
        pv: answer.pv.iter().map(Move::uci).collect(),
        pv_san: line_san(board, &answer.pv),
        evaluations: counts.evaluations,
        nodes: counts.nodes,
        genmov_calls: counts.genmov_calls,
        wall_ms: wall.as_secs_f64() * 1e3,
        plymax_after: answer.plymax_after,
        posq_after: answer.posq_after,
        pmate: answer.pmate,
        mate_exit: !answer.book && answer.plymax_after != plymax,
        trace_fnv1a64: format!("{:016x}", answer.trace_fnv1a64),
        list_peak: counts.list_peak,
        anomalies: counts.anomalies,
        hardware: None,
    }
}

/// One pretty-printed JSON object.
pub fn print_json(report: &Report) -> anyhow::Result<()> {
    outln!("{}", serde_json::to_string_pretty(report)?)?;
    Ok(())
}

/// The text report.
pub fn print_text(r: &Report) -> Result<(), OutputError> {
    let dash = || "-".to_string();
    outln!("position     {}", r.fen)?;
    let previous = r.previous_move.clone().unwrap_or_else(|| "none".into());
    outln!(
        "setup        {} to move, MOVENO {}, previous move {previous}, PLYMAX {}, engine {}",
        r.side,
        r.moveno,
        r.plymax,
        r.engine
    )?;
    if let Some(image) = &r.image {
        outln!("image        {image}")?;
    }
    let book = if r.book { "  (opening book)" } else { "" };
    let best = r.best.clone().unwrap_or_else(dash);
    outln!(
        "best         {best} {}{book}",
        r.best_san.clone().unwrap_or_else(dash)
    )?;
    match (r.evaluation_cp, r.centipawns) {
        (Some(evaluation), Some(change)) => outln!(
            "score        {evaluation:+} cp for {}: material {:+} cp + change 0x{:02X} = {change:+} cp (1 unit = 12.5 cp above 0x80)",
            r.side,
            r.material_cp,
            r.score
        )?,
        _ => outln!(
            "score        0x{:02X} = {} for {}",
            r.score,
            r.verdict,
            r.side
        )?,
    }
    outln!("pv           {}", r.pv.join(" "))?;
    outln!("pv (SAN)     {}", r.pv_san.join(" "))?;
    outln!("evaluations  {}", grouped(r.evaluations))?;
    if let Some(nodes) = r.nodes {
        outln!("nodes        {} (moves made)", grouped(nodes))?;
    }
    let wall = Duration::from_secs_f64(r.wall_ms / 1e3);
    outln!("time         {}", duration(wall))?;
    print_hardware(r)?;
    print_notes(r)?;
    Ok(())
}

fn print_hardware(r: &Report) -> Result<(), OutputError> {
    let Some(h) = &r.hardware else {
        return Ok(());
    };
    outln!(
        "T-states     {} ({} instructions, emulated at {} T-states/s)",
        grouped(h.tstates),
        grouped(h.instructions),
        grouped(h.emulated_tstates_per_second as u64)
    )?;
    for real in &h.real_time {
        let time = duration(Duration::from_secs_f64(real.seconds));
        outln!("real Z80     {time} at {} MHz", real.mhz)?;
    }
    Ok(())
}

fn print_notes(r: &Report) -> Result<(), OutputError> {
    if r.mate_exit {
        outln!(
            "mate exit    PLYMAX {} -> {}, PMATE {}",
            r.plymax,
            r.plymax_after,
            r.pmate
        )?;
    }
    if let Some(peak) = r.list_peak.filter(|&peak| peak > MLIST_1978_CAPACITY) {
        outln!(
            "move list    {} entries at once: more than the 1978 program's list holds ({MLIST_1978_CAPACITY}), it could not make this search",
            grouped(peak as u64)
        )?;
    }
    if let Some(anomalies) = &r.anomalies {
        outln!("anomalies    {anomalies} (the 1978 program may differ here)")?;
    }
    Ok(())
}
