//! What a TDL source means, where a reading could silently differ: a macro's expansion is text,
//! read in the radix in force where it is used (its arguments too), and a `.RADIX` in it holds
//! after it; `.BLKB` reserves and writes nothing over earlier bytes; a relative jump past the
//! end of memory is an error. And the errors a TDL source gets, worded in TDL: its location
//! counter, its restart numbers, its registers, its macros, its radix, and a source's encoding.

use assert_cmd::Command;
use sargon_z80::assembler::{AsmErrors, Assembly, Dialect, Options, assemble_str_with};

const TDL: Options = Options {
    dialect: Dialect::Tdl,
    allow_overlap: false,
};

fn tdl(source: &str) -> Result<Assembly, AsmErrors> {
    assemble_str_with("t.asm", source, &[], TDL)
}

fn bytes(source: &str) -> Vec<u8> {
    tdl(source)
        .unwrap_or_else(|e| panic!("{source:?}: {e}"))
        .bytes
}

/// The first error's first line.
fn error(source: &str) -> String {
    let errors = tdl(source)
        .err()
        .unwrap_or_else(|| panic!("{source:?} assembled"));
    errors
        .to_string()
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_documented_case_gives_the_same_byte_for_the_same_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let source = "\t.RADIX\t16\n.DEFINE\tR[P]=[MVI A,P]\n\t.RADIX\t10\n\tR\t99\n\tMVI\tA,99\n";
    std::fs::write(dir.path().join("r.tdl"), source).expect("write");
    Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args([
            "asm",
            "r.tdl",
            "--dialect",
            "tdl",
            "-o",
            "r.bin",
            "--lst",
            "r.lst",
        ])
        .assert()
        .success();
    // It was 3E 99 3E 63: the macro's 99 read in the radix of its definition.
    assert_eq!(
        std::fs::read(dir.path().join("r.bin")).unwrap(),
        [0x3E, 99, 0x3E, 99]
    );
    let listing = std::fs::read_to_string(dir.path().join("r.lst")).unwrap();
    assert!(
        listing.contains("     2+ 0000  3E 63        MVI A,99\n"),
        "{listing}"
    );
}

/// A body over several lines lists its statements where it is used (an empty line inside it
/// too), not the lines that hold only its brackets.
#[test]
fn an_expansion_lists_no_line_for_its_brackets_alone() {
    let source = "\t.LOC\t100H\n\t.DEFINE SAVE[REG]=[\n\tPUSH\tREG\n\n\tMVI\tA,1\n\t]\nSTART:\tSAVE\tB\n\tRET\n\t.END\n";
    let listing = tdl(source).unwrap().lst_text();
    let expansion: Vec<&str> = listing
        .lines()
        .filter(|l| l.get(6..7) == Some("+"))
        .collect();
    assert_eq!(
        expansion,
        [
            "     3+ 0100  C5                   PUSH    B",
            "     4+",
            "     5+ 0101  3E 01                MVI     A,1",
        ],
        "{listing}"
    );
}

#[test]
fn an_expansion_is_read_in_the_radix_where_it_is_used() {
    let define = ".DEFINE LOAD[P]=[MVI A,P]\n";
    // The body's own numbers and the arguments alike.
    let body = ".DEFINE TEN=[MVI A,10]\n";
    assert_eq!(bytes(&format!("{body}\tTEN\n")), [0x3E, 10]);
    assert_eq!(bytes(&format!("{body}\t.RADIX 16\n\tTEN\n")), [0x3E, 0x10]);
    assert_eq!(
        bytes(&format!("\t.RADIX 16\n{define}\t.RADIX 10\n\tLOAD 12\n")),
        [0x3E, 12]
    );
    assert_eq!(
        bytes(&format!("{define}\t.RADIX 16\n\tLOAD 12\n")),
        [0x3E, 0x12]
    );
    assert_eq!(
        bytes(&format!("{define}\t.RADIX 2\n\tLOAD 101\n")),
        [0x3E, 5]
    );
    // ^H and ^D name their radix wherever they are read.
    assert_eq!(
        bytes(&format!("{define}\t.RADIX 16\n\tLOAD ^D12\n\tLOAD ^H12\n")),
        [0x3E, 12, 0x3E, 0x12]
    );
}

