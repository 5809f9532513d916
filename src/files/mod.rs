//! Files the tool reads and writes: inputs read with a size limit and a line-length limit,
//! short quotes of bad input for error messages, and outputs written so that no input and no
//! old output is ever destroyed.
//!
//! Every command reads through [`read_limited`] or [`read_text`], so `--rom /dev/zero` or a
//! 5 MB line is refused with the file and line named instead of filling memory or the
//! terminal, and every command writes through [`Outputs`]: each output goes to a temporary
//! file beside its target and is renamed over it only when everything was written, and an
//! output that is one of the command's own inputs (the same file, through any name, symbolic
//! or hard link) is refused before anything is written, as is an existing file this user may
//! not write; a replaced file keeps its owner, group and permissions. An output written while
//! the command runs (a trace) is a [`Stream`] through the same checks.

mod excerpt;
mod owner;
mod read;
mod stream;
mod target;
mod write;

pub use excerpt::{EXCERPT_CHARS, clip, excerpt, path_text, printable};
pub use read::{FileError, TextLimits, read_limited, read_text};
pub use stream::Stream;
pub use target::kind_of;
pub use write::{Outputs, WriteError};
