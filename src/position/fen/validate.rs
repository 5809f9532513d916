//! The legality checks of [`Board::from_fen`], one function per rule, on the parsed fields
//! (and, for check, on the built board).

use super::error::FenError;
use super::parse::ParsedFen;
use crate::position::attack::in_check;
use crate::position::board::Board;
use crate::position::piece::{
    BISHOP, BLACK, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, color_name, piece_color,
    piece_type,
};
use crate::position::square::square_name;

/// Start-position counts of the pieces a pawn can promote to, with their plural names.
const PROMOTABLE: [(u8, usize, &str); 4] = [
    (QUEEN, 1, "queens"),
    (ROOK, 2, "rooks"),
    (BISHOP, 2, "bishops"),
    (KNIGHT, 2, "knights"),
];

fn count(parsed: &ParsedFen, piece: u8) -> usize {
    parsed.pieces.iter().filter(|&&byte| byte == piece).count()
}

/// Exactly one king per side.
pub(super) fn kings(parsed: &ParsedFen) -> Result<(), FenError> {
    for color in [WHITE, BLACK] {
        let kings = count(parsed, color | KING);
        if kings != 1 {
            return Err(FenError::KingCount {
                color: color_name(color),
                count: kings,
            });
        }
    }
    Ok(())
}

/// No pawn on rank 1 or 8; at most 8 pawns; extra pieces explained by missing pawns.
pub(super) fn pawns_and_promotions(parsed: &ParsedFen) -> Result<(), FenError> {
    for (index, &piece) in parsed.pieces.iter().enumerate() {
        let rank = index / 10;
        if piece_type(piece) == PAWN && (rank == 2 || rank == 9) {
            return Err(FenError::PawnOnBackRank {
                color: color_name(piece_color(piece)),
                square: square_name(index as u8),
            });
        }
    }
    for color in [WHITE, BLACK] {
        let pawns = count(parsed, color | PAWN);
        if pawns > 8 {
            return Err(FenError::TooManyPawns {
                color: color_name(color),
                count: pawns,
            });
        }
        let missing_pawns = 8 - pawns;
        let extra: usize = PROMOTABLE
            .iter()
            .map(|&(kind, start, _)| count(parsed, color | kind).saturating_sub(start))
            .sum();
        if extra > missing_pawns {
            // Name the first kind beyond its start count; with extra > 0 there is one.
            let &(kind, _, name) = PROMOTABLE
                .iter()
                .find(|&&(kind, start, _)| count(parsed, color | kind) > start)
                .unwrap_or(&PROMOTABLE[0]);
            let found = count(parsed, color | kind);
            return Err(FenError::TooManyPieces {
                color: color_name(color),
                kind: name,
                count: found,
                extra,
                missing_pawns,
            });
        }
    }
    Ok(())
}

/// Each castling right has its king and rook on their home squares.
pub(super) fn castling(parsed: &ParsedFen) -> Result<(), FenError> {
    for right in parsed.castling.iter() {
        let color = right.color();
        if parsed.pieces[usize::from(right.king_home())] != color | KING {
            return Err(FenError::CastlingKingNotHome {
                right: right.letter(),
                color: color_name(color),
                square: right.king_home_name(),
            });
        }
        if parsed.pieces[usize::from(right.rook_corner())] != color | ROOK {
            return Err(FenError::CastlingRookNotHome {
                right: right.letter(),
                color: color_name(color),
                square: right.rook_corner_name(),
            });
        }
    }
    Ok(())
}

/// The en passant square is explained by a double step of the side that just moved.
pub(super) fn en_passant(parsed: &ParsedFen) -> Result<(), FenError> {
    let Some(target) = parsed.en_passant else {
        return Ok(());
    };
    let (expected_rank, pawn_square, start_square, mover) = if parsed.color == WHITE {
        (6, target - 10, target + 10, BLACK)
    } else {
        (3, target + 10, target - 10, WHITE)
    };
    if target / 10 - 1 != expected_rank {
        return Err(FenError::EnPassantRank {
            square: square_name(target),
            expected_rank,
            color: color_name(parsed.color),
        });
    }
    let unexplained = |reason| FenError::EnPassantUnexplained {
        square: square_name(target),
        color: color_name(mover),
        reason,
    };
    if parsed.pieces[pawn_square as usize] != mover | PAWN {
        return Err(unexplained("no such pawn on the square in front of it"));
    }
    if parsed.pieces[target as usize] != EMPTY {
        return Err(unexplained("the square itself is occupied"));
    }
    if parsed.pieces[start_square as usize] != EMPTY {
        return Err(unexplained("the pawn's start square is occupied"));
    }
    Ok(())
}

/// The side that is not to move must not be in check.
pub(super) fn opponent_not_in_check(board: &Board) -> Result<(), FenError> {
    let opponent = board.color ^ BLACK;
    if in_check(board, opponent) {
        return Err(FenError::OpponentInCheck {
            color: color_name(opponent),
        });
    }
    Ok(())
}
