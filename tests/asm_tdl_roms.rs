//! The built-in image written out in TDL by the disassembler, every operand named by its
//! symbol, and assembled back with `--dialect tdl`: the same bytes as `roms/sargon.bin`.

use std::path::Path;

use sargon_z80::assembler::{Dialect, Options, assemble_str_with};
use sargon_z80::machine::{self, Dialect as Listing};
use sargon_z80::profile::{disassemble_symbolic_in, image_memory};

/// The image as a TDL source: the symbols as equates, `.LOC` at the image's start, then one
/// disassembled instruction per line (bytes past the end, where an instruction would run
/// over it, as `.BYTE`).
fn tdl_source(image: &machine::Image) -> (String, usize) {
    let memory = image_memory(image);
    let mut source = String::from("; the built-in image, disassembled in TDL\n");
    for (name, value) in image.symbols.iter() {
        source.push_str(&format!("{name} = {value}\n"));
    }
    source.push_str(&format!("\t.LOC\t{}\n", image.org));
    let end = usize::from(image.org) + image.bytes.len();
    let mut addr = usize::from(image.org);
    let mut named = 0;
    while addr < end {
        let (text, len) = disassemble_symbolic_in(&memory, addr as u16, image, Listing::Tdl);
        if addr + len > end {
            for b in &memory[addr..end] {
                source.push_str(&format!("\t.BYTE\t{b}\n"));
            }
            break;
        }
        named += usize::from(has_symbol(&text, image));
        source.push_str(&format!("\t{text}\n"));
        addr += len;
    }
    (source, named)
}

/// Whether `text` names one of the image's symbols.
fn has_symbol(text: &str, image: &machine::Image) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .any(|word| image.symbols.get(word).is_some() && word.len() > 1)
}

#[test]
fn the_built_in_image_round_trips_through_tdl() {
    let image = machine::default_image();
    let (source, named) = tdl_source(&image);
    let options = Options {
        dialect: Dialect::Tdl,
        allow_overlap: false,
    };
    let asm = assemble_str_with("sargon_tdl.asm", &source, &[], options)
        .unwrap_or_else(|e| panic!("the TDL disassembly does not assemble:\n{e}"));
    let rom = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.bin"))
        .expect("roms/sargon.bin");
    assert_eq!(asm.start, image.org);
    assert_eq!(asm.bytes.len(), rom.len());
    let first_difference = asm.bytes.iter().zip(&rom).position(|(a, b)| a != b);
    assert_eq!(
        first_difference, None,
        "the TDL round trip differs from roms/sargon.bin"
    );
    // The source really is TDL with names: the board routines' own words are there.
    for line in ["\tCALL INCHK\n", "\tLDA COLOR\n", "\tLIXD IXSQ\n"] {
        assert!(source.contains(line), "no {line:?} in the TDL source");
    }
    assert!(named > 1000, "only {named} lines name a symbol");
}
