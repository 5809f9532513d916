//! `sargon-z80 trace-diff A B`: where two search traces first part, with the node, the path
//! from the root, both records side by side and what differs.

use std::io::Write;

use anyhow::Context;
use clap::Args;

use sargon_z80::engine::EvalRecord;
use sargon_z80::files::printable;
use sargon_z80::position::{BLACK, Board, color_name, square_name};
use sargon_z80::reference::{Move, MoveList, Rules, genmov, make, san};
use sargon_z80::text::{MAX_WIDTH, grouped, hanging};
use sargon_z80::trace::{
    Difference, Divergence, Place, Side, Trace, TraceSource, diverge, entry_text, read_trace,
};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 think --ply 3 --trace mine.jsonl
  sargon-z80 trace-diff ../shared/sargon1978/traces.jsonl#0:3 mine.jsonl
  sargon-z80 think --ply 2 --trace a.jsonl --trace-detail
  sargon-z80 think --ply 2 --trace b.jsonl --trace-detail --rom x.bin --sym x.sym
  sargon-z80 trace-diff a.jsonl b.jsonl            which list entry, or which term

A trace is a file `think --trace` writes, or one a port writes in the same format \
(docs/PORTING.md). A file with one search per line, as sargon1978/traces.jsonl, is read one \
search at a time: FILE#INDEX:PLYMAX (the line's index and plymax fields), FILE#INDEX, or \
FILE#lLINE. The node where the traces part is found by running the native engine on the same \
setup: it is exact when the engine reproduces one of the traces up to there (the report says \
which). Exit status: 0 the traces agree, 1 they differ, 2 a file is missing or malformed (the \
message names the file and line).";

/// The most characters of a name a trace gives itself (its engine, its image) the report shows.
const SHOWN_CHARS: usize = 60;
/// The most characters of a file name or a FEN the report shows.
const PATH_CHARS: usize = 200;

/// Compare two search traces and show where they first part.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct TraceDiffArgs {
    /// The first trace (FILE, or FILE#INDEX:PLYMAX for one search of a file of many).
    #[arg(value_name = "A")]
    a: String,
    /// The second trace.
    #[arg(value_name = "B")]
    b: String,
    /// Records shown before and after the one where the traces part.
    #[arg(long, default_value_t = 2, value_name = "N")]
    context: usize,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: TraceDiffArgs) -> anyhow::Result<i32> {
    let a = read_trace(&TraceSource::parse(&args.a)?)?;
    let b = read_trace(&TraceSource::parse(&args.b)?)?;
    let divergence = diverge(&a, &b);
    let mut text = String::new();
    let code = report(&mut text, &args, [&a, &b], &divergence);
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("cannot write the report")?;
    Ok(code)
}

/// The width of a report line's label (`differs    `): a line too long for 100 columns goes on
/// under its text.
const LABEL: usize = 11;

/// One line of the report (or several), each kept within 100 columns.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        for line in format!($($arg)*).split('\n') {
            $out.push_str(&hanging(line, LABEL, MAX_WIDTH));
            $out.push('\n');
        }
    }};
}

/// The whole report; the exit code.
fn report(out: &mut String, args: &TraceDiffArgs, traces: [&Trace; 2], d: &Divergence) -> i32 {
    let c = &d.comparison;
    let Some(difference) = &c.difference else {
        let terms = if c.terms { ", terms included" } else { "" };
        let lists = match c.lists {
            0 => String::new(),
            n => format!(", {n} GENMOV lists"),
        };
        let count = c.common;
        say!(
            out,
            "trace-diff: the traces agree: {count} evaluations{terms}{lists}"
        );
        sources(out, args, traces);
        return 0;
    };
    match difference {
        Difference::Setup(fields) => setups(out, args, traces, fields),
        Difference::Result { .. } => {
            let count = c.common;
            say!(
                out,
                "trace-diff: every evaluation agrees ({count}), the results differ"
            );
            sources(out, args, traces);
            findings(out, d);
        }
        Difference::Evaluation { index } => {
            let common = c.common;
            say!(
                out,
                "trace-diff: A and B part at evaluation {index} ({common} agree before it)"
            );
            sources(out, args, traces);
            node(out, traces, d, *index, true);
            records(out, args.context, traces, *index);
            findings(out, d);
            later_values(out, c.common, c.common_records);
        }
        Difference::List { index, .. } => {
            list_heading(out, traces, *index, c.lists);
            sources(out, args, traces);
            node(out, traces, d, *index, false);
            entries(out, args.context, traces, *index, d);
            findings(out, d);
        }
    }
    located(out, d);
    1
}

