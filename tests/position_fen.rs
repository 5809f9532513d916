//! FEN to board and back: moved bits, POSK/POSQ, the en passant entry, and the two displays.

mod shared;

use sargon_z80::position::{BLACK, Board, Entry, WHITE};
use sargon_z80::reference::{Rules, play_uci};
use shared::shared_dir;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn start_fen_is_initbd() {
    let board = Board::from_fen(START).unwrap();
    assert_eq!(board, Board::startpos());
    assert_eq!(board.posk, [25, 95]);
    assert_eq!(board.posq, [24, 94]);
    assert_eq!(board.color, WHITE);
    assert_eq!(board.prev, Entry::NONE);
    assert_eq!(board.to_fen(), START);
    assert!(board.is_well_formed());
}

#[test]
fn boarda_dump_of_the_start_position() {
    let expected = "\
FFFFFFFFFFFFFFFFFFFF
FFFFFFFFFFFFFFFFFFFF
FF0402030506030204FF
FF0101010101010101FF
FF0000000000000000FF
FF0000000000000000FF
FF0000000000000000FF
FF0000000000000000FF
FF8181818181818181FF
FF8482838586838284FF
FFFFFFFFFFFFFFFFFFFF
FFFFFFFFFFFFFFFFFFFF
";
    assert_eq!(Board::startpos().boarda_dump(), expected);
}

#[test]
fn diagram_of_the_start_position() {
    let expected = "\
8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜
7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟
6 · · · · · · · ·
5 · · · · · · · ·
4 · · · · · · · ·
3 · · · · · · · ·
2 ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙
1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖
  a b c d e f g h
";
    assert_eq!(Board::startpos().diagram(), expected);
}

#[test]
fn moved_bits_from_castling_rights() {
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
    assert_eq!(board.cells[25], 0x06, "white king: K right");
    assert_eq!(board.cells[28], 0x04, "h1 rook: K right");
    assert_eq!(board.cells[21], 0x0C, "a1 rook: no Q right");
    assert_eq!(board.cells[95], 0x86, "black king: q right");
    assert_eq!(board.cells[91], 0x84, "a8 rook: q right");
    assert_eq!(board.cells[98], 0x8C, "h8 rook: no k right");
    let no_rights = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert_eq!(
        (no_rights.cells[25], no_rights.cells[95]),
        (0x0E, 0x8E),
        "kings without rights"
    );
}

#[test]
fn moved_bits_from_start_squares() {
    let board = Board::from_fen("1n2k1b1/p7/p7/8/8/P7/P7/1N1QK1n1 w - - 0 1").unwrap();
    assert_eq!(board.cells[31], 0x01, "white pawn on a2");
    assert_eq!(board.cells[41], 0x09, "white pawn on a3");
    assert_eq!(board.cells[81], 0x81, "black pawn on a7");
    assert_eq!(board.cells[71], 0x89, "black pawn on a6");
    assert_eq!(board.cells[22], 0x02, "white knight on b1");
    assert_eq!(board.cells[24], 0x05, "white queen on d1");
    assert_eq!(board.cells[27], 0x8A, "black knight on g1");
    assert_eq!(board.cells[92], 0x82, "black knight on b8");
    assert_eq!(board.cells[97], 0x8B, "black bishop on g8, not c8 or f8");
}

#[test]
fn posq_is_the_lowest_queen_of_each_colour() {
    let board = Board::from_fen("q3k2q/8/8/8/8/8/8/4K2Q w - - 0 1").unwrap();
    assert_eq!(board.posq, [28, 91]);
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
            .unwrap()
            .posq,
        [0, 0]
    );
}

#[test]
fn en_passant_square_becomes_the_previous_entry() {
    let white = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(white.prev, Entry::new(84, 64, 0x10));
    let black = Board::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1").unwrap();
    assert_eq!(black.prev, Entry::new(34, 54, 0x10));
    assert_eq!(black.color, BLACK);
    assert_eq!(black.to_fen(), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
}

#[test]
fn to_fen_after_moves() {
    let mut board = Board::startpos();
    play_uci(&mut board, "e2e4", Rules::Sargon).unwrap();
    assert_eq!(
        board.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    for uci in ["e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        play_uci(&mut board, uci, Rules::Sargon).unwrap();
    }
    assert_eq!(
        board.to_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 0 1"
    );
    play_uci(&mut board, "e8g8", Rules::Sargon).unwrap_err();
    play_uci(&mut board, "h7h6", Rules::Sargon).unwrap();
    assert_eq!(
        board.to_fen(),
        "r1bqkb1r/pppp1pp1/2n2n1p/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 1"
    );
}

#[test]
fn suite_fens_round_trip() {
    for file in ["cpw.epd", "perftsuite.epd"] {
        let path = shared_dir().join("perft").join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
        for line in text
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let board = Board::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
            let written = board.to_fen();
            let fields = |text: &str| text.split(' ').take(4).collect::<Vec<_>>().join(" ");
            assert_eq!(fields(&written), fields(fen), "{file}");
            assert_eq!(Board::from_fen(&written), Ok(board), "{fen}");
        }
    }
}
