//! `sargon-z80 perft`: count the leaf nodes of the legal move tree (perft), root moves in
//! parallel and each root move's count printed as soon as it is known, as Stockfish does.

use clap::{Args, ValueEnum};

use sargon_z80::position::BLACK;
use sargon_z80::reference::{Rules, UciError, play_uci};

use super::args::{NamedBoard, positions_arg};
use super::crosscheck::ImageArgs;
use super::exit;
use super::interrupt;
use super::output::outln;
use super::perft_count::{Count, Engines, count_position};
use super::perft_text::{JsonPosition, print_header, print_summary};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 perft 5                               start position, Z80 and native, Sargon rules
  sargon-z80 perft 4 startpos --moves e2e4 e7e5    after a line of moves, as UCI's `position`
  sargon-z80 perft 4 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  sargon-z80 perft 5 --engine native --rules standard startpos
  sargon-z80 perft 3 - < positions.epd             one FEN per line of standard input
  sargon-z80 perft 3 --engine z80 --rom sargon78.bin --sym sargon78.sym
  sargon-z80 perft 3 --json --divide

Each root move's count is printed as soon as it is known (`e2e4: 9,324`); root moves are \
counted in parallel on --threads machines. The z80 engine plays by the Sargon rules only (a \
pawn promotes to a queen only); standard rules need --engine native. A node whose move list \
does not fit in the image's list area is not counted (as in crosscheck). Exit status: 0 the \
engines agree, 1 they differ, 2 usage or input error, nothing counted, or a routine that ran \
away, 130 interrupted.";

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

/// Count the leaf nodes of the legal move tree (perft), root moves in parallel, as Stockfish does.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// The position: a FEN (quoted or not), `startpos`, or `-` for one per line of standard
    /// input [default: startpos].
    #[arg(num_args = 0.., value_name = "FEN | startpos | -")]
    position: Vec<String>,
    /// Moves played from the position first (UCI, as in `position ... moves e2e4 e7e5`).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Also give each root move's count in the JSON report (text always lists them).
    #[arg(long)]
    divide: bool,
    /// Rules of the count.
    #[arg(long, value_enum, default_value_t = RulesArg::Sargon)]
    rules: RulesArg,
    /// Engine(s) [default: both with sargon rules, native with standard rules].
    #[arg(long, value_enum)]
    engine: Option<Engine>,
    /// Machines (threads) counting root moves at once [default: available cores].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The rules of the count and the engines that make it; conflicting choices are refused.
fn engines(args: &PerftArgs) -> anyhow::Result<Engines> {
    let rules = match args.rules {
        RulesArg::Sargon => Rules::Sargon,
        RulesArg::Standard => Rules::Standard,
    };
    let engine = match (args.engine, rules) {
        (Some(Engine::Z80 | Engine::Both), Rules::Standard) => anyhow::bail!(
            "the z80 engine plays by the Sargon rules only (a pawn promotes to a queen only); use --engine native with --rules standard"
        ),
        (Some(engine), _) => engine,
        (None, Rules::Standard) => Engine::Native,
        (None, Rules::Sargon) => Engine::Both,
    };
    if engine == Engine::Native && args.image.rom.is_some() {
        anyhow::bail!(
            "--rom/--sym choose the image the z80 engine runs, but only the native engine counts here (--engine native or --rules standard); drop --rom or use --engine z80 or both"
        );
    }
    let threads = match args.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(Engines {
        rules,
        z80: matches!(engine, Engine::Z80 | Engine::Both),
        native: matches!(engine, Engine::Native | Engine::Both),
        threads,
    })
}

/// A `--moves` error with the move quoted short and escaped (a move is any word given).
fn move_error(err: &UciError) -> String {
    match err {
        UciError::Syntax(text) => format!(
            "{} is not a UCI move such as e2e4 or e7e8q",
            sargon_z80::files::excerpt(text)
        ),
        other => other.to_string(),
    }
}

/// The positions to count: each named one after `--moves`, its text the FEN to show.
fn positions(args: &PerftArgs, rules: Rules) -> anyhow::Result<Vec<NamedBoard>> {
    let mut named = positions_arg(&args.position)?;
    // Each position's text becomes the FEN shown: the board's, with the fullmove number counted
    // on from the one given.
    for position in &mut named {
        let black_first = usize::from(position.board.color == BLACK);
        let fullmove = root_fullmove(&position.text);
        for (ply, uci) in args.moves.iter().enumerate() {
            play_uci(&mut position.board, uci, rules).map_err(|err| {
                anyhow::anyhow!("--moves, move {}: {}", ply + 1, move_error(&err))
            })?;
        }
        let fen = position.board.to_fen();
        let fields: Vec<&str> = fen.split(' ').take(5).collect();
        let after = fullmove + (args.moves.len() + black_first) / 2;
        position.text = format!("{} {after}", fields.join(" "));
    }
    Ok(named)
}

/// The fullmove number of a position's FEN (1 when it has none, as for `startpos`), so the
/// FEN after `--moves` counts on from it; the board keeps no halfmove clock, so that stays 0.
fn root_fullmove(fen: &str) -> usize {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: PerftArgs) -> anyhow::Result<i32> {
    let engines = engines(&args)?;
    let named = positions(&args, engines.rules)?;
    let image = match engines.z80 {
        true => Some(args.image.load()?),
        false => None,
    };
    interrupt::watch(interrupt::Answer::Stop);
    let mut reports = Vec::new();
    let mut worst = 0;
    for (n, position) in named.iter().enumerate() {
        if !args.json {
            if n > 0 {
                outln!()?;
            }
            print_header(&position.text, &engines, args.depth)?;
        }
        let count = count_position(
            &engines,
            image.as_ref(),
            &position.board,
            args.depth,
            args.json,
        )?;
        let code = verdict_code(&count);
        if !args.json {
            print_summary(args.depth, &count)?;
        }
        if let Some(error) = count.runaway() {
            exit::error(&format!("the image ran away: {error}"), false);
        }
        reports.push(JsonPosition::of(
            &position.text,
            &engines,
            args.depth,
            &count,
            args.divide,
        ));
        worst = worst.max(code);
        if count.interrupted {
            break;
        }
    }
    if args.json {
        print_json(&reports)?;
    }
    Ok(worst)
}

/// The exit status of one position's count.
fn verdict_code(count: &Count) -> i32 {
    if count.interrupted {
        exit::INTERRUPTED
    } else if count.nothing_counted() || count.runaway().is_some() {
        exit::INPUT
    } else if count.agree() {
        exit::OK
    } else {
        exit::MISMATCH
    }
}

fn print_json(reports: &[JsonPosition]) -> anyhow::Result<()> {
    let text = match reports {
        [one] => serde_json::to_string_pretty(one)?,
        all => serde_json::to_string_pretty(&serde_json::json!({
            "positions": all,
            "agree": all.iter().all(|r| r.agree),
        }))?,
    };
    outln!("{text}")?;
    Ok(())
}
