//! The terminal programs on ratatui + crossterm: the debugger and the game.
//!
//! [`App`] is the debugger's state machine (`handle_key`, `tick`, `draw`), testable against
//! ratatui's `TestBackend` ([`debug`] holds it); [`play`] holds the game against Sargon. [`run`]
//! is the crossterm event loop around either, and around [`jupiter`], the Jupiter III's screen
//! with a program running on it ([`Screen`]); [`Theme`] keeps their highlighting
//! with or without colour.

pub mod debug;
pub mod jupiter;
pub mod play;
mod terminal;
mod theme;

pub use debug::{
    App, CallState, DebugError, FADE, Heat, KEYS_HELP, ListedMove, MIN_HEIGHT, MIN_WIDTH, Options,
    PROGRAM_MIN, ProgramOptions, Prompt, PromptKind, RUN_LIMIT, Routine, SPEEDS, SearchInputs,
    Touch, Watch,
};
pub use jupiter::{JUPITER_MIN, JupiterApp, JupiterView};
pub use play::{PlayApp, PlayOptions};
pub use terminal::{Screen, run};
pub use theme::Theme;
