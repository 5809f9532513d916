//! Symbol tables from pasmo-style `.sym` files, and the number syntax shared with the CLI.

mod naming;

use std::collections::HashMap;

use super::MachineError;
use crate::files::excerpt;

/// The comment that marks a label in a symbol file written by the project's assembler:
/// `DRIVER<tab><tab>EQU 032ECH<tab>; label`. pasmo-style readers take the line's first three
/// words and skip the comment.
pub const LABEL_MARK: &str = "label";

/// Names and 16-bit values of an image's symbols; lookups ignore case.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SymbolTable {
    /// Symbols in insertion (file) order.
    entries: Vec<(String, u16)>,
    /// Per entry, whether it is marked a label.
    label_marks: Vec<bool>,
    /// True when the table says which names are labels (a symbol file with label marks): the
    /// unmarked names are then EQU constants.
    marked: bool,
    /// Upper-cased name to index in `entries`.
    by_name: HashMap<String, usize>,
    /// (value, index in `entries`) sorted by value, then by insertion order.
    by_value: Vec<(u16, usize)>,
    /// Each distinct value with the name it is shown by (the naming rule), sorted by value.
    labels: Vec<(u16, String)>,
}

impl SymbolTable {
    /// The names the Sargon harness reads (ABI and search variables and routines): where
    /// several symbols share an address, one of these names it (see [`SymbolTable::label_at`]).
    pub const HARNESS_NAMES: &'static [&'static str] = naming::HARNESS_NAMES;

    /// An empty table.
    pub fn new() -> SymbolTable {
        SymbolTable::default()
    }

    /// Parses `NAME<whitespace>EQU<whitespace>VALUE` lines (pasmo's format). Blank lines and
    /// `;` comments are skipped; any other line is an error naming its 1-based line number
    /// and quoting its start. A name defined twice with different values (names compare
    /// ignoring case, as lookups do) is an error naming both lines; the same value twice is
    /// accepted. A line whose comment is `; label` ([`LABEL_MARK`], as the project's assembler
    /// writes it) names a label; in a file with such marks every other name is a constant.
    pub fn parse(text: &str) -> Result<SymbolTable, MachineError> {
        let mut table = SymbolTable::new();
        let mut lines: Vec<usize> = Vec::new();
        let mut marks = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let Some((name, value, label)) =
                parse_line(raw).map_err(|()| MachineError::BadSymLine {
                    line: index + 1,
                    text: excerpt(raw.trim_end()),
                })?
            else {
                continue;
            };
            if let Some(&at) = table.by_name.get(&name.to_ascii_uppercase()) {
                let (first, first_value) = table.entries[at].clone();
                if first_value != value {
                    return Err(MachineError::DuplicateSymbol {
                        first,
                        first_line: lines[at],
                        first_value,
                        name: name.to_string(),
                        line: index + 1,
                        value,
                    });
                }
                continue;
            }
            table.insert(name, value);
            lines.push(index + 1);
            marks.push(label);
        }
        if marks.contains(&true) {
            table.set_label_marks(marks);
        }
        Ok(table)
    }

    /// Says which names are labels, one flag per symbol in insertion order; the others are
    /// constants from then on. The naming rule prefers a label where names share a value.
    fn set_label_marks(&mut self, marks: Vec<bool>) {
        self.label_marks = marks;
        self.marked = true;
        let values: Vec<u16> = self.labels.iter().map(|(v, _)| *v).collect();
        for value in values {
            self.relabel(value);
        }
    }

    /// Whether `name` is a label: Some(true) or Some(false) when the table knows (a symbol
    /// file with label marks), None when it does not or there is no such name.
    pub fn is_label(&self, name: &str) -> Option<bool> {
        let &index = self.by_name.get(&name.to_ascii_uppercase())?;
        self.marked
            .then(|| self.label_marks.get(index).copied().unwrap_or(false))
    }

    /// True when the table says which of its names are labels.
    pub fn has_label_marks(&self) -> bool {
        self.marked
    }

    /// Adds or replaces a symbol; returns the previous value of a symbol with the same name.
    pub fn insert(&mut self, name: &str, value: u16) -> Option<u16> {
        let key = name.to_ascii_uppercase();
        if let Some(&index) = self.by_name.get(&key) {
            let old = self.entries[index].1;
            self.entries[index].1 = value;
            self.by_value.retain(|&(_, i)| i != index);
            self.insert_by_value(value, index);
            self.relabel(old);
            self.relabel(value);
            return Some(old);
        }
        let index = self.entries.len();
        self.entries.push((name.to_string(), value));
        self.by_name.insert(key, index);
        self.insert_by_value(value, index);
        self.relabel(value);
        None
    }

    fn insert_by_value(&mut self, value: u16, index: usize) {
        let at = self
            .by_value
            .partition_point(|&(v, i)| (v, i) < (value, index));
        self.by_value.insert(at, (value, index));
    }

    /// Recomputes the name `value` is shown by after its names changed.
    fn relabel(&mut self, value: u16) {
        let names = self.names_at(value);
        let labels: Vec<&str> = if self.marked {
            names
                .iter()
                .copied()
                .filter(|n| self.is_label(n) == Some(true))
                .collect()
        } else {
            Vec::new()
        };
        let label = (!names.is_empty()).then(|| naming::label(&names, &labels));
        let at = self.labels.partition_point(|(v, _)| *v < value);
        let present = self.labels.get(at).is_some_and(|(v, _)| *v == value);
        match (label, present) {
            (Some(label), true) => self.labels[at].1 = label,
            (Some(label), false) => self.labels.insert(at, (value, label)),
            (None, true) => {
                self.labels.remove(at);
            }
            (None, false) => {}
        }
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

    /// Every name whose value is `value`, in insertion (file) order.
    pub fn names_at(&self, value: u16) -> Vec<&str> {
        let first = self.by_value.partition_point(|&(v, _)| v < value);
        self.by_value[first..]
            .iter()
            .take_while(|&&(v, _)| v == value)
            .map(|&(_, i)| self.entries[i].0.as_str())
            .collect()
    }

    /// The name `value` is shown by when symbols have exactly that value. Where several share
    /// it: a name the harness reads ([`SymbolTable::HARNESS_NAMES`]) wins, boundary markers
    /// (ORG, CODE_START, CODE_END) give way to other names, and names still tied are all
    /// given in byte order joined by `/` (`KNIGHT/T1`), since a symbol file cannot tell a
    /// constant from an address.
    pub fn label_at(&self, value: u16) -> Option<&str> {
        let at = self.labels.partition_point(|(v, _)| *v < value);
        match self.labels.get(at) {
            Some((v, label)) if *v == value => Some(label),
            _ => None,
        }
    }

    /// The symbol with the highest value at or below `addr`, named by the rule of
    /// [`SymbolTable::label_at`], with its value: the routine an address belongs to, for
    /// profilers and disassembly.
    pub fn nearest_below(&self, addr: u16) -> Option<(&str, u16)> {
        let end = self.labels.partition_point(|(v, _)| *v <= addr);
        let (value, label) = self.labels.get(end.checked_sub(1)?)?;
        Some((label.as_str(), *value))
    }
}