/// Two traces of different searches: their setups.
fn setups(out: &mut String, args: &TraceDiffArgs, traces: [&Trace; 2], fields: &[&str]) {
    let fields = fields.join(", ");
    say!(
        out,
        "trace-diff: the traces are of different searches ({fields}); nothing compared"
    );
    sources(out, args, traces);
    for (side, trace) in [("A", traces[0]), ("B", traces[1])] {
        let s = &trace.header.setup;
        let (fen, moveno, plymax) = (printable(&s.fen, PATH_CHARS), s.moveno, s.plymax);
        say!(
            out,
            "  {side} setup  {fen}, MOVENO {moveno}, PLYMAX {plymax}"
        );
    }
}

fn list_heading(out: &mut String, traces: [&Trace; 2], index: usize, agree: usize) {
    let after = traces.map(|t| t.lists.get(index).map_or(t.evaluations.len(), |l| l.after));
    let after = after[0].min(after[1]);
    say!(
        out,
        "trace-diff: A and B part at GENMOV {index}, after {after} evaluations ({agree} lists agree before it)"
    );
}

/// Each trace's name and what it holds.
fn sources(out: &mut String, args: &TraceDiffArgs, traces: [&Trace; 2]) {
    for (side, name, trace) in [("A", &args.a, traces[0]), ("B", &args.b, traces[1])] {
        let h = &trace.header;
        let mut parts = vec![format!(
            "{} evaluations",
            grouped(trace.evaluations.len() as u64)
        )];
        if h.lists {
            parts.push(format!("{} lists", grouped(trace.lists.len() as u64)));
        }
        if h.terms {
            parts.push("terms".into());
        }
        if let Some(engine) = &h.engine {
            parts.push(format!("engine {}", printable(engine, SHOWN_CHARS)));
        }
        if let Some(image) = &h.image {
            parts.push(printable(image, SHOWN_CHARS));
        }
        if trace.result.is_none() {
            parts.push("no result line".into());
        }
        let name = printable(name, PATH_CHARS);
        say!(out, "  {side}  {name}: {}", parts.join(", "));
    }
    let s = &traces[0].header.setup;
    say!(
        out,
        "setup      {}, MOVENO {}, PLYMAX {}",
        printable(&s.fen, PATH_CHARS),
        s.moveno,
        s.plymax
    );
}

/// The node: ply, side, path from the root, FEN; for an evaluation also the position it
/// evaluated.
fn node(out: &mut String, traces: [&Trace; 2], d: &Divergence, index: usize, evaluation: bool) {
    let Some(place) = d.located.as_ref().and_then(|l| l.place.as_ref()) else {
        say!(
            out,
            "node       unknown: the native engine parts from both traces before this point"
        );
        return;
    };
    let root = traces[0].header.setup.board;
    let ply = place.path.len() + 1;
    let side = color_name(place.node.color);
    let genmov = place
        .node_id
        .map_or(String::new(), |n| format!(", listed by GENMOV {n}"));
    let what = match (evaluation, place.node_id) {
        (true, None) => "the root evaluation (NPLY 0)".to_string(),
        (true, Some(_)) => format!("NPLY {ply}, a {side} move{genmov}"),
        (false, _) => format!("NPLY {ply}, {side} to move"),
    };
    say!(out, "node       {what}, {}", follow_word(place));
    say!(out, "path       {}", path_text(&root, &place.path));
    let moveno = traces[0].header.setup.moveno;
    let fullmove = fullmove_at(moveno, root.color, place.path.len());
    say!(out, "FEN        {}", fen(&place.node, fullmove));
    if !evaluation {
        return;
    }
    let followed = traces[place.follows.index()];
    let Some(record) = followed.evaluations.get(index).map(|e| e.record) else {
        return;
    };
    if let Some(mv) = node_move(&place.node, &record) {
        let mut after = place.node;
        make(&mut after, &mv);
        let fullmove = fullmove_at(moveno, root.color, place.path.len() + 1);
        let (fen, side, uci) = (fen(&after, fullmove), place.follows, mv.uci());
        say!(out, "evaluated  {fen} after {side}'s {uci}");
    }
}

/// The fullmove number after `plies` moves from the root, counted from MOVENO as the search
/// counts it (one more after each black move), so the FEN gives the node's MOVENO back.
fn fullmove_at(moveno: u8, root_color: u8, plies: usize) -> usize {
    let black_first = usize::from(root_color == BLACK);
    usize::from(moveno) + (plies + black_first) / 2
}

/// A board's FEN with the given fullmove number (the board keeps no halfmove clock: 0).
fn fen(board: &Board, fullmove: usize) -> String {
    let fen = board.to_fen();
    let fields: Vec<&str> = fen.split(' ').take(5).collect();
    format!("{} {fullmove}", fields.join(" "))
}

