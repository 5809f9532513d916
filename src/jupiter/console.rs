//! The video console the monitor writes to: a cursor over the video memory, with the rules of
//! the Jupiter III's console as the project fixes them (JUPITER3.md, "The console").

use crate::machine::Machine;

/// The first byte of the video memory.
pub const VIDEO: u16 = 0xC000;
/// Cells per row.
pub const COLUMNS: usize = 64;
/// Rows of cells.
pub const ROWS: usize = 32;
/// Cells on the screen: the video memory's size in bytes.
pub const CELLS: usize = COLUMNS * ROWS;

/// Clears the screen and homes the cursor (Ctrl-\).
pub const CLEAR: u8 = 0x1C;
/// Carriage return: to column 0.
pub const CR: u8 = 0x0D;
/// Line feed: to the next row, scrolling below the last.
pub const LF: u8 = 0x0A;
/// Backspace: one column back, not past column 0.
pub const BS: u8 = 0x08;
/// What a cleared cell holds.
pub const SPACE: u8 = 0x20;

/// What one byte written to the console wrote into the video memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Nothing (a control byte that moves the cursor, or one that does nothing).
    Nothing,
    /// The cell at this address.
    Cell(u16),
    /// Every cell (the screen cleared or scrolled).
    Screen,
}

/// The console's cursor. Every byte it writes goes into the machine's video memory, where
/// the program's own stores go too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Console {
    row: usize,
    column: usize,
}

impl Console {
    /// The cursor at row 0, column 0.
    pub fn new() -> Console {
        Console::default()
    }

    /// The cursor: (row, column).
    pub fn cursor(&self) -> (usize, usize) {
        (self.row, self.column)
    }

    /// Writes one byte at the cursor: a control byte moves the cursor (or clears the screen),
    /// a byte from 20H up is stored as it is and the cursor moves right, wrapping past the
    /// last column to the next row. What it wrote: a scroll rewrites every cell, so a byte
    /// that wraps the last row says [`Written::Screen`].
    pub fn put(&mut self, machine: &mut Machine, byte: u8) -> Written {
        match byte {
            CLEAR => {
                self.clear(machine);
                Written::Screen
            }
            CR => {
                self.column = 0;
                Written::Nothing
            }
            LF => self.line_feed(machine),
            BS => {
                self.column = self.column.saturating_sub(1);
                Written::Nothing
            }
            0x00..=0x1F => Written::Nothing,
            _ => {
                let at = cell(self.row, self.column);
                machine.poke(at, byte);
                self.column += 1;
                if self.column < COLUMNS {
                    return Written::Cell(at);
                }
                self.column = 0;
                match self.line_feed(machine) {
                    Written::Screen => Written::Screen,
                    _ => Written::Cell(at),
                }
            }
        }
    }

    /// A new line: carriage return and line feed.
    pub fn new_line(&mut self, machine: &mut Machine) {
        self.put(machine, CR);
        self.put(machine, LF);
    }

    /// Fills the screen with spaces and homes the cursor.
    pub fn clear(&mut self, machine: &mut Machine) {
        for i in 0..CELLS {
            machine.poke(VIDEO + i as u16, SPACE);
        }
        *self = Console::new();
    }

    /// The next row; below the last one every row moves up one and the last is cleared.
    fn line_feed(&mut self, machine: &mut Machine) -> Written {
        if self.row + 1 < ROWS {
            self.row += 1;
            return Written::Nothing;
        }
        for i in 0..CELLS - COLUMNS {
            let below = machine.peek(VIDEO + (i + COLUMNS) as u16);
            machine.poke(VIDEO + i as u16, below);
        }
        for column in 0..COLUMNS {
            machine.poke(cell(ROWS - 1, column), SPACE);
        }
        Written::Screen
    }
}

/// The address of the cell at `row`, `column`.
pub fn cell(row: usize, column: usize) -> u16 {
    VIDEO + (row * COLUMNS + column) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row_text(machine: &Machine, row: usize) -> String {
        (0..COLUMNS)
            .map(|c| char::from(machine.peek(cell(row, c))))
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    fn write(console: &mut Console, machine: &mut Machine, text: &[u8]) {
        for &b in text {
            console.put(machine, b);
        }
    }

    #[test]
    fn clear_fills_spaces_and_homes() {
        let mut m = Machine::blank();
        let mut c = Console::new();
        write(&mut c, &mut m, b"abc\r\nde");
        assert_eq!(c.cursor(), (1, 2));
        c.put(&mut m, CLEAR);
        assert_eq!(c.cursor(), (0, 0));
        assert!((0..CELLS).all(|i| m.peek(VIDEO + i as u16) == SPACE));
    }

    #[test]
    fn control_bytes_move_the_cursor() {
        let mut m = Machine::blank();
        let mut c = Console::new();
        c.clear(&mut m);
        write(&mut c, &mut m, b"abcd\x08\x08X\x01\x1B\x7F");
        assert_eq!(
            row_text(&m, 0),
            "abX\u{7f}",
            "7FH is stored like any byte from 20H up"
        );
        assert_eq!(c.cursor(), (0, 4));
        write(&mut c, &mut m, b"\x08\x08\x08\x08\x08\x08");
        assert_eq!(c.cursor(), (0, 0), "backspace stops at column 0");
        write(&mut c, &mut m, b"\n");
        assert_eq!(c.cursor(), (1, 0));
        write(&mut c, &mut m, b"xy\r");
        assert_eq!(c.cursor(), (1, 0));
    }

    #[test]
    fn wrap_and_scroll() {
        let mut m = Machine::blank();
        let mut c = Console::new();
        c.clear(&mut m);
        for row in 0..ROWS {
            write(&mut c, &mut m, &[b'A' + (row % 26) as u8; COLUMNS]);
        }
        // The last cell's wrap scrolled once: row 0 now holds what row 1 held.
        assert_eq!(c.cursor(), (ROWS - 1, 0));
        assert_eq!(row_text(&m, 0), "B".repeat(COLUMNS));
        assert_eq!(row_text(&m, ROWS - 2), "F".repeat(COLUMNS));
        assert_eq!(row_text(&m, ROWS - 1), "");
    }
}
