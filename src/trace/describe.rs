//! The findings in words, one line each, for reports.

use std::fmt;

use crate::files::printable;

use super::diff::Side;
use super::explain::{Finding, MoveStatus};
use super::format::ListEntry;
use crate::position::square_name;

/// What each term measures (`SARGON_EVAL.md` section 8).
fn meaning(term: &str) -> &'static str {
    match term {
        "BRDC" => "board control, development included",
        "MTRL" => "material",
        "PTSL" => "the mover's largest expected loss",
        "PTSW1" => "the largest expected gain",
        "PTSW2" => "the second largest expected gain",
        "PTSCK" => "the moved piece among the losses",
        _ => "",
    }
}

/// An entry as `e2e4 0x10`, a hidden second half marked.
pub fn entry_text(item: &ListEntry) -> String {
    let e = item.entry;
    let hidden = if item.hidden { " (hidden half)" } else { "" };
    format!(
        "{}{} flags 0x{:02X}{hidden}",
        square_name(e.from),
        square_name(e.to),
        e.flags
    )
}

fn optional_entry(item: &Option<ListEntry>) -> String {
    item.as_ref()
        .map_or("(none: the list ends)".into(), entry_text)
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Value { a, b } => write!(f, "value: VALM 0x{a:02X} (A) vs 0x{b:02X} (B)"),
            Finding::Terms(terms) => write_terms(f, terms),
            Finding::TermsAgree => write!(
                f,
                "terms: all six agree, so VALM differs in the score formula (SARGON_EVAL.md \
                 8.5) or in BC0/MV0 (the root evaluation's BRDC and MTRL)"
            ),
            Finding::Ply { a, b } => write_plies(f, *a, *b),
            Finding::Move { side, uci, status } => write_move(f, *side, uci, status),
            Finding::Ended { side, finished } => {
                let why = if *finished {
                    "its result line is there: its search finished"
                } else {
                    "it has no result line: its search did not finish, or the file is cut short"
                };
                write!(f, "end: {side} has no more evaluations ({why})")
            }
            Finding::Result { field, a, b } => {
                let (a, b) = (printable(a, 40), printable(b, 40));
                write!(f, "result: {field} A {a}, B {b} (every evaluation agrees)")
            }
            Finding::ListPly { .. }
            | Finding::ListMissing { .. }
            | Finding::Entry { .. }
            | Finding::Reference { .. } => write_list_finding(f, self),
        }
    }
}

fn write_terms(f: &mut fmt::Formatter<'_>, terms: &[(&str, u8, u8)]) -> fmt::Result {
    let parts: Vec<String> = terms
        .iter()
        .map(|(name, a, b)| format!("{name} 0x{a:02X} (A) vs 0x{b:02X} (B), {}", meaning(name)))
        .collect();
    write!(f, "term: {}", parts.join("; "))
}

fn write_plies(f: &mut fmt::Formatter<'_>, a: u8, b: u8) -> fmt::Result {
    let (deeper, shallower) = if b > a { ("B", "A") } else { ("A", "B") };
    write!(
        f,
        "search: A evaluates at ply {a}, B at ply {b}: {deeper} went deeper here (a descent or \
         a check extension {shallower} did not make) or {shallower} left the node sooner (a \
         cut-off, or a move it did not descend into)"
    )
}

fn write_move(
    f: &mut fmt::Formatter<'_>,
    side: Side,
    uci: &str,
    status: &MoveStatus,
) -> fmt::Result {
    let other = side.other();
    match status {
        MoveStatus::Evaluated { at } => write!(
            f,
            "order: {side} evaluates {uci}, a legal move of this node that {other} evaluates \
             here as evaluation {at}: they take the node's moves in a different order"
        ),
        MoveStatus::Legal => write!(
            f,
            "move: {side} evaluates {uci}, a legal move of this node that {other} does not \
             evaluate here"
        ),
        MoveStatus::Illegal => write!(
            f,
            "legality: {side} evaluates {uci}, which GENMOV lists here but which leaves the \
             mover's king attacked"
        ),
        MoveStatus::NotGenerated => write!(
            f,
            "generation: {side} evaluates {uci}, which GENMOV does not list at this node"
        ),
    }
}

/// The findings about a GENMOV list (the caller passes only those).
fn write_list_finding(f: &mut fmt::Formatter<'_>, finding: &Finding) -> fmt::Result {
    match finding {
        Finding::ListPly { a, b } => {
            write!(f, "search: this GENMOV is at ply {a} in A, at ply {b} in B")
        }
        Finding::ListMissing { side } => {
            write!(
                f,
                "search: {side} makes no more GENMOV calls, the other does"
            )
        }
        Finding::Entry { index, a, b } => write!(
            f,
            "list entry {index}: A {}, B {}",
            optional_entry(a),
            optional_entry(b)
        ),
        Finding::Reference {
            side,
            first: None,
            len,
            ..
        } => write!(f, "{side}'s list is the reference GENMOV's ({len} entries)"),
        Finding::Reference {
            side,
            first: Some(at),
            len,
            reference_len,
        } => write!(
            f,
            "{side}'s list differs from the reference GENMOV from entry {at} ({len} entries, \
             the reference {reference_len})"
        ),
        _ => Ok(()),
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
