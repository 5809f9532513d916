//! One FNDMOV call on a freshly loaded machine, observed at full speed.

use crate::machine::{Cost, Image, Machine, MachineError, Observer};

use super::super::symbols::AbiError;
use super::full::FullList;
use super::observe::{NoSearchObserver, SearchObserver, SearchOptions};
use super::pv::EntryPair;
use super::request::{SearchRequest, poke};
use super::symbols::SearchSymbols;
use super::watch::Findings;
use super::watch::SearchWatch;

/// Instructions a search may run before it counts as runaway code, when no budget was set
/// (`SearchDriver::set_budget`): see [`search_budget`]. Deep searches run long by right, so
/// the leash ([`SEARCH_LEASH`]) and the bounds of the search's walk (a list whose links loop)
/// are what end a runaway search; the budget is the last bound, for code that keeps making
/// progress and never ends in a way they do not see.
pub const SEARCH_BUDGET: u64 = 1 << 40;

/// The most instructions the 1978 program's search took at PLYMAX 1, 2 and 3 on the 433
/// positions of `sargon1978/search.jsonl` (positions 385, 327 and 6).
const MEASURED_1978: [u64; 3] = [3_931_406, 58_506_646, 367_657_243];
/// The most one more ply multiplied a search's instructions there (PLYMAX 2 to 3: 33.5).
const GROWTH_1978: u64 = 34;
/// How far above the 1978 program's costliest search a search may go.
const MARGIN: u64 = 16;

/// The instruction budget of a search at `plymax`: 16 times the 1978 program's costliest
/// measured search at that PLYMAX (it is the slowest image the harness drives; the built-in
/// one needs a fifteenth of its T-states), and for a deeper search 34 times more per ply, the
/// largest growth measured, capped at [`SEARCH_BUDGET`]. PLYMAX 1: 62,902,496 instructions,
/// under a second of emulation; PLYMAX 2 about 12 s; PLYMAX 3 about 80 s.
pub fn search_budget(plymax: u8) -> u64 {
    let ply = usize::from(plymax.max(1));
    let mut budget = MEASURED_1978[ply.min(3) - 1].saturating_mul(MARGIN);
    for _ in 3..ply {
        budget = budget.saturating_mul(GROWTH_1978);
    }
    budget.min(SEARCH_BUDGET)
}

/// T-states a search may run without calling POINTS or MOVE before it counts as runaway
/// code. The longest legitimate stretch without either is about one evaluation and one move
/// generation: the 1978 program spends at most 698,383 T-states per evaluation in a whole
/// search, everything between included (`sargon1978`: position 19 at PLYMAX 2), and its GENMOV
/// about 390,000 for a list of 220 entries (ABI section 9's 49,821 T for 20 moves and 96,995
/// for 48, extended). 50 million is more than 40 times that, and ends a runaway search in about
/// 0.1 s of emulation, whatever its PLYMAX.
pub const SEARCH_LEASH: u64 = 50_000_000;

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
    /// The most list entries the path held at once (MLIST up to MLNXT at a GENMOV return), as
    /// the native engine's `list_peak` counts them.
    pub list_peak: usize,
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
    /// A GENMOV reached the end of the list area (or set MLOVF) and the observer ended the
    /// search there, before the list was walked: moves may have been dropped (the 1978 GENMOV
    /// drops them silently), so the search would not be the one the program makes with room.
    #[error("{0}")]
    ListFull(Box<FullList>),
    /// The image's own overflow flag MLOVF was set.
    #[error("MLOVF = {0:#04X}: the image's move list or ply table overflowed")]
    Overflow(u8),
}

/// Drives the search of any image that follows the search ABI.
pub struct SearchDriver {
    image: Image,
    symbols: SearchSymbols,
    budget: Option<u64>,
    last: Option<Machine>,
}

impl SearchDriver {
    /// A driver for `image`; the error names every missing board or search symbol.
    pub fn new(image: &Image) -> Result<SearchDriver, AbiError> {
        Ok(SearchDriver {
            symbols: SearchSymbols::resolve(image)?,
            image: image.clone(),
            budget: None,
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

    /// Sets the most instructions one search may run, whatever its PLYMAX (by default
    /// [`search_budget`] of the request's).
    pub fn set_budget(&mut self, instructions: u64) {
        self.budget = Some(instructions);
    }

    /// The machine of the last search as FNDMOV left it (for reading the ply-1 list).
    pub fn last_machine(&self) -> Option<&Machine> {
        self.last.as_ref()
    }

    /// A freshly loaded machine with `request` poked, ready for FNDMOV (at
    /// `symbols().fndmov`): for running the search under another observer, e.g. the profiler.
    /// Its guards are the search's: the budget for the request's PLYMAX and the leash of
    /// [`SEARCH_LEASH`] T-states between calls of POINTS or MOVE.
    pub fn prepare(&self, request: &SearchRequest) -> Machine {
        let mut machine = Machine::new(&self.image);
        let budget = self.budget.unwrap_or(search_budget(request.plymax));
        machine.set_budget(budget);
        let s = &self.symbols;
        machine.set_progress(&[s.points, s.board.make], SEARCH_LEASH);
        poke(&mut machine, &self.symbols, request);
        machine
    }

    /// FNDMOV on a machine prepared for `request` ([`SearchDriver::prepare`]), every
    /// instruction shown to `instructions` (say the profiler's collector), under all the bounds
    /// of a search: the budget, the leash and those of its walk, which end a search whose
    /// list's links loop at once. The call's cost.
    pub fn call_observed<I: Observer>(
        &self,
        request: &SearchRequest,
        instructions: &mut I,
    ) -> Result<Cost, MachineError> {
        let mut machine = self.prepare(request);
        let mut quiet = NoSearchObserver;
        let mut watch = SearchWatch::new(&self.symbols, &mut quiet, SearchOptions::default());
        let fndmov = self.symbols.fndmov;
        let called = machine.call_observed_watched(fndmov, instructions, &mut watch);
        called.map_err(|error| endless(&machine, error, watch.findings))
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
        let (mut findings, mut pv) = (watch.findings, watch.pv);
        if let Some(full) = findings.list_full.take() {
            // The watch broke the call off at that GENMOV's return.
            return Err(SearchDriveError::ListFull(Box::new(full)));
        }
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
            Err(error) => {
                return Err(SearchDriveError::Machine(endless(
                    &machine, error, findings,
                )));
            }
        };
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
            list_peak: findings.list_peak,
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
            list_peak: 0,
            cost,
            pv: if book {
                best.into_iter().collect()
            } else {
                pv.to_vec()
            },
        }
    }
}

/// The watch's runaway, when it broke the call off for a bound of the search's walk, as
/// runaway code placed where PC was; any other error as it is.
fn endless(machine: &Machine, error: MachineError, findings: Findings) -> MachineError {
    match (error, findings.runaway) {
        (MachineError::Aborted { pc, cost }, Some(rule)) => MachineError::Endless {
            pc,
            count: cost.instructions,
            tstates: cost.tstates,
            rule,
            routine: machine.routine_at(pc),
        },
        (error, _) => error,
    }
}
