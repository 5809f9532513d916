//! The built-in image's search against the native engine through the search driver, on every
//! position of `../shared/sargon1978/`: every evaluation record, best move, score, counts,
//! PLYMAX and POSQ after, PMATE, and the principal variation the driver recovers by watching.

mod shared;

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

#[test]
fn built_in_search_and_native_engine_agree_with_principal_variations() {
    let fens = fens();
    assert_eq!(fens.len(), 433);
    let mut check = SearchCheck::new(&default_image()).unwrap();
    check.compare_pv = true;
    let mut compared = 0;
    for (index, fen) in fens.iter().enumerate() {
        let setup = Setup::from_fen(fen).unwrap();
        for plymax in [1, 2] {
            check
                .check(&setup, plymax, 0)
                .unwrap_or_else(|e| panic!("position {index} {fen:?} PLYMAX {plymax}: {e}"));
            compared += 1;
        }
    }
    assert_eq!(compared, 866);
}

#[test]
fn plymax_three_on_every_tenth_position_principal_variations_included() {
    let mut check = SearchCheck::new(&default_image()).unwrap();
    check.compare_pv = true;
    for (index, fen) in fens().iter().enumerate().step_by(10) {
        let setup = Setup::from_fen(fen).unwrap();
        check
            .check(&setup, 3, 0)
            .unwrap_or_else(|e| panic!("position {index} {fen:?} PLYMAX 3: {e}"));
    }
}
