//! The game's board: eight ranks of squares a few characters wide, pieces as chess symbols or
//! letters, the last move and a king in check marked; in colour with square shades, without it
//! (NO_COLOR) with dots on the dark squares and reverse video for the marks.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::position::{Board, EMPTY, KING, WHITE, piece_char, piece_color, piece_symbol, square};
use crate::tui::Theme;

/// Square shades (256-colour palette): light, dark, and both for the last move's squares.
const LIGHT: u8 = 223;
const DARK: u8 = 137;
const LIGHT_MOVED: u8 = 229;
const DARK_MOVED: u8 = 143;
const CHECK: u8 = 167;

/// How the board is drawn.
#[derive(Debug, Clone, Copy)]
pub struct Look {
    /// Columns per square.
    pub width: u16,
    /// Lines per square.
    pub height: u16,
    /// Black's side at the bottom.
    pub black_at_bottom: bool,
    /// Pieces as letters.
    pub ascii: bool,
    /// Colours or none.
    pub theme: Theme,
}

/// The square sizes tried, largest first: columns and lines.
const SIZES: [(u16, u16); 3] = [(7, 3), (5, 2), (3, 1)];

/// The largest square that lets the board (rank labels, 8 squares and the file line below them)
/// fit in `width` x `height` characters; None when even the smallest does not.
pub fn square_size(width: u16, height: u16) -> Option<(u16, u16)> {
    SIZES
        .into_iter()
        .find(|&(w, h)| board_width(w) <= width && 8 * h < height)
}

/// Columns the board takes with squares `square_width` wide: label, squares, a space.
pub fn board_width(square_width: u16) -> u16 {
    2 + 8 * square_width + 1
}

/// The board's lines: ranks top to bottom, then the file letters.
pub fn board_lines(board: &Board, last: Option<(u8, u8)>, look: &Look) -> Vec<Line<'static>> {
    let check = checked_king(board);
    let mut lines = Vec::new();
    for row in 0..8u8 {
        let rank = if look.black_at_bottom { row } else { 7 - row };
        for part in 0..look.height {
            let label = if part == piece_line(look) {
                format!("{} ", rank + 1)
            } else {
                "  ".to_string()
            };
            let mut spans = vec![Span::styled(label, look.theme.dim())];
            for column in 0..8u8 {
                let file = if look.black_at_bottom {
                    7 - column
                } else {
                    column
                };
                let sq = square(file, rank);
                let marks = Marks {
                    moved: last.is_some_and(|(from, to)| sq == from || sq == to),
                    check: check == Some(sq),
                };
                spans.push(square_span(
                    board.cells[sq as usize],
                    file + rank,
                    part,
                    marks,
                    look,
                ));
            }
            lines.push(Line::from(spans));
        }
    }
    lines.push(files_line(look));
    lines
}

/// The line of a square that holds the piece: the middle one (the upper of two).
fn piece_line(look: &Look) -> u16 {
    (look.height - 1) / 2
}

#[derive(Debug, Clone, Copy)]
struct Marks {
    moved: bool,
    check: bool,
}

/// One line of one square; `parity` is file + rank (even for a dark square).
fn square_span(byte: u8, parity: u8, part: u16, marks: Marks, look: &Look) -> Span<'static> {
    let dark = parity % 2 == 0;
    let width = usize::from(look.width);
    let text = if part != piece_line(look) {
        " ".repeat(width)
    } else if byte == EMPTY {
        let dot = if dark && !look.theme.has_colour() {
            "·"
        } else {
            " "
        };
        centred(dot, width)
    } else {
        centred(&glyph(byte, look.ascii).to_string(), width)
    };
    let mut style = square_style(dark, marks, look.theme);
    if byte != EMPTY && part == piece_line(look) {
        style = style.add_modifier(Modifier::BOLD);
    } else if byte == EMPTY && !look.theme.has_colour() {
        style = style.add_modifier(Modifier::DIM);
    }
    Span::styled(text, style)
}

