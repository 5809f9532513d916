//! What the session hands the worker for one `go`, and the move the worker hands back: the
//! vocabulary `think` and `choice` share.

use std::time::Duration;

use super::go::GoParams;
use super::options::Options;
use crate::engine::Setup;
use crate::game::Game;
use crate::reference::Move;

/// What the worker is asked.
pub struct Thought {
    /// The game as it stands.
    pub game: Game,
    /// How many moves the GUI's move list had (the index the engine's move will have).
    pub index: usize,
    /// The `go` arguments.
    pub params: GoParams,
    /// The options at the time of `go`.
    pub options: Options,
    /// R on entry to FNDMOV.
    pub r_register: u8,
    /// The deepest PLYMAX the engine's tables hold.
    pub deepest: u8,
    /// What a repeating time control keeps for its end ([`super::clock::reserve`]).
    pub reserve: Duration,
    /// What the session has to say with this search (the game's seed, when it was drawn).
    pub notes: Vec<String>,
}

impl Thought {
    /// The position as the searches are poked with it: MOVENO 1 is searched as 2 without the
    /// book.
    pub fn setup(&self) -> Setup {
        let mut setup = *self.game.setup();
        if !self.options.book && setup.moveno == 1 {
            setup.moveno = 2;
        }
        setup
    }
}

/// The engine's chosen move, remembered until the GUI plays it in its next `position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineMove {
    /// Its index in the game's move list.
    pub index: usize,
    /// The move.
    pub best: Move,
    /// POSQ as the search left it.
    pub posq_after: [u8; 2],
    /// True when the fixed-level search took the mate exit with `Mate exit` on (the game's
    /// level drops by 2).
    pub mate_exit: bool,
}
