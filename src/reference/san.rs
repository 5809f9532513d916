//! Standard algebraic notation: a legal move as "Nbd7", "exd6", "O-O", "e8=Q+", "Qh4#", and text
//! (SAN or UCI) back to the legal move it names.

use thiserror::Error;

use super::legal::legal_moves;
use super::make::make;
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use super::uci::{UciError, find_move};
use crate::position::{
    BISHOP, Board, DOUBLE, EMPTY, KING, KNIGHT, PAWN, PROMOTION, QUEEN, ROOK, TYPE_MASK, in_check,
    parse_square, square_name,
};

/// A move text that could not be used, or a move that has no SAN here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanError {
    /// Neither SAN nor UCI.
    #[error("{0:?} is neither SAN (Nf3, exd5, O-O, e8=Q) nor UCI (g1f3)")]
    Syntax(String),
    /// Well formed, but no legal move matches.
    #[error("{text} is not a legal move ({rules} rules) in {fen}")]
    Illegal {
        /// The move as given.
        text: String,
        /// The rules used.
        rules: Rules,
        /// The position.
        fen: String,
    },
    /// More than one legal move matches (the SAN lacks a disambiguation).
    #[error("{text} is ambiguous in {fen}")]
    Ambiguous {
        /// The move as given.
        text: String,
        /// The position.
        fen: String,
    },
}

