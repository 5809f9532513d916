//! Many `--mhz` clocks cost work in proportion to their number: the report of a profile with
//! 4,000 clocks makes about twice the allocations of one with 2,000 (each table measured once),
//! where trying one table width after another made four times as many, and took minutes at
//! 10,000 clocks. Counted, not timed.

mod counting;

use counting::allocations;
use sargon_z80::profile::{Collector, Profile, profile_routine};
use sargon_z80::{Board, Driver, default_image};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// The allocations of the text report of a GENMOV profile at `clocks` clock rates, and its
/// routine table's heading.
fn report_cost(clocks: usize) -> (u64, String) {
    let image = default_image();
    let mut driver = Driver::new(&image).unwrap();
    let mut collector = Collector::new();
    profile_routine(&mut driver, &Board::startpos(), "GENMOV", &mut collector).unwrap();
    let mhz: Vec<f64> = (0..clocks).map(|i| 1.0 + i as f64 / 1000.0).collect();
    let profile = Profile::new(&collector, &image, "GENMOV", &mhz);
    let (count, text) = allocations(|| profile.to_text());
    let heading = text
        .lines()
        .find(|line| line.trim_start().starts_with("routine"))
        .unwrap()
        .to_string();
    (count, heading)
}

#[test]
fn the_report_of_many_clocks_is_linear_in_their_number() {
    let (two, heading) = report_cost(2_000);
    let (four, _) = report_cost(4_000);
    println!("2,000 clocks: {two} allocations, 4,000: {four}");
    assert!(
        four < 3 * two,
        "2,000 clocks: {two} allocations, 4,000: {four}"
    );
    // As many real-time columns as fit in 100 characters: here the first three.
    assert!(
        heading.ends_with("@1MHz  @1.001MHz  @1.002MHz"),
        "{heading}"
    );
    assert!(heading.len() <= 100, "{heading}");
}
