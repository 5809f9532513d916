//! One search, by whichever engine plays: the native engine or an emulated image.
//!
//! Both make the same decisions (the cross-check proves it); an emulated image adds what only
//! the hardware view has: exact T-states and instructions.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::clock::MoveTimer;

use thiserror::Error;

use super::overflow::Overflow;
use crate::engine::{
    DEEPEST_PLYMAX, Engine, MAX_PLYMAX, Observer, SearchError, SearchParams, Setup, UNBOUNDED_LIST,
};
use crate::reference::Move;

/// What one search is asked.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// The position as the program's memory holds it (board, KOLOR, MOVENO, previous entry).
    pub setup: Setup,
    /// PLYMAX.
    pub plymax: u8,
    /// The Z80's R register on entry to FNDMOV: bit 0 picks white's book move.
    pub r_register: u8,
}

/// When a search must give up.
#[derive(Debug, Clone, Copy)]
pub struct Control<'a> {
    /// Set by another thread (`stop`, `quit`).
    pub stop: &'a AtomicBool,
    /// Abort this long after the move's clock started (a clock that has not started yet, while
    /// pondering, never expires).
    pub deadline: Option<(&'a MoveTimer, Duration)>,
    /// Abort once the search has made more than this many nodes (moves made).
    pub nodes: Option<u64>,
}

impl<'a> Control<'a> {
    /// Stopped by `stop` only.
    pub fn new(stop: &'a AtomicBool) -> Control<'a> {
        Control {
            stop,
            deadline: None,
            nodes: None,
        }
    }

    /// True when the search should give up now, having made `nodes` nodes.
    #[inline]
    pub fn expired(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|most| nodes > most) || self.interrupted()
    }

    /// True when `stop` was asked or the deadline passed: what ends a search whatever it is
    /// doing, between two evaluations too (an emulated image that runs away included).
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .deadline
                .is_some_and(|(timer, after)| timer.elapsed().is_some_and(|spent| spent >= after))
    }
}

/// The cost of an emulated search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hardware {
    /// Exact Zilog T-states of the FNDMOV call.
    pub tstates: u64,
    /// Instructions executed.
    pub instructions: u64,
}

/// A finished search.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The move to play.
    pub best: Move,
    /// SCORE+1 (0x80 level, higher better for the side to move; 0xFF mates, 0 book).
    pub score: u8,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// Evaluations (POINTS calls).
    pub evaluations: u64,
    /// Moves made in the tree (MOVE calls), when the engine counts them.
    pub nodes: Option<u64>,
    /// T-states and instructions, for an emulated image.
    pub hardware: Option<Hardware>,
    /// POSQ as the search left it (carried into the game).
    pub posq_after: [u8; 2],
    /// PMATE: MOVENO at the last mate seen.
    pub pmate: u8,
    /// True when the opening book answered.
    pub book: bool,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// The most move-list entries the path held at once, when the engine counts them (past
    /// [`crate::engine::MLIST_1978_CAPACITY`] the 1978 program's list would have overflowed).
    pub list_peak: Option<usize>,
}

/// Where a search stood when it was stopped: the best of the ply-1 moves it had finished
/// (BESTM and S\[1\] so far; ply 1 has no upper bound, so that move's score is exact).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// BESTM so far; None when no ply-1 move was finished.
    pub best: Option<Move>,
    /// S\[1\] so far (0 when no ply-1 move was finished).
    pub score: u8,
    /// Evaluations made.
    pub evaluations: u64,
    /// Nodes (moves made).
    pub nodes: u64,
}

/// A search that gave no move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Failure {
    /// The side to move has no legal move.
    #[error("no legal move: the side to move is {}", if *.checkmated { "checkmated" } else { "stalemated" })]
    NoLegalMove {
        /// True when in check.
        checkmated: bool,
    },
    /// Stopped before the search finished.
    #[error("the search was stopped before it finished")]
    Aborted(Stopped),
    /// The engine failed (an emulated image that broke a guard...).
    #[error("{0}")]
    Engine(String),
    /// The path's move lists did not fit the engine's list (the 1978 GENMOV would drop moves
    /// silently): a shallower level may fit.
    #[error("{0}")]
    Overflow(Overflow),
    /// The emulated image ran away (its search ran past its budget or leash): it is broken,
    /// and no other depth will do better.
    #[error("{0}")]
    Runaway(String),
}

/// An engine that can search a position.
pub trait Searcher: Send {
    /// A short name for messages ("native", the image's file name).
    fn name(&self) -> String;
    /// Searches; gives up with [`Failure::Aborted`] when `control` expires.
    fn search(&mut self, request: &Request, control: &Control) -> Result<Answer, Failure>;
    /// The deepest PLYMAX its tables hold: the 1978 program's 9 by default.
    fn deepest(&self) -> u8 {
        MAX_PLYMAX
    }
}

