//! The targets of the classes of bad input met after the first ones: where outputs go, trace
//! files, expression arithmetic, INCLUDE and INCBIN of what is not a file, listings given as a
//! program's source, what the tool prints of its input, the key texts of `jupiter --keys`, the
//! radix of TDL macro expansions, the clock rates and the values of a UCI `go`. Each runs
//! through [`crate::fuzz`], seeded and bounded like the rest.

mod clocks;
mod expressions;
#[cfg(unix)]
mod includes;
mod keys;
mod listings;
#[cfg(unix)]
mod outputs;
mod reports;
mod tdl_macros;
pub mod traces;
mod uci_go;
