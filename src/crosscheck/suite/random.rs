//! Seeded random positions: random legal play from the start and from the built-in positions,
//! plus generators that stress the edges of the ABI (promotions, en passant, castling, checks,
//! crowded boards). Position `index` of seed `seed` depends on nothing else, so every thread
//! count and every run order produces the same positions.

use crate::position::{
    BISHOP, BLACK, Board, CASTLED, COLOR_MASK, Entry, FIRST_MOVE, KING, KNIGHT, MOVED, PAWN, QUEEN,
    ROOK, WHITE, is_playing_square, piece_color, piece_type, square,
};
// The reference's check test: `position::in_check`'s answers (its tests compare the two on
// every square of whole trees) at a fraction of the work, on the path of every position made.
use crate::reference::{MAX_MOVES, Move, MoveList, in_check, make};

use super::legal::legal_moves_into;

use crate::random::SplitMix64;

/// The families of random positions; position `index` belongs to `KINDS[index % KINDS.len()]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RandomKind {
    /// Random legal play from the start position.
    Play,
    /// Random legal play from one of the built-in positions.
    SuitePlay,
    /// Pawns on the seventh rank with pieces to capture on the eighth.
    Promotion,
    /// A pawn that just made its double step beside an enemy pawn (sometimes a decoy).
    EnPassant,
    /// Kings and rooks on their home squares with random moved bits and blockers.
    Castling,
    /// Random play that prefers checking moves, often stopping in check.
    Checks,
    /// Thirty to sixty pieces scattered with random moved bits.
    Crowded,
}

/// Every kind, in the order indices cycle through them.
pub const KINDS: [RandomKind; 7] = [
    RandomKind::Play,
    RandomKind::SuitePlay,
    RandomKind::Promotion,
    RandomKind::EnPassant,
    RandomKind::Castling,
    RandomKind::Checks,
    RandomKind::Crowded,
];

impl RandomKind {
    /// The kind's name as printed in reports.
    pub fn name(self) -> &'static str {
        match self {
            RandomKind::Play => "play",
            RandomKind::SuitePlay => "suite-play",
            RandomKind::Promotion => "promotion",
            RandomKind::EnPassant => "en-passant",
            RandomKind::Castling => "castling",
            RandomKind::Checks => "checks",
            RandomKind::Crowded => "crowded",
        }
    }
}

/// A generated position with the kind that made it.
#[derive(Debug, Clone)]
pub struct RandomPosition {
    /// Which generator made it.
    pub kind: RandomKind,
    /// The position, with moved bits and the previous-move entry the generator chose.
    pub board: Board,
}

/// Buffers for making random positions without allocating: one per worker, reused.
#[derive(Debug, Clone)]
pub struct RandomScratch {
    legal: MoveList,
    /// The checking moves among `legal` (the `Checks` kind).
    checking: Vec<Move>,
}

impl Default for RandomScratch {
    /// Buffers with room for any list, so that no position grows them.
    fn default() -> RandomScratch {
        RandomScratch {
            legal: MoveList::new(),
            checking: Vec::with_capacity(MAX_MOVES),
        }
    }
}

/// Position `index` of the stream named by `seed`. `suite` holds the positions that
/// [`RandomKind::SuitePlay`] starts from (the built-in positions); it must not be empty.
pub fn random_position(seed: u64, index: u64, suite: &[Board]) -> RandomPosition {
    random_position_with(seed, index, suite, &mut RandomScratch::default())
}

