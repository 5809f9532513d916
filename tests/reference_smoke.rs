//! Quick checks of the reference on well-known positions, cheap enough for debug builds.

use sargon_z80::position::{Board, Entry};
use sargon_z80::reference::{MoveList, Rules, genmov, perft};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn start_position_perft_3() {
    let mut board = Board::startpos();
    assert_eq!(perft(&mut board, 1, Rules::Standard), 20);
    assert_eq!(perft(&mut board, 2, Rules::Standard), 400);
    assert_eq!(perft(&mut board, 3, Rules::Standard), 8902);
    assert_eq!(board, Board::startpos());
}

#[test]
fn kiwipete_perft_2() {
    let mut board = Board::from_fen(KIWIPETE).unwrap();
    assert_eq!(perft(&mut board, 1, Rules::Standard), 48);
    assert_eq!(perft(&mut board, 2, Rules::Standard), 2039);
    assert_eq!(perft(&mut board, 3, Rules::Standard), 97862);
}

#[test]
fn start_position_entries() {
    let mut list = MoveList::new();
    genmov(&Board::startpos(), &mut list);
    let first: Vec<Entry> = list.flat_entries().take(4).collect();
    assert_eq!(
        first,
        vec![
            Entry::new(22, 41, 0x10),
            Entry::new(22, 43, 0x10),
            Entry::new(27, 46, 0x10),
            Entry::new(27, 48, 0x10),
        ]
    );
}
