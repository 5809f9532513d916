//! The native 10x12 reference move generator following the Sargon ABI, plus standard rules.
//!
//! It works on the same bytes as the Z80 code: [`genmov`] writes exactly the move-list entries
//! of ABI sections 4-5 in GENMOV's order, [`make`] and [`unmake`] have the byte effects of MOVE
//! and UNMOVE (section 6), [`is_attacked`] and [`in_check`] are INCHK's semantics (section 7).
//! Nothing here allocates per node: move lists are fixed-size arrays on the stack.

mod generate;
mod legal;
mod line;
mod make;
mod move_list;
mod moves;
mod perft;
mod rules;
mod san;
mod uci;

pub use crate::position::{in_check, is_attacked};
pub use generate::{generate, genmov};
pub use legal::{is_legal, legal_moves};
pub use line::{legal_prefix, sargon_line};
pub use make::{Undo, make, unmake};
pub use move_list::{MAX_MOVES, MoveList};
pub use moves::Move;
pub use perft::{divide, perft};
pub use rules::Rules;
pub use san::{SanError, find_san, san};
pub use uci::{UciError, find_move, play_uci};
