//! Traces through the library: written and read back byte for byte, the emulated search's
//! trace equal to the native one line for line, every search of `sargon1978/traces.jsonl`
//! diffed clean against the native engine's, and a changed table byte of the built-in image
//! found at its node and term.

mod shared;

use std::io::BufRead;

use sargon_z80::abi::search::{SearchDriver, SearchOptions, SearchRequest};
use sargon_z80::default_image;
use sargon_z80::engine::setup::START_FEN;
use sargon_z80::engine::{Engine, SearchParams, Setup};
use sargon_z80::machine::Image;
use sargon_z80::position::{DOUBLE, Entry};
use sargon_z80::reference::Move;
use sargon_z80::trace::{
    Difference, Finding, ListEntry, MoveStatus, Side, Trace, TraceHeader, TraceResult, TraceSetup,
    TraceSource, TraceWriter, diverge, parse_trace, read_trace, write_trace,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// A queen's gambit position where black's bishop on d6 can be taken by the white bishop.
const GAMBIT: &str = "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4";

fn header(fen: &str, plymax: u8, detail: bool, engine: &str) -> TraceHeader {
    let setup = Setup::from_fen(fen).unwrap();
    TraceHeader {
        setup: TraceSetup::new(fen.to_string(), &setup, plymax, 0),
        engine: Some(engine.to_string()),
        image: None,
        terms: detail,
        lists: detail,
    }
}

/// The native engine's trace as written.
fn native_text(header: &TraceHeader) -> Vec<u8> {
    let mut writer = TraceWriter::new(Vec::new(), header).unwrap();
    let setup = header.setup.engine_setup();
    let params = SearchParams::new(header.setup.plymax);
    let result = Engine::new().search(&setup, &params, &mut writer).unwrap();
    let answer = TraceResult {
        best: result.best.map(|mv| mv.uci()),
        score: Some(result.score),
        ..TraceResult::default()
    };
    writer.finish(Some(answer)).unwrap()
}

/// An image's trace as written.
fn image_text(image: &Image, header: &TraceHeader) -> Vec<u8> {
    let mut driver = SearchDriver::new(image).unwrap();
    let request = SearchRequest {
        board: header.setup.board,
        moveno: header.setup.moveno,
        plymax: header.setup.plymax,
        r_register: 0,
    };
    let options = SearchOptions {
        pv: false,
        lists: header.lists,
    };
    let mut writer = TraceWriter::new(Vec::new(), header).unwrap();
    let run = driver.search(&request, options, &mut writer).unwrap();
    let answer = TraceResult {
        best: run.best.map(|p| Move::sargon(p.entry, p.second).uci()),
        score: Some(run.score),
        ..TraceResult::default()
    };
    writer.finish(Some(answer)).unwrap()
}

fn parse(text: &[u8]) -> Trace {
    parse_trace(text, "mem.jsonl", None).unwrap_or_else(|err| panic!("{err}"))
}

#[test]
fn a_detailed_trace_reads_back_identical() {
    let text = native_text(&header(START_FEN, 3, true, "native"));
    let trace = parse(&text);
    assert_eq!((trace.evaluations.len(), trace.lists.len()), (921, 62));
    assert_eq!(trace.lists[0].entries.len(), 20);
    assert_eq!(
        trace.lists[0].after, 1,
        "GENMOV at ply 1 follows the root evaluation"
    );
    let result = trace.result.clone().unwrap();
    assert_eq!(result.best.as_deref(), Some("b1c3"));
    assert_eq!((result.score, result.evaluations), (Some(0x86), Some(921)));
    assert_eq!(trace.evaluations[1].terms, Some([4, 0, 0, 0, 0, 0]));
    let written = write_trace(&trace, Vec::new()).unwrap();
    assert_eq!(written, text, "the same bytes again");
    assert_eq!(parse(&written), trace);
}

#[test]
fn hidden_halves_are_written_marked_and_read_back() {
    let text = native_text(&header(KIWIPETE, 2, true, "native"));
    let trace = parse(&text);
    let first = &trace.lists[0].entries;
    let castles: Vec<usize> = (0..first.len()).filter(|&i| first[i].hidden).collect();
    assert_eq!(castles.len(), 2, "O-O and O-O-O each have a rook half");
    for &i in &castles {
        assert_ne!(first[i - 1].entry.flags & DOUBLE, 0);
    }
    let line = String::from_utf8(text.clone()).unwrap();
    assert_eq!(line.matches(",\"hidden\"]").count(), hidden_count(&trace));
    assert_eq!(write_trace(&trace, Vec::new()).unwrap(), text);
}

fn hidden_count(trace: &Trace) -> usize {
    let lists = trace.lists.iter().flat_map(|list| &list.entries);
    lists.filter(|entry| entry.hidden).count()
}

#[test]
fn the_built_in_image_writes_the_native_engine_s_trace_line_for_line() {
    for (fen, plymax) in [(START_FEN, 3), (KIWIPETE, 2), (GAMBIT, 3)] {
        let native = parse(&native_text(&header(fen, plymax, true, "x")));
        let emulated = parse(&image_text(
            &default_image(),
            &header(fen, plymax, true, "x"),
        ));
        assert_eq!(emulated, native, "{fen} at PLYMAX {plymax}");
    }
}

#[test]
fn every_sargon1978_search_diffs_clean_against_the_native_engine() {
    let path = shared::shared_dir().join("sargon1978/traces.jsonl");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut searches, mut records) = (0, 0);
    for line in std::io::BufReader::new(file).lines() {
        let line = line.unwrap();
        let reference = parse(line.as_bytes());
        let mut mine = header(
            &reference.header.setup.fen,
            reference.header.setup.plymax,
            false,
            "native",
        );
        mine.setup = reference.header.setup.clone();
        let native = parse(&native_text(&mine));
        let divergence = diverge(&reference, &native);
        let which = format!("{} at PLYMAX {}", mine.setup.fen, mine.setup.plymax);
        assert_eq!(
            divergence.comparison.difference, None,
            "{which}: {divergence:?}"
        );
        assert_eq!(reference.digest(), native.digest(), "{which}");
        searches += 1;
        records += native.evaluations.len();
    }
    assert_eq!((searches, records), (866, 748_644));
}

