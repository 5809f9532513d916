//! Malformed and illegal FENs, each rejected with its own error; arbitrary input never panics.

use proptest::prelude::*;
use sargon_z80::position::{Board, FenError};
use sargon_z80::reference::{Rules, legal_moves};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn table() -> Vec<(&'static str, FenError)> {
    use FenError::*;
    vec![
        ("", FieldCount(0)),
        ("8/8/8/8/8/8/8/8", FieldCount(1)),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            FieldCount(7),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            RankCount(7),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            RankCount(9),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            PlacementChar { rank: 1, ch: 'X' },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1",
            PlacementChar { rank: 1, ch: '0' },
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            PlacementChar { rank: 6, ch: '9' },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w KQkq - 0 1",
            PlacementChar { rank: 1, ch: '♖' },
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            PlacementDigits { rank: 6 },
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankLength {
                rank: 7,
                squares: 7,
            },
        ),
        (
            "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankLength {
                rank: 8,
                squares: 9,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/3p5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankLength {
                rank: 5,
                squares: 9,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankLength {
                rank: 4,
                squares: 0,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            SideToMove("x".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            SideToMove("W".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            CastlingChar('x'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1",
            CastlingChar('-'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            CastlingChar('H'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            CastlingOrder('K'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qK - 0 1",
            CastlingOrder('K'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            EnPassantSyntax("e9".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1",
            EnPassantSyntax("e".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            HalfmoveClock("x".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            HalfmoveClock("-1".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
            FullmoveNumber("1.5".into()),
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            KingCount {
                color: "black",
                count: 0,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            KingCount {
                color: "white",
                count: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
            KingCount {
                color: "white",
                count: 2,
            },
        ),
        (
            "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            KingCount {
                color: "black",
                count: 2,
            },
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            PawnOnBackRank {
                color: "white",
                square: "a8".into(),
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
            PawnOnBackRank {
                color: "black",
                square: "h1".into(),
            },
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            TooManyPawns {
                color: "white",
                count: 9,
            },
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/1NN1K1N1 w - - 0 1",
            TooManyPieces {
                color: "white",
                kind: "knights",
                count: 3,
                extra: 1,
                missing_pawns: 0,
            },
        ),
        (
            "qq2k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
            TooManyPieces {
                color: "black",
                kind: "queens",
                count: 2,
                extra: 1,
                missing_pawns: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/PPPPPP2/QQQRRRBK w - - 0 1",
            TooManyPieces {
                color: "white",
                kind: "queens",
                count: 3,
                extra: 3,
                missing_pawns: 2,
            },
        ),
        (
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            OpponentInCheck { color: "black" },
        ),
        (
            "8/8/8/8/8/8/3kK3/8 w - - 0 1",
            OpponentInCheck { color: "black" },
        ),
        (
            "4k3/8/8/8/8/8/2n5/4K3 b - - 0 1",
            OpponentInCheck { color: "white" },
        ),
        (
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            CastlingKingNotHome {
                right: 'K',
                color: "white",
                square: "e1",
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b q - 0 1",
            CastlingRookNotHome {
                right: 'q',
                color: "black",
                square: "a8",
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2r w K - 0 1",
            CastlingRookNotHome {
                right: 'K',
                color: "white",
                square: "h1",
            },
        ),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkqk - 0 1", CastlingOrder('k')),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
            EnPassantRank {
                square: "d3".into(),
                expected_rank: 6,
                color: "white",
            },
        ),
        (
            "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
            EnPassantUnexplained {
                square: "d6".into(),
                color: "black",
                reason: "no such pawn on the square in front of it",
            },
        ),
        (
            "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
            EnPassantUnexplained {
                square: "d6".into(),
                color: "black",
                reason: "the square itself is occupied",
            },
        ),
        (
            "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            EnPassantUnexplained {
                square: "d6".into(),
                color: "black",
                reason: "the pawn's start square is occupied",
            },
        ),
        (
            "4k3/8/8/8/3pP3/8/8/4K3 b - d3 0 1",
            EnPassantUnexplained {
                square: "d3".into(),
                color: "white",
                reason: "no such pawn on the square in front of it",
            },
        ),
    ]
}

#[test]
fn each_bad_fen_gets_its_own_error() {
    let table = table();
    println!("{} rejected FENs", table.len());
    assert!(table.len() >= 30);
    for (fen, expected) in table {
        assert_eq!(Board::from_fen(fen), Err(expected.clone()), "{fen:?}");
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn unchecked_parsing_skips_legality_but_not_syntax_or_kings() {
    let lenient = [
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
    ];
    for fen in lenient {
        let board = Board::from_fen_unchecked(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert!(board.is_well_formed(), "{fen}");
    }
    assert_eq!(
        Board::from_fen_unchecked("4k3/8/8/8/8/8/8/8 w - - 0 1"),
        Err(FenError::KingCount {
            color: "white",
            count: 0
        })
    );
    assert_eq!(
        Board::from_fen_unchecked("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 x"),
        Err(FenError::FullmoveNumber("x".into()))
    );
}

/// FEN-like text: the FEN alphabet in random order, to reach the later parsing stages.
fn fen_like() -> impl Strategy<Value = String> {
    "[rnbqkpRNBQKP1-9/ wb\\-KQkqa-h0]{0,90}"
}

/// A valid FEN with one character replaced.
fn mutated_fen() -> impl Strategy<Value = String> {
    (0..START.len(), any::<char>()).prop_map(|(index, ch)| {
        let mut text: Vec<char> = START.chars().collect();
        text[index] = ch;
        text.into_iter().collect()
    })
}

fn never_panics(text: &str) -> Result<(), TestCaseError> {
    if let Ok(board) = Board::from_fen(text) {
        prop_assert!(board.is_well_formed());
        prop_assert_eq!(
            Board::from_fen(&board.to_fen()),
            Ok(board),
            "round trip of {}",
            text
        );
        legal_moves(&board, Rules::Standard);
    }
    if let Ok(board) = Board::from_fen_unchecked(text) {
        prop_assert!(board.is_well_formed());
        legal_moves(&board, Rules::Sargon);
        board.diagram();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        never_panics(&text)?;
    }

    #[test]
    fn fen_like_strings_never_panic(text in fen_like()) {
        never_panics(&text)?;
    }

    #[test]
    fn mutated_fens_never_panic(text in mutated_fen()) {
        never_panics(&text)?;
    }
}
