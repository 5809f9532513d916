//! A game as the 1978 program's memory holds it between two searches.
//!
//! Sargon keeps no game record: what carries a game from move to move is the state its routines
//! leave in memory (`SARGON_SEARCH.md` section 10): the board bytes with their moved and castled
//! bits (castling rights and double steps follow from them), POSK and POSQ as MOVE left them
//! (POSQ drift included: a search can leave POSQ on another queen, and the next search starts
//! from that), MOVENO, and the previous move's entry (en passant). [`Game`] keeps exactly that,
//! so a game played move by move is the game the 1978 program would have played.
//!
//! A game from the start position begins with MOVENO 1: the first search of either side is the
//! opening book. A FEN carries no history: its moved bits are derived as
//! [`crate::position::Board::from_fen`] documents, MOVENO is its fullmove number clamped to
//! 2..=255 (so a set-up position is searched, never answered from the book) and the previous
//! entry comes from the en passant square. MOVENO then goes up after every black move and stops
//! at 255 (the 1978 byte would wrap to 0 and run the book again at 1).

use thiserror::Error;

use crate::engine::{Setup, SetupError};
use crate::position::{BLACK, Board, PAWN, is_piece, piece_type};
use crate::reference::{Move, MoveList, Rules, SanError, find_san, legal_moves, san};

/// Where a game started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The initial position, with its history: MOVENO 1, the book applies.
    Startpos,
    /// A set-up position (the FEN as given).
    Fen(String),
}

/// A move that could not be played, or a start that could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The FEN was refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The move is not legal here (or not a move at all).
    #[error("move {text:?} after {played} moves: {reason}")]
    Move {
        /// The move as given.
        text: String,
        /// How many moves had been played.
        played: usize,
        /// Why.
        reason: SanError,
    },
}

/// One played move and the state before it (for taking it back).
#[derive(Debug, Clone, Copy)]
struct Played {
    mv: Move,
    before: Setup,
    lowered_before: u8,
    halfmove_before: u32,
}

/// A game: its start, its moves, and the program's memory after them.
#[derive(Debug, Clone)]
pub struct Game {
    start: Start,
    initial: Setup,
    setup: Setup,
    played: Vec<Played>,
    /// Plies the mate exits of the engine's searches took off PLYMAX (`SARGON_SEARCH.md` 10:
    /// the 1978 game loop does not restore PLYMAX after a mate exit).
    lowered: u8,
    /// Plies since the last capture or pawn move (the fifty-move rule's count), from the FEN's
    /// halfmove field and the moves played. The 1978 program keeps no such count.
    halfmove: u32,
}

impl Game {
    /// A new game from the initial position: MOVENO 1.
    pub fn new() -> Game {
        let mut initial = Setup::startpos();
        initial.moveno = 1;
        Game::starting(Start::Startpos, initial)
    }

    /// A game from a FEN (see the module documentation for what a FEN cannot carry).
    pub fn from_fen(fen: &str) -> Result<Game, GameError> {
        let mut game = Game::starting(Start::Fen(fen.to_string()), Setup::from_fen(fen)?);
        // The FEN parser has checked the field is all digits; only a huge count fails to parse.
        game.halfmove = fen
            .split_ascii_whitespace()
            .nth(4)
            .map_or(0, |count| count.parse().unwrap_or(u32::MAX));
        Ok(game)
    }

    /// A game from either start.
    pub fn from_start(start: &Start) -> Result<Game, GameError> {
        match start {
            Start::Startpos => Ok(Game::new()),
            Start::Fen(fen) => Game::from_fen(fen),
        }
    }

    fn starting(start: Start, initial: Setup) -> Game {
        Game {
            start,
            initial,
            setup: initial,
            played: Vec::new(),
            lowered: 0,
            halfmove: 0,
        }
    }

    /// Plies since the last capture or pawn move: 100 or more and the fifty-move rule lets
    /// either side claim a draw.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The halfmove count after `mv` is played now: 0 after a pawn move or a capture, one more
    /// after any other move.
    pub fn halfmove_after(&self, mv: &Move) -> u32 {
        let cells = &self.setup.board.cells;
        let moved = cells[usize::from(mv.entry.from)];
        let target = cells[usize::from(mv.entry.to)];
        if piece_type(moved) == PAWN || is_piece(target) {
            0
        } else {
            self.halfmove.saturating_add(1)
        }
    }

    /// How many plies the mate exits so far took off the level.
    pub fn lowered(&self) -> u8 {
        self.lowered
    }

    /// The level a search at PLYMAX `plymax` has in this game after its mate exits (at least
    /// 1: the 1978 byte would go to 0, where no mate is seen, or wrap from 1 to 255).
    pub fn level(&self, plymax: u8) -> u8 {
        plymax.saturating_sub(self.lowered).max(1)
    }

    /// A mate exit: the 1978 game loop leaves PLYMAX two lower for the rest of the game.
    pub fn lower_level(&mut self) {
        self.lowered = self.lowered.saturating_add(2);
    }