#[test]
fn one_search_of_the_shared_file_is_chosen_by_index_and_plymax_or_line() {
    let path = shared::shared_dir().join("sargon1978/traces.jsonl");
    let name = path.display().to_string();
    let by_index = read_trace(&TraceSource::parse(&format!("{name}#12:3")).unwrap()).unwrap();
    let by_line = read_trace(&TraceSource::parse(&format!("{name}#l26")).unwrap()).unwrap();
    assert_eq!(by_index, by_line);
    assert_eq!(by_index.header.setup.plymax, 3);
    let result = by_index.result.as_ref().unwrap();
    assert_eq!(result.evaluations, Some(by_index.evaluations.len() as u64));
    let error = read_trace(&TraceSource::parse(&format!("{name}#12")).unwrap()).unwrap_err();
    assert!(
        error.to_string().contains("more than one search for #12"),
        "{error}"
    );
}

/// The built-in image with byte `offset` of table `table` changed from `was` to `now`.
fn image_with(table: &str, offset: usize, was: u8, now: u8) -> Image {
    let image = default_image();
    let at = usize::from(image.symbols.get(table).unwrap() - image.org) + offset;
    let mut bytes = image.bytes.clone();
    assert_eq!(bytes[at], was, "{table}+{offset:#X}");
    bytes[at] = now;
    Image::new(bytes, image.org, image.symbols.clone()).unwrap()
}

/// TDVL's byte for a moved black bishop (twice its value) made 7 instead of 6.
fn changed_image() -> Image {
    image_with("TDVL", 0x8B, 6, 7)
}

/// TABW's byte for a moved black bishop made 0: the image no longer sees a bishop attack its
/// white king, in INCHK and in GENMOV's castling test.
fn blind_image() -> Image {
    image_with("TABW", 0x8B, 2, 0)
}

