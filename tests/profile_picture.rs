//! `profile --svg` as a picture on the built-in image: SVG or PNG by the file's extension, any
//! other refused before the profile runs; the PNG's pixels show the reads grid and the writes
//! grid, each on its own colour scale.

use assert_cmd::Command;
use predicates::str::contains;
use resvg::tiny_skia::Pixmap;

fn profile(dir: &std::path::Path, args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .current_dir(dir)
        .arg("profile")
        .args(args)
        .assert()
}

/// The colour of pixel (x, y).
fn rgb(pixmap: &Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let p = pixmap.pixel(x, y).unwrap();
    (p.red(), p.green(), p.blue())
}

/// The top-left corner of a cell of a grid (0 reads, 1 writes) in the picture: 48-pixel cells,
/// the grids 48 pixels in and 544 apart, rank 8 of the 10x12 grid at the top from y = 132.
fn corner(grid: u32, index: u32) -> (u32, u32) {
    let (row, col) = (index / 10, index % 10);
    (48 + 544 * grid + 48 * col + 3, 132 + 48 * (11 - row) + 3)
}

#[test]
fn png_shows_both_grids_on_their_own_scales() {
    let dir = tempfile::tempdir().unwrap();
    profile(dir.path(), &["--routine", "MOVE", "--svg", "move.PNG"])
        .success()
        .stdout(contains("BOARDA heatmap written to move.PNG (a PNG image)"));
    let png = std::fs::read(dir.path().join("move.PNG")).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (1096, 858));
    // MOVE over the 20 start moves reads each pawn square twice (the most): dark red; it
    // writes e2 twice (the most) and e4 once: dark and middle blue. e6 is never touched.
    let at = |grid, index| {
        let (x, y) = corner(grid, index);
        rgb(&pixmap, x, y)
    };
    assert_eq!(at(0, 35), (165, 0, 38), "e2 read twice");
    assert_eq!(at(1, 35), (8, 48, 107), "e2 written twice");
    assert_eq!(at(1, 55), (116, 169, 207), "e4 written once");
    assert_eq!(at(0, 75), (255, 255, 255), "e6 untouched");
    assert_eq!(at(1, 75), (255, 255, 255), "e6 untouched");
}

#[test]
fn svg_by_default_and_other_extensions_refused() {
    let dir = tempfile::tempdir().unwrap();
    profile(dir.path(), &["--svg", "genmov.svg"])
        .success()
        .stdout(contains(
            "BOARDA heatmap written to genmov.svg (open it in a web browser)",
        ));
    let svg = std::fs::read_to_string(dir.path().join("genmov.svg")).unwrap();
    assert!(svg.contains(">BOARDA reads and writes of GENMOV</text>"));
    assert!(svg.contains(">image     built-in image (roms/sargon.bin)</text>"));
    assert!(svg.contains(">GENMOV made no BOARDA writes</text>"));
    assert!(svg.contains(">Reads: 195 in all, at most 8 on one cell</text>"));

    profile(dir.path(), &["--svg", "heat.jpg"])
        .code(2)
        .stdout("")
        .stderr("error: --svg heat.jpg: the heatmap is written as .svg or .png; name the file with one of them\n");
    profile(dir.path(), &["--svg", "heat"]).code(2);
    assert!(!dir.path().join("heat.jpg").exists());
}
