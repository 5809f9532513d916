//! `asm --dialect tdl`: every TDL form against the bytes of its Zilog form, the forms of the
//! 1978 listing's dialect one by one, the words the two dialects read differently, a small
//! TDL program assembled exactly (macros, `.RADIX`, `^H`, `.ASCII [expr]`, `.`-relative
//! jumps, an overlap), the documentation's table of forms, and the errors and warnings.

use std::path::Path;

use assert_cmd::Command;
use sargon_z80::assembler::{
    AsmErrors, Assembly, Dialect, Options, TDL_FORMS, assemble_str, assemble_str_with,
};

const TDL: Options = Options {
    dialect: Dialect::Tdl,
    allow_overlap: false,
};

fn tdl(source: &str) -> Result<Assembly, AsmErrors> {
    assemble_str_with("t.asm", source, &[], TDL)
}

fn tdl_bytes(line: &str) -> Vec<u8> {
    tdl(&format!("\t{line}\n"))
        .unwrap_or_else(|e| panic!("TDL {line:?}: {e}"))
        .bytes
}

fn zilog_bytes(line: &str) -> Vec<u8> {
    assemble_str("z.asm", &format!("\t{line}\n"), &[])
        .unwrap_or_else(|e| panic!("Zilog {line:?}: {e}"))
        .bytes
}

/// A form with its placeholders filled in: `r` and `r'` by the registers given, the others by
/// fixed values (the same on both sides).
fn instantiate(form: &str, r: &str, r2: &str) -> String {
    let (name, ops) = match form.split_once(' ') {
        Some((name, ops)) => (name, ops),
        None => return form.to_string(),
    };
    let ops: Vec<String> = ops
        .split(',')
        .map(|op| {
            match op {
                "r" => r,
                "r'" => r2,
                "d(X)" => "-5(X)",
                "d(Y)" => "100(Y)",
                "(IX+d)" => "(IX-5)",
                "(IY+d)" => "(IY+100)",
                "n" => "5AH",
                "(n)" => "(5AH)",
                "nn" => "1234H",
                "(nn)" => "(1234H)",
                "e" => "20H",
                "b" => "3",
                "p" => "5",
                "8*p" => "28H",
                fixed => fixed,
            }
            .to_string()
        })
        .collect();
    format!("{name} {}", ops.join(","))
}

const REGISTERS: [&str; 7] = ["A", "B", "C", "D", "E", "H", "L"];

#[test]
fn every_tdl_form_assembles_to_the_bytes_of_its_zilog_form() {
    let mut instances = 0;
    for &(tdl_form, zilog_form) in TDL_FORMS {
        let seconds: &[&str] = if tdl_form.contains("r'") {
            &REGISTERS
        } else {
            &["A"]
        };
        let firsts: &[&str] = if tdl_form.contains('r')
            && tdl_form
                .split(' ')
                .nth(1)
                .is_some_and(|o| o.split(',').any(|p| p == "r"))
        {
            &REGISTERS
        } else {
            &["A"]
        };
        for r in firsts {
            for r2 in seconds {
                let t = instantiate(tdl_form, r, r2);
                let z = instantiate(zilog_form, r, r2);
                let expected = zilog_bytes(&z);
                assert!(!expected.is_empty(), "{z} assembles to nothing");
                assert_eq!(tdl_bytes(&t), expected, "{t} (TDL) against {z} (Zilog)");
                instances += 1;
            }
        }
    }
    assert_eq!(TDL_FORMS.len(), 257, "forms");
    assert_eq!(instances, 479, "instructions tried");
}

