//! Text formatting shared by every report and the command line: grouped numbers and other
//! table cells ([`grouped`], [`short`], [`ratio`], ...), durations ([`duration`],
//! [`microseconds`]), measured quantities with their range ([`quantity_range`]), plain-text
//! tables that fit [`MAX_WIDTH`] columns ([`TextTable`]), address ranges ([`address_range`]) and
//! shell quoting for printed commands.

mod number;
mod quantity;
mod range;
mod shell;
mod table;
mod time;

pub use number::{figure, grouped, percent, ratio, short, tenths};
pub use quantity::{Quantity, quantity, quantity_range};
pub use range::{address_range, address_span};
pub use shell::{shell_command, shell_lines, shell_quote};
pub use table::{MAX_WIDTH, TextTable, hanging, listed, wrap};
pub use time::{
    MAX_MHZ, MIN_MHZ, Z80_HZ, check_clock, duration, microseconds, per_second, z80_time,
};
