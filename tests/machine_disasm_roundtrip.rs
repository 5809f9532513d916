//! Every instruction the disassembler prints assembles, with the project's own assembler, to
//! the bytes it was read from, in Zilog's mnemonics and in TDL's: all opcodes, every prefix
//! (CB, ED, DD, FD, DD CB, FD CB), with operand bytes that exercise signs, zeros and hex digits
//! that start with a letter. The disassembler's TDL spellings and the assembler's TDL forms
//! are two tables kept apart (the machine does not use the assembler); they hold the same pairs.

use std::collections::BTreeSet;

use sargon_z80::assembler::{
    Dialect as AsmDialect, Options, TDL_FORMS, assemble_str, assemble_str_with,
};
use sargon_z80::machine::{Dialect, TDL_SPELLINGS, disassemble, disassemble_in};

const ORG: u16 = 0x4000;

/// Operand bytes after the opcode: zero, the sign edges, letter-led hex digits.
const OPERANDS: [[u8; 3]; 4] = [
    [0x00, 0x00, 0x00],
    [0x7F, 0x80, 0xFF],
    [0xFE, 0xAB, 0x12],
    [0x05, 0xCD, 0xEF],
];

/// Every opcode sequence to try: prefixes then the opcode byte.
fn opcodes() -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    for op in 0..=255u8 {
        if !matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
            all.push(vec![op]);
        }
        all.push(vec![0xCB, op]);
        all.push(vec![0xED, op]);
        if op != 0xCB {
            all.push(vec![0xDD, op]);
            all.push(vec![0xFD, op]);
        }
    }
    for op in 0..=255u8 {
        // DD CB d op: the displacement comes before the opcode.
        all.push(vec![0xDD, 0xCB, 0x00, op]);
        all.push(vec![0xFD, 0xCB, 0x00, op]);
    }
    all
}

/// The instruction's bytes with `operands` filled in, as the disassembler reads them.
fn instruction(opcode: &[u8], operands: [u8; 3]) -> Vec<u8> {
    let mut bytes = opcode.to_vec();
    if let [p, 0xCB, _, _] = opcode {
        bytes = vec![*p, 0xCB, operands[0], opcode[3]];
    }
    bytes.extend_from_slice(&operands);
    bytes
}

fn text_of(bytes: &[u8]) -> (String, usize) {
    let mut memory = Box::new([0u8; 0x10000]);
    let at = usize::from(ORG);
    memory[at..at + bytes.len()].copy_from_slice(bytes);
    disassemble(&memory, ORG)
}

fn tdl_text_of(bytes: &[u8]) -> (String, usize) {
    let mut memory = Box::new([0u8; 0x10000]);
    let at = usize::from(ORG);
    memory[at..at + bytes.len()].copy_from_slice(bytes);
    disassemble_in(&memory, ORG, Dialect::Tdl)
}

/// The TDL text of `bytes` assembled with `--dialect tdl`.
fn tdl_round_trip(bytes: &[u8]) -> Result<(), String> {
    let (text, len) = tdl_text_of(bytes);
    let expected = &bytes[..len];
    let source = format!("\t.LOC {ORG}\n\t{text}\n");
    let options = Options {
        dialect: AsmDialect::Tdl,
        allow_overlap: false,
    };
    match assemble_str_with("roundtrip.asm", &source, &[], options) {
        Ok(asm) if asm.bytes == expected => Ok(()),
        Ok(asm) => Err(format!("{expected:02X?} -> {text:?} -> {:02X?}", asm.bytes)),
        Err(e) => Err(format!(
            "{expected:02X?} -> {text:?} -> {}",
            e.errors()[0].message
        )),
    }
}

fn round_trip(bytes: &[u8]) -> Result<(), String> {
    let (text, len) = text_of(bytes);
    let expected = &bytes[..len];
    let source = format!("\tORG {ORG}\n\t{text}\n");
    match assemble_str("roundtrip.asm", &source, &[]) {
        Ok(asm) if asm.bytes == expected => Ok(()),
        Ok(asm) => Err(format!("{expected:02X?} -> {text:?} -> {:02X?}", asm.bytes)),
        Err(e) => Err(format!(
            "{expected:02X?} -> {text:?} -> {}",
            e.errors()[0].message
        )),
    }
}

