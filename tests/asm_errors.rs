//! `sargon-z80 asm` on bad sources: every error kind is reported as `file:line:col: error: msg`
//! with the source line and a caret, all errors of a run are reported, the exit code is 2, and
//! no output file is written.

use std::path::Path;

use assert_cmd::Command;

/// Assembles `source` (as `src.asm` in a fresh folder, plus `extra` files) with all three
/// outputs requested; checks exit code 2 and that no output exists; returns stderr.
fn fails(source: &str, extra: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("src.asm"), source).expect("write source");
    for (name, text) in extra {
        std::fs::write(dir.path().join(name), text).expect("write extra file");
    }
    let out = Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args([
            "asm", "src.asm", "-o", "out.bin", "--sym", "out.sym", "--lst", "out.lst",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "exit code");
    for f in ["out.bin", "out.sym", "out.lst"] {
        assert!(
            !Path::new(&dir.path().join(f)).exists(),
            "{f} written despite errors"
        );
    }
    String::from_utf8(out.stderr).expect("utf-8 stderr")
}

/// Asserts that `stderr` holds the error `header`, followed by the source line and a caret
/// under column `col` (tabs in the source are kept in the caret line).
fn has_error(stderr: &str, header: &str, source_line: &str) {
    let lines: Vec<&str> = stderr.lines().collect();
    let i = lines
        .iter()
        .position(|l| *l == header)
        .unwrap_or_else(|| panic!("no line\n  {header}\nin stderr:\n{stderr}"));
    assert_eq!(lines[i + 1], format!("    {source_line}"), "source line");
    let col: usize = header
        .split(':')
        .nth(2)
        .and_then(|c| c.parse().ok())
        .expect("col");
    let pad: String = source_line
        .chars()
        .take(col - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    assert_eq!(lines[i + 2], format!("    {pad}^"), "caret line");
}

#[test]
fn unknown_mnemonic() {
    let err = fails("\tnop\n\tfrob a,b\n", &[]);
    has_error(
        &err,
        "src.asm:2:2: error: unknown mnemonic or macro 'frob'",
        "\tfrob a,b",
    );
    assert!(err.ends_with("1 error; no output written\n"), "{err}");
}

#[test]
fn invalid_operand_combination() {
    let err = fails("\tld (hl),(hl)\n\tjr po,0\n", &[]);
    has_error(
        &err,
        "src.asm:1:5: error: invalid operand combination for LD: LD (HL),(HL)",
        "\tld (hl),(hl)",
    );
    has_error(
        &err,
        "src.asm:2:5: error: invalid operand combination for JR: JR PO,n",
        "\tjr po,0",
    );
}

#[test]
fn undefined_symbol() {
    let err = fails("start:\tld a,nowhere+1\n", &[]);
    has_error(
        &err,
        "src.asm:1:13: error: undefined symbol 'nowhere'",
        "start:\tld a,nowhere+1",
    );
}

#[test]
fn value_out_of_range_names_the_value() {
    let err = fails("\tld b,300\n\tld a,(ix+128)\n\tdw 65536\n\tdb -129\n", &[]);
    has_error(
        &err,
        "src.asm:1:7: error: value 300 (12CH) out of range for a byte (-128..255)",
        "\tld b,300",
    );
    has_error(
        &err,
        "src.asm:2:7: error: value 128 (80H) out of range for an index displacement (-128..127)",
        "\tld a,(ix+128)",
    );
    has_error(
        &err,
        "src.asm:3:5: error: value 65536 (10000H) out of range for a word (-32768..65535)",
        "\tdw 65536",
    );
    has_error(
        &err,
        "src.asm:4:5: error: value -129 out of range for a byte (-128..255)",
        "\tdb -129",
    );
}

#[test]
fn relative_jump_out_of_range_names_the_distance() {
    let err = fails("\torg 100h\n\tjr far\n\tds 200\nfar:\tdjnz $-200\n", &[]);
    has_error(
        &err,
        "src.asm:2:5: error: relative jump out of range: distance 200 bytes (must be -128..127)",
        "\tjr far",
    );
    has_error(
        &err,
        "src.asm:4:11: error: relative jump out of range: distance -202 bytes (must be -128..127)",
        "far:\tdjnz $-200",
    );
}

#[test]
fn duplicate_label() {
    let err = fails("loop:\tnop\nloop\tnop\nLoop:\tnop\n", &[]);
    has_error(
        &err,
        "src.asm:2:1: error: duplicate label 'loop' (first defined at src.asm:1)",
        "loop\tnop",
    );
    assert!(
        err.ends_with("1 error; no output written\n"),
        "labels are case-sensitive: {err}"
    );
}

#[test]
fn unterminated_string() {
    let err = fails("\tdb 1,\"abc\n", &[]);
    has_error(
        &err,
        "src.asm:1:7: error: unterminated string: no closing \" on this line",
        "\tdb 1,\"abc",
    );
}

#[test]
fn unterminated_macro() {
    let err = fails("\tnop\npush2\tMACRO reg\n\tpush reg\n\tpush reg\n", &[]);
    has_error(
        &err,
        "src.asm:2:7: error: unterminated MACRO 'push2': no ENDM",
        "push2\tMACRO reg",
    );
}

#[test]
fn unterminated_if() {
    let err = fails("\tIF 1\n\tnop\n\tIF 0\n\tENDIF\n", &[]);
    has_error(
        &err,
        "src.asm:1:2: error: unterminated IF: no matching ENDIF",
        "\tIF 1",
    );
}

#[test]
fn include_not_found() {
    let err = fails("\tINCLUDE \"missing.asm\"\n\tINCBIN nothere.bin\n", &[]);
    has_error(
        &err,
        "src.asm:1:10: error: INCLUDE file 'missing.asm' not found (searched: .)",
        "\tINCLUDE \"missing.asm\"",
    );
    has_error(
        &err,
        "src.asm:2:9: error: INCBIN file 'nothere.bin' not found (searched: .)",
        "\tINCBIN nothere.bin",
    );
}

#[test]
fn errors_in_included_files_and_macros_name_their_place() {
    let err = fails(
        "\tINCLUDE part.asm\nbad\tMACRO\n\tld a,(hl\n\tENDM\n\tbad\n",
        &[("part.asm", "\n\tld a,q\n")],
    );
    has_error(
        &err,
        "part.asm:2:7: error: undefined symbol 'q'",
        "\tld a,q",
    );
    has_error(
        &err,
        "src.asm:3:8: error: register HL cannot be used in an expression (in macro 'bad' used at src.asm:5)",
        "\tld a,(hl",
    );
}

#[test]
fn all_errors_of_a_run_are_reported_in_order() {
    let err = fails(
        "\tfrob\n\tld a,300\nx:\nx:\n\tjr nowhere\n\tdb 'open\n",
        &[],
    );
    let headers: Vec<&str> = err.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(
        headers,
        [
            "src.asm:1:2: error: unknown mnemonic or macro 'frob'",
            "src.asm:2:7: error: value 300 (12CH) out of range for a byte (-128..255)",
            "src.asm:4:1: error: duplicate label 'x' (first defined at src.asm:3)",
            "src.asm:5:5: error: undefined symbol 'nowhere'",
            "src.asm:6:5: error: unterminated string: no closing ' on this line",
        ]
    );
    assert!(err.ends_with("5 errors; no output written\n"), "{err}");
}

#[test]
fn success_writes_all_outputs() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("ok.asm"),
        "\torg 100h\nstart:\tld a,(ix+OFF)\n\tjr start\nOFF\tequ -2\n",
    )
    .expect("write");
    Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args(["asm", "ok.asm", "--sym", "ok.sym", "--lst", "ok.lst"])
        .assert()
        .success()
        .stdout(
            "ok.asm: 5 bytes at 0100H..0104H, 2 symbols -> ok.bin (load it with --org 0x0100)\n",
        );
    let read = |f: &str| std::fs::read(dir.path().join(f)).expect("output written");
    assert_eq!(read("ok.bin"), [0xDD, 0x7E, 0xFE, 0x18, 0xFB]);
    assert_eq!(
        String::from_utf8(read("ok.sym")).expect("text"),
        "OFF\t\tEQU 0FFFEH\nstart\t\tEQU 00100H\t; label\n"
    );
    assert_eq!(
        String::from_utf8(read("ok.lst")).expect("text"),
        "; file ok.asm\n\
         \x20    1  0100                       org 100h\n\
         \x20    2  0100  DD 7E FE     start:  ld a,(ix+OFF)\n\
         \x20    3  0103  18 FB                jr start\n\
         \x20    4  =FFFE              OFF     equ -2\n"
    );
}

