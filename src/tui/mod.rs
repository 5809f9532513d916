//! The terminal programs on ratatui + crossterm: the debugger and the game.
//!
//! [`App`] is the debugger's state machine (`handle_key`, `tick`, `draw`), testable against
//! ratatui's `TestBackend`; [`Watch`] is the observer that lights BOARDA cells as the code
//! touches them. [`play`] holds the game against Sargon. [`run`] is the crossterm event loop
//! around either ([`Screen`]); [`Theme`] keeps their highlighting with or without colour.

mod app;
mod board;
mod heat;
mod listing;
mod moves;
pub mod play;
mod terminal;
mod theme;
mod view;
mod watch;

pub use app::{App, CallState, KEYS_HELP, Options, Prompt, PromptKind, RUN_LIMIT, SPEEDS};
pub use heat::{FADE, Heat, Touch};
pub use moves::ListedMove;
pub use play::{PlayApp, PlayOptions};
pub use terminal::{Screen, run};
pub use theme::Theme;
pub use view::{MIN_HEIGHT, MIN_WIDTH};
pub use watch::Watch;
