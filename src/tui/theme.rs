//! The styles of every screen, in colour or without it.
//!
//! With `NO_COLOR` set (<https://no-color.org>: present and not empty) no style carries a
//! colour; what colour would tell is told by bold, reverse, underline and dim instead, so
//! nothing the screen highlights is lost. The one exception is the Jupiter III's screen
//! ([`Theme::jupiter_screen`]): its dark and light are not highlighting but what the screen
//! is, and the terminal's own colours would turn it into a negative on a dark theme.

use ratatui::style::{Color, Modifier, Style};

use crate::jupiter::Look;

/// Background shades from fresh to faded: reads in yellow, writes in red (256-colour palette).
const READ_SHADES: [u8; 4] = [226, 178, 136, 94];
const WRITE_SHADES: [u8; 4] = [196, 160, 124, 88];

/// The styles of a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    colour: bool,
}

impl Theme {
    /// Colours allowed.
    pub const COLOUR: Theme = Theme { colour: true };
    /// No colour at all: modifiers only.
    pub const PLAIN: Theme = Theme { colour: false };

    /// [`Theme::PLAIN`] when the `NO_COLOR` variable is set to anything but the empty string.
    pub fn from_env() -> Theme {
        Theme::from_no_color(std::env::var_os("NO_COLOR").as_deref())
    }

    /// The theme for a value of `NO_COLOR` (None when it is not set).
    pub fn from_no_color(value: Option<&std::ffi::OsStr>) -> Theme {
        match value {
            Some(value) if !value.is_empty() => Theme::PLAIN,
            _ => Theme::COLOUR,
        }
    }

    /// True when styles may carry colours.
    pub fn has_colour(&self) -> bool {
        self.colour
    }

    /// `colour` with colours, `plain` without.
    fn pick(&self, colour: Style, plain: Style) -> Style {
        if self.colour { colour } else { plain }
    }

    /// A key in a help line.
    pub fn key(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Secondary text: addresses, labels of the board, empty squares.
    pub fn dim(&self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// A pane title.
    pub fn title(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A code label in the disassembly.
    pub fn label(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// The line or item the user is on (PC, the chosen move): reverse in both themes.
    pub fn current(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// A value that changed since the last stop.
    pub fn changed(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }

    /// A breakpoint mark.
    pub fn breakpoint(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// An error or refusal on the message line.
    pub fn error(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Good news: a move played, a file saved.
    pub fn good(&self) -> Style {
        self.pick(Style::new().fg(Color::Green), Style::new())
    }

    /// The Jupiter III's screen in `look`: its ink on its ground as two greys of the
    /// 256-colour palette, which terminal themes leave as they are, so the screen is dark on
    /// light (or, as asked, light on dark) whatever the terminal's own colours, with or
    /// without `NO_COLOR`.
    pub fn jupiter_screen(&self, look: Look) -> Style {
        Style::new()
            .fg(Color::Indexed(look.ink_index()))
            .bg(Color::Indexed(look.paper_index()))
    }

    /// The cell under the Jupiter III's cursor while its program waits for a key: the
    /// screen's tones swapped.
    pub fn jupiter_cursor(&self, look: Look) -> Style {
        self.jupiter_screen(look).add_modifier(Modifier::REVERSED)
    }

    /// A cell read `age` of `fade` instructions ago.
    pub fn read(&self, style: Style, age: u64, fade: u64) -> Style {
        if self.colour {
            style.bg(shade(age, fade, &READ_SHADES)).fg(Color::Black)
        } else {
            style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
        }
    }

    /// A cell written `age` of `fade` instructions ago.
    pub fn written(&self, style: Style, age: u64, fade: u64) -> Style {
        if self.colour {
            style.bg(shade(age, fade, &WRITE_SHADES)).fg(Color::White)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }
}

fn shade(age: u64, fade: u64, shades: &[u8; 4]) -> Color {
    let level = (age * shades.len() as u64 / fade.max(1)).min(shades.len() as u64 - 1);
    Color::Indexed(shades[level as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn no_color_set_and_not_empty_means_plain() {
        assert_eq!(Theme::from_no_color(None), Theme::COLOUR);
        assert_eq!(Theme::from_no_color(Some(OsStr::new(""))), Theme::COLOUR);
        assert_eq!(Theme::from_no_color(Some(OsStr::new("1"))), Theme::PLAIN);
    }

    #[test]
    fn plain_styles_have_no_colour_but_keep_their_emphasis() {
        let plain = Theme::PLAIN;
        let styles = [
            plain.key(),
            plain.dim(),
            plain.label(),
            plain.current(),
            plain.changed(),
            plain.breakpoint(),
            plain.error(),
            plain.good(),
            plain.read(Style::new(), 0, 48),
            plain.written(Style::new(), 0, 48),
        ];
        for style in styles {
            assert_eq!((style.fg, style.bg), (None, None), "{style:?}");
        }
        assert!(plain.changed().add_modifier.contains(Modifier::REVERSED));
        assert!(
            plain
                .written(Style::new(), 3, 48)
                .add_modifier
                .contains(Modifier::REVERSED)
        );
        let read = plain.read(Style::new(), 3, 48).add_modifier;
        assert!(read.contains(Modifier::UNDERLINED | Modifier::BOLD));
    }

    #[test]
    fn the_jupiter_screen_is_dark_on_light_in_both_themes() {
        for theme in [Theme::COLOUR, Theme::PLAIN] {
            let paper = theme.jupiter_screen(Look::Paper);
            assert_eq!(
                (paper.fg, paper.bg),
                (Some(Color::Indexed(234)), Some(Color::Indexed(255)))
            );
            let negative = theme.jupiter_screen(Look::Negative);
            assert_eq!(
                (negative.fg, negative.bg),
                (Some(Color::Indexed(255)), Some(Color::Indexed(234)))
            );
            let cursor = theme.jupiter_cursor(Look::Paper);
            assert!(cursor.add_modifier.contains(Modifier::REVERSED));
        }
    }

    #[test]
    fn colour_shades_fade_with_age() {
        let colour = Theme::COLOUR;
        assert_eq!(
            colour.read(Style::new(), 0, 48).bg,
            Some(Color::Indexed(226))
        );
        assert_eq!(
            colour.read(Style::new(), 47, 48).bg,
            Some(Color::Indexed(94))
        );
        assert_eq!(
            colour.written(Style::new(), 12, 48).bg,
            Some(Color::Indexed(160))
        );
    }
}