#[test]
fn a_radix_in_an_expansion_holds_for_the_lines_after_it() {
    let hex = ".DEFINE HEX=[.RADIX 16]\n";
    assert_eq!(
        bytes(&format!("{hex}\tMVI A,10\n\tHEX\n\tMVI A,10\n")),
        [0x3E, 10, 0x3E, 0x10]
    );
    // Over several lines, switching back inside: only its own line is hexadecimal.
    let both = ".DEFINE TWO[P]=[\n\t.RADIX 16\n\tMVI A,P\n\t.RADIX 10\n]\n";
    assert_eq!(
        bytes(&format!("{both}\tTWO 12\n\tMVI A,12\n")),
        [0x3E, 0x12, 0x3E, 12]
    );
    // A .RADIX inside a definition that is never used changes nothing.
    assert_eq!(bytes(&format!("{both}\tMVI A,12\n")), [0x3E, 12]);
    // Nested uses: the inner expansion switches, the outer one's later lines follow.
    let outer = ".DEFINE OUTER=[\n\tHEX\n\tMVI A,20\n]\n";
    assert_eq!(
        bytes(&format!("{hex}{outer}\tOUTER\n\tMVI A,20\n")),
        [0x3E, 0x20, 0x3E, 0x20]
    );
    // Every pass starts in decimal again: a forward reference does not carry a radix over.
    assert_eq!(
        bytes(&format!("\tJMP LATER\n{hex}\tHEX\nLATER:\tMVI A,10\n")),
        [0xC3, 0x03, 0x00, 0x3E, 0x10]
    );
}

#[test]
fn a_reservation_writes_nothing_over_earlier_bytes() {
    let over = "\t.BYTE 1,2,3\n\t.LOC 0\n\t.BLKB 5\n\t.BYTE 9\n";
    let allow = Options {
        allow_overlap: true,
        ..TDL
    };
    let asm = assemble_str_with("t.asm", over, &[], allow).unwrap();
    // It wrote 00 00 00 00 00 09: the reservation's zeros over the earlier bytes.
    assert_eq!(asm.bytes, [1, 2, 3, 0, 0, 9]);
    assert_eq!(
        asm.warnings()[0].to_string(),
        "t.asm:3: warning: this reservation (0000H..0004H) lies over 0000H..0002H of the bytes \
         written by t.asm:1 (0000H..0002H); a reservation writes nothing, so those bytes stay"
    );
    // .BLKW alike; and without --allow-overlap it is refused, naming both ranges.
    let words = assemble_str_with("t.asm", "\t.WORD 1234H\n\t.LOC 0\n\t.BLKW 2\n", &[], allow);
    assert_eq!(words.unwrap().bytes, [0x34, 0x12, 0, 0]);
    assert_eq!(
        error(over),
        "t.asm:3:2: error: this reservation (0000H..0004H) overlaps the bytes written by t.asm:1 \
         (0000H..0002H) at 0000H..0002H; --allow-overlap accepts it (a reservation writes \
         nothing: those bytes stay)"
    );
    // Bytes over a reservation are an overlap too, and win (the book's pictures over PLYIX).
    let later = "\t.BLKB 4\n\t.LOC 2\n\t.BYTE 7,8,9\n";
    let asm = assemble_str_with("t.asm", later, &[], allow).unwrap();
    assert_eq!(asm.bytes, [0, 0, 7, 8, 9]);
    assert_eq!(asm.warnings().len(), 1);
}

