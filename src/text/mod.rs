//! Text formatting shared by every report and the command line: grouped numbers and other
//! table cells ([`grouped`], [`short`], [`ratio`], ...), durations ([`duration`], [`seconds`],
//! [`microseconds`]), plain-text tables ([`TextTable`]) and shell quoting for printed
//! commands.

mod number;
mod shell;
mod table;
mod time;

pub use number::{figure, grouped, percent, ratio, short, tenths};
pub use shell::{shell_command, shell_quote};
pub use table::{TextTable, wrap};
pub use time::{Z80_HZ, duration, microseconds, per_second, seconds, z80_time};
