//! Sargon's evaluation and search, natively: the 1978 program's decisions, evaluation for
//! evaluation, on the project's own board ([`crate::position::Board`]) and move generator
//! ([`crate::reference::genmov`] in Sargon rules, [`crate::reference::make`]/`unmake` for
//! MOVE/UNMOVE, [`crate::reference::in_check`] for INCHK).
//!
//! - [`eval`]: PINFND and POINTS over the board and the evaluation's memory region, quirks
//!   included (`../shared/SARGON_EVAL.md`);
//! - [`search`]: FNDMOV with SORTM, check extension and mate exit (`SARGON_SEARCH.md` 2-6);
//! - [`book`]: BOOK (section 9);
//! - [`setup`]: a position set up as `sargon1978/README.md` does, and games continued from it;
//! - [`score`]: score bytes and centipawns;
//! - [`trace`]: the observer, evaluation records and their digest;
//! - [`speed`]: the figures the benchmarks report;
//! - [`anomaly`]: marks for paths that would leave the modelled memory.
//!
//! ```
//! use sargon_z80::engine::{Engine, SearchParams, Setup};
//!
//! let result = Engine::new().run(&Setup::startpos(), &SearchParams::new(2)).unwrap();
//! assert_eq!(result.best.unwrap().uci(), "b1c3");
//! assert_eq!(result.score, 0x80);
//! ```

pub mod anomaly;
pub mod book;
pub mod eval;
pub mod score;
pub mod search;
pub mod setup;
pub mod speed;
pub mod trace;

pub use anomaly::Anomalies;
pub use search::{
    DEEPEST_PLYMAX, Engine, Line, MAX_PLYMAX, MLIST_1978_CAPACITY, Partial, RootEval, RootMove,
    SearchError, SearchParams, SearchResult, UNBOUNDED_LIST, Visit,
};
pub use setup::{Setup, SetupError};
pub use trace::{EvalRecord, NoObserver, Observer, StopFlag, TraceDigest, TraceRecorder};
