//! The terminal debugger on ratatui + crossterm.

pub mod heat;
pub mod listing;
pub mod moves;