#[test]
fn a_relative_jump_past_the_end_of_memory_is_an_error() {
    // It assembled to 18 12: a jump to 0004H after wrapping around.
    assert_eq!(
        error("\t.LOC 0FFF0H\n\tJMPR .+20\n"),
        "t.asm:2:7: error: relative jump target 65540 (10004H) lies outside memory (0..FFFFH)"
    );
    assert_eq!(
        error("\t.LOC 4\n\tDJNZ .-10\n"),
        "t.asm:2:7: error: relative jump target -6 lies outside memory (0..FFFFH)"
    );
    let zilog = sargon_z80::assembler::assemble_str("z.asm", "\tORG 0FFF0H\n\tJR $+20\n", &[]);
    assert!(
        zilog
            .unwrap_err()
            .to_string()
            .starts_with("z.asm:2:5: error: relative jump target 65540 (10004H) lies outside"),
    );
    // The last byte of memory is a target like any other.
    assert_eq!(bytes("\t.LOC 0FFF0H\n\tJMPR 0FFFFH\n"), [0x18, 0x0D]);
}

#[test]
fn errors_are_worded_in_tdl() {
    assert_eq!(
        error("\t.BYTE . .\n"),
        "t.asm:1:10: error: unexpected '.' in expression"
    );
    // It assembled: Zilog's location counter, taken silently in a TDL source.
    assert_eq!(
        error("\tJMPR $+2\n"),
        "t.asm:1:7: error: '$' is not TDL: TDL writes the address of the statement as '.' \
         (JMPR .+4) and a hexadecimal number as ^H1F or 1FH"
    );
    assert_eq!(
        error("\tRST 8*1\n"),
        "t.asm:1:6: error: restart number 8 out of range: TDL's RST takes 0..7 (RST 7 is RST 38H)"
    );
    assert_eq!(
        error("N1 = 9\n\tRST N1\n"),
        "t.asm:2:6: error: restart number 9 out of range: TDL's RST takes 0..7 (RST 7 is RST 38H)"
    );
    assert_eq!(bytes("N1 = 7\n\tRST N1-1\n"), [0xF7]);
    assert_eq!(
        error("\tA\n"),
        "t.asm:1:2: error: unknown TDL mnemonic or macro 'A' ('A' is a TDL register, not a \
         mnemonic: a statement starts with its mnemonic, as in MVI A,5)"
    );
    assert_eq!(
        error("\tL 5\n"),
        "t.asm:1:2: error: unknown TDL mnemonic or macro 'L' ('L' is a TDL register, not a \
         mnemonic: a statement starts with its mnemonic, as in MVI L,5)"
    );
    assert_eq!(
        error("\tLD A,5\n"),
        "t.asm:1:2: error: unknown TDL mnemonic or macro 'LD' ('LD' is a Zilog word; this source \
         is read as TDL)"
    );
    assert_eq!(
        error("\t.RADIX 8\n\t.BYTE 9\n"),
        "t.asm:2:8: error: invalid number '9' in radix 8 (.RADIX 8 is in force; ^D9 is the \
         decimal 9)"
    );
    assert_eq!(
        error("\t.RADIX 16\n\t.BYTE 1G\n"),
        "t.asm:2:8: error: invalid number '1G' in radix 16 (.RADIX 16 is in force; ^D, ^H, ^O \
         and ^B name a number's radix whatever it is)"
    );
}

