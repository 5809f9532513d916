//! Searching PLYMAX 1, 2, 3 ... within a budget: what a clock game needs from a fixed-depth
//! search.
//!
//! Every level is a complete 1978 search of its own (the program has no iterative deepening and
//! keeps nothing between calls); the answer is the deepest level that finished.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::clock::{Budget, Levels, MoveTimer};
use super::searcher::{Answer, Control, Failure, Request, Searcher, Stopped};
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
    /// The most nodes (moves made) of all levels together: a level is stopped once they are
    /// passed, and a level that passed them is not answered from (the first level excepted).
    pub nodes: Option<u64>,
}

impl Limits {
    /// PLYMAX 1 up to `max_ply`, by depth only.
    pub fn depth(max_ply: u8) -> Limits {
        Limits {
            max_ply,
            exact: false,
            budget: None,
            nodes: None,
        }
    }
}

/// What stops a deepening from outside: `stop`, and the move's clock that the budget counts on.
#[derive(Debug, Clone, Copy)]
pub struct Signals<'a> {
    /// Set by another thread (`stop`, `quit`).
    pub stop: &'a AtomicBool,
    /// The move's clock (it may start later, at `ponderhit`).
    pub timer: &'a MoveTimer,
}

/// A finished level.
#[derive(Debug, Clone)]
pub struct Level {
    /// Its PLYMAX.
    pub plymax: u8,
    /// Its answer.
    pub answer: Answer,
}

/// What a deepening found.
#[derive(Debug, Clone, Default)]
pub struct Deepest {
    /// The deepest level that finished within the limits.
    pub level: Option<Level>,
    /// The level that was stopped before it finished, and where it stood.
    pub cut: Option<(u8, Stopped)>,
}

