//! The fuzzing harness for hostile input: FENs, EPD text, symbol files, assembler sources and
//! images (symbols moved anywhere, bytes changed) go through the library as the commands use
//! it, and each case must end in a value or an error: no panic, no unbounded memory (every
//! case's peak allocation is measured and bounded), no runaway (the emulated calls run on a
//! small instruction budget). `fuzz/` holds the targets of outputs, traces, expressions,
//! INCLUDE and INCBIN, and what is printed of the input.
//!
//! In CI each target runs a few hundred seeded cases (seconds). For a longer run:
//!
//! ```sh
//! SARGON_FUZZ_CASES=100000 cargo test --release --test fuzz_inputs -- --nocapture
//! SARGON_FUZZ_SEED=12345 SARGON_FUZZ_CASES=100000 cargo test --release --test fuzz_inputs
//! ```
//!
//! Every run prints its seed; a failure prints the command that replays it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use sargon_z80::abi::search::{
    NoSearchObserver, SEARCH_OPTIONAL, SEARCH_REQUIRED, SearchDriver, SearchOptions, SearchRequest,
};
use sargon_z80::abi::{OPTIONAL, REQUIRED, z80_perft};
use sargon_z80::crosscheck::suite::parse_epd;
use sargon_z80::machine::{Image, SymbolTable, default_image};
use sargon_z80::position::Board;
use sargon_z80::profile::{Collector, profile_routine};
use sargon_z80::{Checker, Driver, assembler};

mod fuzz;

/// Counts this thread's live heap bytes and their peak, so each case's memory is measured
/// without the other tests running beside it.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn account(delta: isize) {
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + delta);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every call is passed to the system allocator unchanged; only counters are kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        account(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        account(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        account(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most heap one case may take beyond what was live before it: a machine (64 KiB of
/// RAM and the decoder's tables), a driver and the inputs, with a wide margin; unbounded
/// growth from a hostile input (a 6 GB read, a list that never ends) fails it at once.
const CASE_HEAP_LIMIT: isize = 16 << 20;

/// Runs `f` and returns the most heap it held at once beyond what was live before.
fn peak_heap(f: impl FnOnce()) -> isize {
    let start = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(start));
    f();
    PEAK.with(Cell::get) - start
}

const DEFAULT_SEED: u64 = 0x5A80_F022_0000_0001;

thread_local! {
    /// How the cases of the running target ended, by kind ("a value", "an error").
    static OUTCOMES: std::cell::RefCell<std::collections::BTreeMap<&'static str, u64>> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

/// Counts one case of the running target as ending in `kind`, for its summary line.
fn outcome(kind: &'static str) {
    OUTCOMES.with(|o| *o.borrow_mut().entry(kind).or_default() += 1);
}

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, got {s:?}")),
        Err(_) => default,
    }
}

/// Runs `cases` (SARGON_FUZZ_CASES, else `default_cases`) seeded cases of one target; prints
/// how many were tried and held (every one, or the run fails with its replay command).
fn fuzz<S: Strategy>(
    target: &str,
    default_cases: u32,
    strategy: S,
    test: impl Fn(S::Value) + std::panic::RefUnwindSafe,
) where
    S::Value: std::fmt::Debug,
{
    let seed = env_u64("SARGON_FUZZ_SEED", DEFAULT_SEED);
    let cases = env_u64("SARGON_FUZZ_CASES", u64::from(default_cases)) as u32;
    println!("{target}: seed {seed}, {cases} cases");
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes));
    OUTCOMES.with(|o| o.borrow_mut().clear());
    let most = Cell::new(0);
    let result = runner.run(&strategy, |value| {
        let heap = peak_heap(|| test(value));
        most.set(most.get().max(heap));
        prop_assert!(
            heap <= CASE_HEAP_LIMIT,
            "the case held {heap} bytes of heap at once"
        );
        Ok(())
    });
    let held = if result.is_ok() { cases } else { 0 };
    let outcomes = OUTCOMES.with(|o| std::mem::take(&mut *o.borrow_mut()));
    let ends: Vec<String> = outcomes.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let ends = match ends.is_empty() {
        true => String::new(),
        false => format!(" ({})", ends.join(", ")),
    };
    println!(
        "{target}: {cases} cases tried, {held} held{ends}; at most {} KiB of heap in one case",
        most.get() >> 10
    );
    if let Err(e) = result {
        panic!(
            "{target} failed: {e}\nreplay with SARGON_FUZZ_SEED={seed} SARGON_FUZZ_CASES={cases} \
             cargo test --release --test fuzz_inputs {}",
            target.replace(' ', "_")
        );
    }
}

