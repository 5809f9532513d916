//! Why a FEN string was rejected: one variant per problem, naming the field and the culprit.

use thiserror::Error;

/// A rejected FEN string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The string does not have 4 to 6 space-separated fields.
    #[error(
        "FEN needs 4 to 6 space-separated fields (placement, side, castling, en passant[, clocks]), found {0}"
    )]
    FieldCount(usize),
    /// The piece placement does not have 8 ranks separated by '/'.
    #[error("piece placement: found {0} ranks separated by '/', expected 8")]
    RankCount(usize),
    /// A character in the piece placement is neither a piece letter nor a digit 1-8.
    #[error("piece placement: unexpected character {ch:?} in rank {rank}")]
    PlacementChar {
        /// Rank number 1..8.
        rank: u8,
        /// The offending character.
        ch: char,
    },
    /// Two digits in a row in one rank (a FEN writes each run of empty squares as one digit).
    #[error("piece placement: two digits in a row in rank {rank}")]
    PlacementDigits {
        /// Rank number 1..8.
        rank: u8,
    },
    /// A rank that does not describe exactly 8 squares.
    #[error("piece placement: rank {rank} describes {squares} squares, expected 8")]
    RankLength {
        /// Rank number 1..8.
        rank: u8,
        /// How many squares it described.
        squares: usize,
    },
    /// The side-to-move field is not "w" or "b".
    #[error("side to move: expected 'w' or 'b', found {0:?}")]
    SideToMove(String),
    /// A castling character other than K, Q, k, q (or '-' alone).
    #[error("castling: unexpected character {0:?} (expected '-' or letters of KQkq)")]
    CastlingChar(char),
    /// A castling letter repeated or out of the KQkq order.
    #[error("castling: {0:?} is repeated or out of KQkq order")]
    CastlingOrder(char),
    /// The en passant field is neither '-' nor a square name.
    #[error("en passant: expected '-' or a square such as e3, found {0:?}")]
    EnPassantSyntax(String),
    /// The halfmove clock is not a number.
    #[error("halfmove clock: expected a number, found {0:?}")]
    HalfmoveClock(String),
    /// The fullmove number is not a number.
    #[error("fullmove number: expected a number, found {0:?}")]
    FullmoveNumber(String),
    /// A side without exactly one king.
    #[error("{color} has {count} kings, expected exactly 1")]
    KingCount {
        /// "white" or "black".
        color: &'static str,
        /// Kings found.
        count: usize,
    },
    /// A pawn on the first or last rank.
    #[error("{color} pawn on {square}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// "white" or "black".
        color: &'static str,
        /// The square, e.g. "a8".
        square: String,
    },
    /// More than 8 pawns of one colour.
    #[error("{color} has {count} pawns, at most 8 are possible")]
    TooManyPawns {
        /// "white" or "black".
        color: &'static str,
        /// Pawns found.
        count: usize,
    },
    /// More pieces of some kind than the missing pawns can explain by promotion.
    #[error(
        "{color} has {count} {kind}, {extra} more than at the start, but only {missing_pawns} pawns are missing to have promoted"
    )]
    TooManyPieces {
        /// "white" or "black".
        color: &'static str,
        /// "queens", "rooks", "bishops" or "knights".
        kind: &'static str,
        /// Pieces of that kind found.
        count: usize,
        /// Extra pieces beyond the start position, summed over all kinds.
        extra: usize,
        /// 8 minus the pawns on the board.
        missing_pawns: usize,
    },
    /// The side that is not to move is in check (its king could be captured).
    #[error("{color} is not to move but its king is in check")]
    OpponentInCheck {
        /// "white" or "black".
        color: &'static str,
    },
    /// A castling right while that side's king is not on its home square.
    #[error("castling right {right:?}: the {color} king is not on {square}")]
    CastlingKingNotHome {
        /// The right: K, Q, k or q.
        right: char,
        /// "white" or "black".
        color: &'static str,
        /// The king's home square.
        square: &'static str,
    },
    /// A castling right while the rook is not on its corner.
    #[error("castling right {right:?}: no {color} rook on {square}")]
    CastlingRookNotHome {
        /// The right: K, Q, k or q.
        right: char,
        /// "white" or "black".
        color: &'static str,
        /// The rook's home square.
        square: &'static str,
    },
    /// An en passant square on the wrong rank for the side to move.
    #[error(
        "en passant: {square} is not on rank {expected_rank}, where the square behind a pawn that just double-stepped lies when {color} is to move"
    )]
    EnPassantRank {
        /// The square given.
        square: String,
        /// 6 when white is to move, 3 when black is.
        expected_rank: u8,
        /// The side to move.
        color: &'static str,
    },
    /// An en passant square that no double step of the opponent's pawn explains.
    #[error("en passant: no {color} pawn double step explains {square} ({reason})")]
    EnPassantUnexplained {
        /// The square given.
        square: String,
        /// The side that would have double-stepped.
        color: &'static str,
        /// What is missing.
        reason: &'static str,
    },
}
