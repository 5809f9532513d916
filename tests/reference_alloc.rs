//! The reference's hot paths allocate nothing per node: a counting global allocator sees no
//! allocation in GENMOV, MOVE, UNMOVE and INCHK on every board of a perft tree, and exactly one
//! in a whole perft (its per-ply move lists, made once per call) whatever the depth.

mod counting;

use counting::allocations;
use sargon_z80::Board;
use sargon_z80::reference::{
    MoveList, Rules, generate, in_check, is_attacked, make, perft, unmake,
};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// GENMOV, then per legal move MOVE, INCHK, the attack test on every square, UNMOVE, one list
/// per ply; the boards visited.
fn walk(board: &mut Board, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    generate(board, Rules::Standard, list);
    let mut nodes = 1;
    for mv in list.iter() {
        let undo = make(board, mv);
        if !in_check(board, board.color ^ 0x80) {
            for square in 21..99 {
                std::hint::black_box(is_attacked(board, square, board.color));
            }
            nodes += walk(board, deeper);
        }
        unmake(board, mv, undo);
    }
    nodes
}

#[test]
fn generation_make_unmake_and_the_attack_test_allocate_nothing() {
    let mut board = Board::from_fen(KIWIPETE).unwrap();
    let mut lists = vec![MoveList::new(); 3];
    let (allocated, nodes) = allocations(|| walk(&mut board, &mut lists));
    // 1 + 48 + 2,039 positions generated (the leaves of depth 3 are reached but not expanded).
    assert_eq!(nodes, 1 + 48 + 2_039 + 97_862);
    assert_eq!(allocated, 0);
}

#[test]
fn a_perft_allocates_once_whatever_its_depth() {
    for (depth, expected) in [(2, 2_039), (3, 97_862), (4, 4_085_603)] {
        let mut board = Board::from_fen(KIWIPETE).unwrap();
        let (allocated, nodes) = allocations(|| perft(&mut board, depth, Rules::Standard));
        assert_eq!(nodes, expected);
        assert_eq!(allocated, 1, "perft({depth})");
    }
}