/// One edit of a text: insert, replace or delete a character, insert a long run of one,
/// duplicate or drop a line.
#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Run(usize, char, usize),
    Replace(usize, char),
    Delete(usize),
    DuplicateLine(usize),
    DeleteLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop_oneof![
        prop::char::range(' ', '~'),
        Just('\t'),
        Just('\n'),
        Just('\u{1b}'),
        Just('\0'),
        any::<char>()
    ];
    prop_oneof![
        4 => (any::<usize>(), ch.clone()).prop_map(|(p, c)| Edit::Insert(p, c)),
        1 => (any::<usize>(), ch.clone(), 100..5000usize).prop_map(|(p, c, n)| Edit::Run(p, c, n)),
        4 => (any::<usize>(), ch).prop_map(|(p, c)| Edit::Replace(p, c)),
        4 => any::<usize>().prop_map(Edit::Delete),
        2 => any::<usize>().prop_map(Edit::DuplicateLine),
        2 => any::<usize>().prop_map(Edit::DeleteLine),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |p: usize, len: usize| if len == 0 { 0 } else { p % len };
        match *e {
            Edit::Insert(p, c) => chars.insert(at(p, chars.len() + 1), c),
            Edit::Run(p, c, n) => {
                let i = at(p, chars.len() + 1);
                chars.splice(i..i, std::iter::repeat_n(c, n));
            }
            Edit::Replace(p, c) if !chars.is_empty() => {
                let i = at(p, chars.len());
                chars[i] = c;
            }
            Edit::Delete(p) if !chars.is_empty() => {
                chars.remove(at(p, chars.len()));
            }
            Edit::DuplicateLine(p) | Edit::DeleteLine(p) => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let i = at(p, lines.len());
                if matches!(e, Edit::DuplicateLine(_)) {
                    lines.insert(i, lines[i]);
                } else {
                    lines.remove(i);
                }
                chars = lines.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A valid text mutated by up to `max` edits, or arbitrary text.
fn mutated(valid: Vec<String>, max: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (prop::sample::select(valid), prop::collection::vec(edit(), 1..max))
            .prop_map(|(text, edits)| apply(&text, &edits)),
        1 => "\\PC{0,200}",
    ]
}

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/8/3pP3/8/8/8/k6K w - d6 0 1",
];

#[test]
fn fen() {
    let valid = FENS.iter().map(|f| f.to_string()).collect();
    fuzz("fen", 600, mutated(valid, 8), |text| {
        if let Ok(board) = Board::from_fen(&text) {
            assert!(
                Board::from_fen(&board.to_fen()).is_ok(),
                "{text:?} writes back"
            );
        }
    });
}

#[test]
fn epd() {
    let valid = vec![
        FENS.iter()
            .map(|f| format!("{f} ;D1 20 ;D2 400\n"))
            .collect::<String>(),
    ];
    fuzz("epd", 400, mutated(valid, 16), |text| {
        if let Ok(entries) = parse_epd(&text, "fuzz.epd") {
            for entry in entries {
                let _ = Board::from_fen(&entry.fen);
            }
        }
    });
}

fn sym_text() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.sym"))
        .expect("roms/sargon.sym")
}

#[test]
fn symbol_file() {
    fuzz("symbol file", 150, mutated(vec![sym_text()], 12), |text| {
        let Ok(symbols) = SymbolTable::parse(&text) else {
            return;
        };
        let image = default_image();
        if let Ok(image) = Image::new(image.bytes.clone(), image.org, symbols) {
            drive(&image, FENS[1]);
        }
    });
}

