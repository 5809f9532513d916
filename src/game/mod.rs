//! Playing games: the program's memory between moves, one search by either engine, and
//! searching level after level under a clock. The UCI engine and the terminal game are built
//! on this room.

mod clock;
mod deepening;
mod ending;
mod pgn;
mod searcher;
mod state;
mod z80;

pub use clock::{Budget, Levels};
pub use deepening::{Level, Limits, deepen};
pub use ending::{Ending, ending};
pub use pgn::{Tags, pgn, today};
pub use searcher::{
    Answer, Control, Failure, Hardware, NativeSearcher, Request, Searcher, no_legal_move,
};
pub use state::{Game, GameError, Start};
pub use z80::Z80Searcher;
