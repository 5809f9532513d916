//! The BOARDA heatmap as a standalone SVG picture (open it in any browser).

use super::heatmap::{COLS, Heatmap, ROWS, is_border};
use std::fmt::Write;

const CELL: usize = 40;
const MARGIN: usize = 30;
const PANEL_GAP: usize = 40;
const TITLE_H: usize = 50;
const LEGEND_H: usize = 70;
const PANEL_W: usize = COLS * CELL;
const PANEL_H: usize = ROWS * CELL;

/// The reads and writes grids side by side, border cells hatched, with a colour legend.
pub fn heatmap_svg(map: &Heatmap, title: &str) -> String {
    let width = 2 * MARGIN + 2 * PANEL_W + PANEL_GAP;
    let height = TITLE_H + 20 + PANEL_H + 20 + LEGEND_H;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="monospace">"#
    );
    s.push_str(
        r##"<defs><pattern id="border" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#555" stroke-width="1.5" stroke-opacity="0.45"/></pattern>
<linearGradient id="scale"><stop offset="0" stop-color="rgb(255,255,255)"/><stop offset="0.5" stop-color="rgb(253,141,60)"/><stop offset="1" stop-color="rgb(128,0,38)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="white"/>
"##,
    );
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="28" font-size="16" font-weight="bold">{}</text>"#,
        escape(title)
    );
    let top = TITLE_H + 20;
    panel(&mut s, "reads", &map.reads, MARGIN, top);
    panel(
        &mut s,
        "writes",
        &map.writes,
        MARGIN + PANEL_W + PANEL_GAP,
        top,
    );
    legend(&mut s, map, top + PANEL_H + 20);
    s.push_str("</svg>\n");
    s
}

fn panel(s: &mut String, name: &str, counts: &[u64], x0: usize, y0: usize) {
    let max = counts.iter().copied().max().unwrap_or(0);
    let total: u64 = counts.iter().sum();
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="{}" font-size="13">BOARDA {name}: {total} total, max {max} per cell</text>"#,
        y0 - 8
    );
    for row in 0..ROWS {
        for col in 0..COLS {
            // Rank 8 at the top, as a player sees the board from White's side.
            let at = (x0 + col * CELL, y0 + (ROWS - 1 - row) * CELL);
            cell(s, name, row * 10 + col, counts[row * 10 + col], max, at);
        }
    }
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="black" stroke-width="2"/>"#,
        x0 + CELL,
        y0 + 2 * CELL,
        8 * CELL,
        8 * CELL
    );
    for rank in 0..8 {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="10" fill="gray">{}</text>"#,
            x0 + 4,
            y0 + (ROWS - 3 - rank) * CELL + 12,
            rank + 1
        );
    }
    for file in 0..8 {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="gray">{}</text>"#,
            x0 + (file + 1) * CELL + CELL / 2,
            y0 + PANEL_H - 2 * CELL + 12,
            (b'a' + file as u8) as char
        );
    }
}

fn legend(s: &mut String, map: &Heatmap, y: usize) {
    let _ = writeln!(
        s,
        r##"<rect x="{MARGIN}" y="{y}" width="200" height="14" fill="url(#scale)" stroke="#999"/>
<text x="{MARGIN}" y="{}" font-size="11">0</text>
<text x="{}" y="{}" font-size="11" text-anchor="end">max of each grid (linear)</text>"##,
        y + 28,
        MARGIN + 200,
        y + 28
    );
    let x = MARGIN + 240;
    let _ = writeln!(
        s,
        r##"<rect x="{x}" y="{y}" width="14" height="14" fill="white" stroke="#999"/><rect x="{x}" y="{y}" width="14" height="14" fill="url(#border)"/>
<text x="{}" y="{}" font-size="11">hatched: border cell (0xFF), where rays and jumps stop</text>
<text x="{x}" y="{}" font-size="11">border reads {} of {} reads; thick frame: the 8x8 playing squares</text>"##,
        x + 20,
        y + 11,
        y + 32,
        map.border_reads(),
        map.border_reads() + map.square_reads()
    );
}

/// One cell of a panel at `(x, y)`: its colour, hatching on a border cell, its count.
fn cell(s: &mut String, name: &str, index: usize, count: u64, max: u64, (x, y): (usize, usize)) {
    let _ = writeln!(
        s,
        r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#999" stroke-width="0.5"><title>{}: {count} {name}</title></rect>"##,
        heat_colour(count, max),
        cell_label(index)
    );
    if is_border(index) {
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#border)"/>"#
        );
    }
    if count > 0 {
        let ink = if max > 0 && count * 2 > max {
            "white"
        } else {
            "black"
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="{ink}">{count}</text>"#,
            x + CELL / 2,
            y + CELL / 2 + 4
        );
    }
}

fn cell_label(index: usize) -> String {
    match super::heatmap::square_name(index) {
        Some(name) => format!("{index} {name}"),
        None => format!("{index} border"),
    }
}

/// White through orange to dark red, linear in `count / max`.
fn heat_colour(count: u64, max: u64) -> String {
    if count == 0 || max == 0 {
        return "rgb(255,255,255)".to_string();
    }
    let t = count as f64 / max as f64;
    let (a, b, u) = if t < 0.5 {
        ((255.0, 255.0, 255.0), (253.0, 141.0, 60.0), t * 2.0)
    } else {
        ((253.0, 141.0, 60.0), (128.0, 0.0, 38.0), t * 2.0 - 1.0)
    };
    let mix = |p: f64, q: f64| (p + (q - p) * u).round() as u8;
    format!("rgb({},{},{})", mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_white_to_dark_red() {
        assert_eq!(heat_colour(0, 10), "rgb(255,255,255)");
        assert_eq!(heat_colour(5, 10), "rgb(253,141,60)");
        assert_eq!(heat_colour(10, 10), "rgb(128,0,38)");
    }

    #[test]
    fn svg_has_every_cell_hatched_border_and_counts() {
        let mut map = Heatmap {
            reads: vec![0; 120],
            writes: vec![0; 120],
        };
        map.reads[25] = 4;
        map.reads[15] = 2;
        map.writes[35] = 1;
        let svg = heatmap_svg(&map, "GENMOV <start>");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<title>").count(), 240);
        assert_eq!(svg.matches(r#"fill="url(#border)"/>"#).count(), 2 * 56 + 1);
        assert!(svg.contains("<title>25 e1: 4 reads</title>"));
        assert!(svg.contains("<title>15 border: 2 reads</title>"));
        assert!(svg.contains("GENMOV &lt;start&gt;"));
        assert!(svg.contains("border reads 2 of 6 reads"));
    }
}
