//! Plain-text tables (a header row, then rows; columns left-aligned unless marked as numbers)
//! and notes wrapped as list items.

/// A table of text cells.
#[derive(Debug, Clone, Default)]
pub struct TextTable {
    rows: Vec<Vec<String>>,
    right: Vec<usize>,
}

impl TextTable {
    /// A table with these column headings, every column left-aligned.
    pub fn new(headings: &[&str]) -> TextTable {
        TextTable {
            rows: vec![headings.iter().map(|h| h.to_string()).collect()],
            right: Vec::new(),
        }
    }

    /// Right-aligns the columns at these indices (figures).
    pub fn right(mut self, columns: &[usize]) -> TextTable {
        self.right = columns.to_vec();
        self
    }

    /// Adds a row (missing cells are blank).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table, every line indented by two spaces, columns two spaces apart, no trailing blanks.
    pub fn render(&self) -> String {
        let columns = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut widths = vec![0; columns];
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let mut out = String::new();
        for row in &self.rows {
            let mut line = String::from(" ");
            for (i, width) in widths.iter().enumerate() {
                let cell = row.get(i).map_or("", String::as_str);
                let pad = width - cell.chars().count();
                line.push_str(if i == 0 { " " } else { "  " });
                if self.right.contains(&i) {
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
        out
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn wraps_notes_as_list_items() {
        assert_eq!(
            wrap("one two three four", 9),
            "- one two\n  three\n  four\n"
        );
    }
}
