//! The BOARDA heatmap as a picture: a standalone SVG (any browser opens it; [`super::png`]
//! renders it to PNG). Reads and writes get a grid each, with a colour scale of their own so a
//! routine that writes little still shows it; the position's pieces stand in their squares, the
//! border cells are hatched, and the title names the routine, the image and the position.
//!
//! Every text goes through one [`Canvas`] that keeps the box it covers, so a test can check
//! that no two labels overlap.

use std::fmt::Write;

use super::heatmap::{COLS, Heatmap, ROWS, is_border, square_name};
use crate::position::{KING, PAWN, piece_symbol, piece_type};
use crate::text::grouped;

const CELL: usize = 48;
const PANEL_W: usize = COLS * CELL;
const PANEL_H: usize = ROWS * CELL;
/// Room left of a grid for the row labels.
const ROW_LABELS: usize = 48;
const GAP: usize = 16;
const RIGHT: usize = 24;
/// Where the first grid starts, left and top.
const X0: usize = ROW_LABELS;
const Y0: usize = 132;
/// The whole picture.
const WIDTH: usize = ROW_LABELS + PANEL_W + GAP + ROW_LABELS + PANEL_W + RIGHT;
const HEIGHT: usize = Y0 + PANEL_H + 150;
/// The second grid's left edge.
const X1: usize = X0 + PANEL_W + GAP + ROW_LABELS;
/// Width of a character of the monospace font, in ems (DejaVu Sans Mono, Menlo, Consolas).
const CHAR_EM: f64 = 0.61;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const PIECE_FONT: &str = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif";
const PIECE_SIZE: usize = 26;
const COUNT_SIZE: usize = 12;

/// Colour ramps, light to dark: reads in yellow to red, writes in blue.
const READ_RAMP: [(u8, u8, u8); 3] = [(255, 255, 255), (253, 174, 97), (165, 0, 38)];
const WRITE_RAMP: [(u8, u8, u8); 3] = [(255, 255, 255), (116, 169, 207), (8, 48, 107)];

/// What the picture is of.
#[derive(Debug, Clone, Copy)]
pub struct Picture<'a> {
    /// The routine profiled.
    pub routine: &'a str,
    /// The image, as the report names it.
    pub image: &'a str,
    /// The position, in FEN.
    pub fen: &'a str,
    /// BOARDA before the call (its pieces are drawn); None draws no pieces.
    pub cells: Option<&'a [u8; 120]>,
}

/// A text's box: left, top, right, bottom.
type TextBox = (f64, f64, f64, f64);

/// The SVG text being written, with the boxes of its texts.
struct Canvas {
    out: String,
    boxes: Vec<TextBox>,
}

/// How a text is set.
#[derive(Debug, Clone, Copy)]
struct Font {
    size: usize,
    bold: bool,
    anchor: Anchor,
    fill: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
    End,
}

impl Font {
    const fn new(size: usize) -> Font {
        Font {
            size,
            bold: false,
            anchor: Anchor::Start,
            fill: "#222",
        }
    }

    const fn bold(self) -> Font {
        Font { bold: true, ..self }
    }

    const fn at(self, anchor: Anchor) -> Font {
        Font { anchor, ..self }
    }

    const fn fill(self, fill: &'static str) -> Font {
        Font { fill, ..self }
    }
}

impl Canvas {
    /// Writes `text` with its baseline at `(x, y)`; keeps its box.
    fn text(&mut self, x: usize, y: usize, font: Font, text: &str) {
        self.text_in(x, y, font, FONT, text, CHAR_EM);
    }