/// [`random_position`] with the caller's buffers (a run makes millions of positions).
pub fn random_position_with(
    seed: u64,
    index: u64,
    suite: &[Board],
    scratch: &mut RandomScratch,
) -> RandomPosition {
    let kind = KINDS[(index % KINDS.len() as u64) as usize];
    let mut rng = SplitMix64::for_index(seed, index);
    // Edge generators place pieces freely and retry until the side not to move is not in
    // check; a handful of tries always suffices in practice, and the start position is the
    // deterministic fallback.
    let board = (0..64)
        .find_map(|_| {
            let board = match kind {
                RandomKind::Play => play(&mut rng, Board::startpos(), 100, false, scratch),
                RandomKind::SuitePlay => {
                    let start = suite[rng.below(suite.len())];
                    play(&mut rng, start, 40, false, scratch)
                }
                RandomKind::Promotion => promotion(&mut rng),
                RandomKind::EnPassant => en_passant(&mut rng),
                RandomKind::Castling => castling(&mut rng),
                RandomKind::Checks => play(&mut rng, Board::startpos(), 60, true, scratch),
                RandomKind::Crowded => crowded(&mut rng),
            };
            is_sound(&board).then_some(board)
        })
        .unwrap_or_else(Board::startpos);
    RandomPosition { kind, board }
}

/// A board GENMOV and perft can work on: one king per side where POSK says, and the side that
/// just moved is not left in check.
fn is_sound(board: &Board) -> bool {
    board.is_well_formed() && !in_check(board, board.color ^ COLOR_MASK)
}

/// Up to `max_plies` random legal moves (Sargon rules); with `checks`, a checking move is
/// preferred when there is one and the walk may stop right after it.
fn play(
    rng: &mut SplitMix64,
    mut board: Board,
    max_plies: usize,
    checks: bool,
    scratch: &mut RandomScratch,
) -> Board {
    let plies = rng.below(max_plies + 1);
    for _ in 0..plies {
        legal_moves_into(&board, &mut scratch.legal);
        let moves = scratch.legal.as_slice();
        if moves.is_empty() {
            break;
        }
        let choice = moves[rng.below(moves.len())];
        if checks && rng.chance(60) {
            // Each move is made and tested once; the pick is the same as counting the
            // checking moves and then taking the pick-th of them.
            scratch.checking.clear();
            scratch.checking.extend(moves.iter().copied().filter(|mv| {
                let mut next = board;
                make(&mut next, mv);
                in_check(&next, next.color)
            }));
            if !scratch.checking.is_empty() {
                let mv = scratch.checking[rng.below(scratch.checking.len())];
                make(&mut board, &mv);
                if rng.chance(50) {
                    break;
                }
                continue;
            }
        }
        make(&mut board, &choice);
    }
    board
}

/// An empty board with both kings on random squares and a random side to move.
fn with_kings(rng: &mut SplitMix64, white_king: Option<u8>, black_king: Option<u8>) -> Board {
    let mut board = Board::empty();
    let white = white_king.unwrap_or_else(|| free_square(rng, &board, 21, 98));
    put(&mut board, white, WHITE | KING | moved_bits(rng, KING));
    let black = black_king.unwrap_or_else(|| free_square(rng, &board, 21, 98));
    put(&mut board, black, BLACK | KING | moved_bits(rng, KING));
    board.posk = [white, black];
    board.color = if rng.chance(50) { WHITE } else { BLACK };
    board
}

/// A random empty playing square with index in `low..=high` (falls back to any empty square).
fn free_square(rng: &mut SplitMix64, board: &Board, low: u8, high: u8) -> u8 {
    for _ in 0..200 {
        let index = low + rng.below(usize::from(high - low) + 1) as u8;
        if is_playing_square(index) && board.cells[usize::from(index)] == 0 {
            return index;
        }
    }
    (21..=98)
        .find(|&i| is_playing_square(i) && board.cells[usize::from(i)] == 0)
        .unwrap_or(21)
}

/// Random moved (and, for kings, castled) bits. Kings always get the moved bit here: an
/// unmoved king off its home square is outside the ABI (castling assumes e1/e8), so only
/// [`castling`] clears it, for kings on their home squares.
fn moved_bits(rng: &mut SplitMix64, kind: u8) -> u8 {
    match rng.below(4) {
        0 if kind != KING => 0,
        1 if kind == KING => MOVED | CASTLED,
        _ => MOVED,
    }
}