/// The forms of the 1978 listing as TDL.md lists them, each written out with its Zilog
/// equivalent, written here independently of the assembler's table.
const LISTING_FORMS: &[(&str, &str)] = &[
    ("MOV A,B", "LD A,B"),
    ("MOV E,M", "LD E,(HL)"),
    ("MOV M,C", "LD (HL),C"),
    ("MOV A,-104(X)", "LD A,(IX-104)"),
    ("MOV 7(X),D", "LD (IX+7),D"),
    ("MOV L,3(Y)", "LD L,(IY+3)"),
    ("MOV 0(Y),A", "LD (IY+0),A"),
    ("MVI B,81", "LD B,81"),
    ("MVI M,0FFH", "LD (HL),0FFH"),
    ("MVI 81(X),5", "LD (IX+81),5"),
    ("LXI B,1", "LD BC,1"),
    ("LXI D,2", "LD DE,2"),
    ("LXI H,3", "LD HL,3"),
    ("LXI SP,4", "LD SP,4"),
    ("LXI X,5", "LD IX,5"),
    ("LXI Y,6", "LD IY,6"),
    ("LDA 1234H", "LD A,(1234H)"),
    ("STA 1234H", "LD (1234H),A"),
    ("LHLD 1234H", "LD HL,(1234H)"),
    ("SHLD 1234H", "LD (1234H),HL"),
    ("LBCD 1234H", "LD BC,(1234H)"),
    ("SBCD 1234H", "LD (1234H),BC"),
    ("LDED 1234H", "LD DE,(1234H)"),
    ("SDED 1234H", "LD (1234H),DE"),
    ("LIXD 1234H", "LD IX,(1234H)"),
    ("SIXD 1234H", "LD (1234H),IX"),
    ("LIYD 1234H", "LD IY,(1234H)"),
    ("LDAX D", "LD A,(DE)"),
    ("XCHG", "EX DE,HL"),
    ("EXAF", "EX AF,AF'"),
    ("EXX", "EXX"),
    ("LDAR", "LD A,R"),
    ("ADD C", "ADD A,C"),
    ("ADD M", "ADD A,(HL)"),
    ("ADI 9", "ADD A,9"),
    ("SUB D", "SUB D"),
    ("SUB M", "SUB (HL)"),
    ("SUI 9", "SUB 9"),
    ("ANA E", "AND E"),
    ("ANI 7", "AND 7"),
    ("XRA A", "XOR A"),
    ("XRA M", "XOR (HL)"),
    ("XRI 80H", "XOR 80H"),
    ("CMP B", "CP B"),
    ("CMP M", "CP (HL)"),
    ("CMP 12(X)", "CP (IX+12)"),
    ("CPI 5", "CP 5"),
    ("INR H", "INC H"),
    ("INR M", "INC (HL)"),
    ("DCR L", "DEC L"),
    ("DCR M", "DEC (HL)"),
    ("INX D", "INC DE"),
    ("INX H", "INC HL"),
    ("INX X", "INC IX"),
    ("INX Y", "INC IY"),
    ("DCX H", "DEC HL"),
    ("DAD B", "ADD HL,BC"),
    ("DAD D", "ADD HL,DE"),
    ("DADX D", "ADD IX,DE"),
    ("DSBC D", "SBC HL,DE"),
    ("NEG", "NEG"),
    ("RLD", "RLD"),
    ("RRD", "RRD"),
    ("LDIR", "LDIR"),
    ("CCIR", "CPIR"),
    ("RAL", "RLA"),
    ("RARR C", "RR C"),
    ("SLAR D", "SLA D"),
    ("SRAR E", "SRA E"),
    ("SRLR A", "SRL A"),
    ("BIT 3,B", "BIT 3,B"),
    ("BIT 7,M", "BIT 7,(HL)"),
    ("BIT 4,-3(X)", "BIT 4,(IX-3)"),
    ("SET 1,A", "SET 1,A"),
    ("SET 6,M", "SET 6,(HL)"),
    ("RES 2,C", "RES 2,C"),
    ("JMP 1234H", "JP 1234H"),
    ("JZ 1234H", "JP Z,1234H"),
    ("JNZ 1234H", "JP NZ,1234H"),
    ("JC 1234H", "JP C,1234H"),
    ("JNC 1234H", "JP NC,1234H"),
    ("JM 1234H", "JP M,1234H"),
    ("JPE 1234H", "JP PE,1234H"),
    ("JP 1234H", "JP P,1234H"),
    ("JMPR 20H", "JR 20H"),
    ("JRZ 20H", "JR Z,20H"),
    ("JRNZ 20H", "JR NZ,20H"),
    ("JRC 20H", "JR C,20H"),
    ("JRNC 20H", "JR NC,20H"),
    ("DJNZ 20H", "DJNZ 20H"),
    ("CALL 1234H", "CALL 1234H"),
    ("CZ 1234H", "CALL Z,1234H"),
    ("CNZ 1234H", "CALL NZ,1234H"),
    ("CC 1234H", "CALL C,1234H"),
    ("RET", "RET"),
    ("RZ", "RET Z"),
    ("RNZ", "RET NZ"),
    ("RC", "RET C"),
    ("RNC", "RET NC"),
    ("RP", "RET P"),
    ("RM", "RET M"),
    ("PUSH B", "PUSH BC"),
    ("PUSH D", "PUSH DE"),
    ("PUSH H", "PUSH HL"),
    ("PUSH PSW", "PUSH AF"),
    ("PUSH X", "PUSH IX"),
    ("PUSH Y", "PUSH IY"),
    ("POP B", "POP BC"),
    ("POP D", "POP DE"),
    ("POP H", "POP HL"),
    ("POP PSW", "POP AF"),
    ("POP X", "POP IX"),
    ("POP Y", "POP IY"),
    ("RST 7", "RST 38H"),
];

