//! The terminal debugger on ratatui + crossterm.
//!
//! [`App`] is the state machine (`handle_key`, `tick`, `draw`), testable against ratatui's
//! `TestBackend`; [`run`] is the crossterm event loop around it. [`Watch`] is the observer
//! that lights BOARDA cells as the code touches them.

mod app;
mod board;
mod heat;
mod listing;
mod moves;
mod terminal;
mod view;
mod watch;

pub use app::{App, CallState, KEYS_HELP, Options, Prompt, PromptKind, RUN_LIMIT, SPEEDS};
pub use heat::{FADE, Heat, Touch};
pub use moves::ListedMove;
pub use terminal::run;
pub use view::{MIN_HEIGHT, MIN_WIDTH};
pub use watch::Watch;
