//! The Jupiter III's 64x32 cells as terminal lines: one drawing for `jupiter`'s screen and the
//! debugger's screen pane, so both show a screen the same way.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::jupiter::{COLUMNS, Glyphs, ROWS, Screen, glyph};
use crate::tui::Theme;

/// The screen's 32 rows as lines of 64 one-cell spans, the cell under `cursor` reversed (the
/// program waits for a key there).
pub fn screen_lines(
    screen: &Screen,
    glyphs: Glyphs,
    cursor: Option<(usize, usize)>,
    _theme: Theme,
) -> Vec<Line<'static>> {
    (0..ROWS)
        .map(|row| {
            let spans: Vec<Span> = (0..COLUMNS)
                .map(|column| {
                    let c = glyph(screen.cell(row, column), glyphs);
                    let style = if cursor == Some((row, column)) {
                        Style::new().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::new()
                    };
                    Span::styled(c.to_string(), style)
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}
