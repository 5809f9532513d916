//! The direction tables of ABI section 4, in the order GENMOV walks them.

/// Knight jumps.
pub const KNIGHT_DIRECTIONS: [i8; 8] = [-21, -12, 8, 19, 21, 12, -8, -19];
/// Bishop rays.
pub const BISHOP_DIRECTIONS: [i8; 4] = [9, 11, -11, -9];
/// Rook rays.
pub const ROOK_DIRECTIONS: [i8; 4] = [10, -10, 1, -1];
/// Queen rays: the bishop's, then the rook's.
pub const QUEEN_DIRECTIONS: [i8; 8] = [9, 11, -11, -9, 10, -10, 1, -1];
/// King steps: the same eight directions as the queen, one step each.
pub const KING_DIRECTIONS: [i8; 8] = QUEEN_DIRECTIONS;

/// The index one step from `from` in direction `step`; callers stay inside the 120 cells because
/// every playing square is at least two border rows and one border column away from the edge.
pub(crate) const fn offset(from: u8, step: i8) -> u8 {
    from.wrapping_add(step as u8)
}
