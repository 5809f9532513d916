//! GENMOV: the pseudo-legal moves of the side to move, entry for entry (ABI sections 4 and 5).

use super::attack::{in_check, is_attacked};
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use crate::position::{
    BISHOP, BISHOP_DIRECTIONS, BLACK, BORDER, Board, COLOR_MASK, DOUBLE, EMPTY, Entry, FIRST_MOVE,
    KING, KING_DIRECTIONS, KNIGHT, KNIGHT_DIRECTIONS, MOVED, PAWN, PROMOTION, QUEEN,
    QUEEN_DIRECTIONS, ROOK, ROOK_DIRECTIONS, TYPE_MASK, WHITE, offset,
};

/// The pieces a standard-rules promotion yields, in generation order.
const STANDARD_PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// White kingside then queenside castling; black adds 70 to every square.
const CASTLINGS: [Castling; 2] = [
    Castling {
        rook: 28,
        king_to: 27,
        rook_to: 26,
        safe: [26, 27],
        empty: &[26, 27],
    },
    Castling {
        rook: 21,
        king_to: 23,
        rook_to: 24,
        safe: [24, 23],
        empty: &[24, 23, 22],
    },
];

/// The squares of one castling.
struct Castling {
    /// The corner the rook starts on.
    rook: u8,
    /// Where the king lands.
    king_to: u8,
    /// Where the rook lands.
    rook_to: u8,
    /// Squares the king crosses or lands on: they must not be attacked.
    safe: [u8; 2],
    /// Squares between king and rook: they must be empty (b1 needs only this).
    empty: &'static [u8],
}

/// GENMOV in sargon rules: exactly the ABI's entries, in its order.
pub fn genmov(board: &Board, list: &mut MoveList) {
    generate(board, Rules::Sargon, list);
}

/// GENMOV under either rule set: the same order, standard rules expanding each promotion into
/// queen, rook, bishop and knight. CKFLG is computed first and stored in the list.
pub fn generate(board: &Board, rules: Rules, list: &mut MoveList) {
    list.clear();
    let color = board.color & COLOR_MASK;
    let check = in_check(board, color);
    list.set_ckflg(check);
    let generator = Generator {
        board,
        rules,
        color,
        check,
    };
    // The pieces in increasing square order, as GENMOV's scan from a1 meets them.
    let [low, high] = own_pieces(&board.cells, color);
    for (base, mut bits) in [(SCAN_START, low), (SCAN_START + 64, high)] {
        while bits != 0 {
            let from = base + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            generator.piece(list, from);
        }
    }
}

/// The first cell of the scan: every playing square lies in `SCAN_START..SCAN_START + 96`.
const SCAN_START: u8 = 16;

/// The cells holding a piece of `color` as two bit sets, bit `i` for cell `SCAN_START + i`
/// (64 cells, then 32), worked out eight cells at a time without a branch (SWAR); walking the
/// set bits then visits only the pieces, in square order, instead of testing 64 squares one by
/// one with a hard-to-predict branch each.
#[inline]
fn own_pieces(cells: &[u8; 120], color: u8) -> [u64; 2] {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // One bit per byte, byte 0 in bit 0: the multiplier adds each byte's 0/1 into the top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    // After inverting black's bytes, a piece of the side is 0x01..=0x7F: a clear top bit and not
    // zero. An empty square (0x00 white, 0xFF inverted) and the border (0xFF, 0x00) are not.
    let flip = if color == WHITE { 0 } else { u64::MAX };
    let mut sets = [0u64; 2];
    for word in 0..12 {
        let start = SCAN_START as usize + 8 * word;
        let bytes: [u8; 8] = cells[start..start + 8]
            .try_into()
            .expect("8 cells inside the board");
        let y = u64::from_le_bytes(bytes) ^ flip;
        let nonzero = ((y & LOW7).wrapping_add(LOW7) | y) & HIGH;
        let own = (nonzero & !y) >> 7;
        sets[word / 8] |= (own.wrapping_mul(GATHER) >> 56) << (8 * (word % 8));
    }
    sets
}

/// What one generation call needs at hand.
struct Generator<'a> {
    board: &'a Board,
    rules: Rules,
    color: u8,
    check: bool,
}

/// Flag bit 4 for a piece whose bit 3 is clear.
fn first_move(piece: u8) -> u8 {
    if piece & MOVED == 0 { FIRST_MOVE } else { 0 }
}

