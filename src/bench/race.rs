//! The native perft racing its peer (cozy-chess) in turns: both split by root move, the two
//! engines taking turns slice by slice within every repetition, so a busy moment of the
//! machine hurts them alike; the speed ratio is taken repetition by repetition.

use std::fmt::Write;
use std::time::Instant;

use serde::Serialize;

use crate::text::{Quantity, TextTable, grouped};

use crate::position::Board;
use crate::reference::{Rules, legal_moves, make, perft};

use super::peers::{PEER, PEER_BUILT_IN, PeerPerft};
use super::positions::PerftCase;
use super::stats::{Spread, Timed};

/// One position's race.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PerftRace {
    /// The position's name.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// Leaf nodes (standard rules), the same for both engines.
    pub nodes: u64,
    /// Repetitions: each a whole perft per engine.
    pub reps: usize,
    /// Our nodes per second.
    pub ours: Spread,
    /// The peer's name and nodes per second, when this build has it.
    pub peer: Option<PeerSpeed>,
    /// Our speed over the peer's, repetition by repetition.
    pub ratio: Option<Spread>,
}

/// The peer's side of a race.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeerSpeed {
    /// Which library and version.
    pub name: String,
    /// Its nodes per second.
    pub nodes_per_second: Spread,
}

/// Our perft split by root move: the position after each legal root move.
struct OwnPerft {
    children: Vec<Board>,
    depth: u32,
}

impl OwnPerft {
    fn new(board: &Board, depth: u32) -> OwnPerft {
        let children = legal_moves(board, Rules::Standard)
            .iter()
            .map(|mv| {
                let mut child = *board;
                make(&mut child, mv);
                child
            })
            .collect();
        OwnPerft {
            children,
            depth: depth.max(1),
        }
    }

    fn slice(&self, slice: usize) -> u64 {
        let mut board = self.children[slice];
        perft(
            std::hint::black_box(&mut board),
            self.depth - 1,
            Rules::Standard,
        )
    }
}

/// Times one slice into a repetition's running total.
fn timed(total: &mut Timed, slice: impl FnOnce() -> u64) {
    let started = Instant::now();
    let nodes = std::hint::black_box(slice());
    total.seconds += started.elapsed().as_secs_f64();
    total.work += nodes;
}

/// Races our perft against the peer's on `case`, `reps` times; our perft alone when the build
/// has no peer. Panics when a count differs from the case's published one: the bench must not
/// time a wrong perft.
pub(super) fn race(case: &PerftCase, reps: usize) -> PerftRace {
    let ours = OwnPerft::new(&case.board(), case.depth);
    let peer = PeerPerft::new(case.fen, case.depth);
    let mut own_samples = Vec::with_capacity(reps);
    let mut peer_samples = Vec::with_capacity(reps);
    for _ in 0..reps.max(1) {
        let mut own = Timed::default();
        let mut theirs = Timed::default();
        let slices = ours
            .children
            .len()
            .max(peer.as_ref().map_or(0, PeerPerft::slices));
        for slice in 0..slices {
            if slice < ours.children.len() {
                timed(&mut own, || ours.slice(slice));
            }
            if let Some(peer) = peer.as_ref().filter(|p| slice < p.slices()) {
                timed(&mut theirs, || peer.slice(slice));
            }
        }
        assert_eq!(own.work, case.standard_nodes, "native perft {}", case.name);
        if peer.is_some() {
            assert_eq!(
                theirs.work, case.standard_nodes,
                "{PEER} perft {}",
                case.name
            );
            peer_samples.push(theirs);
        }
        own_samples.push(own);
    }
    let measured = !peer_samples.is_empty();
    PerftRace {
        position: case.name.to_string(),
        depth: case.depth,
        nodes: case.standard_nodes,
        reps: own_samples.len(),
        ours: Timed::rates(&own_samples),
        peer: measured.then(|| PeerSpeed {
            name: PEER.to_string(),
            nodes_per_second: Timed::rates(&peer_samples),
        }),
        ratio: measured.then(|| Timed::paired_ratios(&own_samples, &peer_samples)),
    }
}

/// Why a race has no peer figure, for the notes.
pub(super) fn missing_peer_note() -> Option<String> {
    (!PEER_BUILT_IN).then(|| {
        format!(
            "built without the bench-peers feature: the native perft ran alone; {PEER} races it in a default build (cargo build --release)."
        )
    })
}

/// The details table: per position our speed, the peer's and the ratio.
pub(super) fn write_text(races: &[PerftRace], s: &mut String) {
    let peer = races
        .iter()
        .find_map(|r| r.peer.as_ref())
        .map_or(PEER.to_string(), |p| p.name.clone());
    let mut table = TextTable::new(&[
        "position",
        "depth",
        "nodes",
        "native, nodes/s",
        &format!("{peer}, nodes/s"),
        "native/peer",
    ])
    .right(&[1, 2, 3, 4, 5]);
    for r in races {
        table.row(vec![
            r.position.clone(),
            r.depth.to_string(),
            grouped(r.nodes),
            r.ours.text(Quantity::Rate("")),
            r.peer.as_ref().map_or("not built in".to_string(), |p| {
                p.nodes_per_second.text(Quantity::Rate(""))
            }),
            r.ratio.map_or(String::new(), |x| x.text(Quantity::Ratio)),
        ]);
    }
    let _ = write!(
        s,
        "\nNative perft against {peer}: standard rules, every leaf move made, in turns\n{}",
        table.render()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::PERFT_CASES;

    #[test]
    fn a_shallow_race_counts_the_published_leaves_on_both_sides() {
        let start = PerftCase {
            depth: 3,
            standard_nodes: 8_902,
            ..PERFT_CASES[0]
        };
        let race = race(&start, 2);
        assert_eq!(
            (race.position.as_str(), race.depth, race.nodes),
            ("start", 3, 8_902)
        );
        assert!(race.ours.median > 0.0);
        assert_eq!(race.peer.is_some(), PEER_BUILT_IN);
        assert_eq!(race.ratio.is_some(), PEER_BUILT_IN);
    }
}
