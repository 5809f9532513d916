//! Square indices and names of the 10x12 board.

use sargon_z80::position::{is_playing_square, parse_square, square, square_name};

#[test]
fn corners_and_kings() {
    assert_eq!(square(0, 0), 21);
    assert_eq!(square(7, 0), 28);
    assert_eq!(square(0, 1), 31);
    assert_eq!(square(4, 0), 25);
    assert_eq!(square(4, 7), 95);
    assert_eq!(square(7, 7), 98);
    assert_eq!(parse_square("e4"), Some(55));
    assert_eq!(square_name(55), "e4");
}

#[test]
fn every_square_round_trips() {
    let mut playing = 0;
    for index in 0..=255u8 {
        if is_playing_square(index) {
            playing += 1;
            assert_eq!(parse_square(&square_name(index)), Some(index));
        }
    }
    assert_eq!(playing, 64);
}

#[test]
fn border_cells_and_bad_names() {
    for index in [0, 20, 29, 30, 39, 89, 90, 99, 119, 120, 255] {
        assert!(!is_playing_square(index), "{index}");
    }
    assert_eq!(square_name(19), "#19");
    for name in ["", "e", "e0", "e9", "i1", "E4", "e44", "4e", "é4"] {
        assert_eq!(parse_square(name), None, "{name:?}");
    }
}
