//! Placing a divergence in the search: the native engine runs the same setup and reports every
//! evaluation, GENMOV and descent; where its own records equal a trace's, the trace made the
//! same search up to there, so the engine's path at an evaluation or GENMOV is that trace's.
//!
//! What is exact: the path and node of evaluation `i` (or GENMOV `j`) of a trace whose first
//! `i + 1` records (and first `j` lists, when it has lists) the engine reproduces. The search is
//! deterministic given the evaluations, so equal records up to there mean the same moves were
//! made and taken back in between. At the first divergence the two traces share every earlier
//! record, so the node where they part is exact as soon as the engine reproduces one of them one
//! record further; when it reproduces neither, the engine's own node at that point is given and
//! marked as not exact, and when it parts from both before, the node is unknown.

use super::diff::Side;
use super::format::{ListEntry, Trace};
use crate::engine::{Engine, EvalRecord, Observer, SearchParams};
use crate::position::Board;
use crate::reference::{Move, MoveList, make};

/// What the search is asked to place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Evaluation number `i`.
    Evaluation(usize),
    /// GENMOV number `j`.
    List(usize),
}

/// A node of the search, as the native engine reached it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The trace whose search the engine reproduces there (A on a tie).
    pub follows: Side,
    /// False when the engine reproduces neither trace at the target (its own node is given).
    pub exact: bool,
    /// The moves from the root to the node (ply 1 first).
    pub path: Vec<Move>,
    /// The board at the node: the root with the path made, its side to move the node's.
    pub node: Board,
    /// The GENMOV (0-based) that made the node's list; None at the root evaluation.
    pub node_id: Option<u32>,
    /// The evaluations of the followed trace made at the same node, as indices, when the engine
    /// reproduces them (for telling an order difference from a missing move).
    pub node_evaluations: Vec<usize>,
}

/// What the engine found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// Leading records the engine shares with A and with B.
    pub shared: [usize; 2],
    /// Leading lists the engine shares with A and with B (traces without lists: 0).
    pub shared_lists: [usize; 2],
    /// The node, unless the engine parted from both traces before the target.
    pub place: Option<Place>,
}

/// Per ply 1..=10 and the extension: enough for PLYMAX 9.
const PLIES: usize = 12;

/// The engine's view while it runs.
struct Follower<'a> {
    traces: [&'a Trace; 2],
    target: Target,
    path: [Option<Move>; PLIES],
    node_at: [u32; PLIES],
    evaluations: usize,
    lists: usize,
    shared: [usize; 2],
    shared_lists: [usize; 2],
    /// The node of every record so far (u32::MAX for the root evaluation).
    node_of: Vec<u32>,
    /// Path and node id at the target.
    found: Option<(Vec<Move>, Option<u32>)>,
    stop: bool,
}

impl Follower<'_> {
    fn path_to(&self, ply: u8) -> Vec<Move> {
        (1..usize::from(ply)).filter_map(|k| self.path[k]).collect()
    }

    /// True while the engine reproduces some trace (and could still reach the target).
    fn useful(&self) -> bool {
        self.shared.contains(&self.evaluations)
    }
}

impl Observer for Follower<'_> {
    fn on_eval(&mut self, record: &EvalRecord) {
        let n = self.evaluations;
        for (side, trace) in self.traces.iter().enumerate() {
            if self.shared[side] == n && trace.evaluations.get(n).map(|e| e.record) == Some(*record)
            {
                self.shared[side] += 1;
            }
        }
        let node = match record.ply {
            0 => u32::MAX,
            ply => self.node_at[usize::from(ply).min(PLIES - 1)],
        };
        self.node_of.push(node);
        if self.target == Target::Evaluation(n) {
            let at = (record.ply > 0).then_some(node);
            self.found = Some((self.path_to(record.ply), at));
        }
        self.evaluations += 1;
        self.stop = !self.useful() && self.found.is_some();
    }

    fn on_genmov(&mut self, ply: u8, list: &MoveList) {
        let j = self.lists;
        let entries = ListEntry::mark(list.flat_entries());
        for (side, trace) in self.traces.iter().enumerate() {
            let same = trace
                .lists
                .get(j)
                .is_some_and(|l| l.ply == ply && l.entries == entries);
            if self.shared_lists[side] == j && same {
                self.shared_lists[side] += 1;
            }
        }
        let k = usize::from(ply).min(PLIES - 1);
        self.node_at[k] = j as u32;
        if self.target == Target::List(j) {
            self.found = Some((self.path_to(ply), Some(j as u32)));
        }
        self.lists += 1;
    }

    fn on_descend(&mut self, ply: u8, mv: &Move) {
        let k = usize::from(ply).min(PLIES - 1);
        self.path[k] = Some(*mv);
        self.path[k + 1..].fill(None);
    }

    fn should_stop(&mut self) -> bool {
        self.stop
    }
}

/// Runs the native engine on the traces' setup (they share it) and places `target`.
pub fn locate(a: &Trace, b: &Trace, target: Target) -> Located {
    let setup = &a.header.setup;
    let mut follower = Follower {
        traces: [a, b],
        target,
        path: [None; PLIES],
        node_at: [0; PLIES],
        evaluations: 0,
        lists: 0,
        shared: [0; 2],
        shared_lists: [0; 2],
        node_of: Vec::new(),
        found: None,
        stop: false,
    };
    let params = SearchParams {
        plymax: setup.plymax,
        r_register: setup.r_register,
        // An image may hold more than the 1978 MLIST: the engine searches the whole tree.
        list_capacity: usize::MAX,
    };
    // A stop or an error only ends the run early; what was seen until then is what counts.
    let _ = Engine::new().search(&setup.engine_setup(), &params, &mut follower);
    let place = place(&follower, a, b);
    Located {
        shared: follower.shared,
        shared_lists: follower.shared_lists,
        place,
    }
}

/// How far the engine reproduces a side's sequence that leads to the target: its records for
/// an evaluation; for a GENMOV its lists, provided it reproduces the records made before it.
fn reach(f: &Follower<'_>, side: usize, trace: &Trace) -> Option<usize> {
    match f.target {
        Target::Evaluation(_) => Some(f.shared[side]),
        Target::List(j) => {
            let after = trace
                .lists
                .get(j)
                .map_or(trace.evaluations.len(), |l| l.after);
            (f.shared[side] >= after).then_some(f.shared_lists[side])
        }
    }
}

/// The node at the target and whose search it is.
fn place(f: &Follower<'_>, a: &Trace, b: &Trace) -> Option<Place> {
    let (path, node_id) = f.found.clone()?;
    let needed = match f.target {
        Target::Evaluation(i) => i,
        Target::List(j) => j,
    };
    let reach = [reach(f, 0, a), reach(f, 1, b)];
    let follows = match reach {
        [Some(x), Some(y)] if y > x => Side::B,
        [None, Some(_)] => Side::B,
        _ => Side::A,
    };
    let reached = reach[follows.index()].filter(|&r| r >= needed)?;
    let mut node = a.header.setup.board;
    for mv in &path {
        make(&mut node, mv);
    }
    let trace = if follows == Side::A { a } else { b };
    let known = f.shared[follows.index()].min(trace.evaluations.len());
    let node_evaluations = match node_id {
        Some(id) => (0..known).filter(|&i| f.node_of[i] == id).collect(),
        None => Vec::new(),
    };
    Some(Place {
        follows,
        exact: reached > needed,
        path,
        node,
        node_id,
        node_evaluations,
    })
}
