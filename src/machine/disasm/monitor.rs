//! The Jove monitor's calls as a disassembly reads them: on the Jupiter III, `RST 38H`
//! followed by one of the six parameter blocks of `../shared/JUPITER3.md` is one call, and
//! the block is data the monitor reads, never instructions. Its bytes are written as the
//! monitor's own macros lay them out: `DB` for the kind and device bytes, `DW` for the words
//! (the address and count of a print, the zero word of a new line), `.BYTE`/`.WORD` in TDL.
//!
//! The Jupiter room performs the calls by this same table (`jupiter::Call`), so what a
//! disassembly shows as one call is the call the machine makes.

use super::Dialect;
use super::operands::{byte, tdl_byte, tdl_word, word};

/// The opcode of `RST 38H`, the monitor's entry.
pub const RST_38H: u8 = 0xFF;

/// The device byte of the keyboard.
const KEYBOARD: u8 = 0x00;
/// The device byte of the video console.
const CONSOLE: u8 = 0x1A;

/// One monitor call, read from the parameter block after its `RST 38H`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonitorCall {
    /// `81H 00H`: wait for a key; its code in A.
    Key,
    /// `81H 1AH`: write the byte in A to the console (the program echoes keys this way).
    Echo,
    /// `92H 1AH` and a zero word: carriage return and line feed.
    NewLine,
    /// `B2H 1AH`, address, count: write `count` bytes from `address`, then a new line.
    PrintLine {
        /// The first byte printed.
        address: u16,
        /// How many.
        count: u16,
    },
    /// `B3H 1AH`, address, count: write `count` bytes from `address`.
    Print {
        /// The first byte printed.
        address: u16,
        /// How many.
        count: u16,
    },
    /// `1FH`: return to the monitor; the program ends.
    ToMonitor,
}

/// One statement of a parameter block: bytes (`DB`) or little-endian words (`DW`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockPart {
    /// Its first address.
    pub addr: u16,
    /// True for words, false for bytes.
    pub words: bool,
    /// Its values in order.
    pub values: Vec<u16>,
}

impl MonitorCall {
    /// The call made by an `RST 38H` at `rst`, when the bytes after it are one of the six
    /// blocks; None for any other byte at `rst` or any other block.
    pub fn at(memory: &[u8; 0x10000], rst: u16) -> Option<MonitorCall> {
        if memory[usize::from(rst)] != RST_38H {
            return None;
        }
        MonitorCall::block(memory, rst.wrapping_add(1))
    }

    /// The call whose parameter block starts at `at` (addresses wrap at the top of memory).
    pub fn block(memory: &[u8; 0x10000], at: u16) -> Option<MonitorCall> {
        let byte = |i: u16| memory[usize::from(at.wrapping_add(i))];
        let word = |i: u16| u16::from_le_bytes([byte(i), byte(i + 1)]);
        Some(match (byte(0), byte(1)) {
            (0x1F, _) => MonitorCall::ToMonitor,
            (0x81, KEYBOARD) => MonitorCall::Key,
            (0x81, CONSOLE) => MonitorCall::Echo,
            (0x92, CONSOLE) if word(2) == 0 => MonitorCall::NewLine,
            (0xB2, CONSOLE) => MonitorCall::PrintLine {
                address: word(2),
                count: word(4),
            },
            (0xB3, CONSOLE) => MonitorCall::Print {
                address: word(2),
                count: word(4),
            },
            _ => return None,
        })
    }

    /// The length of the parameter block: the monitor returns this far past the RST's
    /// pushed address.
    pub fn block_len(self) -> u16 {
        match self {
            MonitorCall::ToMonitor => 1,
            MonitorCall::Key | MonitorCall::Echo => 2,
            MonitorCall::NewLine => 4,
            MonitorCall::PrintLine { .. } | MonitorCall::Print { .. } => 6,
        }
    }

    /// What the call does, in a few words: `key`, `echo`, `new line`, `print line`, `print`,
    /// `return to the monitor`.
    pub fn name(self) -> &'static str {
        match self {
            MonitorCall::Key => "key",
            MonitorCall::Echo => "echo",
            MonitorCall::NewLine => "new line",
            MonitorCall::PrintLine { .. } => "print line",
            MonitorCall::Print { .. } => "print",
            MonitorCall::ToMonitor => "return to the monitor",
        }
    }

    /// The text a print writes: (address, count); None for the other calls.
    pub fn printed(self) -> Option<(u16, u16)> {
        match self {
            MonitorCall::PrintLine { address, count } | MonitorCall::Print { address, count } => {
                Some((address, count))
            }
            _ => None,
        }
    }

    /// The statements of the parameter block after an `RST 38H` at `rst`: the kind byte (and
    /// the device byte) as bytes, then the words.
    pub fn parts(self, memory: &[u8; 0x10000], rst: u16) -> Vec<BlockPart> {
        let at = rst.wrapping_add(1);
        let byte = |i: u16| u16::from(memory[usize::from(at.wrapping_add(i))]);
        let bytes = |n: u16| BlockPart {
            addr: at,
            words: false,
            values: (0..n).map(byte).collect(),
        };
        let words = |values: Vec<u16>| BlockPart {
            addr: at.wrapping_add(2),
            words: true,
            values,
        };
        match self {
            MonitorCall::ToMonitor => vec![bytes(1)],
            MonitorCall::Key | MonitorCall::Echo => vec![bytes(2)],
            MonitorCall::NewLine => vec![bytes(2), words(vec![0])],
            MonitorCall::PrintLine { address, count } | MonitorCall::Print { address, count } => {
                vec![bytes(2), words(vec![address, count])]
            }
        }
    }
}

