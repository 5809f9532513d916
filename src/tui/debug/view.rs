//! Drawing the debugger: the layout, registers, clock, stack, disassembly, status and help;
//! the board, moves and variables panes are in `panes.rs`.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::{App, CallState, PromptKind};
use crate::profile::micros;
use crate::text::{grouped, microseconds};
use crate::tui::Theme;

/// The smallest terminal the layout is made for.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the layout is made for.
pub const MIN_HEIGHT: u16 = 24;

/// From this width the variables get a column of their own beside the disassembly.
const WIDE: u16 = 120;
const SIDE: u16 = 24;

/// The help line: key, what it does.
const HELP: [(&str, &str); 11] = [
    ("s", "step"),
    ("n", "over"),
    ("o", "out"),
    ("␣", "run"),
    ("c", "cont"),
    ("b", "brk"),
    ("w", "watch"),
    ("r", "routine"),
    ("f", "FEN"),
    ("↑↓ m", "move"),
    ("q", "quit"),
];

/// Where the panes go.
struct Areas {
    registers: Rect,
    clock: Rect,
    stack: Rect,
    listing: Rect,
    variables: Rect,
    board: Rect,
    moves: Rect,
}

impl App {
    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text = format!(
                "terminal too small: {}x{}, the debugger needs {MIN_WIDTH}x{MIN_HEIGHT} (q quits)",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text), area);
            return;
        }
        if self.jupiter().is_some() {
            self.draw_program(frame, area);
            return;
        }
        let [panes, status, help] = Layout::vertical([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let areas = self.layout(panes);
        self.draw_registers(frame, areas.registers);
        self.draw_clock(frame, areas.clock);
        self.draw_stack(frame, areas.stack);
        self.draw_listing(frame, areas.listing);
        self.draw_variables(frame, areas.variables);
        self.draw_board(frame, areas.board);
        self.draw_moves(frame, areas.moves);
        self.draw_status(frame, status);
        frame.render_widget(Paragraph::new(help_line(&HELP, self.theme())), help);
    }

    /// Registers, clock and stack on the left, board and moves on the right; between them the
    /// disassembly, with the variables below it, or beside it on a wide terminal.
    fn layout(&self, panes: Rect) -> Areas {
        let wide = panes.width >= WIDE;
        let middle_parts = if wide {
            let vars = (panes.width - 2 * SIDE) * 2 / 5;
            vec![Constraint::Min(0), Constraint::Length(vars.clamp(28, 44))]
        } else {
            vec![Constraint::Min(0)]
        };
        let [left, middle, right] = Layout::horizontal([
            Constraint::Length(SIDE),
            Constraint::Min(0),
            Constraint::Length(SIDE),
        ])
        .areas(panes);
        let [registers, clock, stack] = Layout::vertical([
            Constraint::Length(10),
            Constraint::Length(5),
            Constraint::Min(0),
        ])
        .areas(left);
        let [board, moves] =
            Layout::vertical([Constraint::Length(14), Constraint::Min(0)]).areas(right);
        let (listing, variables) = if wide {
            let parts = Layout::horizontal(middle_parts).split(middle);
            (parts[0], parts[1])
        } else {
            let wanted = self.variables().len() as u16 + 2;
            let height = wanted.min(middle.height / 2);
            let [listing, variables] =
                Layout::vertical([Constraint::Min(0), Constraint::Length(height)]).areas(middle);
            (listing, variables)
        };
        Areas {
            registers,
            clock,
            stack,
            listing,
            variables,
            board,
            moves,
        }
    }

    pub(super) fn pane(&self, title: &str) -> Block<'static> {
        Block::bordered().title(Span::styled(title.to_string(), self.theme().title()))
    }

    pub(super) fn draw_registers(&self, frame: &mut Frame, area: Rect) {
        let r = self.machine().registers();
        let pair = |h: u8, l: u8| u16::from_be_bytes([h, l]);
        let lines = vec![
            format!("AF {:04X}  AF' {:04X}", r.af(), pair(r.a_alt, r.f_alt)),
            format!("BC {:04X}  BC' {:04X}", r.bc(), pair(r.b_alt, r.c_alt)),
            format!("DE {:04X}  DE' {:04X}", r.de(), pair(r.d_alt, r.e_alt)),
            format!("HL {:04X}  HL' {:04X}", r.hl(), pair(r.h_alt, r.l_alt)),
            format!("IX {:04X}  IY  {:04X}", r.ix, r.iy),
            format!("SP {:04X}  PC  {:04X}", r.sp, r.pc),
            // The chip's hidden state: WZ shows in F's bits 5 and 3 after BIT n,(HL), Q after
            // SCF and CCF.
            format!("WZ {:04X}  Q   {:02X}", r.wz, r.q),
            format!("flags {}", r.flags()),
        ];
        let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).block(self.pane("Registers")), area);
    }

    pub(super) fn draw_clock(&self, frame: &mut Frame, area: Rect) {
        let mhz = self.mhz();
        let lines = vec![
            Line::from(format!("T-states {:>12}", grouped(self.tstates()))),
            Line::from(format!("instrs   {:>12}", grouped(self.instructions()))),
            Line::from(format!(
                "{} @ {mhz} MHz",
                microseconds(micros(self.tstates(), mhz))
            )),
        ];
        frame.render_widget(Paragraph::new(lines).block(self.pane("Clock")), area);
    }

    pub(super) fn draw_stack(&self, frame: &mut Frame, area: Rect) {
        let machine = self.machine();
        let (sp, top) = (machine.sp(), machine.stack());
        let rows = usize::from(area.height.saturating_sub(2));
        let depth = usize::from(top.wrapping_sub(sp)) / 2;
        let lines: Vec<Line> = (0..depth.min(rows))
            .map(|i| {
                let addr = sp.wrapping_add(2 * i as u16);
                let word = machine.peek16(addr);
                let harness = self.jupiter().is_none() && *self.call_state() == CallState::Active;
                let what = if i + 1 == depth && harness {
                    "harness".to_string()
                } else if follows_a_call(machine.memory(), word) {
                    self.short_name(word)
                } else {
                    // Pushed data, not a return address: a name would mislead.
                    String::new()
                };
                Line::from(vec![
                    Span::styled(format!("{addr:04X} "), self.theme().dim()),
                    Span::raw(format!("{word:04X} {what}")),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(self.pane("Stack")), area);
    }

    /// `NAME` or `NAME+n` for addresses inside the image, nothing otherwise.
    pub(super) fn short_name(&self, addr: u16) -> String {
        let image = self.image();
        if !image.contains(addr) {
            return String::new();
        }
        match image.symbols.nearest_below(addr) {
            Some((name, at)) if at == addr => name.to_string(),
            Some((name, at)) => format!("{name}+{}", addr - at),
            None => String::new(),
        }
    }

    pub(super) fn draw_status(&self, frame: &mut Frame, area: Rect) {
        if self.typing() {
            let line = Line::from(vec![
                Span::styled(" TYPING ", self.theme().current()),
                Span::raw(format!(" {}", self.status())),
            ]);
            frame.render_widget(Paragraph::new(line), area);
            return;
        }
        let line = match self.prompt() {
            Some(prompt) => {
                let ask = match prompt.kind {
                    PromptKind::Breakpoint => "breakpoint at (symbol, address or file:line)> ",
                    PromptKind::Watchpoint if self.jupiter().is_some() => {
                        "watch changes of (symbol, address, or ROW,COLUMN of the screen)> "
                    }
                    PromptKind::Watchpoint => "watch changes of (symbol or address)> ",
                    PromptKind::Fen => "FEN> ",
                    PromptKind::Routine => {
                        "routine (GENMOV MOVE UNMOVE INCHK FNDMOV or a symbol)> "
                    }
                    PromptKind::Keys => "keys to queue ({enter} {bs} {esc} {ctrl-r} ...)> ",
                };
                Line::from(vec![
                    Span::styled(ask, self.theme().key()),
                    Span::raw(prompt.input.clone()),
                    Span::styled("█", self.theme().dim()),
                ])
            }
            None => Line::from(self.status().to_string()),
        };
        frame.render_widget(Paragraph::new(line), area);
    }
}

/// True when the instruction just before `addr` is a CALL or RST: `addr` is a return address.
fn follows_a_call(memory: &[u8], addr: u16) -> bool {
    let at = |back: u16| memory[usize::from(addr.wrapping_sub(back))];
    let call = at(3) == 0xCD || at(3) & 0xC7 == 0xC4;
    call || at(1) & 0xC7 == 0xC7
}

/// The help line of `keys`: key, what it does.
pub(super) fn help_line(keys: &[(&str, &str)], theme: Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(key.to_string(), theme.key()));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}
