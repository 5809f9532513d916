//! One source of truth: the profiler's GENMOV T-states are those `moves` reports (the driver's
//! GENMOV call) and those perft spends in GENMOV at depth 1.

mod common;

use sargon_z80::crosscheck::driver::{Driver, Routine};
use sargon_z80::crosscheck::perft::z80_perft;
use sargon_z80::machine::Image;
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