#[test]
fn a_changed_table_byte_is_found_at_its_node_and_term() {
    let good = parse(&native_text(&header(GAMBIT, 3, true, "native")));
    let bad = parse(&image_text(
        &changed_image(),
        &header(GAMBIT, 3, true, "z80"),
    ));
    let divergence = diverge(&good, &bad);
    let difference = Difference::Evaluation { index: 242 };
    assert_eq!(divergence.comparison.difference, Some(difference));
    let place = divergence.located.as_ref().unwrap().place.as_ref().unwrap();
    assert!(place.exact);
    assert_eq!(place.follows, Side::A);
    let path: Vec<String> = place.path.iter().map(Move::uci).collect();
    assert_eq!(path, ["c1f4"]);
    let fen = "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP1B2/2N5/PP2PPPP/R2QKBNR b KQkq - 0 1";
    assert_eq!(place.node.to_fen(), fen);
    let findings = vec![
        Finding::Value { a: 0x94, b: 0x98 },
        Finding::Terms(vec![("PTSL", 6, 7)]),
    ];
    assert_eq!(divergence.findings, findings);
    let record = bad.evaluations[242].record;
    assert_eq!((record.ply, record.from, record.to), (2, 96, 74), "f8d6");
}

#[test]
fn terms_show_a_fault_before_the_values_do() {
    let good = parse(&native_text(&header(KIWIPETE, 3, true, "native")));
    let bad = parse(&image_text(
        &changed_image(),
        &header(KIWIPETE, 3, true, "z80"),
    ));
    let divergence = diverge(&good, &bad);
    let comparison = &divergence.comparison;
    assert_eq!((comparison.common, comparison.common_records), (0, 40));
    let findings = vec![Finding::Terms(vec![("PTSW1", 6, 7)])];
    assert_eq!(divergence.findings, findings);
    let place = divergence.located.as_ref().unwrap().place.as_ref().unwrap();
    assert!(
        place.path.is_empty() && place.node_id.is_none(),
        "the root evaluation"
    );
}

#[test]
fn an_illegal_move_evaluated_is_named_as_such() {
    let fen = "rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3";
    let good = parse(&native_text(&header(fen, 3, false, "native")));
    let bad = parse(&image_text(&blind_image(), &header(fen, 3, false, "z80")));
    let divergence = diverge(&good, &bad);
    let difference = Difference::Evaluation { index: 1 };
    assert_eq!(divergence.comparison.difference, Some(difference));
    let finding = Finding::Move {
        side: Side::B,
        uci: "b1a3".into(),
        status: MoveStatus::Illegal,
    };
    assert_eq!(divergence.findings, [finding]);
}

#[test]
fn a_wrong_list_is_told_from_the_reference_genmov() {
    let good = parse(&native_text(&header(KIWIPETE, 3, true, "native")));
    let bad = parse(&image_text(
        &blind_image(),
        &header(KIWIPETE, 3, true, "z80"),
    ));
    let divergence = diverge(&good, &bad);
    let difference = Difference::List {
        index: 45,
        entry: Some(6),
    };
    assert_eq!(divergence.comparison.difference, Some(difference));
    let place = divergence.located.as_ref().unwrap().place.as_ref().unwrap();
    let path: Vec<String> = place.path.iter().map(Move::uci).collect();
    assert_eq!(
        path,
        ["d5e6", "a6e2"],
        "the black bishop on e2 covers d1 and f1"
    );
    let entry = |from, to, flags, hidden| ListEntry {
        entry: Entry::new(from, to, flags),
        hidden,
    };
    let findings = vec![
        Finding::Entry {
            index: 6,
            a: Some(entry(28, 27, 0x10, false)),
            b: Some(entry(25, 27, 0x50, false)),
        },
        Finding::Reference {
            side: Side::A,
            first: None,
            len: 44,
            reference_len: 44,
        },
        Finding::Reference {
            side: Side::B,
            first: Some(6),
            len: 48,
            reference_len: 44,
        },
    ];
    assert_eq!(divergence.findings, findings);
}
