//! What a difference is: a value, a term, a move evaluated out of order, an illegal or
//! ungenerated move, a search that went deeper or stopped, a list entry; judged at the node the
//! native engine places it at.

use super::diff::{Comparison, Difference, Side, compare};
use super::format::{ListEntry, TERM_NAMES, Trace};
use super::locate::{Located, Place, Target, locate};
use crate::engine::EvalRecord;
use crate::position::{Board, square_name};
use crate::reference::{Move, MoveList, genmov, is_legal};

/// What a move of a record is at the node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveStatus {
    /// A legal move of the node that the followed trace evaluates there as evaluation `at`.
    Evaluated {
        /// The followed trace's evaluation of the same move at this node.
        at: usize,
    },
    /// A legal move of the node the followed trace does not evaluate there (as far as the
    /// engine reproduces it).
    Legal,
    /// GENMOV lists it at the node, but it leaves the mover's king attacked.
    Illegal,
    /// GENMOV does not list it at the node.
    NotGenerated,
}

/// One thing found about the difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// The same move, different VALM.
    Value {
        /// A's VALM.
        a: u8,
        /// B's VALM.
        b: u8,
    },
    /// The terms that differ: name, A's, B's.
    Terms(Vec<(&'static str, u8, u8)>),
    /// VALM differs though every term agrees.
    TermsAgree,
    /// The records are at different plies.
    Ply {
        /// A's NPLY.
        a: u8,
        /// B's NPLY.
        b: u8,
    },
    /// A side's move at the node.
    Move {
        /// Whose record.
        side: Side,
        /// The move as UCI text.
        uci: String,
        /// What it is there.
        status: MoveStatus,
    },
    /// A side has no more evaluations (`finished`: its result line is there).
    Ended {
        /// Which side.
        side: Side,
        /// True when the trace has a result line (the search finished).
        finished: bool,
    },
    /// A GENMOV made at different plies.
    ListPly {
        /// A's ply.
        a: u8,
        /// B's ply.
        b: u8,
    },
    /// A side has no GENMOV at this point.
    ListMissing {
        /// Which side.
        side: Side,
    },
    /// The first differing entry of a list, each side's (None past its end).
    Entry {
        /// 0-based entry index.
        index: usize,
        /// A's entry.
        a: Option<ListEntry>,
        /// B's entry.
        b: Option<ListEntry>,
    },
    /// A side's list against the reference GENMOV at the node.
    Reference {
        /// Which side.
        side: Side,
        /// The first entry where it differs from the reference's, None when equal.
        first: Option<usize>,
        /// Its length.
        len: usize,
        /// The reference list's length.
        reference_len: usize,
    },
    /// The results differ.
    Result {
        /// "best" or "score".
        field: &'static str,
        /// A's value.
        a: String,
        /// B's value.
        b: String,
    },
}

/// The first divergence of two traces, placed and explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// What the comparison found.
    pub comparison: Comparison,
    /// Where the native engine places it (evaluation and list differences only).
    pub located: Option<Located>,
    /// What differs.
    pub findings: Vec<Finding>,
}

/// Compares two traces and, when they differ, places and explains the first difference.
pub fn diverge(a: &Trace, b: &Trace) -> Divergence {
    let comparison = compare(a, b);
    let (located, findings) = match &comparison.difference {
        None | Some(Difference::Setup(_)) => (None, Vec::new()),
        Some(Difference::Result { field }) => (None, vec![result_finding(a, b, field)]),
        Some(Difference::Evaluation { index }) => {
            let located = locate(a, b, Target::Evaluation(*index));
            let findings = evaluation_findings(a, b, *index, located.place.as_ref());
            (Some(located), findings)
        }
        Some(Difference::List { index, entry }) => {
            let located = locate(a, b, Target::List(*index));
            let findings = list_findings(a, b, *index, *entry, located.place.as_ref());
            (Some(located), findings)
        }
    };
    Divergence {
        comparison,
        located,
        findings,
    }
}

fn result_finding(a: &Trace, b: &Trace, field: &'static str) -> Finding {
    let (x, y) = (
        a.result.clone().unwrap_or_default(),
        b.result.clone().unwrap_or_default(),
    );
    let (a, b) = match field {
        "best" => (x.best.unwrap_or_default(), y.best.unwrap_or_default()),
        _ => (hex(x.score), hex(y.score)),
    };
    Finding::Result { field, a, b }
}

fn hex(byte: Option<u8>) -> String {
    byte.map_or("-".into(), |b| format!("0x{b:02X}"))
}