fn square_style(dark: bool, marks: Marks, theme: Theme) -> Style {
    if !theme.has_colour() {
        return match (marks.check, marks.moved) {
            (true, _) => Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
            (false, true) => Style::new().add_modifier(Modifier::REVERSED),
            (false, false) => Style::new(),
        };
    }
    let shade = match (marks.check, marks.moved, dark) {
        (true, _, _) => CHECK,
        (false, true, false) => LIGHT_MOVED,
        (false, true, true) => DARK_MOVED,
        (false, false, false) => LIGHT,
        (false, false, true) => DARK,
    };
    Style::new()
        .bg(Color::Indexed(shade))
        .fg(Color::Indexed(16))
}

fn glyph(byte: u8, ascii: bool) -> char {
    if ascii {
        piece_char(byte).unwrap_or('?')
    } else {
        piece_symbol(byte)
    }
}

fn centred(text: &str, width: usize) -> String {
    let left = (width - 1) / 2;
    format!("{}{text}{}", " ".repeat(left), " ".repeat(width - 1 - left))
}

fn files_line(look: &Look) -> Line<'static> {
    let width = usize::from(look.width);
    let mut text = String::from("  ");
    for column in 0..8u8 {
        let file = if look.black_at_bottom {
            7 - column
        } else {
            column
        };
        text.push_str(&centred(&char::from(b'a' + file).to_string(), width));
    }
    Line::from(Span::styled(text, look.theme.dim()))
}

/// The square of the side to move's king when it is in check.
fn checked_king(board: &Board) -> Option<u8> {
    if !crate::reference::in_check(board, board.color) {
        return None;
    }
    let king = board.posk[usize::from(board.color != WHITE)];
    let byte = board.cells[usize::from(king)];
    (byte & 0x07 == KING && piece_color(byte) == board.color).then_some(king)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    fn look(black_at_bottom: bool, theme: Theme) -> Look {
        Look {
            width: 3,
            height: 1,
            black_at_bottom,
            ascii: false,
            theme,
        }
    }

    #[test]
    fn small_board_both_ways_round() {
        let board = Board::startpos();
        let white = text(&board_lines(&board, None, &look(false, Theme::COLOUR)));
        assert_eq!(white.len(), 9);
        assert_eq!(white[0], "8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ ");
        assert_eq!(white[7], "1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖ ");
        assert_eq!(white[8], "   a  b  c  d  e  f  g  h ");
        let black = text(&board_lines(&board, None, &look(true, Theme::PLAIN)));
        assert_eq!(black[0], "1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖ ");
        assert_eq!(black[3], "4  ·     ·     ·     ·    ");
        assert_eq!(black[8], "   h  g  f  e  d  c  b  a ");
    }

    #[test]
    fn marks_in_colour_and_without() {
        let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        let colour = board_lines(&board, Some((25, 26)), &look(false, Theme::COLOUR));
        // e1 (dark) and f1 (light) are spans 5 and 6 of the last rank's line.
        assert_eq!(
            colour[7].spans[5].style.bg,
            Some(Color::Indexed(DARK_MOVED))
        );
        assert_eq!(
            colour[7].spans[6].style.bg,
            Some(Color::Indexed(LIGHT_MOVED))
        );
        assert_eq!(colour[7].spans[7].style.bg, Some(Color::Indexed(DARK)));
        let plain = board_lines(&board, Some((25, 26)), &look(false, Theme::PLAIN));
        let moved = plain[7].spans[5].style;
        assert_eq!((moved.fg, moved.bg), (None, None));
        assert!(
            moved
                .add_modifier
                .contains(Modifier::REVERSED | Modifier::BOLD)
        );
        let checked = Board::from_fen("4k2R/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        let lines = board_lines(&checked, None, &look(false, Theme::COLOUR));
        assert_eq!(lines[0].spans[5].style.bg, Some(Color::Indexed(CHECK)));
    }

    #[test]
    fn sizes_follow_the_room() {
        assert_eq!(square_size(43, 19), Some((5, 2)));
        assert_eq!(square_size(59, 25), Some((7, 3)));
        assert_eq!(square_size(30, 10), Some((3, 1)));
        assert_eq!(square_size(26, 9), None);
    }
}
