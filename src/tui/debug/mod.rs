//! The debugger for students: one routine of an image (GENMOV, MOVE, UNMOVE, INCHK, the search
//! FNDMOV or any symbol) stepped instruction by instruction, with registers, the stack, the
//! disassembly, BOARDA lit as the code touches it, the move list as it is written, the
//! variables with their changes marked, breakpoints and watchpoints.

mod app;
mod board;
mod code;
mod heat;
mod listing;
mod lists;
mod moves;
mod panes;
mod prompt;
mod routine;
mod run;
mod vars;
mod view;
mod watch;

pub use app::{
    App, CallState, DebugError, KEYS_HELP, Options, Prompt, PromptKind, RUN_LIMIT, SPEEDS,
};
pub use heat::{FADE, Heat, Touch};
pub use moves::ListedMove;
pub use routine::{Routine, SearchInputs};
pub use vars::{Shape, Variable};
pub use view::{MIN_HEIGHT, MIN_WIDTH};
pub use watch::{Watch, WriteHit};
