//! The built-in image's search against the native engine through the search driver, on every
//! position of `../shared/sargon1978/` at PLYMAX 1, 2 and 3: every evaluation record, best
//! move, score, counts, PLYMAX and POSQ after, PMATE, and the principal variation the driver
//! recovers by watching MOVE and UNMOVE. (The native engine equals the 1978 measurements on all
//! of them, `engine_sargon1978.rs`; so this is the third opinion's agreement.)

mod shared;

use std::sync::atomic::{AtomicUsize, Ordering};

use sargon_z80::crosscheck::search::SearchCheck;
use sargon_z80::default_image;
use sargon_z80::engine::Setup;

fn fens() -> Vec<String> {
    let path = shared::shared_dir().join("sargon1978/search.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["fen"].as_str().unwrap().to_string()
        })
        .collect()
}

/// Checks every position at `plymax` on all cores; the failures, each with its replay.
fn sweep(plymax: u8) -> Vec<String> {
    let fens = fens();
    assert_eq!(fens.len(), 433);
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut check = SearchCheck::new(&default_image()).unwrap();
                    check.compare_pv = true;
                    let mut failures = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(fen) = fens.get(index) else {
                            return failures;
                        };
                        let setup = Setup::from_fen(fen).unwrap();
                        if let Err(error) = check.check(&setup, plymax, 0) {
                            failures.push(format!(
                                "position {index} at PLYMAX {plymax}: {error}\n  replay: \
                                 sargon-z80 crosscheck --search --ply {plymax} --fen '{fen}'"
                            ));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    })
}

#[test]
fn plymax_1_agrees_everywhere() {
    assert_eq!(sweep(1), Vec::<String>::new());
}

#[test]
fn plymax_2_agrees_everywhere() {
    assert_eq!(sweep(2), Vec::<String>::new());
}

#[test]
fn plymax_3_agrees_everywhere() {
    assert_eq!(sweep(3), Vec::<String>::new());
}