#[test]
fn unreadable_source_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args(["asm", "absent.asm"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.starts_with("absent.asm: error: cannot read source file: "),
        "{err}"
    );
}

/// Whatever an error quotes of the source is at most 40 characters with control characters
/// escaped: a 2,000,000-character operand, a 100,000-character mnemonic, macro or INCLUDE
/// name, an escape sequence, a bell.
#[test]
fn errors_quote_the_source_short_and_escaped() {
    let long = |c: &str, n: usize| c.repeat(n);
    let cases = [
        (
            format!("\tLD A,{}\n", long("B", 2_000_000)),
            format!(
                "src.asm:1:7: error: undefined symbol '{}'... (2000000 bytes)",
                long("B", 40)
            ),
        ),
        (
            format!("\t{} A\n", long("X", 100_000)),
            format!(
                "src.asm:1:2: error: unknown mnemonic or macro '{}'... (100000 bytes)",
                long("X", 40)
            ),
        ),
        (
            format!("\tINCLUDE \"{}\"\n", long("y", 100_000)),
            format!(
                "src.asm:1:10: error: INCLUDE file '{}'... (100000 bytes) not found (searched: .)",
                long("y", 40)
            ),
        ),
        (
            format!("\tLD A,1 {}\n", long("Q", 100_000)),
            format!(
                "src.asm:1:9: error: unexpected '{}'... (100000 bytes) in expression",
                long("Q", 40)
            ),
        ),
        (
            "\tLD A,\u{1b}[2J\u{7}\n".to_string(),
            "src.asm:1:7: error: unexpected character '\\u{1b}'".to_string(),
        ),
        (
            "\tDB \"a\\\u{1b}\"\n".to_string(),
            "src.asm:1:7: error: unknown escape '\\\\u{1b}' in string".to_string(),
        ),
    ];
    for (source, header) in cases {
        let err = fails(&source, &[]);
        assert_eq!(err.lines().next(), Some(header.as_str()), "{err:.300}");
        assert!(err.len() < 600, "{} bytes: {err:.300}", err.len());
        assert!(!err.contains(['\u{1b}', '\u{7}']), "{err:?}");
    }
}

