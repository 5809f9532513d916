//! The status-line prompts: a breakpoint, a watchpoint, a FEN, the routine; and the names of
//! addresses the prompts and the status line use.

use crossterm::event::KeyCode;

use super::app::{App, Prompt, PromptKind};
use super::program::video_cells;
use super::routine::Routine;
use crate::jupiter::{CELLS, COLUMNS, VIDEO, parse_keys};
use crate::machine::parse_u16;
use crate::position::Board;

/// Longest text a prompt accepts.
const PROMPT_MAX: usize = 120;

impl App {
    pub(super) fn open_prompt(&mut self, kind: PromptKind) {
        self.running = false;
        self.prompt = Some(Prompt {
            kind,
            input: String::new(),
        });
    }

    pub(super) fn prompt_key(&mut self, code: KeyCode) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match code {
            KeyCode::Esc => {
                self.prompt = None;
                self.status = "cancelled".to_string();
            }
            KeyCode::Enter => {
                if let Some(prompt) = self.prompt.take() {
                    self.submit(prompt);
                }
            }
            KeyCode::Backspace => {
                prompt.input.pop();
            }
            KeyCode::Char(c) if prompt.input.len() < PROMPT_MAX => prompt.input.push(c),
            _ => {}
        }
    }

    fn submit(&mut self, prompt: Prompt) {
        let text = prompt.input.trim();
        match prompt.kind {
            PromptKind::Breakpoint => self.toggle_breakpoint(text),
            PromptKind::Watchpoint => self.toggle_watchpoint(text),
            PromptKind::Fen => match Board::from_fen(text) {
                Ok(board) => {
                    self.root = board;
                    self.selected = 0;
                    self.status = match self.restart() {
                        Ok(()) => format!("position set; {} called", self.routine.name()),
                        Err(error) => error,
                    };
                }
                Err(error) => self.status = format!("bad FEN: {error}"),
            },
            PromptKind::Routine => self.switch_routine(text),
            PromptKind::Keys => match parse_keys(&prompt.input) {
                Ok(keys) => self.queue_keys(&keys),
                Err(error) => self.status = error.to_string(),
            },
        }
    }

    fn switch_routine(&mut self, text: &str) {
        let old = std::mem::replace(&mut self.routine, Routine::parse(text));
        match self.restart() {
            Ok(()) => {
                let what = match &self.routine {
                    Routine::Move | Routine::Unmove => {
                        let which = self
                            .entry
                            .and_then(|e| self.move_label(e))
                            .unwrap_or_default();
                        format!(" on {which}; ↑↓ picks another move")
                    }
                    Routine::Fndmov => format!(
                        " with PLYMAX {}, MOVENO {}",
                        self.search.plymax, self.search.moveno
                    ),
                    _ => String::new(),
                };
                self.status = format!("{} called{what}", self.routine.name());
            }
            Err(error) => {
                self.routine = old;
                let _ = self.restart();
                self.status = error;
            }
        }
    }

    /// The address of `NAME`, `NAME+n` or a number; None when it is neither.
    pub(super) fn resolve(&self, text: &str) -> Option<u16> {
        let symbols = &self.image.symbols;
        if let Some(addr) = symbols.get(text) {
            return Some(addr);
        }
        if let Some((name, offset)) = text.split_once('+') {
            let base = symbols.get(name.trim())?;
            let offset = parse_u16(offset.trim()).ok()?;
            return Some(base.wrapping_add(offset));
        }
        parse_u16(text).ok()
    }

    fn toggle_breakpoint(&mut self, text: &str) {
        let (addrs, name) = match self.breakpoint_place(text) {
            Ok(place) => place,
            Err(message) => {
                self.status = message;
                return;
            }
        };
        let set = addrs.iter().all(|a| self.breakpoints.contains(a));
        self.status = if set {
            addrs.iter().for_each(|a| {
                self.breakpoints.remove(a);
            });
            format!("breakpoint cleared at {name}")
        } else {
            self.breakpoints.extend(&addrs);
            format!("breakpoint set at {name}")
        };
    }

    /// A variable of the pane is watched whole (both bytes of a pointer, all of SCORE); a
    /// whole program's video cells by `ROW,COLUMN` or `ROW,*`; any other symbol or address as
    /// one byte.
    fn toggle_watchpoint(&mut self, text: &str) {
        if let Some(cells) = video_cells(text).filter(|_| self.jupiter().is_some()) {
            let name = match cells.len() {
                1 => self.name_of(cells[0]),
                _ => format!(
                    "row {} of the screen",
                    text.split(',').next().unwrap_or("").trim()
                ),
            };
            let memory = self.target.machine().memory();
            self.status = if self.watch.toggle(&cells, memory) {
                format!("watching {name} for changes")
            } else {
                format!("no longer watching {name}")
            };
            return;
        }
        let Some(addr) = self.resolve(text) else {
            self.status = format!("no symbol or address {}", crate::files::excerpt(text));
            return;
        };
        let whole = self
            .vars
            .iter()
            .find(|v| v.addr == addr)
            .map(|v| (v.name.to_string(), v.size()));
        let (name, size) = whole.unwrap_or_else(|| (self.name_of(addr), 1));
        let addrs: Vec<u16> = (0..size).map(|i| addr.wrapping_add(i)).collect();
        let memory = self.target.machine().memory();
        self.status = if self.watch.toggle(&addrs, memory) {
            format!("watching {name} for changes")
        } else {
            format!("no longer watching {name}")
        };
    }

    /// `NAME (addr)`, `NAME+n (addr)` or the bare address. Outside the image's bytes (the
    /// tables and the list above it) a name is used only up to 255 bytes past its symbol.
    pub fn name_of(&self, addr: u16) -> String {
        let cell = usize::from(addr.wrapping_sub(VIDEO));
        if self.jupiter().is_some() && cell < CELLS {
            let (row, column) = (cell / COLUMNS, cell % COLUMNS);
            return format!("cell {row},{column} ({addr:04X}h)");
        }
        match self.image.symbols.nearest_below(addr) {
            Some((name, at)) if at == addr => format!("{name} ({addr:04X}h)"),
            Some((name, at)) if self.image.contains(addr) || addr - at < 0x100 => {
                format!("{name}+{} ({addr:04X}h)", addr - at)
            }
            _ => format!("{addr:04X}h"),
        }
    }
}