fn put(board: &mut Board, index: u8, byte: u8) {
    board.cells[usize::from(index)] = byte;
    if piece_type(byte) == QUEEN {
        let side = usize::from(piece_color(byte) >> 7);
        let current = board.posq[side];
        if current == 0 || index < current {
            board.posq[side] = index;
        }
    }
}

/// A random non-king piece type, pawns most often.
fn random_kind(rng: &mut SplitMix64) -> u8 {
    [PAWN, PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN][rng.below(7)]
}

/// Places `count` random pieces of random colours on random free squares (pawns on ranks 2-7
/// only; a pawn on its start rank usually unmoved, elsewhere always moved).
fn scatter(rng: &mut SplitMix64, board: &mut Board, count: usize) {
    for _ in 0..count {
        let color = if rng.chance(50) { WHITE } else { BLACK };
        let kind = random_kind(rng);
        let (low, high) = if kind == PAWN { (31, 88) } else { (21, 98) };
        let index = free_square(rng, board, low, high);
        let start_rank = if color == WHITE { 31..=38 } else { 81..=88 };
        let bits = if kind == PAWN {
            if start_rank.contains(&index) && rng.chance(80) {
                0
            } else {
                MOVED
            }
        } else {
            moved_bits(rng, kind)
        };
        put(board, index, color | kind | bits);
    }
}

fn promotion(rng: &mut SplitMix64) -> Board {
    let mut board = with_kings(rng, None, None);
    for (color, seventh, eighth) in [(WHITE, 81u8, 91u8), (BLACK, 31, 21)] {
        for _ in 0..1 + rng.below(4) {
            let index = free_square(rng, &board, seventh, seventh + 7);
            put(&mut board, index, color | PAWN | MOVED);
        }
        for _ in 0..rng.below(4) {
            let index = free_square(rng, &board, eighth, eighth + 7);
            let enemy = color ^ COLOR_MASK;
            put(
                &mut board,
                index,
                enemy | [KNIGHT, BISHOP, ROOK, QUEEN][rng.below(4)] | MOVED,
            );
        }
    }
    let extra = rng.below(6);
    scatter(rng, &mut board, extra);
    board
}

fn en_passant(rng: &mut SplitMix64) -> Board {
    let mover = if rng.chance(50) { WHITE } else { BLACK };
    let file = rng.below(8) as u8;
    // Ranks (0-based) of the double step: start, passed square, landing square.
    let (start, passed, landing) = if mover == WHITE { (6, 5, 4) } else { (1, 2, 3) };
    let mut board = Board::empty();
    let landed = square(file, landing);
    put(&mut board, landed, (mover ^ COLOR_MASK) | PAWN | MOVED);
    for side in [-1i8, 1] {
        let neighbour = i16::from(file) + i16::from(side);
        if (0..8).contains(&neighbour) && rng.chance(70) {
            put(
                &mut board,
                square(neighbour as u8, landing),
                mover | PAWN | MOVED,
            );
        }
    }
    // Keep the start and passed squares empty while the kings and extras go elsewhere.
    let blocked = [square(file, start), square(file, passed)];
    for &index in &blocked {
        board.cells[usize::from(index)] = 0xFE;
    }
    // Sometimes line the mover's king up on the landing rank with an enemy rook or queen, the
    // classic case where taking en passant exposes the king.
    let white = free_square(rng, &board, 21, 98);
    put(&mut board, white, WHITE | KING | MOVED);
    let black = free_square(rng, &board, 21, 98);
    put(&mut board, black, BLACK | KING | MOVED);
    board.posk = [white, black];
    if rng.chance(30) {
        let rank_low = square(0, landing);
        let index = free_square(rng, &board, rank_low, rank_low + 7);
        let kind = if rng.chance(50) { ROOK } else { QUEEN };
        put(&mut board, index, (mover ^ COLOR_MASK) | kind | MOVED);
    }
    let extra = rng.below(8);
    scatter(rng, &mut board, extra);
    for &index in &blocked {
        board.cells[usize::from(index)] = 0;
    }
    board.color = mover;
    // Mostly a true double step; sometimes a decoy that must not allow en passant.
    let flags = if rng.chance(85) { FIRST_MOVE } else { 0 };
    board.prev = Entry::new(square(file, start), landed, flags);
    board
}

