//! GENMOV entries and MOVE/UNMOVE bytes on hand-picked positions, checked against ABI sections
//! 3-7 value by value.

use sargon_z80::position::{BISHOP, BLACK, Board, Entry, KNIGHT, PAWN, QUEEN, ROOK, WHITE};
use sargon_z80::reference::{
    Move, MoveList, Rules, UciError, find_move, generate, genmov, legal_moves, make, play_uci,
    unmake,
};

fn entries(board: &Board, rules: Rules) -> Vec<Entry> {
    let mut list = MoveList::new();
    generate(board, rules, &mut list);
    list.flat_entries().collect()
}

fn moves_from(board: &Board, rules: Rules, from: u8) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(board, rules, &mut list);
    list.iter()
        .copied()
        .filter(|mv| mv.entry.from == from)
        .collect()
}

fn e(from: u8, to: u8, flags: u8) -> Entry {
    Entry::new(from, to, flags)
}

#[test]
fn start_position_list_in_generation_order() {
    let mut expected = vec![
        e(22, 41, 0x10),
        e(22, 43, 0x10),
        e(27, 46, 0x10),
        e(27, 48, 0x10),
    ];
    for from in 31..=38 {
        expected.push(e(from, from + 10, 0x10));
        expected.push(e(from, from + 20, 0x10));
    }
    assert_eq!(entries(&Board::startpos(), Rules::Sargon), expected);
    let mut black = Board::startpos();
    black.color = BLACK;
    let mut expected = Vec::new();
    for from in 81..=88 {
        expected.push(e(from, from - 10, 0x10));
        expected.push(e(from, from - 20, 0x10));
    }
    expected.extend([
        e(92, 71, 0x10),
        e(92, 73, 0x10),
        e(97, 76, 0x10),
        e(97, 78, 0x10),
    ]);
    assert_eq!(entries(&black, Rules::Sargon), expected);
}

#[test]
fn castling_entries_follow_the_king_steps() {
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let king: Vec<Entry> = moves_from(&board, Rules::Sargon, 25)
        .iter()
        .flat_map(|mv| std::iter::once(mv.entry).chain(mv.second))
        .collect();
    assert_eq!(
        king,
        vec![
            e(25, 34, 0x10),
            e(25, 36, 0x10),
            e(25, 35, 0x10),
            e(25, 26, 0x10),
            e(25, 24, 0x10),
            e(25, 27, 0x50),
            e(28, 26, 0x10),
            e(25, 23, 0x50),
            e(21, 24, 0x10),
        ]
    );
    let mut black = board;
    black.color = BLACK;
    let castles: Vec<Move> = moves_from(&black, Rules::Sargon, 95)
        .into_iter()
        .filter(Move::is_double)
        .collect();
    assert_eq!(castles.len(), 2);
    assert_eq!(
        (castles[0].entry, castles[0].second),
        (e(95, 97, 0x50), Some(e(98, 96, 0x10)))
    );
    assert_eq!(
        (castles[1].entry, castles[1].second),
        (e(95, 93, 0x50), Some(e(91, 94, 0x10)))
    );
}

#[test]
fn castling_make_and_unmake_bytes() {
    let original = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut board = original;
    let castle = find_move(&board, "e1g1", Rules::Sargon).unwrap();
    let undo = make(&mut board, &castle);
    assert_eq!(board.cells[27], 0x1E, "king: castled and moved bits");
    assert_eq!(board.cells[26], 0x0C, "rook: moved bit");
    assert_eq!((board.cells[25], board.cells[28]), (0, 0));
    assert_eq!(board.posk, [27, 95]);
    assert_eq!(board.color, BLACK);
    assert_eq!(board.prev, e(25, 27, 0x50));
    unmake(&mut board, &castle, undo);
    assert_eq!(board, original);
}

