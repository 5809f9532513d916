//! The code pane's lines around PC: the program's own source lines when its source is at
//! hand (labels, comments and macro expansions as the listing has them), else the
//! disassembly with its labels, monitor calls as one call.

#[cfg(test)]
use crate::machine::{Dialect, Image};
use crate::source::{Disassembler, SourceMap};

/// How far before PC the nearest symbol may be for decoding to start there; beyond it
/// decoding starts at PC.
const LOOK_BACK: u16 = 1024;

/// One line of the listing: a label, an instruction, a monitor call's block statement, or a
/// line of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingLine {
    /// A symbol defined at the next instruction.
    Label(String),
    /// An instruction at `addr` (a monitor call's RST with the call named).
    Code {
        /// Its address.
        addr: u16,
        /// Its bytes in hex, space-separated.
        bytes: String,
        /// Its text, operands as the source wrote them or named by symbols.
        text: String,
    },
    /// A statement of a monitor call's parameter block: data the monitor reads.
    Data {
        /// Its address.
        addr: u16,
        /// Its bytes in hex, space-separated.
        bytes: String,
        /// Its text (`DB 81h,00h`).
        text: String,
    },
    /// A line of the source.
    Source {
        /// The address of its code, when it is code the image agrees with.
        addr: Option<u16>,
        /// Its bytes in hex (up to 4).
        bytes: String,
        /// Its line number in its file.
        number: usize,
        /// True when a macro expansion made it.
        expanded: bool,
        /// Its text as written.
        text: String,
        /// True for the line of the code at PC.
        current: bool,
    },
}

/// About `rows` lines around `pc` in Zilog's mnemonics: up to `before` lines above it and the
/// rest below. Decoding starts at the nearest symbol at or below `pc` (or at PC when none is
/// close), so the instructions above PC are the ones the code really has.
#[cfg(test)]
pub fn listing(
    memory: &[u8; 0x10000],
    image: &Image,
    pc: u16,
    rows: usize,
    before: usize,
) -> Vec<ListingLine> {
    listing_in(
        &Disassembler::new(image, Dialect::Zilog),
        memory,
        pc,
        (rows, before),
    )
}

/// The disassembly around `pc` as `code` shows it: `(rows, before)` as for [`listing`].
pub fn listing_in(
    code: &Disassembler,
    memory: &[u8; 0x10000],
    pc: u16,
    (rows, before): (usize, usize),
) -> Vec<ListingLine> {
    let mut lines = Vec::new();
    let mut pc_line = None;
    let start = sync_point(code, pc);
    let mut addr = start;
    // Decode from the sync point until PC, then `rows` lines beyond it.
    let mut budget = usize::from(pc.wrapping_sub(start)) + rows + 1;
    while budget > 0 {
        budget -= 1;
        if addr == pc {
            pc_line = Some(lines.len());
        }
        let next = push_unit(&mut lines, code, memory, addr);
        // Decoding from the sync point stepped over PC (PC points into an instruction): the
        // lines above are unreliable, start again at PC.
        if pc_line.is_none() && addr < pc && next > pc {
            return listing_from(code, memory, pc, rows);
        }
        addr = next;
        if pc_line.is_some_and(|at| lines.len() >= at + rows) {
            break;
        }
    }
    let at = pc_line.unwrap_or(0);
    let first = at.saturating_sub(before);
    lines.into_iter().skip(first).take(rows).collect()
}

fn listing_from(
    code: &Disassembler,
    memory: &[u8; 0x10000],
    pc: u16,
    rows: usize,
) -> Vec<ListingLine> {
    let mut lines = Vec::new();
    let mut addr = pc;
    while lines.len() < rows {
        addr = push_unit(&mut lines, code, memory, addr);
    }
    lines.truncate(rows);
    lines
}

/// Where decoding starts for a window around `pc`.
fn sync_point(code: &Disassembler, pc: u16) -> u16 {
    let image = code.image();
    match image.symbols.nearest_below(pc) {
        Some((_, at)) if image.contains(at) && pc - at <= LOOK_BACK => at,
        _ => pc,
    }
}