/// INCLUDE and INCBIN of something that exists but is not a file say what it is.
#[cfg(unix)]
#[test]
fn include_and_incbin_of_what_is_not_a_file_say_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("parts")).unwrap();
    std::os::unix::fs::symlink("loopB", dir.path().join("loopA")).unwrap();
    std::os::unix::fs::symlink("loopA", dir.path().join("loopB")).unwrap();
    let cases = [
        (
            "\tINCLUDE parts\n",
            "src.asm:1:10: error: INCLUDE file 'parts' is a folder, not a file",
        ),
        (
            "\tINCBIN /dev/zero\n",
            "src.asm:1:9: error: INCBIN file '/dev/zero' is a device, not a file",
        ),
        (
            "\tINCLUDE \"/dev/null\"\n",
            "src.asm:1:10: error: INCLUDE file '/dev/null' is a device, not a file",
        ),
        (
            "\tINCBIN loopA\n",
            "src.asm:1:9: error: cannot read INCBIN file 'loopA': Too many levels of symbolic links (os error 40)",
        ),
    ];
    for (source, header) in cases {
        std::fs::write(dir.path().join("src.asm"), source).unwrap();
        let out = Command::cargo_bin("sargon-z80")
            .unwrap()
            .current_dir(dir.path())
            .args(["asm", "src.asm", "-o", "out.bin"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let first = err.lines().next().unwrap_or_default();
        if header.contains("os error 40") && cfg!(not(target_os = "linux")) {
            assert!(first.starts_with("src.asm:1:9: error: cannot read INCBIN file 'loopA': "));
        } else {
            assert_eq!(first, header);
        }
        assert!(!dir.path().join("out.bin").exists());
    }
}

/// Arithmetic past 32 bits is an error at its operator, never a wrapped value: these once
/// assembled to `LD A,5`, `JP 0100H` and `DW 0`.
#[test]
fn arithmetic_overflow_is_an_error_not_a_wrapped_value() {
    let err = fails(
        "\tLD A,256*256*256*256+5\n\tJP 65536*65536+100H\n\tDW 65536*65536\n",
        &[],
    );
    let range = "is outside the range of expressions (-2147483648..2147483647)";
    has_error(
        &err,
        &format!("src.asm:1:18: error: arithmetic overflow: 16777216 * 256 {range}"),
        "\tLD A,256*256*256*256+5",
    );
    has_error(
        &err,
        &format!("src.asm:2:10: error: arithmetic overflow: 65536 * 65536 {range}"),
        "\tJP 65536*65536+100H",
    );
    has_error(
        &err,
        &format!("src.asm:3:10: error: arithmetic overflow: 65536 * 65536 {range}"),
        "\tDW 65536*65536",
    );
    assert!(err.ends_with("3 errors; no output written\n"), "{err}");
}

/// Assembles `source` with `args` in a fresh folder; returns the exit code, stderr and the
/// bytes written.
fn assemble(source: &[u8], args: &[&str]) -> (Option<i32>, String, Option<Vec<u8>>) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("src.asm"), source).expect("write source");
    let out = Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args(["asm", "src.asm", "-o", "out.bin"])
        .args(args)
        .output()
        .expect("runs");
    let bytes = std::fs::read(dir.path().join("out.bin")).ok();
    let stderr = String::from_utf8(out.stderr).expect("utf-8 stderr");
    (out.status.code(), stderr, bytes)
}