#[test]
fn castling_needs_safe_squares_and_no_check() {
    let castles = |fen: &str| -> Vec<String> {
        legal_moves(&Board::from_fen(fen).unwrap(), Rules::Sargon)
            .iter()
            .filter(|mv| mv.is_double())
            .map(Move::uci)
            .collect()
    };
    assert_eq!(
        castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ["e1g1", "e1c1"]
    );
    assert_eq!(
        castles("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"),
        ["e1g1", "e1c1"],
        "b1 attacked is fine"
    );
    assert_eq!(
        castles("2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"),
        ["e1g1"],
        "c1 attacked"
    );
    assert_eq!(
        castles("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1"),
        ["e1c1"],
        "f1 attacked"
    );
    assert_eq!(
        castles("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1"),
        ["e1c1"],
        "g1 attacked"
    );
    assert_eq!(
        castles("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1"),
        Vec::<String>::new(),
        "blocked"
    );
    assert_eq!(
        castles("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"),
        Vec::<String>::new(),
        "moved rooks"
    );
    let mut list = MoveList::new();
    genmov(
        &Board::from_fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").unwrap(),
        &mut list,
    );
    assert!(list.ckflg(), "CKFLG set in check");
    assert!(
        list.iter().all(|mv| !mv.is_double()),
        "no castling out of check"
    );
}

#[test]
fn en_passant_from_a_fen_square() {
    let original = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(
        original.prev,
        e(84, 64, 0x10),
        "the double step d7-d5 as previous entry"
    );
    let pawn = moves_from(&original, Rules::Sargon, 65);
    assert_eq!(pawn.len(), 2);
    assert_eq!(pawn[0].entry, e(65, 75, 0x00));
    assert_eq!(
        (pawn[1].entry, pawn[1].second),
        (e(65, 74, 0x40), Some(e(64, 64, 0x89)))
    );
    let mut board = original;
    let undo = make(&mut board, &pawn[1]);
    assert_eq!(
        (board.cells[74], board.cells[65], board.cells[64]),
        (0x09, 0, 0)
    );
    unmake(&mut board, &pawn[1], undo);
    assert_eq!(board, original);
}

#[test]
fn en_passant_after_a_real_double_step_only_right_after_it() {
    let mut board = Board::startpos();
    for uci in ["e2e4", "a7a6", "e4e5", "d7d5"] {
        play_uci(&mut board, uci, Rules::Sargon).unwrap();
    }
    assert_eq!(board.prev, e(84, 64, 0x10));
    let ep = find_move(&board, "e5d6", Rules::Sargon).unwrap();
    assert_eq!(
        (ep.entry, ep.second),
        (e(65, 74, 0x40), Some(e(64, 64, 0x89)))
    );
    play_uci(&mut board, "h2h3", Rules::Sargon).unwrap();
    play_uci(&mut board, "h7h6", Rules::Sargon).unwrap();
    assert!(
        find_move(&board, "e5d6", Rules::Sargon).is_err(),
        "too late"
    );
}

#[test]
fn sargon_en_passant_does_not_check_the_colour_of_the_pawn() {
    let mut board = Board::from_fen("4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1").unwrap();
    board.prev = e(0, 64, 0x10);
    let sargon = moves_from(&board, Rules::Sargon, 65);
    assert_eq!(
        sargon.last().map(|mv| (mv.entry, mv.second)),
        Some((e(65, 74, 0x40), Some(e(64, 64, 0x09))))
    );
    assert!(
        moves_from(&board, Rules::Standard, 65)
            .iter()
            .all(|mv| !mv.is_double())
    );
}