impl BlockPart {
    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.values.len() * if self.words { 2 } else { 1 }
    }

    /// Never true: a part holds at least one value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Its bytes, words little-endian.
    pub fn bytes(&self) -> Vec<u8> {
        if self.words {
            self.values.iter().flat_map(|v| v.to_le_bytes()).collect()
        } else {
            self.values.iter().map(|&v| v as u8).collect()
        }
    }

    /// Its text in `dialect` (`DB 0B2h,1Ah`, `.WORD TGREET,003DH`), each value written as
    /// `text(index, value)` gives it, else as a number.
    pub fn text(&self, dialect: Dialect, text: &dyn Fn(usize, u16) -> Option<String>) -> String {
        let number = |v: u16| match (dialect, self.words) {
            (Dialect::Zilog, false) => byte(v as u8),
            (Dialect::Zilog, true) => word(v),
            (Dialect::Tdl, false) => tdl_byte(v as u8),
            (Dialect::Tdl, true) => tdl_word(v),
        };
        let values: Vec<String> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, &v)| text(i, v).unwrap_or_else(|| number(v)))
            .collect();
        let directive = match (dialect, self.words) {
            (Dialect::Zilog, false) => "DB",
            (Dialect::Zilog, true) => "DW",
            (Dialect::Tdl, false) => ".BYTE",
            (Dialect::Tdl, true) => ".WORD",
        };
        format!("{directive} {}", values.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory(bytes: &[u8]) -> Box<[u8; 0x10000]> {
        let mut memory = Box::new([0u8; 0x10000]);
        memory[0x200..0x200 + bytes.len()].copy_from_slice(bytes);
        memory
    }

    #[test]
    fn the_six_calls_and_their_parts() {
        let cases: [(&[u8], MonitorCall, &[&str]); 6] = [
            (&[0xFF, 0x81, 0x00], MonitorCall::Key, &["DB 81h,00h"]),
            (&[0xFF, 0x81, 0x1A], MonitorCall::Echo, &["DB 81h,1Ah"]),
            (
                &[0xFF, 0x92, 0x1A, 0, 0],
                MonitorCall::NewLine,
                &["DB 92h,1Ah", "DW 0000h"],
            ),
            (
                &[0xFF, 0xB2, 0x1A, 0x34, 0x12, 5, 0],
                MonitorCall::PrintLine {
                    address: 0x1234,
                    count: 5,
                },
                &["DB 0B2h,1Ah", "DW 1234h,0005h"],
            ),
            (
                &[0xFF, 0xB3, 0x1A, 0, 0xC0, 0, 1],
                MonitorCall::Print {
                    address: 0xC000,
                    count: 256,
                },
                &["DB 0B3h,1Ah", "DW 0C000h,0100h"],
            ),
            (&[0xFF, 0x1F], MonitorCall::ToMonitor, &["DB 1Fh"]),
        ];
        for (bytes, call, texts) in cases {
            let memory = memory(bytes);
            assert_eq!(MonitorCall::at(&memory, 0x200), Some(call), "{bytes:02X?}");
            let parts = call.parts(&memory, 0x200);
            let shown: Vec<String> = parts
                .iter()
                .map(|p| p.text(Dialect::Zilog, &|_, _| None))
                .collect();
            assert_eq!(shown, texts);
            let len: usize = parts.iter().map(BlockPart::len).sum();
            assert_eq!(len, usize::from(call.block_len()));
            let all: Vec<u8> = parts.iter().flat_map(BlockPart::bytes).collect();
            assert_eq!(all, bytes[1..]);
        }
    }

    #[test]
    fn tdl_spells_the_block_with_its_directives() {
        let memory = memory(&[0xFF, 0xB2, 0x1A, 0x34, 0x12, 5, 0]);
        let call = MonitorCall::at(&memory, 0x200).unwrap();
        let parts = call.parts(&memory, 0x200);
        let named = |i: usize, _| (i == 0).then(|| "MSG".to_string());
        assert_eq!(parts[0].text(Dialect::Tdl, &|_, _| None), ".BYTE 0B2H,1AH");
        assert_eq!(parts[1].text(Dialect::Tdl, &named), ".WORD MSG,0005H");
        assert_eq!((parts[1].addr, call.name()), (0x203, "print line"));
    }

    #[test]
    fn other_bytes_are_no_call() {
        for bytes in [
            &[0xFF, 0x81, 0x01][..],
            &[0xFF, 0x92, 0x1A, 1, 0],
            &[0xFF, 0xB2, 0x00],
            &[0xFF, 0x00],
            &[0xC7, 0x81, 0x00],
        ] {
            assert_eq!(MonitorCall::at(&memory(bytes), 0x200), None, "{bytes:02X?}");
        }
    }
}
