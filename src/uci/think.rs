//! One `go`: the levels under the GUI's limits, their `info` lines, the historical clock, and
//! `bestmove`. Runs on the session's worker thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::clock::budget;
use super::go::GoParams;
use super::info::{hardware_line, level_line, real_time};
use super::options::{MAX_PLY, Options};
use super::output::Output;
use crate::game::{Failure, Game, Level, Limits, Searcher, deepen};
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

/// The engine's chosen move, remembered until the GUI plays it in its next `position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineMove {
    /// Its index in the game's move list.
    pub index: usize,
    /// The move.
    pub best: Move,
    /// POSQ as the search left it.
    pub posq_after: [u8; 2],
}

/// Searches, reports and answers `bestmove` (always exactly once).
pub fn think(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    out: &Output,
    stop: &AtomicBool,
) -> Option<EngineMove> {
    let started = Instant::now();
    let limits = limits(
        &thought.params,
        &thought.options,
        thought.game.white_to_move(),
    );
    if !thought.params.searchmoves.is_empty() {
        out.info("searchmoves is not supported: Sargon searches every move");
    }
    let mut setup = *thought.game.setup();
    if !thought.options.book && setup.moveno == 1 {
        setup.moveno = 2;
    }
    let mhz = thought.options.mhz;
    let mut report = |level: &Level| report_level(out, level, mhz);
    let mut gave_up = |plymax: u8, failure: &Failure| {
        out.info(&format!(
            "PLYMAX {plymax} not searched ({failure}): answering from PLYMAX {}",
            plymax - 1
        ));
    };
    let outcome = deepen(
        searcher,
        &setup,
        thought.r_register,
        &limits,
        stop,
        &mut report,
        &mut gave_up,
    );
    let deepest = settle(outcome, out);
    if let Some(level) = &deepest {
        if thought.options.historical_clock {
            hold(
                level,
                mhz,
                started,
                limits.budget.map(|b| b.hard),
                stop,
                out,
            );
        }
    }
    if thought.params.infinite || thought.params.ponder {
        wait_for_stop(stop);
    }
    answer(thought, deepest, out)
}

/// The GUI's limits as levels: `depth N` is PLYMAX N; a clock or move time searches level after
/// level up to the `Ply` option; `mate N` searches up to PLYMAX 2N - 1.
fn limits(params: &GoParams, options: &Options, white: bool) -> Limits {
    let budget = budget(params, white);
    let (max_ply, exact) = match (params.depth, params.mate) {
        (Some(depth), _) => (clamp_ply(depth), budget.is_none()),
        (None, Some(mate)) => (clamp_ply(mate.saturating_mul(2).saturating_sub(1)), false),
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

fn report_level(out: &Output, level: &Level, mhz: f64) {
    out.line(&level_line(level));
    if let Some(line) = hardware_line(level, mhz) {
        out.info(&line);
    }
}

/// The deepest level, or None with the reason said.
fn settle(outcome: Result<Option<Level>, Failure>, out: &Output) -> Option<Level> {
    match outcome {
        Ok(Some(level)) => Some(level),
        Ok(None) => {
            out.info("stopped before the first level finished");
            None
        }
        Err(failure) => {
            out.info(&format!("no search result: {failure}"));
            None
        }
    }
}

/// The historical clock: waits until the real machine would have finished this level's
/// search, within the move's time when there is a clock, and no longer than a `stop`.
fn hold(
    level: &Level,
    mhz: f64,
    started: Instant,
    hard: Option<Duration>,
    stop: &AtomicBool,
    out: &Output,
) {
    let Some(hardware) = level.answer.hardware else {
        return out.info("the historical clock needs an emulated engine (T-states)");
    };
    let mut wait = real_time(hardware.tstates, mhz);
    if let Some(hard) = hard {
        wait = wait.min(hard);
    }
    while started.elapsed() < wait && !stop.load(Ordering::Relaxed) {
        std::thread::sleep((wait - started.elapsed()).min(Duration::from_millis(5)));
    }
}

fn wait_for_stop(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `bestmove`: the deepest level's move; without one, the first legal move (said in an
/// `info string`), or `0000` when there is none.
fn answer(thought: &Thought, deepest: Option<Level>, out: &Output) -> Option<EngineMove> {
    if let Some(level) = deepest {
        out.line(&format!("bestmove {}", level.answer.best.uci()));
        return Some(EngineMove {
            index: thought.index,
            best: level.answer.best,
            posq_after: level.answer.posq_after,
        });
    }
    match thought.game.legal_moves().iter().next() {
        Some(mv) => {
            out.info(&format!("answering the first legal move {}", mv.uci()));
            out.line(&format!("bestmove {}", mv.uci()));
        }
        None => out.line("bestmove 0000"),
    }
    None
}