#[test]
fn macro_arguments_and_parameters_are_checked() {
    let load = ".DEFINE LOAD[P]=[MVI A,P]\n";
    assert_eq!(
        error(&format!("{load}\tLOAD 1,2\n")),
        "t.asm:2:2: error: macro 'LOAD' takes 1 argument ('P'), and 2 are given"
    );
    assert_eq!(
        error(".DEFINE NOTHING=[NOP]\n\tNOTHING 5\n"),
        "t.asm:2:2: error: macro 'NOTHING' takes no arguments, and 1 are given"
    );
    // Fewer arguments than parameters: the missing ones are empty, as before.
    assert_eq!(bytes(".DEFINE PAIR[P,Q]=[.BYTE P Q]\n\tPAIR 5\n"), [5]);
    assert_eq!(
        error(".DEFINE TWICE[P,Q,P]=[MVI A,P]\n\tTWICE 1,2,3\n"),
        "t.asm:1:19: error: macro parameter 'P' is named twice in macro 'TWICE'"
    );
    // The macro is broken, so its use adds nothing: one error.
    assert_eq!(
        tdl(".DEFINE TWICE[P,Q,P]=[MVI A,P]\n\tTWICE 1,2,3\n")
            .unwrap_err()
            .errors()
            .len(),
        1
    );
    let zilog = sargon_z80::assembler::assemble_str(
        "z.asm",
        "TWICE MACRO x1,y1,x1\n\tNOP\n\tENDM\n\tNOP\n",
        &[],
    )
    .unwrap_err();
    assert_eq!(zilog.errors().len(), 1, "{zilog}");
    assert_eq!(
        zilog.to_string().lines().next().unwrap(),
        "z.asm:1:19: error: macro parameter 'x1' is named twice in macro 'TWICE'"
    );
}

#[test]
fn a_define_inside_a_macro_body_is_named_as_such() {
    let expected = "error: a .DEFINE inside the body of macro 'OUTER': a macro is defined on \
                    lines of its own, not in another macro's body (define this one before 'OUTER')";
    // It was "the body of macro 'INNER' must be in brackets: expected '['" at each use.
    let one_line = error(".DEFINE OUTER[P]=[.DEFINE INNER=[NOP]]\n\tOUTER 1\n");
    assert_eq!(one_line, format!("t.asm:1:19: {expected}"));
    // It assembled, defining INNER at OUTER's first use.
    let lines = error(".DEFINE OUTER=[\n\tNOP\nX1:\t.DEFINE INNER=[NOP]\n]\n\tOUTER\n\tOUTER\n");
    assert_eq!(lines, format!("t.asm:3:5: {expected}"));
}

#[test]
fn a_sources_encoding_and_line_ends_are_named() {
    // A UTF-8 byte-order mark is read past, as editors on Windows write one.
    assert_eq!(bytes("\u{feff}\tMVI A,1\n"), [0x3E, 1]);
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |name: &str, text: &[u8]| {
        std::fs::write(dir.path().join(name), text).expect("write");
        let out = Command::cargo_bin("sargon-z80")
            .expect("binary")
            .current_dir(dir.path())
            .args(["asm", name, "--dialect", "tdl", "-o", "out.bin"])
            .output()
            .expect("runs");
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let (code, stderr) = run("bom.tdl", b"\xEF\xBB\xBF\tNOP\n");
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    // UTF-16 was "expected a label, mnemonic, directive or macro name" on every line.
    let (code, stderr) = run("wide.tdl", b"\xFF\xFE\t\0N\0O\0P\0\n\0");
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr.lines().next().unwrap(),
        "wide.tdl:1: error: this file is UTF-16 text (its byte-order mark: little-endian, FF FEH); \
         the assembler reads ASCII or UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"
    );
    let (code, stderr) = run("bare.tdl", b"\t\0N\0O\0P\0\n\0");
    assert_eq!(code, Some(2));
    assert!(
        stderr.starts_with(
            "bare.tdl:1: error: this file looks like UTF-16 text without a byte-order mark"
        ),
        "{stderr}"
    );
    // Lines ended by CR alone were one line, "reserved word 'MVI' cannot be used in an expression".
    let (code, stderr) = run("mac.tdl", b"\tNOP\r\tMVI A,1\r");
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr.lines().next().unwrap(),
        "mac.tdl:1: error: the lines of this file end with CR alone (as classic Mac OS wrote \
         them); the assembler reads lines ended by LF or CR LF: convert it (tr '\\r' '\\n')"
    );
    let (code, stderr) = run("crlf.tdl", b"\tNOP\r\n\tMVI A,1\r\n");
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
}
