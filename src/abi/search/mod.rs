//! Driving the search of any image that follows the search ABI (`SARGON_SEARCH.md` sections 2
//! and 7): the built-in image or a user's own assembly of the 1978 listing.
//!
//! [`SearchDriver::search`] loads the image afresh, pokes the position, KOLOR, MOVENO, PLYMAX,
//! the previous-move entry (at PREVMV, else where [`previous_entry_place`] finds free memory)
//! with MLPTRJ on it, zeroes PLYIX, sets R, and calls FNDMOV. A [`Watch`](crate::machine::Watch) stops at POINTS and at the return
//! address it finds on the stack, so every evaluation is reported as the 1978 measurements
//! took it (NPLY, the squares of the entry at MLPTRJ, VALM, and the terms), without changing
//! the code and at the machine's full speed. GENMOV's returns are watched too: a list that
//! filled up is reported, never compared. Afterwards BESTM, SCORE+1, PLYMAX, PMATE and POSQ are
//! read and PLYMAX is put back. With [`SearchOptions::pv`] MOVE and UNMOVE are watched as well,
//! to recover the principal variation ([`pv`]).
//!
//! ```
//! use sargon_z80::abi::search::{NoSearchObserver, SearchDriver, SearchOptions, SearchRequest};
//! use sargon_z80::{Board, default_image};
//!
//! let mut driver = SearchDriver::new(&default_image()).unwrap();
//! let request = SearchRequest { board: Board::startpos(), moveno: 2, plymax: 2, r_register: 0 };
//! let run = driver.search(&request, SearchOptions::default(), &mut NoSearchObserver).unwrap();
//! let best = run.best.unwrap().entry;
//! assert_eq!((best.from, best.to), (22, 43)); // b1c3, as the 1978 program plays
//! assert_eq!((run.score, run.evaluations), (0x80, 118));
//! ```

mod driver;
mod full;
mod observe;
pub mod pv;
mod request;
mod scratch;
mod symbols;
mod walk;
mod watch;

pub use driver::{
    SEARCH_BUDGET, SEARCH_LEASH, SearchDriveError, SearchDriver, SearchRun, search_budget,
};
pub use full::FullList;
pub use observe::{EvalTerms, Evaluation, NoSearchObserver, SearchObserver, SearchOptions};
pub use pv::EntryPair;
pub use request::SearchRequest;
pub use scratch::{
    DEFAULT_PREVIOUS_ENTRY, PLYIX_ZEROED, SCORE_BYTES, VIDEO_MEMORY, previous_entry_place,
};
pub use symbols::{SEARCH_OPTIONAL, SEARCH_REQUIRED, SearchSymbols, TermSymbols};
