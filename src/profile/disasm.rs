//! One-instruction disassembly with symbol names in place of addresses.

use crate::machine::{Image, disassemble};

/// The instruction at `addr` as text with every 16-bit operand that is exactly a symbol's value
/// inside the image replaced by the symbol (`CALL INCHK`, `LD HL,(MLNXT)`); and its length.
pub fn disassemble_symbolic(memory: &[u8; 0x10000], addr: u16, image: &Image) -> (String, usize) {
    let (text, len) = disassemble(memory, addr);
    (symbolic(&text, image), len)
}

/// Replaces word tokens (`1234h`, `0ABCDh`) inside the image by symbols: an exact symbol
/// anywhere, and `NAME+n` for memory operands `(1234h)`, which are always addresses. A value
/// whose symbols tie under the naming rule (`KNIGHT/T1`) keeps its number, so the line still
/// assembles. Also drops the space after commas so lines stay short in narrow panes.
pub fn symbolic(text: &str, image: &Image) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some((value, len)) = hex_token(text, i) {
            let in_parens = i > 0 && bytes[i - 1] == b'(' && bytes.get(i + len) == Some(&b')');
            let name = match symbol_at(image, value) {
                Some(name) => Some(name.to_string()),
                None if in_parens => offset_name(image, value),
                None => None,
            };
            if let Some(name) = name.filter(|n| !n.contains('/')) {
                out.push_str(&name);
                i += len;
                continue;
            }
        }
        if bytes[i] == b',' && bytes.get(i + 1) == Some(&b' ') {
            out.push(',');
            i += 2;
            continue;
        }
        out.push(bytes[i] as char);
        i += 1;
    }
    out
}

/// The value and length of a whole-word token starting at byte `i` that the disassembler
/// writes for a 16-bit value: four hex digits and `h`, with a leading 0 when the first digit
/// is a letter (`1234h`, `0ABCDh`).
fn hex_token(text: &str, i: usize) -> Option<(u16, usize)> {
    let bytes = text.as_bytes();
    let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
    let skip = usize::from(
        bytes.get(i) == Some(&b'0') && bytes.get(i + 1).is_some_and(|b| b.is_ascii_alphabetic()),
    );
    let digits = bytes.get(i + skip..i + skip + 4)?;
    let len = skip + 5;
    let ends_word = bytes
        .get(i + len)
        .is_none_or(|b| !b.is_ascii_alphanumeric());
    let suffix = matches!(bytes.get(i + len - 1), Some(b'h' | b'H'));
    if starts_word && ends_word && suffix && digits.iter().all(u8::is_ascii_hexdigit) {
        let value = u16::from_str_radix(&text[i + skip..i + skip + 4], 16).ok()?;
        Some((value, len))
    } else {
        None
    }
}

/// `NAME+n` from the nearest symbol at or below `value`, inside the image.
fn offset_name(image: &Image, value: u16) -> Option<String> {
    if !image.contains(value) {
        return None;
    }
    let (name, at) = image.symbols.nearest_below(value)?;
    image.contains(at).then(|| format!("{name}+{}", value - at))
}

/// The name of `value` when symbols have exactly that value and it lies inside the image, by
/// the symbol table's naming rule ([`SymbolTable::label_at`](crate::machine::SymbolTable::label_at)).
pub fn symbol_at(image: &Image, value: u16) -> Option<&str> {
    if !image.contains(value) {
        return None;
    }
    image.symbols.label_at(value)
}

/// A 64 KiB memory holding just the image, for disassembling code without a machine.
pub fn image_memory(image: &Image) -> Box<[u8; 0x10000]> {
    let mut memory: Box<[u8; 0x10000]> = vec![0u8; 0x10000]
        .into_boxed_slice()
        .try_into()
        .expect("a 64 Ki vector converts to a 64 Ki array");
    let org = usize::from(image.org);
    memory[org..org + image.bytes.len()].copy_from_slice(&image.bytes);
    memory
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::SymbolTable;

    fn image() -> Image {
        let symbols =
            SymbolTable::parse("INCHK EQU 0105H\nMLNXT EQU 0110H\nK EQU 0005H\n").unwrap();
        let mut bytes = vec![0u8; 0x20];
        bytes[..3].copy_from_slice(&[0xCD, 0x05, 0x01]); // CALL INCHK
        bytes[3..6].copy_from_slice(&[0x2A, 0x10, 0x01]); // LD HL,(MLNXT)
        bytes[6..9].copy_from_slice(&[0x21, 0x05, 0x00]); // LD HL,0005h: K is outside
        bytes[9..11].copy_from_slice(&[0x20, 0xF5]); // JR NZ,0100h: no symbol there
        Image::new(bytes, 0x100, symbols).unwrap()
    }

    #[test]
    fn operands_become_symbols() {
        let image = image();
        let memory = image_memory(&image);
        let dis = |addr| disassemble_symbolic(&memory, addr, &image);
        assert_eq!(dis(0x100), ("CALL INCHK".to_string(), 3));
        assert_eq!(dis(0x103), ("LD HL,(MLNXT)".to_string(), 3));
        assert_eq!(dis(0x106), ("LD HL,0005h".to_string(), 3));
        assert_eq!(dis(0x109), ("JR NZ,0100h".to_string(), 2));
    }

    #[test]
    fn only_whole_tokens_are_replaced() {
        let image = image();
        assert_eq!(symbolic("LD A, 0105h", &image), "LD A,INCHK");
        assert_eq!(symbolic("X0105h", &image), "X0105h");
        assert_eq!(symbolic("0105hX", &image), "0105hX");
        assert_eq!(symbolic("01105h", &image), "01105h");
        assert_eq!(symbolic("LD A,(0112h)", &image), "LD A,(MLNXT+2)");
        assert_eq!(symbolic("LD HL,0112h", &image), "LD HL,0112h");
        assert_eq!(symbolic("LD A,(0050h)", &image), "LD A,(0050h)");
    }

    #[test]
    fn letter_led_words_and_tied_names() {
        let symbols =
            SymbolTable::parse("HIGH1 EQU 0A010H\nKNIGHT EQU 0A002H\nT1 EQU 0A002H\n").unwrap();
        let image = Image::new(vec![0; 0x20], 0xA000, symbols).unwrap();
        assert_eq!(symbolic("CALL 0A010h", &image), "CALL HIGH1");
        assert_eq!(symbolic("LD A, (0A012h)", &image), "LD A,(HIGH1+2)");
        assert_eq!(symbolic("LD A, (0A002h)", &image), "LD A,(0A002h)");
        assert_eq!(symbolic("LD A, (0A003h)", &image), "LD A,(0A003h)");
        assert_eq!(symbolic("LD A, 0A0h", &image), "LD A,0A0h");
        assert_eq!(symbolic("X0A010h", &image), "X0A010h");
    }
}
