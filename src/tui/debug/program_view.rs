//! Drawing a whole program in the debugger: registers, clock and stack on the left, the code
//! with the last monitor call and the keys below it in the middle, and on the right the
//! Jupiter III's screen (drawn as `jupiter` draws it), the board and the moves of a search, or
//! both on a tall terminal.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{App, CallState};
use super::target::{Target, View};
use super::view::help_line;
use crate::jupiter::{COLUMNS, ROWS, VIDEO, key_text};
use crate::profile::micros;
use crate::text::{grouped, microseconds};
use crate::tui::jupiter::screen_lines;

/// The smallest terminal a whole program is laid out for: the framed 64x32 screen beside the
/// code and the registers.
pub const PROGRAM_MIN: (u16, u16) = (124, 36);

/// The screen pane: the 64x32 cells and a frame.
const SCREEN_W: u16 = COLUMNS as u16 + 2;
const SCREEN_H: u16 = ROWS as u16 + 2;
const SIDE: u16 = 24;
/// Rows of the board pane (8 ranks, the files, the frame and room).
const BOARD_H: u16 = 14;

/// The help line of a whole program: key, what it does.
const PROGRAM_KEYS: [(&str, &str); 13] = [
    ("s", "step"),
    ("n", "over"),
    ("o", "out"),
    ("c", "cont"),
    ("R", "to key"),
    ("S", "to search"),
    ("i", "type"),
    ("K", "queue"),
    ("b", "brk"),
    ("w", "watch"),
    ("v", "view"),
    ("V", "code"),
    ("q", "quit"),
];

/// The help line while typing to the program.
const TYPING_KEYS: [(&str, &str); 2] = [("F2", "back to the debugger"), ("Ctrl-C", "quit")];

