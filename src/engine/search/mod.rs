//! FNDMOV (`../shared/SARGON_SEARCH.md` sections 2-6 and 9): the 1978 search, decision for
//! decision. Fail-hard alpha-beta in negamax form over unsigned score bytes, a one-ply static
//! sort at every ply below PLYMAX, a one-ply check extension at PLYMAX, the mate exit at ply 1,
//! MOVENO and COLOR stepping with the plies, BOOK at MOVENO = 1.
//!
//! The 1978 code loops over an explicit ply stack; this is the recursion of 5.10, which makes
//! the same moves, evaluations and comparisons in the same order. Buffers (one GENMOV list per
//! ply, the sort order, the value bytes, the principal-variation table) live in the [`Engine`]
//! and are reused: the search allocates nothing per node.

mod node;
mod ply;
mod pv;
mod result;
mod walk;

pub use ply::Visit;
pub use pv::{Line, MAX_LINE};
pub use result::{
    DEEPEST_PLYMAX, MAX_PLYMAX, MLIST_1978_CAPACITY, Partial, RootEval, RootMove, SearchError,
    SearchParams, SearchResult, UNBOUNDED_LIST,
};

use ply::Ply;
use pv::PvTable;
use walk::{Halt, SCORE_SLOTS, Walk};

use super::book::book_move;
use super::eval::Region;
use super::score::BOOK;
use super::setup::Setup;
use super::trace::{NoObserver, Observer, TraceDigest};
use crate::reference::{Rules, legal_moves};

/// Plies 1..=PLYMAX+1 (index 0 unused, the root has no list).
const PLIES: usize = DEEPEST_PLYMAX as usize + 2;

/// The search's reusable memory. One engine runs one search at a time.
///
/// ```
/// use sargon_z80::engine::{Engine, SearchParams, Setup};
///
/// let mut engine = Engine::new();
/// let result = engine.run(&Setup::startpos(), &SearchParams::new(3)).unwrap();
/// assert_eq!(result.best.unwrap().uci(), "b1c3");
/// assert_eq!((result.score, result.evaluations), (0x86, 921));
/// ```
pub struct Engine {
    plies: Vec<Ply>,
    pv: Box<PvTable>,
    region: Region,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with its buffers allocated.
    pub fn new() -> Engine {
        Engine {
            plies: vec![Ply::new(); PLIES],
            pv: Box::new(PvTable::new()),
            region: Region::fresh(&crate::position::Board::startpos()),
        }
    }

    /// [`Engine::search`] without an observer.
    pub fn run(
        &mut self,
        setup: &Setup,
        params: &SearchParams,
    ) -> Result<SearchResult, SearchError> {
        self.search(setup, params, &mut NoObserver)
    }

    /// One FNDMOV call on a fresh machine: the position, KOLOR, MOVENO and the previous-move
    /// entry from `setup`, PLYMAX and the rest from `params`. The evaluation's memory starts as
    /// a freshly loaded image holds it and persists through the search.
    pub fn search<O: Observer>(
        &mut self,
        setup: &Setup,
        params: &SearchParams,
        observer: &mut O,
    ) -> Result<SearchResult, SearchError> {
        if params.plymax > DEEPEST_PLYMAX {
            return Err(SearchError::PlyMax(params.plymax));
        }
        if !setup.board.is_well_formed() {
            return Err(SearchError::Malformed);
        }
        self.plies[1].list.clear();
        if setup.moveno == 1 {
            return Ok(book_result(setup, params));
        }
        self.region = Region::fresh(&setup.board);
        let mut walk = Walk {
            board: setup.board,
            region: &mut self.region,
            plies: &mut self.plies,
            pv: &mut self.pv,
            observer,
            s: [0; SCORE_SLOTS],
            color: setup.board.color,
            kolor: setup.board.color,
            moveno: setup.moveno,
            plymax: params.plymax,
            plymax_after: params.plymax,
            bc0: 0,
            mv0: 0,
            pmate: 0,
            best: None,
            mate_exit: false,
            evaluations: 0,
            nodes: 0,
            genmov_calls: 0,
            digest: TraceDigest::new(),
            path_entries: 0,
            list_peak: 0,
            capacity: params.list_capacity,
            anomalies: Default::default(),
        };
        let outcome = root(&mut walk).and_then(|root| walk.node(1).map(|_| root));
        finish(walk, outcome, params)
    }

