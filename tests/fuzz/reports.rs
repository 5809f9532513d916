//! What the tool prints of what it was given: any text (control characters, C1 codes, quotes,
//! a megabyte on one line) through the escaping helpers and the shell quoting of replay
//! commands reaches the terminal short and without a control character; any list of `--mhz`
//! clocks gives a profile whose routine table fits 100 columns (or keeps its one first clock),
//! in work linear in the list.

use proptest::prelude::*;
use sargon_z80::files::{EXCERPT_CHARS, clip, excerpt, path_text, printable};
use sargon_z80::profile::{Collector, Profile, profile_routine};
use sargon_z80::text::shell_quote;
use sargon_z80::{Board, Driver, default_image};

use crate::fuzz;

fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "\\PC{0,20}",
        "[\\x00-\\x1f\\x7f-\\u{9f}]{1,8}",
        Just("\u{1b}]0;title\u{7}".to_string()),
        Just("\u{1b}[2J".to_string()),
        Just("'\"\\$`".to_string()),
        (prop::char::any(), 1..20_000usize).prop_map(|(c, n)| c.to_string().repeat(n)),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|pieces| pieces.concat())
}

#[test]
fn escaping() {
    fuzz("escaping", 300, hostile(), |text| {
        for (shown, most) in [
            (excerpt(&text), EXCERPT_CHARS * 10 + 40),
            (clip(&text), EXCERPT_CHARS * 10 + 3),
            (printable(&text, 60), 60 * 10 + 3),
            (path_text(std::path::Path::new(&text)), 200 * 10 + 3),
        ] {
            assert!(!shown.contains(char::is_control), "{shown:?}");
            assert!(shown.chars().count() <= most, "{} characters", shown.len());
        }
        let quoted = shell_quote(&text);
        assert!(!quoted.contains(char::is_control), "{quoted:?}");
    });
}

#[test]
fn mhz_clocks() {
    let image = default_image();
    let mut driver = Driver::new(&image).unwrap();
    let mut collector = Collector::new();
    profile_routine(&mut driver, &Board::startpos(), "GENMOV", &mut collector).unwrap();
    let clocks = prop::collection::vec(
        prop_oneof![
            0.001f64..1e6,
            Just(1.774),
            Just(f64::MIN_POSITIVE),
            Just(1e300)
        ],
        1..400,
    );
    fuzz("mhz clocks", 150, clocks, |mhz| {
        let text = Profile::new(&collector, &image, "GENMOV", &mhz).to_text();
        let heading = text
            .lines()
            .find(|line| line.trim_start().starts_with("routine"))
            .expect("the routine table");
        let columns = heading
            .split_whitespace()
            .filter(|w| w.starts_with('@'))
            .count();
        // A clock whose times are too wide for 100 columns is left to the line above the
        // table, which gives the whole call at every clock.
        assert!(columns <= mhz.len(), "{heading}");
        let table: Vec<&str> = text
            .lines()
            .skip_while(|line| !line.trim_start().starts_with("routine"))
            .take_while(|line| !line.is_empty())
            .collect();
        let widest = table.iter().map(|line| line.chars().count()).max().unwrap();
        assert!(widest <= 100, "{widest} columns wide: {heading:.120}");
    });
}
