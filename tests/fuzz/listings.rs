//! Listings given with `--source`: the TDL program's listing edited at random (lines dropped,
//! doubled, characters changed, long runs inserted), read as a source map of its image and,
//! when it is one, used the way the commands use it: every unit of the image disassembled with
//! it in both dialects, each line's addresses looked up as a breakpoint would. Never a panic.

use std::path::Path;

use sargon_z80::assembler::{self, Options};
use sargon_z80::machine::{Dialect, Image, SymbolTable};
use sargon_z80::source::{Disassembler, SourceMap, image_memory};

use crate::{fuzz, mutated, outcome};

/// The TDL program of the tests: its image and its listing.
fn tdl_program() -> (Image, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tdl_program.asm");
    let options = Options {
        dialect: assembler::Dialect::Tdl,
        allow_overlap: false,
    };
    let asm = assembler::assemble_file_with(&path, &[], options).expect("the TDL program");
    let symbols = SymbolTable::parse(&asm.sym_text()).expect("its symbols");
    let image = Image::new(asm.bytes.clone(), asm.start, symbols).expect("its image");
    (image, asm.lst_text())
}

/// Everything a command does with a map.
fn use_map(image: &Image, map: &SourceMap) {
    let memory = image_memory(image);
    for dialect in [Dialect::Zilog, Dialect::Tdl] {
        let code = Disassembler::new(image, dialect).with_source(Some(map));
        let mut addr = image.org;
        while image.contains(addr) {
            let unit = code.at(&memory, addr);
            addr = match addr.checked_add(unit.size() as u16) {
                Some(next) => next,
                None => break,
            };
        }
    }
    for line in map.lines().iter().take(200) {
        let _ = map.addresses_of(line.file, line.number);
        if let Some(addr) = line.addr {
            let _ = map.line_covering(addr);
        }
    }
}

#[test]
fn listing() {
    let (image, valid) = tdl_program();
    fuzz(
        "listing",
        200,
        mutated(vec![valid], 16),
        |text| match SourceMap::from_listing(&text, "fuzz.lst", None, &image) {
            Ok(map) => {
                use_map(&image, &map);
                outcome("a map");
            }
            Err(_) => outcome("an error"),
        },
    );
}
