//! BOARDA as the code sees it: the 10x12 grid with its 0xFF border, pieces as glyphs, cells
//! coloured by how recently the code read or wrote them.

use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};

use super::heat::{FADE, Heat, Touch};
use crate::position::{BORDER, EMPTY, KING, PAWN, piece_char, piece_symbol, piece_type};

/// Background shades from fresh to faded: reads in yellow, writes in red (256-colour palette).
const READ_SHADES: [u8; 4] = [226, 178, 136, 94];
const WRITE_SHADES: [u8; 4] = [196, 160, 124, 88];

/// Twelve lines, rank 8 on top: a rank digit, then ten 2-column cells (a piece glyph, `·` for
/// an empty square, the byte in hex for border cells and anything that is no piece).
pub fn board_lines(cells: &[u8], heat: &Heat, ascii: bool) -> Vec<Line<'static>> {
    (0..12)
        .rev()
        .map(|row| {
            let label = if (2..=9).contains(&row) {
                char::from(b'0' + row as u8 - 1).to_string()
            } else {
                " ".to_string()
            };
            let mut spans = vec![Span::styled(label, Style::new().fg(Color::DarkGray))];
            for col in 0..10 {
                let index = row * 10 + col;
                spans.push(cell(cells[index], index, heat, ascii));
            }
            Line::from(spans)
        })
        .collect()
}

fn cell(byte: u8, index: usize, heat: &Heat, ascii: bool) -> Span<'static> {
    let playing = (21..=98).contains(&index) && index % 10 != 0 && index % 10 != 9;
    let is_piece = byte != EMPTY && byte != BORDER && (PAWN..=KING).contains(&piece_type(byte));
    let (text, mut style) = if playing && byte == EMPTY {
        ("· ".to_string(), Style::new().fg(Color::DarkGray))
    } else if playing && is_piece && byte & 0x60 == 0 {
        let glyph = if ascii {
            piece_char(byte).unwrap_or('?')
        } else {
            piece_symbol(byte)
        };
        (format!("{glyph} "), Style::new())
    } else {
        (format!("{byte:02X}"), Style::new().fg(Color::DarkGray))
    };
    let shade = |age: u64, shades: &[u8; 4]| {
        let level = (age * shades.len() as u64 / FADE).min(shades.len() as u64 - 1);
        Color::Indexed(shades[level as usize])
    };
    match heat.touch(index) {
        Touch::Cold => {}
        Touch::Read(age) => style = style.bg(shade(age, &READ_SHADES)).fg(Color::Black),
        Touch::Written(age) => style = style.bg(shade(age, &WRITE_SHADES)).fg(Color::White),
    }
    Span::styled(text, style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Observer;
    use crate::position::Board;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn start_position_with_border() {
        let board = Board::startpos();
        let heat = Heat::new(0);
        let lines = board_lines(&board.cells, &heat, false);
        let got = text(&lines);
        assert_eq!(got.len(), 12);
        assert_eq!(got[0], " FFFFFFFFFFFFFFFFFFFF");
        assert_eq!(got[2], "8FF♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ FF");
        assert_eq!(got[5], "5FF· · · · · · · · FF");
        assert_eq!(got[9], "1FF♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ FF");
        let ascii = text(&board_lines(&board.cells, &heat, true));
        assert_eq!(ascii[8], "2FFP P P P P P P P FF");
    }

    #[test]
    fn touched_cells_are_shaded() {
        let board = Board::startpos();
        let mut heat = Heat::new(0);
        heat.on_read(0, 15, 0);
        heat.on_write(0, 35, 0);
        heat.on_instruction(0, &[], 4);
        let lines = board_lines(&board.cells, &heat, false);
        // Row 1 is line 10; cell 5 is span 6 (after the rank label).
        assert_eq!(lines[10].spans[6].style.bg, Some(Color::Indexed(226)));
        assert_eq!(lines[8].spans[6].style.bg, Some(Color::Indexed(196)));
        assert_eq!(lines[8].spans[5].style.bg, None);
    }
}
