//! Moves given in UCI notation ("e2e4", "e1g1", "e7e8q"), for tests and the command line.

use super::legal::legal_moves;
use super::make::make;
use super::moves::Move;
use super::rules::Rules;
use crate::position::{Board, parse_square};
use thiserror::Error;

/// A UCI move that could not be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not of the form `<from><to>[qrbn]`.
    #[error("{0:?} is not a UCI move such as e2e4 or e7e8q")]
    Syntax(String),
    /// Well formed, but not a legal move in this position under these rules.
    #[error("{uci} is not a legal move ({rules} rules) in {fen}")]
    Illegal {
        /// The move as given.
        uci: String,
        /// The rules used.
        rules: Rules,
        /// The position.
        fen: String,
    },
}

/// The legal move written `uci` in this position.
pub fn find_move(board: &Board, uci: &str, rules: Rules) -> Result<Move, UciError> {
    let well_formed = uci.is_ascii()
        && (uci.len() == 4 || (uci.len() == 5 && "qrbn".contains(&uci[4..])))
        && parse_square(&uci[..2]).is_some()
        && parse_square(&uci[2..4]).is_some();
    if !well_formed {
        return Err(UciError::Syntax(uci.to_string()));
    }
    legal_moves(board, rules)
        .iter()
        .find(|mv| mv.uci() == uci)
        .copied()
        .ok_or_else(|| UciError::Illegal {
            uci: uci.to_string(),
            rules,
            fen: board.to_fen(),
        })
}

/// Finds the legal move written `uci` and makes it.
pub fn play_uci(board: &mut Board, uci: &str, rules: Rules) -> Result<Move, UciError> {
    let mv = find_move(board, uci, rules)?;
    make(board, &mv);
    Ok(mv)
}
