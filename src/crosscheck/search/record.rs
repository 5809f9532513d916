//! Recording both sides' evaluations.

use crate::abi::search::{Evaluation, SearchObserver};
use crate::engine::{EvalRecord, Observer};

/// Keeps every evaluation record of a search (native or emulated) in a buffer that is reused
/// from search to search.
#[derive(Debug, Default)]
pub struct Recorder {
    /// The records in order.
    pub records: Vec<EvalRecord>,
}

impl Observer for Recorder {
    fn on_eval(&mut self, record: &EvalRecord) {
        self.records.push(*record);
    }
}

impl SearchObserver for Recorder {
    fn on_evaluation(&mut self, e: &Evaluation) {
        self.records.push(EvalRecord {
            ply: e.ply,
            from: e.from,
            to: e.to,
            valm: e.valm,
        });
    }
}
