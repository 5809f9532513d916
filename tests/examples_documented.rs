//! Every program in `examples/` is one a library user can copy: named in ARCHITECTURE.md's
//! folder table, opening with a doc comment that says what it shows and how to run it, and
//! never unwrapping its arguments (a bad or missing argument is a usage line or an error,
//! not a panic). A scratch file left there fails this.

use std::path::Path;

#[test]
fn every_example_is_documented_and_reads_its_arguments_without_panicking() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let row = architecture
        .lines()
        .find(|line| line.starts_with("| `examples/` |"))
        .expect("the folder table has a row for examples/");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            row.contains(&format!("`{name}`")),
            "examples/{name}.rs is not named in ARCHITECTURE.md: {row}"
        );
        assert!(
            text.starts_with("//!") && text.contains(&format!("--example {name}")),
            "examples/{name}.rs does not open with a doc comment saying how to run it"
        );
        assert!(
            !text.contains("args[") && !text.contains("parse().unwrap()"),
            "examples/{name}.rs indexes or unwraps its arguments"
        );
        names.push(name);
    }
    names.sort();
    assert_eq!(
        names,
        ["crosscheck_fen", "emulation_cost", "genmov", "perft"]
    );
}
