//! The syntax of the six FEN fields; nothing here judges whether the position is legal.

use super::error::FenError;
use crate::position::castling::{CastlingRight, CastlingRights};
use crate::position::piece::{BLACK, EMPTY, WHITE, piece_from_char};
use crate::position::square::{parse_square, square};

/// The fields of a FEN string that the board keeps; piece bytes still without moved bits.
pub(super) struct ParsedFen {
    /// Piece bytes (colour and type only) by board index; 0 elsewhere.
    pub(super) pieces: [u8; 120],
    /// Side to move: WHITE or BLACK.
    pub(super) color: u8,
    /// The castling rights given.
    pub(super) castling: CastlingRights,
    /// The en passant square, if any.
    pub(super) en_passant: Option<u8>,
}

/// Splits and parses the fields; only syntax is checked here.
pub(super) fn parse(fen: &str) -> Result<ParsedFen, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let pieces = parse_placement(fields[0])?;
    let color = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        other => return Err(FenError::SideToMove(other.to_string())),
    };
    let castling = parse_castling(fields[2])?;
    let en_passant = match fields[3] {
        "-" => None,
        text => {
            Some(parse_square(text).ok_or_else(|| FenError::EnPassantSyntax(text.to_string()))?)
        }
    };
    if let Some(&clock) = fields.get(4) {
        if !is_number(clock) {
            return Err(FenError::HalfmoveClock(clock.to_string()));
        }
    }
    if let Some(&number) = fields.get(5) {
        if !is_number(number) {
            return Err(FenError::FullmoveNumber(number.to_string()));
        }
    }
    Ok(ParsedFen {
        pieces,
        color,
        castling,
        en_passant,
    })
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

fn parse_placement(field: &str) -> Result<[u8; 120], FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces = [EMPTY; 120];
    for (row, text) in ranks.iter().enumerate() {
        parse_rank(text, 7 - row as u8, &mut pieces)?;
    }
    Ok(pieces)
}

/// One rank of the placement (`rank` 0..7 for ranks 1..8) into `pieces`.
fn parse_rank(text: &str, rank: u8, pieces: &mut [u8; 120]) -> Result<(), FenError> {
    let rank_number = rank + 1;
    let mut file = 0usize;
    let mut previous_digit = false;
    for ch in text.chars() {
        if let Some(run) = ch.to_digit(10).filter(|run| (1..=8).contains(run)) {
            if previous_digit {
                return Err(FenError::PlacementDigits { rank: rank_number });
            }
            previous_digit = true;
            file += run as usize;
        } else if let Some(piece) = piece_from_char(ch) {
            previous_digit = false;
            if file < 8 {
                pieces[square(file as u8, rank) as usize] = piece;
            }
            file += 1;
        } else {
            return Err(FenError::PlacementChar {
                rank: rank_number,
                ch,
            });
        }
    }
    if file != 8 {
        return Err(FenError::RankLength {
            rank: rank_number,
            squares: file,
        });
    }
    Ok(())
}

fn parse_castling(field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    let mut next = 0;
    for ch in field.chars() {
        let right = CastlingRight::from_letter(ch).ok_or(FenError::CastlingChar(ch))?;
        let slot = right as usize;
        if slot < next {
            return Err(FenError::CastlingOrder(ch));
        }
        rights.insert(right);
        next = slot + 1;
    }
    Ok(rights)
}
