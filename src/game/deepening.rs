//! Searching PLYMAX 1, 2, 3 ... within a budget: what a clock game needs from a fixed-depth
//! search.
//!
//! Every level is a complete 1978 search of its own (the program has no iterative deepening and
//! keeps nothing between calls); the answer is the deepest level that finished.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::clock::{Budget, Levels};
use super::searcher::{Answer, Control, Failure, Request, Searcher};
use crate::engine::Setup;
use crate::engine::score::{MATE, MATED};

/// How deep and how long to search.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The deepest PLYMAX.
    pub max_ply: u8,
    /// Search only this PLYMAX (UCI `go depth N` without a clock).
    pub exact: bool,
    /// The time of the move; None to search by depth only.
    pub budget: Option<Budget>,
    /// Stop deepening once a level has made this many nodes (evaluations for an engine that does
    /// not count nodes).
    pub nodes: Option<u64>,
}

/// A finished level.
#[derive(Debug, Clone)]
pub struct Level {
    /// Its PLYMAX.
    pub plymax: u8,
    /// Its answer.
    pub answer: Answer,
}

/// Searches level after level; calls `report` after each finished one and returns the deepest.
/// `Ok(None)` only when the first level was stopped before it finished. A level that fails
/// after one has finished (a move list that a deeper search overflows) ends the deepening:
/// `gave_up` is told the level and why, and the deepest finished level is the answer; so does
/// an exact level that fails, after the levels below it are searched.
pub fn deepen(
    searcher: &mut dyn Searcher,
    setup: &Setup,
    r_register: u8,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Level),
    gave_up: &mut dyn FnMut(u8, &Failure),
) -> Result<Option<Level>, Failure> {
    let started = Instant::now();
    let first = if limits.exact { limits.max_ply } else { 1 };
    let mut levels = Levels::default();
    let mut deepest: Option<Level> = None;
    for plymax in first..=limits.max_ply {
        if deepest.is_some() && !next_level_allowed(&levels, started, limits) {
            break;
        }
        let control = Control {
            stop,
            // The first level always finishes: a move is better than none.
            deadline: deepest
                .as_ref()
                .and(limits.budget.map(|budget| started + budget.hard)),
        };
        let request = Request {
            setup: *setup,
            plymax,
            r_register,
        };
        let answer = match searcher.search(&request, &control) {
            Ok(answer) => answer,
            Err(Failure::Aborted) => break,
            Err(failure) if deepest.is_some() => {
                gave_up(plymax, &failure);
                break;
            }
            Err(failure @ Failure::Engine(_)) if limits.exact && plymax > 1 => {
                // A depth that cannot be searched: the deepest one below it that can.
                gave_up(plymax, &failure);
                let below = Limits {
                    max_ply: plymax - 1,
                    exact: false,
                    ..*limits
                };
                return deepen(searcher, setup, r_register, &below, stop, report, gave_up);
            }
            Err(failure) => return Err(failure),
        };
        levels.push(answer.evaluations, answer.elapsed);
        let level = Level { plymax, answer };
        report(&level);
        let settled = level.answer.book || matches!(level.answer.score, MATE | MATED);
        let enough_nodes = limits.nodes.is_some_and(|most| work(&level.answer) >= most);
        deepest = Some(level);
        if settled || enough_nodes {
            break;
        }
    }
    Ok(deepest)
}

fn work(answer: &Answer) -> u64 {
    answer.nodes.unwrap_or(answer.evaluations)
}

fn next_level_allowed(levels: &Levels, started: Instant, limits: &Limits) -> bool {
    match limits.budget {
        Some(budget) => levels.next_fits(started.elapsed(), budget.soft),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, NativeSearcher};
    use std::time::Duration;

    #[test]
    fn depth_only_reports_every_level() {
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let limits = Limits {
            max_ply: 3,
            exact: false,
            budget: None,
            nodes: None,
        };
        let mut seen = Vec::new();
        let deepest = deepen(
            &mut NativeSearcher::new(),
            game.setup(),
            0,
            &limits,
            &AtomicBool::new(false),
            &mut |level| seen.push((level.plymax, level.answer.evaluations)),
            &mut |_, failure| panic!("{failure}"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(seen, vec![(1, 21), (2, 118), (3, 921)]);
        assert_eq!(deepest.answer.best.uci(), "b1c3");
    }

    #[test]
    fn an_exhausted_budget_still_answers_the_first_level() {
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let limits = Limits {
            max_ply: 9,
            exact: false,
            budget: Some(Budget {
                soft: Duration::ZERO,
                hard: Duration::ZERO,
            }),
            nodes: None,
        };
        let deepest = deepen(
            &mut NativeSearcher::new(),
            game.setup(),
            0,
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
            &mut |_, failure| panic!("{failure}"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (deepest.plymax, deepest.answer.best.uci()),
            (1, "b1c3".to_string())
        );
    }

    #[test]
    fn the_book_and_a_mate_end_the_deepening() {
        let limits = Limits {
            max_ply: 5,
            exact: false,
            budget: None,
            nodes: None,
        };
        let stop = AtomicBool::new(false);
        let mut native = NativeSearcher::new();
        let book = deepen(
            &mut native,
            Game::new().setup(),
            1,
            &limits,
            &stop,
            &mut |_| {},
            &mut |_, failure| panic!("{failure}"),
        );
        let book = book.unwrap().unwrap();
        assert_eq!(
            (book.plymax, book.answer.best.uci()),
            (1, "d2d4".to_string())
        );
        let mate = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let found = deepen(
            &mut native,
            mate.setup(),
            0,
            &limits,
            &stop,
            &mut |_| {},
            &mut |_, failure| panic!("{failure}"),
        );
        let found = found.unwrap().unwrap();
        assert_eq!(found.answer.score, MATE);
        assert_eq!(
            (found.plymax, found.answer.best.uci()),
            (1, "a1a8".to_string())
        );
    }

    /// The native engine up to PLYMAX 2; deeper, the move list overflows.
    struct Shallow(NativeSearcher);

    impl Searcher for Shallow {
        fn name(&self) -> String {
            "shallow".to_string()
        }

        fn search(&mut self, request: &Request, control: &Control) -> Result<Answer, Failure> {
            if request.plymax > 2 {
                return Err(Failure::Engine("move list overflow at ply 3".to_string()));
            }
            self.0.search(request, control)
        }
    }

    #[test]
    fn a_deeper_level_that_fails_leaves_the_deepest_finished_one() {
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        let limits = Limits {
            max_ply: 4,
            exact: false,
            budget: None,
            nodes: None,
        };
        let mut failed = Vec::new();
        let deepest = deepen(
            &mut Shallow(NativeSearcher::new()),
            game.setup(),
            0,
            &limits,
            &AtomicBool::new(false),
            &mut |_| {},
            &mut |plymax, failure| failed.push(format!("{plymax}: {failure}")),
        )
        .unwrap()
        .unwrap();
        assert_eq!((deepest.plymax, deepest.answer.evaluations), (2, 118));
        assert_eq!(failed, vec!["3: move list overflow at ply 3".to_string()]);
        // PLYMAX 4 exactly: it fails, and so does 3; 2 answers.
        let exact = Limits {
            exact: true,
            ..limits
        };
        let mut failed = Vec::new();
        let deepest = deepen(
            &mut Shallow(NativeSearcher::new()),
            game.setup(),
            0,
            &exact,
            &AtomicBool::new(false),
            &mut |_| {},
            &mut |plymax, _| failed.push(plymax),
        )
        .unwrap()
        .unwrap();
        assert_eq!((deepest.plymax, failed), (2, vec![4, 3]));
    }
}
