//! Moves that throw a won game away: a repetition of a position already on the board in this
//! game, a move that lets the fifty-move rule be claimed, or a stalemate. The 1978 program
//! knows none of them (it keeps no game record, no count of quiet moves, and scores a
//! stalemate as a level position); a game driver that wants to convert its advantage asks
//! here, and searches the other moves for the best that does none of them.

use super::searcher::{Control, Failure, Request, Searcher};
use super::state::Game;
use crate::engine::score::{Evaluation, evaluation, material};
use crate::position::{Board, COLOR_MASK, CastlingRights, PAWN, TYPE_MASK, is_piece, piece_type};
use crate::reference::{Move, Rules, in_check, legal_moves, make};

/// Why a move would throw the advantage away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spoiler {
    /// It leads to a position the game has already seen (a step towards a draw by repetition),
    /// or lets the opponent answer with a position seen twice (a threefold repetition it may
    /// claim).
    Repetition,
    /// It leaves the opponent without a legal move, not in check.
    Stalemate,
    /// Neither a capture nor a pawn move, it makes a hundred plies without one, or ninety-nine
    /// with a quiet reply left to the opponent: a draw may be claimed by the fifty-move rule.
    FiftyMoves,
}

/// Plies without a capture or a pawn move after which a draw may be claimed.
pub const FIFTY_MOVES: u32 = 100;

impl std::fmt::Display for Spoiler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Spoiler::Repetition => "repeats a position of the game",
            Spoiler::Stalemate => "stalemates",
            Spoiler::FiftyMoves => "lets the fifty-move rule be claimed",
        })
    }
}

/// What makes two positions the same for the repetition rule: the pieces (moved bits aside),
/// the side to move, the castling rights and the en passant square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    cells: [u8; 120],
    color: u8,
    castling: CastlingRights,
    en_passant: Option<u8>,
}

impl Key {
    fn of(board: &Board) -> Key {
        Key {
            cells: board.cells.map(|byte| byte & (COLOR_MASK | TYPE_MASK)),
            color: board.color,
            castling: CastlingRights::of_board(board),
            en_passant: board.en_passant_square(),
        }
    }
}

/// Whether playing `mv` now would repeat a position, let the fifty-move rule be claimed, or
/// stalemate; a draw the opponent may claim on its reply counts (FIDE's rules let the player
/// about to make the repetition or the hundredth quiet ply claim it). A checkmate is none of
/// them.
pub fn spoiler(game: &Game, mv: &Move) -> Option<Spoiler> {
    let mut after = *game.board();
    make(&mut after, mv);
    let replies = legal_moves(&after, Rules::Standard);
    if replies.is_empty() {
        return (!in_check(&after, after.color)).then_some(Spoiler::Stalemate);
    }
    let halfmove = game.halfmove_after(mv);
    let quiet_reply = || replies.iter().any(|reply| is_quiet(&after, reply));
    if halfmove >= FIFTY_MOVES || (halfmove + 1 == FIFTY_MOVES && quiet_reply()) {
        return Some(Spoiler::FiftyMoves);
    }
    let seen: Vec<Key> = std::iter::once(game.board())
        .chain(game.history())
        .map(Key::of)
        .collect();
    let key = Key::of(&after);
    let third = |reply: &Move| {
        let mut next = after;
        make(&mut next, reply);
        let key = Key::of(&next);
        seen.iter().filter(|&&seen| seen == key).count() >= 2
    };
    (seen.contains(&key) || replies.iter().any(third)).then_some(Spoiler::Repetition)
}

/// Neither a pawn move nor a capture: a ply the fifty-move rule counts.
fn is_quiet(board: &Board, mv: &Move) -> bool {
    let moved = board.cells[usize::from(mv.entry.from)];
    piece_type(moved) != PAWN && !is_piece(board.cells[usize::from(mv.entry.to)])
}

/// The move that replaces one throwing the advantage away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// The move.
    pub best: Move,
    /// Its value for the side to move: centipawns of [`evaluation`]; `i32::MAX` when it
    /// checkmates, `i32::MAX - 1` when the opponent is mated in every line searched.
    pub value: i32,
    /// The opponent's principal variation after it, its best reply first.
    pub reply: Vec<Move>,
    /// Nodes of every search made to find it (evaluations where an engine counts no nodes).
    pub nodes: u64,
}

