//! Names of addresses in a disassembly: a symbol's name in place of a 16-bit operand, by the
//! symbol table's naming rule, and one instruction disassembled with them.

use crate::machine::{Dialect, Image, Use, decode};

/// The instruction at `addr` as Zilog text with every 16-bit operand that is exactly a
/// symbol's value inside the image replaced by the symbol (`CALL INCHK`, `LD HL,(MLNXT)`); and
/// its length.
pub fn disassemble_symbolic(memory: &[u8; 0x10000], addr: u16, image: &Image) -> (String, usize) {
    disassemble_symbolic_in(memory, addr, image, Dialect::Zilog)
}

/// The instruction at `addr` in `dialect` with its operands named as
/// [`disassemble_symbolic`] names them (`CALL INCHK`, `LHLD MLNXT`), and its length. Zilog
/// text is written without a space after its commas, so lines stay short in narrow panes.
pub fn disassemble_symbolic_in(
    memory: &[u8; 0x10000],
    addr: u16,
    image: &Image,
    dialect: Dialect,
) -> (String, usize) {
    let instruction = decode(memory, addr);
    let text = instruction.text_named(dialect, &|value, used| name(image, value, used));
    (text.replace(", ", ","), instruction.size())
}

/// The lowest value named outside the image: below it a value is as likely a count or a
/// constant (`K EQU 5`) as an address, above it names are the program's variables and tables
/// beyond its code (MLIST, SCORE).
const NAMED_OUTSIDE_FROM: u16 = 0x100;

/// How far past a symbol outside the image a memory operand is still called `NAME+n`: the
/// program's tables and variables there are short, and a wider reach would name the stack.
const OFFSET_OUTSIDE: u16 = 0x100;

/// The name of a 16-bit operand: an exact symbol inside the image, or outside it from
/// [`NAMED_OUTSIDE_FROM`] up; `NAME+n` for the address of a memory operand `(nn)`. A value
/// whose names tie under the naming rule (`BSD/RBP1`) is called by the first of them, so the
/// line still assembles to the same bytes.
pub(super) fn name(image: &Image, value: u16, used: Use) -> Option<String> {
    if !used.is_word() {
        return None;
    }
    let exact = image
        .symbols
        .label_at(value)
        .filter(|_| image.contains(value) || value >= NAMED_OUTSIDE_FROM);
    match exact {
        Some(label) => label.split('/').next().map(str::to_string),
        None if used == Use::Address => offset_name(image, value),
        None => None,
    }
}

/// `NAME+n` from the nearest symbol at or below `value`: inside the image any distance, as
/// the symbol and the value both lie in it; outside, within [`OFFSET_OUTSIDE`] bytes.
fn offset_name(image: &Image, value: u16) -> Option<String> {
    let (label, at) = image.symbols.nearest_below(value)?;
    let near = if image.contains(value) {
        image.contains(at)
    } else {
        !image.contains(at) && at >= NAMED_OUTSIDE_FROM && value - at < OFFSET_OUTSIDE
    };
    let first = label.split('/').next()?;
    near.then(|| format!("{first}+{}", value - at))
}

