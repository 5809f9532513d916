//! A trace is streamed: the writer holds nothing that grows with the search. A counting
//! global allocator sees the same allocations for a search of 921 evaluations and one of
//! 25,000, detail included, while the file grows with every record; a driven image's
//! evaluations and lists written one by one allocate nothing at all.

mod counting;

use std::io::Write;

use counting::allocations;
use sargon_z80::abi::RawEntry;
use sargon_z80::abi::search::{EvalTerms, Evaluation, SearchObserver};
use sargon_z80::engine::{Engine, SearchParams, Setup};
use sargon_z80::files::Outputs;
use sargon_z80::trace::{TraceHeader, TraceResult, TraceSetup, TraceWriter};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

fn header(setup: &Setup, plymax: u8) -> TraceHeader {
    TraceHeader {
        setup: TraceSetup::new("startpos".into(), setup, plymax, 0),
        engine: Some("native".into()),
        image: None,
        terms: true,
        lists: true,
    }
}

/// A native search at `plymax` traced with detail into a streamed file: the allocations made
/// while it ran (the engine's own, once per search, and the writer's) and the file's size.
fn traced_search(plymax: u8) -> (u64, u64, u64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let setup = Setup::startpos();
    let params = SearchParams {
        list_capacity: 3000,
        ..SearchParams::new(plymax)
    };
    let stream = Outputs::new().stream(&path).unwrap();
    let mut writer = TraceWriter::new(stream, &header(&setup, plymax)).unwrap();
    let mut engine = Engine::new();
    let (count, result) = allocations(|| engine.search(&setup, &params, &mut writer).unwrap());
    let stream = writer.finish(Some(TraceResult::default())).unwrap();
    stream.commit().unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    (count, result.evaluations, size)
}

#[test]
fn a_deeper_search_writes_more_and_allocates_no_more() {
    let (shallow, shallow_evaluations, shallow_size) = traced_search(3);
    let (deep, deep_evaluations, deep_size) = traced_search(5);
    assert!(
        deep_evaluations > 10 * shallow_evaluations,
        "{deep_evaluations} {shallow_evaluations}"
    );
    assert!(deep_size > 10 * shallow_size, "{deep_size} {shallow_size}");
    assert_eq!(
        deep, shallow,
        "{deep_evaluations} evaluations made {deep} allocations, {shallow_evaluations} made {shallow}"
    );
}

/// Counts bytes, holds none.
struct Counted(u64);

impl Write for Counted {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len() as u64;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_driven_images_records_and_lists_allocate_nothing() {
    let setup = Setup::startpos();
    let mut writer = TraceWriter::new(Counted(0), &header(&setup, 9)).unwrap();
    let entries: Vec<RawEntry> = (0..40u8)
        .map(|i| RawEntry {
            addr: 0x400 + 6 * u16::from(i),
            link: 0x406 + 6 * u16::from(i),
            from: 22 + i,
            to: 43 + i,
            flags: if i % 7 == 0 { 0x40 } else { 0 },
            value: 0,
            hidden: i % 7 == 1,
        })
        .collect();
    let terms = EvalTerms {
        brdc: 0xF4,
        mtrl: 2,
        ptsl: 0,
        ptsw1: 6,
        ptsw2: 4,
        ptsck: 0x41,
    };
    let (count, ()) = allocations(|| {
        for i in 0..100_000u32 {
            if i % 30 == 0 {
                writer.on_list((i % 9) as u8, &entries);
            }
            writer.on_evaluation(&Evaluation {
                ply: (i % 9) as u8,
                from: (i % 120) as u8,
                to: (i / 120 % 120) as u8,
                valm: i as u8,
                terms: Some(terms),
            });
        }
    });
    assert_eq!(count, 0, "the writer allocated while writing");
    assert_eq!(writer.evaluations(), 100_000);
    let written = writer.finish(None).unwrap();
    assert!(written.0 > 100_000 * 20, "{}", written.0);
}
