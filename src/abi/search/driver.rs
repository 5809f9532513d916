//! One FNDMOV call on a freshly loaded machine, observed at full speed.

use crate::machine::{Cost, Image, Machine, MachineError};

use super::super::symbols::AbiError;
use super::observe::{SearchObserver, SearchOptions};
use super::pv::EntryPair;
use super::request::{SearchRequest, poke};
use super::symbols::SearchSymbols;
use super::watch::SearchWatch;

/// Instructions a search may run before it counts as runaway code: about an hour of emulation,
/// far beyond the deepest 1978 level (PLYMAX 6 runs some 5e9 instructions); callers can lower
/// it (`SearchDriver::set_budget`).
pub const SEARCH_BUDGET: u64 = 1 << 40;

/// What a search answered (`SARGON_SEARCH.md` 7.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRun {
    /// The move at BESTM (from +2, to +3, flags +4, the second half at +6); None when BESTM = 0.
    pub best: Option<EntryPair>,
    /// BESTM itself.
    pub bestm: u16,
    /// SCORE+1 (0x80 level, higher better for KOLOR; 0xFF mates, 0x01 mated, 0 the book).
    pub score: u8,
    /// PLYMAX as the search left it (lowered by 2 by a mate exit); the driver pokes the
    /// requested value back afterwards.
    pub plymax_after: u8,
    /// PMATE, when the image names it.
    pub pmate: Option<u8>,
    /// POSQ after the search (it can drift, section 8).
    pub posq_after: [u8; 2],
    /// True when MOVENO was 1: BOOK answered, no search ran.
    pub book: bool,
    /// POINTS calls, the root's included.
    pub evaluations: u64,
    /// GENMOV calls.
    pub genmov_calls: u64,
    /// MOVE calls: the moves made, the search's nodes as the native engine counts them.
    pub nodes: u64,
    /// T-states and instructions of the FNDMOV call, its final RET included.
    pub cost: Cost,
    /// The principal variation when asked for (see [`super::pv`]): best move first, as far as
    /// the watched improvements go. The caller cuts it at the first move that is not legal.
    pub pv: Vec<EntryPair>,
}

/// A search that gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchDriveError {
    /// A machine guard stopped FNDMOV: runaway code (the budget), the stack escaping its region,
    /// a write into protected memory, PC leaving the image, HALT.
    #[error("FNDMOV failed: {0}")]
    Machine(MachineError),
    /// The observer asked to stop.
    #[error("the search was stopped after {evaluations} evaluations")]
    Aborted {
        /// Evaluations made until then.
        evaluations: u64,
        /// MOVE calls made until then.
        nodes: u64,
        /// BESTM until then (the best of the ply-1 moves finished), None while it is 0.
        best: Option<EntryPair>,
        /// SCORE+1 until then.
        score: u8,
    },
    /// A GENMOV left no room for another entry: moves may have been dropped (the 1978 GENMOV
    /// drops them silently), so the search may not be the one the program would make with room.
    #[error(
        "the move list filled up at ply {ply} (MLIST..MLEND holds too few entries for this search): moves may have been dropped"
    )]
    ListFull {
        /// The ply whose GENMOV filled it.
        ply: u8,
    },
    /// The image's own overflow flag MLOVF was set.
    #[error("MLOVF = {0:#04X}: the image's move list or ply table overflowed")]
    Overflow(u8),
}

/// Drives the search of any image that follows the search ABI.
pub struct SearchDriver {
    image: Image,
    symbols: SearchSymbols,
    budget: u64,
    last: Option<Machine>,
}

impl SearchDriver {
    /// A driver for `image`; the error names every missing board or search symbol.
    pub fn new(image: &Image) -> Result<SearchDriver, AbiError> {
        Ok(SearchDriver {
            symbols: SearchSymbols::resolve(image)?,
            image: image.clone(),
            budget: SEARCH_BUDGET,
            last: None,
        })
    }

    /// The resolved symbols.
    pub fn symbols(&self) -> &SearchSymbols {
        &self.symbols
    }

    /// The image.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// Sets the most instructions one search may run.
    pub fn set_budget(&mut self, instructions: u64) {
        self.budget = instructions;
    }

    /// The machine of the last search as FNDMOV left it (for reading the ply-1 list).
    pub fn last_machine(&self) -> Option<&Machine> {
        self.last.as_ref()
    }

    /// A freshly loaded machine with `request` poked, ready for FNDMOV (at
    /// `symbols().fndmov`): for running the search under another observer, e.g. the profiler.
    pub fn prepare(&self, request: &SearchRequest) -> Machine {
        let mut machine = Machine::new(&self.image);
        machine.set_budget(self.budget);
        poke(&mut machine, &self.symbols, request);
        machine
    }

    /// One FNDMOV call on a freshly loaded machine (as `sargon1978/` measured it: nothing
    /// left from an earlier call), every evaluation reported to `observer`.
    pub fn search<O: SearchObserver>(
        &mut self,
        request: &SearchRequest,
        options: SearchOptions,
        observer: &mut O,
    ) -> Result<SearchRun, SearchDriveError> {
        let s = &self.symbols;
        let mut machine = self.prepare(request);
        let mut watch = SearchWatch::new(s, observer, options);
        let called = machine.call_watched(s.fndmov, &mut watch);
        let (findings, mut pv) = (watch.findings, watch.pv);
        let cost = match called {
            Ok(cost) => cost,
            Err(MachineError::Aborted { .. }) if findings.stopped => {
                let bestm = machine.peek16(s.bestm);
                return Err(SearchDriveError::Aborted {
                    evaluations: findings.evaluations,
                    nodes: findings.moves,
                    best: (bestm != 0).then(|| EntryPair::read(machine.memory(), bestm)),
                    score: machine.peek(s.score.wrapping_add(1)),
                });
            }
            Err(error) => return Err(SearchDriveError::Machine(error)),
        };
        if let Some(ply) = findings.list_full {
            return Err(SearchDriveError::ListFull { ply });
        }
        if let Some(flag) = s.board.mlovf.map(|at| machine.peek(at)).filter(|&f| f != 0) {
            return Err(SearchDriveError::Overflow(flag));
        }
        if options.pv {
            pv.look(machine.memory(), s, false);
        }
        let run = self.answer(&machine, request, cost, findings.evaluations, pv.line());
        let run = SearchRun {
            genmov_calls: findings.genmov_calls,
            nodes: findings.moves,
            ..run
        };
        machine.poke(s.plymax, request.plymax);
        self.last = Some(machine);
        Ok(run)
    }

    /// Reads the answer out of memory.
    fn answer(
        &self,
        machine: &Machine,
        request: &SearchRequest,
        cost: Cost,
        evaluations: u64,
        pv: &[EntryPair],
    ) -> SearchRun {
        let s = &self.symbols;
        let bestm = machine.peek16(s.bestm);
        let best = (bestm != 0).then(|| EntryPair::read(machine.memory(), bestm));
        let book = request.moveno == 1;
        SearchRun {
            best,
            bestm,
            score: machine.peek(s.score.wrapping_add(1)),
            plymax_after: machine.peek(s.plymax),
            pmate: s.pmate.map(|at| machine.peek(at)),
            posq_after: [
                machine.peek(s.board.posq),
                machine.peek(s.board.posq.wrapping_add(1)),
            ],
            book,
            evaluations,
            genmov_calls: 0,
            nodes: 0,
            cost,
            pv: if book {
                best.into_iter().collect()
            } else {
                pv.to_vec()
            },
        }
    }
}
