//! The terminal debugger on ratatui + crossterm.
