//! Plain-text tables (a header row, then rows; columns left-aligned unless marked as numbers)
//! that fit a terminal of [`MAX_WIDTH`] columns, and notes wrapped as list items.

/// The widest line a table or note prints: every report fits a 100-column terminal.
pub const MAX_WIDTH: usize = 100;

/// A table of text cells.
#[derive(Debug, Clone, Default)]
pub struct TextTable {
    rows: Vec<Line>,
    right: Vec<usize>,
    wrap: Option<usize>,
}

/// A row of cells, or a heading line across the table.
#[derive(Debug, Clone)]
enum Line {
    Cells(Vec<String>),
    Heading(String),
}

impl TextTable {
    /// A table with these column headings, every column left-aligned.
    pub fn new(headings: &[&str]) -> TextTable {
        TextTable {
            rows: vec![Line::Cells(
                headings.iter().map(|h| h.to_string()).collect(),
            )],
            right: Vec::new(),
            wrap: None,
        }
    }

    /// Lets the column at `column` (a text column) wrap onto more lines when the table would
    /// otherwise be wider than [`MAX_WIDTH`].
    pub fn wrap(mut self, column: usize) -> TextTable {
        self.wrap = Some(column);
        self
    }

    /// Right-aligns the columns at these indices (figures).
    pub fn right(mut self, columns: &[usize]) -> TextTable {
        self.right = columns.to_vec();
        self
    }

