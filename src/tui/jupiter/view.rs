//! Drawing a session: the framed 64x32 screen with the clock and the computer's last move in
//! its borders, and two status lines below it when the terminal has room.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::JupiterApp;
use super::screen::{border_set, screen_lines, separator};
use crate::abi::chosen_uci;
use crate::jupiter::{COLUMNS, ROWS, Stop};
use crate::text::{duration, grouped};

/// The smallest terminal the framed screen fits in.
pub const JUPITER_MIN: (u16, u16) = (COLUMNS as u16 + 2, ROWS as u16 + 2);

impl JupiterApp {
    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let (min_w, min_h) = JUPITER_MIN;
        if area.width < min_w || area.height < min_h {
            let text = format!(
                "terminal too small: {}x{}; the Jupiter III's screen needs {min_w}x{min_h} \
                 (Ctrl-C quits)",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        let [framed, status] =
            Layout::vertical([Constraint::Length(min_h), Constraint::Min(0)]).areas(area);
        let [framed, _] =
            Layout::horizontal([Constraint::Length(min_w), Constraint::Min(0)]).areas(framed);
        self.draw_screen(frame, framed);
        self.draw_status(frame, status);
    }

    fn draw_screen(&self, frame: &mut Frame, area: Rect) {
        let theme = self.view.theme;
        let glyphs = self.view.glyphs;
        let leave = if self.stopped.is_some() {
            " any key leaves "
        } else {
            " Ctrl-C quits "
        };
        let block = Block::bordered()
            .border_set(border_set(glyphs))
            .border_style(theme.dim())
            .title_top(Line::styled(" Jupiter III ", theme.title()).left_aligned())
            .title_top(Line::from(format!(" {} ", self.clock_text())).right_aligned())
            .title_bottom(Line::from(self.move_text()).left_aligned())
            .title_bottom(Line::styled(leave, theme.dim()).right_aligned());
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let screen = self.jupiter.screen();
        let cursor = self.jupiter.waiting_for_key().then(|| screen.cursor());
        let lines = screen_lines(&screen, glyphs, self.view.look, theme, cursor);
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn draw_status(&self, frame: &mut Frame, area: Rect) {
        if area.height == 0 {
            return;
        }
        let theme = self.view.theme;
        let state = match &self.stopped {
            Some(stop) => Line::styled(
                format!("{} (any key leaves)", stop_text(stop)),
                stop_style(stop, theme),
            ),
            None => Line::from(self.state_text()),
        };
        let lines = vec![state, Line::from(self.totals_text())];
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// Seconds at the chosen clock.
    fn seconds(&self, tstates: u64) -> f64 {
        tstates as f64 / (self.view.mhz * 1e6)
    }

    /// The time `tstates` take at the chosen clock, as every report writes a duration.
    fn time(&self, tstates: u64) -> String {
        duration(Duration::from_secs_f64(self.seconds(tstates)))
    }

    /// The clock: its time at --mhz and its T-states.
    fn clock_text(&self) -> String {
        let tstates = self.jupiter.clock().tstates;
        let s = self.seconds(tstates);
        let minutes = (s / 60.0).floor();
        format!(
            "{minutes:.0}:{:04.1}{}{} T",
            s - minutes * 60.0,
            separator(self.view.glyphs),
            grouped(tstates)
        )
    }

    /// The search under way, or the computer's last move with its cost.
    fn move_text(&self) -> String {
        if let Some(since) = self.jupiter.search_since() {
            let spent = self.jupiter.clock().tstates - since.tstates;
            return format!(" thinking: {} T, {} ", grouped(spent), self.time(spent));
        }
        match self.jupiter.searches().latest() {
            Some(last) => format!(
                " {} {} T {} instr {} ",
                chosen_uci(last.from, last.to, last.flags),
                grouped(last.cost.tstates),
                grouped(last.cost.instructions),
                self.time(last.cost.tstates)
            ),
            None => String::new(),
        }
    }

    /// How the program runs, the keys typed ahead, and the seed.
    fn state_text(&self) -> String {
        let how = if self.jupiter.waiting_for_key() {
            "waiting for a key".to_string()
        } else if self.view.pace {
            format!("running at {} MHz", self.view.mhz)
        } else {
            "running at full speed".to_string()
        };
        let dot = separator(self.view.glyphs);
        let ahead = match self.jupiter.keys_queued() {
            0 => String::new(),
            1 => format!("{dot}1 key typed ahead"),
            n => format!("{dot}{n} keys typed ahead"),
        };
        format!("{how}{ahead}{dot}seed {}", self.jupiter.seed())
    }

    /// The computer's moves and their total cost.
    fn totals_text(&self) -> String {
        let searches = self.jupiter.searches();
        if searches.is_empty() {
            return if self.jupiter.follows_searches() {
                "no computer move yet".to_string()
            } else {
                "the program names no FNDMOV and BESTM: no moves are timed".to_string()
            };
        }
        let total = searches.total().tstates;
        let moves = if searches.count() == 1 {
            "search"
        } else {
            "searches"
        };
        format!(
            "{} {moves}: {} T, {} at {} MHz",
            grouped(searches.count()),
            grouped(total),
            self.time(total),
            self.view.mhz
        )
    }
}

/// A stop in a few words.
fn stop_text(stop: &Stop) -> String {
    match stop {
        Stop::Key => "waiting for a key".to_string(),
        Stop::Ended(crate::jupiter::End::Monitor { .. }) => {
            "the program returned to the monitor".to_string()
        }
        Stop::Ended(crate::jupiter::End::Returned) => "the program returned".to_string(),
        Stop::Limit => "--max-tstates reached".to_string(),
        Stop::Failed(error) => error.to_string(),
        Stop::Interrupted => "interrupted".to_string(),
    }
}

fn stop_style(stop: &Stop, theme: crate::tui::Theme) -> Style {
    if stop.is_failure() {
        theme.error()
    } else {
        theme.good()
    }
}