#[test]
fn the_listings_forms_assemble_as_their_zilog_rewrites() {
    for (t, z) in LISTING_FORMS {
        assert_eq!(
            tdl_bytes(t),
            zilog_bytes(z),
            "{t} (TDL) against {z} (Zilog)"
        );
    }
}

#[test]
fn words_both_dialects_have_follow_the_files_dialect() {
    // JP is TDL's jump if plus, Zilog's unconditional jump.
    assert_eq!(tdl_bytes("JP 1234H"), [0xF2, 0x34, 0x12]);
    assert_eq!(zilog_bytes("JP 1234H"), [0xC3, 0x34, 0x12]);
    // CPI n compares with a byte in TDL; Zilog's CPI is the block compare, TDL's CCI.
    assert_eq!(tdl_bytes("CPI 5"), [0xFE, 0x05]);
    assert_eq!(zilog_bytes("CPI"), [0xED, 0xA1]);
    assert_eq!(tdl_bytes("CCI"), [0xED, 0xA1]);
    // RST numbers the restarts in TDL, names their address in Zilog.
    assert_eq!(tdl_bytes("RST 7"), [0xFF]);
    assert_eq!(zilog_bytes("RST 38H"), [0xFF]);
    assert!(assemble_str("z.asm", "\tRST 7\n", &[]).is_err());
    // M is the byte at (HL) in TDL, the sign condition in Zilog.
    assert_eq!(tdl_bytes("MOV A,M"), [0x7E]);
    assert_eq!(zilog_bytes("RET M"), [0xF8]);
    assert_eq!(tdl_bytes("RM"), [0xF8]);
    // CP nn calls if plus in TDL, compares in Zilog.
    assert_eq!(tdl_bytes("CP 1234H"), [0xF4, 0x34, 0x12]);
    assert_eq!(zilog_bytes("CP 12H"), [0xFE, 0x12]);
    // RLC and RRC alone rotate A in TDL; Zilog's take a register.
    assert_eq!(tdl_bytes("RLC"), [0x07]);
    assert_eq!(tdl_bytes("RRC"), [0x0F]);
    assert_eq!(zilog_bytes("RLC B"), [0xCB, 0x00]);
    assert_eq!(tdl_bytes("RLCR B"), [0xCB, 0x00]);
    assert!(tdl("\tRLC B\n").is_err());
}

