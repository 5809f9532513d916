//! The terminal debugger on ratatui + crossterm.
//!
//! [`App`] is the state machine (`handle_key`, `tick`, `draw`), testable against ratatui's
//! `TestBackend`; [`terminal::run`] is the crossterm event loop around it.

pub mod app;
pub mod board;
pub mod heat;
pub mod listing;
pub mod moves;
pub mod terminal;
pub mod view;
pub mod watch;

pub use app::{App, Options};
