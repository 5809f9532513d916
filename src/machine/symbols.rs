//! Symbol tables from pasmo-style `.sym` files, and the number syntax shared with the CLI.

use std::collections::HashMap;

use super::MachineError;

/// Names and 16-bit values of an image's symbols; lookups ignore case.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SymbolTable {
    /// Symbols in insertion (file) order.
    entries: Vec<(String, u16)>,
    /// Upper-cased name to index in `entries`.
    by_name: HashMap<String, usize>,
    /// (value, index in `entries`) sorted by value, then by insertion order.
    by_value: Vec<(u16, usize)>,
}

impl SymbolTable {
    /// An empty table.
    pub fn new() -> SymbolTable {
        SymbolTable::default()
    }

    /// Parses `NAME<whitespace>EQU<whitespace>VALUE` lines (pasmo's format). Blank lines and
    /// `;` comments are skipped; any other line is an error naming its 1-based line number.
    pub fn parse(text: &str) -> Result<SymbolTable, MachineError> {
        let mut table = SymbolTable::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.split(';').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || MachineError::BadSymLine {
                line: index + 1,
                text: raw.trim_end().to_string(),
            };
            let mut words = line.split_whitespace();
            let (Some(name), Some(equ), Some(value), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(bad());
            };
            if !equ.eq_ignore_ascii_case("EQU") || !is_identifier(name) {
                return Err(bad());
            }
            let value = parse_u16(value).map_err(|_| bad())?;
            table.insert(name, value);
        }
        Ok(table)
    }

    /// Adds or replaces a symbol; returns the previous value of a symbol with the same name.
    pub fn insert(&mut self, name: &str, value: u16) -> Option<u16> {
        let key = name.to_ascii_uppercase();
        if let Some(&index) = self.by_name.get(&key) {
            let old = self.entries[index].1;
            self.entries[index].1 = value;
            self.by_value.retain(|&(_, i)| i != index);
            self.insert_by_value(value, index);
            return Some(old);
        }
        let index = self.entries.len();
        self.entries.push((name.to_string(), value));
        self.by_name.insert(key, index);
        self.insert_by_value(value, index);
        None
    }

    fn insert_by_value(&mut self, value: u16, index: usize) {
        let at = self
            .by_value
            .partition_point(|&(v, i)| (v, i) < (value, index));
        self.by_value.insert(at, (value, index));
    }

    /// The value of a symbol, ignoring case.
    pub fn get(&self, name: &str) -> Option<u16> {
        self.by_name
            .get(&name.to_ascii_uppercase())
            .map(|&i| self.entries[i].1)
    }

    /// The values of all `names`, in order; one error listing every missing name otherwise.
    pub fn require(&self, names: &[&str]) -> Result<Vec<u16>, MachineError> {
        let mut values = Vec::with_capacity(names.len());
        let mut missing = Vec::new();
        for name in names {
            match self.get(name) {
                Some(v) => values.push(v),
                None => missing.push(name.to_string()),
            }
        }
        if missing.is_empty() {
            Ok(values)
        } else {
            Err(MachineError::MissingSymbols(missing))
        }
    }

    /// All symbols as (name, value), in insertion (file) order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u16)> + '_ {
        self.entries.iter().map(|(n, v)| (n.as_str(), *v))
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the table holds no symbol.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The symbol with the highest value at or below `addr` (the first defined among equals),
    /// with its value: the routine an address belongs to, for profilers and disassembly.
    pub fn nearest_below(&self, addr: u16) -> Option<(&str, u16)> {
        let end = self.by_value.partition_point(|&(v, _)| v <= addr);
        let value = self.by_value.get(end.checked_sub(1)?)?.0;
        let first = self.by_value.partition_point(|&(v, _)| v < value);
        let (_, index) = self.by_value[first];
        Some((self.entries[index].0.as_str(), value))
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '?' || c == '@')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '?' | '@' | '$'))
}

/// Parses a 16-bit number: `0x1234`, `$1234`, `1234h`/`0ABCDH` (hex), or decimal.
pub fn parse_u16(text: &str) -> Result<u16, MachineError> {
    let bad = || MachineError::BadNumber {
        text: text.to_string(),
    };
    let t = text.trim();
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(h) = t.strip_prefix('$') {
        (h, 16)
    } else if let Some(h) = t.strip_suffix('h').or_else(|| t.strip_suffix('H')) {
        (h, 16)
    } else {
        (t, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(bad());
    }
    u16::from_str_radix(digits, radix).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_forms() {
        for text in ["0x1A2B", "$1a2b", "1A2BH", "01a2bh", "6699"] {
            assert_eq!(parse_u16(text).unwrap(), 0x1A2B, "{text}");
        }
        for text in ["", "h", "0x", "$", "65536", "0x10000", "12G", "-1", "1 2"] {
            assert!(parse_u16(text).is_err(), "{text}");
        }
    }

    #[test]
    fn parses_pasmo_lines() {
        let t = SymbolTable::parse("BOARDA\t\tEQU 0100H\nGenMov EQU $0200 ; comment\n\nX equ 7\n")
            .unwrap();
        assert_eq!(t.get("boarda"), Some(0x100));
        assert_eq!(t.get("GENMOV"), Some(0x200));
        assert_eq!(t.get("x"), Some(7));
        assert_eq!(t.len(), 3);
        assert_eq!(
            t.iter().collect::<Vec<_>>(),
            vec![("BOARDA", 0x100), ("GenMov", 0x200), ("X", 7)]
        );
    }

    #[test]
    fn bad_line_names_its_number() {
        let err = SymbolTable::parse("A EQU 1\nB EQU\n").unwrap_err();
        assert_eq!(
            err,
            MachineError::BadSymLine {
                line: 2,
                text: "B EQU".into()
            }
        );
        assert!(SymbolTable::parse("A DEFB 1").is_err());
        assert!(SymbolTable::parse("A EQU 70000").is_err());
    }

    #[test]
    fn require_lists_every_missing_name() {
        let t = SymbolTable::parse("A EQU 1\nB EQU 2").unwrap();
        assert_eq!(t.require(&["b", "A"]).unwrap(), vec![2, 1]);
        assert_eq!(
            t.require(&["A", "C", "D"]).unwrap_err(),
            MachineError::MissingSymbols(vec!["C".into(), "D".into()])
        );
    }

    #[test]
    fn nearest_below_prefers_first_defined() {
        let mut t = SymbolTable::parse("Z EQU 10\nA EQU 10\nB EQU 20").unwrap();
        assert_eq!(t.nearest_below(9), None);
        assert_eq!(t.nearest_below(10), Some(("Z", 10)));
        assert_eq!(t.nearest_below(19), Some(("Z", 10)));
        assert_eq!(t.nearest_below(0xFFFF), Some(("B", 20)));
        assert_eq!(t.insert("z", 30), Some(10));
        assert_eq!(t.nearest_below(15), Some(("A", 10)));
        assert_eq!(t.nearest_below(30), Some(("Z", 30)));
    }
}
