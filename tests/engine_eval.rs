//! The evaluation's parts on small hand-made positions, with every expected byte worked out by
//! hand from SARGON_EVAL.md (the working is in the comments). Squares are board indices:
//! a1 = 21, e1 = 25, d4 = 54, e5 = 65, a8 = 91, h8 = 98.

use sargon_z80::engine::Anomalies;
use sargon_z80::engine::eval::{
    EvalInput, Exchange, REGION_LEN, Region, attack, evaluate, pinfnd, points, xchng,
};
use sargon_z80::position::{BLACK, Board, WHITE};
use sargon_z80::reference::{Rules, find_move, make};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

/// The two attack rows after ATTACK on `square` with `npins` pins listed.
fn rows(board: &Board, region: &mut Region, npins: u8, square: u8) -> Vec<u8> {
    region.clear_rows();
    attack(board, region, npins, square);
    region.rows().to_vec()
}

#[test]
fn x_ray_batteries_queen_slot_and_lines_of_one_colour() {
    // d4 (54), empty. From d4: +11 e5 f6, g7 black bishop (bishop slot, 3), h8 black queen
    // behind it (queen slot, 9); -11 c3 white pawn at step 1 (pawn slot, 1), b2 white bishop
    // behind it (bishop slot, 3); -9 e3 f2, g1 white king at step 3: no attacker, line ends;
    // +10 d5 black pawn: not an attacker on a file, the rook on d8 stays hidden; -10 d3, d2
    // white queen (queen slot, 9), d1 white rook behind the queen (queen slot, high nibble 5);
    // knight jump +21 e6 black knight (knight slot, 3). White: 4 attackers, black: 3.
    let board = board("k2r3q/6b1/4n3/3p4/8/2P5/1B1Q4/3R2K1 w - - 0 1");
    let mut region = Region::fresh(&board);
    assert_eq!(
        rows(&board, &mut region, 0, 54),
        [4, 1, 0, 3, 0, 0x59, 0, 3, 0, 3, 3, 0, 9, 0]
    );
}

