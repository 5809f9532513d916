//! The JSON object of a run of `jupiter`: its fields, in the order they are written.

use serde::Serialize;

/// The whole object.
#[derive(Serialize)]
pub(super) struct Json<'a> {
    pub(super) program: &'a str,
    pub(super) entry: u16,
    pub(super) seed: u64,
    pub(super) mhz: f64,
    pub(super) paced: bool,
    pub(super) stopped: JsonStop,
    pub(super) keys: JsonKeys,
    pub(super) clock: JsonCost,
    pub(super) max_tstates: Option<u64>,
    pub(super) wall_seconds: f64,
    pub(super) running_seconds: f64,
    pub(super) computer_moves: Vec<JsonMove>,
    pub(super) searches: JsonSearches,
    pub(super) searching: Option<JsonCost>,
    pub(super) cursor: [usize; 2],
    pub(super) screen: &'a [String],
    pub(super) replay: String,
}

/// Why the run stopped.
#[derive(Serialize)]
pub(super) struct JsonStop {
    pub(super) reason: &'static str,
    pub(super) message: String,
    pub(super) pc: u16,
    pub(super) hint: Option<String>,
}

/// The keys, each as a key text.
#[derive(Serialize)]
pub(super) struct JsonKeys {
    pub(super) given: String,
    pub(super) used: String,
    pub(super) unused: String,
}

/// Every search of the run: how many, how many not kept, their cost.
#[derive(Serialize)]
pub(super) struct JsonSearches {
    pub(super) count: u64,
    pub(super) omitted: u64,
    pub(super) tstates: u64,
    pub(super) instructions: u64,
    pub(super) seconds: f64,
}

/// A cost: T-states, instructions, seconds at --mhz.
#[derive(Serialize)]
pub(super) struct JsonCost {
    pub(super) tstates: u64,
    pub(super) instructions: u64,
    pub(super) seconds: f64,
}

/// One search kept: its number in the run, its move, whether it was played, its cost.
#[derive(Serialize)]
pub(super) struct JsonMove {
    pub(super) number: u64,
    pub(super) uci: String,
    pub(super) played: Option<bool>,
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) flags: u8,
    pub(super) bestm: u16,
    pub(super) started: u64,
    pub(super) tstates: u64,
    pub(super) instructions: u64,
    pub(super) seconds: f64,
}
