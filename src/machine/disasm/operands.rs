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

/// A byte in hex as the assembler reads it: `05h`, `0FEh`.
pub fn byte(value: u8) -> String {
    if value >= 0xA0 {
        format!("0{value:02X}h")
    } else {
        format!("{value:02X}h")
    }
}

/// A word in hex as the assembler reads it: `1234h`, `0ABCDh`.
pub fn word(value: u16) -> String {
    if value >= 0xA000 {
        format!("0{value:04X}h")
    } else {
        format!("{value:04X}h")
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
        assert_eq!(displacement(-128), "-128");
        assert_eq!(displacement(0), "+0");
        assert_eq!(displacement(127), "+127");
    }
}
