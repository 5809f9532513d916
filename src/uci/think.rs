//! One `go`: the levels under the GUI's limits, their `info` lines, the move chosen, the
//! historical clock, pondering, and `bestmove`. Runs on the session's worker thread.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::choice::{Choice, choose};
use super::clock::budget;
use super::info::real_time;
use super::output::Output;
use super::report::Report;
use super::thought::{EngineMove, Thought};
use crate::game::{Deepest, Event, Level, Limits, Searcher, Signals, deepen};

/// Searches, reports and answers `bestmove` (always exactly once).
pub fn think(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    out: &Output,
    signals: Signals<'_>,
) -> Option<EngineMove> {
    let started = Instant::now();
    let limits = limits(thought);
    let mut report = Report::new(out, thought, signals, limits.budget);
    for note in limit_notes(thought) {
        report.note(note);
    }
    let setup = thought.setup();
    let outcome = deepen(
        searcher,
        &setup,
        thought.r_register,
        &limits,
        signals,
        &mut |event| match event {
            Event::Level(level) => report.level(level),
            Event::GaveUp(plymax, failure) => report.note(format!(
                "PLYMAX {plymax} not searched ({failure}): answering from PLYMAX {}",
                plymax - 1
            )),
        },
    );
    let deepest = outcome.unwrap_or_else(|failure| {
        report.note(format!("no search result: {failure}"));
        Deepest::default()
    });
    let choice = choose(searcher, thought, &limits, deepest, signals, &mut report);
    if let Some(level) = choice.as_ref().and_then(|choice| choice.level.as_ref()) {
        if thought.options.historical_clock {
            let hard = limits.budget.map(|budget| budget.hard);
            hold(
                level,
                thought.options.mhz,
                started,
                hard,
                signals,
                &mut report,
            );
        }
    }
    report.finish();
    wait_while_pondering(thought, signals);
    answer(thought, choice, out)
}

/// The GUI's limits as levels: `depth N` alone is PLYMAX N (less what the game's mate exits
/// took off, with `Mate exit`); a clock, a move time, a node limit or a bare `go` searches level
/// after level up to the `Ply` option; `infinite` up to the deepest level the engine's tables
/// hold; `mate N` up to PLYMAX 2N - 1. Every depth is within the engine's tables.
pub fn limits(thought: &Thought) -> Limits {
    let (params, options, game) = (&thought.params, &thought.options, &thought.game);
    let budget = budget(params, game.white_to_move(), thought.reserve);
    let clamp = |ply: u32| ply.clamp(1, u32::from(thought.deepest)) as u8;
    let (max_ply, exact) = match (params.depth, params.mate) {
        (Some(depth), _) if budget.is_none() => {
            let ply = clamp(depth);
            let level = if options.mate_exit {
                game.level(ply)
            } else {
                ply
            };
            (level, true)
        }
        (Some(depth), _) => (clamp(depth), false),
        (None, Some(mate)) => (clamp(mate.saturating_mul(2).saturating_sub(1)), false),
        (None, None) if params.infinite => (thought.deepest, false),
        (None, None) => (options.ply.min(thought.deepest), false),
    };
    Limits {
        max_ply,
        exact,
        budget,
        nodes: params.nodes,
    }
}

/// What the search says about its limits: numbers read other than written, a depth past the
/// engine's tables, a clock for the other side only, moves it cannot restrict the search to.
fn limit_notes(thought: &Thought) -> Vec<String> {
    let params = &thought.params;
    let mut notes: Vec<String> = params.notes.iter().map(|n| format!("go: {n}")).collect();
    let deepest = thought.deepest;
    let asked = params
        .depth
        .or(params.mate.map(|m| m.saturating_mul(2) - 1));
    if let Some(asked) = asked.filter(|&asked| asked > u32::from(deepest)) {
        notes.push(format!(
            "PLYMAX {asked} is past the deepest level this engine's tables hold: searching to {deepest}"
        ));
    }
    let white = thought.game.white_to_move();
    let timed = params.movetime.is_some() || params.infinite;
    if params.has_clock() && !timed && params.own_clock(white).is_none() {
        let (mine, theirs) = if white {
            ("white", "btime")
        } else {
            ("black", "wtime")
        };
        notes.push(format!(
            "go gives {theirs} only, and {mine} is to move: no clock for the side to move, so no time limit"
        ));
    }
    if !params.searchmoves.is_empty() {
        notes.push("searchmoves is not supported: Sargon searches every move".to_string());
    }
    notes
}

/// The historical clock: waits until the real machine would have finished this level's
/// search, within the move's time when there is a clock, and no longer than a `stop`.
fn hold(
    level: &Level,
    mhz: f64,
    started: Instant,
    hard: Option<Duration>,
    signals: Signals<'_>,
    report: &mut Report,
) {
    let Some(hardware) = level.answer.hardware else {
        return report.note("the historical clock needs an emulated engine (T-states)".into());
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
fn wait_while_pondering(thought: &Thought, signals: Signals<'_>) {
    let params = &thought.params;
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
    use crate::game::{Game, MoveTimer, NativeSearcher};
    use crate::uci::options::Options;
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
            deepest: crate::engine::DEEPEST_PLYMAX,
            reserve: Duration::ZERO,
            notes: Vec::new(),
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
        let of = |go: &str| {
            let limits = limits(&thought(crate::engine::setup::START_FEN, go));
            (
                limits.max_ply,
                limits.exact,
                limits.budget.is_some(),
                limits.nodes,
            )
        };
        assert_eq!(of("depth 4"), (4, true, false, None));
        assert_eq!(of("depth 4 movetime 100"), (4, false, true, None));
        assert_eq!(of("depth 40"), (20, true, false, None));
        assert_eq!(of("infinite"), (20, false, false, None));
        assert_eq!(of("movetime 100"), (9, false, true, None));
        assert_eq!(of("nodes 500"), (9, false, false, Some(500)));
        assert_eq!(of("mate 2"), (3, false, false, None));
        assert_eq!(of("ponder wtime 1000 btime 1000"), (9, false, true, None));
        assert_eq!(of("btime 1000"), (9, false, false, None));
        let mut lowered = thought(crate::engine::setup::START_FEN, "depth 4");
        lowered.game.lower_level();
        assert_eq!(limits(&lowered).max_ply, 2, "after a mate exit");
        lowered.options.mate_exit = false;
        assert_eq!(limits(&lowered).max_ply, 4);
    }

    #[test]
    fn the_notes_name_clamps_depths_and_the_other_sides_clock() {
        let notes = limit_notes(&thought(
            crate::engine::setup::START_FEN,
            "btime 1000 depth -3 searchmoves e2e4",
        ));
        assert_eq!(
            notes,
            [
                "go: depth \"-3\" read as 1",
                "go gives btime only, and white is to move: no clock for the side to move, so no time limit",
                "searchmoves is not supported: Sargon searches every move",
            ]
        );
        let deep = limit_notes(&thought(crate::engine::setup::START_FEN, "mate 15"));
        assert_eq!(
            deep,
            ["PLYMAX 29 is past the deepest level this engine's tables hold: searching to 20"]
        );
    }
}