    fn text_in(&mut self, x: usize, y: usize, font: Font, family: &str, text: &str, em: f64) {
        let width = text.chars().count() as f64 * em * font.size as f64;
        let left = match font.anchor {
            Anchor::Start => x as f64,
            Anchor::Middle => x as f64 - width / 2.0,
            Anchor::End => x as f64 - width,
        };
        // Ascent about 0.8 em above the baseline, descent 0.2 below.
        let size = font.size as f64;
        self.boxes.push((
            left,
            y as f64 - 0.8 * size,
            left + width,
            y as f64 + 0.2 * size,
        ));
        let anchor = match font.anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let weight = if font.bold {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            r#"<text x="{x}" y="{y}" font-family="{family}" font-size="{}" text-anchor="{anchor}" fill="{}"{weight}>{}</text>"#,
            font.size,
            font.fill,
            escape(text)
        );
    }
}

/// The reads and writes grids side by side with the pieces, a title, scales and a legend.
pub fn heatmap_svg(map: &Heatmap, picture: &Picture) -> String {
    draw(map, picture).out
}

fn draw(map: &Heatmap, picture: &Picture) -> Canvas {
    let mut canvas = Canvas {
        out: String::new(),
        boxes: Vec::new(),
    };
    header(&mut canvas.out);
    title(&mut canvas, picture);
    let grids = [
        ("reads", &map.reads, &READ_RAMP, X0),
        ("writes", &map.writes, &WRITE_RAMP, X1),
    ];
    for (name, counts, ramp, x0) in grids {
        let grid = Grid {
            name,
            counts,
            ramp,
            x0,
        };
        grid.draw(&mut canvas, picture);
    }
    legend(&mut canvas, map);
    canvas.out.push_str("</svg>\n");
    canvas
}

fn header(out: &mut String) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">"#
    );
    out.push_str(
        r##"<defs><pattern id="border" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#555" stroke-width="1.5" stroke-opacity="0.45"/></pattern></defs>
<rect width="100%" height="100%" fill="white"/>
"##,
    );
}

/// Three lines: what was profiled, the image, the position; each fitted to the width.
fn title(canvas: &mut Canvas, picture: &Picture) {
    let room = WIDTH - 2 * RIGHT;
    let heading = format!("BOARDA reads and writes of {}", picture.routine);
    let lines = [
        (heading.as_str(), 20, true, 34),
        (picture.image, 14, false, 62),
        (picture.fen, 14, false, 86),
    ];
    for (i, (text, size, bold, y)) in lines.into_iter().enumerate() {
        let label = ["", "image     ", "position  "][i];
        let (size, text) = fit(&format!("{label}{text}"), room, size);
        let font = if bold {
            Font::new(size).bold()
        } else {
            Font::new(size)
        };
        canvas.text(RIGHT, y, font, &text);
    }
}

/// The largest size down to 10 at which `text` fits `room` pixels; below that, the text is cut
/// in the middle (an image path keeps its file name, a FEN its side and counters).
fn fit(text: &str, room: usize, size: usize) -> (usize, String) {
    let width = |size: usize, chars: usize| chars as f64 * CHAR_EM * size as f64;
    let chars = text.chars().count();
    if let Some(size) = (10..=size).rev().find(|&s| width(s, chars) <= room as f64) {
        return (size, text.to_string());
    }
    let keep = (room as f64 / (CHAR_EM * 10.0)) as usize - 1;
    let head: String = text.chars().take(keep / 2).collect();
    let tail: String = text.chars().skip(chars - (keep - keep / 2)).collect();
    (10, format!("{head}…{tail}"))
}

/// One grid: its heading, cells, labels and colour scale.
struct Grid<'a> {
    name: &'static str,
    counts: &'a [u64],
    ramp: &'static [(u8, u8, u8); 3],
    x0: usize,
}

