//! Standard output for every subcommand: writes that fail with an error instead of a panic.
//!
//! `println!` panics when standard output cannot be written (a full disk, a closed pipe when
//! SIGPIPE is ignored). Every subcommand prints through [`outln!`] and [`out!`] instead, which
//! return an [`OutputError`]; the binary's exit handling (`exit.rs`) turns it into an
//! error and exit status 2, or a quiet exit for a closed pipe.

use std::fmt;
use std::io::{self, Write};

/// Standard output could not be written.
#[derive(Debug)]
pub struct OutputError(pub io::Error);

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for OutputError {}

impl OutputError {
    /// True when the reader went away (`sargon-z80 perft 6 | head -1`): not a failure of ours.
    pub fn is_closed_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Writes formatted text to standard output.
pub fn write(args: fmt::Arguments<'_>) -> Result<(), OutputError> {
    io::stdout().lock().write_fmt(args).map_err(OutputError)
}

/// Writes out what standard output still buffers (text after the last newline).
pub fn flush() -> Result<(), OutputError> {
    io::stdout().lock().flush().map_err(OutputError)
}

/// `println!` that returns `Result<(), OutputError>` instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that returns `Result<(), OutputError>` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};
