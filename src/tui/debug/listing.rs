//! The disassembly window around PC, with symbol labels.

use crate::machine::{Dialect, Image};
use crate::profile::{disassemble_symbolic_in, symbol_at};

/// How far before PC the nearest symbol may be for decoding to start there; beyond it
/// decoding starts at PC.
const LOOK_BACK: u16 = 1024;

/// One line of the listing: a label, or an instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingLine {
    /// A symbol defined at the next instruction.
    Label(String),
    /// An instruction at `addr`.
    Code {
        /// Its address.
        addr: u16,
        /// Its bytes in hex, space-separated.
        bytes: String,
        /// Its text, operands named by symbols.
        text: String,
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
    listing_in(memory, image, pc, (rows, before), Dialect::Zilog)
}

/// The listing around `pc` in `dialect`: `(rows, before)` as for [`listing`].
pub fn listing_in(
    memory: &[u8; 0x10000],
    image: &Image,
    pc: u16,
    (rows, before): (usize, usize),
    dialect: Dialect,
) -> Vec<ListingLine> {
    let mut lines = Vec::new();
    let mut pc_line = None;
    let start = sync_point(image, pc);
    let mut addr = start;
    // Decode from the sync point until PC, then `rows` lines beyond it.
    let mut budget = usize::from(pc.wrapping_sub(start)) + rows + 1;
    while budget > 0 {
        budget -= 1;
        if addr == pc {
            pc_line = Some(lines.len());
        }
        let next = push_instruction(&mut lines, memory, image, addr, dialect);
        // Decoding from the sync point stepped over PC (PC points into an instruction): the
        // lines above are unreliable, start again at PC.
        if pc_line.is_none() && addr < pc && next > pc {
            return listing_from(memory, image, pc, rows, dialect);
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
    memory: &[u8; 0x10000],
    image: &Image,
    pc: u16,
    rows: usize,
    dialect: Dialect,
) -> Vec<ListingLine> {
    let mut lines = Vec::new();
    let mut addr = pc;
    while lines.len() < rows {
        addr = push_instruction(&mut lines, memory, image, addr, dialect);
    }
    lines.truncate(rows);
    lines
}

/// Where decoding starts for a window around `pc`.
fn sync_point(image: &Image, pc: u16) -> u16 {
    match image.symbols.nearest_below(pc) {
        Some((_, at)) if image.contains(at) && pc - at <= LOOK_BACK => at,
        _ => pc,
    }
}

/// Appends the label (if any) and the instruction at `addr`; returns the next address.
fn push_instruction(
    lines: &mut Vec<ListingLine>,
    memory: &[u8; 0x10000],
    image: &Image,
    addr: u16,
    dialect: Dialect,
) -> u16 {
    if let Some(name) = symbol_at(image, addr) {
        lines.push(ListingLine::Label(name.to_string()));
    }
    let (text, len) = disassemble_symbolic_in(memory, addr, image, dialect);
    let bytes: Vec<String> = (0..len)
        .map(|i| format!("{:02X}", memory[usize::from(addr.wrapping_add(i as u16))]))
        .collect();
    lines.push(ListingLine::Code {
        addr,
        bytes: bytes.join(" "),
        text,
    });
    addr.wrapping_add(len as u16)
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
            ListingLine::Code { addr, bytes, text } => format!("{addr:04X} {bytes} {text}"),
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
        let lines: Vec<_> = listing_in(&memory, &image, 0x103, (5, 2), Dialect::Tdl)
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
        let lines: Vec<_> = listing_in(&memory, &image, 0x100, (3, 2), Dialect::Tdl)
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
