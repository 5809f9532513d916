//! How a game ends on the board: checkmate, stalemate, or too little material to mate.
//!
//! The 1978 program knows none of this (it would search a stalemated position and play the
//! illegal BESTM of `SARGON_SEARCH.md` 7.2); a game driver asks here before every search.

use super::state::Game;
use crate::position::{BISHOP, KING, KNIGHT, WHITE, is_piece, piece_type};
use crate::reference::in_check;

/// Why a game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// True when white gave the mate.
        white_wins: bool,
    },
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can mate: kings alone, or a king and one knight or bishop against a king.
    InsufficientMaterial,
}

impl Ending {
    /// The PGN result: "1-0", "0-1" or "1/2-1/2".
    pub fn result(&self) -> &'static str {
        match self {
            Ending::Checkmate { white_wins: true } => "1-0",
            Ending::Checkmate { white_wins: false } => "0-1",
            Ending::Stalemate | Ending::InsufficientMaterial => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Checkmate { white_wins: true } => f.write_str("checkmate, white wins"),
            Ending::Checkmate { white_wins: false } => f.write_str("checkmate, black wins"),
            Ending::Stalemate => f.write_str("stalemate, a draw"),
            Ending::InsufficientMaterial => f.write_str("a draw, neither side can mate"),
        }
    }
}

/// The ending of the game as it stands; None while it goes on.
pub fn ending(game: &Game) -> Option<Ending> {
    let board = game.board();
    if game.legal_moves().is_empty() {
        return Some(if in_check(board, board.color) {
            Ending::Checkmate {
                white_wins: board.color != WHITE,
            }
        } else {
            Ending::Stalemate
        });
    }
    let mut others = board
        .cells
        .iter()
        .filter(|&&byte| is_piece(byte) && piece_type(byte) != KING);
    match (others.next(), others.next()) {
        (None, _) => Some(Ending::InsufficientMaterial),
        (Some(&minor), None) if matches!(piece_type(minor), KNIGHT | BISHOP) => {
            Some(Ending::InsufficientMaterial)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(fen: &str) -> Option<Ending> {
        ending(&Game::from_fen(fen).unwrap())
    }

    #[test]
    fn endings_of_positions() {
        assert_eq!(ending(&Game::new()), None);
        assert_eq!(
            of("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
            Some(Ending::Checkmate { white_wins: true })
        );
        assert_eq!(
            of("8/8/8/8/8/5k2/6q1/7K w - - 0 1"),
            Some(Ending::Checkmate { white_wins: false })
        );
        assert_eq!(
            of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
            Some(Ending::Stalemate)
        );
        assert_eq!(
            of("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1"),
            Some(Ending::InsufficientMaterial)
        );
        assert_eq!(
            of("8/8/4k3/8/8/8/8/4K3 b - - 0 1"),
            Some(Ending::InsufficientMaterial)
        );
        assert_eq!(of("8/8/4k3/8/8/2N5/4P3/4K3 w - - 0 1"), None);
        assert_eq!(of("8/8/4k3/8/8/2R5/8/4K3 w - - 0 1"), None);
    }

    #[test]
    fn results_and_words() {
        let mate = Ending::Checkmate { white_wins: false };
        assert_eq!(
            (mate.result(), mate.to_string()),
            ("0-1", "checkmate, black wins".into())
        );
        assert_eq!(Ending::Stalemate.result(), "1/2-1/2");
    }
}
