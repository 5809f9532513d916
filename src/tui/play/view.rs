//! Drawing the game: the board, Sargon's last search, the moves, the message, the input line
//! and the help line.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::{PlayApp, Tone};
use super::board::{Look, board_lines, board_width, square_size};
use crate::engine::score::{Verdict, verdict};
use crate::position::color_name;
use crate::text::{duration, grouped};

/// The smallest terminal the game is drawn in.
pub const PLAY_MIN: (u16, u16) = (60, 16);

/// Lines of the search pane, borders included.
const INFO_HEIGHT: u16 = 10;

/// The clock of the TRS-80 Model I, the machine Sargon was first sold for.
const TRS80_MHZ: f64 = 1.774;

/// The help line: what to type, what it does.
const HELP: [(&str, &str); 10] = [
    ("e4 Nf3 e2e4", "move"),
    ("undo", ""),
    ("flip", ""),
    ("new", ""),
    ("level N", ""),
    ("go", ""),
    ("save FILE", ""),
    ("help", ""),
    ("quit", ""),
    ("Esc", "stops Sargon"),
];

/// The help pane: one command a line.
const COMMANDS: [&str; 10] = [
    "e4 Nf3 O-O e8=Q e2e4: a move",
    "undo: take back a move pair",
    "flip: turn the board",
    "new [white|black]: new game",
    "level N: PLYMAX 1-9 (1978: 1-6)",
    "go: Sargon plays the side to move",
    "save FILE: the game as PGN",
    "quit (or Ctrl-C): leave",
    "Esc: stop Sargon's search",
    "",
];

