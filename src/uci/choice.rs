//! The move `go` answers: the deepest finished level's, a stopped search's best so far, the
//! shortest mate among the levels, or the best move that does not throw a won game away.

use std::sync::atomic::AtomicBool;

use super::report::Report;
use super::thought::Thought;
use crate::engine::score::{Evaluation, MATE, evaluation, material};
use crate::game::{
    Control, Deepest, Level, Limits, MoveTimer, NativeSearcher, Request, Searcher, Signals,
    alternative, deepen, spoiler,
};
use crate::reference::{Move, Rules, legal_moves, make};

/// How far ahead the engine must be, in centipawns of [`evaluation`], for `Avoid repetition`
/// to refuse a repetition, a fifty-move draw or a stalemate: a pawn in Sargon's piece values.
pub const ADVANTAGE: i32 = 100;

/// The move to answer.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub best: Move,
    /// The reply expected (`bestmove ... ponder ...`), from the principal variation.
    pub ponder: Option<Move>,
    /// POSQ as the search that chose the move left it.
    pub posq_after: [u8; 2],
    /// True when a fixed-level search took the mate exit.
    pub mate_exit: bool,
    /// The level that chose it, when a whole level did.
    pub level: Option<Level>,
}

/// Chooses from what the deepening found; None only when the side to move has no move.
pub fn choose(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    limits: &Limits,
    deepest: Deepest,
    signals: Signals<'_>,
    report: &mut Report,
) -> Option<Choice> {
    let mut choice = match deepest.level {
        Some(level) => from_level(thought, limits, level),
        None => from_stopped(thought, &deepest, report)?,
    };
    if thought.options.shortest_mate && choice.mate_exit {
        shorten(searcher, thought, &mut choice, signals, report);
    }
    if thought.options.avoid_repetition {
        avoid(searcher, thought, limits, &mut choice, signals, report);
    }
    Some(choice)
}

fn from_level(thought: &Thought, limits: &Limits, level: Level) -> Choice {
    let answer = &level.answer;
    Choice {
        best: answer.best,
        ponder: ponder_move(thought, &answer.pv),
        posq_after: answer.posq_after,
        mate_exit: limits.exact && !answer.book && answer.score == MATE,
        level: Some(level),
    }
}

/// The reply of the principal variation, when it is legal after the move.
fn ponder_move(thought: &Thought, pv: &[Move]) -> Option<Move> {
    let (best, reply) = (pv.first()?, pv.get(1)?);
    let mut board = *thought.game.board();
    make(&mut board, best);
    legal_moves(&board, Rules::Standard)
        .iter()
        .any(|mv| mv == reply)
        .then_some(*reply)
}

/// No level finished. After a `stop` (or a node limit) in a fixed level deeper than 1: the
/// best ply-1 move the stopped search had finished (ply 1 has no upper bound, so its score is
/// exact). Otherwise (a stop or the move's time in the first level, or before any ply-1 move
/// was finished): PLYMAX 1 searched by the native engine, the 1978 program's decision in
/// microseconds, so that the answer comes at once whatever the image would take (or never
/// give, when it runs away). After a failed search: no move, the failure said already (no
/// other depth does better than a broken image).
fn from_stopped(thought: &Thought, deepest: &Deepest, report: &mut Report) -> Option<Choice> {
    let (plymax, stopped) = deepest.cut?;
    report.add_nodes(stopped.nodes);
    if let Some(best) = stopped.best.filter(|_| plymax > 1) {
        report.note(format!(
            "stopped: the best of the moves PLYMAX {plymax} had searched ({} evaluations)",
            stopped.evaluations
        ));
        let posq_after = thought.game.board().posq;
        return Some(Choice {
            best,
            ponder: None,
            posq_after,
            mate_exit: false,
            level: None,
        });
    }
    let request = Request {
        setup: thought.setup(),
        plymax: 1,
        r_register: thought.r_register,
    };
    let unstoppable = AtomicBool::new(false);
    match NativeSearcher::new().search(&request, &Control::new(&unstoppable)) {
        Ok(answer) => {
            report.note(format!(
                "stopped in PLYMAX {plymax} before it finished: answering PLYMAX 1, searched natively (the 1978 program's decision, at once)"
            ));
            let level = Level { plymax: 1, answer };
            report.level(&level);
            Some(from_level(thought, &Limits::depth(1), level))
        }
        Err(failure) => {
            report.note(format!("no move: {failure}"));
            None
        }
    }
}

