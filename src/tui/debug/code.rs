//! The code pane: the source's own lines at PC when the program's source is at hand, the
//! disassembly otherwise (and where no line of the source is the code at PC); `v` switches
//! between the two (`V` on a whole program, where `v` switches the right-hand panes).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, CallState};
use super::listing::{ListingLine, listing_in, source_window};
use crate::source::Disassembler;

/// From this inner width a source line shows its line number, from [`BYTES_WIDTH`] its bytes.
const NUMBER_WIDTH: usize = 48;
/// From this inner width a source line shows its bytes.
const BYTES_WIDTH: usize = 72;

impl App {
    /// How the code is shown: the image, the dialect, the source; on the Jupiter III every
    /// `RST 38H` is a monitor call, whatever entry the program started from.
    pub fn disassembler(&self) -> Disassembler<'_> {
        let on_machine = self.image.is_whole_program() || self.jupiter().is_some();
        Disassembler::new(&self.image, self.dialect)
            .with_source(self.source.as_deref())
            .with_monitor_calls(on_machine)
    }

    /// Switches the code pane between the source and the disassembly (`v`, or `V`).
    pub(super) fn toggle_view(&mut self) {
        let Some(source) = &self.source else {
            self.status =
                "no source: run with --source FILE (a source or `asm --lst` listing)".to_string();
            return;
        };
        self.show_source = !self.show_source;
        self.status = if self.show_source {
            format!("the source's lines ({})", source.origin())
        } else {
            "the disassembly".to_string()
        };
    }

    /// True while the code pane shows the source's lines where it has them.
    pub fn shows_source(&self) -> bool {
        self.show_source && self.source.is_some()
    }

    pub(super) fn draw_listing(&self, frame: &mut Frame, area: Rect) {
        let machine = self.machine();
        // A program waiting in the monitor sits at 0038H, where no code of its runs.
        let waiting = self.jupiter().is_some_and(|j| j.waiting_for_key());
        let active = *self.call_state() == CallState::Active && !waiting;
        // After the call the PC sits on the harness's sentinel: keep the last RET in view.
        let pc = if active { machine.pc() } else { self.last_pc() };
        let memory: &[u8; 0x10000] = machine
            .memory()
            .try_into()
            .expect("the machine has 64 KiB of memory");
        let rows = usize::from(area.height.saturating_sub(2));
        let width = usize::from(area.width.saturating_sub(2));
        let window = (rows, rows / 3);
        let source = self
            .source
            .as_deref()
            .filter(|_| self.show_source)
            .and_then(|map| source_window(map, pc, window));
        let (listing, place) = match source {
            Some((lines, file)) => {
                let number = lines.iter().find_map(|l| match l {
                    ListingLine::Source {
                        number,
                        current: true,
                        ..
                    } => Some(*number),
                    _ => None,
                });
                let place = format!(" · {file}:{}", number.unwrap_or(0));
                (lines, place)
            }
            None => (
                listing_in(&self.disassembler(), memory, pc, window),
                String::new(),
            ),
        };
        let state = Mark { active, waiting };
        let lines: Vec<Line> = listing
            .into_iter()
            .map(|line| self.listing_line(line, pc, state, width))
            .collect();
        let title = format!("{}{place}", self.listing_title(pc));
        frame.render_widget(Paragraph::new(lines).block(self.pane(&title)), area);
    }

    fn listing_line(&self, line: ListingLine, pc: u16, state: Mark, width: usize) -> Line<'_> {
        let theme = self.theme();
        match line {
            ListingLine::Label(name) => Line::from(Span::styled(format!("{name}:"), theme.label())),
            ListingLine::Code { addr, bytes, text } | ListingLine::Data { addr, bytes, text } => {
                let here = addr == pc;
                let bytes = if width >= 40 {
                    format!("{bytes:<12}")
                } else {
                    String::new()
                };
                let style = if here { theme.current() } else { Style::new() };
                Line::from(vec![
                    Span::styled(self.breakpoint_mark(Some(addr)), theme.breakpoint()),
                    Span::styled(
                        format!("{}{addr:04X} {bytes} {text}", state.at(here)),
                        style,
                    ),
                ])
            }
            source @ ListingLine::Source { .. } => self.source_line(source, state, width),
        }
    }

    /// A line of the source: breakpoint, mark, address, bytes and number as the width allows.
    fn source_line(&self, line: ListingLine, state: Mark, width: usize) -> Line<'_> {
        let ListingLine::Source {
            addr,
            bytes,
            number,
            expanded,
            text,
            current,
        } = line
        else {
            return Line::default();
        };
        let theme = self.theme();
        let at = addr.map_or_else(|| "    ".to_string(), |a| format!("{a:04X}"));
        let bytes = if width >= BYTES_WIDTH {
            format!(" {bytes:<11}")
        } else {
            String::new()
        };
        let (number, text) = if width >= NUMBER_WIDTH {
            let plus = if expanded { '+' } else { ' ' };
            (format!(" {number:>5}{plus}"), text)
        } else {
            (String::new(), compact(&text))
        };
        let style = match (current, expanded) {
            (true, _) => theme.current(),
            (false, true) => theme.dim(),
            (false, false) => Style::new(),
        };
        Line::from(vec![
            Span::styled(self.breakpoint_mark(addr), theme.breakpoint()),
            Span::styled(
                format!("{}{at}{bytes}{number} {text}", state.at(current)),
                style,
            ),
        ])
    }

    /// `●` where a breakpoint is set.
    fn breakpoint_mark(&self, addr: Option<u16>) -> &'static str {
        match addr {
            Some(a) if self.breakpoints().contains(&a) => "●",
            _ => " ",
        }
    }

    /// The addresses a breakpoint typed as `text` stands for, and how to name them: a source
    /// line (`FILE:LINE`, or `:LINE` in the file shown), else a symbol, `NAME+n` or an address.
    pub(super) fn breakpoint_place(&self, text: &str) -> Result<(Vec<u16>, String), String> {
        let line = text
            .rsplit_once(':')
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let Some((file, number)) = line else {
            let what = match self.source {
                Some(_) => "symbol, address or FILE:LINE",
                None => "symbol or address",
            };
            return match self.resolve(text) {
                Some(addr) => Ok((vec![addr], self.name_of(addr))),
                None => Err(format!("no {what} {}", crate::files::excerpt(text))),
            };
        };
        let Some(map) = self.source.as_deref() else {
            return Err("a breakpoint by line needs the source: run with --source FILE".into());
        };
        let file = if file.trim().is_empty() {
            self.file_at_pc(map)
        } else {
            map.file_index(file)
                .ok_or_else(|| format!("the source has no file {}", crate::files::excerpt(file)))?
        };
        let number: usize = number.parse().map_err(|_| format!("no line {number}"))?;
        let addrs = map.addresses_of(file, number);
        let place = format!("{}:{number}", map.file_name(file));
        match addrs.as_slice() {
            [] => Err(format!("no code at or after {place}")),
            [one] => Ok((addrs.clone(), format!("{place}, {}", self.name_of(*one)))),
            many => Ok((addrs.clone(), format!("{place}, {} places", many.len()))),
        }
    }

    /// The file of the source line at PC, else the first file (the main source).
    fn file_at_pc(&self, map: &crate::source::SourceMap) -> usize {
        let pc = self.machine().pc();
        map.line_at(pc)
            .or_else(|| map.line_covering(pc))
            .map_or(0, |i| map.lines()[i].file)
    }

    fn listing_title(&self, pc: u16) -> String {
        let name = self.routine().name();
        if self.jupiter().is_some_and(|j| j.waiting_for_key()) {
            return format!("{name} · waits for a key at {}", self.short_name(pc));
        }
        match self.call_state() {
            CallState::Active if self.is_running() => format!("{name} running ×{}", self.speed()),
            CallState::Active => format!("{name} · at {}", self.short_name(pc)),
            CallState::Returned if self.jupiter().is_some() => format!("{name} ended"),
            CallState::Returned => format!("{name} returned"),
            CallState::Failed(_) => format!("{name} failed"),
        }
    }
}

/// Where the code stands, for the PC mark.
#[derive(Debug, Clone, Copy)]
struct Mark {
    /// The call (or the program) runs at PC.
    active: bool,
    /// A whole program waits in the monitor for a key.
    waiting: bool,
}

impl Mark {
    /// `▶` at PC while the call runs, `▷` on the last instruction while a program waits for a
    /// key, `✓` on it after the call returned.
    fn at(self, here: bool) -> &'static str {
        match (here, self.active) {
            (false, _) => " ",
            (true, true) => "▶",
            (true, false) if self.waiting => "▷",
            (true, false) => "✓",
        }
    }
}

/// A source line for a narrow pane: runs of blanks as one.
fn compact(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
