//! The UCI engine: the GUI's lines parsed, the options, time management, and the session that
//! answers them with either engine (`sargon-z80 uci`).

mod choice;
mod clock;
mod command;
mod go;
mod info;
mod line;
mod mates;
mod options;
mod output;
mod read;
mod report;
mod session;
mod think;
mod thought;

pub use choice::ADVANTAGE;
pub use clock::{budget, reserve};
pub use command::{Command, MAX_LINE, StartPosition, parse_line};
pub use go::GoParams;
pub use line::LineError;
pub use options::{DEFAULT_MHZ, DEFAULT_PLY, MAX_PLY, Options};
pub use output::Output;
pub use session::Session;
