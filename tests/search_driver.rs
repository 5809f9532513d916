//! The search driver's contract beyond the happy path: what an image without the search ABI,
//! a runaway or stack-escaping FNDMOV, a list that fills up and a stop request give; and the
//! search cross-check finding a fault planted in a copy of the built-in image.

mod common;

use sargon_z80::abi::AbiError;
use sargon_z80::abi::search::{
    Evaluation, NoSearchObserver, SearchDriveError, SearchDriver, SearchObserver, SearchOptions,
    SearchRequest,
};
use sargon_z80::assembler::assemble_str;
use sargon_z80::crosscheck::search::{SearchCheck, SearchFailure};
use sargon_z80::engine::Setup;
use sargon_z80::machine::{Image, MachineError, SymbolTable};
use sargon_z80::{Board, default_image};

fn startpos(plymax: u8) -> SearchRequest {
    SearchRequest {
        board: Board::startpos(),
        moveno: 2,
        plymax,
        r_register: 0,
    }
}

/// The toy board image plus search symbols, with FNDMOV's body given.
fn toy_search(fndmov: &str) -> Image {
    let toy = std::fs::read_to_string(common::toy_source()).unwrap();
    let source = format!(
        "{toy}\nFNDMOV: {fndmov}\nPOINTS: RET\nKOLOR: DB 0\nMOVENO: DB 0\nPLYMAX: DB 0\n\
         NPLY: DB 0\nVALM: DB 0\nBESTM: DW 0\nSCORE: DS 12\n"
    );
    let asm = assemble_str("toy_search.asm", &source, &[]).expect("the toy search assembles");
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    Image::new(asm.bytes.clone(), asm.start, symbols).unwrap()
}

#[test]
fn an_image_without_the_search_abi_names_every_missing_symbol() {
    let error = SearchDriver::new(&common::toy_image()).err().unwrap();
    assert_eq!(
        error,
        AbiError::MissingSearchSymbols(
            [
                "FNDMOV", "POINTS", "KOLOR", "MOVENO", "PLYMAX", "NPLY", "VALM", "BESTM", "SCORE"
            ]
            .map(String::from)
            .to_vec()
        )
    );
    assert!(error.to_string().contains("the board commands still work"));
}

#[test]
fn runaway_and_stack_escape_are_machine_errors() {
    let mut driver = SearchDriver::new(&default_image()).unwrap();
    driver.set_budget(10_000);
    let error = driver
        .search(
            &startpos(2),
            SearchOptions::default(),
            &mut NoSearchObserver,
        )
        .unwrap_err();
    assert!(
        matches!(
            error,
            SearchDriveError::Machine(MachineError::BudgetExceeded { count: 10_000, .. })
        ),
        "{error}"
    );
    let mut escaping = SearchDriver::new(&toy_search("PUSH HL\n JR FNDMOV")).unwrap();
    let error = escaping
        .search(
            &startpos(2),
            SearchOptions::default(),
            &mut NoSearchObserver,
        )
        .unwrap_err();
    assert!(
        matches!(
            error,
            SearchDriveError::Machine(MachineError::StackOutOfRange { .. })
        ),
        "{error}"
    );
}

#[test]
fn a_list_that_fills_up_is_reported_not_compared() {
    let mut image = default_image();
    let mlist = image.symbols.get("MLIST").unwrap();
    image.symbols.insert("MLEND", mlist + 60);
    let mut driver = SearchDriver::new(&image).unwrap();
    let error = driver
        .search(
            &startpos(2),
            SearchOptions::default(),
            &mut NoSearchObserver,
        )
        .unwrap_err();
    // Broken off at the GENMOV that reached MLEND, before its list was walked: 20 moves in
    // a list area of 11 entries.
    let SearchDriveError::ListFull(full) = error else {
        panic!("{error}")
    };
    assert_eq!(
        (full.ply, full.path, full.listed, full.capacity, full.flag),
        (1, 0, 20, 11, 0)
    );
    assert_eq!(full.node, Board::startpos());
    assert_eq!(
        full.to_string(),
        "the move list filled up at ply 1: 0 entries on the path, 20 listed, the list holds 11; \
         moves may have been dropped"
    );
}

/// Stops after a number of evaluations.
struct StopAfter(u64);

impl SearchObserver for StopAfter {
    fn on_evaluation(&mut self, _evaluation: &Evaluation) {
        self.0 = self.0.saturating_sub(1);
    }
    fn should_stop(&mut self) -> bool {
        self.0 == 0
    }
}

#[test]
fn a_stop_ends_the_search_at_the_next_evaluation() {
    let mut driver = SearchDriver::new(&default_image()).unwrap();
    let error = driver
        .search(&startpos(3), SearchOptions::default(), &mut StopAfter(10))
        .unwrap_err();
    // Still in ply 1's sort (the root and nine moves evaluated): no ply-1 move finished yet.
    assert_eq!(
        error,
        SearchDriveError::Aborted {
            evaluations: 10,
            nodes: 9,
            best: None,
            score: 0
        }
    );
}

#[test]
fn plymax_is_reported_as_left_and_put_back() {
    // White mates with Ra8: the mate exit lowers PLYMAX by 2 (1 wraps to 255).
    let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let mut driver = SearchDriver::new(&default_image()).unwrap();
    let request = SearchRequest {
        board,
        moveno: 2,
        plymax: 1,
        r_register: 0,
    };
    let run = driver
        .search(&request, SearchOptions::default(), &mut NoSearchObserver)
        .unwrap();
    assert_eq!((run.score, run.plymax_after), (0xFF, 255));
    let plymax = driver.symbols().plymax;
    assert_eq!(driver.last_machine().unwrap().peek(plymax), 1);
}

#[test]
fn the_search_crosscheck_names_the_first_record_a_planted_fault_changes() {
    // One byte of the built-in image's development table: an unmoved white knight counts -3
    // instead of -2 in BRDC.
    let image = default_image();
    let deva = image.symbols.get("DEVA").unwrap();
    let mut bytes = image.bytes.clone();
    bytes[usize::from(deva - image.org) + 0x02] = 0xFD;
    let faulty = Image::new(bytes, image.org, image.symbols.clone()).unwrap();
    let mut check = SearchCheck::new(&faulty).unwrap();
    let setup = Setup::startpos();
    assert!(check.check(&setup, 1, 0).is_err());
    match check.check(&setup, 2, 0) {
        Err(SearchFailure::Differ(difference)) => {
            // The root evaluation already counts both knights one unit lower.
            assert_eq!(difference.field, "evaluation 0 of 113/118");
            assert_eq!(difference.image, "ply 0 (no previous move) VALM 0x82");
            assert_eq!(difference.native, "ply 0 (no previous move) VALM 0x80");
        }
        other => panic!("expected a difference, got {other:?}"),
    }
    let mut healthy = SearchCheck::new(&default_image()).unwrap();
    assert!(healthy.check(&setup, 2, 0).is_ok());
}
