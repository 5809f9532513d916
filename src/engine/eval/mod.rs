//! The 1978 static evaluation: PINFND followed by POINTS (`../shared/SARGON_EVAL.md`).
//!
//! Everything works on the board bytes and on the evaluation's memory [`Region`], byte for byte
//! as the Z80 code leaves them, quirks included. The parts are public so that tests and the Z80
//! cross-check can look at each step: [`pinfnd`], [`attack`] (one square's attackers), [`xchng`]
//! (the exchange on it), [`points`], and [`evaluate`] = the pair the search calls.
//!
//! ```
//! use sargon_z80::engine::eval::{EvalInput, Region, evaluate};
//! use sargon_z80::position::{Board, WHITE};
//!
//! let mut board = Board::startpos();
//! let mut region = Region::fresh(&board);
//! let input = EvalInput { color: WHITE, moveno: 2, bc0: 0, mv0: 0, to_square: 0 };
//! assert_eq!(evaluate(&mut board, &mut region, &input).valm, 0x80);
//! ```

mod attack;
mod exchange;
mod pins;
mod points;
mod rays;
mod region;
mod tables;

pub use attack::attack;
pub use exchange::{Exchange, xchng};
pub use pins::pinfnd;
pub use points::{EvalInput, Terms, limit, points};
pub use region::{
    BACT, PIN_DIRECTIONS, PLISTA, POSK, POSQ, REGION_ADDRESS, REGION_LEN, Region, TERMINATOR, WACT,
};
pub use tables::{DIRECT, PVALUE};

use crate::position::Board;
use rays::Rays;

/// PINFND then POINTS on the board as it stands, as every caller in the 1978 program runs them.
/// POSK and POSQ go through the region (loaded before, stored back after), so a quirk that
/// changes them there changes the board's too, as on the Z80.
#[inline]
pub fn evaluate(board: &mut Board, region: &mut Region, input: &EvalInput) -> Terms {
    region.load_royals(board);
    let rays = Rays::new(board);
    let npins = pins::pinfnd_with(board, &rays, region);
    let terms = points::points_with(board, &rays, region, npins, input);
    region.store_royals(board);
    terms
}