impl Generator<'_> {
    /// The moves of the piece of the side to move on `from`.
    #[inline]
    fn piece(&self, list: &mut MoveList, from: u8) {
        let piece = self.at(from);
        match piece & TYPE_MASK {
            PAWN => self.pawn(list, from, piece),
            KNIGHT => self.steps(list, from, piece, &KNIGHT_DIRECTIONS),
            BISHOP => self.slides(list, from, piece, &BISHOP_DIRECTIONS),
            ROOK => self.slides(list, from, piece, &ROOK_DIRECTIONS),
            QUEEN => self.slides(list, from, piece, &QUEEN_DIRECTIONS),
            KING => {
                self.steps(list, from, piece, &KING_DIRECTIONS);
                self.castlings(list, from, piece);
            }
            _ => {}
        }
    }

    fn at(&self, index: u8) -> u8 {
        self.board.cells[index as usize]
    }

    fn is_enemy(&self, byte: u8) -> bool {
        byte != EMPTY && byte != BORDER && byte & COLOR_MASK != self.color
    }

    fn add(&self, list: &mut MoveList, from: u8, to: u8, flags: u8) {
        list.push(Move {
            entry: Entry::new(from, to, flags),
            second: None,
            promotion: 0,
        });
    }

    /// Knight and king: one step per direction, to an empty square or onto an enemy piece.
    fn steps(&self, list: &mut MoveList, from: u8, piece: u8, directions: &[i8]) {
        let first = first_move(piece);
        for &direction in directions {
            let to = offset(from, direction);
            let target = self.at(to);
            if target == EMPTY || self.is_enemy(target) {
                self.add(list, from, to, target | first);
            }
        }
    }

    /// Bishop, rook, queen: along each ray, every empty square, then a first enemy piece.
    fn slides(&self, list: &mut MoveList, from: u8, piece: u8, directions: &[i8]) {
        let first = first_move(piece);
        for &direction in directions {
            let mut to = offset(from, direction);
            loop {
                let target = self.at(to);
                if target == EMPTY {
                    self.add(list, from, to, first);
                    to = offset(to, direction);
                    continue;
                }
                if self.is_enemy(target) {
                    self.add(list, from, to, target | first);
                }
                break;
            }
        }
    }

    /// Push, double push, then the two captures (each possibly en passant).
    fn pawn(&self, list: &mut MoveList, from: u8, piece: u8) {
        let first = first_move(piece);
        let (forward, captures, fifth_rank) = if self.color == WHITE {
            (10, [11, 9], 61..=68)
        } else {
            (-10, [-11, -9], 51..=58)
        };
        let push = offset(from, forward);
        if self.at(push) == EMPTY {
            self.add_pawn_move(list, from, push, first);
            let double = offset(push, forward);
            if piece & MOVED == 0 && self.at(double) == EMPTY {
                self.add_pawn_move(list, from, double, first);
            }
        }
        for direction in captures {
            let to = offset(from, direction);
            let target = self.at(to);
            if self.is_enemy(target) {
                self.add_pawn_move(list, from, to, target | first);
            } else if target == EMPTY && fifth_rank.contains(&from) {
                self.en_passant(list, from, to, forward, first);
            }
        }
    }

    /// A pawn move, flagged and (in standard rules) expanded when it reaches the last rank.
    fn add_pawn_move(&self, list: &mut MoveList, from: u8, to: u8, flags: u8) {
        let last_rank = if self.color == WHITE {
            91..=98
        } else {
            21..=28
        };
        if !last_rank.contains(&to) {
            self.add(list, from, to, flags);
            return;
        }
        let entry = Entry::new(from, to, flags | PROMOTION);
        let promotions: &[u8] = match self.rules {
            Rules::Sargon => &[QUEEN],
            Rules::Standard => &STANDARD_PROMOTIONS,
        };
        for &promotion in promotions {
            list.push(Move {
                entry,
                second: None,
                promotion,
            });
        }
    }

    /// En passant onto the empty square `to`, decided from the previous move (ABI section 5):
    /// its flags have bit 4, a pawn stands on its to-square, exactly 10 away from `to`.
    /// Standard rules also want that pawn to be an enemy directly beside the capturing pawn.
    fn en_passant(&self, list: &mut MoveList, from: u8, to: u8, forward: i8, first: u8) {
        let prev = self.board.prev;
        let victim = self.board.at(prev.to);
        let sargon_ok = prev.flags & FIRST_MOVE != 0
            && victim & TYPE_MASK == PAWN
            && prev.to.abs_diff(to) == 10;
        let standard_ok = self.rules == Rules::Sargon
            || (self.is_enemy(victim) && prev.to == offset(to, -forward));
        if sargon_ok && standard_ok {
            list.push(Move {
                entry: Entry::new(from, to, DOUBLE | first),
                second: Some(Entry::new(prev.to, prev.to, victim)),
                promotion: 0,
            });
        }
    }

    /// Kingside then queenside castling when the king is unmoved and not in check, the corner
    /// holds an unmoved rook (any colour in sargon rules, as the 1978 test `byte & 0x7F == 4`),
    /// the squares between are empty and the king's path is not attacked. An unmoved king stands
    /// on e1/e8 on every board built from a FEN or the start position; the square test only keeps
    /// a hand-made board from castling a king that stands elsewhere.
    fn castlings(&self, list: &mut MoveList, from: u8, piece: u8) {
        let base = if self.color == WHITE { 0 } else { 70 };
        if piece & MOVED != 0 || self.check || from != 25 + base {
            return;
        }
        let enemy = self.color ^ BLACK;
        for castling in &CASTLINGS {
            let rook_square = castling.rook + base;
            let rook = self.at(rook_square);
            let rook_ok = rook & !COLOR_MASK == ROOK
                && (self.rules == Rules::Sargon || rook & COLOR_MASK == self.color);
            let path_ok = castling
                .empty
                .iter()
                .all(|&index| self.at(index + base) == EMPTY)
                && castling
                    .safe
                    .iter()
                    .all(|&index| !is_attacked(self.board, index + base, enemy));
            if rook_ok && path_ok {
                list.push(Move {
                    entry: Entry::new(from, castling.king_to + base, DOUBLE | FIRST_MOVE),
                    second: Some(Entry::new(
                        rook_square,
                        castling.rook_to + base,
                        first_move(rook),
                    )),
                    promotion: 0,
                });
            }
        }
    }
}
