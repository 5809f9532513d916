//! The disassembly every command shows (`call --disasm`, `profile`'s hottest instructions,
//! the debugger's code pane): each operand written as the source wrote it when its listing is
//! at hand and the expression gives the operand's bytes, else named by the image's symbols
//! (USAGE.md, "names of addresses"), else a number; and on a whole program for the Jupiter
//! III, `RST 38H` with its parameter block as one monitor call, the block written as data.
//! Every line reads back to the bytes it was made from through the project's assembler.

use super::expr::{Context, Expected, rewrite};
use super::map::{SourceMap, written_in};
use super::names::{name, symbol_at};
use super::statement;
use crate::machine::{
    BlockPart, Dialect, Image, Instruction, MonitorCall, Operand, Use, Written, decode,
};

/// How code is shown: the image and its symbols, the dialect, the source when at hand, and
/// whether `RST 38H` calls the Jupiter III's monitor.
#[derive(Debug, Clone, Copy)]
pub struct Disassembler<'a> {
    image: &'a Image,
    dialect: Dialect,
    source: Option<&'a SourceMap>,
    monitor_calls: bool,
}

/// One line of a [`Unit`]: an instruction, or a statement of a monitor call's block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitLine {
    /// Its address.
    pub addr: u16,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Its text; a monitor call's first line ends in a comment naming the call.
    pub text: String,
}

/// What starts at an address: one instruction, or one monitor call (the RST and its block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Its lines: one for an instruction; the RST, then the block's statements.
    pub lines: Vec<UnitLine>,
    /// The monitor call, when it is one.
    pub call: Option<MonitorCall>,
}

impl Unit {
    /// Its first address.
    pub fn addr(&self) -> u16 {
        self.lines[0].addr
    }

    /// Its length in bytes (a monitor call's block included).
    pub fn size(&self) -> usize {
        self.lines.iter().map(|l| l.bytes.len()).sum()
    }

    /// The address after it.
    pub fn next(&self) -> u16 {
        self.addr().wrapping_add(self.size() as u16)
    }

    /// The text of its first line (the instruction, or the RST with its call named).
    pub fn text(&self) -> &str {
        &self.lines[0].text
    }
}

/// Characters of a print's text a monitor call's comment shows.
const PRINT_SHOWN: u16 = 24;

impl<'a> Disassembler<'a> {
    /// Code of `image` in `dialect`, named by its symbols; monitor calls read when the image is
    /// a whole program ([`Image::is_whole_program`]).
    pub fn new(image: &'a Image, dialect: Dialect) -> Disassembler<'a> {
        Disassembler {
            image,
            dialect,
            source: None,
            monitor_calls: image.is_whole_program(),
        }
    }

    /// The same, with operands written as `source` wrote them where it has the line.
    pub fn with_source(self, source: Option<&'a SourceMap>) -> Disassembler<'a> {
        Disassembler { source, ..self }
    }

    /// The same, reading `RST 38H` as a monitor call or not, whatever the image's symbols say
    /// (a program run on the Jupiter III from another entry than DRIVER).
    pub fn with_monitor_calls(self, on: bool) -> Disassembler<'a> {
        Disassembler {
            monitor_calls: on,
            ..self
        }
    }

    /// The dialect it writes.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The source at hand.
    pub fn source(&self) -> Option<&'a SourceMap> {
        self.source
    }

