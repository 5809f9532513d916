//! The files of ../shared/sargon1978: search.jsonl (one position per line, its set-up and what
//! the 1978 program decided at each PLYMAX) and traces.jsonl (the full evaluation sequences).

use std::collections::HashMap;

use serde::Deserialize;

use super::watch::Record;
use super::{Setup, shared_dir};

/// One line of search.jsonl.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    pub index: usize,
    pub source: String,
    pub fen: String,
    pub side: String,
    pub moveno: u8,
    pub boarda: String,
    pub posk: [u8; 2],
    pub posq: [u8; 2],
    pub prev: [u8; 3],
    pub root: Root,
    pub ply1: Vec<Ply1>,
    pub search: Vec<Expected>,
}

/// The root evaluation.
#[derive(Debug, Clone, Deserialize)]
pub struct Root {
    pub mv0: u8,
    pub bc0: u8,
    pub valm: u8,
}

/// A ply-1 entry after the PLYMAX 1 call.
#[derive(Debug, Clone, Deserialize)]
pub struct Ply1 {
    pub uci: String,
    pub from: u8,
    pub to: u8,
    pub flags: u8,
    pub status: String,
    pub value: u8,
    pub sortm_valm: Option<u8>,
}

/// The 1978 program's search at one PLYMAX.
#[derive(Debug, Clone, Deserialize)]
pub struct Expected {
    pub plymax: u8,
    pub best: Option<String>,
    pub best_flags: u8,
    pub score: u8,
    pub points_calls: u64,
    pub tstates: u64,
    pub instructions: u64,
    pub trace_fnv1a64: String,
    pub plymax_after: u8,
    pub posq_after: [u8; 2],
}

impl Case {
    /// The set-up for FNDMOV at `plymax`.
    pub fn setup(&self, plymax: u8) -> Setup {
        let mut boarda = [0u8; 120];
        assert_eq!(self.boarda.len(), 240, "position {}: boarda", self.index);
        for (i, b) in boarda.iter_mut().enumerate() {
            *b = u8::from_str_radix(&self.boarda[2 * i..2 * i + 2], 16)
                .unwrap_or_else(|e| panic!("position {}: boarda byte {i}: {e}", self.index));
        }
        Setup {
            boarda,
            posk: self.posk,
            posq: self.posq,
            kolor: if self.side == "b" { 0x80 } else { 0x00 },
            moveno: self.moveno,
            plymax,
            prev: self.prev,
        }
    }

    /// The expected search at `plymax`, if measured.
    pub fn at(&self, plymax: u8) -> Option<&Expected> {
        self.search.iter().find(|e| e.plymax == plymax)
    }
}

impl Expected {
    /// The trace digest as a number.
    pub fn digest(&self) -> u64 {
        u64::from_str_radix(&self.trace_fnv1a64, 16)
            .unwrap_or_else(|e| panic!("bad digest {:?}: {e}", self.trace_fnv1a64))
    }
}

fn read(name: &str) -> String {
    let path = shared_dir().join("sargon1978").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} cannot be read ({e}): the search tests need ../shared/sargon1978 (or set SARGON_SHARED)",
            path.display()
        )
    })
}

/// All lines of search.jsonl, in order.
pub fn cases() -> Vec<Case> {
    read("search.jsonl")
        .lines()
        .enumerate()
        .map(|(n, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("search.jsonl line {}: {e}", n + 1))
        })
        .collect()
}

#[derive(Deserialize)]
struct TraceLine {
    index: usize,
    plymax: u8,
    trace: Vec<[u8; 4]>,
}

/// The full evaluation sequences of traces.jsonl, by (position index, PLYMAX).
pub struct TraceSet {
    by_search: HashMap<(usize, u8), Vec<Record>>,
}

impl TraceSet {
    /// The 1978 sequence of one search, when traces.jsonl has it.
    pub fn get(&self, index: usize, plymax: u8) -> Option<&[Record]> {
        self.by_search.get(&(index, plymax)).map(Vec::as_slice)
    }

    /// Searches held.
    pub fn len(&self) -> usize {
        self.by_search.len()
    }
}

/// Reads traces.jsonl.
pub fn traces() -> TraceSet {
    let text = read("traces.jsonl");
    let mut by_search = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let t: TraceLine = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("traces.jsonl line {}: {e}", n + 1));
        by_search.insert((t.index, t.plymax), t.trace);
    }
    TraceSet { by_search }
}
