//! The video memory's writes as a heat map: a standalone SVG (any browser opens it;
//! [`super::svg_to_png`] renders it), one 64x32 grid of cells per session side by side, each
//! cell shaded by how often it was written (the program's stores and the monitor's console
//! together), on a logarithmic scale shared by the grids so that they compare.

use std::fmt::Write;

use super::session::SessionProfile;
use crate::jupiter::{CELLS, COLUMNS, ROWS};
use crate::text::grouped;

/// A cell: two dots wide, three high, as on the screen.
const CELL_W: usize = 10;
const CELL_H: usize = 15;
const GRID_W: usize = COLUMNS * CELL_W;
const GRID_H: usize = ROWS * CELL_H;
const MARGIN: usize = 24;
const GAP: usize = 32;
const TITLE_H: usize = 76;
const LEGEND_H: usize = 64;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
/// The colour ramp, from no writes to the most: white, yellow, orange, red, dark red.
const RAMP: [(u8, u8, u8); 5] = [
    (255, 255, 255),
    (255, 237, 160),
    (253, 141, 60),
    (227, 26, 28),
    (103, 0, 13),
];

/// The heat map of `profiles`' video writes, one grid each, `title` above them.
pub fn video_svg(profiles: &[SessionProfile], title: &str) -> String {
    let grids = profiles.len().max(1);
    let width = 2 * MARGIN + grids * GRID_W + (grids - 1) * GAP;
    let height = TITLE_H + GRID_H + LEGEND_H + MARGIN;
    let most = profiles
        .iter()
        .flat_map(|p| (0..CELLS).map(|i| p.video.total(i)))
        .max()
        .unwrap_or(0);
    let mut svg = String::with_capacity(256 * 1024);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="{width}" height="{height}" fill="#fff"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<text x="{MARGIN}" y="22" font-size="16" font-weight="bold" fill="#222">{}</text>"##,
        escape(title)
    );
    for (i, p) in profiles.iter().enumerate() {
        let x = MARGIN + i * (GRID_W + GAP);
        grid(&mut svg, p, x, most);
    }
    legend(&mut svg, TITLE_H + GRID_H + 20, most);
    svg.push_str("</svg>\n");
    svg
}

/// One session's grid at `x`, under its name and its totals.
fn grid(svg: &mut String, p: &SessionProfile, x: usize, most: u64) {
    let program: u64 = p.video.program.iter().sum();
    let monitor: u64 = p.video.monitor.iter().sum();
    let _ = writeln!(
        svg,
        r##"<text x="{x}" y="{}" font-size="13" fill="#222">{}</text>"##,
        TITLE_H - 26,
        escape(&p.program)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{x}" y="{}" font-size="12" fill="#555">{} writes by the program, {} by the monitor</text>"##,
        TITLE_H - 8,
        grouped(program),
        grouped(monitor)
    );
    let _ = writeln!(svg, r#"<g shape-rendering="crispEdges">"#);
    for i in 0..CELLS {
        let count = p.video.total(i);
        let (cx, cy) = (x + (i % COLUMNS) * CELL_W, TITLE_H + (i / COLUMNS) * CELL_H);
        let _ = writeln!(
            svg,
            r#"<rect x="{cx}" y="{cy}" width="{CELL_W}" height="{CELL_H}" fill="{}"><title>{},{}: {}</title></rect>"#,
            colour(level(count, most)),
            i / COLUMNS,
            i % COLUMNS,
            grouped(count)
        );
    }
    let _ = writeln!(svg, "</g>");
    let _ = writeln!(
        svg,
        r##"<rect x="{x}" y="{TITLE_H}" width="{GRID_W}" height="{GRID_H}" fill="none" stroke="#888"/>"##
    );
}

/// The colour scale under the grids: no writes to the most, logarithmic.
fn legend(svg: &mut String, y: usize, most: u64) {
    let steps = 40;
    let step_w = 8;
    for s in 0..steps {
        let x = MARGIN + s * step_w;
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="{y}" width="{step_w}" height="14" fill="{}"/>"#,
            colour(s as f64 / (steps - 1) as f64)
        );
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{MARGIN}" y="{y}" width="{}" height="14" fill="none" stroke="#888"/>"##,
        steps * step_w
    );
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="{}" font-size="12" fill="#555">writes per cell, 0 to {} (logarithmic)</text>"##,
        MARGIN + steps * step_w + 12,
        y + 12,
        grouped(most)
    );
}

/// Where `count` stands between 0 and `most` on a logarithmic scale: 0 to 1.
fn level(count: u64, most: u64) -> f64 {
    if count == 0 || most == 0 {
        return 0.0;
    }
    // A cell written once is visibly warmer than one never written.
    let top = ((most + 1) as f64).ln();
    (0.08 + 0.92 * ((count + 1) as f64).ln() / top).min(1.0)
}

/// The ramp's colour at `t` (0 to 1).
fn colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
    let i = (t.floor() as usize).min(RAMP.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// Text for an SVG document.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_and_its_colours() {
        assert_eq!(level(0, 100), 0.0);
        assert!(level(1, 100) > 0.08 && level(1, 100) < level(2, 100));
        assert_eq!(level(100, 100), 1.0);
        assert_eq!(colour(0.0), "#ffffff");
        assert_eq!(colour(1.0), "#67000d");
        assert_eq!(colour(0.5), "#fd8d3c");
        assert_eq!(escape("a<b&c"), "a&lt;b&amp;c");
    }
}