/// What the caller is told while levels are searched.
#[derive(Debug)]
pub enum Event<'a> {
    /// A level finished.
    Level(&'a Level),
    /// A level failed after a shallower one finished (or an exact level failed): the deepest
    /// finished one answers.
    GaveUp(u8, &'a Failure),
}

/// Searches level after level while the limits allow and reports each finished one. A level
/// that fails after one has finished (a move list that a deeper search overflows) ends the
/// deepening; so does an exact level that fails, after the levels below it are searched. The
/// first level is stopped by `stop` and by the move's latest answer (`Budget::hard`), never by
/// the node limit: when it is cut, the caller answers as a `stop` does.
pub fn deepen(
    searcher: &mut dyn Searcher,
    setup: &Setup,
    r_register: u8,
    limits: &Limits,
    signals: Signals<'_>,
    events: &mut dyn FnMut(Event<'_>),
) -> Result<Deepest, Failure> {
    let first = if limits.exact { limits.max_ply } else { 1 };
    let mut levels = Levels::default();
    let mut deepest = Deepest::default();
    let mut spent_nodes = 0;
    for plymax in first..=limits.max_ply {
        let started = deepest.level.is_some();
        if started && !time_left(signals.timer, limits.budget) {
            break;
        }
        let control = if started {
            level_control(limits, signals, &levels, spent_nodes)
        } else {
            first_control(limits, signals)
        };
        let request = Request {
            setup: *setup,
            plymax,
            r_register,
        };
        let answer = match searcher.search(&request, &control) {
            Ok(answer) => answer,
            Err(Failure::Aborted(stopped)) => {
                deepest.cut = Some((plymax, stopped));
                break;
            }
            Err(failure) if started => {
                events(Event::GaveUp(plymax, &failure));
                break;
            }
            Err(failure @ (Failure::Engine(_) | Failure::Overflow(_)))
                if limits.exact && plymax > 1 =>
            {
                // A depth that cannot be searched: the deepest one below it that can.
                events(Event::GaveUp(plymax, &failure));
                let below = Limits {
                    max_ply: plymax - 1,
                    exact: false,
                    ..*limits
                };
                return deepen(searcher, setup, r_register, &below, signals, events);
            }
            Err(failure) => return Err(failure),
        };
        spent_nodes += work(&answer);
        let over = started && control.nodes.is_some_and(|most| work(&answer) > most);
        let settled = take_level((&mut deepest, &mut levels), plymax, answer, over, events);
        if settled || limits.nodes.is_some_and(|most| spent_nodes >= most) {
            break;
        }
    }
    Ok(deepest)
}

/// A level that answered: the deepest so far, or, when it went `over` the nodes it was
/// allowed, where the cut stood. True when the deepening ends with it (it went over, it came
/// from the book, or it found a mate).
fn take_level(
    (deepest, levels): (&mut Deepest, &mut Levels),
    plymax: u8,
    answer: Answer,
    over: bool,
    events: &mut dyn FnMut(Event<'_>),
) -> bool {
    if over {
        deepest.cut = Some((plymax, stopped_at(&answer)));
        return true;
    }
    levels.push(answer.evaluations, answer.elapsed);
    let level = Level { plymax, answer };
    events(Event::Level(&level));
    let settled = level.answer.book || matches!(level.answer.score, MATE | MATED);
    deepest.level = Some(level);
    settled
}

/// What the first level's deadline keeps back from the move's latest answer, at most: the
/// time an emulated search takes to notice it (a slice of the run) and the answer that
/// follows (PLYMAX 1 searched natively).
const FIRST_LEVEL_MARGIN: Duration = Duration::from_millis(2);

/// The control of the first level: `stop`, and the move's latest answer less a margin (an
/// image's first level can cost more than a tiny budget, and the answer must still come in it).
fn first_control<'a>(limits: &Limits, signals: Signals<'a>) -> Control<'a> {
    let deadline = |budget: Budget| budget.hard - FIRST_LEVEL_MARGIN.min(budget.hard / 4);
    Control {
        stop: signals.stop,
        deadline: (limits.budget).map(|budget| (signals.timer, deadline(budget))),
        nodes: None,
    }
}

/// The control of a level after the first: the move's deadline and what is left of the nodes.
fn level_control<'a>(
    limits: &Limits,
    signals: Signals<'a>,
    levels: &Levels,
    spent_nodes: u64,
) -> Control<'a> {
    Control {
        stop: signals.stop,
        deadline: (limits.budget)
            .map(|budget| (signals.timer, allowance(levels, signals.timer, budget))),
        nodes: limits.nodes.map(|most| most.saturating_sub(spent_nodes)),
    }
}

fn work(answer: &Answer) -> u64 {
    answer.nodes.unwrap_or(answer.evaluations)
}

/// A level that finished past the node limit, as if it had been stopped there.
fn stopped_at(answer: &Answer) -> Stopped {
    Stopped {
        best: None,
        score: 0,
        evaluations: answer.evaluations,
        nodes: work(answer),
    }
}

/// True while the move's time lasts (always while the clock waits: pondering is free time).
fn time_left(timer: &MoveTimer, budget: Option<Budget>) -> bool {
    match (budget, timer.elapsed()) {
        (Some(budget), Some(spent)) => spent < budget.target,
        _ => true,
    }
}

