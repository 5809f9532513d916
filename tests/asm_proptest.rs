//! Arbitrary input never makes the assembler panic: random text, random assembler-flavoured
//! token soup, and random mutations of the valid corpus sources, in Zilog and in TDL. Every
//! run prints its seed; replay a failure with
//! `ASM_PROPTEST_SEED=<seed> cargo test --release --test asm_proptest`.

use std::path::PathBuf;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use sargon_z80::assembler;

/// Cases per property.
const CASES: u32 = 1500;

const DEFAULT_SEED: u64 = 0x5A80_A55E_3B1E_0001;

fn seed() -> u64 {
    match std::env::var("ASM_PROPTEST_SEED") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("ASM_PROPTEST_SEED must be a u64, got {s:?}")),
        Err(_) => DEFAULT_SEED,
    }
}

fn runner(seed: u64) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Assembles `text` as if it were the file `name`, and renders whatever comes out.
fn assemble_everything(name: &str, text: &str) {
    match assembler::assemble_str(name, text, &[]) {
        Ok(asm) => {
            let _ = (asm.sym_text(), asm.lst_text(), asm.symbols().len());
        }
        Err(errors) => {
            assert!(!errors.errors().is_empty(), "an error result holds errors");
            let _ = errors.to_string();
        }
    }
}

fn run<S: Strategy>(what: &str, strategy: S, test: impl Fn(S::Value) + std::panic::RefUnwindSafe)
where
    S::Value: std::fmt::Debug,
{
    let seed = seed();
    println!("{what}: seed {seed}, {CASES} cases");
    if let Err(e) = runner(seed).run(&strategy, |v| {
        test(v);
        Ok(())
    }) {
        panic!(
            "{what} failed: {e}\nreplay with ASM_PROPTEST_SEED={seed} cargo test --release --test asm_proptest"
        );
    }
}

const WORDS: &[&str] = &[
    "ld",
    "LD",
    "jr",
    "djnz",
    "jp",
    "call",
    "ret",
    "rst",
    "im",
    "in",
    "out",
    "ex",
    "push",
    "bit",
    "set",
    "res",
    "sll",
    "add",
    "sbc",
    "inc",
    "a",
    "b",
    "c",
    "hl",
    "(hl)",
    "ix",
    "(ix+",
    "(iy-",
    "ixh",
    "iyl",
    "af'",
    "af",
    "sp",
    "(c)",
    "nz",
    "org",
    "equ",
    "db",
    "dw",
    "ds",
    "defs",
    "end",
    "if",
    "else",
    "endif",
    "macro",
    "endm",
    "include",
    "incbin",
    "HIGH",
    "LOW",
    "MOD",
    "SHL",
    "NOT",
    "$",
    "$FF",
    "0FFh",
    "0x",
    "%1",
    "1010b",
    "'",
    "\"",
    "''",
    "'x'",
    "\"\\x4",
    "\\",
    "(",
    ")",
    ",",
    ":",
    ";",
    "+",
    "-",
    "*",
    "/",
    "<<",
    ">>",
    "&",
    "|",
    "^",
    "~",
    "!",
    "?",
    "=",
    "<>",
    "lbl",
    "lbl:",
    "LBL",
    "mac",
    "65536",
    "-129",
    "128",
    "0",
    "255",
    "99999999999",
    "\t",
    " ",
    "\r",
    "\n",
    "\n\t",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..120).prop_map(|w| w.concat())
}

#[test]
fn arbitrary_text_never_panics() {
    run(
        "arbitrary text",
        prop::collection::vec("\\PC{0,50}", 0..30).prop_map(|lines| lines.join("\n")),
        |text| assemble_everything("fuzz.asm", &text),
    );
}

#[test]
fn assembler_token_soup_never_panics() {
    run("token soup", token_soup(), |text| {
        assemble_everything("fuzz.asm", &text)
    });
}