/// Appends the label (if any) and what starts at `addr`; returns the next address.
fn push_unit(
    lines: &mut Vec<ListingLine>,
    code: &Disassembler,
    memory: &[u8; 0x10000],
    addr: u16,
) -> u16 {
    if let Some(name) = code.label_at(addr) {
        lines.push(ListingLine::Label(name.to_string()));
    }
    let unit = code.at(memory, addr);
    for (i, line) in unit.lines.iter().enumerate() {
        let (addr, bytes, text) = (line.addr, hex(&line.bytes), line.text.clone());
        lines.push(if i == 0 {
            ListingLine::Code { addr, bytes, text }
        } else {
            ListingLine::Data { addr, bytes, text }
        });
    }
    unit.next()
}

fn hex(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
    hex.join(" ")
}

/// About `rows` lines of the source around the line of the code at `pc` (`before` above
/// it), and that line's file; None when no line of the source is the code at PC.
pub fn source_window(
    map: &SourceMap,
    pc: u16,
    (rows, before): (usize, usize),
) -> Option<(Vec<ListingLine>, &str)> {
    let at = map.line_at(pc).or_else(|| map.line_covering(pc))?;
    let lines = map.lines();
    let first = at
        .saturating_sub(before)
        .min(lines.len().saturating_sub(rows));
    let window = lines[first..]
        .iter()
        .enumerate()
        .take(rows)
        .map(|(i, line)| {
            let code = line.addr.filter(|&a| map.line_at(a) == Some(first + i));
            let shown = line.bytes.len().min(4);
            ListingLine::Source {
                addr: code,
                bytes: hex(&line.bytes[..shown]),
                number: line.number,
                expanded: line.expanded,
                text: line.text.clone(),
                current: first + i == at,
            }
        })
        .collect();
    Some((window, map.file_name(lines[at].file)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::SymbolTable;
    use crate::profile::image_memory;

    fn image() -> Image {
        let symbols = SymbolTable::parse("MAIN EQU 0100H\nLOOP EQU 0102H\n").unwrap();
        let bytes = vec![0x06, 0x03, 0x3C, 0x10, 0xFD, 0xC9, 0x00, 0x00];
        Image::new(bytes, 0x100, symbols).unwrap()
    }

    fn code(line: &ListingLine) -> String {
        match line {
            ListingLine::Label(name) => format!("{name}:"),
            ListingLine::Code { addr, bytes, text } | ListingLine::Data { addr, bytes, text } => {
                format!("{addr:04X} {bytes} {text}")
            }
            ListingLine::Source { number, text, .. } => format!("{number} {text}"),
        }
    }

    #[test]
    fn labels_and_lines_around_pc() {
        let image = image();
        let memory = image_memory(&image);
        let lines: Vec<_> = listing(&memory, &image, 0x103, 5, 2)
            .iter()
            .map(code)
            .collect();
        assert_eq!(
            lines,
            [
                "LOOP:",
                "0102 3C INC A",
                "0103 10 FD DJNZ LOOP",
                "0105 C9 RET",
                "0106 00 NOP"
            ]
        );
        let lines: Vec<_> = listing(&memory, &image, 0x100, 3, 2)
            .iter()
            .map(code)
            .collect();
        assert_eq!(lines, ["MAIN:", "0100 06 03 LD B,03h", "LOOP:"]);
    }

    #[test]
    fn the_listing_speaks_tdl() {
        let image = image();
        let memory = image_memory(&image);
        let lines: Vec<_> = listing_in(
            &Disassembler::new(&image, Dialect::Tdl),
            &memory,
            0x103,
            (5, 2),
        )
        .iter()
        .map(code)
        .collect();
        assert_eq!(
            lines,
            [
                "LOOP:",
                "0102 3C INR A",
                "0103 10 FD DJNZ LOOP",
                "0105 C9 RET",
                "0106 00 NOP"
            ]
        );
        let lines: Vec<_> = listing_in(
            &Disassembler::new(&image, Dialect::Tdl),
            &memory,
            0x100,
            (3, 2),
        )
        .iter()
        .map(code)
        .collect();
        assert_eq!(lines, ["MAIN:", "0100 06 03 MVI B,03H", "LOOP:"]);
    }

    #[test]
    fn pc_inside_an_instruction_restarts_there() {
        let image = image();
        let memory = image_memory(&image);
        let lines: Vec<_> = listing(&memory, &image, 0x101, 2, 2)
            .iter()
            .map(code)
            .collect();
        assert_eq!(lines, ["0101 03 INC BC", "LOOP:"]);
    }
}