/// The native engine.
pub struct NativeSearcher {
    engine: Engine,
    list_capacity: usize,
}

impl Default for NativeSearcher {
    fn default() -> NativeSearcher {
        NativeSearcher::new()
    }
}

impl NativeSearcher {
    /// A native engine with its buffers allocated and a move list as large as any level needs
    /// (the 1978 program's decisions wherever its list would have held the path; past that,
    /// the same search with room, which [`Answer::list_peak`] shows).
    pub fn new() -> NativeSearcher {
        NativeSearcher::with_list(UNBOUNDED_LIST)
    }

    /// A native engine whose path holds `entries` list entries (the 1978 MLIST holds 341): a
    /// search that needs more fails with [`Failure::Overflow`], as the 1978 program's would
    /// have lost moves.
    pub fn with_list(entries: usize) -> NativeSearcher {
        NativeSearcher {
            engine: Engine::new(),
            list_capacity: entries,
        }
    }
}

/// Polls the control at every evaluation and move generation.
struct Watch<'a, 'b>(&'a Control<'b>);

impl Observer for Watch<'_, '_> {
    fn should_stop_after(&mut self, nodes: u64) -> bool {
        self.0.expired(nodes)
    }
}

impl Searcher for NativeSearcher {
    fn name(&self) -> String {
        "native".to_string()
    }

    fn deepest(&self) -> u8 {
        DEEPEST_PLYMAX
    }

    fn search(&mut self, request: &Request, control: &Control) -> Result<Answer, Failure> {
        let started = Instant::now();
        let params = SearchParams {
            r_register: request.r_register,
            list_capacity: self.list_capacity,
            ..SearchParams::new(request.plymax)
        };
        let result = self
            .engine
            .search(&request.setup, &params, &mut Watch(control))
            .map_err(|error| match error {
                SearchError::Aborted(partial) => Failure::Aborted(Stopped {
                    best: partial.best,
                    score: partial.score,
                    evaluations: partial.evaluations,
                    nodes: partial.nodes,
                }),
                SearchError::MoveListOverflow {
                    ply,
                    needed,
                    capacity,
                } => Failure::Overflow(Overflow {
                    ply,
                    needed,
                    capacity,
                    flag: 0,
                }),
                other => Failure::Engine(other.to_string()),
            })?;
        let best = match result.best {
            Some(best) if result.best_is_legal => best,
            _ => return Err(no_legal_move(&request.setup)),
        };
        Ok(Answer {
            best,
            score: result.score,
            pv: result.pv.as_slice().to_vec(),
            evaluations: result.evaluations,
            nodes: Some(result.nodes),
            hardware: None,
            posq_after: result.posq_after,
            pmate: result.pmate,
            book: result.book,
            elapsed: started.elapsed(),
            list_peak: Some(result.list_peak),
        })
    }
}

/// The failure for a side with no legal move.
pub fn no_legal_move(setup: &Setup) -> Failure {
    Failure::NoLegalMove {
        checkmated: crate::reference::in_check(&setup.board, setup.board.color),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn request(game: &Game, plymax: u8) -> Request {
        Request {
            setup: *game.setup(),
            plymax,
            r_register: 0,
        }
    }

    #[test]
    fn native_answers_like_the_1978_program() {
        let stop = AtomicBool::new(false);
        let control = Control::new(&stop);
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let answer = NativeSearcher::new()
            .search(&request(&game, 3), &control)
            .unwrap();
        assert_eq!(
            (answer.best.uci(), answer.score, answer.evaluations),
            ("b1c3".to_string(), 0x86, 921)
        );
        let book = NativeSearcher::new()
            .search(&request(&Game::new(), 3), &control)
            .unwrap();
        assert!(book.book);
        assert_eq!(book.best.uci(), "e2e4");
    }

    #[test]
    fn stop_and_mate() {
        let stop = AtomicBool::new(true);
        let control = Control::new(&stop);
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let mut native = NativeSearcher::new();
        assert_eq!(
            native.search(&request(&game, 3), &control).unwrap_err(),
            Failure::Aborted(Stopped {
                best: None,
                score: 0,
                evaluations: 0,
                nodes: 0
            })
        );
        stop.store(false, Ordering::Relaxed);
        let mated = Game::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            native.search(&request(&mated, 2), &control).unwrap_err(),
            Failure::NoLegalMove { checkmated: true }
        );
    }
}
