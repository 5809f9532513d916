//! What the screen shows: the 2,048 cells of the video memory as characters.
//!
//! A cell from 20H to 7EH is its ASCII character; one from 80H to BFH is a 2x3 block graphic
//! whose bits 0-5 set the cells top-left, top-right, middle-left, middle-right, bottom-left
//! and bottom-right. Unicode has these 64 patterns as the sextants of "Symbols for Legacy
//! Computing" (U+1FB00 onwards, in the same bit order), with the four patterns a space, the
//! left half, the right half and the full block taken from the older blocks. A set bit is
//! drawn in the glyph's ink: dark on the machine's paper-white screen ([`Look`](super::Look)
//! says which tone is which). Every other byte shows as a space. [`Glyphs::Ascii`] draws the
//! graphics with plain characters for fonts without sextants.

use super::console::{CELLS, COLUMNS, ROWS, VIDEO};

/// How block graphics are drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Glyphs {
    /// Unicode sextants and block elements: the screen as it looked.
    #[default]
    Unicode,
    /// Plain ASCII: each pattern as the character whose shape is nearest to it.
    Ascii,
}

/// The first sextant: pattern 1 (top-left set).
const SEXTANT_BASE: u32 = 0x1FB00;
/// The patterns Unicode gives no sextant of their own: the left and right halves.
const LEFT_HALF: u8 = 0b01_01_01;
const RIGHT_HALF: u8 = 0b10_10_10;
const FULL: u8 = 0b11_11_11;

/// The ASCII character of each 2x3 pattern, by the pattern's value: the character whose own
/// shape is nearest, so that pictures keep their outlines (`[` `]` the halves, `"` `-` `_` the
/// bars, `` ` `` `'` `.` `,` the corners, `/` `\` the diagonals, `L` `J` `F` `7` `P` `q` `b`
/// `d` the corners of a block, `o` the lower two thirds, `#` all six).
const ASCII_BLOCKS: &[u8; 64] =
    b" `'\"~|/\"~\\|\"---^.:'\"|[/F/>/Pr[/P,`:\"\\\\<q|\\]7-\\]q___=_L/E_\\J3obd#";

/// The character a cell holding `byte` shows.
pub fn glyph(byte: u8, glyphs: Glyphs) -> char {
    match byte {
        0x20..=0x7E => char::from(byte),
        0x80..=0xBF => match glyphs {
            Glyphs::Unicode => sextant(byte & FULL),
            Glyphs::Ascii => ascii_block(byte & FULL),
        },
        _ => ' ',
    }
}

/// The Unicode character of a 2x3 pattern.
pub fn sextant(pattern: u8) -> char {
    match pattern & FULL {
        0 => ' ',
        LEFT_HALF => '\u{258C}',
        RIGHT_HALF => '\u{2590}',
        FULL => '\u{2588}',
        p => {
            let skipped = u32::from(p > LEFT_HALF) + u32::from(p > RIGHT_HALF);
            char::from_u32(SEXTANT_BASE + u32::from(p) - 1 - skipped)
                .expect("U+1FB00..U+1FB3B are characters")
        }
    }
}

/// The plain character for a 2x3 pattern.
fn ascii_block(pattern: u8) -> char {
    char::from(ASCII_BLOCKS[usize::from(pattern & FULL)])
}

/// The screen at one moment: its cells and the console's cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screen {
    cells: [u8; CELLS],
    cursor: (usize, usize),
}

impl Screen {
    /// The screen in 64 KiB of `memory` (its video memory at 0C000H) with the cursor at
    /// (row, column).
    pub fn from_memory(memory: &[u8], cursor: (usize, usize)) -> Screen {
        let start = usize::from(VIDEO);
        let mut cells = [0; CELLS];
        cells.copy_from_slice(&memory[start..start + CELLS]);
        Screen { cells, cursor }
    }

    /// All cells, row after row.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The byte in the cell at `row`, `column`.
    pub fn cell(&self, row: usize, column: usize) -> u8 {
        self.cells[row * COLUMNS + column]
    }