#[test]
fn a_cpm_end_of_file_mark_ends_the_text_in_both_dialects() {
    // CP/M pads a text file's last 128-byte record with ^Z (1AH) after its end.
    let padding = [0x1A_u8; 20];
    let sources: [(&[u8], &[&str]); 4] = [
        (b"\tnop\n\tld a,5\n\tend\n", &[]),
        (b"\tnop\n\tld a,5\n", &[]),
        (b"\tNOP\n\tMVI\tA,5\n\t.END\n", &["--dialect", "tdl"]),
        (b"\tNOP\n\tMVI\tA,5", &["--dialect", "tdl"]),
    ];
    for (text, args) in sources {
        let source = [text, &padding[..]].concat();
        let (code, stderr, bytes) = assemble(&source, args);
        let shown = String::from_utf8_lossy(text);
        assert_eq!(code, Some(0), "{shown:?}: {stderr}");
        assert_eq!(stderr, "", "{shown:?}");
        assert_eq!(bytes.as_deref(), Some(&[0x00, 0x3E, 0x05][..]), "{shown:?}");
    }
    // What follows the mark is not read, and code there is named in a warning.
    let (code, stderr, bytes) = assemble(b"\tnop\n\x1A\tld a,5\n\tfrob\n\x1A\x1A", &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "src.asm:2: warning: ^Z (1AH, CP/M's end of text) ends the file on this line: 2 lines of code after it are ignored\n"
    );
    assert_eq!(bytes.as_deref(), Some(&[0x00][..]));
}
