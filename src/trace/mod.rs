//! Traces: a search's evaluations in order (and, with detail, every GENMOV's list and every
//! evaluation's terms) as JSON lines, written by any engine and compared to find where two
//! searches part.
//!
//! - [`format`](mod@format): what a trace holds; [`write`](mod@write): the lines, streamed from a running search;
//! - [`read`]: a `sargon-trace` file, or one search of `sargon1978/traces.jsonl`
//!   ([`source`] names it, [`error`] says what is wrong and where);
//! - [`diff`]: the first divergence, placed in the search by the native engine ([`locate()`])
//!   and explained.
//!
//! The format is specified in `docs/PORTING.md`.

mod describe;
pub mod diff;
pub mod error;
pub mod explain;
pub mod format;
mod limits;
pub mod locate;
mod parse;
pub mod read;
pub mod source;
pub mod write;

pub use describe::entry_text;
pub use diff::{Comparison, Difference, Side, compare};
pub use error::TraceError;
pub use explain::{Divergence, Finding, MoveStatus, diverge};
pub use format::{
    Evaluation, FORMAT, GenList, ListEntry, TERM_NAMES, Trace, TraceHeader, TraceResult,
    TraceSetup, VERSION,
};
pub use locate::{Located, Place, Target, locate};
pub use read::{parse_trace, read_trace};
pub use source::{Selector, TraceSource};
pub use write::{TraceWriter, write_trace};
