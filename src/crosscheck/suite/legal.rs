//! The legal moves random play chooses from: exactly `reference::legal_moves` (Sargon rules),
//! with most moves' legality read from the position's pins instead of made, tested and
//! taken back. A seed must name the same positions in every version, so the list is the
//! reference's to the move and in its order.
//!
//! When the side to move is not in check, a move other than a king move, castling or en
//! passant can only expose its king by taking a piece off a line between the king and an enemy
//! slider: the piece is pinned, and it may move only along that line. Every other move (and
//! every move when in check) is tested as the reference tests it: MOVE, INCHK, UNMOVE.

use crate::position::{
    BISHOP, BORDER, Board, COLOR_MASK, EMPTY, KING, QUEEN, QUEEN_DIRECTIONS, ROOK, TYPE_MASK,
    color_index,
};
use crate::reference::{Move, MoveList, Rules, generate, is_legal};

/// The pinned pieces of the side to move: (square, direction from the king, pinner's square).
struct Pins {
    king: u8,
    pins: [(u8, i8, u8); 8],
    len: usize,
}

impl Pins {
    /// The pins against the king of the side to move.
    fn of(board: &Board) -> Pins {
        let mover = board.color;
        let king = board.posk[color_index(mover)];
        let mut pins = Pins {
            king,
            pins: [(0, 0, 0); 8],
            len: 0,
        };
        for direction in QUEEN_DIRECTIONS {
            let own = first_piece(board, king, direction);
            let piece = board.cells[usize::from(own)];
            if piece == BORDER || piece & COLOR_MASK != mover {
                continue;
            }
            let behind = first_piece(board, own, direction);
            if slides_along(
                board.cells[usize::from(behind)],
                direction,
                mover ^ COLOR_MASK,
            ) {
                pins.pins[pins.len] = (own, direction, behind);
                pins.len += 1;
            }
        }
        pins
    }

    /// True when a piece may go from `from` to `to` without exposing its king.
    fn allows(&self, from: u8, to: u8) -> bool {
        let Some(&(_, direction, pinner)) = self.pins[..self.len].iter().find(|p| p.0 == from)
        else {
            return true;
        };
        let mut square = self.king;
        loop {
            square = square.wrapping_add(direction as u8);
            if square == to {
                return true;
            }
            if square == pinner {
                return false;
            }
        }
    }
}

/// The first non-empty cell (a piece or the border) from `square` along `direction`.
fn first_piece(board: &Board, square: u8, direction: i8) -> u8 {
    let mut at = square.wrapping_add(direction as u8);
    while board.cells[usize::from(at)] == EMPTY {
        at = at.wrapping_add(direction as u8);
    }
    at
}

/// True when `piece` is a slider of colour `by` that moves along `direction`.
fn slides_along(piece: u8, direction: i8, by: u8) -> bool {
    let line = if matches!(direction, 1 | -1 | 10 | -10) {
        ROOK
    } else {
        BISHOP
    };
    let kind = piece & TYPE_MASK;
    piece != BORDER && piece & COLOR_MASK == by && (kind == line || kind == QUEEN)
}

/// The legal moves of `board` (Sargon rules) into `list`, as `reference::legal_moves` lists
/// them.
pub(super) fn legal_moves_into(board: &Board, list: &mut MoveList) {
    generate(board, Rules::Sargon, list);
    let mut scratch = *board;
    // CKFLG, which the generation has just worked out: the side to move is in check.
    if list.ckflg() {
        list.retain(|mv| is_legal(&mut scratch, mv));
        return;
    }
    let pins = Pins::of(board);
    list.retain(|mv: &Move| {
        let piece = board.cells[usize::from(mv.entry.from)];
        if mv.second.is_some() || piece & TYPE_MASK == KING {
            is_legal(&mut scratch, mv)
        } else {
            pins.allows(mv.entry.from, mv.entry.to)
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crosscheck::suite::{builtin_positions, random_position};
    use crate::reference::{legal_moves, make};

    /// Every position random play reaches from the built-in positions and from 2,000 random
    /// positions, and one ply below each: the same moves as the reference, in its order.
    #[test]
    fn the_same_list_as_the_reference() {
        let starts: Vec<Board> = builtin_positions().iter().map(|p| p.board).collect();
        let mut boards = starts.clone();
        boards.extend((0..2_000).map(|i| random_position(5, i, &starts).board));
        let mut list = MoveList::new();
        let mut checked = 0;
        for board in boards {
            for mv in
                std::iter::once(None).chain(legal_moves(&board, Rules::Sargon).iter().map(Some))
            {
                let mut node = board;
                if let Some(mv) = mv {
                    make(&mut node, mv);
                }
                legal_moves_into(&node, &mut list);
                let reference = legal_moves(&node, Rules::Sargon);
                assert_eq!(list.as_slice(), reference.as_slice(), "{}", node.to_fen());
                checked += 1;
            }
        }
        assert_eq!(checked, 36_852);
    }
}