/// A program of our own in TDL, with the bytes it must give, worked out by hand.
const PROGRAM: &str = "\
; A small TDL program: macros, .RADIX, ^H, .ASCII [expr], relative jumps, an overlap
\t.RADIX\t16
BASE\t= 100\t\t; 256: a bare number is hexadecimal here
\t.RADIX\t10
COUNT\t= ^H0A
O.K\t= 2
\t.LOC\tBASE
START:\tLXI\tH,TABLE
\tMVI\tB,COUNT
\t.DEFINE STORE[REG,OFS]=[
\tMOV\tOFS(X),REG
\tINX\tH
]
\t.DEFINE PAUSE=[NOP]
LOOP:\tSTORE\tA,O.K
\tDJNZ\tLOOP
\tJRZ\t.+4
\tCPI\t^B101
\tJP\t.
\tRST\t7
\tPAUSE
TABLE:\t.BYTE\t1,^O17,COUNT
\t.ASCII\t\"OK\"[13]
\t.ASCII\t[O.K+1]
\t.WORD\tSTART,.
\t.BLKB\t2
\t.LOC\tTABLE+1
\t.BYTE\t^HFF
\t.END
";

#[test]
fn a_small_program_assembles_exactly() {
    let options = Options {
        dialect: Dialect::Tdl,
        allow_overlap: true,
    };
    let asm =
        assemble_str_with("prog.asm", PROGRAM, &[], options).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(asm.start, 0x100);
    #[rustfmt::skip]
    let expected = [
        0x21, 0x14, 0x01,       // 0100 LXI H,TABLE
        0x06, 0x0A,             // 0103 MVI B,COUNT
        0xDD, 0x77, 0x02,       // 0105 STORE A,O.K: MOV 2(X),A
        0x23,                   // 0108              INX H
        0x10, 0xFA,             // 0109 DJNZ LOOP
        0x28, 0x02,             // 010B JRZ .+4
        0xFE, 0x05,             // 010D CPI ^B101
        0xF2, 0x0F, 0x01,       // 010F JP . (jump if plus, to itself)
        0xFF,                   // 0112 RST 7
        0x00,                   // 0113 PAUSE: NOP
        0x01, 0xFF, 0x0A,       // 0114 .BYTE 1,^O17,COUNT, its 0FH overwritten by 0FFH
        0x4F, 0x4B, 0x0D,       // 0117 .ASCII "OK"[13]
        0x03,                   // 011A .ASCII [O.K+1]: one byte
        0x00, 0x01, 0x1B, 0x01, // 011B .WORD START,.
        0x00, 0x00,             // 011F .BLKB 2
    ];
    assert_eq!(asm.bytes, expected);
    let symbols: Vec<(&str, i32)> = asm
        .symbols()
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        symbols,
        [
            ("BASE", 256),
            ("COUNT", 10),
            ("LOOP", 0x105),
            ("O.K", 2),
            ("START", 0x100),
            ("TABLE", 0x114)
        ]
    );
    let warnings: Vec<String> = asm.warnings().iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "prog.asm:28: warning: this statement (0115H) writes over 0115H of the bytes written by prog.asm:22 (0114H..0116H); the later bytes win"
        ]
    );
    let strict = tdl(PROGRAM).expect_err("the overlap is an error by default");
    assert_eq!(
        strict.errors()[0].message,
        "this statement (0115H) overlaps the bytes written by t.asm:22 (0114H..0116H) at 0115H; --allow-overlap lets the later bytes win"
    );
    let listing = asm.lst_text();
    assert!(listing.contains("    11+ 0105  DD 77 02"), "{listing}");
}

/// The table of forms in docs/USAGE.md, as the assembler's table makes it.
fn forms_table() -> String {
    let mut table = String::from("| TDL | Zilog |\n|---|---|\n");
    for (t, z) in TDL_FORMS {
        table.push_str(&format!("| `{t}` | `{z}` |\n"));
    }
    table
}

#[test]
fn the_documentation_lists_every_form() {
    let usage =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/USAGE.md"))
            .expect("docs/USAGE.md");
    let start = "<!-- tdl-forms: made from src/assembler/tdl_forms.rs -->\n";
    let end = "<!-- end of tdl-forms -->";
    let from = usage.find(start).expect("the start marker") + start.len();
    let to = usage[from..].find(end).expect("the end marker") + from;
    let expected = forms_table();
    assert!(
        usage[from..to] == expected,
        "docs/USAGE.md's table of TDL forms differs from the code's; put this between the markers:\n{expected}"
    );
}

