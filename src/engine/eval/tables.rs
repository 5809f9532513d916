//! The evaluation's tables (SARGON_EVAL.md section 2).

/// DIRECT: the 8 king lines (4 diagonals, 4 orthogonals), then the 8 knight jumps. ATTACK scans
/// all 16 in this order, PINFND the first 8.
pub const DIRECT: [i8; 16] = [
    9, 11, -11, -9, 10, -10, 1, -1, -21, -12, 8, 19, 21, 12, -8, -19,
];

/// Index of the first orthogonal line in [`DIRECT`] (0..4 are diagonals).
pub const FIRST_ORTHOGONAL: usize = 4;

/// Index of the first knight jump in [`DIRECT`].
pub const FIRST_KNIGHT: usize = 8;

/// PVALUE by piece type: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 10. Index 0 and 7
/// never occur on a piece the evaluation counts.
pub const PVALUE: [u8; 8] = [0, 1, 3, 3, 5, 9, 10, 0];

/// The attack-row slot of the queen, used for everything behind a queen and for quirk Q4.
pub const QUEEN_SLOT: usize = 5;