#[test]
fn assembler_source() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm_corpus");
    let valid = ["arith.asm", "bits.asm", "conditional.asm"]
        .iter()
        .map(|name| std::fs::read_to_string(dir.join(name)).expect("corpus source"))
        .chain(["\tORG 0FFF0H\n\tDS 20\n\tDEFS 65536\n\tDB 1\n".to_string()])
        .collect();
    fuzz(
        "assembler source",
        150,
        mutated(valid, 12),
        |text| match assembler::assemble_str("fuzz.asm", &text, &[]) {
            Ok(asm) => {
                outcome("assembled");
                assert!(asm.bytes.len() <= 0x1_0000);
                let _ = (asm.sym_text(), asm.lst_text());
            }
            Err(errors) => {
                // Tabs stay in a quoted source line, so the caret lines up under them.
                outcome("refused");
                let text = errors.to_string().replace('\t', " ");
                assert!(!text.is_empty());
                fuzz::traces::check_message(&text, 700);
            }
        },
    );
}

/// Symbols of the built-in image moved to any value, and image bytes changed.
#[derive(Debug, Clone)]
struct ImageCase {
    moves: Vec<(usize, u16)>,
    pokes: Vec<(usize, u8)>,
    fen: usize,
}

fn image_case() -> impl Strategy<Value = ImageCase> {
    let names = REQUIRED.len() + OPTIONAL.len() + SEARCH_REQUIRED.len() + SEARCH_OPTIONAL.len();
    let value = prop_oneof![
        any::<u16>(),
        0xFF80..=0xFFFFu16,
        0u16..0x0100,
        Just(0u16),
        Just(0xFFFFu16)
    ];
    (
        prop::collection::vec((0..names, value), 0..4),
        prop::collection::vec((any::<usize>(), any::<u8>()), 0..6),
        0..FENS.len(),
    )
        .prop_map(|(moves, pokes, fen)| ImageCase { moves, pokes, fen })
}

#[test]
fn image() {
    let base = default_image();
    fuzz("image", 120, image_case(), |case| {
        let mut symbols = base.symbols.clone();
        for &(i, value) in &case.moves {
            let name = REQUIRED
                .iter()
                .chain(&OPTIONAL)
                .chain(&SEARCH_REQUIRED)
                .chain(&SEARCH_OPTIONAL)
                .nth(i)
                .unwrap();
            symbols.insert(name, value);
        }
        let mut bytes = base.bytes.clone();
        for &(at, value) in &case.pokes {
            let i = at % bytes.len();
            bytes[i] = value;
        }
        if let Ok(image) = Image::new(bytes, base.org, symbols) {
            drive(&image, FENS[case.fen]);
        }
    });
}

/// Everything a command does with an image, on a small instruction budget per call: GENMOV
/// and every move's MOVE, INCHK and UNMOVE, perft, the cross-check, the profiler, a search.
fn drive(image: &Image, fen: &str) {
    search(image, fen);
    let Ok(mut driver) = Driver::new(image) else {
        return;
    };
    driver.machine_mut().set_budget(50_000);
    let board = Board::from_fen(fen).unwrap();
    driver.set_root(&board);
    let mut list = Vec::new();
    if driver.genmov(&mut list).is_ok() {
        for entry in list.iter().filter(|e| !e.hidden).take(8) {
            let _ = driver.make(entry.addr);
            let _ = driver.inchk();
            let _ = driver.unmake(entry.addr);
        }
    }
    let mut read = Board::empty();
    driver.read_board(&mut read);
    let _ = z80_perft(&mut driver, &board, 2, None);
    for routine in ["GENMOV", "MOVE", "INCHK", "STACK"] {
        let _ = profile_routine(&mut driver, &board, routine, &mut Collector::new());
    }
    let mut checker = Checker::new(driver);
    let _ = checker.check(&board, 2, None);
}

/// FNDMOV at one and two plies with the principal variation watched, on a small budget.
fn search(image: &Image, fen: &str) {
    let Ok(mut driver) = SearchDriver::new(image) else {
        return;
    };
    driver.set_budget(200_000);
    for plymax in [1, 2] {
        let request = SearchRequest {
            board: Board::from_fen(fen).unwrap(),
            moveno: 2,
            plymax,
            r_register: 0,
        };
        let options = SearchOptions {
            pv: true,
            ..SearchOptions::default()
        };
        let _ = driver.search(&request, options, &mut NoSearchObserver);
    }
}