/// Runs `asm` on `source` (as `src.asm` in a fresh folder) with `args`; returns the exit code,
/// stderr, and whether any output was written.
fn cli(source: &str, args: &[&str]) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("src.asm"), source).expect("write source");
    let out = Command::cargo_bin("sargon-z80")
        .expect("binary")
        .current_dir(dir.path())
        .args([
            "asm", "src.asm", "-o", "out.bin", "--sym", "out.sym", "--lst", "out.lst",
        ])
        .args(args)
        .output()
        .expect("runs");
    let written = ["out.bin", "out.sym", "out.lst"]
        .iter()
        .any(|f| dir.path().join(f).exists());
    (
        out.status.code(),
        String::from_utf8(out.stderr).expect("utf-8"),
        written,
    )
}

/// A TDL source that fails: exit 2, nothing written, and stderr's first line.
fn tdl_error(source: &str) -> String {
    let (code, stderr, written) = cli(source, &["--dialect", "tdl"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(!written, "output written despite: {stderr}");
    stderr.lines().next().unwrap_or_default().to_string()
}

#[test]
fn bad_tdl_gets_a_clear_error_with_file_line_and_column() {
    assert_eq!(
        tdl_error("\tMOV\tA,B\n\tFROB\tA\n"),
        "src.asm:2:2: error: unknown TDL mnemonic or macro 'FROB'"
    );
    assert_eq!(
        tdl_error("\tLD\tA,B\n"),
        "src.asm:1:2: error: unknown TDL mnemonic or macro 'LD' ('LD' is a Zilog word; this source is read as TDL)"
    );
    assert_eq!(
        tdl_error("\t.DEFINE\tM1[A1]=[\n\tMVI\tA,A1\n\tNOP\n"),
        "src.asm:1:17: error: the body of macro 'M1' is never closed: no ']' for this '['"
    );
    assert_eq!(
        tdl_error("\tNOP\n\t.RADIX\t12\n"),
        "src.asm:2:9: error: unsupported .RADIX base 12: TDL takes 2, 8, 10 or 16"
    );
    assert_eq!(
        tdl_error("\tMVI\tA,^H\n"),
        "src.asm:1:8: error: '^H' without digits: write the number after it, as in ^H10"
    );
    assert_eq!(
        tdl_error("\tMVI\tA,^H100\n"),
        "src.asm:1:8: error: value 256 (100H) out of range for a byte (-128..255)"
    );
    assert_eq!(
        tdl_error("\t.WORD\t^H10000\n"),
        "src.asm:1:8: error: value 65536 (10000H) out of range for a word (-32768..65535)"
    );
    assert_eq!(
        tdl_error("\tMOV\tM,M\n")
            .split(';')
            .next()
            .unwrap_or_default(),
        "src.asm:1:6: error: invalid operands for MOV: MOV M,M"
    );
    assert_eq!(
        tdl_error("\t.LOCATE\t0\n"),
        "src.asm:1:2: error: unknown TDL directive '.LOCATE' (TDL's are .LOC .BLKB .BLKW .BYTE .WORD .ASCII .RADIX .DEFINE .END)"
    );
}

#[test]
fn a_macro_closed_with_the_wrong_bracket_names_the_line_and_the_bracket() {
    assert_eq!(
        tdl_error("\tNOP\n\t.DEFINE\tSHOW[A1,A2)=[\n\tMVI\tA,A1\n]\n"),
        "src.asm:2:20: error: parameter list of macro 'SHOW': the '[' at column 14 closes with ')': expected ']'"
    );
    assert_eq!(
        tdl_error("\t.DEFINE\tSHOW[A1]=[\n\tMVI\tA,A1\n\tNOP)\n\tNOP\n"),
        "src.asm:3:5: error: the body of macro 'SHOW' (its '[' on line 1) closes with ')': expected ']'"
    );
}

#[test]
fn text_after_the_end_is_a_warning_naming_the_line_and_the_count() {
    let (code, stderr, written) = cli(
        "\tNOP\n\t.END\n; a comment\n\n\tMVI\tA,1\nLOOP:\tJMP\tLOOP\n",
        &["--dialect", "tdl"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(written);
    assert_eq!(
        stderr,
        "src.asm:2: warning: .END ends the assembly on this line: 2 lines of code after it are ignored, and with them 1 label (LOOP); if the program goes on after it, delete this .END\n"
    );
}

#[test]
fn an_end_before_routines_names_how_many_labels_it_drops_and_the_routines_first() {
    // A program whose .END stands before its routines, as in a transcription that misplaced
    // it: the assembly succeeds, and the warning says what it lost.
    let source = "START:\tNOP\n\tJMP\tSTART\n\t.END\nMOVE:\tMOV\tA,B\nMV1:\tCALL\tUNMOVE\n\
                  \tRET\nUNMOVE:\tRET\nFNDMOV:\tCALL\tMOVE\n\tJRNZ\tMV1\n\tRET\n";
    let (code, stderr, written) = cli(source, &["--dialect", "tdl"]);
    assert_eq!((code, written), (Some(0), true), "{stderr}");
    assert_eq!(
        stderr,
        "src.asm:3: warning: .END ends the assembly on this line: 7 lines of code after it are ignored, and with them 4 labels (the routines MOVE, UNMOVE); if the program goes on after it, delete this .END\n"
    );
}

#[test]
fn a_tdl_source_read_as_zilog_is_refused_in_one_line() {
    let (code, stderr, written) = cli(
        "; the program\nSTART:\tNOP\n\t.LOC\t100H\n\tMVI\tA,5\n\tLXI\tH,START\n",
        &[],
    );
    assert_eq!(code, Some(2));
    assert!(!written);
    assert_eq!(
        stderr,
        "src.asm:3: error: this source is written in TDL's 8080-style mnemonics ('.LOC' on this line is TDL): assemble it with --dialect tdl\n1 error; no output written\n"
    );
}

#[test]
fn overlapping_bytes_name_both_ranges() {
    let source = "\t.LOC\t10H\nA1:\t.BLKB\t8\n\t.LOC\t16H\n\t.BYTE\t1,2,3,4\n";
    let (code, stderr, written) = cli(source, &["--dialect", "tdl"]);
    assert_eq!((code, written), (Some(2), false));
    assert!(
        stderr.starts_with("src.asm:4:2: error: this statement (0016H..0019H) overlaps the bytes written by src.asm:2 (0010H..0017H) at 0016H..0017H; --allow-overlap lets the later bytes win\n"),
        "{stderr}"
    );
    let (code, stderr, written) = cli(source, &["--dialect", "tdl", "--allow-overlap"]);
    assert_eq!((code, written), (Some(0), true));
    assert_eq!(
        stderr,
        "src.asm:4: warning: this statement (0016H..0019H) writes over 0016H..0017H of the bytes written by src.asm:2 (0010H..0017H); the later bytes win\n"
    );
}

/// A TDL source that fails: exit 2, nothing written, and all of stderr.
fn tdl_errors(source: &str) -> String {
    let (code, stderr, written) = cli(source, &["--dialect", "tdl"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(!written, "output written despite: {stderr}");
    stderr
}

/// The `file:line:col: error: ...` lines of `stderr`, and its closing line.
fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains(": error: ") || l.ends_with("no output written"))
        .collect()
}

/// Two macros with the two bracket misprints the public copies of the book have, both used.
const MISPRINTS: &str = "\tNOP\n\
    \t.DEFINE\tPRTBLK[NAME,LNGTH)=\n\
    [\tLXI\tH,NAME\n\
    \tMVI\tB,LNGTH\n\
    \tCALL\tSHOW\n\
    ]\n\
    \t.DEFINE\tCLRSCR=[\n\
    \tMVI\tA,1CH\n\
    \tCALL\tSHOW\n\
    )\n\
    SHOW:\tRET\n\
    MSG:\t.ASCII\t\"BOARD\"\n\
    \tPRTBLK\tMSG,5\n\
    \tCLRSCR\n";

#[test]
fn each_bracket_misprint_is_one_error_and_its_body_is_skipped() {
    assert_eq!(
        error_lines(&tdl_errors(MISPRINTS)),
        [
            "src.asm:2:27: error: parameter list of macro 'PRTBLK': the '[' at column 16 closes with ')': expected ']'",
            "src.asm:10:1: error: the body of macro 'CLRSCR' (its '[' on line 7) closes with ')': expected ']'",
            "2 errors; no output written",
        ]
    );
    // The rest of the file is read after each skipped body: a genuine error there is shown.
    assert_eq!(
        error_lines(&tdl_errors(&format!("{MISPRINTS}\tFROB\n"))),
        [
            "src.asm:2:27: error: parameter list of macro 'PRTBLK': the '[' at column 16 closes with ')': expected ']'",
            "src.asm:10:1: error: the body of macro 'CLRSCR' (its '[' on line 7) closes with ')': expected ']'",
            "src.asm:15:2: error: unknown TDL mnemonic or macro 'FROB'",
            "3 errors; no output written",
        ]
    );
}

#[test]
fn other_misprinted_macro_headers_are_one_error_each() {
    let body = "[\tMVI\tA,P1\n\tMVI\tB,P2\n]\n\tNOP\n";
    let cases = [
        (
            "\t.DEFINE\tM1(P1,P2)=\n",
            "src.asm:1:12: error: the parameter list of macro 'M1' opens with '(': expected '['",
        ),
        (
            "\t.DEFINE\tM1[P1,P2]\n",
            "src.asm:1:19: error: expected '=' after macro 'M1' and its parameters: .DEFINE M1[P1,P2]=[body]",
        ),
        (
            "\t.DEFINE\tM1[P1,2]=\n",
            "src.asm:1:16: error: macro parameter must be a name, found '2'",
        ),
        (
            "\t.DEFINE\tMOV[P1,P2]=\n",
            "src.asm:1:10: error: reserved word 'MOV' cannot be a macro name",
        ),
    ];
    for (header, error) in cases {
        // Its uses add nothing (a macro named MOV has none: MOV is the instruction).
        let uses = if header.contains("M1") {
            "\tM1\t1,2\n"
        } else {
            ""
        };
        assert_eq!(
            error_lines(&tdl_errors(&format!("{header}{body}{uses}"))),
            [error, "1 error; no output written"],
            "{header}"
        );
    }
    // A bracket inside the body closed with ')' is named as such, once.
    assert_eq!(
        error_lines(&tdl_errors(
            "\t.DEFINE\tM1=[\n\t.ASCII\t[41H)\n]\n\tM1\n\tM1\n"
        )),
        [
            "src.asm:2:13: error: a '[' in the body of macro 'M1' closes with ')': expected ']'",
            "1 error; no output written",
        ]
    );
}

#[test]
fn tdl_errors_name_tdl_words() {
    let first = |source: &str| tdl_error(source);
    assert_eq!(
        first("\t.BLKB\t-1\n"),
        "src.asm:1:8: error: .BLKB size -1 out of range (0..65536)"
    );
    assert_eq!(
        first("\t.BLKW\t32769\n"),
        "src.asm:1:8: error: .BLKW size 32769 out of range (0..32768 words)"
    );
    assert_eq!(
        first("\t.LOC\t10000H\n"),
        "src.asm:1:7: error: .LOC address 65536 out of range (0..65535)"
    );
    assert_eq!(
        first("\tNOP\n\t.END\t10000H\n"),
        "src.asm:2:7: error: .END address 65536 out of range (0..65535)"
    );
    assert_eq!(
        first("X1\tEQU\t5\n"),
        "src.asm:1:1: error: unknown TDL mnemonic or macro 'X1' (TDL writes an equate as X1 = 5)"
    );
    assert_eq!(
        first("X1:\tEQU\t5\n"),
        "src.asm:1:5: error: unknown TDL mnemonic or macro 'EQU' (TDL writes an equate as X1 = 5)"
    );
    assert_eq!(
        first("\tJP\tNZ,0\n"),
        "src.asm:1:5: error: invalid operands for JP: JP NZ,n; TDL's forms are JP nn; TDL writes the conditional jump as JNZ nn (in TDL, JP nn is the jump if plus, Zilog's JP P,nn)"
    );
    assert_eq!(
        first("\tJP\tM,0\n"),
        "src.asm:1:5: error: invalid operands for JP: JP M,n; TDL's forms are JP nn; TDL writes the conditional jump as JM nn (in TDL, JP nn is the jump if plus, Zilog's JP P,nn)"
    );
    assert_eq!(
        first("\tJP\n"),
        "src.asm:1:2: error: invalid operands for JP: JP; TDL's forms are JP nn; in TDL, JP nn is the jump if plus (Zilog's JP P,nn) and JMP nn the unconditional jump"
    );
    assert_eq!(
        first("\tJNZ\n"),
        "src.asm:1:2: error: invalid operands for JNZ: JNZ; TDL's forms are JNZ nn"
    );
    assert_eq!(
        first("\tCALL\tC,0\n"),
        "src.asm:1:7: error: invalid operands for CALL: CALL C,n; TDL's forms are CALL nn; TDL writes the conditional call as CC nn"
    );
    assert_eq!(
        first("\tRET\tPE\n"),
        "src.asm:1:6: error: invalid operands for RET: RET PE; TDL's forms are RET; TDL writes the conditional return as RPE"
    );
    assert_eq!(
        first("\tJMPR\tNC,.\n"),
        "src.asm:1:7: error: invalid operands for JMPR: JMPR NC,n; TDL's forms are JMPR e; TDL writes the conditional relative jump as JRNC e"
    );
    assert_eq!(
        first("\tINR\tA,B\n"),
        "src.asm:1:6: error: invalid operands for INR: INR A,B; TDL's forms are INR r, INR M, INR d(X), INR d(Y) (r is A, B, C, D, E, H or L)"
    );
}

#[test]
fn a_doubled_quote_is_an_error_not_a_lost_byte() {
    let doubled = "doubled ' in a text: TDL has no escape for the character that delimits a text; delimit it with another one (\"...'...\")";
    assert_eq!(
        tdl_error("\tNOP\n\t.ASCII\t'it''s'\n"),
        format!("src.asm:2:12: error: {doubled}")
    );
    assert_eq!(
        tdl_error("\t.BYTE\t'it''s',0\n"),
        format!("src.asm:1:11: error: {doubled}")
    );
    assert_eq!(
        tdl_error("\t.ASCII\t/A//B/\n"),
        "src.asm:1:11: error: doubled / in a text: TDL has no escape for the character that delimits a text; delimit it with another one (\".../...\")"
    );
    assert_eq!(tdl_bytes(".ASCII \"it's\""), b"it's");
    assert_eq!(tdl_bytes(".ASCII /it's/"), b"it's");
    assert_eq!(tdl_bytes(".ASCII 'it' 's'"), b"its");
}

#[test]
fn the_dialect_is_named_in_any_case() {
    let (code, stderr, written) = cli("\tMVI\tA,10H\n", &["--dialect", "TDL"]);
    assert_eq!((code, written), (Some(0), true), "{stderr}");
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("sargon-z80")
            .expect("binary")
            .args(args)
            .output()
            .expect("runs");
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        (out.status.code(), stdout, stderr)
    };
    let (code, stdout, stderr) =
        run(&["call", "--disasm", "INITBD:2", "--dialect", "TDL", "INITBD"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.ends_with(
            "INITBD:\n  1E15  21 00 00     LXI H,BOARDA\n  1E18  06 78        MVI B,120\n"
        ),
        "{stdout}"
    );
    let (code, stdout, stderr) = run(&["profile", "--dialect", "Tdl"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("  ANI 10H  "), "{stdout}");
    // The terminal program parses it too, and only then asks for a terminal.
    let (code, _, stderr) = run(&["tui", "--dialect", "tDl"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "error: `tui` needs an interactive terminal (stdin and stdout)\n"
    );
}