impl PlayApp {
    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let (min_w, min_h) = PLAY_MIN;
        // A message too long for one line takes two.
        let message_lines = if self.message.text.chars().count() > usize::from(area.width) {
            2
        } else {
            1
        };
        let [panes, message, input, help] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(message_lines),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        // Room for the board: the whole height, and what leaves the side panes 30 columns.
        let size = square_size(
            area.width.saturating_sub(32),
            panes.height.saturating_sub(2),
        );
        let Some((width, height)) = size.filter(|_| area.width >= min_w && area.height >= min_h)
        else {
            let text = format!(
                "terminal too small: {}x{}, the game needs {min_w}x{min_h} (Ctrl-C quits)",
                area.width, area.height
            );
            return frame.render_widget(Paragraph::new(text), area);
        };
        let [board, side] = Layout::horizontal([
            Constraint::Length(board_width(width) + 2),
            Constraint::Min(0),
        ])
        .areas(panes);
        let [info, moves] =
            Layout::vertical([Constraint::Length(INFO_HEIGHT), Constraint::Min(0)]).areas(side);
        self.draw_board(frame, board, width, height);
        self.draw_info(frame, info);
        if self.help {
            self.draw_commands(frame, moves);
        } else {
            self.draw_moves(frame, moves);
        }
        self.draw_message(frame, message);
        self.draw_input(frame, input);
        frame.render_widget(Paragraph::new(self.help_line()), help);
    }

    fn pane(&self, title: &str) -> Block<'static> {
        Block::bordered().title(Span::styled(title.to_string(), self.options.theme.title()))
    }

    fn draw_board(&self, frame: &mut Frame, area: Rect, width: u16, height: u16) {
        let look = Look {
            width,
            height,
            black_at_bottom: self.black_at_bottom(),
            ascii: self.options.ascii,
            theme: self.options.theme,
        };
        let last = self
            .game
            .moves()
            .last()
            .map(|mv| (mv.entry.from, mv.entry.to));
        let mut lines = board_lines(self.game.board(), last, &look);
        // Centred in the pane's height: the spare lines go above and below.
        let spare = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len());
        lines.splice(0..0, std::iter::repeat_n(Line::default(), spare / 2));
        let frame_block = self.pane(&self.board_title());
        frame.render_widget(Paragraph::new(lines).block(frame_block), area);
    }

    /// Who is to move, or that the game is over.
    fn board_title(&self) -> String {
        if let Some(end) = self.ending {
            return format!("Game over: {}", end.result());
        }
        let side = color_name(self.game.board().color);
        match &self.thinking {
            Some(thinking) => format!(
                "Sargon ({side}) thinking {}",
                duration(thinking.started.elapsed())
            ),
            None if self.human_to_move() => format!("You ({side}) to move"),
            None => format!("Sargon ({side}) to move"),
        }
    }

    fn draw_info(&self, frame: &mut Frame, area: Rect) {
        let title = self.info_title(usize::from(area.width.saturating_sub(2)));
        let lines: Vec<Line> = self.info_lines().into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).block(self.pane(&title)), area);
    }

    /// The search pane's title in `width` columns: `Sargon 1978 · Z80 sargon78.bin · level 3`,
    /// else without `Sargon 1978 · `, else with the engine's name cut: the level always shows.
    pub fn info_title(&self, width: usize) -> String {
        let level = format!(" · level {}", self.options.level);
        let engine = &self.engine;
        let full = format!("Sargon 1978 · {engine}{level}");
        if full.chars().count() <= width {
            return full;
        }
        let room = width.saturating_sub(level.chars().count());
        if engine.chars().count() <= room {
            return format!("{engine}{level}");
        }
        let cut: String = engine.chars().take(room.saturating_sub(1)).collect();
        format!("{cut}…{level}")
    }

    /// The search pane: the player's side and seed, then Sargon's last search.
    pub fn info_lines(&self) -> Vec<String> {
        let you = if self.options.human_white {
            "white"
        } else {
            "black"
        };
        let seed = self.options.seed;
        let mut lines = vec![format!("you: {you}  seed {seed} (R={:02X}h)", seed as u8)];
        let Some(reply) = &self.reply else {
            lines.push("Sargon has not moved yet".to_string());
            return lines;
        };
        let answer = &reply.answer;
        lines.push(format!("Sargon: {} ({})", reply.numbered, reply.mv.uci()));
        lines.push(score_words(answer.score, reply.material));
        lines.push(format!(
            "{} evaluations, PLYMAX {}",
            grouped(answer.evaluations),
            reply.plymax
        ));
        match answer.hardware {
            Some(hardware) => {
                lines.push(format!("T-states {}", grouped(hardware.tstates)));
                lines.extend(self.machine_time(hardware.tstates));
            }
            None => {
                lines.push("T-states: none, native engine".to_string());
                lines.push("(--engine z80 emulates the Z80)".to_string());
            }
        }
        lines.push(format!("host time {}", duration(answer.elapsed)));
        lines
    }

    /// What the search would take on the real machine: at --mhz, and at the TRS-80's 1.774 MHz.
    fn machine_time(&self, tstates: u64) -> Vec<String> {
        let mut rates = vec![self.options.mhz];
        if (self.options.mhz - TRS80_MHZ).abs() > 1e-9 {
            rates.push(TRS80_MHZ);
        }
        rates
            .into_iter()
            .map(|mhz| {
                let seconds = tstates as f64 / (mhz * 1e6);
                let time = duration(std::time::Duration::from_secs_f64(seconds));
                format!("at {mhz} MHz: {time}")
            })
            .collect()
    }

    fn draw_moves(&self, frame: &mut Frame, area: Rect) {
        let rows = usize::from(area.height.saturating_sub(2));
        let lines = self.move_lines();
        let first = lines.len().saturating_sub(rows);
        let lines: Vec<Line> = lines.into_iter().skip(first).map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).block(self.pane("Moves")), area);
    }

    /// The moves, one full move a line: "12. Nf3      Nc6".
    pub fn move_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for (index, san) in self.sans.iter().enumerate() {
            let (number, white) = self.number_of(index);
            if white {
                lines.push(format!("{number:>3}. {san:<9}"));
            } else if index == 0 {
                lines.push(format!("{number:>3}. {:<9}{san}", "..."));
            } else if let Some(line) = lines.last_mut() {
                line.push_str(san);
            }
        }
        lines
    }

    fn draw_commands(&self, frame: &mut Frame, area: Rect) {
        let lines: Vec<Line> = COMMANDS.iter().map(|c| Line::from(*c)).collect();
        frame.render_widget(Paragraph::new(lines).block(self.pane("Commands")), area);
    }

    fn draw_message(&self, frame: &mut Frame, area: Rect) {
        let theme = self.options.theme;
        let style = match self.message.tone {
            Tone::Info => ratatui::style::Style::new(),
            Tone::Good => theme.good(),
            Tone::Error => theme.error(),
        };
        let line = Line::from(Span::styled(self.message.text.clone(), style));
        let wrap = ratatui::widgets::Wrap { trim: true };
        frame.render_widget(Paragraph::new(line).wrap(wrap), area);
    }

    fn draw_input(&self, frame: &mut Frame, area: Rect) {
        let theme = self.options.theme;
        let line = match &self.confirm {
            Some(path) => Line::from(Span::styled(
                format!("replace {}? y/n", crate::files::path_text(path)),
                theme.key(),
            )),
            None => Line::from(vec![
                Span::styled("> ", theme.key()),
                Span::raw(self.input.clone()),
                Span::styled("█", theme.dim()),
            ]),
        };
        frame.render_widget(Paragraph::new(line), area);
    }

    fn help_line(&self) -> Line<'static> {
        let theme = self.options.theme;
        let mut spans = Vec::new();
        for (i, (key, what)) in HELP.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::styled(*key, theme.key()));
            if !what.is_empty() {
                spans.push(Span::raw(format!(" {what}")));
            }
        }
        Line::from(spans)
    }
}

/// The score line for Sargon's side: the evaluation a GUI would show (the root's `material`
/// plus Sargon's change) beside the change and the SCORE+1 byte it came from, or what the
/// special bytes mean.
fn score_words(score: u8, material: i32) -> String {
    match verdict(score) {
        Verdict::Centipawns(change) => {
            let cp = material + change;
            format!("score {cp:+} cp (change {change:+}, {score:02X}h)")
        }
        Verdict::Book => format!("score {material:+} cp, book move"),
        Verdict::Mates => format!("score Sargon mates ({score:02X}h)"),
        Verdict::Mated => format!("score mated in every line ({score:02X}h)"),
    }
}