#[test]
fn a_third_value_in_a_full_slot_shifts_into_the_next_byte() {
    // a8 (91) from -10: Qa7 (queen slot 0x09), Ra6 (0x59), Ra5: slot full, the king slot
    // becomes 0x05; Ra4: king slot (0x05 << 4 | 5) = 0x55; Ra3: (0x55 << 4 | 5) mod 256 = 0x55,
    // the first spilled 5 is lost. Count 5, four values left (quirk Q5). The kings on h1 and h8
    // are 7 steps away: no attackers.
    let board = board("7k/Q7/R7/R7/R7/R7/8/7K w - - 0 1");
    let mut region = Region::fresh(&board);
    assert_eq!(
        rows(&board, &mut region, 0, 91),
        [5, 0, 0, 0, 0, 0x59, 0x55, 0, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn pins_filter_attackers_and_divert_negative_directions_to_the_queen_slot() {
    // Re8 pins Re2 to Ke1: NPINS 1, PLISTA+0 = e2 (35), PLISTA+10 = +10.
    let board = board("4r1k1/8/8/8/8/2P5/4R3/4K3 w - - 0 1");
    let mut region = Region::fresh(&board);
    assert_eq!(pinfnd(&board, &mut region), 1);
    assert_eq!(region.pin_squares(), [35, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(region.pin_directions(), [10, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // e5 (65): from -10 the pinned rook attacks along its pin line (step -10 = -(+10)): it
    // passes, and with a pin listed a negative step sends it to the queen slot (Q4): WACT+5 = 5.
    // From +10 the black rook: a positive step keeps its own rook slot, BACT+4 = 5.
    assert_eq!(
        rows(&board, &mut region, 1, 65),
        [1, 0, 0, 0, 0, 5, 0, 1, 0, 0, 0, 5, 0, 0]
    );
    // f2 (36): the rook would attack along the rank (step -1), off its pin line: rejected.
    // The king e1 attacks from -11, a negative step: queen slot with the king's value 10.
    assert_eq!(
        rows(&board, &mut region, 1, 36),
        [1, 0, 0, 0, 0, 0x0A, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    // d4 (54): the white pawn c3 attacks from -11. With a pin on the board it goes to the queen
    // slot (a white pawn always attacks from a negative step); without pins, to the pawn slot.
    assert_eq!(
        rows(&board, &mut region, 1, 54),
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        rows(&board, &mut region, 0, 54),
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn a_piece_listed_twice_never_attacks() {
    // Re2 is pinned to Ke1 by Re8 (+10) and to Qg4 by Bd1 (from g4: f3, e2, d1, step -11).
    // PLISTA = [35, 35], directions [+10, -11]. On e5 the rook would attack along its first pin
    // line, but the second match rejects it; the black rook e8 counts (rook slot).
    let board = board("4r2k/8/8/8/6Q1/8/4R3/3bK3 w - - 0 1");
    let mut region = Region::fresh(&board);
    assert_eq!(pinfnd(&board, &mut region), 2);
    assert_eq!(&region.pin_squares()[..3], [35, 35, 0]);
    assert_eq!(&region.pin_directions()[..3], [10, 0xF5, 0]);
    assert_eq!(
        rows(&board, &mut region, 2, 65),
        [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0]
    );
}

#[test]
fn a_queen_pinned_to_a_queen_only_when_it_has_no_more_defenders_than_attackers() {
    // Qd1 (POSQ[0]) with Nd4 in front of it on the d-file and Qd8 behind: the queen test counts
    // d1's attackers. Nothing attacks d1 (the knight blocks the file, Kh1 is 4 steps away):
    // 0 - 0 - 1 < 0, so Nd4 is pinned: PLISTA+0 = 54, direction +10.
    let pinned = board("3q3k/8/8/8/3N4/8/8/3Q3K w - - 0 1");
    let mut region = Region::fresh(&pinned);
    assert_eq!(pinfnd(&pinned, &mut region), 1);
    assert_eq!(&region.pin_squares()[..2], [54, 0]);
    assert_eq!(&region.pin_directions()[..2], [10, 0]);
    assert_eq!(region.rows(), [0; 14], "the queen test's rows stay behind");
    // With Ra1 defending d1: 1 - 0 - 1 = 0 is not negative, no pin; the rows keep the
    // rook in the rook slot.
    let defended = board("3q3k/8/8/8/3N4/8/8/R2Q3K w - - 0 1");
    let mut region = Region::fresh(&defended);
    assert_eq!(pinfnd(&defended, &mut region), 0);
    assert_eq!(region.rows(), [1, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn the_eleventh_pin_writes_its_direction_over_posk() {
    // A hand-made board (not a chess position): Kd4 with a white pawn and a black slider on
    // each of its 8 lines (pins 1-8, in direction order +9 +11 -11 -9 +10 -10 +1 -1), and Kh1
    // with a black knight and a white slider on +9, +10 and -1 (pins 9-11). Pin 11 writes its
    // direction -1 (0xFF) to PLISTA+20 = POSK[0] and its square g1 (27) to PLISTA+10, over pin
    // 1's direction (quirk Q12). Storing the royals back moves the white king's square.
    let mut board = Board::empty();
    let white = [(63, 0x09), (65, 0x09), (43, 0x09), (45, 0x09)];
    let white_too = [(64, 0x09), (44, 0x09), (55, 0x09), (53, 0x09)];
    let black_sliders = [(72, 0x8B), (76, 0x8B), (32, 0x8B), (36, 0x8B)];
    let black_rooks = [(74, 0x8C), (34, 0x8C), (56, 0x8C), (52, 0x8C)];
    let around_h1 = [
        (37, 0x8A),
        (46, 0x0B),
        (38, 0x8A),
        (48, 0x0C),
        (27, 0x8A),
        (26, 0x0C),
    ];
    for (square, piece) in white
        .iter()
        .chain(&white_too)
        .chain(&black_sliders)
        .chain(&black_rooks)
        .chain(&around_h1)
    {
        board.cells[*square as usize] = *piece;
    }
    board.cells[54] = 0x0E;
    board.cells[28] = 0x8E;
    board.posk = [54, 28];
    let mut region = Region::fresh(&board);
    assert_eq!(pinfnd(&board, &mut region), 11);
    assert_eq!(
        region.pin_squares(),
        [63, 65, 43, 45, 64, 44, 55, 53, 37, 38]
    );
    assert_eq!(
        region.pin_directions(),
        [27, 11, 0xF5, 0xF7, 10, 0xF6, 1, 0xFF, 9, 10]
    );
    assert_eq!(region.posk(), [0xFF, 28]);
    region.store_royals(&mut board);
    assert_eq!(board.posk, [0xFF, 28]);
    assert!(region.anomalies().contains(Anomalies::KING_SQUARE));
    assert!(!region.anomalies().contains(Anomalies::TERMINATOR));
}

/// A region with the given rows (count byte and six slots each) and POSK/POSQ/0xFF after them.
fn region_with_rows(white: [u8; 7], black: [u8; 7]) -> Region {
    let mut bytes = [0u8; REGION_LEN];
    bytes[..7].copy_from_slice(&white);
    bytes[7..14].copy_from_slice(&black);
    bytes[34..].copy_from_slice(&[0x19, 0x5F, 0x18, 0x5E, 0xFF]);
    Region::from_bytes(bytes)
}

#[test]
fn exchange_attacker_then_defender() {
    // A white knight (D = 6) attacked by a black pawn, defended by a white pawn: X = 6,
    // C = 2 (attacker), R = 2; X >= C: L = +6, X = 2, C = 2 (defender); the next attacker
    // take is none: L = 6 - 2 = 4.
    let mut region = region_with_rows([1, 1, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(xchng(&mut region, 0x0A), Exchange { lost: 4, value: 6 });
    assert_eq!(region.rows(), [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn exchange_gives_up_when_the_capturer_is_worth_more_and_the_defender_too() {
    // A white pawn (D = 2) attacked by a black rook (C = 10), defended by a white knight
    // (Y = 6): X < C, Y < C: L = 0.
    let mut region = region_with_rows([1, 0, 3, 0, 0, 0, 0], [1, 0, 0, 0, 5, 0, 0]);
    assert_eq!(xchng(&mut region, 0x09), Exchange { lost: 0, value: 2 });
}

#[test]
fn exchange_ends_with_a_free_capture_in_the_x_below_c_branch() {
    // A white pawn (D = 2) attacked by a black knight and bishop, defended by a white rook:
    // X = 2 < C = 6; Y = 10 >= C, so C = the bishop (6); the next defender take is none: the
    // last capturer takes X for free, L = 2 (quirk Q15).
    let mut region = region_with_rows([1, 0, 0, 0, 5, 0, 0], [2, 0, 3, 3, 0, 0, 0]);
    assert_eq!(xchng(&mut region, 0x09), Exchange { lost: 2, value: 2 });
}

#[test]
fn exchange_reads_past_a_row_that_lost_a_nibble() {
    // A black knight (D = 6). White row: count 2 but only a pawn (one nibble lost); black row:
    // count 2 but only a pawn. Takes: white 2 (pawn), black 2 (pawn): L = +6, X = 2. The
    // next white take finds the pawn slot empty and reads on to BACT's count byte (2): value
    // 4, the count byte halved to 0 (quirk Q6). C = 2 from the defenders: L = 6 - 2 = 4,
    // X = 2, C = 4. The next black take runs through the empty pin list to POSK[0] = 0x19:
    // value 18, POSK[0] halved to 0x01. X < C, Y = 18 >= C; the white row is exhausted: L = 4.
    let mut region = region_with_rows([2, 1, 0, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0, 0]);
    assert_eq!(xchng(&mut region, 0x8A), Exchange { lost: 4, value: 6 });
    assert_eq!(region.bytes()[7], 0, "BACT's count byte halved");
    assert_eq!(region.posk(), [0x01, 0x5F], "POSK[0] halved");
}

/// The hand-worked position: Ke1, Nd5 against Ke8, pawn e6 (everything moved).
const HANGING_KNIGHT: &str = "4k3/8/4p3/3N4/8/8/8/4K3 b - - 0 1";

#[test]
fn points_with_a_hanging_piece_that_just_moved() {
    // Development: Ke1 moved -2, Ke8 moved +2. Board control: Ke1 attacks 5 squares, Nd5 8,
    // Ke8 5, the pawn e6 2 (d5, f5): BRDC = 13 - 7 = 6. Exchange: Nd5 attacked by the pawn,
    // undefended: L = 6, D = 5; it is COLOR's (white just moved) and on the to-square: PTSL = 6,
    // PTSCK = d5 (64). MTRL = 20 + 5 - 2 - 20 = 3. Score: PTSCK moves PTSW2 to PTSW1
    // (both 0); lost = 5, won = 0: m = LIMIT(-5 + 3) = -2; c = 0 because of PTSCK; s = -8,
    // VALM = 0x80 + 8 = 0x88 (bad for white, the mover).
    let mut board = board(HANGING_KNIGHT);
    let mut region = Region::fresh(&board);
    let input = EvalInput {
        color: WHITE,
        moveno: 10,
        bc0: 0,
        mv0: 0,
        to_square: 64,
    };
    let terms = evaluate(&mut board, &mut region, &input);
    assert_eq!(
        (terms.valm, terms.brdc, terms.mtrl, terms.ptsl, terms.ptsck),
        (0x88, 6, 3, 6, 64)
    );
    assert_eq!((terms.ptsw1, terms.ptsw2, terms.npins), (0, 0, 0));
}

#[test]
fn points_without_ptsck_keeps_the_board_control() {
    // The same position when the previous move went elsewhere: PTSCK stays 0, so
    // c = LIMIT(6, 6) = 6: s = -8 + 6 = -2, VALM = 0x82.
    let board = board(HANGING_KNIGHT);
    let mut region = Region::fresh(&board);
    let input = EvalInput {
        color: WHITE,
        moveno: 10,
        bc0: 0,
        mv0: 0,
        to_square: 25,
    };
    let terms = points(&board, &mut region, 0, &input);
    assert_eq!((terms.valm, terms.ptsl, terms.ptsck), (0x82, 6, 0));
}

#[test]
fn points_for_the_other_colour_counts_the_piece_as_a_gain() {
    // At the root with black to move (COLOR black): the knight is the opponent's, PTSW1 = 6,
    // PTSW2 = 0 so won = 0, lost = 0: m = LIMIT(3) = 3, c = 6, s = 18, VALM = 0x80 + 18 = 0x92.
    // With BC0 = 6 and MV0 = 3 (this position as the root) the score is level.
    let board = board(HANGING_KNIGHT);
    let mut region = Region::fresh(&board);
    let mut input = EvalInput {
        color: BLACK,
        moveno: 10,
        bc0: 0,
        mv0: 0,
        to_square: 64,
    };
    let terms = points(&board, &mut region, 0, &input);
    assert_eq!(
        (terms.valm, terms.ptsw1, terms.ptsw2, terms.ptsck),
        (0x92, 6, 0, 0)
    );
    input.bc0 = 6;
    input.mv0 = 3;
    assert_eq!(points(&board, &mut region, 0, &input).valm, 0x80);
}

#[test]
fn the_start_position_and_the_first_knight_moves_score_as_the_spec_says() {
    let mut board = Board::startpos();
    let mut region = Region::fresh(&board);
    let root = EvalInput {
        color: WHITE,
        moveno: 2,
        bc0: 0,
        mv0: 0,
        to_square: 0,
    };
    let terms = evaluate(&mut board, &mut region, &root);
    assert_eq!((terms.valm, terms.brdc, terms.mtrl), (0x80, 0, 0));
    for (uci, valm) in [("b1c3", 0x7A), ("b1a3", 0x7C)] {
        let mut after = board;
        let mv = find_move(&after, uci, Rules::Sargon).unwrap();
        make(&mut after, &mv);
        let input = EvalInput {
            to_square: mv.entry.to,
            ..root
        };
        assert_eq!(
            evaluate(&mut after, &mut region, &input).valm,
            valm,
            "{uci}"
        );
    }
}
