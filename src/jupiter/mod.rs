//! The Jupiter III and its Jove monitor: the machine the 1978 program was written for, as
//! `JUPITER3.md` states it. It knows nothing of chess: any program written for these monitor
//! calls runs on it.
//!
//! A [`Jupiter`] runs a program free on the [`Machine`](crate::machine::Machine) (exact
//! T-states, R counted over every fetch, the machine's guards), in pieces
//! ([`Machine::run_watched`](crate::machine::Machine::run_watched)). When PC reaches 0038H
//! ([`MONITOR`]) the monitor call is performed there and then, never executing what lies at
//! that address: the parameter block after `RST 38H` is read ([`Call`]), the call done, and
//! the program resumed past the block. Only the program's instructions count, the RST's own
//! 11 T-states included. The console writes into the video memory at 0C000H (64 x 32 cells,
//! [`Console`]), where the program's own stores go too, and [`Screen`] draws the cells
//! (block graphics as Unicode sextants, or [`Glyphs::Ascii`]). Keys come from a queue
//! ([`Jupiter::push_keys`], [`parse_keys`] for the `{enter}` forms); at each key read R
//! advances by an amount drawn from the run's seed, so a session replays from its seed and
//! keys. An image that names FNDMOV and BESTM has each search reported ([`Search`]): its exact
//! cost, the squares of the entry BESTM points at and, with BOARDA, whether the move was
//! played; a [`SearchLog`] keeps the first and the latest of them and counts the rest, so a
//! run's memory stays flat however often its program searches. A [`Pacer`] holds a run to a
//! chosen clock, and [`screen_svg`] draws the screen as a picture in a [`Look`]: the machine's
//! paper-white screen, or its negative. [`Jupiter::step`] runs the program one
//! instruction at a time (the `RST 38H` and its monitor call as one step) and
//! [`Jupiter::run_observed`] shows a whole run to an observer, for the debugger and the
//! profiler, with the clock exactly as a free run keeps it.

mod computer;
mod console;
mod error;
mod keys;
mod log;
mod look;
mod monitor;
mod pace;
mod picture;
mod screen;
mod session;
mod step;
mod watch;

pub use computer::{DEFAULT_ENTRY, End, Jupiter, Options, Pause, entry};
pub use console::{CELLS, COLUMNS, Console, ROWS, VIDEO, Written, cell};
pub use error::JupiterError;
pub use keys::{KeyError, key_text, parse_keys};
pub use log::{KEPT, Search, SearchLog};
pub use look::{Look, Rgb, hex};
pub use monitor::{BLOCK_BYTES, Call, MONITOR};
pub use pace::Pacer;
pub use picture::screen_svg;
pub use screen::{Glyphs, Screen, glyph, sextant};
pub use session::{Stop, run_to_stop};
pub use step::{MonitorCall, Stepped, end_text};
pub use watch::SearchSymbols;
