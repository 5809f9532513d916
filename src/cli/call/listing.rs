//! `--disasm WHERE[:COUNT]`: code shown after the calls, disassembled with its symbols.

use anyhow::{Context, bail};
use sargon_z80::files::excerpt;
use sargon_z80::machine::{Dialect, Image, parse_u16};
use sargon_z80::profile::{disassemble_symbolic_in, symbol_at};
use serde::Serialize;

use super::resolve;

/// Instructions shown when no count is given.
const DEFAULT_COUNT: u16 = 16;
/// The most instructions one `--disasm` shows.
const MAX_COUNT: u16 = 4096;

/// One instruction of a listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedInstruction {
    /// Its address.
    pub address: u16,
    /// The symbol defined there, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its bytes in hex, space-separated.
    pub bytes: String,
    /// Its text, operands named by symbols.
    pub text: String,
}

/// Code to disassemble after the calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// The place as given (`GENMOV:8`).
    pub spec: String,
    /// Its first address.
    pub address: u16,
    /// The instructions (filled in after the calls).
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

    /// Disassembles `memory` (all 64 KiB) in `dialect`, naming what `image`'s symbols name.
    pub fn read(&mut self, memory: &[u8; 0x10000], image: &Image, dialect: Dialect) {
        let mut addr = self.address;
        for _ in 0..self.count {
            let (text, len) = disassemble_symbolic_in(memory, addr, image, dialect);
            let bytes: Vec<String> = (0..len)
                .map(|i| format!("{:02X}", memory[usize::from(addr.wrapping_add(i as u16))]))
                .collect();
            self.instructions.push(ListedInstruction {
                address: addr,
                label: symbol_at(image, addr).map(str::to_string),
                bytes: bytes.join(" "),
                text,
            });
            addr = addr.wrapping_add(len as u16);
        }
    }

    /// A heading, then one row per instruction (a symbol's line before the code it names).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} at {:#06X}, {} instructions:\n",
            self.spec,
            self.address,
            self.instructions.len()
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
    use sargon_z80::machine::SymbolTable;

    #[test]
    fn lists_named_code_in_both_dialects() {
        let symbols = SymbolTable::parse("MAIN EQU 0100H\nLOOP EQU 0102H\n").unwrap();
        let image = Image::new(vec![0x06, 0x03, 0x3C, 0x10, 0xFD, 0xC9], 0x100, symbols).unwrap();
        let memory = sargon_z80::profile::image_memory(&image);
        let mut zilog = Listing::parse(&image, "MAIN:4").unwrap();
        zilog.read(&memory, &image, Dialect::Zilog);
        assert_eq!(
            zilog.to_text(),
            "MAIN:4 at 0x0100, 4 instructions:\nMAIN:\n  0100  06 03        LD B,03h\nLOOP:\n  0102  3C           INC A\n  0103  10 FD        DJNZ LOOP\n  0105  C9           RET\n"
        );
        let mut tdl = Listing::parse(&image, "MAIN").unwrap();
        tdl.count = 3;
        tdl.read(&memory, &image, Dialect::Tdl);
        let texts: Vec<&str> = tdl.instructions.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(texts, ["MVI B,03H", "INR A", "DJNZ LOOP"]);
        assert!(Listing::parse(&image, "MAIN:0").is_err());
        assert!(Listing::parse(&image, "NOWHERE:3").is_err());
    }
}
