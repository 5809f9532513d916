//! One `go`: the levels under the GUI's limits, their `info` lines, the move chosen, the
//! historical clock, pondering, and `bestmove`. Runs on the session's worker thread.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::choice::{Choice, choose};
use super::clock::budget;
use super::go::GoParams;
use super::info::{hardware_line, level_line, real_time, score_byte_line};
use super::options::{MAX_PLY, Options};
use super::output::Output;
use crate::engine::Setup;
use crate::engine::score::material;
use crate::game::{Deepest, Event, Game, Level, Limits, Searcher, Signals, deepen};
use crate::reference::Move;

/// What the worker is asked.
pub struct Thought {
    /// The game as it stands.
    pub game: Game,
    /// How many moves the GUI's move list had (the index the engine's move will have).
    pub index: usize,
    /// The `go` arguments.
    pub params: GoParams,
    /// The options at the time of `go`.
    pub options: Options,
    /// R on entry to FNDMOV.
    pub r_register: u8,
}

impl Thought {
    /// The position as the searches are poked with it: MOVENO 1 is searched as 2 without the
    /// book.
    pub fn setup(&self) -> Setup {
        let mut setup = *self.game.setup();
        if !self.options.book && setup.moveno == 1 {
            setup.moveno = 2;
        }
        setup
    }
}

/// The engine's chosen move, remembered until the GUI plays it in its next `position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineMove {
    /// Its index in the game's move list.
    pub index: usize,
    /// The move.
    pub best: Move,
    /// POSQ as the search left it.
    pub posq_after: [u8; 2],
    /// True when the fixed-level search took the mate exit with `Mate exit` on (the game's
    /// level drops by 2).
    pub mate_exit: bool,
}

/// Searches, reports and answers `bestmove` (always exactly once).
pub fn think(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    out: &Output,
    signals: Signals<'_>,
) -> Option<EngineMove> {
    let started = Instant::now();
    let limits = limits(&thought.params, &thought.options, &thought.game);
    if !thought.params.searchmoves.is_empty() {
        out.info("searchmoves is not supported: Sargon searches every move");
    }
    let setup = thought.setup();
    let material = material(&setup.board, setup.board.color);
    let mhz = thought.options.mhz;
    let mut events = |event: Event<'_>| match event {
        Event::Level(level) => report_level(out, level, material, mhz),
        Event::GaveUp(plymax, failure) => out.info(&format!(
            "PLYMAX {plymax} not searched ({failure}): answering from PLYMAX {}",
            plymax - 1
        )),
    };
    let outcome = deepen(
        searcher,
        &setup,
        thought.r_register,
        &limits,
        signals,
        &mut events,
    );
    let deepest = outcome.unwrap_or_else(|failure| {
        out.info(&format!("no search result: {failure}"));
        Deepest::default()
    });
    let choice = choose(searcher, thought, &limits, deepest, signals, out);
    if let Some(level) = choice.as_ref().and_then(|choice| choice.level.as_ref()) {
        if thought.options.historical_clock {
            let hard = limits.budget.map(|budget| budget.hard);
            hold(level, mhz, started, hard, signals, out);
        }
    }
    wait_while_pondering(&thought.params, signals);
    answer(thought, choice, out)
}

/// The GUI's limits as levels: `depth N` alone is PLYMAX N (less what the game's mate exits
/// took off, with `Mate exit`); a clock, a move time, a node limit or a bare `go` searches level
/// after level up to the `Ply` option; `infinite` up to the tables' limit; `mate N` up to
/// PLYMAX 2N - 1.
pub fn limits(params: &GoParams, options: &Options, game: &Game) -> Limits {
    let budget = budget(params, game.white_to_move());
    let (max_ply, exact) = match (params.depth, params.mate) {
        (Some(depth), _) if budget.is_none() => {
            let ply = clamp_ply(depth);
            let level = if options.mate_exit {
                game.level(ply)
            } else {
                ply
            };
            (level, true)
        }
        (Some(depth), _) => (clamp_ply(depth), false),
        (None, Some(mate)) => (clamp_ply(mate.saturating_mul(2).saturating_sub(1)), false),
        (None, None) if params.infinite => (MAX_PLY, false),
        (None, None) => (options.ply, false),
    };
    Limits {
        max_ply,
        exact,
        budget,
        nodes: params.nodes,
    }
}

fn clamp_ply(ply: u32) -> u8 {
    ply.clamp(1, u32::from(MAX_PLY)) as u8
}

/// The lines of a finished level: `info depth`, the score byte, the hardware view.
pub fn report_level(out: &Output, level: &Level, material: i32, mhz: f64) {
    out.line(&level_line(level, material));
    out.info(&score_byte_line(level, material));
    if let Some(line) = hardware_line(level, mhz) {
        out.info(&line);
    }
}

