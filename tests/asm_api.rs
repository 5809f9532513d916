//! The assembler's library API: `assemble_str` / `assemble_file`, the `Assembly` outputs and
//! `AsmErrors`.

use sargon_z80::assembler::{self, Assembly};

fn asm(src: &str) -> Assembly {
    assembler::assemble_str("t.asm", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn errors(src: &str) -> Vec<String> {
    match assembler::assemble_str("t.asm", src, &[]) {
        Ok(_) => panic!("assembled without errors"),
        Err(e) => e
            .errors()
            .iter()
            .map(|e| format!("{}:{}:{}: {}", e.file, e.line, e.col, e.message))
            .collect(),
    }
}

#[test]
fn binary_runs_from_lowest_to_highest_address_with_zero_gaps() {
    let a = asm("\torg 8004h\n\tdb 1\n\torg 8000h\n\tdb 2\n\tend 8004h\n");
    assert_eq!(a.start, 0x8000);
    assert_eq!(a.bytes, [2, 0, 0, 0, 1]);
    assert_eq!(a.entry, Some(0x8004));
    let empty = asm("; nothing\nX equ 1\n");
    assert_eq!((empty.start, empty.bytes.len()), (0, 0));
}

#[test]
fn symbols_are_signed_and_the_sym_file_is_pasmo_style() {
    let a =
        asm("\torg 100h\nTBASE:\tnop\nOFS\tequ $-TBASE-10\nLONGER_NAME\tequ 0ABCDh\nv\tdefl 1\n");
    assert_eq!(a.symbols().get("OFS"), Some(&-9));
    assert_eq!(a.symbols().get("TBASE"), Some(&0x100));
    assert_eq!(a.symbols().get("v"), None, "DEFL symbols are not listed");
    assert_eq!(
        a.sym_text(),
        "LONGER_NAME\tEQU 0ABCDH\nOFS\t\tEQU 0FFF7H\nTBASE\t\tEQU 00100H\t; label\n"
    );
}

#[test]
fn forward_references_settle_even_for_sizes() {
    let a = asm("\tds SIZE, 0FFh\nHERE:\tjr HERE\nSIZE\tequ END_ - HERE\nEND_:\n");
    assert_eq!(a.symbols().get("SIZE"), Some(&2));
    assert_eq!(a.bytes, [0xFF, 0xFF, 0x18, 0xFE]);
}

#[test]
fn defl_keeps_its_current_value_next_to_forward_references() {
    let a = asm("v\tdefl 1\nv\tdefl v+1\n\tdb v+FWD\nv\tdefl 10\nFWD\tequ 100\n");
    assert_eq!(a.bytes, [102]);
}

#[test]
fn values_that_never_settle_are_an_error() {
    let e = errors("\tds X\nX\tequ 1-$\n\tnop\n");
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("t.asm:1:1: symbol values do not settle after 32 passes"),
        "{e:?}"
    );
}

#[test]
fn macro_names_are_case_sensitive_with_a_hint() {
    let e = errors("Twice\tmacro x\n\tdb x,x\n\tendm\n\ttwice 1\n");
    assert_eq!(
        e,
        [
            "t.asm:4:2: unknown mnemonic or macro 'twice' (macro names are case-sensitive: did you mean 'Twice'?)"
        ]
    );
}

#[test]
fn listing_shows_macro_expansions_and_files() {
    let a = asm("two\tmacro v\n\tdb v,v\n\tendm\n\ttwo 7\n");
    assert_eq!(
        a.lst_text(),
        "; file t.asm\n\
         \x20    1                     two     macro v\n\
         \x20    2                             db v,v\n\
         \x20    3                             endm\n\
         \x20    4                             two 7\n\
         \x20    2+ 0000  07 07                db 7,7\n"
    );
}

#[test]
fn include_folders_are_searched_after_the_including_files_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lib = dir.path().join("lib");
    std::fs::create_dir(&lib).expect("mkdir");
    std::fs::write(lib.join("defs.inc"), "ANSWER\tequ 42\n").expect("write");
    std::fs::write(
        dir.path().join("main.asm"),
        "\tinclude defs.inc\n\tdb ANSWER\n",
    )
    .expect("write");
    let main = dir.path().join("main.asm");
    let missing = assembler::assemble_file(&main, &[]).expect_err("needs -I");
    assert!(
        missing.errors()[0]
            .message
            .starts_with("INCLUDE file 'defs.inc' not found (searched: "),
        "{missing}"
    );
    let a = assembler::assemble_file(&main, &[lib]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.bytes, [42]);
    assert!(
        a.lst_text().contains("; file defs.inc\n"),
        "{}",
        a.lst_text()
    );
}

