//! roms/ must be exactly what the project's assembler makes from asm/sargon.asm.

use std::path::{Path, PathBuf};

use sargon_z80::assembler;

const REGENERATE: &str = "cargo run --release -- asm asm/sargon.asm -o roms/sargon.bin --sym roms/sargon.sym --lst roms/sargon.lst";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn committed(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "{} cannot be read ({e}); regenerate roms/ with:\n  {REGENERATE}",
            path.display()
        )
    })
}

#[test]
fn roms_match_a_fresh_assembly_of_asm() {
    let root = root();
    let asm = assembler::assemble_file(&root.join("asm/sargon.asm"), &[])
        .unwrap_or_else(|e| panic!("asm/sargon.asm does not assemble:\n{e}"));
    let outputs: [(&str, Vec<u8>); 3] = [
        ("roms/sargon.bin", asm.bytes.clone()),
        ("roms/sargon.sym", asm.sym_text().into_bytes()),
        ("roms/sargon.lst", asm.lst_text().into_bytes()),
    ];
    let stale: Vec<&str> = outputs
        .iter()
        .filter(|(file, fresh)| committed(&root.join(file)) != *fresh)
        .map(|(file, _)| *file)
        .collect();
    assert!(
        stale.is_empty(),
        "{} differ from a fresh assembly of asm/sargon.asm; regenerate roms/ with:\n  {REGENERATE}",
        stale.join(", ")
    );
    println!(
        "roms/ is up to date: {} bytes at {:04X}H, {} symbols",
        asm.bytes.len(),
        asm.start,
        asm.symbols().len()
    );
}
