//! The operand vocabulary: register tables and numbers as the assembler reads them.

/// 8-bit registers by their 3-bit code; code 6 is the memory operand.
pub const R8: [&str; 8] = ["B", "C", "D", "E", "H", "L", "(HL)", "A"];
/// Register pairs of LD/INC/DEC/ADD (code 3 = SP).
pub const RP: [&str; 4] = ["BC", "DE", "HL", "SP"];
/// Register pairs of PUSH/POP (code 3 = AF).
pub const RP2: [&str; 4] = ["BC", "DE", "HL", "AF"];
/// Conditions; Zilog calls sign-set M.
pub const CC: [&str; 8] = ["NZ", "Z", "NC", "C", "PO", "PE", "P", "M"];
/// The 8-bit ALU operations, and whether Zilog writes `A,` before the operand.
pub const ALU: [(&str, bool); 8] = [
    ("ADD", true),
    ("ADC", true),
    ("SUB", false),
    ("SBC", true),
    ("AND", false),
    ("XOR", false),
    ("OR", false),
    ("CP", false),
];
/// The CB-page shifts and rotations (6 is the undocumented SLL).
pub const ROT: [&str; 8] = ["RLC", "RRC", "RL", "RR", "SLA", "SRA", "SLL", "SRL"];
/// The unprefixed x=0, z=7 accumulator operations.
pub const ACC: [&str; 8] = ["RLCA", "RRCA", "RLA", "RRA", "DAA", "CPL", "SCF", "CCF"];

/// A byte in hex as the assembler reads it, in Zilog's spelling: `05h`, `0FEh`.
pub fn byte(value: u8) -> String {
    hex(u16::from(value), 2, 'h')
}

/// A word in hex as the assembler reads it, in Zilog's spelling: `1234h`, `0ABCDh`.
pub fn word(value: u16) -> String {
    hex(value, 4, 'h')
}

/// A byte in hex as TDL and the 1978 listing write it: `05H`, `0FEH`.
pub fn tdl_byte(value: u8) -> String {
    hex(u16::from(value), 2, 'H')
}

/// A word in hex as TDL and the 1978 listing write it: `1234H`, `0ABCDH`.
pub fn tdl_word(value: u16) -> String {
    hex(value, 4, 'H')
}

/// `value` in `digits` hex digits with `suffix`, and a leading 0 when it starts with a letter.
fn hex(value: u16, digits: usize, suffix: char) -> String {
    let text = format!("{value:0digits$X}{suffix}");
    if text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("0{text}")
    } else {
        text
    }
}

/// An index displacement in decimal with its sign: `+5`, `-2`, `+0`.
pub fn displacement(d: i8) -> String {
    format!("{d:+}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(byte(0x05), "05h");
        assert_eq!(byte(0x9F), "9Fh");
        assert_eq!(byte(0xA0), "0A0h");
        assert_eq!(word(0x0000), "0000h");
        assert_eq!(word(0x9FFF), "9FFFh");
        assert_eq!(word(0xFFFF), "0FFFFh");
        assert_eq!(tdl_byte(0x10), "10H");
        assert_eq!(tdl_byte(0xFF), "0FFH");
        assert_eq!(tdl_word(0x0038), "0038H");
        assert_eq!(tdl_word(0xABCD), "0ABCDH");
        assert_eq!(displacement(-128), "-128");
        assert_eq!(displacement(0), "+0");
        assert_eq!(displacement(127), "+127");
    }
}
