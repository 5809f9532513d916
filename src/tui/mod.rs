//! The terminal debugger on ratatui + crossterm.

pub mod board;
pub mod heat;
pub mod listing;
pub mod moves;
