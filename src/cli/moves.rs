//! `sargon-z80 moves`: show the emulated and native move lists of a position side by side.

use clap::Args;
use serde::Serialize;

use sargon_z80::abi::Driver;
use sargon_z80::abi::RawEntry;
use sargon_z80::crosscheck::{Checker, Failure, Mismatch};
use sargon_z80::crosscheck::{ShownMove, lay_out};
use sargon_z80::machine::{Cost, Image};
use sargon_z80::position::{Board, color_name};
use sargon_z80::reference::{MoveList, genmov};
use sargon_z80::text::grouped;

use super::args::board_arg;
use super::crosscheck::ImageArgs;
use super::output::{OutputError, out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 moves                                      the start position
  sargon-z80 moves 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'   castling: king entry + hidden rook entry
  sargon-z80 moves '8/8/8/3pP3/8/8/8/k6K w - d6 0 1'       en passant from the FEN's square
  sargon-z80 moves --rom sargon78.bin --sym sargon78.sym
  sargon-z80 moves --json

Each row shows an entry as UCI text plus its flags byte in hex (10 first move, 20 promotion, \
40 double move, low bits the captured piece); `+` marks the hidden second half of castling or \
en passant, part of the move above it. Moves are numbered from 1 in GENMOV's order, as the \
debugger (tui) numbers them. Exit status: 0 the lists and all move effects agree, 1 they \
differ, 2 input error \
or a routine that ran away.";

/// Show the emulated and native move lists of a position side by side.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct MovesArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// One row of the side-by-side table.
#[derive(Debug, Serialize)]
struct Row {
    /// The entry's place in the list, from 0 (hidden second halves included).
    index: usize,
    /// The move's number, from 1, as the debugger and every search number moves (a hidden
    /// second half is part of the move before it and has none).
    number: Option<usize>,
    emulated: Option<ShownMove>,
    native: Option<ShownMove>,
    hidden: bool,
    same: bool,
    move_tstates: Option<u64>,
    inchk_tstates: Option<u64>,
    unmove_tstates: Option<u64>,
    legal: Option<bool>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    fen: String,
    side_to_move: &'static str,
    ckflg: Option<u8>,
    native_in_check: bool,
    genmov_tstates: Option<u64>,
    genmov_instructions: Option<u64>,
    genmov_error: Option<String>,
    rows: &'a [Row],
    agree: bool,
    mismatch: Option<&'a Mismatch>,
    /// True when a routine ran away (`mismatch` then holds the machine's error).
    runaway: bool,
}

/// The lists of one position: both sides' entries row by row, with what GENMOV reported.
struct Lists {
    /// The reference's entries laid out as GENMOV writes them.
    native: usize,
    /// The entries GENMOV wrote.
    emulated: usize,
    /// The reference's CKFLG: the side to move is in check.
    native_in_check: bool,
    /// CKFLG as GENMOV left it.
    ckflg: Option<u8>,
    /// GENMOV's cost, or why it failed.
    genmov: Result<Cost, String>,
    rows: Vec<Row>,
}

impl Lists {
    /// GENMOV on `board` beside the reference's list, then MOVE, INCHK and UNMOVE on every
    /// emulated entry.
    fn generate(image: &Image, board: &Board) -> anyhow::Result<Lists> {
        let mut driver = Driver::new(image)?;
        let mut native = MoveList::new();
        genmov(board, &mut native);
        driver.set_root(board);
        let start = driver.ply_state().mlnxt;
        let mut laid = Vec::new();
        lay_out(&native, start, &mut laid);
        let mut emulated = Vec::new();
        let (mut rows, ckflg, genmov) = match driver.genmov(&mut emulated) {
            Ok(g) => (
                measure(&mut driver, &emulated, &laid),
                Some(g.ckflg),
                Ok(g.cost),
            ),
            Err(err) => (
                laid.iter()
                    .enumerate()
                    .map(|(i, n)| row(i, None, Some(n)))
                    .collect(),
                None,
                Err(err.to_string()),
            ),
        };
        number_moves(&mut rows);
        Ok(Lists {
            native: laid.len(),
            emulated: emulated.len(),
            native_in_check: native.ckflg(),
            ckflg,
            genmov,
            rows,
        })
    }
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: MovesArgs) -> anyhow::Result<i32> {
    let board = board_arg(args.fen.as_deref())?;
    let image = args.image.load()?;
    let lists = Lists::generate(&image, &board)?;
    let mut checker = Checker::new(Driver::new(&image)?);
    let verdict = checker.check(&board, 1, None);
    let fen = args.fen.clone().unwrap_or_else(|| board.to_fen());
    if args.json {
        print_json(fen, &board, &lists, &verdict)?;
    } else {
        print_text(&fen, &board, &lists, &verdict)?;
    }
    Ok(match verdict {
        Ok(_) => 0,
        Err(Failure::Mismatch(_)) => 1,
        Err(Failure::ListFull { .. }) => 2,
        Err(Failure::Runaway(found)) => {
            // The lists and the verdict are printed; the runaway is the machine's error.
            super::exit::error(&ran_away(&found), false);
            super::exit::INPUT
        }
    })
}

/// A runaway as one line: where in the walk, and the machine's error.
fn ran_away(found: &Mismatch) -> String {
    let path = if found.path.is_empty() {
        String::new()
    } else {
        format!(" after {}", found.path.join(" "))
    };
    format!("the image ran away{path}: {}", found.kind.headline())
}

fn print_json(
    fen: String,
    board: &Board,
    lists: &Lists,
    verdict: &Result<u64, Failure>,
) -> anyhow::Result<()> {
    let report = JsonReport {
        fen,
        side_to_move: color_name(board.color),
        ckflg: lists.ckflg,
        native_in_check: lists.native_in_check,
        genmov_tstates: lists.genmov.as_ref().ok().map(|c| c.tstates),
        genmov_instructions: lists.genmov.as_ref().ok().map(|c| c.instructions),
        genmov_error: lists.genmov.as_ref().err().cloned(),
        rows: &lists.rows,
        agree: verdict.is_ok(),
        mismatch: match verdict {
            Err(Failure::Mismatch(m) | Failure::Runaway(m)) => Some(m.as_ref()),
            _ => None,
        },
        runaway: matches!(verdict, Err(Failure::Runaway(_))),
    };
    outln!("{}", serde_json::to_string_pretty(&report)?)?;
    Ok(())
}

fn print_text(
    fen: &str,
    board: &Board,
    lists: &Lists,
    verdict: &Result<u64, Failure>,
) -> Result<(), OutputError> {
    out!("{}", board.diagram())?;
    outln!("FEN: {fen}")?;
    outln!(
        "side to move: {}; native: {}in check; CKFLG {}",
        color_name(board.color),
        if lists.native_in_check { "" } else { "not " },
        lists.ckflg.map_or("-".to_string(), |c| format!("{c:02X}"))
    )?;
    match &lists.genmov {
        Err(err) => outln!("GENMOV failed: {err}")?,
        Ok(cost) => outln!(
            "GENMOV: {} entries, {} T-states, {} instructions",
            lists.emulated,
            grouped(cost.tstates),
            grouped(cost.instructions)
        )?,
    }
    print_rows(&lists.rows)?;
    match verdict {
        Ok(legal) => outln!(
            "verdict: agree ({} entries, {legal} legal moves; MOVE, INCHK and UNMOVE match the reference)",
            lists.native
        )?,
        Err(Failure::Mismatch(m)) => {
            let path = if m.path.is_empty() {
                String::new()
            } else {
                format!(" after {}", m.path.join(" "))
            };
            outln!("verdict: DIFFER{path}: {}", m.kind.headline())?;
        }
        Err(Failure::Runaway(found)) => outln!("verdict: {}", ran_away(found))?,
        Err(Failure::ListFull { needed, free, .. }) => outln!(
            "verdict: not compared: the image's move list has room for {free} entries, the position needs {needed}"
        )?,
    }
    Ok(())
}

fn row(index: usize, emulated: Option<&RawEntry>, native: Option<&RawEntry>) -> Row {
    Row {
        index,
        number: None,
        emulated: emulated.map(ShownMove::of),
        native: native.map(ShownMove::of),
        hidden: emulated.or(native).is_some_and(|e| e.hidden),
        same: emulated == native,
        move_tstates: None,
        inchk_tstates: None,
        unmove_tstates: None,
        legal: None,
    }
}

/// Numbers the moves from 1 in list order; a hidden second half gets no number of its own.
fn number_moves(rows: &mut [Row]) {
    let mut number = 0;
    for row in rows {
        if !row.hidden {
            number += 1;
            row.number = Some(number);
        }
    }
}

/// Rows for both lists, with MOVE, INCHK and UNMOVE run and timed on each emulated entry.
fn measure(driver: &mut Driver, emulated: &[RawEntry], laid: &[RawEntry]) -> Vec<Row> {
    let mut rows = Vec::new();
    for i in 0..emulated.len().max(laid.len()) {
        let mut r = row(i, emulated.get(i), laid.get(i));
        if let Some(entry) = emulated.get(i).filter(|e| !e.hidden) {
            if let Ok(cost) = driver.make(entry.addr) {
                r.move_tstates = Some(cost.tstates);
                if let Ok((attacked, cost)) = driver.inchk() {
                    r.inchk_tstates = Some(cost.tstates);
                    r.legal = Some(!attacked);
                }
                if let Ok(cost) = driver.unmake(entry.addr) {
                    r.unmove_tstates = Some(cost.tstates);
                }
            }
        }
        rows.push(r);
    }
    rows
}

fn print_rows(rows: &[Row]) -> Result<(), OutputError> {
    let shown = |m: &Option<ShownMove>, hidden: bool| match m {
        Some(m) => format!(
            "{}{:<6} {:02X}",
            if hidden { "+" } else { " " },
            m.uci,
            m.flags
        ),
        None => "-".to_string(),
    };
    let number = |t: Option<u64>| t.map_or(String::new(), grouped);
    outln!(
        "      #  {:<12} {:<12} {:>7} {:>7} {:>7}  legal",
        " emulated",
        " native",
        "MOVE",
        "INCHK",
        "UNMOVE"
    )?;
    for r in rows {
        let legal = match r.legal {
            Some(true) => "yes",
            Some(false) => "no",
            None => "",
        };
        let line = format!(
            "  {} {:>3}  {:<12} {:<12} {:>7} {:>7} {:>7}  {legal}",
            if r.same { ' ' } else { '>' },
            r.number.map_or(String::new(), |n| n.to_string()),
            shown(&r.emulated, r.hidden),
            shown(&r.native, r.hidden),
            number(r.move_tstates),
            number(r.inchk_tstates),
            number(r.unmove_tstates),
        );
        outln!("{}", line.trim_end())?;
    }
    Ok(())
}
