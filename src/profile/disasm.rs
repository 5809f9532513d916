//! One-instruction disassembly with symbol names in place of addresses.

use crate::machine::{Image, disassemble};

/// The instruction at `addr` as text with every 16-bit operand that is exactly a symbol's value
/// inside the image replaced by the symbol (`CALL INCHK`, `LD HL,(MLNXT)`); and its length.
pub fn disassemble_symbolic(memory: &[u8; 0x10000], addr: u16, image: &Image) -> (String, usize) {
    let (text, len) = disassemble(memory, addr);
    (symbolic(&text, image), len)
}

/// Replaces `1234h` tokens inside the image by symbols: an exact symbol anywhere, and
/// `NAME+n` for memory operands `(1234h)`, which are always addresses. Also drops the space
/// after commas so lines stay short in narrow panes.
pub fn symbolic(text: &str, image: &Image) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some(value) = hex_token(text, i) {
            let in_parens = i > 0 && bytes[i - 1] == b'(' && bytes.get(i + 5) == Some(&b')');
            let name = match symbol_at(image, value) {
                Some(name) => Some(name.to_string()),
                None if in_parens => offset_name(image, value),
                None => None,
            };
            if let Some(name) = name {
                out.push_str(&name);
                i += 5;
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

/// The value of a whole-word `1234h` token starting at byte `i`.
fn hex_token(text: &str, i: usize) -> Option<u16> {
    let bytes = text.as_bytes();
    let token = bytes.get(i..i + 5)?;
    let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
    let ends_word = bytes.get(i + 5).is_none_or(|b| !b.is_ascii_alphanumeric());
    let hex = token[..4].iter().all(u8::is_ascii_hexdigit);
    if starts_word && ends_word && hex && (token[4] == b'h' || token[4] == b'H') {
        u16::from_str_radix(&text[i..i + 4], 16).ok()
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

/// The first symbol whose value is exactly `value`, when `value` lies inside the image.
pub fn symbol_at(image: &Image, value: u16) -> Option<&str> {
    if !image.contains(value) {
        return None;
    }
    match image.symbols.nearest_below(value) {
        Some((name, at)) if at == value => Some(name),
        _ => None,
    }
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
}
