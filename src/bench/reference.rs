//! The native reference's section: perft speed on the benchmark positions in both rule sets.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use serde::Serialize;

use crate::reference::{Rules, perft};
use crate::text::{TextTable, grouped, short};

use super::plan::Plan;
use super::positions::PERFT_CASES;
use super::stats::{Spread, Timed, interleaved, time_for, with_spread};

/// Native perft speed on one position in one rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReferenceRow {
    /// The position's name.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// "sargon" or "standard".
    pub rules: String,
    /// Leaf nodes counted.
    pub nodes: u64,
    /// Nodes per second.
    pub nodes_per_second: Spread,
}

/// Perft without bulk counting on every case in both rule sets, the runs taking turns.
pub(super) fn measure(plan: &Plan) -> Vec<ReferenceRow> {
    let mut runs = Vec::new();
    for case in PERFT_CASES {
        for rules in [Rules::Sargon, Rules::Standard] {
            let board = case.board();
            let depth = case.depth - plan.reference_shallower;
            let nodes = perft(&mut board.clone(), depth, rules);
            runs.push((case.name, depth, rules, nodes, board));
        }
    }
    // Every repetition makes at least one whole perft, and repeats small ones for 10 ms.
    let t = Duration::from_millis(10);
    let samples = interleaved(plan.reps, 1, runs.len(), |i| {
        let (_, depth, rules, _, board) = runs[i];
        time_for(t, || {
            let mut board = board;
            perft(black_box(&mut board), depth, rules)
        })
    });
    runs.iter()
        .zip(&samples)
        .map(|(&(name, depth, rules, nodes, _), s)| ReferenceRow {
            position: name.to_string(),
            depth,
            rules: rules.to_string(),
            nodes,
            nodes_per_second: Timed::rates(s).scaled(nodes as f64),
        })
        .collect()
}

/// The table: position, depth, rules, nodes, nodes per second.
pub(super) fn write_text(rows: &[ReferenceRow], s: &mut String) {
    let mut table =
        TextTable::new(&["position", "depth", "rules", "nodes", "nodes/s"]).right(&[1, 3, 4]);
    for r in rows {
        table.row(vec![
            r.position.clone(),
            r.depth.to_string(),
            r.rules.clone(),
            grouped(r.nodes),
            with_spread(r.nodes_per_second, short),
        ]);
    }
    let _ = write!(
        s,
        "\nNative reference: perft, every leaf move made (no bulk counting)\n{}",
        table.render()
    );
}
