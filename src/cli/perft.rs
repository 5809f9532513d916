//! `sargon-z80 perft`: count the leaf nodes of the legal move tree (perft), optionally per root move.

use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use serde::Serialize;

use sargon_z80::abi::z80_perft;
use sargon_z80::abi::{DriveError, Driver, Routine};
use sargon_z80::position::Board;
use sargon_z80::reference::{Rules, divide, perft};
use sargon_z80::text::{duration, grouped, per_second, z80_time};

use super::args::board_arg;
use super::crosscheck::ImageArgs;
use super::output::{OutputError, out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 perft 3                               start position, Z80 and native, Sargon rules
  sargon-z80 perft 2 --divide                      per root move, `e2e4: 20` lines like Stockfish
  sargon-z80 perft 4 --engine native --rules standard 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  sargon-z80 perft 3 --engine z80 --rom sargon78.bin --sym sargon78.sym
  sargon-z80 perft 3 --json

The z80 engine plays by the Sargon rules only (a pawn promotes to a queen only); standard
rules need --engine native. Exit status: 0 the engines agree, 1 they differ, 2 usage or input
error.";

/// Which move generator counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Engine {
    /// The emulated Z80 image.
    Z80,
    /// The native Rust reference.
    Native,
    /// Both, compared.
    Both,
}

/// Which rules the native reference plays by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RulesArg {
    /// Promotion to a queen only, exactly the ABI.
    Sargon,
    /// Legal chess: promotions to queen, rook, bishop and knight.
    Standard,
}

/// Count the leaf nodes of the legal move tree (perft), optionally per root move.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// The position [default: the start position].
    fen: Option<String>,
    /// Print each root move's count (`e2e4: 20`) and `Nodes searched: N`.
    #[arg(long)]
    divide: bool,
    /// Rules of the count.
    #[arg(long, value_enum, default_value_t = RulesArg::Sargon)]
    rules: RulesArg,
    /// Engine(s) [default: both with sargon rules, native with standard rules].
    #[arg(long, value_enum)]
    engine: Option<Engine>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct DivideLine {
    #[serde(rename = "move")]
    uci: String,
    nodes: u64,
}

#[derive(Debug, Serialize)]
struct EngineResult {
    engine: &'static str,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    tstates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    z80_seconds_at_4mhz: Option<f64>,
    /// The T-states split by routine (z80 engine only): the same numbers `profile` reports.
    #[serde(skip_serializing_if = "Option::is_none")]
    routine_tstates: Option<RoutineTstates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideLine>>,
}

/// T-states of all calls of each ABI routine.
#[derive(Debug, Serialize)]
#[serde(rename_all = "UPPERCASE")]
struct RoutineTstates {
    genmov: u64,
    #[serde(rename = "MOVE")]
    make: u64,
    inchk: u64,
    #[serde(rename = "UNMOVE")]
    unmake: u64,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    fen: String,
    depth: u32,
    rules: &'static str,
    agree: bool,
    engines: &'a [EngineResult],
}

/// The rules of the count and the engines that make it.
fn rules_and_engine(args: &PerftArgs) -> anyhow::Result<(Rules, &'static str, Engine)> {
    let (rules, rules_name) = match args.rules {
        RulesArg::Sargon => (Rules::Sargon, "sargon"),
        RulesArg::Standard => (Rules::Standard, "standard"),
    };
    let engine = match (args.engine, rules) {
        (Some(Engine::Z80 | Engine::Both), Rules::Standard) => anyhow::bail!(
            "the z80 engine plays by the Sargon rules only (a pawn promotes to a queen only); use --engine native with --rules standard"
        ),
        (Some(engine), _) => engine,
        (None, Rules::Standard) => Engine::Native,
        (None, Rules::Sargon) => Engine::Both,
    };
    Ok((rules, rules_name, engine))
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: PerftArgs) -> anyhow::Result<i32> {
    let (rules, rules_name, engine) = rules_and_engine(&args)?;
    let board = board_arg(args.fen.as_deref())?;
    let fen = args.fen.clone().unwrap_or_else(|| board.to_fen());

    let mut results = Vec::new();
    if matches!(engine, Engine::Z80 | Engine::Both) {
        match z80_result(&args, &board)? {
            Ok(result) => results.push(result),
            Err(err) => {
                outln!("z80 engine failed: {err}")?;
                return Ok(1);
            }
        }
    }
    if matches!(engine, Engine::Native | Engine::Both) {
        results.push(native_result(&args, board, rules));
    }
    let agree = results.windows(2).all(|pair| {
        pair[0].nodes == pair[1].nodes
            && (!args.divide || same_divide(&pair[0].divide, &pair[1].divide))
    });

    if args.json {
        let report = JsonReport {
            fen,
            depth: args.depth,
            rules: rules_name,
            agree,
            engines: &results,
        };
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        print_text(&args, &fen, rules_name, &results, agree)?;
    }
    Ok(if agree { 0 } else { 1 })
}

