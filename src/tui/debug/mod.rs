//! The debugger for students: one routine of an image (GENMOV, MOVE, UNMOVE, INCHK, the search
//! FNDMOV or any symbol) stepped instruction by instruction, with registers, the stack, the
//! disassembly, BOARDA lit as the code touches it, the move list as it is written, the
//! variables with their changes marked, breakpoints and watchpoints. A whole program runs on
//! the Jupiter III ([`App::program`]): its screen beside the code, keys typed to it in a mode
//! of their own, each monitor call one step, runs to the next key read or search, and the
//! search's panes while it searches.

mod app;
mod board;
mod code;
mod heat;
mod listing;
mod lists;
mod moves;
mod panes;
mod program;
mod program_view;
mod prompt;
mod routine;
mod run;
mod target;
mod vars;
mod view;
mod watch;

pub use app::{
    App, CallState, DebugError, KEYS_HELP, Options, Prompt, PromptKind, RUN_LIMIT, SPEEDS,
};
pub use heat::{FADE, Heat, Touch};
pub use moves::ListedMove;
pub use program::{PROGRAM_HELP, video_cells};
pub use program_view::PROGRAM_MIN;
pub use routine::{Routine, SearchInputs};
pub use target::{ProgramOptions, View};
pub use vars::{Shape, Variable};
pub use view::{MIN_HEIGHT, MIN_WIDTH};
pub use watch::{Watch, WriteHit};
