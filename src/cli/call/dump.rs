//! `--dump WHERE:LEN[/WIDTH]`: memory shown after the calls, as hex rows.

use anyhow::{Context, bail};
use sargon_z80::files::excerpt;
use sargon_z80::machine::{SymbolTable, parse_u16};
use serde::Serialize;

use super::resolve;

/// One memory range to show after the calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dump {
    /// The range as given (`BOARDA:120/10`).
    pub spec: String,
    /// Its first address.
    pub address: u16,
    /// Its bytes (filled in after the calls).
    pub bytes: Vec<u8>,
    /// Bytes asked for.
    #[serde(skip)]
    len: usize,
    /// Bytes per row in text.
    #[serde(skip)]
    width: usize,
}

impl Dump {
    /// Parses `WHERE:LEN[/WIDTH]`: WHERE a symbol, `SYMBOL+OFFSET` or an address, LEN 1 to
    /// 65535 bytes not running past 0xFFFF, WIDTH bytes per row (default 16).
    pub fn parse(symbols: &SymbolTable, text: &str) -> anyhow::Result<Dump> {
        let quoted = excerpt(text);
        let context = || format!("--dump {quoted}");
        let Some((place, size)) = text.rsplit_once(':') else {
            bail!("--dump {quoted}: expected WHERE:LEN, e.g. BOARDA:120 or 0x1000:16");
        };
        let (len, width) = match size.split_once('/') {
            Some((len, width)) => (len, parse_u16(width).with_context(context)?),
            None => (size, 16),
        };
        let len = parse_u16(len).with_context(context)?;
        let address = resolve(symbols, place).with_context(context)?;
        if len == 0 || width == 0 {
            bail!("--dump {quoted}: the length and the row width must be at least 1");
        }
        if u32::from(address) + u32::from(len) > 0x1_0000 {
            bail!("--dump {quoted}: {len} bytes from {address:#06X} run past 0xFFFF");
        }
        Ok(Dump {
            spec: text.to_string(),
            address,
            bytes: Vec::new(),
            len: usize::from(len),
            width: usize::from(width),
        })
    }

    /// Fills in the bytes from `memory` (all 64 KiB).
    pub fn read(&mut self, memory: &[u8]) {
        let start = usize::from(self.address);
        self.bytes = memory[start..start + self.len].to_vec();
    }

    /// A heading, then rows of `width` bytes each led by their address.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} at {:#06X}, {} bytes:\n",
            self.spec,
            self.address,
            self.bytes.len()
        );
        for (row, chunk) in self.bytes.chunks(self.width).enumerate() {
            let at = usize::from(self.address) + row * self.width;
            let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02X}")).collect();
            out.push_str(&format!("  {at:04X}  {}\n", hex.join(" ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_shows_rows() {
        let symbols = SymbolTable::parse("BOARDA EQU 0100H").unwrap();
        let mut dump = Dump::parse(&symbols, "BOARDA+2:5/2").unwrap();
        assert_eq!(dump.address, 0x102);
        let memory: Vec<u8> = (0..=255u8).cycle().take(0x10000).collect();
        dump.read(&memory);
        assert_eq!(
            dump.to_text(),
            "BOARDA+2:5/2 at 0x0102, 5 bytes:\n  0102  02 03\n  0104  04 05\n  0106  06\n"
        );
        let err = |t: &str| Dump::parse(&symbols, t).unwrap_err().to_string();
        assert!(err("BOARDA").contains("expected WHERE:LEN"));
        assert!(err("0xFFF0:17").contains("run past 0xFFFF"));
        assert!(err("BOARDA:0").contains("at least 1"));
        assert!(err("NOPE:4").contains("NOPE"));
    }
}