#[test]
fn promotions_queen_only_in_sargon_all_four_in_standard() {
    let board = Board::from_fen("n1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let sargon: Vec<Entry> = moves_from(&board, Rules::Sargon, 82)
        .iter()
        .map(|mv| mv.entry)
        .collect();
    assert_eq!(sargon, [e(82, 92, 0x20), e(82, 93, 0xAA), e(82, 91, 0xAA)]);
    let standard: Vec<String> = moves_from(&board, Rules::Standard, 82)
        .iter()
        .map(Move::uci)
        .collect();
    assert_eq!(
        standard,
        [
            "b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7c8q", "b7c8r", "b7c8b", "b7c8n", "b7a8q",
            "b7a8r", "b7a8b", "b7a8n"
        ]
    );
    for (uci, kind) in [
        ("b7b8q", QUEEN),
        ("b7b8r", ROOK),
        ("b7b8b", BISHOP),
        ("b7b8n", KNIGHT),
    ] {
        let mut after = board;
        let mv = find_move(&after, uci, Rules::Standard).unwrap();
        let undo = make(&mut after, &mv);
        assert_eq!(after.cells[92], WHITE | 0x08 | kind, "{uci}");
        assert_eq!(after.posq, board.posq, "a promotion never updates POSQ");
        unmake(&mut after, &mv, undo);
        assert_eq!(after, board, "{uci}");
        assert_eq!(after.cells[82], WHITE | 0x08 | PAWN);
    }
}

#[test]
fn first_move_bit_and_captured_byte_in_flags() {
    let board =
        Board::from_fen("rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let knight = moves_from(&board, Rules::Sargon, 22);
    assert_eq!(
        knight.iter().map(|mv| mv.entry).collect::<Vec<_>>(),
        [e(22, 41, 0x10), e(22, 43, 0x99)]
    );
    let pawns = moves_from(&board, Rules::Sargon, 32);
    assert_eq!(
        pawns.iter().map(|mv| mv.entry).collect::<Vec<_>>(),
        [e(32, 42, 0x10), e(32, 52, 0x10), e(32, 43, 0x99)]
    );
    let blocked = moves_from(&board, Rules::Sargon, 33);
    assert!(blocked.is_empty(), "a blocked pawn has no double step");
}

#[test]
fn posq_drift_after_a_promoted_queen_is_captured() {
    let mut board = Board::from_fen("r3k3/1P6/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    assert_eq!(board.posq, [24, 0]);
    play_uci(&mut board, "b7b8q", Rules::Sargon).unwrap();
    assert_eq!(board.posq, [24, 0], "promotion does not update POSQ");
    let before = board;
    let capture = find_move(&board, "a8b8", Rules::Sargon).unwrap();
    assert_eq!(capture.entry, e(91, 92, 0x0D));
    let undo = make(&mut board, &capture);
    assert_eq!(board.posq, [0, 0], "capturing a queen clears POSQ");
    unmake(&mut board, &capture, undo);
    assert_eq!(board.cells, before.cells);
    assert_eq!(
        board.posq,
        [92, 0],
        "UNMOVE points POSQ at the captured queen: the 1978 drift"
    );
}

#[test]
fn queen_moves_and_captures_track_posq() {
    let original = Board::from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let mut board = original;
    let capture = find_move(&board, "d1d8", Rules::Sargon).unwrap();
    assert_eq!(
        capture.entry,
        e(24, 94, 0x85 | 0x10),
        "unmoved queen takes unmoved queen"
    );
    let undo = make(&mut board, &capture);
    assert_eq!(board.posq, [94, 0]);
    unmake(&mut board, &capture, undo);
    assert_eq!(board, original);
}

#[test]
fn uci_input_errors() {
    let board = Board::startpos();
    for bad in ["", "e2e", "e2e4x", "e9e4", "é2e4", "e2e4qq", "e2-e4"] {
        assert_eq!(
            find_move(&board, bad, Rules::Standard),
            Err(UciError::Syntax(bad.to_string()))
        );
    }
    assert_eq!(
        find_move(&board, "e2e5", Rules::Standard),
        Err(UciError::Illegal {
            uci: "e2e5".to_string(),
            rules: Rules::Standard,
            fen: board.to_fen()
        })
    );
    assert_eq!("sargon".parse::<Rules>(), Ok(Rules::Sargon));
    assert_eq!(Rules::Standard.to_string(), "standard");
    assert!("chess".parse::<Rules>().is_err());
}
