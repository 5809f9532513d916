//! `--disasm WHERE[:COUNT]`: code shown after the calls, disassembled with its symbols.

use anyhow::{Context, bail};
use sargon_z80::files::excerpt;
use sargon_z80::machine::{Image, parse_u16};
use sargon_z80::source::Disassembler;
use serde::Serialize;

use super::resolve;

/// Instructions shown when no count is given.
const DEFAULT_COUNT: u16 = 16;
/// The most instructions one `--disasm` shows.
const MAX_COUNT: u16 = 4096;

/// One line of a listing: an instruction, or a statement of a monitor call's block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedInstruction {
    /// Its address.
    pub address: u16,
    /// The symbol defined there, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its bytes in hex, space-separated.
    pub bytes: String,
    /// Its text, operands as the source wrote them or named by symbols.
    pub text: String,
    /// On the `RST 38H` of a monitor call: the call (`key`, `print line`, ...); its block's
    /// statements follow as lines of their own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<&'static str>,
}

/// Code to disassemble after the calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// The place as given (`GENMOV:8`).
    pub spec: String,
    /// Its first address.
    pub address: u16,
    /// The lines (filled in after the calls): one per instruction, a monitor call's block
    /// statements after its RST.
    pub instructions: Vec<ListedInstruction>,
    #[serde(skip)]
    count: u16,
}

impl Listing {
    /// Parses `WHERE[:COUNT]`: WHERE a symbol, `SYMBOL+OFFSET` or an address, COUNT 1 to
    /// 4096 instructions (default 16).
    pub fn parse(image: &Image, text: &str) -> anyhow::Result<Listing> {
        let quoted = excerpt(text);
        let context = || format!("--disasm {quoted}");
        let (place, count) = match text.rsplit_once(':') {
            Some((place, count)) => (place, parse_u16(count).with_context(context)?),
            None => (text, DEFAULT_COUNT),
        };
        if !(1..=MAX_COUNT).contains(&count) {
            bail!("--disasm {quoted}: the count must be 1 to {MAX_COUNT} instructions");
        }
        let address = resolve(&image.symbols, place).with_context(context)?;
        Ok(Listing {
            spec: text.to_string(),
            address,
            instructions: Vec::new(),
            count,
        })
    }

    /// Disassembles `memory` (all 64 KiB) as `code` shows it: COUNT instructions, a monitor
    /// call counted as one.
    pub fn read(&mut self, memory: &[u8; 0x10000], code: &Disassembler) {
        let mut addr = self.address;
        for _ in 0..self.count {
            let unit = code.at(memory, addr);
            for (i, line) in unit.lines.iter().enumerate() {
                let bytes: Vec<String> = line.bytes.iter().map(|b| format!("{b:02X}")).collect();
                let first = i == 0;
                self.instructions.push(ListedInstruction {
                    address: line.addr,
                    label: first
                        .then(|| code.label_at(line.addr).map(str::to_string))
                        .flatten(),
                    bytes: bytes.join(" "),
                    text: line.text.clone(),
                    call: first.then(|| unit.call.map(|c| c.name())).flatten(),
                });
            }
            addr = unit.next();
        }
    }

    /// A heading, then one row per line (a symbol's line before the code it names).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} at {:#06X}, {} instructions:\n",
            self.spec, self.address, self.count
        );
        for i in &self.instructions {
            if let Some(label) = &i.label {
                out.push_str(&format!("{label}:\n"));
            }
            out.push_str(&format!(
                "  {:04X}  {:<12} {}\n",
                i.address, i.bytes, i.text
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sargon_z80::machine::{Dialect, SymbolTable};

    #[test]
    fn lists_named_code_in_both_dialects() {
        let symbols = SymbolTable::parse("MAIN EQU 0100H\nLOOP EQU 0102H\n").unwrap();
        let image = Image::new(vec![0x06, 0x03, 0x3C, 0x10, 0xFD, 0xC9], 0x100, symbols).unwrap();
        let memory = sargon_z80::profile::image_memory(&image);
        let mut zilog = Listing::parse(&image, "MAIN:4").unwrap();
        zilog.read(&memory, &Disassembler::new(&image, Dialect::Zilog));
        assert_eq!(
            zilog.to_text(),
            "MAIN:4 at 0x0100, 4 instructions:\nMAIN:\n  0100  06 03        LD B,03h\nLOOP:\n  0102  3C           INC A\n  0103  10 FD        DJNZ LOOP\n  0105  C9           RET\n"
        );
        let mut tdl = Listing::parse(&image, "MAIN").unwrap();
        tdl.count = 3;
        tdl.read(&memory, &Disassembler::new(&image, Dialect::Tdl));
        let texts: Vec<&str> = tdl.instructions.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(texts, ["MVI B,03H", "INR A", "DJNZ LOOP"]);
        assert!(Listing::parse(&image, "MAIN:0").is_err());
        assert!(Listing::parse(&image, "NOWHERE:3").is_err());
    }
}
