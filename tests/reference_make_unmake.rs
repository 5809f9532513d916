//! Property: UNMOVE after MOVE restores the board. All 120 bytes, POSK, the side to move and the
//! previous entry come back exactly; POSQ too, except the 1978 drift, which must then be exactly
//! the documented rule (UNMOVE points POSQ at a moving or captured queen's square).

use proptest::prelude::*;
use sargon_z80::position::{Board, DOUBLE, PROMOTION, QUEEN, TYPE_MASK, color_index};
use sargon_z80::reference::{Move, MoveList, Rules, generate, legal_moves, make, unmake};

const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// POSQ after MOVE then UNMOVE by the ABI's rules, starting from `before`.
fn expected_posq(before: &Board, mv: &Move) -> [u8; 2] {
    let mut posq = before.posq;
    for entry in std::iter::once(mv.entry).chain(mv.second) {
        let piece = before.cells[entry.from as usize];
        if entry.flags & PROMOTION == 0 && piece & TYPE_MASK == QUEEN {
            posq[color_index(piece)] = entry.from;
        }
        if entry.flags & TYPE_MASK == QUEEN {
            posq[color_index(entry.flags)] = entry.to;
        }
    }
    posq
}

fn check_every_move(board: &Board, rules: Rules) -> Result<(), TestCaseError> {
    let mut list = MoveList::new();
    generate(board, rules, &mut list);
    for mv in &list {
        let mut after = *board;
        let undo = make(&mut after, mv);
        prop_assert_eq!(after.color, board.color ^ 0x80);
        prop_assert_eq!(after.prev, mv.entry);
        prop_assert_eq!(
            after.cells[mv.entry.from as usize],
            0,
            "{} leaves its square",
            mv.uci()
        );
        unmake(&mut after, mv, undo);
        let context = format!("{} ({rules}) in {}", mv.uci(), board.to_fen());
        prop_assert_eq!(after.cells, board.cells, "bytes: {}", context);
        prop_assert_eq!(after.posk, board.posk, "POSK: {}", context);
        prop_assert_eq!(after.color, board.color, "side to move: {}", context);
        prop_assert_eq!(after.prev, board.prev, "previous entry: {}", context);
        prop_assert_eq!(after.posq, expected_posq(board, mv), "POSQ: {}", context);
        if mv.entry.flags & DOUBLE == 0 && mv.entry.flags & TYPE_MASK != QUEEN {
            let moving = board.cells[mv.entry.from as usize];
            if moving & TYPE_MASK != QUEEN || board.posq[color_index(moving)] == mv.entry.from {
                prop_assert_eq!(after.posq, board.posq, "no drift expected: {}", context);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn unmake_restores_make(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut board = Board::from_fen(STARTS[start]).unwrap();
        for choice in choices {
            check_every_move(&board, Rules::Sargon)?;
            check_every_move(&board, Rules::Standard)?;
            let moves = legal_moves(&board, Rules::Standard);
            if moves.is_empty() {
                break;
            }
            make(&mut board, &moves.as_slice()[choice as usize % moves.len()]);
        }
    }
}