    /// The cursor: (row, column).
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// The 32 rows as drawn, 64 characters each.
    pub fn lines(&self, glyphs: Glyphs) -> Vec<String> {
        (0..ROWS).map(|row| self.line(row, glyphs)).collect()
    }

    /// One row as drawn, 64 characters.
    pub fn line(&self, row: usize, glyphs: Glyphs) -> String {
        self.cells[row * COLUMNS..(row + 1) * COLUMNS]
            .iter()
            .map(|&b| glyph(b, glyphs))
            .collect()
    }

    /// The screen as text: the rows as drawn without their trailing spaces, one a line.
    pub fn text(&self, glyphs: Glyphs) -> String {
        let mut out = String::with_capacity(CELLS + ROWS);
        for line in self.lines(glyphs) {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sextants_in_bit_order() {
        assert_eq!(sextant(0), ' ');
        assert_eq!(sextant(1), '\u{1FB00}', "top-left");
        assert_eq!(sextant(2), '\u{1FB01}', "top-right");
        assert_eq!(sextant(3), '\u{1FB02}', "top row");
        assert_eq!(sextant(20), '\u{1FB13}');
        assert_eq!(sextant(21), '\u{258C}', "left half");
        assert_eq!(sextant(22), '\u{1FB14}');
        assert_eq!(sextant(42), '\u{2590}', "right half");
        assert_eq!(sextant(43), '\u{1FB28}');
        assert_eq!(sextant(62), '\u{1FB3B}');
        assert_eq!(sextant(63), '\u{2588}', "full block");
        let all: std::collections::HashSet<char> = (0..64).map(sextant).collect();
        assert_eq!(all.len(), 64, "every pattern has its own character");
    }

    #[test]
    fn cells_as_characters() {
        assert_eq!(glyph(b'e', Glyphs::Unicode), 'e');
        assert_eq!(glyph(0x7E, Glyphs::Unicode), '~');
        assert_eq!(
            glyph(0x80, Glyphs::Unicode),
            ' ',
            "a graphic with no bit set"
        );
        assert_eq!(glyph(0xBF, Glyphs::Unicode), '\u{2588}');
        assert_eq!(
            glyph(0xAA, Glyphs::Unicode),
            '\u{2590}',
            "a bar on the right"
        );
        assert_eq!(
            glyph(0x83, Glyphs::Unicode),
            '\u{1FB02}',
            "a bar along the top"
        );
        for byte in [0x00, 0x1C, 0x7F, 0xC0, 0xFF] {
            assert_eq!(glyph(byte, Glyphs::Unicode), ' ', "{byte:#04X}");
            assert_eq!(glyph(byte, Glyphs::Ascii), ' ', "{byte:#04X}");
        }
        let ascii: String = [0x80, 0xBF, 0x95, 0xAA, 0x83, 0x8C, 0xB0, 0x81, 0x87, 0xBE]
            .iter()
            .map(|&b| glyph(b, Glyphs::Ascii))
            .collect();
        assert_eq!(ascii, " #[]\"-_`\"d");
        // Every pattern has a printable character; the corners of a block read as corners.
        for pattern in 0..64 {
            assert!(ascii_block(pattern).is_ascii_graphic() || pattern == 0);
        }
        let corners: String = [0b11_01_01, 0b11_10_10, 0b01_01_11, 0b10_10_11]
            .map(ascii_block)
            .iter()
            .collect();
        assert_eq!(corners, "LJF7");
    }

    #[test]
    fn lines_are_64_characters_and_text_is_trimmed() {
        let mut memory = vec![0x20u8; 0x10000];
        memory[usize::from(VIDEO)..usize::from(VIDEO) + 3].copy_from_slice(b"a\xBFb");
        let screen = Screen::from_memory(&memory, (0, 3));
        let lines = screen.lines(Glyphs::Unicode);
        assert_eq!(lines.len(), 32);
        assert!(lines.iter().all(|l| l.chars().count() == 64));
        assert!(screen.text(Glyphs::Ascii).starts_with("a#b\n\n"));
        assert_eq!(screen.cell(0, 1), 0xBF);
    }
}