    /// The ply-1 entries of the last search in GENMOV order, with their value bytes and what
    /// the search did with them (empty after BOOK or an error before GENMOV).
    pub fn root_moves(&self) -> impl Iterator<Item = RootMove> + '_ {
        let ply = &self.plies[1];
        ply.list.iter().enumerate().map(|(index, mv)| RootMove {
            mv: *mv,
            value: ply.values[index],
            visit: ply.visits[index],
        })
    }

    /// The evaluation's memory as the last search left it.
    pub fn region(&self) -> &Region {
        &self.region
    }
}

/// 5.3: the root evaluation (NPLY 0, COLOR = KOLOR, the previous-move entry), whose BRDC and
/// MTRL become BC0 and MV0.
fn root<O: Observer>(walk: &mut Walk<'_, O>) -> Result<RootEval, Halt> {
    let prev = walk.board.prev;
    let terms = walk.evaluate(0, prev.from, prev.to)?;
    walk.bc0 = terms.brdc;
    walk.mv0 = terms.mtrl;
    Ok(RootEval {
        valm: terms.valm,
        bc0: terms.brdc,
        mv0: terms.mtrl,
    })
}

/// The answer of a finished (or stopped) walk.
fn finish<O: Observer>(
    walk: Walk<'_, O>,
    outcome: Result<RootEval, Halt>,
    params: &SearchParams,
) -> Result<SearchResult, SearchError> {
    let list = &walk.plies[1];
    let best = walk.best.map(|index| list.list.as_slice()[index]);
    let root = match outcome {
        Ok(root) => root,
        Err(Halt::Aborted) => {
            return Err(SearchError::Aborted(Partial {
                best,
                score: walk.s[1],
                evaluations: walk.evaluations,
                nodes: walk.nodes,
            }));
        }
        Err(Halt::Overflow { ply, needed }) => {
            return Err(SearchError::MoveListOverflow {
                ply,
                needed,
                capacity: params.list_capacity,
            });
        }
    };
    let mut anomalies = walk.anomalies;
    anomalies.insert(walk.region.anomalies());
    Ok(SearchResult {
        best,
        best_is_legal: walk
            .best
            .is_some_and(|index| list.visits[index] != Visit::Illegal),
        score: walk.s[1],
        evaluations: walk.evaluations,
        nodes: walk.nodes,
        genmov_calls: walk.genmov_calls,
        trace_fnv1a64: walk.digest.value(),
        plymax_after: walk.plymax_after,
        posq_after: walk.board.posq,
        pmate: walk.pmate,
        book: false,
        mate_exit: walk.mate_exit,
        pv: *walk.pv.line(1),
        root: Some(root),
        list_peak: walk.list_peak,
        anomalies,
    })
}

/// BOOK (section 9): no GENMOV, no POINTS; SCORE+1 = 0.
fn book_result(setup: &Setup, params: &SearchParams) -> SearchResult {
    let board = &setup.board;
    let mv = book_move(board.color, params.r_register, board.prev);
    SearchResult {
        best: Some(mv),
        best_is_legal: legal_moves(board, Rules::Sargon).iter().any(|m| *m == mv),
        score: BOOK,
        evaluations: 0,
        nodes: 0,
        genmov_calls: 0,
        trace_fnv1a64: TraceDigest::new().value(),
        plymax_after: params.plymax,
        posq_after: board.posq,
        pmate: 0,
        book: true,
        mate_exit: false,
        pv: Line::single(mv),
        root: None,
        list_peak: 0,
        anomalies: Default::default(),
    }
}