/// Findings about evaluation `i`.
fn evaluation_findings(a: &Trace, b: &Trace, i: usize, place: Option<&Place>) -> Vec<Finding> {
    let (x, y) = (a.evaluations.get(i), b.evaluations.get(i));
    let (x, y) = match (x, y) {
        (Some(x), Some(y)) => (x, y),
        (x, _) => {
            let ended = if x.is_none() { Side::A } else { Side::B };
            let trace = if ended == Side::A { a } else { b };
            let mut findings = vec![Finding::Ended {
                side: ended,
                finished: trace.result.is_some(),
            }];
            let other = if ended == Side::A { y } else { x };
            let followed = followed(a, b, place);
            let other_side = ended.other();
            findings.extend(
                other.and_then(|e| move_finding(other_side, &e.record, i, place, followed)),
            );
            return findings;
        }
    };
    let (p, q) = (x.record, y.record);
    if (p.ply, p.from, p.to) == (q.ply, q.from, q.to) {
        return value_findings(x.record.valm, y.record.valm, x.terms, y.terms);
    }
    if p.ply != q.ply {
        return vec![Finding::Ply { a: p.ply, b: q.ply }];
    }
    let followed = followed(a, b, place);
    [(Side::A, &p), (Side::B, &q)]
        .into_iter()
        .filter_map(|(side, record)| move_finding(side, record, i, place, followed))
        .collect()
}

fn value_findings(a: u8, b: u8, x: Option<[u8; 6]>, y: Option<[u8; 6]>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if a != b {
        findings.push(Finding::Value { a, b });
    }
    if let (Some(x), Some(y)) = (x, y) {
        let terms: Vec<(&'static str, u8, u8)> = (0..6)
            .filter(|&t| x[t] != y[t])
            .map(|t| (TERM_NAMES[t], x[t], y[t]))
            .collect();
        findings.push(if terms.is_empty() {
            Finding::TermsAgree
        } else {
            Finding::Terms(terms)
        });
    }
    findings
}

/// The trace the engine follows at the place (A when there is none).
fn followed<'a>(a: &'a Trace, b: &'a Trace, place: Option<&Place>) -> &'a Trace {
    match place.map(|p| p.follows) {
        Some(Side::B) => b,
        _ => a,
    }
}

/// A record's move at the node, unless it is the followed side's own record there.
fn move_finding(
    side: Side,
    record: &EvalRecord,
    i: usize,
    place: Option<&Place>,
    followed: &Trace,
) -> Option<Finding> {
    let place = place?;
    if record.ply == 0 {
        return None;
    }
    let uci = format!("{}{}", square_name(record.from), square_name(record.to));
    let status = match node_move(&place.node, record) {
        None => MoveStatus::NotGenerated,
        Some(mv) if !is_legal(&mut place.node.clone(), &mv) => MoveStatus::Illegal,
        Some(_) if side == place.follows => return None,
        Some(_) => match evaluated_at(place, followed, record, i) {
            Some(at) => MoveStatus::Evaluated { at },
            None => MoveStatus::Legal,
        },
    };
    Some(Finding::Move { side, uci, status })
}

/// The node's GENMOV entry with the record's squares.
fn node_move(node: &Board, record: &EvalRecord) -> Option<Move> {
    let mut list = MoveList::new();
    genmov(node, &mut list);
    list.iter()
        .find(|mv| mv.entry.from == record.from && mv.entry.to == record.to)
        .copied()
}

/// Where the followed trace evaluates the same move at the same node (not at `i`).
fn evaluated_at(place: &Place, followed: &Trace, record: &EvalRecord, i: usize) -> Option<usize> {
    let key = (record.ply, record.from, record.to);
    place
        .node_evaluations
        .iter()
        .copied()
        .filter(|&j| j != i)
        .find(|&j| {
            let r = followed.evaluations[j].record;
            (r.ply, r.from, r.to) == key
        })
}

/// Findings about GENMOV `j`.
fn list_findings(
    a: &Trace,
    b: &Trace,
    j: usize,
    entry: Option<usize>,
    place: Option<&Place>,
) -> Vec<Finding> {
    let (x, y) = match (a.lists.get(j), b.lists.get(j)) {
        (Some(x), Some(y)) => (x, y),
        (None, _) => return vec![Finding::ListMissing { side: Side::A }],
        (_, None) => return vec![Finding::ListMissing { side: Side::B }],
    };
    if x.ply != y.ply {
        return vec![Finding::ListPly { a: x.ply, b: y.ply }];
    }
    let mut findings = Vec::new();
    if let Some(index) = entry {
        findings.push(Finding::Entry {
            index,
            a: x.entries.get(index).copied(),
            b: y.entries.get(index).copied(),
        });
    }
    if let Some(place) = place {
        let mut list = MoveList::new();
        genmov(&place.node, &mut list);
        let reference = ListEntry::mark(list.flat_entries());
        for (side, entries) in [(Side::A, &x.entries), (Side::B, &y.entries)] {
            let first = (0..entries.len().max(reference.len()))
                .find(|&e| entries.get(e).map(|l| l.entry) != reference.get(e).map(|l| l.entry));
            findings.push(Finding::Reference {
                side,
                first,
                len: entries.len(),
                reference_len: reference.len(),
            });
        }
    }
    findings
}
