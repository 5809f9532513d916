//! Text reports: the run summary (its searches included), a mismatch with both lists side by
//! side, skipped nodes.

use std::fmt::Write;

use crate::abi::RawEntry;

use super::mismatch::{ByteDiff, MismatchKind};
use super::outcome::{PositionFailure, Report, Skipped};
use crate::text::{duration, grouped, per_second, z80_time};

/// The summary table printed at the end of a run.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    let rows: [(&str, String); 10] = [
        ("positions", grouped(report.positions)),
        ("nodes", grouped(report.tally.nodes)),
        ("lists compared", grouped(report.tally.lists)),
        ("moves compared", grouped(report.tally.moves)),
        ("EPD counts checked", grouped(report.epd_counts)),
        ("mismatches", grouped(report.failures.len() as u64)),
        ("skipped (list full)", grouped(report.skipped.len() as u64)),
        (
            "Z80 T-states",
            format!(
                "{} ({} on a 4 MHz Z80)",
                grouped(report.tstates),
                duration(z80_time(report.tstates))
            ),
        ),
        ("wall time", duration(report.wall)),
        (
            "positions/s",
            per_second(
                report.positions,
                report.wall.saturating_sub(report.search.wall),
            ),
        ),
    ];
    for (name, value) in rows {
        let _ = writeln!(out, "  {name:<20} {value}");
    }
    if report.run.searched > 0 {
        let search = &report.search;
        let rows = [
            ("searches", grouped(search.searches)),
            ("evaluations compared", grouped(search.evaluations)),
            ("search T-states", grouped(search.tstates)),
            ("search mismatches", grouped(search.failures.len() as u64)),
            ("searches skipped", grouped(search.skipped.len() as u64)),
        ];
        for (name, value) in rows {
            let _ = writeln!(out, "  {name:<20} {value}");
        }
    }
    out
}

/// One cell of a side-by-side list: UCI text and flags, `+` before a hidden second half.
fn cell(entry: Option<&RawEntry>) -> String {
    match entry {
        None => "-".to_string(),
        Some(e) => format!(
            "{}{:<6} {:02X}",
            if e.hidden { "+" } else { " " },
            e.uci(),
            e.flags
        ),
    }
}

/// The fields that differ between two entries whose cells look alike.
fn hidden_difference(a: &RawEntry, b: &RawEntry) -> String {
    let mut parts = Vec::new();
    if a.addr != b.addr {
        parts.push(format!("at {:04X} vs {:04X}", a.addr, b.addr));
    }
    if a.link != b.link {
        parts.push(format!("link {:04X} vs {:04X}", a.link, b.link));
    }
    if a.value != b.value {
        parts.push(format!("value {:02X} vs {:02X}", a.value, b.value));
    }
    if a.hidden != b.hidden {
        parts.push("hidden half vs linked entry".to_string());
    }
    parts.join(", ")
}

/// Both lists side by side, `>` marking every row that differs.
pub fn side_by_side(emulated: &[RawEntry], native: &[RawEntry]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "      #  {:<14}  native", " emulated");
    for i in 0..emulated.len().max(native.len()) {
        let (e, n) = (emulated.get(i), native.get(i));
        let marker = if e == n { ' ' } else { '>' };
        let (left, right) = (cell(e), cell(n));
        let note = match (e, n) {
            (Some(a), Some(b)) if a != b && left == right => hidden_difference(a, b),
            _ => String::new(),
        };
        let line = format!("  {marker} {i:>3}  {left:<14} {right:<14} {note}");
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

fn byte_diffs(diffs: &[ByteDiff]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "    {:<14} {:>8} {:>8}", "byte", "emulated", "native");
    for d in diffs {
        let _ = writeln!(
            out,
            "    {:<14} {:>8} {:>8}",
            d.what,
            format!("{:02X}", d.emulated),
            format!("{:02X}", d.native)
        );
    }
    out
}

/// A failing position: origin, FEN, path, what differs (with both lists or the bytes), and
/// the command that replays it.
pub fn failure(f: &PositionFailure, replay: &str) -> String {
    let m = &f.mismatch;
    let mut out = String::new();
    let _ = writeln!(out, "MISMATCH in {} (depth {})", f.origin.label(), f.depth);
    let _ = writeln!(out, "  root FEN: {}", f.root_fen);
    let path = if m.path.is_empty() {
        "(root)".to_string()
    } else {
        m.path.join(" ")
    };
    let _ = writeln!(out, "  path:     {path}");
    let _ = writeln!(out, "  node FEN: {}", m.node_fen);
    let _ = writeln!(out, "  what:     {}", m.kind.headline());
    match &m.kind {
        MismatchKind::List {
            emulated,
            native,
            emulated_bytes,
            native_bytes,
            ..
        } => {
            if emulated_bytes != native_bytes {
                let _ = writeln!(
                    out,
                    "  GENMOV wrote {emulated_bytes} bytes, the reference's list takes {native_bytes}"
                );
            }
            out.push_str(&side_by_side(emulated, native));
        }
        MismatchKind::Drive { native, .. } if !native.is_empty() => {
            let _ = writeln!(out, "  the reference's list:");
            out.push_str(&side_by_side(&[], native));
        }
        MismatchKind::GenmovChangedBoard { diffs }
        | MismatchKind::Move { diffs, .. }
        | MismatchKind::Unmove { diffs, .. } => out.push_str(&byte_diffs(diffs)),
        _ => {}
    }
    let _ = writeln!(out, "  replay:   {replay}");
    out
}

/// A node that was not compared because the image's list area was full.
pub fn skipped(s: &Skipped) -> String {
    format!(
        "skipped {}: move list full at path [{}] ({} entries needed, room for {}); root FEN {}",
        s.origin.label(),
        s.path.join(" "),
        s.needed,
        s.free,
        s.root_fen
    )
}