/// The name of `value` when symbols have exactly that value and it lies inside the image, by
/// the symbol table's naming rule ([`SymbolTable::label_at`](crate::machine::SymbolTable::label_at)):
/// the label a listing writes before the code there. Where the symbol file marks labels, a
/// value only constants share labels nothing.
pub fn symbol_at(image: &Image, value: u16) -> Option<&str> {
    if !image.contains(value) {
        return None;
    }
    let symbols = &image.symbols;
    let labelled = symbols
        .names_at(value)
        .iter()
        .any(|n| symbols.is_label(n) != Some(false));
    labelled.then(|| symbols.label_at(value)).flatten()
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
        let symbols = SymbolTable::parse(
            "INCHK EQU 0105H\nMLNXT EQU 0110H\nK EQU 0005H\nPATH EQU 0F17H\nSCORE EQU 3000H\n",
        )
        .unwrap();
        let mut bytes = vec![0u8; 0x1000];
        bytes[..3].copy_from_slice(&[0xCD, 0x05, 0x01]); // CALL INCHK
        bytes[3..6].copy_from_slice(&[0x2A, 0x10, 0x01]); // LD HL,(MLNXT)
        bytes[6..9].copy_from_slice(&[0x21, 0x05, 0x00]); // LD HL,0005h: K is outside
        bytes[9..11].copy_from_slice(&[0x20, 0xF5]); // JR NZ,0100h: no symbol there
        bytes[11..14].copy_from_slice(&[0x3A, 0x12, 0x01]); // LD A,(MLNXT+2)
        bytes[14..17].copy_from_slice(&[0x21, 0x12, 0x01]); // LD HL,0112h: a value, not memory
        bytes[17..20].copy_from_slice(&[0xCD, 0x17, 0x0F]); // CALL PATH: 0F17h starts with 0
        bytes[20..22].copy_from_slice(&[0x10, 0xEF]); // DJNZ INCHK
        bytes[22..25].copy_from_slice(&[0x3A, 0x01, 0x30]); // LD A,(SCORE+1): past the image
        bytes[25..28].copy_from_slice(&[0x21, 0x00, 0x30]); // LD HL,SCORE
        bytes[28..31].copy_from_slice(&[0x3A, 0x00, 0x31]); // LD A,(3100h): too far from SCORE
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
        assert_eq!(dis(0x10B), ("LD A,(MLNXT+2)".to_string(), 3));
        assert_eq!(dis(0x10E), ("LD HL,0112h".to_string(), 3));
        assert_eq!(dis(0x111), ("CALL PATH".to_string(), 3));
        assert_eq!(dis(0x114), ("DJNZ INCHK".to_string(), 2));
        assert_eq!(dis(0x116), ("LD A,(SCORE+1)".to_string(), 3));
        assert_eq!(dis(0x119), ("LD HL,SCORE".to_string(), 3));
        assert_eq!(dis(0x11C), ("LD A,(3100h)".to_string(), 3));
    }

    #[test]
    fn tdl_names_the_same_operands() {
        let image = image();
        let memory = image_memory(&image);
        let dis = |addr| disassemble_symbolic_in(&memory, addr, &image, Dialect::Tdl).0;
        assert_eq!(dis(0x100), "CALL INCHK");
        assert_eq!(dis(0x103), "LHLD MLNXT");
        assert_eq!(dis(0x10B), "LDA MLNXT+2");
        assert_eq!(dis(0x111), "CALL PATH");
        assert_eq!(dis(0x114), "DJNZ INCHK");
    }

    #[test]
    fn letter_led_words_and_tied_names() {
        let symbols =
            SymbolTable::parse("HIGH1 EQU 0A010H\nKNIGHT EQU 0A002H\nT1 EQU 0A002H\n").unwrap();
        let image = Image::new(vec![0; 0x20], 0xA000, symbols).unwrap();
        let mut memory = image_memory(&image);
        let code: [&[u8]; 4] = [
            &[0xCD, 0x10, 0xA0],
            &[0x3A, 0x12, 0xA0],
            &[0x3A, 0x02, 0xA0],
            &[0x3A, 0x03, 0xA0],
        ];
        for (i, bytes) in code.iter().enumerate() {
            memory[0xA000 + 3 * i..0xA003 + 3 * i].copy_from_slice(bytes);
        }
        let dis = |addr| disassemble_symbolic(&memory, addr, &image).0;
        assert_eq!(dis(0xA000), "CALL HIGH1");
        assert_eq!(dis(0xA003), "LD A,(HIGH1+2)");
        assert_eq!(dis(0xA006), "LD A,(KNIGHT)");
        assert_eq!(dis(0xA009), "LD A,(KNIGHT+1)");
    }
}