/// How long after the clock's start the next level may run: to the hard limit when it is
/// predicted to finish by then, else to the target (where it is cut, unfinished).
fn allowance(levels: &Levels, timer: &MoveTimer, budget: Budget) -> Duration {
    let spent = timer.elapsed().unwrap_or_default();
    if levels.next_fits(spent, budget.hard) {
        budget.hard
    } else {
        budget.target
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, NativeSearcher};

    /// Deepens with a running clock; every finished level as (PLYMAX, evaluations), the gave-ups
    /// as "PLYMAX: failure".
    fn run(
        searcher: &mut dyn Searcher,
        setup: &Setup,
        r: u8,
        limits: &Limits,
    ) -> (Deepest, Vec<(u8, u64)>, Vec<String>) {
        let (stop, timer) = (AtomicBool::new(false), MoveTimer::running());
        let (mut seen, mut failed) = (Vec::new(), Vec::new());
        let signals = Signals {
            stop: &stop,
            timer: &timer,
        };
        let deepest = deepen(
            searcher,
            setup,
            r,
            limits,
            signals,
            &mut |event| match event {
                Event::Level(level) => seen.push((level.plymax, level.answer.evaluations)),
                Event::GaveUp(plymax, failure) => failed.push(format!("{plymax}: {failure}")),
            },
        )
        .unwrap();
        (deepest, seen, failed)
    }

    fn depth(max_ply: u8) -> Limits {
        Limits::depth(max_ply)
    }

    fn start() -> Setup {
        *Game::from_fen(crate::engine::setup::START_FEN)
            .unwrap()
            .setup()
    }

    #[test]
    fn depth_only_reports_every_level() {
        let (deepest, seen, _) = run(&mut NativeSearcher::new(), &start(), 0, &depth(3));
        assert_eq!(seen, vec![(1, 21), (2, 118), (3, 921)]);
        assert_eq!(deepest.level.unwrap().answer.best.uci(), "b1c3");
    }

    #[test]
    fn an_exhausted_budget_cuts_the_first_level_too() {
        let limits = |hard| Limits {
            budget: Some(Budget {
                target: Duration::ZERO,
                hard,
            }),
            ..depth(9)
        };
        let (deepest, seen, _) = run(&mut NativeSearcher::new(), &start(), 0, &limits(ms(0)));
        assert!(seen.is_empty() && deepest.level.is_none());
        assert_eq!(deepest.cut.unwrap().0, 1);
        // With time for the first level, it answers alone: the target is spent.
        let (deepest, _, _) = run(&mut NativeSearcher::new(), &start(), 0, &limits(ms(500)));
        let level = deepest.level.unwrap();
        assert_eq!(
            (level.plymax, level.answer.best.uci()),
            (1, "b1c3".to_string())
        );
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_node_limit_answers_the_deepest_level_within_it() {
        // The start position's PLYMAX 1 and 2 make 20 and 137 nodes: 343 are left for PLYMAX 3
        // (986), which stops at the first poll past them.
        let nodes = |most| Limits {
            nodes: Some(most),
            ..depth(9)
        };
        let mut native = NativeSearcher::new();
        let (deepest, seen, _) = run(&mut native, &start(), 0, &nodes(500));
        assert_eq!(seen.iter().map(|&(p, _)| p).collect::<Vec<_>>(), [1, 2]);
        let (plymax, stopped) = deepest.cut.unwrap();
        assert_eq!(plymax, 3);
        assert_eq!(stopped.nodes, 344);
        let (deepest, seen, _) = run(&mut native, &start(), 0, &nodes(5));
        assert_eq!((deepest.level.unwrap().plymax, seen.len()), (1, 1));
    }

    #[test]
    fn the_book_and_a_mate_end_the_deepening() {
        let mut native = NativeSearcher::new();
        let (book, _, _) = run(&mut native, Game::new().setup(), 1, &depth(5));
        let book = book.level.unwrap();
        assert_eq!(
            (book.plymax, book.answer.best.uci()),
            (1, "d2d4".to_string())
        );
        let mate = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let (found, _, _) = run(&mut native, mate.setup(), 0, &depth(5));
        let found = found.level.unwrap();
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
        let mut shallow = Shallow(NativeSearcher::new());
        let (deepest, _, failed) = run(&mut shallow, &start(), 0, &depth(4));
        let level = deepest.level.unwrap();
        assert_eq!((level.plymax, level.answer.evaluations), (2, 118));
        assert_eq!(failed, vec!["3: move list overflow at ply 3".to_string()]);
        // PLYMAX 4 exactly: it fails, and so does 3; 2 answers.
        let exact = Limits {
            exact: true,
            ..depth(4)
        };
        let (deepest, _, failed) = run(&mut shallow, &start(), 0, &exact);
        let failed: Vec<&str> = failed.iter().map(|f| &f[..1]).collect();
        assert_eq!((deepest.level.unwrap().plymax, failed), (2, vec!["4", "3"]));
    }
}