/// Perft driven over the image's routines, with the T-states of each; the inner error is the
/// image failing while driven.
fn z80_result(args: &PerftArgs, board: &Board) -> anyhow::Result<Result<EngineResult, DriveError>> {
    let image = args.image.load()?;
    let mut driver = Driver::new(&image)?;
    let mut lines = Vec::new();
    let started = Instant::now();
    let nodes = match z80_perft(&mut driver, board, args.depth, Some(&mut lines)) {
        Ok(nodes) => nodes,
        Err(err) => return Ok(Err(err)),
    };
    let elapsed = started.elapsed();
    let mut z80 = result("z80", nodes, elapsed, Some(driver.tstates()), lines, args);
    z80.routine_tstates = Some(RoutineTstates {
        genmov: driver.routine_tstates(Routine::Genmov),
        make: driver.routine_tstates(Routine::Move),
        inchk: driver.routine_tstates(Routine::Inchk),
        unmake: driver.routine_tstates(Routine::Unmove),
    });
    Ok(Ok(z80))
}

/// Perft of the native reference under `rules`.
fn native_result(args: &PerftArgs, mut board: Board, rules: Rules) -> EngineResult {
    let started = Instant::now();
    let (nodes, lines) = if args.divide && args.depth > 0 {
        let lines: Vec<(String, u64)> = divide(&mut board, args.depth, rules)
            .into_iter()
            .map(|(mv, n)| (mv.uci(), n))
            .collect();
        (lines.iter().map(|(_, n)| n).sum(), lines)
    } else {
        (perft(&mut board, args.depth, rules), Vec::new())
    };
    result("native", nodes, started.elapsed(), None, lines, args)
}

fn result(
    engine: &'static str,
    nodes: u64,
    elapsed: Duration,
    tstates: Option<u64>,
    lines: Vec<(String, u64)>,
    args: &PerftArgs,
) -> EngineResult {
    EngineResult {
        engine,
        nodes,
        seconds: elapsed.as_secs_f64(),
        nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
        tstates,
        z80_seconds_at_4mhz: tstates.map(|t| z80_time(t).as_secs_f64()),
        routine_tstates: None,
        divide: args.divide.then(|| {
            lines
                .into_iter()
                .map(|(uci, nodes)| DivideLine { uci, nodes })
                .collect()
        }),
    }
}

fn same_divide(a: &Option<Vec<DivideLine>>, b: &Option<Vec<DivideLine>>) -> bool {
    let key = |lines: &Option<Vec<DivideLine>>| {
        let mut pairs: Vec<(String, u64)> = lines
            .iter()
            .flatten()
            .map(|l| (l.uci.clone(), l.nodes))
            .collect();
        pairs.sort();
        pairs
    };
    key(a) == key(b)
}

fn print_text(
    args: &PerftArgs,
    fen: &str,
    rules: &str,
    results: &[EngineResult],
    agree: bool,
) -> Result<(), OutputError> {
    if args.divide {
        if let Some(lines) = &results[0].divide {
            for line in lines {
                outln!("{}: {}", line.uci, line.nodes)?;
            }
        }
        outln!()?;
        outln!("Nodes searched: {}", results[0].nodes)?;
        outln!()?;
    }
    outln!("position: {fen}")?;
    outln!("rules:    {rules}, depth {}", args.depth)?;
    for r in results {
        let elapsed = Duration::from_secs_f64(r.seconds);
        out!(
            "{:<7} perft({}) = {} in {} ({} nodes/s)",
            format!("{}:", r.engine),
            args.depth,
            grouped(r.nodes),
            duration(elapsed),
            per_second(r.nodes, elapsed)
        )?;
        match r.tstates {
            Some(t) => outln!(
                ", {} T-states = {} on a 4 MHz Z80",
                grouped(t),
                duration(z80_time(t))
            )?,
            None => outln!()?,
        }
    }
    if results.len() == 2 {
        if agree {
            outln!("verdict: the engines agree")?;
        } else {
            outln!("verdict: the engines DIFFER")?;
            print_divide_differences(results)?;
        }
    }
    Ok(())
}

fn print_divide_differences(results: &[EngineResult]) -> Result<(), OutputError> {
    let (Some(z80), Some(native)) = (&results[0].divide, &results[1].divide) else {
        return Ok(());
    };
    for line in z80 {
        match native.iter().find(|n| n.uci == line.uci) {
            Some(n) if n.nodes == line.nodes => {}
            Some(n) => outln!("  {}: z80 {}, native {}", line.uci, line.nodes, n.nodes)?,
            None => outln!(
                "  {}: z80 {}, native has no such move",
                line.uci,
                line.nodes
            )?,
        }
    }
    for n in native {
        if !z80.iter().any(|l| l.uci == n.uci) {
            outln!("  {}: native {}, z80 has no such move", n.uci, n.nodes)?;
        }
    }
    Ok(())
}
