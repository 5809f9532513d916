//! Every disassembly names every operand that is a symbol's address: over the whole built-in
//! image, each 16-bit operand (a word, a memory address, a jump target) whose value a symbol
//! names shows that symbol, in Zilog's mnemonics and in TDL's, at every address from 0000h to
//! the image's end (0A00h-0FFFh, where the move generator's helpers live, included): values
//! inside the image, the program's variables and tables past its end (MLIST, SCORE), and
//! values two names share (the first of them).

use sargon_z80::machine::{Dialect, Operand, decode, default_image};
use sargon_z80::profile::{disassemble_symbolic_in, image_memory};

#[test]
fn every_operand_with_a_symbol_shows_it() {
    let image = default_image();
    let memory = image_memory(&image);
    let end = usize::from(image.org) + image.bytes.len();
    let mut addr = usize::from(image.org);
    let (mut checked, mut in_0a00_0fff, mut outside, mut tied) = (0, 0, 0, 0);
    while addr < end {
        let instruction = decode(&memory, addr as u16);
        for op in &instruction.operands {
            let value = match op {
                Operand::Word(v) | Operand::Address(v) | Operand::Target(v) => *v,
                _ => continue,
            };
            let named = image.contains(value) || value >= 0x100;
            let Some(label) = image.symbols.label_at(value).filter(|_| named) else {
                continue;
            };
            let name = label.split('/').next().unwrap();
            for dialect in [Dialect::Zilog, Dialect::Tdl] {
                let (text, _) = disassemble_symbolic_in(&memory, addr as u16, &image, dialect);
                let words: Vec<&str> = text
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .collect();
                assert!(
                    words.contains(&name),
                    "{addr:04X}: {text} does not name {name} ({value:04X}h)"
                );
            }
            checked += 1;
            in_0a00_0fff += usize::from((0x0A00..=0x0FFF).contains(&value));
            outside += usize::from(!image.contains(value));
            tied += usize::from(label.contains('/'));
        }
        addr += instruction.size();
    }
    assert!(checked > 1000, "only {checked} operands with a symbol");
    assert!(
        in_0a00_0fff > 20,
        "only {in_0a00_0fff} of them in 0A00h-0FFFh"
    );
    assert!(outside >= 7, "only {outside} of them past the image");
    assert!(tied > 0, "none of them shared by two names");
}