#[test]
fn memory_operand_where_a_value_was_meant_gets_a_hint() {
    assert_eq!(
        errors("\tld b,(5)\n"),
        [
            "t.asm:1:5: invalid operand combination for LD: LD B,(nn) ((nn) is memory at address nn; for the value nn drop the outer parentheses)"
        ]
    );
}

#[test]
fn overlapping_org_and_running_past_ffff_are_errors() {
    assert_eq!(
        errors("\torg 10h\n\tdw 1\n\torg 11h\n\tdb 2\n\torg 0FFFFh\n\tdw 3\n"),
        [
            "t.asm:4:2: this statement (0011H) overlaps the bytes written by t.asm:2 (0010H..0011H) at 0011H; --allow-overlap lets the later bytes win",
            "t.asm:6:2: code runs past the end of memory (FFFFH)",
        ]
    );
}

#[test]
fn display_prints_every_error_with_line_and_caret() {
    let e = assembler::assemble_str("t.asm", "\tfoo\n x:\tld a,(ix+200)\n", &[])
        .expect_err("two errors");
    assert_eq!(
        e.to_string(),
        "t.asm:1:2: error: unknown mnemonic or macro 'foo'\n    \tfoo\n    \t^\n\
         t.asm:2:10: error: value 200 (C8H) out of range for an index displacement (-128..127)\n    \x20x:\tld a,(ix+200)\n    \x20  \t     ^"
    );
}

#[test]
fn runaway_macro_recursion_stops_with_an_error() {
    let e = errors("twice\tmacro\n\ttwice\n\ttwice\n\tendm\n\ttwice\n");
    assert_eq!(e.len(), 1000, "errors are capped");
    assert_eq!(
        e[0],
        "t.asm:2:2: INCLUDE/macro nesting deeper than 64 (recursive?) (in macro 'twice' used at t.asm:2)"
    );
    assert!(
        e[999].ends_with("(stopping: more than 1000 errors)"),
        "{}",
        e[999]
    );
}

#[test]
fn many_forward_references_do_not_hit_the_error_limit() {
    let mut src = String::new();
    for i in 0..1500 {
        src.push_str(&format!("\tjp L{i}\n"));
    }
    for i in 0..1500 {
        src.push_str(&format!("L{i}:\tnop\n"));
    }
    let a = asm(&src);
    assert_eq!(a.bytes.len(), 1500 * 4);
    assert_eq!(&a.bytes[..3], [0xC3, 0x94, 0x11]);
}

#[test]
fn a_line_of_many_operands_assembles_in_linear_time() {
    // 65,536 values (the whole address space), each `K+0+...+0` to make the line 1.2 MB of
    // 1.2 million tokens: a search of the line's tokens per value, as splitting once did,
    // takes about a minute on it; one pass, well under a second.
    let values: Vec<String> = (0..0x1_0000)
        .map(|i| format!("{}{}", i % 256, "+0".repeat(8)))
        .collect();
    let src = format!("\tORG 0\n\tDB {}\n", values.join(","));
    let a = asm(&src);
    let expected: Vec<u8> = (0..0x1_0000).map(|i| (i % 256) as u8).collect();
    assert_eq!(a.bytes, expected);
}