/// `Shortest mate`: the levels below the one that found a mate, shallowest first; the first
/// that mates answers (a stop keeps the deeper level's move). Its line is reported at the
/// depth of the level that found the mate: the depth a GUI sees never goes down.
fn shorten(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    choice: &mut Choice,
    signals: Signals<'_>,
    report: &mut Report,
) {
    let Some(found) = &choice.level else { return };
    if found.plymax < 2 {
        return;
    }
    let below = Limits::depth(found.plymax - 1);
    let timer = MoveTimer::running();
    let quiet = Signals {
        stop: signals.stop,
        timer: &timer,
    };
    let setup = thought.setup();
    let mut searched = 0;
    let deepest = deepen(
        searcher,
        &setup,
        thought.r_register,
        &below,
        quiet,
        &mut |event| {
            if let crate::game::Event::Level(level) = event {
                searched += level.answer.nodes.unwrap_or(level.answer.evaluations);
            }
        },
    );
    let Some(level) = deepest.ok().and_then(|deepest| deepest.level) else {
        return report.add_nodes(searched);
    };
    let depth = found.plymax;
    if level.answer.score != MATE || level.answer.best == choice.best {
        return report.add_nodes(searched);
    }
    report.add_nodes(searched - level.answer.nodes.unwrap_or(level.answer.evaluations));
    report.note(format!(
        "shortest mate: PLYMAX {} mates with {} (PLYMAX {depth} chose {})",
        level.plymax,
        level.answer.best.uci(),
        choice.best.uci()
    ));
    report.level_at(&level, depth);
    *choice = Choice {
        mate_exit: true,
        ..from_level(thought, &below, level)
    };
}

/// `Avoid repetition`: a move that repeats a position, lets the fifty-move rule be claimed or
/// stalemates, chosen while ahead (or mating), gives way to the best other move when that one
/// keeps the advantage.
fn avoid(
    searcher: &mut dyn Searcher,
    thought: &Thought,
    limits: &Limits,
    choice: &mut Choice,
    signals: Signals<'_>,
    report: &mut Report,
) {
    let Some(level) = &choice.level else { return };
    let game = &thought.game;
    let ours = material(game.board(), game.board().color);
    let ahead = match evaluation(level.answer.score, ours) {
        Evaluation::Centipawns(cp) => cp >= ADVANTAGE,
        Evaluation::Mates => true,
        Evaluation::Mated => false,
    };
    let Some(spoiler) = spoiler(game, &choice.best).filter(|_| ahead) else {
        return;
    };
    let plymax = level.plymax.saturating_sub(1).max(1);
    let control = Control {
        stop: signals.stop,
        deadline: limits.budget.map(|budget| (signals.timer, budget.hard)),
        nodes: None,
    };
    let found = alternative(searcher, game, plymax, thought.r_register, &control);
    match found.filter(|found| found.value >= ADVANTAGE) {
        Some(found) => {
            let value = match found.value {
                mate if mate >= i32::MAX - 1 => "a mate".to_string(),
                cp => format!("{cp:+} cp"),
            };
            report.note(format!(
                "avoid repetition: {} {spoiler}; playing {} ({value} at PLYMAX {plymax} after it)",
                choice.best.uci(),
                found.best.uci()
            ));
            let pv: Vec<Move> = std::iter::once(found.best).chain(found.reply).collect();
            report.replaced(&pv, found.value, found.nodes);
            *choice = Choice {
                best: found.best,
                ponder: ponder_move(thought, &pv),
                posq_after: game.board().posq,
                mate_exit: false,
                level: None,
            };
        }
        None => report.note(format!(
            "avoid repetition: {} {spoiler}, but no other move keeps the advantage",
            choice.best.uci()
        )),
    }
}