#[test]
fn every_opcode_disassembles_to_text_that_assembles_to_the_same_bytes() {
    let mut failures = Vec::new();
    let mut tried = 0;
    for opcode in opcodes() {
        for operands in OPERANDS {
            tried += 1;
            if let Err(e) = round_trip(&instruction(&opcode, operands)) {
                failures.push(e);
            }
        }
    }
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} of {tried} instructions do not round-trip, e.g.:\n{}",
        failures.len(),
        failures
            .iter()
            .take(400)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_opcode_disassembles_to_tdl_that_assembles_to_the_same_bytes() {
    let mut failures = Vec::new();
    let (mut tried, mut spelled) = (0, 0);
    for opcode in opcodes() {
        for operands in OPERANDS {
            let bytes = instruction(&opcode, operands);
            tried += 1;
            spelled += usize::from(!tdl_text_of(&bytes).0.starts_with(".BYTE"));
            if let Err(e) = tdl_round_trip(&bytes) {
                failures.push(e);
            }
        }
    }
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} of {tried} instructions do not round-trip in TDL, e.g.:\n{}",
        failures.len(),
        failures
            .iter()
            .take(100)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(tried, 4 * (256 * 3 + 256 * 2 - 4 - 2 + 512));
    assert_eq!(spelled, 4 * 696, "instructions with a TDL word");
}

/// What TDL has no word for is `.BYTE` in a TDL listing: the Zilog data lines, the
/// undocumented IXH/IXL/IYH/IYL forms and SLL.
#[test]
fn tdl_shows_bytes_only_where_tdl_has_no_word() {
    for opcode in opcodes() {
        let bytes = instruction(&opcode, [1, 2, 3]);
        let zilog = text_of(&bytes).0;
        let tdl = tdl_text_of(&bytes).0;
        let unnamed = zilog.starts_with("DB ")
            || ["IXH", "IXL", "IYH", "IYL", "SLL"]
                .iter()
                .any(|w| zilog.contains(w));
        assert_eq!(
            tdl.starts_with(".BYTE"),
            unnamed,
            "{bytes:02X?}: {zilog} / {tdl}"
        );
    }
}

#[test]
fn the_disassemblers_tdl_spellings_are_the_assemblers_tdl_forms() {
    let spellings: BTreeSet<(&str, &str)> = TDL_SPELLINGS.iter().map(|&(z, t)| (t, z)).collect();
    let forms: BTreeSet<(&str, &str)> = TDL_FORMS.iter().copied().collect();
    assert_eq!(
        spellings.len(),
        TDL_SPELLINGS.len(),
        "a spelling given twice"
    );
    assert_eq!(forms.len(), TDL_FORMS.len(), "a form given twice");
    let only_forms: Vec<_> = forms.difference(&spellings).collect();
    let only_spellings: Vec<_> = spellings.difference(&forms).collect();
    assert!(
        only_forms.is_empty() && only_spellings.is_empty(),
        "only the assembler: {only_forms:?}; only the disassembler: {only_spellings:?}"
    );
}

/// Only what has no instruction of its own is shown as data: the invalid and duplicate ED
/// opcodes, IN F,(C) and OUT (C),0, the DD/FD prefixes that change nothing, and the DD CB
/// forms that also copy into a register.
#[test]
fn data_lines_are_exactly_the_bytes_without_an_assembler_form() {
    let data: Vec<Vec<u8>> = opcodes()
        .into_iter()
        .filter(|op| text_of(&instruction(op, [1, 2, 3])).0.starts_with("DB "))
        .collect();
    let count = |first: u8, second: Option<u8>| {
        data.iter()
            .filter(|d| d[0] == first && second.is_none_or(|s| d[1] == s))
            .count()
    };
    // ED: 256 minus 60 in x=1 (64 less IN F, OUT (C),0, 7 NEG and 6 RETN copies, 5 IM
    // copies, 2 NOPs, LD (nn),HL and LD HL,(nn)), minus the 16 block instructions.
    assert_eq!(count(0xED, None), 256 - (64 - 2 - 7 - 6 - 5 - 2 - 2) - 16);
    // DD (FD alike): the opcodes whose text names IX, IXH, IXL or (IX+d): 18 with x = 0
    // (LD, ADD, INC, DEC), 38 loads between registers, 24 ALU, 5 with x = 3 (POP, PUSH,
    // EX (SP), JP (IX), LD SP); every other second byte leaves the prefix as data.
    let named = (0..=255u8)
        .filter(|&op| op != 0xCB && !text_of(&[0xDD, op, 1, 2, 3]).0.starts_with("DB "))
        .count();
    assert_eq!(named, 18 + 38 + 24 + 5);
    assert_eq!(
        count(0xDD, Some(0xCB)),
        256 - 32,
        "only z = 6 is a memory form"
    );
    assert_eq!(count(0xCB, None), 0);
    assert_eq!(
        data.iter().filter(|d| d.len() == 4 && d[0] < 0xCB).count(),
        0
    );
}
