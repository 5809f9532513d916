//! Every clock a command takes (`--mhz`, the UCI option MHz) is checked against one range, 0.1
//! to 1000 MHz: any number, NaN, the infinities, subnormals and values a hair's breadth from
//! the bounds are either in the range, where every time a command computes from T-states (up
//! to 2^64 of them) is a finite duration written short, or refused with a short message that
//! names the range and writes the value short (never 300 digits).

use std::time::Duration;

use proptest::prelude::*;
use sargon_z80::text::{MAX_MHZ, MIN_MHZ, check_clock, duration};

use crate::{fuzz, outcome};

fn clock() -> impl Strategy<Value = f64> {
    let near = |x: f64| {
        prop_oneof![
            Just(x),
            Just(f64::from_bits(x.to_bits() - 1)),
            Just(f64::from_bits(x.to_bits() + 1))
        ]
    };
    prop_oneof![
        4 => prop::num::f64::ANY,
        2 => 1e-6f64..1e6,
        1 => near(MIN_MHZ),
        1 => near(MAX_MHZ),
        1 => prop_oneof![
            Just(0.0),
            Just(-0.0),
            Just(1e-300),
            Just(1e-20),
            Just(f64::MIN_POSITIVE),
            Just(5e-324),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(f64::MAX),
        ],
    ]
}

#[test]
fn clocks() {
    fuzz("clocks", 600, clock(), |mhz| match check_clock(mhz) {
        Ok(taken) => {
            assert!((MIN_MHZ..=MAX_MHZ).contains(&taken), "{mhz:e}");
            for tstates in [0, 1, 577_809_511, u64::from(u32::MAX), u64::MAX] {
                let seconds = tstates as f64 / (taken * 1e6);
                let time = Duration::try_from_secs_f64(seconds)
                    .unwrap_or_else(|e| panic!("{tstates} T at {taken} MHz: {e}"));
                assert!(duration(time).len() <= 24, "{}", duration(time));
            }
            outcome("in the range");
        }
        Err(why) => {
            assert!(!(MIN_MHZ..=MAX_MHZ).contains(&mhz), "{mhz} refused: {why}");
            assert!(
                why.ends_with("is not a clock rate from 0.1 to 1000 MHz"),
                "{why}"
            );
            assert!(why.len() <= 70, "{} bytes: {why}", why.len());
            outcome("refused");
        }
    });
}