    /// The image.
    pub fn image(&self) -> &'a Image {
        self.image
    }

    /// The label a listing writes before `addr`, if any ([`symbol_at`]).
    pub fn label_at(&self, addr: u16) -> Option<&'a str> {
        symbol_at(self.image, addr)
    }

    /// What starts at `addr` in `memory` (all 64 KiB).
    pub fn at(&self, memory: &[u8; 0x10000], addr: u16) -> Unit {
        let instruction = decode(memory, addr);
        let call = self
            .monitor_calls
            .then(|| MonitorCall::at(memory, addr))
            .flatten();
        let mut text = self.instruction_text(&instruction, addr);
        let mut lines = Vec::with_capacity(3);
        if let Some(call) = call {
            text = format!("{text} ; {}", comment(memory, call));
        }
        lines.push(UnitLine {
            addr,
            bytes: instruction.bytes().to_vec(),
            text,
        });
        if let Some(call) = call {
            for part in call.parts(memory, addr) {
                lines.push(self.block_line(&part, call));
            }
        }
        Unit { lines, call }
    }

    /// The instruction's text, operands as written or named.
    fn instruction_text(&self, instruction: &Instruction, addr: u16) -> String {
        let written = self.written(instruction, addr);
        let text = instruction.text_named(self.dialect, &|value, used| {
            written
                .get(used)
                .map(str::to_string)
                .or_else(|| name(self.image, value, used))
        });
        text.replace(", ", ",")
    }

    /// The source's expressions for the instruction at `addr`, rewritten for the dialect
    /// shown; only those that give the operand's bytes.
    fn written(&self, instruction: &Instruction, addr: u16) -> Written {
        let Some((source, line)) = self
            .source
            .and_then(|s| Some((s, s.instruction_line(addr, instruction.bytes())?)))
        else {
            return Written::default();
        };
        let raw = written_in(instruction, line, source.dialect());
        let context = Context {
            dialect: source.dialect(),
            radix: line.radix,
            here: addr,
            symbols: &self.image.symbols,
        };
        let mut shown = Written::default();
        for op in &instruction.operands {
            let (used, expected) = match *op {
                Operand::Address(v) => (Use::Address, Expected::Word(v)),
                Operand::Word(v) => (Use::Word, Expected::Word(v)),
                Operand::Target(v) => (Use::Target, Expected::Word(v)),
                Operand::Byte(n) => (Use::Byte, Expected::Byte(n)),
                Operand::Port(n) => (Use::Port, Expected::Byte(n)),
                Operand::Indexed(_, d) => (Use::Displacement, Expected::Displacement(d)),
                _ => continue,
            };
            let Some(text) = raw.get(used) else { continue };
            let rewritten = rewrite(text, context, expected, self.dialect);
            // `expr(X)` must not end in a parenthesis of its own in TDL.
            let fits = |t: &String| !(used == Use::Displacement && t.ends_with(')'));
            *shown.slot(used) = rewritten.filter(fits);
        }
        shown
    }

    /// A statement of a monitor call's block: its values as the source wrote them, the
    /// print's address named, the rest numbers.
    fn block_line(&self, part: &BlockPart, call: MonitorCall) -> UnitLine {
        let written = self.block_written(part);
        let text = part.text(self.dialect, &|i, value| {
            let source = written.get(i).cloned().flatten();
            let address = part.words && i == 0 && call.printed().is_some();
            source.or_else(|| {
                address
                    .then(|| name(self.image, value, Use::Word))
                    .flatten()
            })
        });
        UnitLine {
            addr: part.addr,
            bytes: part.bytes(),
            text,
        }
    }

    /// The source's expressions for a block statement's values, when its line there is one
    /// `DB`/`DW` (`.BYTE`/`.WORD`) of exactly these bytes.
    fn block_written(&self, part: &BlockPart) -> Vec<Option<String>> {
        let bytes = part.bytes();
        let Some((source, line)) = self
            .source
            .and_then(|s| Some((s, s.instruction_line(part.addr, &bytes)?)))
        else {
            return Vec::new();
        };
        let words: &[&str] = if part.words {
            &["DW", "DEFW", ".WORD"]
        } else {
            &["DB", "DEFB", ".BYTE"]
        };
        let Some((_, operands)) = statement::operation(&line.text, words) else {
            return Vec::new();
        };
        if operands.len() != part.values.len() {
            return Vec::new();
        }
        let context = Context {
            dialect: source.dialect(),
            radix: line.radix,
            here: part.addr,
            symbols: &self.image.symbols,
        };
        operands
            .iter()
            .zip(&part.values)
            .map(|(text, &value)| {
                let expected = if part.words {
                    Expected::Word(value)
                } else {
                    Expected::Byte(value as u8)
                };
                rewrite(text, context, expected, self.dialect)
            })
            .collect()
    }
}

/// What a monitor call's comment says: the call, and for a print the start of its text.
fn comment(memory: &[u8; 0x10000], call: MonitorCall) -> String {
    match call.printed() {
        Some((address, count)) => {
            format!("{} {}", call.name(), printed_text(memory, address, count))
        }
        None => call.name().to_string(),
    }
}

/// The bytes a print writes, quoted: ASCII as it is, the rest escaped (`\r`, `\x1C`, `\x80`),
/// cut after [`PRINT_SHOWN`] bytes with `...`.
fn printed_text(memory: &[u8; 0x10000], address: u16, count: u16) -> String {
    let mut text = String::from("\"");
    for i in 0..count.min(PRINT_SHOWN) {
        match memory[usize::from(address.wrapping_add(i))] {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            b'\r' => text.push_str("\\r"),
            b'\n' => text.push_str("\\n"),
            b @ 0x20..=0x7E => text.push(char::from(b)),
            b => text.push_str(&format!("\\x{b:02X}")),
        }
    }
    text.push('"');
    if count > PRINT_SHOWN {
        text.push_str("...");
    }
    text
}
