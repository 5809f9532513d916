//! The result of a successful assembly: the binary, the symbols and the listing.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::error::AsmWarning;
use super::listing::{self, ListLine};
use super::pass::{PassOutcome, SymKind};
use super::source::Sources;

/// A successful assembly.
#[derive(Debug, Clone)]
pub struct Assembly {
    /// The lowest emitted address.
    pub start: u16,
    /// The bytes from `start` to the highest emitted address (gaps are 0).
    pub bytes: Vec<u8>,
    /// The address given to END, if any.
    pub entry: Option<u16>,
    symbols: BTreeMap<String, i32>,
    labels: BTreeSet<String>,
    listing: Vec<ListLine>,
    list_names: Vec<String>,
    inputs: Vec<std::path::PathBuf>,
    warnings: Vec<AsmWarning>,
}

/// What ends a label's line in the symbol file.
const LABEL_MARK: &str = "\t; label";

/// Builds the assembly from the final pass.
pub(crate) fn build(outcome: PassOutcome, sources: &Sources) -> Assembly {
    let labels = outcome
        .syms
        .iter()
        .filter(|(_, s)| s.kind == SymKind::Label)
        .map(|(k, _)| k.clone())
        .collect();
    let symbols = outcome
        .syms
        .into_iter()
        .filter(|(_, s)| s.kind != SymKind::Defl)
        .map(|(k, s)| (k, s.value))
        .collect();
    let (start, bytes) = outcome.image.into_bytes();
    Assembly {
        start,
        bytes,
        entry: outcome.entry,
        symbols,
        labels,
        listing: outcome.listing,
        list_names: sources.files.iter().map(|f| f.list_name.clone()).collect(),
        inputs: sources.read_paths(),
        warnings: outcome.warnings,
    }
}

impl Assembly {
    /// The files this assembly read: with [`assemble_file`](super::assemble_file) the source
    /// first, then every INCLUDE and INCBIN file (sorted). A command writing the outputs must
    /// write over none of them.
    pub fn inputs(&self) -> &[std::path::PathBuf] {
        &self.inputs
    }

    /// Records the main file as the first input.
    pub(crate) fn read_main_file(&mut self, path: &std::path::Path) {
        self.inputs.insert(0, path.to_path_buf());
    }

    /// What the assembly found legal but probably not meant, in source order: text after the
    /// end, bytes written over others (with overlaps allowed).
    pub fn warnings(&self) -> &[AsmWarning] {
        &self.warnings
    }

    /// Labels and EQU symbols (not DEFL ones) with their signed values, sorted by name.
    pub fn symbols(&self) -> &BTreeMap<String, i32> {
        &self.symbols
    }

    /// Whether `name` is a label (an address the source defined by placing the name on a
    /// line), as opposed to an EQU constant; None for no such symbol.
    pub fn is_label(&self, name: &str) -> Option<bool> {
        self.symbols
            .contains_key(name)
            .then(|| self.labels.contains(name))
    }

    /// The symbol file in pasmo's format: `NAME<tab><tab>EQU 0ABCDH` per line, sorted by name
    /// (byte order), values as 16-bit two's complement. Like pasmo, names of 8 to 15
    /// characters get one tab and longer names one space, so the EQUs line up at column 16.
    /// A label's line ends in a comment that says so, `<tab>; label`, which pasmo-style
    /// readers skip (and an assembler that INCLUDEs the file reads as a comment); without
    /// those comments the lines are pasmo's own.
    pub fn sym_text(&self) -> String {
        let mut out = String::new();
        for (name, &value) in &self.symbols {
            let gap = match name.chars().count() {
                0..=7 => "\t\t",
                8..=15 => "\t",
                _ => " ",
            };
            let mark = if self.labels.contains(name) {
                LABEL_MARK
            } else {
                ""
            };
            let _ = writeln!(out, "{name}{gap}EQU 0{:04X}H{mark}", value as u16);
        }
        out
    }

    /// The listing: per line its number, address, bytes and text; file names are relative to
    /// the main source's folder, so the listing is the same wherever it is made.
    pub fn lst_text(&self) -> String {
        listing::render(&self.listing, &self.list_names)
    }
}
