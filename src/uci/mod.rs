//! The UCI protocol: parsing the GUI's lines, the options, and time management.

mod clock;
mod command;
mod go;
mod options;

pub use clock::{Budget, Levels, budget};
pub use command::{Command, LineError, MAX_LINE, StartPosition, excerpt, parse_line};
pub use go::GoParams;
pub use options::{DEFAULT_MHZ, DEFAULT_PLY, MAX_PLY, Options, declarations};
