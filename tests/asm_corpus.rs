//! The assembler's corpus (tests/asm_corpus/*.asm) must give pasmo's bytes and symbol file,
//! byte for byte: against live pasmo when it is installed, and always against the committed
//! `*.expected.bin` / `*.expected.sym` (made by pasmo, or checked by hand for the files whose
//! first line says "hand-checked": forms that pasmo rejects on purpose).

use std::path::{Path, PathBuf};
use std::process::Command;

use sargon_z80::assembler;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/asm_corpus")
}

fn sources() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/asm_corpus exists")
        .map(|e| e.expect("readable corpus entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    files.sort();
    assert!(files.len() >= 14, "corpus incomplete: {files:?}");
    files
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{} is missing: {e}", path.display()))
}

fn hand_checked(src: &Path) -> bool {
    std::fs::read_to_string(src)
        .expect("readable source")
        .lines()
        .next()
        .is_some_and(|l| l.contains("hand-checked"))
}

/// Runs pasmo on `src` (from the corpus folder, with `-I inc` since pasmo searches INCLUDEs in
/// the current folder, not the including file's); `None` when pasmo is not installed.
fn live_pasmo(src: &Path, out: &Path) -> Option<(Vec<u8>, Vec<u8>)> {
    let bin = out.join("pasmo.bin");
    let sym = out.join("pasmo.sym");
    let status = match Command::new("pasmo")
        .current_dir(corpus_dir())
        .arg("-I")
        .arg("inc")
        .arg(src.file_name().expect("file name"))
        .arg(&bin)
        .arg(&sym)
        .output()
    {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("cannot run pasmo: {e}"),
        Ok(o) => o,
    };
    assert!(
        status.status.success(),
        "pasmo failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&status.stderr)
    );
    Some((read(&bin), read(&sym)))
}

/// The symbol file without the comments that mark labels.
fn without_label_marks(text: &str) -> String {
    text.lines()
        .map(|line| line.strip_suffix("\t; label").unwrap_or(line).to_string() + "\n")
        .collect()
}

#[test]
fn corpus_matches_pasmo_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut live = 0;
    let mut committed_only = 0;
    let mut total_lines = 0;
    let mut total_bytes = 0;
    for src in sources() {
        let name = src
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let stem = name.trim_end_matches(".asm");
        let asm = assembler::assemble_file(&src, &[])
            .unwrap_or_else(|e| panic!("{name} does not assemble:\n{e}"));
        // The label marks are comments pasmo does not write: its lines are ours without them.
        let sym = without_label_marks(&asm.sym_text()).into_bytes();
        let expected_bin = read(&corpus_dir().join(format!("{stem}.expected.bin")));
        let expected_sym = read(&corpus_dir().join(format!("{stem}.expected.sym")));
        assert_eq!(
            asm.bytes, expected_bin,
            "{name}: bytes differ from {stem}.expected.bin"
        );
        assert_eq!(
            String::from_utf8_lossy(&sym),
            String::from_utf8_lossy(&expected_sym),
            "{name}: symbols differ from {stem}.expected.sym"
        );
        total_lines += std::fs::read_to_string(&src).expect("text").lines().count();
        total_bytes += asm.bytes.len();
        if hand_checked(&src) {
            println!("{name}: hand-checked, compared with committed expected bytes");
            committed_only += 1;
            continue;
        }
        match live_pasmo(&src, tmp.path()) {
            Some((bin, psym)) => {
                assert_eq!(asm.bytes, bin, "{name}: bytes differ from live pasmo");
                assert_eq!(
                    String::from_utf8_lossy(&sym),
                    String::from_utf8_lossy(&psym),
                    "{name}: symbols differ from live pasmo"
                );
                println!("{name}: compared with live pasmo ({} bytes)", bin.len());
                live += 1;
            }
            None => {
                println!("{name}: pasmo not found: compared with committed expected bytes");
                committed_only += 1;
            }
        }
    }
    println!(
        "corpus: {live} files compared with live pasmo, {committed_only} with committed bytes only; \
         {total_lines} lines, {total_bytes} bytes"
    );
}
