//! roms/ must be exactly what the project's assembler makes from asm/: the engine image
//! (asm/sargon.asm) and the whole program for the Jupiter III (asm/jupiter.asm). When pasmo is
//! installed, it must give the same bytes and symbols too.

use std::path::{Path, PathBuf};
use std::process::Command;

use sargon_z80::assembler;

/// The top files and their roms/ stem.
const IMAGES: [&str; 2] = ["sargon", "jupiter"];

fn regenerate(stem: &str) -> String {
    format!(
        "cargo run --release -- asm asm/{stem}.asm -o roms/{stem}.bin --sym roms/{stem}.sym --lst roms/{stem}.lst"
    )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn committed(path: &Path, stem: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "{} cannot be read ({e}); regenerate roms/ with:\n  {}",
            path.display(),
            regenerate(stem)
        )
    })
}

#[test]
fn roms_match_a_fresh_assembly_of_asm() {
    let root = root();
    for stem in IMAGES {
        let asm = assembler::assemble_file(&root.join(format!("asm/{stem}.asm")), &[])
            .unwrap_or_else(|e| panic!("asm/{stem}.asm does not assemble:\n{e}"));
        let outputs: [(String, Vec<u8>); 3] = [
            (format!("roms/{stem}.bin"), asm.bytes.clone()),
            (format!("roms/{stem}.sym"), asm.sym_text().into_bytes()),
            (format!("roms/{stem}.lst"), asm.lst_text().into_bytes()),
        ];
        let stale: Vec<&str> = outputs
            .iter()
            .filter(|(file, fresh)| committed(&root.join(file), stem) != *fresh)
            .map(|(file, _)| file.as_str())
            .collect();
        assert!(
            stale.is_empty(),
            "{} differ from a fresh assembly of asm/{stem}.asm; regenerate roms/ with:\n  {}",
            stale.join(", "),
            regenerate(stem)
        );
        println!(
            "roms/{stem}.bin is up to date: {} bytes at {:04X}H, {} symbols",
            asm.bytes.len(),
            asm.start,
            asm.symbols().len()
        );
    }
}

/// pasmo's symbol file lists the same names in another order, without the comments that mark
/// labels: compare the sorted lines without them.
fn sorted_lines(bytes: &[u8]) -> Vec<String> {
    let mut lines: Vec<String> = String::from_utf8_lossy(bytes)
        .lines()
        .map(|line| line.strip_suffix("\t; label").unwrap_or(line).to_string())
        .collect();
    lines.sort();
    lines
}

#[test]
fn pasmo_gives_the_same_images() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for stem in IMAGES {
        let (bin, sym) = (tmp.path().join("p.bin"), tmp.path().join("p.sym"));
        // pasmo resolves INCLUDEs from the working folder.
        let run = Command::new("pasmo")
            .current_dir(root().join("asm"))
            .arg(format!("{stem}.asm"))
            .arg(&bin)
            .arg(&sym)
            .output();
        let output = match run {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                println!("pasmo not found: only the project's assembler was checked");
                return;
            }
            Err(e) => panic!("cannot run pasmo: {e}"),
            Ok(output) => output,
        };
        assert!(
            output.status.success(),
            "pasmo refuses asm/{stem}.asm: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let root = root();
        assert_eq!(
            std::fs::read(&bin).expect("pasmo's binary"),
            committed(&root.join(format!("roms/{stem}.bin")), stem),
            "pasmo's bytes differ from roms/{stem}.bin"
        );
        assert_eq!(
            sorted_lines(&std::fs::read(&sym).expect("pasmo's symbols")),
            sorted_lines(&committed(&root.join(format!("roms/{stem}.sym")), stem)),
            "pasmo's symbols differ from roms/{stem}.sym"
        );
        println!("pasmo gives roms/{stem}.bin and .sym");
    }
}
