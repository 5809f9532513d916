//! The screen as a picture for sharing: a standalone SVG (any browser opens it; the profiler's
//! PNG path renders it), each graphics cell drawn as its 2x3 blocks and each text cell as its
//! character in a monospace font, in the tones of a [`Look`]: the machine's paper-white screen,
//! dark marks on a light ground, unless the negative is asked for.

use std::fmt::Write;

use super::console::{COLUMNS, ROWS};
use super::look::{Look, hex};
use super::screen::Screen;

/// A block of a graphics cell: a cell is two blocks wide and three high.
const BLOCK: usize = 6;
const CELL_W: usize = 2 * BLOCK;
const CELL_H: usize = 3 * BLOCK;
const MARGIN: usize = 16;
const SCREEN_W: usize = COLUMNS * CELL_W;
const SCREEN_H: usize = ROWS * CELL_H;
const CAPTION_H: usize = 28;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const FONT_SIZE: usize = 15;
/// The caption's grey, readable on either ground.
const CAPTION_INK: &str = "#808080";

/// The screen as an SVG document in the tones of `look`, with `caption` under it when given.
pub fn screen_svg(screen: &Screen, caption: Option<&str>, look: Look) -> String {
    let (ink, paper) = (hex(look.ink()), hex(look.paper()));
    let width = SCREEN_W + 2 * MARGIN;
    let height = SCREEN_H + 2 * MARGIN + if caption.is_some() { CAPTION_H } else { 0 };
    let mut svg = String::with_capacity(64 * 1024);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" fill="{paper}"/>"#
    );
    let _ = writeln!(svg, r#"<g fill="{ink}" shape-rendering="crispEdges">"#);
    for block_row in 0..ROWS * 3 {
        blocks(&mut svg, screen, block_row);
    }
    svg.push_str("</g>\n");
    let _ = writeln!(
        svg,
        r#"<g fill="{ink}" font-family="{FONT}" font-size="{FONT_SIZE}" text-anchor="middle">"#
    );
    for row in 0..ROWS {
        text(&mut svg, screen, row);
    }
    svg.push_str("</g>\n");
    if let Some(caption) = caption {
        let y = MARGIN + SCREEN_H + MARGIN + CAPTION_H / 2;
        let _ = writeln!(
            svg,
            r#"<text x="{MARGIN}" y="{y}" fill="{CAPTION_INK}" font-family="{FONT}" font-size="13">{}</text>"#,
            escape(caption)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Whether the block in column `half` (0 left, 1 right) of block row `third` (0..2) of the
/// cell holding `byte` is set (drawn in ink).
fn set(byte: u8, third: usize, half: usize) -> bool {
    (0x80..=0xBF).contains(&byte) && byte & (1 << (2 * third + half)) != 0
}

/// One row of blocks across the screen, runs of set blocks merged into one rectangle each.
fn blocks(svg: &mut String, screen: &Screen, block_row: usize) {
    let (row, third) = (block_row / 3, block_row % 3);
    let y = MARGIN + block_row * BLOCK;
    let mut run: Option<usize> = None;
    for i in 0..=2 * COLUMNS {
        let on = i < 2 * COLUMNS && set(screen.cell(row, i / 2), third, i % 2);
        match (on, run) {
            (true, None) => run = Some(i),
            (false, Some(start)) => {
                let x = MARGIN + start * BLOCK;
                let w = (i - start) * BLOCK;
                let _ = writeln!(
                    svg,
                    r#"<rect x="{x}" y="{y}" width="{w}" height="{BLOCK}"/>"#
                );
                run = None;
            }
            _ => {}
        }
    }
}

/// The text of one row, from its first printable character to its last, each character
/// centred on its cell (graphics and other cells between them as spaces).
fn text(svg: &mut String, screen: &Screen, row: usize) {
    let printable = |c: usize| (0x21..=0x7E).contains(&screen.cell(row, c));
    let Some(first) = (0..COLUMNS).find(|&c| printable(c)) else {
        return;
    };
    let last = (0..COLUMNS).rev().find(|&c| printable(c)).unwrap_or(first);
    let xs: Vec<String> = (first..=last)
        .map(|c| (MARGIN + c * CELL_W + CELL_W / 2).to_string())
        .collect();
    let chars: String = (first..=last)
        .map(|c| match screen.cell(row, c) {
            b @ 0x21..=0x7E => char::from(b),
            _ => ' ',
        })
        .collect();
    let y = MARGIN + row * CELL_H + CELL_H * 3 / 4;
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{y}" xml:space="preserve">{}</text>"#,
        xs.join(" "),
        escape(&chars)
    );
}

/// Text as SVG character data.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jupiter::console::VIDEO;

    fn screen(cells: &[u8]) -> Screen {
        let mut memory = vec![0x20u8; 0x10000];
        let at = usize::from(VIDEO);
        memory[at..at + cells.len()].copy_from_slice(cells);
        Screen::from_memory(&memory, (0, 0))
    }

    #[test]
    fn blocks_merge_into_runs_and_text_sits_in_its_cells() {
        // A full block, the top bar of the next cell, then "a<".
        let svg = screen_svg(
            &screen(&[0xBF, 0x83, b'a', b'<']),
            Some("seed 1 & more"),
            Look::Paper,
        );
        assert!(
            svg.contains(r#"<rect x="16" y="16" width="24" height="6"/>"#),
            "{svg}"
        );
        assert!(svg.contains(r#"<rect x="16" y="22" width="12" height="6"/>"#));
        assert!(svg.contains(r#"<rect x="16" y="28" width="12" height="6"/>"#));
        assert_eq!(svg.matches("<rect x=").count(), 3);
        assert!(
            svg.contains(r#"<text x="46 58" y="29" xml:space="preserve">a&lt;</text>"#),
            "{svg}"
        );
        assert!(svg.contains(">seed 1 &amp; more</text>"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        // Dark ink on a light ground; the negative swaps them.
        assert!(svg.contains(r##"fill="#eeeeee"/>"##) && svg.contains(r##"<g fill="#1c1c1c" "##));
        let negative = screen_svg(&screen(b"a"), None, Look::Negative);
        assert!(negative.contains(r##"fill="#1c1c1c"/>"##), "{negative}");
        assert!(negative.contains(r##"<g fill="#eeeeee" "##));
    }

    #[test]
    fn the_picture_renders() {
        let svg = screen_svg(&screen(b"\xBF\xAA hi"), None, Look::Paper);
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
        assert_eq!(tree.size().width() as usize, SCREEN_W + 2 * MARGIN);
        assert_eq!(tree.size().height() as usize, SCREEN_H + 2 * MARGIN);
    }
}