/// The SAN of a legal move; None when the move is not legal in this position under `rules`.
pub fn san(board: &Board, mv: &Move, rules: Rules) -> Option<String> {
    let legal = legal_moves(board, rules);
    if !legal.iter().any(|other| other == mv) {
        return None;
    }
    let mut text = body(board, mv, &legal);
    let mut after = *board;
    make(&mut after, mv);
    if in_check(&after, after.color) {
        text.push(if legal_moves(&after, rules).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    Some(text)
}

/// The SAN without the check mark.
fn body(board: &Board, mv: &Move, legal: &MoveList) -> String {
    let (from, to) = (mv.entry.from, mv.entry.to);
    let kind = board.cells[from as usize] & TYPE_MASK;
    if kind == KING && mv.entry.flags & DOUBLE != 0 {
        return if to % 10 == 7 { "O-O" } else { "O-O-O" }.to_string();
    }
    let capture = board.cells[to as usize] != EMPTY || mv.entry.flags & DOUBLE != 0;
    let mut text = String::new();
    if kind == PAWN {
        if capture {
            text.push(file_char(from));
        }
    } else {
        text.push(piece_letter(kind));
        text.push_str(&disambiguation(board, mv, legal));
    }
    if capture {
        text.push('x');
    }
    text.push_str(&square_name(to));
    if mv.entry.flags & PROMOTION != 0 {
        text.push('=');
        text.push(piece_letter(if mv.promotion == 0 {
            QUEEN
        } else {
            mv.promotion
        }));
    }
    text
}

/// The from-file, the from-rank, or both, as far as other pieces of the same type reaching the
/// same square make it necessary.
fn disambiguation(board: &Board, mv: &Move, legal: &MoveList) -> String {
    let (from, to) = (mv.entry.from, mv.entry.to);
    let kind = board.cells[from as usize] & TYPE_MASK;
    let rivals: Vec<u8> = legal
        .iter()
        .filter(|other| other.entry.to == to && other.entry.from != from)
        .map(|other| other.entry.from)
        .filter(|&other| board.cells[other as usize] & TYPE_MASK == kind)
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = square_name(from);
    if rivals.iter().all(|&other| other % 10 != from % 10) {
        name[..1].to_string()
    } else if rivals.iter().all(|&other| other / 10 != from / 10) {
        name[1..].to_string()
    } else {
        name
    }
}

fn file_char(square: u8) -> char {
    char::from(b'a' + square % 10 - 1)
}

fn piece_letter(kind: u8) -> char {
    match kind {
        KNIGHT => 'N',
        BISHOP => 'B',
        ROOK => 'R',
        QUEEN => 'Q',
        KING => 'K',
        _ => 'P',
    }
}

/// The parts of a SAN text.
#[derive(Debug, Default)]
struct Parsed {
    kind: u8,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: u8,
    promotion: Option<u8>,
    castle: Option<bool>,
}

/// The legal move named by `text`: UCI ("g1f3", "e7e8q") or SAN ("Nf3", "exd6", "O-O", "0-0-0",
/// "e8=Q", "e8Q"; check marks, "!"/"?" and "e.p." are ignored, "x" is optional). A promotion
/// without a piece is a queen.
pub fn find_san(board: &Board, text: &str, rules: Rules) -> Result<Move, SanError> {
    let illegal = || SanError::Illegal {
        text: text.to_string(),
        rules,
        fen: board.to_fen(),
    };
    match find_move(board, text, rules) {
        Ok(mv) => return Ok(mv),
        Err(UciError::Illegal { .. }) => return Err(illegal()),
        Err(UciError::Syntax(_)) => {}
    }
    let parsed = parse(text).ok_or_else(|| SanError::Syntax(text.to_string()))?;
    let legal = legal_moves(board, rules);
    let mut found = legal.iter().filter(|mv| matches(board, mv, &parsed));
    let first = *found.next().ok_or_else(illegal)?;
    if found.next().is_some() {
        return Err(SanError::Ambiguous {
            text: text.to_string(),
            fen: board.to_fen(),
        });
    }
    Ok(first)
}

/// True when the legal move fits every part the SAN gives.
fn matches(board: &Board, mv: &Move, parsed: &Parsed) -> bool {
    let (from, to) = (mv.entry.from, mv.entry.to);
    let kind = board.cells[from as usize] & TYPE_MASK;
    if let Some(kingside) = parsed.castle {
        let is_castle = kind == KING && mv.entry.flags & DOUBLE != 0;
        return is_castle && (to % 10 == 7) == kingside;
    }
    let promotion = mv.entry.flags & PROMOTION != 0;
    let promoted_to = if mv.promotion == 0 {
        QUEEN
    } else {
        mv.promotion
    };
    kind == parsed.kind
        && to == parsed.to
        && parsed.from_file.is_none_or(|file| from % 10 == file)
        && parsed.from_rank.is_none_or(|rank| from / 10 == rank)
        && (kind != PAWN || parsed.from_file.is_some() || from % 10 == to % 10)
        && match parsed.promotion {
            None => !promotion || promoted_to == QUEEN,
            Some(piece) => promotion && piece == promoted_to,
        }
}

/// Splits a SAN text into its parts; None when it is not SAN.
fn parse(text: &str) -> Option<Parsed> {
    let trimmed = text
        .trim()
        .trim_end_matches("e.p.")
        .trim_end()
        .trim_end_matches(['+', '#', '!', '?']);
    match trimmed {
        "O-O" | "0-0" => return Some(castle(true)),
        "O-O-O" | "0-0-0" => return Some(castle(false)),
        _ => {}
    }
    let mut chars: Vec<char> = trimmed.chars().collect();
    let mut parsed = Parsed {
        kind: PAWN,
        ..Parsed::default()
    };
    if let Some(kind) = chars.first().and_then(|&c| piece_kind(c)) {
        parsed.kind = kind;
        chars.remove(0);
    }
    if let Some(kind) = chars.last().and_then(|&c| piece_kind(c)) {
        parsed.promotion = Some(kind);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let target: String = chars[chars.len() - 2..].iter().collect();
    parsed.to = parse_square(&target)?;
    chars.truncate(chars.len() - 2);
    if chars.last() == Some(&'x') {
        chars.pop();
    }
    parse_origin(&chars, &mut parsed)?;
    Some(parsed)
}

/// The disambiguation characters between the piece letter and the target: a file, a rank, both.
fn parse_origin(chars: &[char], parsed: &mut Parsed) -> Option<()> {
    for &c in chars {
        match c {
            'a'..='h' if parsed.from_file.is_none() && parsed.from_rank.is_none() => {
                parsed.from_file = Some(c as u8 - b'a' + 1);
            }
            '1'..='8' if parsed.from_rank.is_none() => {
                parsed.from_rank = Some(c as u8 - b'1' + 2);
            }
            _ => return None,
        }
    }
    Some(())
}

fn castle(kingside: bool) -> Parsed {
    Parsed {
        castle: Some(kingside),
        ..Parsed::default()
    }
}

fn piece_kind(c: char) -> Option<u8> {
    match c {
        'N' => Some(KNIGHT),
        'B' => Some(BISHOP),
        'R' => Some(ROOK),
        'Q' => Some(QUEEN),
        'K' => Some(KING),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    fn san_of(fen: &str, uci: &str) -> String {
        let board = board(fen);
        let mv = find_move(&board, uci, Rules::Standard).unwrap();
        san(&board, &mv, Rules::Standard).unwrap()
    }

    #[test]
    fn formats_pieces_pawns_and_castling() {
        assert_eq!(san_of(START, "b1c3"), "Nc3");
        assert_eq!(san_of(START, "e2e4"), "e4");
        assert_eq!(san_of(KIWIPETE, "e1g1"), "O-O");
        assert_eq!(san_of(KIWIPETE, "e1c1"), "O-O-O");
        assert_eq!(san_of(KIWIPETE, "e5f7"), "Nxf7");
        assert_eq!(san_of(KIWIPETE, "d5e6"), "dxe6");
        assert_eq!(san_of(KIWIPETE, "f3f6"), "Qxf6");
        assert_eq!(san_of(KIWIPETE, "g2h3"), "gxh3");
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_both() {
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(san_of(knights, "b1d2"), "Nbd2");
        assert_eq!(san_of(knights, "f1d2"), "Nfd2");
        let rooks = "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(rooks, "a1a3"), "R1a3");
        assert_eq!(san_of(rooks, "a6a3"), "R6a3");
        let queens = "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert_eq!(san_of(queens, "h4e1"), "Qh4e1");
        assert_eq!(san_of(queens, "h1e1"), "Q1e1");
        assert_eq!(san_of(queens, "e4e1"), "Qee1");
    }

    #[test]
    fn formats_en_passant_promotion_check_and_mate() {
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_of(ep, "e5d6"), "exd6");
        let promo = "5n1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(promo, "e7e8q"), "e8=Q");
        assert_eq!(san_of(promo, "e7f8n"), "exf8=N");
        assert_eq!(san_of(promo, "e7f8b"), "exf8=B");
        assert_eq!(san_of(promo, "e7f8q"), "exf8=Q#");
        assert_eq!(san_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
        let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(san_of(fools, "d8h4"), "Qh4#");
        assert_eq!(san_of(KIWIPETE, "f3f6"), "Qxf6");
    }

    #[test]
    fn an_illegal_move_has_no_san() {
        let board = Board::startpos();
        let bogus = Move {
            entry: crate::position::Entry::new(25, 45, 0),
            second: None,
            promotion: 0,
        };
        assert_eq!(san(&board, &bogus, Rules::Sargon), None);
    }

    #[test]
    fn parses_san_and_uci_back() {
        let cases = [
            (START, "Nf3", "g1f3"),
            (START, "e4", "e2e4"),
            (START, "g1f3", "g1f3"),
            (KIWIPETE, "O-O", "e1g1"),
            (KIWIPETE, "0-0-0", "e1c1"),
            (KIWIPETE, "Nxf7", "e5f7"),
            (KIWIPETE, "Nf7", "e5f7"),
            (KIWIPETE, "dxe6", "d5e6"),
            (KIWIPETE, "gxh3", "g2h3"),
            (KIWIPETE, "Qxf6!?", "f3f6"),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"),
            ("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "R1a3", "a1a3"),
            ("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1", "h4e1"),
            ("5n1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "exf8=N", "e7f8n"),
            ("5n1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e8Q+", "e7e8q"),
            ("5n1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e8", "e7e8q"),
        ];
        for (fen, text, uci) in cases {
            let mv = find_san(&board(fen), text, Rules::Standard).unwrap();
            assert_eq!(mv.uci(), uci, "{text} in {fen}");
        }
    }

    #[test]
    fn rejects_bad_illegal_and_ambiguous_text() {
        let start = Board::startpos();
        assert_eq!(
            find_san(&start, "Zz9", Rules::Sargon),
            Err(SanError::Syntax("Zz9".to_string()))
        );
        assert!(matches!(
            find_san(&start, "e5", Rules::Sargon),
            Err(SanError::Illegal { .. })
        ));
        assert!(matches!(
            find_san(&start, "e2e5", Rules::Sargon),
            Err(SanError::Illegal { .. })
        ));
        let rooks = board("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1");
        let err = find_san(&rooks, "Ra3", Rules::Sargon).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Ra3 is ambiguous in 4k3/8/R7/8/8/8/8/R3K3 w - - 0 1"
        );
        let promo = board("5n1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            find_san(&promo, "exf8=N", Rules::Sargon),
            Err(SanError::Illegal { .. })
        ));
    }
}
