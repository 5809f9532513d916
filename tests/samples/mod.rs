//! Checking the samples of the docs: reading them from Markdown, running them, matching their
//! output, and the terminal screens they show.

pub mod markdown;
pub mod matching;
pub mod screens;
pub mod session;
