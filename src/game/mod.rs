//! Playing games: the program's memory between moves, one search by either engine, and
//! searching level after level under a clock. The UCI engine and the terminal game are built
//! on this room.

mod avoid;
mod clock;
mod deepening;
mod ending;
mod fit;
mod mate;
mod overflow;
mod pgn;
mod searcher;
mod state;
mod z80;

pub use avoid::{Alternative, FIFTY_MOVES, Spoiler, alternative, spoiler};
pub use clock::{Budget, Levels, MoveTimer};
pub use deepening::{Deepest, Event, Level, Limits, Signals, deepen};
pub use ending::{Ending, ending};
pub use fit::{Fitted, search_fitting};
pub use mate::{Claim, MateProof, PROOF_NODES, prove};
pub use overflow::{Overflow, entries};
pub use pgn::{Tags, pgn, today};
pub use searcher::{
    Answer, Control, Failure, Hardware, NativeSearcher, Request, Searcher, Stopped, no_legal_move,
};
pub use state::{Game, GameError, Start};
pub use z80::Z80Searcher;
