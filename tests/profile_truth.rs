//! One source of truth: the profiler's GENMOV T-states are those `moves` reports (the driver's
//! GENMOV call) and those perft spends in GENMOV at depth 1, through the library and through
//! the three commands.

mod common;

use serde_json::Value;

use sargon_z80::abi::z80_perft;
use sargon_z80::abi::{Driver, Routine};
use sargon_z80::machine::Image;
use sargon_z80::machine::default_image;
use sargon_z80::position::Board;
use sargon_z80::profile::{Collector, DEFAULT_MHZ, Profile};

/// (profile, moves, perft depth 1) GENMOV T-states on `board`.
fn three_views(image: &Image, board: &Board) -> (u64, u64, u64) {
    let mut driver = Driver::new(image).unwrap();
    driver.set_root(board);
    let mut collector = Collector::new();
    collector.begin(driver.symbols().genmov);
    let generated = driver
        .genmov_observed(&mut Vec::new(), &mut collector)
        .unwrap();
    collector.end();
    assert_eq!(collector.depth(), 0, "every call returned");
    let self_sum: u64 = collector.routines().iter().map(|r| r.self_tstates).sum();
    let instr_sum: u64 = collector
        .routines()
        .iter()
        .map(|r| r.self_instructions)
        .sum();
    assert_eq!(
        (self_sum, instr_sum),
        (collector.tstates(), collector.instructions())
    );
    let profile = Profile::new(&collector, image, "GENMOV", &DEFAULT_MHZ);
    assert_eq!(profile.tstates, generated.cost.tstates);
    assert_eq!(profile.routines[0].total, profile.tstates);

    let mut moves = Driver::new(image).unwrap();
    moves.set_root(board);
    let listed = moves.genmov(&mut Vec::new()).unwrap();

    let mut perft = Driver::new(image).unwrap();
    z80_perft(&mut perft, board, 1, None).unwrap();
    (
        profile.tstates,
        listed.cost.tstates,
        perft.routine_tstates(Routine::Genmov),
    )
}

#[test]
fn toy_image_genmov_tstates_agree_and_are_exact() {
    let views = three_views(&common::toy_image(), &Board::startpos());
    assert_eq!(views, (384, 384, 384));
}

#[test]
fn built_in_image_genmov_tstates_agree_on_start_and_kiwipete() {
    let image = default_image();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let (profile, moves, perft) = three_views(&image, &Board::from_fen(fen).unwrap());
        assert!(profile > 0, "{fen}");
        assert_eq!((moves, perft), (profile, profile), "{fen}");
    }
}

fn run_json(args: &[&str]) -> Value {
    let out = assert_cmd::Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(args)
        .arg("--json")
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn profile_moves_and_perft_commands_report_the_same_genmov_tstates() {
    let profile = run_json(&["profile"]);
    let moves = run_json(&["moves"]);
    let perft = run_json(&["perft", "1", "--engine", "z80"]);
    let genmov = profile["profile"]["tstates"].as_u64().unwrap();
    assert!(genmov > 0);
    assert_eq!(profile["profile"]["routines"][0]["name"], "GENMOV");
    assert_eq!(profile["profile"]["routines"][0]["total"], genmov);
    assert_eq!(moves["genmov_tstates"], genmov);
    assert_eq!(
        moves["genmov_instructions"],
        profile["profile"]["instructions"]
    );
    assert_eq!(perft["engines"][0]["routine_tstates"]["GENMOV"], genmov);
}