impl Grid<'_> {
    fn max(&self) -> u64 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    fn draw(&self, canvas: &mut Canvas, picture: &Picture) {
        let total: u64 = self.counts.iter().sum();
        let heading = format!(
            "{}: {} in all, at most {} on one cell",
            capitalised(self.name),
            grouped(total),
            grouped(self.max())
        );
        canvas.text(self.x0, Y0 - 12, Font::new(14).bold(), &heading);
        for row in 0..ROWS {
            for col in 0..COLS {
                // Rank 8 at the top, as a player sees the board from White's side.
                let at = (self.x0 + col * CELL, Y0 + (ROWS - 1 - row) * CELL);
                let index = row * 10 + col;
                let piece = picture.cells.map(|cells| cells[index]);
                self.cell(canvas, index, piece, at);
            }
        }
        let _ = writeln!(
            canvas.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="black" stroke-width="2"/>"#,
            self.x0 + CELL,
            Y0 + 2 * CELL,
            8 * CELL,
            8 * CELL
        );
        self.labels(canvas);
        if total == 0 {
            self.nothing(canvas, picture.routine);
        }
        self.scale(canvas);
    }

    /// A cell: its colour, hatching on the border, the piece on it, its count below the piece.
    fn cell(&self, canvas: &mut Canvas, index: usize, piece: Option<u8>, (x, y): (usize, usize)) {
        let count = self.counts[index];
        let max = self.max();
        let dark = max > 0 && count * 2 > max;
        let name = square_name(index).unwrap_or_else(|| "border".to_string());
        let _ = writeln!(
            canvas.out,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#999" stroke-width="0.5"><title>{index} {name}: {count} {}</title></rect>"##,
            colour(count, max, self.ramp),
            self.name
        );
        if is_border(index) {
            let _ = writeln!(
                canvas.out,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#border)"/>"#
            );
        }
        let ink = if dark { "white" } else { "#222" };
        if let Some(byte) =
            piece.filter(|&b| !is_border(index) && (PAWN..=KING).contains(&piece_type(b)))
        {
            let font = Font::new(PIECE_SIZE).at(Anchor::Middle).fill(ink);
            let glyph = piece_symbol(byte).to_string();
            canvas.text_in(x + CELL / 2, y + 27, font, PIECE_FONT, &glyph, 0.9);
        }
        if count > 0 {
            let font = Font::new(COUNT_SIZE).bold().at(Anchor::Middle).fill(ink);
            canvas.text(x + CELL / 2, y + CELL - 5, font, &cell_count(count));
        }
    }

    /// Row labels on the left (the row's first index, the rank), file labels below.
    fn labels(&self, canvas: &mut Canvas) {
        let grey = Font::new(11).fill("#777").at(Anchor::End);
        for row in 0..ROWS {
            let y = Y0 + (ROWS - 1 - row) * CELL + CELL / 2 + 4;
            canvas.text(self.x0 - 22, y, grey, &(row * 10).to_string());
            if (2..=9).contains(&row) {
                let rank = (row - 1).to_string();
                canvas.text(self.x0 - 6, y, Font::new(14).bold().at(Anchor::End), &rank);
            }
        }
        for col in 0..COLS {
            let x = self.x0 + col * CELL + CELL / 2;
            let (text, font) = match col {
                1..=8 => (
                    char::from(b'a' + col as u8 - 1).to_string(),
                    Font::new(14).bold().at(Anchor::Middle),
                ),
                _ => (
                    format!("+{col}"),
                    Font::new(11).fill("#777").at(Anchor::Middle),
                ),
            };
            canvas.text(x, Y0 + PANEL_H + 18, font, &text);
        }
    }

    /// Said across an empty grid, so it is not mistaken for a picture that failed.
    fn nothing(&self, canvas: &mut Canvas, routine: &str) {
        let (x, y) = (self.x0 + PANEL_W / 2, Y0 + 3 * CELL / 2);
        let _ = writeln!(
            canvas.out,
            r#"<rect x="{}" y="{}" width="{}" height="28" fill="white" stroke="black"/>"#,
            x - 200,
            y - 20,
            400
        );
        let font = Font::new(14).bold().at(Anchor::Middle);
        canvas.text(
            x,
            y,
            font,
            &format!("{routine} made no BOARDA {}", self.name),
        );
    }

    /// The colour scale under the grid: 0 to the grid's maximum.
    fn scale(&self, canvas: &mut Canvas) {
        let y = Y0 + PANEL_H + 36;
        let id = format!("scale-{}", self.name);
        let stops: String = self
            .ramp
            .iter()
            .enumerate()
            .map(|(i, &(r, g, b))| {
                format!(
                    r#"<stop offset="{}" stop-color="rgb({r},{g},{b})"/>"#,
                    i as f64 / 2.0
                )
            })
            .collect();
        let bar_x = self.x0 + 24;
        let _ = writeln!(
            canvas.out,
            r##"<defs><linearGradient id="{id}">{stops}</linearGradient></defs><rect x="{bar_x}" y="{y}" width="240" height="14" fill="url(#{id})" stroke="#999"/>"##
        );
        let font = Font::new(12);
        canvas.text(self.x0 + 18, y + 12, font.at(Anchor::End), "0");
        canvas.text(bar_x + 246, y + 12, font, &grouped(self.max()));
        let note = format!("{} per cell, this grid's own scale", self.name);
        canvas.text(bar_x, y + 32, Font::new(12).fill("#555"), &note);
    }
}

