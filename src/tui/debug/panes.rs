//! The board, moves and variables panes of the debugger.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, CallState};
use super::board::board_lines;
use super::moves::ListedMove;
use super::vars::{Shape, Variable};

impl App {
    pub(super) fn draw_board(&self, frame: &mut Frame, area: Rect) {
        let Some(abi) = self.abi() else {
            return;
        };
        let machine = self.machine();
        let boarda = abi.boarda;
        let cells: Vec<u8> = (0..120u16)
            .map(|i| machine.peek(boarda.wrapping_add(i)))
            .collect();
        let color = machine.peek(abi.color);
        let side = if color & 0x80 == 0 { "white" } else { "black" };
        let block = self
            .pane(&format!("BOARDA {side}"))
            .title_bottom(Line::from("───a─b─c─d─e─f─g─h─"));
        let lines = board_lines(&cells, self.heat(), self.ascii(), self.theme());
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    pub(super) fn draw_moves(&self, frame: &mut Frame, area: Rect) {
        let moves = self.moves();
        let rows = usize::from(area.height.saturating_sub(2));
        let active = *self.call_state() == CallState::Active;
        let search = self.shown_ply();
        let current = self.current_entry();
        let best = self.best_entry();
        // The entry being worked on stays in view; otherwise the newest, or the selection.
        let focus = match (current, active) {
            (Some(at), _) => moves.iter().position(|m| m.addr == at).unwrap_or(0),
            (None, true) => moves.len().saturating_sub(1),
            (None, false) => self.selected(),
        };
        let first = (focus + 1).saturating_sub(rows);
        let lines: Vec<Line> = moves
            .iter()
            .enumerate()
            .skip(first)
            .take(rows)
            .map(|(i, m)| {
                let chosen = search.is_none() && !active && i == self.selected();
                let here = Some(m.addr) == current;
                let mark = match (chosen || here, Some(m.addr) == best) {
                    (true, _) => "▶",
                    (false, true) => "★",
                    (false, false) => " ",
                };
                let text = self.move_line(mark, i, m, search.is_some());
                let style = if chosen || here {
                    self.theme().current()
                } else {
                    Style::new()
                };
                Line::from(Span::styled(text, style))
            })
            .collect();
        let title = match search {
            Some(ply) => format!("Ply {ply} · {} moves", moves.len()),
            None => format!("Moves {}", moves.len()),
        };
        frame.render_widget(Paragraph::new(lines).block(self.pane(&title)), area);
    }

    /// `▶  3 g1f3  10 130A`; in a search the value byte (SORTM's, or POINTS's at the leaves)
    /// comes before the address.
    fn move_line(&self, mark: &str, index: usize, m: &ListedMove, search: bool) -> String {
        let number = index + 1;
        if search {
            let value = self.machine().peek(m.addr.wrapping_add(5));
            format!(
                "{mark}{number:>3} {:<6}{:02X} {value:02X} {:04X}",
                m.uci, m.flags, m.addr
            )
        } else {
            format!(
                "{mark}{number:>3} {:<6}{:02X} {:04X}",
                m.uci, m.flags, m.addr
            )
        }
    }

    /// The entry MOVE or UNMOVE works on, or the search's current one (MLPTRJ).
    fn current_entry(&self) -> Option<u16> {
        if self.routine().takes_a_move() {
            return self.entry;
        }
        self.shown_ply()?;
        Some(self.machine().peek16(self.abi()?.mlptrj))
    }

    /// BESTM during and after a search.
    fn best_entry(&self) -> Option<u16> {
        self.shown_ply()?;
        let at = self.image().symbols.get("BESTM")?;
        Some(self.machine().peek16(at))
    }

    pub(super) fn draw_variables(&self, frame: &mut Frame, area: Rect) {
        let rows = usize::from(area.height.saturating_sub(2));
        let vars = self.variables();
        let lines: Vec<Line> = vars
            .iter()
            .take(rows)
            .map(|var| self.variable_line(var))
            .collect();
        let title = if rows < vars.len() {
            format!("Variables {rows} of {}", vars.len())
        } else {
            "Variables".to_string()
        };
        frame.render_widget(Paragraph::new(lines).block(self.pane(&title)), area);
    }

    /// `◆BESTM  3809 #1 b1c3`: a watch mark, the name, the value (what changed in the last
    /// command marked), what it means.
    fn variable_line(&self, var: &Variable) -> Line<'static> {
        let memory = self.machine().memory();
        let watched =
            (0..var.size()).any(|i| self.watchpoints().contains(&var.addr.wrapping_add(i)));
        let mut spans = vec![
            Span::styled(if watched { "◆" } else { " " }, self.theme().breakpoint()),
            Span::raw(format!("{:<7}", var.name)),
        ];
        let changed = |i: u16| self.changed(var.addr.wrapping_add(i));
        let style = |hit: bool| {
            if hit {
                self.theme().changed()
            } else {
                Style::new()
            }
        };
        match var.shape {
            Shape::Pointer | Shape::Byte | Shape::Side => {
                let any = (0..var.size()).any(changed);
                spans.push(Span::styled(var.value(memory), style(any)));
            }
            Shape::Squares | Shape::Bytes(_) => {
                for i in 0..var.size() {
                    if i > 0 {
                        spans.push(Span::raw(" "));
                    }
                    let byte = memory[usize::from(var.addr.wrapping_add(i))];
                    spans.push(Span::styled(format!("{byte:02X}"), style(changed(i))));
                }
            }
        }
        let meaning = match var.shape {
            Shape::Pointer if Some(var.addr) == self.abi().map(|abi| abi.mlptri) => {
                self.ply_pointer_note(var.value_word(memory))
            }
            Shape::Pointer => self.pointer_note(var.value_word(memory)),
            _ => var.meaning(memory),
        };
        if !meaning.is_empty() {
            spans.push(Span::styled(format!(" {meaning}"), self.theme().dim()));
        }
        Line::from(spans)
    }

    /// MLPTRI's target: PLYIX-2 at the root, PLYIX+4k-2 at ply k.
    fn ply_pointer_note(&self, addr: u16) -> String {
        let plyix = self.abi().map_or(0, |abi| abi.plyix);
        let offset = i32::from(addr) - i32::from(plyix);
        if offset >= -2 && offset.rem_euclid(4) == 2 {
            format!("PLYIX{offset:+}, ply {}", (offset + 2) / 4)
        } else {
            format!("PLYIX{offset:+}")
        }
    }

    /// A pointer's target: none (0), a move of a list (`#3 g1f3`), else the symbol it points
    /// into.
    fn pointer_note(&self, addr: u16) -> String {
        if addr == 0 {
            return "none".to_string();
        }
        if let Some(label) = self.move_label(addr) {
            return label;
        }
        match self.image().symbols.nearest_below(addr) {
            Some((name, at)) if at == addr => name.to_string(),
            Some((name, at)) if addr - at < 0x100 => format!("{name}+{}", addr - at),
            _ => String::new(),
        }
    }
}
