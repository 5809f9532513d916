//! Shared by the profiler and debugger tests: the toy ABI image, assembled from its source.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use sargon_z80::assembler::assemble_str;
use sargon_z80::machine::{Image, SymbolTable};

/// The toy image's source file.
pub fn toy_source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/toy_abi.asm")
}

/// The toy ABI image (GENMOV lists e2e4 when a white pawn stands on e2).
pub fn toy_image() -> Image {
    let path = toy_source();
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let asm = assemble_str("toy_abi.asm", &source, &[]).expect("the toy image assembles");
    let symbols = SymbolTable::parse(&asm.sym_text()).expect("its symbol file parses");
    Image::new(asm.bytes.clone(), asm.start, symbols).expect("it fits in memory")
}

/// Writes the toy image as `toy.bin` and `toy.sym` into `dir`; returns both paths.
pub fn write_toy(dir: &Path) -> (PathBuf, PathBuf) {
    let image = toy_image();
    let bin = dir.join("toy.bin");
    let sym = dir.join("toy.sym");
    std::fs::write(&bin, &image.bytes).unwrap();
    let text: String = image
        .symbols
        .iter()
        .map(|(name, value)| format!("{name}\t\tEQU 0{value:04X}H\n"))
        .collect();
    std::fs::write(&sym, text).unwrap();
    (bin, sym)
}