/// The historical clock: waits until the real machine would have finished this level's
/// search, within the move's time when there is a clock, and no longer than a `stop`.
fn hold(
    level: &Level,
    mhz: f64,
    started: Instant,
    hard: Option<Duration>,
    signals: Signals<'_>,
    out: &Output,
) {
    let Some(hardware) = level.answer.hardware else {
        return out.info("the historical clock needs an emulated engine (T-states)");
    };
    let mut wait = real_time(hardware.tstates, mhz);
    if let Some(hard) = hard {
        wait = wait.min(hard);
    }
    while started.elapsed() < wait && !signals.stop.load(Ordering::Relaxed) {
        std::thread::sleep((wait - started.elapsed()).min(Duration::from_millis(5)));
    }
}

/// `go infinite` answers only after `stop`; `go ponder` after `stop` or `ponderhit` (which
/// starts the move's clock).
fn wait_while_pondering(params: &GoParams, signals: Signals<'_>) {
    if !params.infinite && !params.ponder {
        return;
    }
    loop {
        if signals.stop.load(Ordering::Relaxed) {
            return;
        }
        if params.ponder && !params.infinite && signals.timer.is_running() {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `bestmove X [ponder Y]`, or `bestmove 0000` when there is no move.
fn answer(thought: &Thought, choice: Option<Choice>, out: &Output) -> Option<EngineMove> {
    let Some(choice) = choice else {
        out.line("bestmove 0000");
        return None;
    };
    match choice.ponder {
        Some(ponder) => out.line(&format!(
            "bestmove {} ponder {}",
            choice.best.uci(),
            ponder.uci()
        )),
        None => out.line(&format!("bestmove {}", choice.best.uci())),
    }
    Some(EngineMove {
        index: thought.index,
        best: choice.best,
        posq_after: choice.posq_after,
        mate_exit: choice.mate_exit && thought.options.mate_exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MoveTimer, NativeSearcher};
    use crate::uci::output::Captured;
    use std::sync::atomic::AtomicBool;

    fn thought(fen: &str, go: &str) -> Thought {
        let words: Vec<&str> = go.split_whitespace().collect();
        Thought {
            game: Game::from_fen(fen).unwrap(),
            index: 0,
            params: super::super::go::parse_go(&words).unwrap(),
            options: Options::default(),
            r_register: 0,
        }
    }

    #[test]
    fn a_search_stopped_before_any_move_answers_plymax_1() {
        // The queen on d5 hangs to the knight; the first move in the list is a rook move.
        let fen = "r3k2r/pppp1ppp/8/3q4/8/4N3/PPPP1PPP/R3K2R w KQkq - 0 1";
        let (stop, timer, captured) = (
            AtomicBool::new(true),
            MoveTimer::running(),
            Captured::default(),
        );
        let signals = Signals {
            stop: &stop,
            timer: &timer,
        };
        let own = think(
            &mut NativeSearcher::new(),
            &thought(fen, "depth 5"),
            &captured.output(),
            signals,
        );
        assert_eq!(own.unwrap().best.uci(), "e3d5");
        let lines = captured.lines();
        assert!(
            lines.iter().any(|l| l.contains("answering PLYMAX 1")),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "bestmove e3d5");
    }

    #[test]
    fn limits_of_each_kind_of_go() {
        let game = Game::new();
        let options = Options::default();
        let of = |go: &str| {
            let words: Vec<&str> = go.split_whitespace().collect();
            let limits = limits(
                &super::super::go::parse_go(&words).unwrap(),
                &options,
                &game,
            );
            (
                limits.max_ply,
                limits.exact,
                limits.budget.is_some(),
                limits.nodes,
            )
        };
        assert_eq!(of("depth 4"), (4, true, false, None));
        assert_eq!(of("depth 4 movetime 100"), (4, false, true, None));
        assert_eq!(of("infinite"), (MAX_PLY, false, false, None));
        assert_eq!(of("movetime 100"), (MAX_PLY, false, true, None));
        assert_eq!(of("nodes 500"), (MAX_PLY, false, false, Some(500)));
        assert_eq!(of("mate 2"), (3, false, false, None));
        assert_eq!(
            of("ponder wtime 1000 btime 1000"),
            (MAX_PLY, false, true, None)
        );
        let mut lowered = Game::new();
        lowered.lower_level();
        let params = super::super::go::parse_go(&["depth", "4"]).unwrap();
        assert_eq!(
            limits(&params, &options, &lowered).max_ply,
            2,
            "after a mate exit"
        );
        let without = Options {
            mate_exit: false,
            ..Options::default()
        };
        assert_eq!(limits(&params, &without, &lowered).max_ply, 4);
    }
}
