//! BOARDA as the code sees it: the 10x12 grid with its 0xFF border, pieces as glyphs, cells
//! coloured by how recently the code read or wrote them.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::heat::{FADE, Heat, Touch};
use crate::position::{BORDER, EMPTY, KING, PAWN, piece_char, piece_symbol, piece_type};
use crate::tui::Theme;

/// Twelve lines, rank 8 on top: a rank digit, then ten 2-column cells (a piece glyph, `·` for
/// an empty square, the byte in hex for border cells and anything that is no piece); a cell
/// the code touched lately is lit (shaded by age in colour, underlined or reversed without).
pub fn board_lines(cells: &[u8], heat: &Heat, ascii: bool, theme: Theme) -> Vec<Line<'static>> {
    (0..12)
        .rev()
        .map(|row| {
            let label = if (2..=9).contains(&row) {
                char::from(b'0' + row as u8 - 1).to_string()
            } else {
                " ".to_string()
            };
            let mut spans = vec![Span::styled(label, theme.dim())];
            for col in 0..10 {
                let index = row * 10 + col;
                spans.push(cell(cells[index], index, heat, ascii, theme));
            }
            Line::from(spans)
        })
        .collect()
}

fn cell(byte: u8, index: usize, heat: &Heat, ascii: bool, theme: Theme) -> Span<'static> {
    let playing = (21..=98).contains(&index) && index % 10 != 0 && index % 10 != 9;
    let is_piece = byte != EMPTY && byte != BORDER && (PAWN..=KING).contains(&piece_type(byte));
    let (text, style) = if playing && byte == EMPTY {
        ("· ".to_string(), theme.dim())
    } else if playing && is_piece && byte & 0x60 == 0 {
        let glyph = if ascii {
            piece_char(byte).unwrap_or('?')
        } else {
            piece_symbol(byte)
        };
        (format!("{glyph} "), Style::new())
    } else {
        (format!("{byte:02X}"), theme.dim())
    };
    let style = match heat.touch(index) {
        Touch::Cold => style,
        // A lit cell drops the dimming so the light shows.
        Touch::Read(age) => theme.read(Style::new(), age, FADE),
        Touch::Written(age) => theme.written(Style::new(), age, FADE),
    };
    Span::styled(text, style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Observer;
    use crate::position::Board;
    use ratatui::style::{Color, Modifier};

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
        let lines = board_lines(&board.cells, &heat, false, Theme::COLOUR);
        let got = text(&lines);
        assert_eq!(got.len(), 12);
        assert_eq!(got[0], " FFFFFFFFFFFFFFFFFFFF");
        assert_eq!(got[2], "8FF♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ FF");
        assert_eq!(got[5], "5FF· · · · · · · · FF");
        assert_eq!(got[9], "1FF♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ FF");
        let ascii = text(&board_lines(&board.cells, &heat, true, Theme::COLOUR));
        assert_eq!(ascii[8], "2FFP P P P P P P P FF");
    }

    #[test]
    fn touched_cells_are_shaded() {
        let board = Board::startpos();
        let mut heat = Heat::new(0);
        heat.on_read(0, 15, 0);
        heat.on_write(0, 35, 0);
        heat.on_instruction(0, &[], 4);
        let lines = board_lines(&board.cells, &heat, false, Theme::COLOUR);
        // Row 1 is line 10; cell 5 is span 6 (after the rank label).
        assert_eq!(lines[10].spans[6].style.bg, Some(Color::Indexed(226)));
        assert_eq!(lines[8].spans[6].style.bg, Some(Color::Indexed(196)));
        assert_eq!(lines[8].spans[5].style.bg, None);
        let plain = board_lines(&board.cells, &heat, false, Theme::PLAIN);
        let read = plain[10].spans[6].style;
        assert_eq!((read.fg, read.bg), (None, None));
        assert!(read.add_modifier.contains(Modifier::UNDERLINED));
        assert!(
            plain[8].spans[6]
                .style
                .add_modifier
                .contains(Modifier::REVERSED)
        );
    }
}