fn follow_word(place: &Place) -> String {
    if place.exact {
        format!("in {}'s search (exact)", place.follows)
    } else {
        "in the native engine's own search (it reproduces neither trace here)".into()
    }
}

/// The path as UCI and SAN, or "(the root)".
fn path_text(root: &Board, path: &[Move]) -> String {
    if path.is_empty() {
        return "(the root)".into();
    }
    let mut board = *root;
    let mut sans = Vec::new();
    for mv in path {
        sans.push(san(&board, mv, Rules::Sargon).unwrap_or_else(|| mv.uci()));
        make(&mut board, mv);
    }
    let uci: Vec<String> = path.iter().map(Move::uci).collect();
    format!("{}  ({})", uci.join(" "), sans.join(" "))
}

fn node_move(node: &Board, record: &EvalRecord) -> Option<Move> {
    let mut list = MoveList::new();
    genmov(node, &mut list);
    list.iter()
        .find(|mv| (mv.entry.from, mv.entry.to) == (record.from, record.to))
        .copied()
}

/// A record as `[ply, e7e5, 0x86]` with its terms.
fn record_text(trace: &Trace, index: usize) -> String {
    let Some(e) = trace.evaluations.get(index) else {
        return "(ends)".into();
    };
    let r = e.record;
    let squares = if r.ply == 0 {
        "root".to_string()
    } else {
        format!("{}{}", square_name(r.from), square_name(r.to))
    };
    let terms = e.terms.map_or(String::new(), |t| {
        format!(
            " {:02X} {:02X} {:02X} {:02X} {:02X} {:02X}",
            t[0], t[1], t[2], t[3], t[4], t[5]
        )
    });
    format!("[{}, {squares}, 0x{:02X}]{terms}", r.ply, r.valm)
}

/// The records around the divergence, side by side.
fn records(out: &mut String, context: usize, traces: [&Trace; 2], index: usize) {
    let terms = traces.iter().any(|t| t.header.terms);
    let legend = if terms {
        "   (terms: BRDC MTRL PTSL PTSW1 PTSW2 PTSCK)"
    } else {
        ""
    };
    say!(out, "records    {:<40} B{legend}", "A");
    let last = traces
        .iter()
        .map(|t| t.evaluations.len())
        .max()
        .unwrap_or(0);
    for i in
        index.saturating_sub(context)..index.saturating_add(context).saturating_add(1).min(last)
    {
        let mark = if i == index { ">" } else { " " };
        let (a, b) = (record_text(traces[0], i), record_text(traces[1], i));
        say!(out, "{mark} {i:>8} {a:<40} {b}");
    }
}

/// The entries around a list difference, side by side.
fn entries(out: &mut String, context: usize, traces: [&Trace; 2], index: usize, d: &Divergence) {
    let Some(Difference::List {
        entry: Some(at), ..
    }) = d.comparison.difference
    else {
        return;
    };
    let lists = traces.map(|t| t.lists.get(index));
    let last = lists
        .iter()
        .flatten()
        .map(|l| l.entries.len())
        .max()
        .unwrap_or(0);
    say!(out, "entries    {:<40} B", "A");
    for e in at.saturating_sub(context)..at.saturating_add(context).saturating_add(1).min(last) {
        let mark = if e == at { ">" } else { " " };
        let text = |side: usize| {
            lists[side]
                .and_then(|l| l.entries.get(e))
                .map_or("(ends)".into(), entry_text)
        };
        say!(out, "{mark} {e:>8} {:<40} {}", text(0), text(1));
    }
}

fn findings(out: &mut String, d: &Divergence) {
    for (index, finding) in d.findings.iter().enumerate() {
        let label = if index == 0 { "differs" } else { "" };
        say!(out, "{label:<10} {finding}");
    }
}

/// When only terms part first, where the records themselves part.
fn later_values(out: &mut String, common: usize, common_records: usize) {
    if common_records > common {
        say!(
            out,
            "values     the records (NPLY, from, to, VALM) agree until evaluation {common_records}: only the terms show the fault before"
        );
    }
}

/// How the node was found.
fn located(out: &mut String, d: &Divergence) {
    let Some(located) = &d.located else {
        return;
    };
    let [a, b] = located.shared.map(|n| grouped(n as u64));
    let exact = match &located.place {
        Some(place) if place.exact => format!("exact ({}'s search)", place.follows),
        Some(_) => {
            "not exact: the native engine reproduces neither trace here; the node is its own".into()
        }
        None => "unknown".into(),
    };
    let sides = Side::A.name().to_string() + "'s";
    say!(
        out,
        "located    {exact}: the native engine reproduces {sides} first {a} evaluations, B's first {b}"
    );
}