impl App {
    /// Draws a whole program's screen.
    pub(super) fn draw_program(&self, frame: &mut Frame, area: Rect) {
        let (min_w, min_h) = PROGRAM_MIN;
        if area.width < min_w || area.height < min_h {
            let text = format!(
                "terminal too small: {}x{}, a whole program needs {min_w}x{min_h} (q quits)",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text), area);
            return;
        }
        let [panes, status, help] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [left, middle, right] = Layout::horizontal([
            Constraint::Length(SIDE),
            Constraint::Min(0),
            Constraint::Length(SCREEN_W),
        ])
        .areas(panes);
        let [registers, clock, stack] = Layout::vertical([
            Constraint::Length(10),
            Constraint::Length(6),
            Constraint::Min(0),
        ])
        .areas(left);
        self.draw_registers(frame, registers);
        self.draw_program_clock(frame, clock);
        self.draw_stack(frame, stack);
        // The search's variables below the code while it searches.
        let vars = if self.in_search() {
            (self.variables().len() as u16 + 2).min(middle.height.saturating_sub(9) / 2)
        } else {
            0
        };
        let [listing, variables, monitor, keys] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(vars),
            Constraint::Length(5),
            Constraint::Length(4),
        ])
        .areas(middle);
        self.draw_listing(frame, listing);
        if vars >= 3 {
            self.draw_variables(frame, variables);
        }
        self.draw_monitor(frame, monitor);
        self.draw_keys(frame, keys);
        self.draw_right(frame, right);
        self.draw_status(frame, status);
        let keys: &[(&str, &str)] = if self.typing() {
            &TYPING_KEYS
        } else {
            &PROGRAM_KEYS
        };
        frame.render_widget(Paragraph::new(help_line(keys, self.theme())), help);
    }

    /// The screen, the search's panes, or both, as the view and the height allow.
    fn draw_right(&self, frame: &mut Frame, area: Rect) {
        let search_panes = self.abi().is_some();
        let tall = area.height >= SCREEN_H + BOARD_H;
        let view = match &self.target {
            Target::Program(program) => program.view,
            Target::Routine(_) => View::Screen,
        };
        let screen = match view {
            View::Screen => true,
            View::Search => !search_panes,
            View::Auto => !self.in_search() || !search_panes || tall,
        };
        let search = search_panes && (!screen || tall);
        match (screen, search) {
            (true, true) => {
                let [top, bottom] =
                    Layout::vertical([Constraint::Length(SCREEN_H), Constraint::Min(0)])
                        .areas(area);
                self.draw_screen(frame, top);
                self.draw_search_panes(frame, bottom);
            }
            (true, false) => {
                let [top, _] = Layout::vertical([Constraint::Length(SCREEN_H), Constraint::Min(0)])
                    .areas(area);
                self.draw_screen(frame, top);
            }
            _ => self.draw_search_panes(frame, area),
        }
    }

    /// The board, and the moves beside it.
    fn draw_search_panes(&self, frame: &mut Frame, area: Rect) {
        let [board, moves] =
            Layout::horizontal([Constraint::Length(SIDE), Constraint::Min(0)]).areas(area);
        let [board, _] =
            Layout::vertical([Constraint::Length(BOARD_H), Constraint::Min(0)]).areas(board);
        self.draw_board(frame, board);
        self.draw_moves(frame, moves);
    }

    /// The Jupiter III's 64x32 cells as `jupiter` draws them, the cursor shown while the
    /// program waits for a key and the watched cells underlined.
    fn draw_screen(&self, frame: &mut Frame, area: Rect) {
        let Some(jupiter) = self.jupiter() else {
            return;
        };
        let Target::Program(program) = &self.target else {
            return;
        };
        let screen = jupiter.screen();
        let cursor = jupiter.waiting_for_key().then(|| screen.cursor());
        let (row, column) = screen.cursor();
        let block = Block::bordered()
            .title(Line::styled(" Jupiter III ", self.theme().title()))
            .title_top(Line::from(format!(" cursor {row},{column} ")).right_aligned());
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let options = &program.options;
        let lines = screen_lines(&screen, options.glyphs, options.look, self.theme(), cursor);
        frame.render_widget(Paragraph::new(lines), inner);
        let buffer = frame.buffer_mut();
        for &addr in self.watchpoints() {
            let cell = usize::from(addr.wrapping_sub(VIDEO));
            let (row, column) = (cell / COLUMNS, cell % COLUMNS);
            if row < ROWS && (column as u16) < inner.width && (row as u16) < inner.height {
                let at = (inner.x + column as u16, inner.y + row as u16);
                if let Some(cell) = buffer.cell_mut(at) {
                    cell.modifier.insert(Modifier::UNDERLINED);
                }
            }
        }
    }

    /// The program's clock: T-states, instructions, the time at the chosen rate, the searches
    /// and keys so far.
    fn draw_program_clock(&self, frame: &mut Frame, area: Rect) {
        let mhz = self.mhz();
        let Some(jupiter) = self.jupiter() else {
            return;
        };
        let search = match jupiter.search_since() {
            Some(since) => format!(
                "search {:>13}",
                grouped(jupiter.clock().tstates - since.tstates)
            ),
            None => format!(
                "searches {} · keys {}",
                jupiter.searches().count(),
                jupiter.keys_used().len()
            ),
        };
        let lines = vec![
            Line::from(format!("T-states {:>12}", grouped(self.tstates()))),
            Line::from(format!("instrs   {:>12}", grouped(self.instructions()))),
            Line::from(format!(
                "{} @ {mhz} MHz",
                microseconds(micros(self.tstates(), mhz))
            )),
            Line::from(search),
        ];
        frame.render_widget(Paragraph::new(lines).block(self.pane("Clock")), area);
    }

    /// The last monitor call: where, its block, what it did.
    fn draw_monitor(&self, frame: &mut Frame, area: Rect) {
        let title = format!("Monitor · {} calls", grouped(self.monitor_calls()));
        let lines = match self.last_call() {
            Some(call) => {
                let memory = self.machine().memory();
                let block: Vec<String> = (0..call.call.block_len())
                    .map(|i| format!("{:02X}", memory[usize::from(call.block.wrapping_add(i))]))
                    .collect();
                vec![
                    Line::from(format!(
                        "{} at {} · block {}",
                        call.call.name(),
                        self.short_name(call.block.wrapping_sub(1)),
                        block.join(" ")
                    )),
                    Line::from(self.call_effect(call)),
                ]
            }
            None => vec![Line::styled("no call yet", self.theme().dim())],
        };
        let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
        frame.render_widget(paragraph.block(self.pane(&title)), area);
    }

    /// Who the keys go to, the queue, and the keys read so far.
    fn draw_keys(&self, frame: &mut Frame, area: Rect) {
        let Some(jupiter) = self.jupiter() else {
            return;
        };
        let title = if self.typing() {
            "Keys · typing to the program"
        } else {
            "Keys · debugger mode (i types)"
        };
        let used = key_text(jupiter.keys_used());
        let width = usize::from(area.width.saturating_sub(2));
        let read = format!("read {}: ", jupiter.keys_used().len());
        let tail = tail(&used, width.saturating_sub(read.len()));
        let state = match self.call_state() {
            CallState::Failed(_) => " · failed",
            CallState::Returned => " · ended",
            CallState::Active if jupiter.waiting_for_key() => " · waiting",
            CallState::Active => "",
        };
        let queue = match jupiter.keys_queued() {
            0 => "queued 0".to_string(),
            n => format!("queued {n}: {}", self.queue_text()),
        };
        let lines = vec![
            Line::from(format!("{queue}{state}")),
            Line::from(format!("{read}{tail}")),
        ];
        let block = self.pane(title);
        let block = if self.typing() {
            block.border_style(self.theme().current())
        } else {
            block
        };
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }
}

/// The last `width` characters of `text`, an ellipsis in front when cut.
fn tail(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_string();
    }
    let keep = width.saturating_sub(1);
    let rest: String = text.chars().skip(count - keep).collect();
    format!("…{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_of_a_long_text() {
        assert_eq!(tail("abc", 5), "abc");
        assert_eq!(tail("abcdef", 4), "…def");
    }
}
