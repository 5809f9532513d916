//! The emulated engine: an image's FNDMOV driven through the search ABI.

use std::time::Instant;

use crate::abi::AbiError;
use crate::abi::search::{
    FullList, SearchDriveError, SearchDriver, SearchObserver, SearchOptions, SearchRequest,
};
use crate::machine::Image;
use crate::reference::{Move, Rules, legal_moves, sargon_line};

use super::overflow::Overflow;
use super::searcher::{
    Answer, Control, Failure, Hardware, Request, Searcher, Stopped, no_legal_move,
};

/// Runs searches on an image (the built-in one or a user's 1978 assembly).
pub struct Z80Searcher {
    driver: SearchDriver,
    name: String,
}

impl Z80Searcher {
    /// A searcher on `image`, named `name` in messages; the error names every missing symbol.
    pub fn new(image: &Image, name: &str) -> Result<Z80Searcher, AbiError> {
        Ok(Z80Searcher {
            driver: SearchDriver::new(image)?,
            name: name.to_string(),
        })
    }
}

/// Polls the control at every evaluation, and its stop and deadline between slices of the
/// run whatever the image does: a search that never reaches an evaluation is stopped too. A
/// list that reached the end of the image's area ends the search when the node's moves did
/// not all fit, as the native engine's count ends its own.
struct Poll<'a, 'b>(&'a Control<'b>);

impl SearchObserver for Poll<'_, '_> {
    fn should_stop(&mut self) -> bool {
        self.0.interrupted()
    }

    fn on_list_full(&mut self, full: &FullList) -> bool {
        Overflow::at(full).is_some()
    }

    fn should_stop_after(&mut self, nodes: u64) -> bool {
        self.0.expired(nodes)
    }
}

impl Searcher for Z80Searcher {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn search(&mut self, request: &Request, control: &Control) -> Result<Answer, Failure> {
        let board = &request.setup.board;
        if legal_moves(board, Rules::Sargon).is_empty() {
            return Err(no_legal_move(&request.setup));
        }
        let started = Instant::now();
        let driven = SearchRequest {
            board: *board,
            moveno: request.setup.moveno,
            plymax: request.plymax,
            r_register: request.r_register,
        };
        let options = SearchOptions {
            pv: true,
            lists: false,
        };
        let run = self
            .driver
            .search(&driven, options, &mut Poll(control))
            .map_err(failure)?;
        let best = run
            .best
            .map(|pair| Move::sargon(pair.entry, pair.second))
            .ok_or_else(|| Failure::Engine("the search left BESTM = 0".to_string()))?;
        let mut pv = sargon_line(board, run.pv.iter().map(|pair| (pair.entry, pair.second)));
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        Ok(Answer {
            best,
            score: run.score,
            pv,
            evaluations: run.evaluations,
            nodes: Some(run.nodes),
            hardware: Some(Hardware {
                tstates: run.cost.tstates,
                instructions: run.cost.instructions,
            }),
            posq_after: run.posq_after,
            pmate: run.pmate.unwrap_or(0),
            book: run.book,
            elapsed: started.elapsed(),
            list_peak: Some(run.list_peak),
        })
    }
}

/// A driven search that gave no answer, as a game sees it.
fn failure(error: SearchDriveError) -> Failure {
    match error {
        SearchDriveError::Aborted {
            evaluations,
            nodes,
            best,
            score,
        } => Failure::Aborted(Stopped {
            best: best.map(|pair| Move::sargon(pair.entry, pair.second)),
            score,
            evaluations,
            nodes,
        }),
        SearchDriveError::ListFull(ref full) => match Overflow::at(full) {
            Some(overflow) => Failure::Overflow(overflow),
            None => Failure::Engine(error.to_string()),
        },
        SearchDriveError::Machine(ref e) if e.is_runaway() => Failure::Runaway(error.to_string()),
        other => Failure::Engine(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::machine::default_image;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn the_built_in_image_plays_like_the_native_engine() {
        let stop = AtomicBool::new(false);
        let control = Control::new(&stop);
        let mut z80 = Z80Searcher::new(&default_image(), "built-in").unwrap();
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let request = Request {
            setup: *game.setup(),
            plymax: 3,
            r_register: 0,
        };
        let answer = z80.search(&request, &control).unwrap();
        assert_eq!(answer.best.uci(), "b1c3");
        assert_eq!((answer.score, answer.evaluations), (0x86, 921));
        let pv: Vec<String> = answer.pv.iter().map(Move::uci).collect();
        assert_eq!(pv, ["b1c3", "b8c6", "g1f3"]);
        assert!(answer.hardware.unwrap().tstates > 0);
        let book = Request {
            setup: *Game::new().setup(),
            plymax: 3,
            r_register: 1,
        };
        assert_eq!(z80.search(&book, &control).unwrap().best.uci(), "d2d4");
    }

    #[test]
    fn a_stopped_search_leaves_the_same_best_so_far_on_both_engines() {
        let stop = AtomicBool::new(false);
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let request = Request {
            setup: *game.setup(),
            plymax: 4,
            r_register: 0,
        };
        let mut z80 = Z80Searcher::new(&default_image(), "built-in").unwrap();
        let mut native = crate::game::NativeSearcher::new();
        for most in [100, 1_500, 3_000] {
            let control = Control {
                nodes: Some(most),
                ..Control::new(&stop)
            };
            let stopped = |result: Result<Answer, Failure>| match result {
                Err(Failure::Aborted(stopped)) => (stopped.best.map(|mv| mv.uci()), stopped.score),
                other => panic!("{other:?}"),
            };
            let a = stopped(z80.search(&request, &control));
            let b = stopped(native.search(&request, &control));
            assert_eq!(a, b, "{most} nodes");
            assert_eq!(a.0.is_some(), most > 100, "{most} nodes: {a:?}");
        }
    }
}