    /// The positions of the game before the one now, oldest first.
    pub fn history(&self) -> impl Iterator<Item = &Board> + '_ {
        self.played.iter().map(|played| &played.before.board)
    }

    /// What a search is poked with now: board, KOLOR, MOVENO, previous-move entry.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Where the game started.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = &Move> + '_ {
        self.played.iter().map(|played| &played.mv)
    }

    /// Number of moves (plies) played.
    pub fn len(&self) -> usize {
        self.played.len()
    }

    /// True before the first move.
    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    /// True when white is to move.
    pub fn white_to_move(&self) -> bool {
        self.setup.board.color != BLACK
    }

    /// The legal moves now, in GENMOV order (standard rules: an opponent may under-promote).
    pub fn legal_moves(&self) -> MoveList {
        legal_moves(&self.setup.board, Rules::Standard)
    }

    /// Finds a move given as UCI (e2e4, e7e8n) or SAN (Nf3, exd6, O-O, e8=Q).
    pub fn find(&self, text: &str) -> Result<Move, GameError> {
        find_san(&self.setup.board, text, Rules::Standard).map_err(|reason| GameError::Move {
            text: text.to_string(),
            played: self.played.len(),
            reason,
        })
    }

    /// Plays a move given as text; returns it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.find(text)?;
        self.play(&mv);
        Ok(mv)
    }

    /// Plays a legal move as the 1978 program's routines would: MOVE of its entries, the entry
    /// becomes the previous move, MOVENO goes up after black's move.
    pub fn play(&mut self, mv: &Move) {
        let before = self.setup;
        let halfmove_before = self.halfmove;
        self.halfmove = self.halfmove_after(mv);
        let moveno = self.setup.moveno;
        let black_moved = self.setup.board.color == BLACK;
        self.setup.play(mv);
        self.setup.moveno = if black_moved {
            moveno.saturating_add(1)
        } else {
            moveno
        };
        self.played.push(Played {
            mv: *mv,
            before,
            lowered_before: self.lowered,
            halfmove_before,
        });
    }

    /// Plays the engine's own move after its search, with POSQ as the search left it (the
    /// drift the next search of the 1978 program would start from).
    pub fn play_searched(&mut self, mv: &Move, posq_after: [u8; 2]) {
        self.setup.board.posq = posq_after;
        self.play(mv);
    }

    /// Takes the last move back; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let played = self.played.pop()?;
        self.setup = played.before;
        self.lowered = played.lowered_before;
        self.halfmove = played.halfmove_before;
        Some(played.mv)
    }

    /// The moves in SAN, numbered as in a PGN movetext ("1. e4 e5 2. Nf3").
    pub fn movetext(&self) -> String {
        let mut text = String::new();
        let mut fullmove = self.initial.fullmove().max(1);
        let mut white = self.initial.board.color != BLACK;
        for (index, played) in self.played.iter().enumerate() {
            let notation = san(&played.before.board, &played.mv, Rules::Standard)
                .unwrap_or_else(|| played.mv.uci());
            if white {
                text.push_str(&format!("{fullmove}. "));
            } else if index == 0 {
                text.push_str(&format!("{fullmove}... "));
            }
            text.push_str(&notation);
            text.push(' ');
            if !white {
                fullmove += 1;
            }
            white = !white;
        }
        text.trim_end().to_string()
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Entry, FIRST_MOVE};

    #[test]
    fn a_game_from_the_start_runs_the_book_for_both_sides() {
        let mut game = Game::new();
        assert_eq!(game.setup().moveno, 1);
        game.play_text("e2e4").unwrap();
        assert_eq!(
            game.setup().moveno,
            1,
            "black's first search is the book too"
        );
        game.play_text("e5").unwrap();
        assert_eq!(game.setup().moveno, 2);
        assert_eq!(game.board().prev, Entry::new(85, 65, FIRST_MOVE));
        assert_eq!(game.movetext(), "1. e4 e5");
        assert_eq!(game.undo().unwrap().uci(), "e7e5");
        assert_eq!(game.setup().moveno, 1);
        assert_eq!(game.len(), 1);
    }

    #[test]
    fn a_fen_game_is_never_the_book() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
        let mut game = Game::from_fen(fen).unwrap();
        assert_eq!(game.setup().moveno, 2);
        game.play_text("Kd7").unwrap();
        assert_eq!(game.setup().moveno, 3);
        assert_eq!(game.movetext(), "1... Kd7");
    }

    #[test]
    fn under_promotion_and_errors() {
        let mut game = Game::from_fen("8/4P2k/8/8/8/8/8/4K3 w - - 0 60").unwrap();
        assert_eq!(game.play_text("e7e8n").unwrap().uci(), "e7e8n");
        let err = game.play_text("Ke2e4").unwrap_err();
        assert!(
            err.to_string().starts_with("move \"Ke2e4\" after 1 moves"),
            "{err}"
        );
    }

    #[test]
    fn the_halfmove_count_follows_the_fen_and_the_moves() {
        let mut game = Game::from_fen("8/8/8/4k3/8/8/P7/3QK3 w - - 99 80").unwrap();
        assert_eq!(game.halfmove(), 99);
        assert_eq!(game.halfmove_after(&game.find("d1e2").unwrap()), 100);
        game.play_text("a2a3").unwrap();
        assert_eq!(game.halfmove(), 0, "a pawn move");
        game.play_text("e5e4").unwrap();
        game.play_text("d1d2").unwrap();
        assert_eq!(game.halfmove(), 2);
        game.undo();
        game.undo();
        game.undo();
        assert_eq!(game.halfmove(), 99);
        let mut capture = Game::from_fen("4k3/8/8/8/8/8/3q4/3QK3 w - - 30 40").unwrap();
        capture.play_text("d1d2").unwrap();
        assert_eq!(capture.halfmove(), 0, "a capture");
        assert_eq!(Game::new().halfmove(), 0);
    }

    #[test]
    fn the_searched_move_carries_posq_drift() {
        let mut game = Game::new();
        let mv = game.find("e2e4").unwrap();
        game.play_searched(&mv, [24, 0]);
        assert_eq!(game.board().posq, [24, 0]);
    }
}