/// One edit of a source text.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    InsertWord(usize, &'static str),
    DuplicateLine(usize),
    DeleteLine(usize),
    SwapLines(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let pos = any::<usize>();
    let ch = prop_oneof![
        prop::char::range(' ', '~'),
        Just('\t'),
        Just('\n'),
        any::<char>()
    ];
    prop_oneof![
        pos.prop_map(Edit::Delete),
        (pos, ch.clone()).prop_map(|(p, c)| Edit::Insert(p, c)),
        (pos, ch).prop_map(|(p, c)| Edit::Replace(p, c)),
        (pos, prop::sample::select(WORDS)).prop_map(|(p, w)| Edit::InsertWord(p, w)),
        pos.prop_map(Edit::DuplicateLine),
        pos.prop_map(Edit::DeleteLine),
        (pos, any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Delete(p) => {
                if !chars.is_empty() {
                    chars.remove(p % n);
                }
            }
            Edit::Insert(p, c) => chars.insert(p % (chars.len() + 1), c),
            Edit::Replace(p, c) => {
                if !chars.is_empty() {
                    chars[p % n] = c;
                }
            }
            Edit::InsertWord(p, w) => {
                let at = p % (chars.len() + 1);
                chars.splice(at..at, w.chars());
            }
            Edit::DuplicateLine(_) | Edit::DeleteLine(_) | Edit::SwapLines(..) => {
                let s: String = chars.iter().collect();
                let mut lines: Vec<&str> = s.split('\n').collect();
                let m = lines.len();
                match *e {
                    Edit::DuplicateLine(p) => lines.insert(p % m, lines[p % m]),
                    Edit::DeleteLine(p) => {
                        lines.remove(p % m);
                    }
                    Edit::SwapLines(a, b) => lines.swap(a % m, b % m),
                    _ => {}
                }
                chars = lines.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

fn corpus() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/asm_corpus");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("tests/asm_corpus exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable corpus source");
            (p.display().to_string(), text)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus sources in {}", dir.display());
    files
}

#[test]
fn mutated_valid_sources_never_panic() {
    let files = corpus();
    for (name, text) in &files {
        assert!(
            assembler::assemble_str(name, text, &[]).is_ok(),
            "{name} assembles before mutation"
        );
    }
    let n = files.len();
    run(
        "mutated corpus sources",
        (0..n, prop::collection::vec(edit(), 1..12)),
        |(i, edits)| {
            let (name, text) = &files[i];
            assemble_everything(name, &apply(text, &edits));
        },
    );
}

/// Assembles `text` as TDL, and renders whatever comes out.
fn assemble_tdl(text: &str) {
    let options = assembler::Options {
        dialect: assembler::Dialect::Tdl,
        allow_overlap: true,
    };
    match assembler::assemble_str_with("fuzz.asm", text, &[], options) {
        Ok(asm) => {
            let _ = (asm.sym_text(), asm.lst_text(), asm.warnings().len());
        }
        Err(errors) => {
            assert!(!errors.errors().is_empty(), "an error result holds errors");
            let _ = errors.to_string();
        }
    }
}

const TDL_WORDS: &[&str] = &[
    "MOV", "MVI", "LXI", "JRNZ", "JP", "CPI", "RST", "DJNZ", "LIXD", "BIT", "A", "B", "M", "X",
    "Y", "PSW", "SP", "(X)", "(Y)", "-104", "^H", "^HFF", "^B", "^D12", "^", ".", ".+", ".LOC",
    ".BLKB", ".BLKW", ".BYTE", ".WORD", ".ASCII", ".RADIX", "16", "10", "7", ".DEFINE", ".END",
    "[", "]", "(", ")", "=", ",", ":", ";", "\"", "'", "/", "O.O", "LBL", "LBL:", "NAME", "P1",
    "12D", "0FFH", "101B", "\t", " ", "\n", "\n\t",
];

#[test]
fn tdl_token_soup_never_panics() {
    let soup =
        prop::collection::vec(prop::sample::select(TDL_WORDS), 0..120).prop_map(|w| w.concat());
    run("TDL token soup", soup, |text| assemble_tdl(&text));
}

/// A valid TDL source to mutate.
const TDL_SOURCE: &str = "\t.RADIX\t16\nBASE\t= 100\n\t.RADIX\t10\n\t.LOC\tBASE\n\
    .DEFINE\tPUT[R1,V1]=[\n\tMVI\tR1,V1\n\tMOV\t3(X),R1\n]\nSTART:\tLXI\tH,TAB\n\tPUT\tA,^H10\n\
    \tJRNZ\t.+4\n\tRST\t7\nTAB:\t.BYTE\t1,2\n\t.ASCII\t\"AB\"[13]\n\t.WORD\tSTART\n\t.BLKW\t2\n\t.END\n";

#[test]
fn mutated_tdl_never_panics() {
    assert!(
        assembler::assemble_str_with(
            "t.asm",
            TDL_SOURCE,
            &[],
            assembler::Options {
                dialect: assembler::Dialect::Tdl,
                allow_overlap: false
            }
        )
        .is_ok(),
        "the TDL source assembles before mutation"
    );
    run(
        "mutated TDL source",
        prop::collection::vec(edit(), 1..12),
        |edits| assemble_tdl(&apply(TDL_SOURCE, &edits)),
    );
}
