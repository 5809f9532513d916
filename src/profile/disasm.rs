//! One-instruction disassembly with symbol names in place of addresses.

use crate::machine::{Image, disassemble};

/// The instruction at `addr` as text with every 16-bit operand that is exactly a symbol's value
/// inside the image replaced by the symbol (`CALL INCHK`, `LD HL,(MLNXT)`); and its length.
pub fn disassemble_symbolic(memory: &[u8; 0x10000], addr: u16, image: &Image) -> (String, usize) {
    let (text, len) = disassemble(memory, addr);
    (symbolic(&text, image), len)
}

/// Replaces `1234h` tokens naming a symbol inside the image; also drops the space after commas
/// so lines stay short in narrow panes.
pub fn symbolic(text: &str, image: &Image) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let token = bytes.get(i..i + 5);
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        let ends_word = bytes.get(i + 5).is_none_or(|b| !b.is_ascii_alphanumeric());
        if let Some(t) = token
            && starts_word
            && ends_word
            && t[..4].iter().all(u8::is_ascii_hexdigit)
            && (t[4] == b'h' || t[4] == b'H')
            && let Ok(value) = u16::from_str_radix(&text[i..i + 4], 16)
            && let Some(name) = symbol_at(image, value)
        {
            out.push_str(name);
            i += 5;
            continue;
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
    }
}
