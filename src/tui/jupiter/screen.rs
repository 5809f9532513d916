//! The Jupiter III's screen drawn for a terminal: the one place that turns its cells into
//! ratatui lines, for the `jupiter` session and for any pane that shows the machine's screen.

use ratatui::symbols::border;
use ratatui::text::{Line, Span};

use crate::jupiter::{COLUMNS, Glyphs, Look, ROWS, Screen, glyph};
use crate::tui::Theme;

/// A frame of plain ASCII, for `--ascii`.
pub const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// The frame's lines for `glyphs`: box drawing, or ASCII for fonts without it.
pub fn border_set(glyphs: Glyphs) -> border::Set<'static> {
    match glyphs {
        Glyphs::Unicode => border::PLAIN,
        Glyphs::Ascii => ASCII_BORDER,
    }
}

/// What separates the parts of a title: a middle dot, or `-` for `--ascii`.
pub fn separator(glyphs: Glyphs) -> &'static str {
    match glyphs {
        Glyphs::Unicode => " \u{b7} ",
        Glyphs::Ascii => " - ",
    }
}

/// The 32 rows of `screen` as drawn in `glyphs`, in the tones of `look` (dark ink on a
/// light ground unless the negative is asked for: [`Theme::jupiter_screen`]), the cell at
/// `cursor` with its tones swapped when given. Each row is one span, or three around the
/// cursor.
pub fn screen_lines(
    screen: &Screen,
    glyphs: Glyphs,
    look: Look,
    theme: Theme,
    cursor: Option<(usize, usize)>,
) -> Vec<Line<'static>> {
    let style = theme.jupiter_screen(look);
    let text = |row: usize, columns: std::ops::Range<usize>| -> String {
        columns
            .map(|c| glyph(screen.cell(row, c), glyphs))
            .collect()
    };
    (0..ROWS)
        .map(|row| match cursor {
            Some((at, column)) if at == row && column < COLUMNS => Line::from(vec![
                Span::styled(text(row, 0..column), style),
                Span::styled(text(row, column..column + 1), theme.jupiter_cursor(look)),
                Span::styled(text(row, column + 1..COLUMNS), style),
            ]),
            _ => Line::from(Span::styled(text(row, 0..COLUMNS), style)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jupiter::VIDEO;
    use ratatui::style::{Color, Modifier};

    #[test]
    fn rows_carry_the_screens_tones_and_the_cursor_is_swapped() {
        let mut memory = vec![0x20u8; 0x10000];
        memory[usize::from(VIDEO)..usize::from(VIDEO) + 3].copy_from_slice(b"a\xBFb");
        let screen = Screen::from_memory(&memory, (0, 1));
        let lines = screen_lines(
            &screen,
            Glyphs::Unicode,
            Look::Paper,
            Theme::PLAIN,
            Some((0, 1)),
        );
        assert_eq!(lines.len(), ROWS);
        let first: Vec<&str> = lines[0].spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(first[..2], ["a", "\u{2588}"]);
        assert_eq!(first[2].chars().count(), COLUMNS - 2);
        assert_eq!(lines[0].spans[0].style.fg, Some(Color::Indexed(234)));
        assert_eq!(lines[0].spans[0].style.bg, Some(Color::Indexed(255)));
        let cursor = lines[0].spans[1].style;
        assert!(cursor.add_modifier.contains(Modifier::REVERSED));
        assert_eq!(lines[1].spans.len(), 1);
        let ascii = screen_lines(&screen, Glyphs::Ascii, Look::Negative, Theme::COLOUR, None);
        assert!(ascii[0].spans[0].content.starts_with("a#b"));
        assert_eq!(ascii[0].spans[0].style.bg, Some(Color::Indexed(234)));
        assert_eq!(border_set(Glyphs::Ascii).top_left, "+");
    }
}
