//! The TDL front end: reads the words of a TDL source (TDL.md's dialect of the 1978 listing)
//! and rewrites each statement to the one the Zilog front end would make of its Zilog form,
//! so one encoder, one pass and one listing serve both dialects.

mod brackets;
mod define;
mod directives;
mod header;
mod hints;
mod line;
mod operand;
mod rewrite;

pub use super::tdl_forms::FORMS;
pub(crate) use define::{ScanError, scan_body};
pub(crate) use hints::equate_hint;
pub(crate) use line::parse_line;