fn legend(canvas: &mut Canvas, map: &Heatmap) {
    let y = Y0 + PANEL_H + 96;
    let _ = writeln!(
        canvas.out,
        r##"<rect x="{X0}" y="{}" width="16" height="16" fill="white" stroke="#999"/><rect x="{X0}" y="{}" width="16" height="16" fill="url(#border)"/>"##,
        y - 13,
        y - 13
    );
    let border = format!(
        "hatched: border cells (FFh), where rays and jumps stop: {} of {} reads",
        grouped(map.border_reads()),
        grouped(map.border_reads() + map.square_reads())
    );
    canvas.text(X0 + 24, y, Font::new(13), &border);
    let frame = "thick frame: the 64 squares; pieces: the position the routine was called on";
    canvas.text(X0 + 24, y + 22, Font::new(13), frame);
}

/// A count short enough for a cell (at most five characters; the exact one is in the cell's
/// tooltip): `9876`, `12.3k`, `456k`, `7.8M`, `91M`, `2G`.
fn cell_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=99_999 => format!("{:.1}k", n as f64 / 1e3),
        100_000..=999_999 => format!("{}k", n / 1_000),
        1_000_000..=9_999_999 => format!("{:.1}M", n as f64 / 1e6),
        10_000_000..=999_999_999 => format!("{}M", n / 1_000_000),
        _ => format!("{}G", n / 1_000_000_000),
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The ramp's colour for `count / max` (white for none).
fn colour(count: u64, max: u64, ramp: &[(u8, u8, u8); 3]) -> String {
    if count == 0 || max == 0 {
        return "rgb(255,255,255)".to_string();
    }
    let t = count as f64 / max as f64;
    let (a, b, u) = if t < 0.5 {
        (ramp[0], ramp[1], t * 2.0)
    } else {
        (ramp[1], ramp[2], t * 2.0 - 1.0)
    };
    let mix = |p: u8, q: u8| (f64::from(p) + (f64::from(q) - f64::from(p)) * u).round() as u8;
    format!("rgb({},{},{})", mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Board;

    fn map() -> Heatmap {
        let mut map = Heatmap {
            reads: vec![0; 120],
            writes: vec![0; 120],
        };
        map.reads[25] = 4;
        map.reads[15] = 2;
        map.reads[98] = 123_456;
        map.writes[35] = 1;
        map
    }

    fn picture<'a>(cells: &'a [u8; 120], image: &'a str) -> Picture<'a> {
        Picture {
            routine: "GENMOV",
            image,
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            cells: Some(cells),
        }
    }

    #[test]
    fn colours_run_along_each_ramp() {
        assert_eq!(colour(0, 10, &READ_RAMP), "rgb(255,255,255)");
        assert_eq!(colour(5, 10, &READ_RAMP), "rgb(253,174,97)");
        assert_eq!(colour(10, 10, &READ_RAMP), "rgb(165,0,38)");
        assert_eq!(colour(10, 10, &WRITE_RAMP), "rgb(8,48,107)");
    }

    #[test]
    fn cells_pieces_titles_and_scales() {
        let board = Board::startpos();
        let svg = heatmap_svg(&map(), &picture(&board.cells, "built-in image <roms>"));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1096\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<title>").count(), 240);
        assert_eq!(svg.matches(r#"fill="url(#border)"/>"#).count(), 2 * 56 + 1);
        assert!(svg.contains("<title>25 e1: 4 reads</title>"));
        assert!(svg.contains("<title>15 border: 2 reads</title>"));
        assert!(svg.contains("<title>35 e2: 1 writes</title>"));
        assert!(svg.contains(">image     built-in image &lt;roms&gt;</text>"));
        assert!(svg.contains(
            ">position  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1</text>"
        ));
        assert!(svg.contains(">Reads: 123,462 in all, at most 123,456 on one cell</text>"));
        assert!(svg.contains(">123k</text>") && svg.contains("<title>98 h8: 123456 reads</title>"));
        assert!(svg.contains(">Writes: 1 in all, at most 1 on one cell</text>"));
        assert_eq!(
            svg.matches(">♔</text>").count(),
            2,
            "the white king in both grids"
        );
        assert_eq!(svg.matches(">♟</text>").count(), 16);
        assert!(svg.contains("where rays and jumps stop: 2 of 123,462 reads</text>"));
    }

    #[test]
    fn an_empty_grid_says_so() {
        let mut empty = map();
        empty.writes = vec![0; 120];
        let board = Board::startpos();
        let svg = heatmap_svg(&empty, &picture(&board.cells, "x"));
        assert!(svg.contains(">GENMOV made no BOARDA writes</text>"));
        assert!(!svg.contains("made no BOARDA reads"));
    }

    #[test]
    fn no_two_texts_overlap_and_all_fit_the_width() {
        let board = Board::startpos();
        let long = format!(
            "/home/someone/{}/sargon78.bin",
            "very-long-folder-name/".repeat(8)
        );
        let canvas = draw(&map(), &picture(&board.cells, &long));
        let boxes = &canvas.boxes;
        for (i, a) in boxes.iter().enumerate() {
            assert!(
                a.0 >= 0.0 && a.2 <= WIDTH as f64 && a.3 <= HEIGHT as f64,
                "{a:?}"
            );
            for b in &boxes[i + 1..] {
                let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
        let image = canvas.out.lines().find(|l| l.contains(">image ")).unwrap();
        assert!(image.contains('…'), "{image}");
        assert!(
            image.ends_with("/sargon78.bin</text>"),
            "the file name is kept: {image}"
        );
    }

    #[test]
    fn counts_fit_a_cell() {
        let got: Vec<String> = [9_999, 12_345, 456_789, 7_812_345, 91_000_000, 2_500_000_000]
            .into_iter()
            .map(cell_count)
            .collect();
        assert_eq!(got, ["9999", "12.3k", "456k", "7.8M", "91M", "2G"]);
    }

    #[test]
    fn fitting_shrinks_then_cuts() {
        assert_eq!(fit("short", 500, 14), (14, "short".to_string()));
        let (size, text) = fit(&"x".repeat(70), 500, 14);
        assert_eq!((size, text.len()), (11, 70));
        let (size, text) = fit(&format!("{}END", "a".repeat(200)), 500, 14);
        assert_eq!(size, 10);
        assert!(text.ends_with("aaEND") && text.contains('…'), "{text}");
        assert!(text.chars().count() as f64 * CHAR_EM * 10.0 <= 500.0);
    }
}