    /// Adds a row (missing cells are blank).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(Line::Cells(cells));
    }

    /// Adds a heading line between rows, indented like the cells; it does not widen a column.
    pub fn heading(&mut self, text: &str) {
        self.rows.push(Line::Heading(text.to_string()));
    }

    /// The width of each column: its widest cell, the wrapping column narrowed so that the
    /// table fits [`MAX_WIDTH`] (never below 12 characters).
    fn widths(&self) -> Vec<usize> {
        let mut widths = Vec::new();
        for row in &self.rows {
            let Line::Cells(cells) = row else { continue };
            widths.resize(widths.len().max(cells.len()), 0);
            for (width, cell) in widths.iter_mut().zip(cells) {
                *width = (*width).max(cell.chars().count());
            }
        }
        if let Some(column) = self.wrap.filter(|&c| c < widths.len()) {
            let others: usize = widths.iter().sum::<usize>() - widths[column];
            let room = MAX_WIDTH.saturating_sub(others + 2 * widths.len());
            widths[column] = widths[column].min(room.max(12));
        }
        widths
    }

    /// The table, every line indented by two spaces, columns two spaces apart, no trailing
    /// blanks; a cell of the wrapping column too long for it continues on the next lines.
    pub fn render(&self) -> String {
        let widths = self.widths();
        let mut right = vec![false; widths.len()];
        for &column in &self.right {
            if let Some(flag) = right.get_mut(column) {
                *flag = true;
            }
        }
        let mut out = String::new();
        for row in &self.rows {
            match row {
                Line::Heading(text) => {
                    out.push_str(text);
                    out.push('\n');
                }
                Line::Cells(cells) => self.render_cells(cells, &widths, &right, &mut out),
            }
        }
        out
    }

    /// How many leading columns fit in [`MAX_WIDTH`] as [`TextTable::render`] lays them out
    /// (each cell as wide as its column's widest, two spaces apart, two in front), in time
    /// linear in the table.
    pub fn columns_fitting(&self) -> usize {
        let mut width = 0;
        self.widths()
            .iter()
            .take_while(|&&w| {
                width += w + 2;
                width <= MAX_WIDTH
            })
            .count()
    }

    fn render_cells(&self, cells: &[String], widths: &[usize], right: &[bool], out: &mut String) {
        let wrapped: Vec<Vec<String>> = widths
            .iter()
            .enumerate()
            .map(|(i, &width)| {
                let cell = cells.get(i).map_or("", String::as_str);
                if self.wrap == Some(i) {
                    split_words(cell, width)
                } else {
                    vec![cell.to_string()]
                }
            })
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        for k in 0..height {
            let mut line = String::from(" ");
            for (i, width) in widths.iter().enumerate() {
                let cell = wrapped[i].get(k).map_or("", String::as_str);
                let pad = width.saturating_sub(cell.chars().count());
                line.push_str(if i == 0 { " " } else { "  " });
                if right[i] {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

/// `text` in lines of at most `width` characters, broken between words (a longer word stays
/// whole on its own line).
fn split_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("at least one line");
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if len > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// `text` as a list item of lines at most `width` wide (longer words stay whole).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from("-");
    for word in text.split_whitespace() {
        if line.len() > 2 && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `label` and then `items` joined by `, ` in lines at most `width` wide, broken between items
/// only, the lines after the first indented as far as the label (`real time: 1 min 13.6 s at
/// 1.774 MHz, ...` goes on under its first item); an item wider than the room stays whole.
pub fn listed(label: &str, items: &[String], width: usize) -> String {
    let indent = label.chars().count();
    let mut out = String::new();
    let mut line = label.to_string();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let gap = usize::from(i > 0);
        if i > 0 && line.chars().count() + gap + piece.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        } else if i > 0 {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    out.push_str(&line);
    out
}

/// `line` in lines at most `width` wide, broken between words, the lines after the first
/// indented by `indent` spaces (a labelled line: `differs    ...` goes on under its text); a
/// line that fits is returned as it is, and a longer word stays whole.
pub fn hanging(line: &str, indent: usize, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    // The label (the first `indent` characters) stays as it is; the words after it wrap.
    let cut = line
        .char_indices()
        .nth(indent)
        .map_or(line.len(), |(i, _)| i);
    let (label, rest) = line.split_at(cut);
    let mut out = String::new();
    let mut current = label.to_string();
    let mut used = label.chars().count();
    let mut first = true;
    for word in rest.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if !first && used + 1 + len > width {
            out.push_str(current.trim_end());
            out.push('\n');
            current = " ".repeat(indent);
            used = indent;
            first = true;
        }
        if !first {
            current.push(' ');
            used += 1;
        }
        current.push_str(word);
        used += len;
        first = false;
    }
    out.push_str(current.trim_end());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_items_break_between_items_under_the_first() {
        let items: Vec<String> = [
            "1 min 13.6 s at 1.774 MHz",
            "1 min 5.3 s at 2 MHz",
            "32.6 s at 4 MHz",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            listed("real time: ", &items, 60),
            "real time: 1 min 13.6 s at 1.774 MHz, 1 min 5.3 s at 2 MHz,\n           32.6 s at 4 MHz"
        );
        assert_eq!(listed("x: ", &items[2..], 5), "x: 32.6 s at 4 MHz");
    }

    #[test]
    fn the_columns_that_fit_are_counted_as_rendered() {
        let cells: Vec<String> = (0..60).map(|i| format!("{i:>4}")).collect();
        let headings: Vec<&str> = cells.iter().map(String::as_str).collect();
        let mut table = TextTable::new(&headings).right(&(0..60).collect::<Vec<_>>());
        table.row(cells.clone());
        // Each column is 4 wide and 2 apart: 16 columns take 96 characters, 17 take 102.
        assert_eq!(table.columns_fitting(), 16);
        let fitting = TextTable::new(&headings[..16]);
        let width = fitting.render().lines().map(str::len).max().unwrap();
        assert!(width <= MAX_WIDTH && width + 6 > MAX_WIDTH, "{width}");
    }

    #[test]
    fn hanging_lines_go_on_under_their_text() {
        assert_eq!(hanging("label  short", 7, 20), "label  short");
        assert_eq!(
            hanging("label  one two three four five", 7, 20),
            "label  one two three\n       four five"
        );
        assert_eq!(
            hanging("           term: a b c", 11, 16),
            "           term:\n           a b c"
        );
        assert_eq!(
            hanging("a  unbreakableword b", 3, 10),
            "a  unbreakableword\n   b"
        );
    }

    #[test]
    fn aligns_columns() {
        let mut table = TextTable::new(&["name", "value"]).right(&[1]);
        table.row(vec!["a".into(), "1,234".into()]);
        table.row(vec!["longer name".into(), "5".into()]);
        table.row(vec!["blank".into()]);
        assert_eq!(
            table.render(),
            "  name         value\n  a            1,234\n  longer name      5\n  blank\n"
        );
        let mut left = TextTable::new(&["a", "b"]);
        left.row(vec!["xyz".into(), "1".into()]);
        left.row(vec!["q".into(), "long".into()]);
        assert_eq!(left.render(), "  a    b\n  xyz  1\n  q    long\n");
    }

    #[test]
    fn headings_and_a_wrapping_column_fit_the_width() {
        let mut table = TextTable::new(&["goal", "figure"]).right(&[1]).wrap(0);
        table.heading("Section");
        let long = "word ".repeat(30);
        table.row(vec![long.trim().to_string(), "1.23 s".into()]);
        table.row(vec!["short".into(), "4.56 s".into()]);
        let text = table.render();
        assert!(
            text.lines().all(|l| l.chars().count() <= MAX_WIDTH),
            "{text}"
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "Section");
        // 90 columns for the goal: 2 + 90 + 2 + 6 = 100.
        assert_eq!(
            lines[2],
            format!("  {}   1.23 s", "word ".repeat(18).trim_end())
        );
        assert_eq!(lines[3], format!("  {}", "word ".repeat(12).trim_end()));
        assert_eq!(lines[4], format!("  short{}4.56 s", " ".repeat(87)));
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn wraps_notes_as_list_items() {
        assert_eq!(
            wrap("one two three four", 9),
            "- one two\n  three\n  four\n"
        );
    }
}
