//! The TDL front end: reads the words of a TDL source (TDL.md's dialect of the 1978 listing)
//! and rewrites each statement to the one the Zilog front end would make of its Zilog form,
//! so one encoder, one pass and one listing serve both dialects.

mod define;
mod directives;
pub(crate) mod forms;
mod header;
mod hints;
mod line;
mod rewrite;

pub(crate) use define::{ScanError, scan_body};
pub use forms::FORMS;
pub(crate) use hints::equate_hint;
pub(crate) use line::parse_line;
