//! A position set up for FNDMOV exactly as `sargon1978/README.md` does it, and games continued
//! from it move by move (SARGON_SEARCH.md section 10).
//!
//! From a FEN: BOARDA, POSK and POSQ with the moved bits of [`Board::from_fen`]; KOLOR the side
//! to move; MOVENO the fullmove number clamped to 2..=255 (1 would run the book, see
//! [`crate::engine::book`]); the previous-move entry from the en passant square (from = the
//! pawn's start square, to = where it stands, flags 0x10), else all zero. So a search of a FEN's
//! setup answers exactly what the file's line for that FEN says.
//!
//! Continuing a game ([`Setup::play`]) does what the 1978 game does between two searches: MOVE
//! of the played entry (moved and castled bits, POSK, POSQ as MOVE leaves them, drift
//! included), that entry becomes the previous move (so en passant replies work), and the move
//! number goes up after a black move. MOVENO is that game's fullmove number clamped to 2..=255,
//! like a FEN's, so a game from the start position does not run into the book unless asked
//! ([`Setup::moveno`] can be set to anything, 1 included).

use thiserror::Error;

use crate::position::{BLACK, Board, FenError};
use crate::reference::{Move, Rules, SanError, find_san, make};

/// The start position's FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as FNDMOV's caller pokes it: the board (with COLOR = KOLOR and the previous-move
/// entry) and MOVENO.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// BOARDA, POSK, POSQ, KOLOR (as `color`) and the previous-move entry (as `prev`).
    pub board: Board,
    /// MOVENO as poked.
    pub moveno: u8,
    /// The game's fullmove number, unclamped.
    fullmove: u64,
}

/// A setup that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The FEN was rejected.
    #[error("bad FEN {}: {reason}", crate::files::excerpt(fen))]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why.
        reason: FenError,
    },
    /// A move of the game could not be played.
    #[error(
        "move {number} ({}): {}",
        crate::files::excerpt(text),
        move_reason(reason)
    )]
    Move {
        /// 1-based position of the move in the list given.
        number: usize,
        /// The move as given.
        text: String,
        /// Why.
        reason: SanError,
    },
}

/// Why a move could not be played, without quoting the move again: the error names it short.
fn move_reason(reason: &SanError) -> String {
    match reason {
        SanError::Syntax(_) => "neither SAN (Nf3, exd5, O-O, e8=Q) nor UCI (g1f3)".to_string(),
        other => other.to_string(),
    }
}

/// MOVENO for a fullmove number: clamped to 2..=255.
pub fn moveno_for(fullmove: u64) -> u8 {
    fullmove.clamp(2, 255) as u8
}

impl Setup {
    /// A setup from a board as it stands (for instance read back from emulated memory) and
    /// MOVENO as poked; the game's fullmove number is taken to be MOVENO.
    pub fn new(board: Board, moveno: u8) -> Setup {
        Setup {
            board,
            moveno,
            fullmove: u64::from(moveno),
        }
    }

    /// The setup of a FEN (see the module documentation).
    pub fn from_fen(fen: &str) -> Result<Setup, SetupError> {
        let board = Board::from_fen(fen).map_err(|reason| SetupError::Fen {
            fen: fen.to_string(),
            reason,
        })?;
        // from_fen has checked the field is all digits; only overflow can fail, and that is large.
        let fullmove = fen
            .split_ascii_whitespace()
            .nth(5)
            .map_or(1, |number| number.parse::<u64>().unwrap_or(u64::MAX));
        Ok(Setup {
            board,
            moveno: moveno_for(fullmove),
            fullmove,
        })
    }

    /// The start position: every moved bit clear, MOVENO 2.
    pub fn startpos() -> Setup {
        Setup::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// The game's fullmove number (MOVENO before clamping).
    pub fn fullmove(&self) -> u64 {
        self.fullmove
    }

    /// KOLOR: the side to move, 0x00 white or 0x80 black.
    pub fn kolor(&self) -> u8 {
        self.board.color
    }

    /// Plays a move of the game (a move generated for this board): MOVE, the entry becomes the
    /// previous move, the fullmove number goes up after black's move, MOVENO follows it.
    pub fn play(&mut self, mv: &Move) {
        let black_moved = self.board.color == BLACK;
        make(&mut self.board, mv);
        if black_moved {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.moveno = moveno_for(self.fullmove);
    }

    /// Plays moves given as text (UCI such as e2e4 or SAN such as Nf3), legal in Sargon rules
    /// (promotion to a queen only); returns the moves played.
    pub fn play_all<'a>(
        &mut self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Move>, SetupError> {
        let mut played = Vec::new();
        for (index, text) in moves.into_iter().enumerate() {
            let mv =
                find_san(&self.board, text, Rules::Sargon).map_err(|reason| SetupError::Move {
                    number: index + 1,
                    text: text.to_string(),
                    reason,
                })?;
            self.play(&mv);
            played.push(mv);
        }
        Ok(played)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Entry, FIRST_MOVE};

    #[test]
    fn moveno_is_the_fullmove_number_clamped() {
        assert_eq!(Setup::startpos().moveno, 2);
        let fen = "4k3/8/8/8/8/8/8/4K3 b - - 3 17";
        assert_eq!(Setup::from_fen(fen).unwrap().moveno, 17);
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 300";
        assert_eq!(Setup::from_fen(fen).unwrap().moveno, 255);
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999";
        assert_eq!(Setup::from_fen(fen).unwrap().moveno, 255);
        assert_eq!(
            Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap().moveno,
            2
        );
    }

    #[test]
    fn a_game_moves_the_number_and_the_previous_entry_along() {
        let mut setup = Setup::startpos();
        setup.play_all(["e2e4", "c5", "Nf3", "d6"]).unwrap();
        assert_eq!(setup.fullmove(), 3);
        assert_eq!(setup.moveno, 3);
        assert_eq!(setup.board.prev, Entry::new(84, 74, FIRST_MOVE));
        assert_eq!(setup.board.cells[46], 0x0A, "the knight on f3 has moved");
        let err = setup.play_all(["Ke3"]).unwrap_err();
        assert!(err.to_string().starts_with("move 1 (\"Ke3\"): "), "{err}");
    }
}
