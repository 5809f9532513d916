//! BOARDA read/write counts on the 10x12 grid, border cells included.

use serde::Serialize;

use crate::position::is_playing_square;

/// Cells of BOARDA.
pub const CELLS: usize = 120;
/// Columns of the 10x12 grid (border, files a..h, border).
pub const COLS: usize = 10;
/// Rows of the 10x12 grid (two border rows, ranks 1..8, two border rows).
pub const ROWS: usize = 12;

/// Read and write counts for every BOARDA cell, index = 21 + file + 10 * rank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Heatmap {
    /// Data reads per cell (opcode fetches never land in BOARDA).
    pub reads: Vec<u64>,
    /// Writes per cell.
    pub writes: Vec<u64>,
}

/// True for the cells that hold 0xFF: the two rows above and below and the columns 0 and 9.
pub fn is_border(index: usize) -> bool {
    u8::try_from(index).map_or(true, |index| !is_playing_square(index))
}

/// The algebraic name of a playing cell (`e4`), `None` on the border.
pub fn square_name(index: usize) -> Option<String> {
    let index = u8::try_from(index).ok().filter(|&i| is_playing_square(i))?;
    Some(crate::position::square_name(index))
}

impl Heatmap {
    /// Reads BOARDA's 120 cells out of per-address read and write tallies (indexed by address).
    pub fn from_tallies(boarda: u16, reads: &[u64], writes: &[u64]) -> Heatmap {
        let cell = |tally: &[u64], i: usize| tally[(boarda as usize + i) & 0xFFFF];
        Heatmap {
            reads: (0..CELLS).map(|i| cell(reads, i)).collect(),
            writes: (0..CELLS).map(|i| cell(writes, i)).collect(),
        }
    }

    /// Total reads of border cells: how often a ray or a jump stopped on the 0xFF frame.
    pub fn border_reads(&self) -> u64 {
        (0..CELLS)
            .filter(|&i| is_border(i))
            .map(|i| self.reads[i])
            .sum()
    }

    /// Total reads of playing squares.
    pub fn square_reads(&self) -> u64 {
        (0..CELLS)
            .filter(|&i| !is_border(i))
            .map(|i| self.reads[i])
            .sum()
    }

    /// Both grids as text, rank 8 at the top; border cells in brackets, `.` for never touched.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(&grid_text("reads", &self.reads));
        out.push('\n');
        out.push_str(&grid_text("writes", &self.writes));
        out
    }
}

/// One 10x12 grid of counts as text.
pub fn grid_text(title: &str, counts: &[u64]) -> String {
    let width = counts
        .iter()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = format!("BOARDA {title} (border cells in [ ], . = never touched)\n");
    out.push_str("       ");
    for col in 0..COLS {
        let head = match col {
            1..=8 => ((b'a' + col as u8 - 1) as char).to_string(),
            _ => format!("+{col}"),
        };
        out.push_str(&format!(" {head:^w$} ", w = width));
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
    for row in (0..ROWS).rev() {
        let rank = match row {
            2..=9 => char::from(b'0' + row as u8 - 1),
            _ => ' ',
        };
        out.push_str(&format!("{:>4} {rank} ", row * 10));
        for col in 0..COLS {
            let index = row * 10 + col;
            let text = match counts[index] {
                0 => ".".to_string(),
                n => n.to_string(),
            };
            if is_border(index) {
                out.push_str(&format!("[{text:>width$}]"));
            } else {
                out.push_str(&format!(" {text:>width$} "));
            }
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn border_cells_follow_the_abi() {
        let border: Vec<usize> = (0..CELLS).filter(|&i| is_border(i)).collect();
        assert_eq!(border.len(), 120 - 64);
        for i in [0, 20, 29, 30, 39, 89, 90, 99, 119] {
            assert!(is_border(i), "{i}");
        }
        for i in [21, 28, 31, 55, 91, 98] {
            assert!(!is_border(i), "{i}");
        }
        assert_eq!(square_name(21).as_deref(), Some("a1"));
        assert_eq!(square_name(25).as_deref(), Some("e1"));
        assert_eq!(square_name(98).as_deref(), Some("h8"));
        assert_eq!(square_name(30), None);
    }

    #[test]
    fn tallies_are_read_at_boarda() {
        let mut reads = vec![0u64; 0x10000];
        let mut writes = vec![0u64; 0x10000];
        reads[0x4000 + 21] = 5;
        reads[0x4000 + 11] = 2;
        reads[0x4000 + 120] = 99;
        writes[0x4000 + 98] = 1;
        let map = Heatmap::from_tallies(0x4000, &reads, &writes);
        assert_eq!(map.reads[21], 5);
        assert_eq!(map.writes[98], 1);
        assert_eq!(map.border_reads(), 2);
        assert_eq!(map.square_reads(), 5);
    }

    #[test]
    fn grid_text_puts_rank_eight_on_top_and_brackets_the_border() {
        let mut counts = vec![0u64; CELLS];
        counts[21] = 7; // a1
        counts[11] = 3; // below a1, border
        counts[98] = 12; // h8
        let text = grid_text("reads", &counts);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 + ROWS);
        assert_eq!(
            lines[0],
            "BOARDA reads (border cells in [ ], . = never touched)"
        );
        assert_eq!(lines[1], "        +0  a   b   c   d   e   f   g   h   +9");
        assert_eq!(lines[4], "  90 8 [ .]  .   .   .   .   .   .   .  12 [ .]");
        assert_eq!(lines[11], "  20 1 [ .]  7   .   .   .   .   .   .   . [ .]");
        assert_eq!(lines[12], "  10   [ .][ 3][ .][ .][ .][ .][ .][ .][ .][ .]");
    }
}