/// The best move other than those that would repeat or stalemate: each is played and the
/// position after it searched at PLYMAX `plymax` for the opponent; the move whose answer leaves
/// the opponent worst (the evaluation of [`evaluation`], from the side to move now) wins, the
/// first in generation order among equals. None when there is no such move, or when `control`
/// stopped the first search; a later stop answers the best found so far.
pub fn alternative(
    searcher: &mut dyn Searcher,
    game: &Game,
    plymax: u8,
    r_register: u8,
    control: &Control,
) -> Option<Alternative> {
    let mut best: Option<Alternative> = None;
    let mut nodes = 0;
    for mv in legal_moves(game.board(), Rules::Sargon).iter() {
        if spoiler(game, mv).is_some() {
            continue;
        }
        let mut after = game.clone();
        after.play(mv);
        let request = Request {
            setup: *after.setup(),
            plymax,
            r_register,
        };
        let (value, reply) = match searcher.search(&request, control) {
            Ok(answer) => {
                nodes += answer.nodes.unwrap_or(answer.evaluations);
                let theirs = material(after.board(), after.board().color);
                (ours(evaluation(answer.score, theirs)), answer.pv)
            }
            Err(Failure::NoLegalMove { checkmated: true }) => (i32::MAX, Vec::new()),
            Err(Failure::Aborted(_)) => break,
            Err(_) => continue,
        };
        if best.as_ref().is_none_or(|most| value > most.value) {
            best = Some(Alternative {
                best: *mv,
                value,
                reply,
                nodes: 0,
            });
        }
    }
    best.map(|found| Alternative { nodes, ..found })
}

/// The opponent's evaluation turned into ours.
fn ours(theirs: Evaluation) -> i32 {
    match theirs {
        Evaluation::Centipawns(cp) => -cp,
        Evaluation::Mates => i32::MIN + 1,
        Evaluation::Mated => i32::MAX - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::NativeSearcher;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn repetitions_and_stalemates_are_seen() {
        let mut game = Game::from_fen("7k/8/8/8/8/8/8/KQ6 w - - 0 1").unwrap();
        for text in ["b1c1", "h8g8", "c1b1", "g8h8"] {
            game.play_text(text).unwrap();
        }
        let again = game.find("b1c1").unwrap();
        assert_eq!(spoiler(&game, &again), Some(Spoiler::Repetition));
        assert_eq!(spoiler(&game, &game.find("b1d1").unwrap()), None);
        let game = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
        assert_eq!(
            spoiler(&game, &game.find("f1f7").unwrap()),
            Some(Spoiler::Stalemate)
        );
        assert_eq!(spoiler(&game, &game.find("f1f8").unwrap()), None, "mate");
    }

    #[test]
    fn a_reply_that_makes_the_third_occurrence_spoils_the_move_before_it() {
        // The queen shuffles d1-c1 and the king h8-g8 until Qd1/Kh8 with white to move has
        // been seen twice; then Qc1-d1 with the king on g7 lets black claim it a third time.
        let mut game = Game::from_fen("7k/8/8/8/8/8/8/K2Q4 w - - 0 1").unwrap();
        for text in ["d1c1", "h8g8", "c1d1", "g8h8", "d1c1", "h8g7"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(
            spoiler(&game, &game.find("c1d1").unwrap()),
            Some(Spoiler::Repetition)
        );
        assert_eq!(spoiler(&game, &game.find("c1c2").unwrap()), None);
    }

    #[test]
    fn a_quiet_move_at_the_hundredth_ply_spoils_and_a_pawn_move_does_not() {
        let game = Game::from_fen("8/8/8/4k3/8/8/P7/3QK3 w - - 99 80").unwrap();
        assert_eq!(
            spoiler(&game, &game.find("d1e2").unwrap()),
            Some(Spoiler::FiftyMoves)
        );
        assert_eq!(spoiler(&game, &game.find("a2a3").unwrap()), None);
        // At 98, a quiet move leaves the opponent the hundredth ply to claim with.
        let near = Game::from_fen("8/8/8/4k3/8/8/P7/3QK3 w - - 98 80").unwrap();
        assert_eq!(
            spoiler(&near, &near.find("d1e2").unwrap()),
            Some(Spoiler::FiftyMoves)
        );
        let fresh = Game::from_fen("8/8/8/4k3/8/8/P7/3QK3 w - - 97 80").unwrap();
        assert_eq!(spoiler(&fresh, &fresh.find("d1e2").unwrap()), None);
        let mate = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 99 80").unwrap();
        assert_eq!(
            spoiler(&mate, &mate.find("f1f8").unwrap()),
            None,
            "mate ends it"
        );
    }

    #[test]
    fn the_alternative_keeps_the_queen_and_avoids_the_stalemate() {
        let game = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
        let stop = AtomicBool::new(false);
        let control = Control::new(&stop);
        let found = alternative(&mut NativeSearcher::new(), &game, 1, 0, &control).unwrap();
        assert_eq!(found.best.uci(), "f1f8", "the mate");
        assert_eq!(found.value, i32::MAX);
        assert_eq!(found.reply, []);
    }

    #[test]
    fn the_alternative_to_a_fifty_move_draw_comes_with_the_replys_line_and_its_nodes() {
        let game = Game::from_fen("8/8/8/4k3/8/8/P7/3QK3 w - - 99 80").unwrap();
        let stop = AtomicBool::new(false);
        let control = Control::new(&stop);
        let found = alternative(&mut NativeSearcher::new(), &game, 4, 0, &control).unwrap();
        assert_eq!(found.best.uci(), "a2a3", "the pawn resets the count");
        assert_eq!(found.value, 1075);
        let reply: Vec<String> = found.reply.iter().map(Move::uci).collect();
        assert_eq!(reply, ["e5f6", "d1d4", "f6e7", "e1d2"]);
        assert_eq!(found.nodes, 2491);
    }
}