/// A symbol line's name, value and label mark; `None` for a blank or comment line.
fn parse_line(raw: &str) -> Result<Option<(&str, u16, bool)>, ()> {
    let (line, comment) = raw.split_once(';').unwrap_or((raw, ""));
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let label = comment.trim().eq_ignore_ascii_case(LABEL_MARK);
    let mut words = line.split_whitespace();
    let (Some(name), Some(equ), Some(value), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(());
    };
    if !equ.eq_ignore_ascii_case("EQU") || !is_identifier(name) {
        return Err(());
    }
    let value = parse_u16(value).map_err(|_| ())?;
    Ok(Some((name, value, label)))
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
                text: "\"B EQU\"".into()
            }
        );
        let escape =
            SymbolTable::parse(&format!("\u{1b}[2J{} EQU 1", "X".repeat(5000))).unwrap_err();
        assert_eq!(
            escape.to_string(),
            format!(
                "malformed symbol line 1: \"\\u{{1b}}[2J{}\"... (5010 bytes)",
                "X".repeat(36)
            )
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
    fn a_name_defined_twice_with_two_values_names_both_lines() {
        let err = SymbolTable::parse("POSQ EQU 009CH\nA EQU 1\n\nposq EQU 0FFFFH\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "symbol POSQ is defined twice with different values: line 1 (0x009C) and line 4, posq (0xFFFF)"
        );
        let same = SymbolTable::parse("A EQU 1\nA EQU 0001H\n").unwrap();
        assert_eq!((same.len(), same.get("A")), (1, Some(1)));
    }

    #[test]
    fn addresses_shared_by_constants_and_variables_get_the_variables_name() {
        // A 1978-style clash: piece constants with the values of the variables at the
        // bottom of memory; KOLOR and COLOR are what the harness reads there.
        let t = SymbolTable::parse(
            "BLACK EQU 0080H\nKNIGHT EQU 0002H\nT1 EQU 0002H\nKING EQU 0006H\n\
             KOLOR EQU 0006H\nWHITE EQU 0007H\nCOLOR EQU 0007H\nSTART EQU 0100H\n",
        )
        .unwrap();
        assert_eq!(t.label_at(6), Some("KOLOR"));
        assert_eq!(t.label_at(7), Some("COLOR"));
        assert_eq!(t.label_at(2), Some("KNIGHT/T1"));
        assert_eq!(t.label_at(0x80), Some("BLACK"));
        assert_eq!(t.label_at(3), None);
        assert_eq!(t.nearest_below(3), Some(("KNIGHT/T1", 2)));
        assert_eq!(t.nearest_below(0x7F), Some(("COLOR", 7)));
        assert_eq!(t.names_at(2), vec!["KNIGHT", "T1"]);
    }

    #[test]
    fn marked_labels_win_over_constants_sharing_their_value() {
        // A 1978-style clash: PTR1 and PTR2 are labels at the bottom of memory, KNIGHT and ZERO
        // constants with their values; an address is called by its label.
        let text = "KNIGHT\t\tEQU 00002H\nPTR1\t\tEQU 00000H\t; label\nPTR2\t\tEQU 00002H\t; label\n\
                    ZERO\t\tEQU 00000H\nK\t\tEQU 00005H\nL\t\tEQU 00005H ;LABEL\n";
        let t = SymbolTable::parse(text).unwrap();
        assert!(t.has_label_marks());
        assert_eq!(t.label_at(2), Some("PTR2"));
        assert_eq!(t.label_at(0), Some("PTR1"));
        assert_eq!(t.label_at(5), Some("L"));
        assert_eq!(
            (t.is_label("ptr2"), t.is_label("KNIGHT"), t.is_label("none")),
            (Some(true), Some(false), None)
        );
        // Without marks the same names tie, as before.
        let plain: String = text
            .lines()
            .map(|l| l.split(';').next().unwrap().to_string() + "\n")
            .collect();
        let t = SymbolTable::parse(&plain).unwrap();
        assert!(!t.has_label_marks());
        assert_eq!(
            (t.label_at(2), t.is_label("PTR2")),
            (Some("KNIGHT/PTR2"), None)
        );
    }

    #[test]
    fn nearest_below_follows_replaced_values() {
        let mut t = SymbolTable::parse("Z EQU 10\nA EQU 10\nB EQU 20").unwrap();
        assert_eq!(t.nearest_below(9), None);
        assert_eq!(t.nearest_below(10), Some(("A/Z", 10)));
        assert_eq!(t.nearest_below(19), Some(("A/Z", 10)));
        assert_eq!(t.nearest_below(0xFFFF), Some(("B", 20)));
        assert_eq!(t.insert("z", 30), Some(10));
        assert_eq!(t.nearest_below(15), Some(("A", 10)));
        assert_eq!(t.nearest_below(30), Some(("Z", 30)));
        assert_eq!(t.insert("A", 30), Some(10));
        assert_eq!(t.nearest_below(15), None);
        assert_eq!(t.label_at(30), Some("A/Z"));
    }
}