fn castling(rng: &mut SplitMix64) -> Board {
    let home = |rng: &mut SplitMix64, index: u8| rng.chance(85).then_some(index);
    let white_home = home(rng, 25);
    let black_home = home(rng, 95);
    let mut board = with_kings(rng, white_home, black_home);
    for (index, color) in [(25u8, WHITE), (95, BLACK)] {
        let byte = board.cells[usize::from(index)];
        if piece_type(byte) == KING && piece_color(byte) == color && rng.chance(70) {
            board.cells[usize::from(index)] &= !(MOVED | CASTLED);
        }
    }
    for (corner, color) in [(21u8, WHITE), (28, WHITE), (91, BLACK), (98, BLACK)] {
        if board.cells[usize::from(corner)] == 0 && rng.chance(80) {
            // Rarely an enemy rook: the ABI's castling test does not check the rook's colour.
            let owner = if rng.chance(5) {
                color ^ COLOR_MASK
            } else {
                color
            };
            let bits = if rng.chance(75) { 0 } else { MOVED };
            put(&mut board, corner, owner | ROOK | bits);
        }
    }
    let extra = rng.below(10);
    scatter(rng, &mut board, extra);
    board
}

fn crowded(rng: &mut SplitMix64) -> Board {
    let mut board = with_kings(rng, None, None);
    let count = 30 + rng.below(31);
    scatter(rng, &mut board, count);
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite() -> Vec<Board> {
        vec![Board::startpos()]
    }

    #[test]
    fn same_seed_and_index_give_the_same_position() {
        let suite = suite();
        for index in 0..40 {
            let a = random_position(42, index, &suite);
            let b = random_position(42, index, &suite);
            assert_eq!(a.board, b.board);
            assert_eq!(a.kind, KINDS[index as usize % KINDS.len()]);
        }
    }

    #[test]
    fn positions_are_sound_and_varied() {
        let suite = suite();
        let boards: Vec<Board> = (0..140)
            .map(|i| random_position(7, i, &suite).board)
            .collect();
        assert!(boards.iter().all(is_sound));
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert!(distinct.len() > 120, "only {} distinct", distinct.len());
    }

    /// FNV-1a over every byte of the first 3,500 positions of seed 1 (500 per kind), from
    /// the built-in starts: a seed must name the same positions in every version.
    #[test]
    fn the_stream_of_a_seed_does_not_change() {
        let starts: Vec<Board> = crate::crosscheck::suite::builtin_positions()
            .iter()
            .map(|p| p.board)
            .collect();
        let mut hash = 0xCBF2_9CE4_8422_2325u64;
        for index in 0..3_500 {
            let made = random_position(1, index, &starts);
            let b = made.board;
            let tail = b.prev.to_bytes(u16::from(b.color));
            let bytes = b.cells.iter().chain(&b.posk).chain(&b.posq).chain(&tail);
            for &byte in bytes {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3);
            }
        }
        assert_eq!(hash, 9_150_721_243_373_931_193);
    }

    #[test]
    fn en_passant_positions_offer_the_capture() {
        let suite = suite();
        let offered = (0..70)
            .map(|i| random_position(3, i * 7 + 3, &suite).board)
            .filter(|b| b.en_passant_square().is_some())
            .count();
        assert!(offered > 40, "only {offered} of 70 offer en passant");
    }
}
