//! One search compared: run both sides, then every field in a fixed order.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::abi::AbiError;
use crate::abi::search::{
    Evaluation, SearchDriveError, SearchDriver, SearchObserver, SearchOptions, SearchRequest,
    SearchRun, SearchSymbols,
};
use crate::engine::{Engine, EvalRecord, Observer, SearchError, SearchParams, SearchResult, Setup};
use crate::machine::Machine;
use crate::position::square_name;
use crate::reference::{Move, sargon_line};

use super::record::Recorder;

/// What agreed: enough for a summary line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Evaluation records compared.
    pub evaluations: u64,
    /// The image's T-states for the search.
    pub tstates: u64,
    /// The best move both chose (None when the side to move has no legal move).
    pub best: Option<Move>,
    /// The score both gave.
    pub score: u8,
}

/// The first field on which the two sides differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDifference {
    /// What differs: "evaluation 37", "best move", "score", ...
    pub field: String,
    /// The image's side, as text.
    pub image: String,
    /// The native engine's side, as text.
    pub native: String,
}

/// A search that could not be compared, or compared differently.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchFailure {
    /// The two sides differ.
    #[error("{}: image {}, native {}", .0.field, .0.image, .0.native)]
    Differ(SearchDifference),
    /// The image's search failed.
    #[error("the image's search failed: {0}")]
    Image(SearchDriveError),
    /// The native search failed.
    #[error("the native search failed: {0}")]
    Native(SearchError),
    /// Both sides ran out of move list (the one definition of `SARGON_SEARCH.md`: a GENMOV
    /// that leaves no room for another entry): the search the program would make with room
    /// is not known, so nothing was compared.
    #[error("not compared: {0}")]
    ListFull(String),
    /// The native search went where the 1978 program would read or write memory the native
    /// model does not hold ([`crate::engine::Anomalies`]): its result is not the program's, so
    /// nothing was compared.
    #[error("not compared: the search leaves the modelled memory ({0})")]
    Unmodelled(String),
    /// The caller's stop flag ended a search before it finished: nothing was compared.
    #[error("not compared: stopped before the search finished")]
    Interrupted,
}

/// A recorder that also answers the caller's stop flag, so that a search in hand ends at once
/// (on the image, between slices of the run: a runaway search too).
struct Until<'a> {
    recorder: &'a mut Recorder,
    stop: Option<&'a AtomicBool>,
}

impl Until<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

impl Observer for Until<'_> {
    fn on_eval(&mut self, record: &EvalRecord) {
        self.recorder.on_eval(record);
    }

    fn should_stop(&mut self) -> bool {
        self.stopped()
    }
}

impl SearchObserver for Until<'_> {
    fn on_evaluation(&mut self, e: &Evaluation) {
        self.recorder.on_evaluation(e);
    }

    fn should_stop(&mut self) -> bool {
        self.stopped()
    }
}

/// Runs searches on an image and on the native engine and compares them.
pub struct SearchCheck {
    driver: SearchDriver,
    engine: Engine,
    image: Recorder,
    native: Recorder,
    capacity: usize,
    /// Also compare the principal variations (the image's is recovered by watching MOVE and
    /// UNMOVE, which costs a little).
    pub compare_pv: bool,
}

impl SearchCheck {
    /// A check of `image` (which must follow the search ABI).
    pub fn new(image: &crate::machine::Image) -> Result<SearchCheck, AbiError> {
        let driver = SearchDriver::new(image)?;
        let list = driver.symbols().board.list_area();
        let capacity = usize::from((list.last_entry - list.start) / 6) + 1;
        Ok(SearchCheck {
            driver,
            engine: Engine::new(),
            image: Recorder::default(),
            native: Recorder::default(),
            capacity,
            compare_pv: false,
        })
    }

    /// The driver (for its budget and symbols).
    pub fn driver_mut(&mut self) -> &mut SearchDriver {
        &mut self.driver
    }

    /// Searches `setup` at `plymax` on both sides (R = `r_register`) and compares them.
    pub fn check(
        &mut self,
        setup: &Setup,
        plymax: u8,
        r_register: u8,
    ) -> Result<SearchOutcome, SearchFailure> {
        self.check_until(setup, plymax, r_register, None)
    }

    /// [`SearchCheck::check`], ended with [`SearchFailure::Interrupted`] as soon as `stop` is
    /// set (within a slice of the emulated run, whatever the image does).
    pub fn check_until(
        &mut self,
        setup: &Setup,
        plymax: u8,
        r_register: u8,
        stop: Option<&AtomicBool>,
    ) -> Result<SearchOutcome, SearchFailure> {
        self.native.records.clear();
        self.image.records.clear();
        let params = SearchParams {
            plymax,
            r_register,
            list_capacity: self.capacity,
        };
        let mut native_side = Until {
            recorder: &mut self.native,
            stop,
        };
        let native = (self.engine).search(setup, &params, &mut native_side);
        if native_side.stopped() {
            return Err(SearchFailure::Interrupted);
        }
        let request = SearchRequest {
            board: setup.board,
            moveno: setup.moveno,
            plymax,
            r_register,
        };
        let options = SearchOptions {
            pv: self.compare_pv,
            lists: false,
        };
        let mut image_side = Until {
            recorder: &mut self.image,
            stop,
        };
        let run = (self.driver).search(&request, options, &mut image_side);
        if image_side.stopped() {
            return Err(SearchFailure::Interrupted);
        }
        let (native, run) = both(native, run)?;
        if !native.anomalies.is_empty() {
            return Err(SearchFailure::Unmodelled(native.anomalies.to_string()));
        }
        self.compare(setup, &native, &run)?;
        Ok(SearchOutcome {
            evaluations: run.evaluations,
            tstates: run.cost.tstates,
            best: native.best.filter(|_| native.best_is_legal),
            score: run.score,
        })
    }

    fn compare(
        &self,
        setup: &Setup,
        native: &SearchResult,
        run: &SearchRun,
    ) -> Result<(), SearchFailure> {
        records(&self.image.records, &self.native.records)?;
        if native.best_is_legal {
            let image_best = run.best.map(|pair| Move::sargon(pair.entry, pair.second));
            same(
                "best move",
                image_best.map(|m| m.uci()),
                native.best.map(|m| m.uci()),
            )?;
        }
        same("score (SCORE+1)", hex(run.score), hex(native.score))?;
        same("evaluations", run.evaluations, native.evaluations)?;
        same("nodes (MOVE calls)", run.nodes, native.nodes)?;
        same("PLYMAX after", run.plymax_after, native.plymax_after)?;
        same(
            "POSQ after",
            squares(run.posq_after),
            squares(native.posq_after),
        )?;
        if let Some(pmate) = run.pmate {
            same("PMATE", pmate, native.pmate)?;
        }
        if let Some(machine) = self.driver.last_machine() {
            left_as_poked(machine, self.driver.symbols(), setup)?;
        }
        if self.compare_pv {
            let pairs = run.pv.iter().map(|pair| (pair.entry, pair.second));
            let image: Vec<String> = sargon_line(&setup.board, pairs)
                .iter()
                .map(Move::uci)
                .collect();
            let native: Vec<String> = native.pv.as_slice().iter().map(Move::uci).collect();
            same("principal variation", image.join(" "), native.join(" "))?;
        }
        Ok(())
    }
}

/// What FNDMOV leaves as the harness poked it (`SARGON_SEARCH.md` 7.2): the board, POSK,
/// KOLOR, COLOR (FNDMOV copies KOLOR into it) and MOVENO. A search that writes where it
/// should not, or takes a move back wrongly, is caught here even when its answer agrees.
fn left_as_poked(machine: &Machine, s: &SearchSymbols, setup: &Setup) -> Result<(), SearchFailure> {
    let board = &setup.board;
    let memory = machine.memory();
    let at = usize::from(s.board.boarda);
    let cells = &memory[at..at + board.cells.len()];
    if let Some(i) = (0..cells.len()).find(|&i| cells[i] != board.cells[i]) {
        return Err(SearchFailure::Differ(SearchDifference {
            field: "BOARDA after".to_string(),
            image: format!("cell {i} = {:#04X}", cells[i]),
            native: format!("{:#04X} as poked", board.cells[i]),
        }));
    }
    // Compared raw first: the text of a difference is made only when there is one.
    let posk = [
        machine.peek(s.board.posk),
        machine.peek(s.board.posk.wrapping_add(1)),
    ];
    if posk != board.posk {
        same("POSK after", squares(posk), squares(board.posk))?;
    }
    for (field, addr) in [("KOLOR after", s.kolor), ("COLOR after", s.board.color)] {
        if machine.peek(addr) != board.color {
            same(field, hex(machine.peek(addr)), hex(board.color))?;
        }
    }
    same("MOVENO after", machine.peek(s.moveno), setup.moveno)
}

/// Both answers, or why there is nothing to compare: a list that filled up on both sides is
/// not a difference, on one side only it is.
fn both(
    native: Result<SearchResult, SearchError>,
    run: Result<SearchRun, SearchDriveError>,
) -> Result<(SearchResult, SearchRun), SearchFailure> {
    let image_full = |e: &SearchDriveError| {
        matches!(
            e,
            SearchDriveError::ListFull { .. } | SearchDriveError::Overflow(_)
        )
    };
    match (native, run) {
        (Ok(native), Ok(run)) => Ok((native, run)),
        (Err(native @ SearchError::MoveListOverflow { .. }), Err(image)) if image_full(&image) => {
            Err(SearchFailure::ListFull(native.to_string()))
        }
        (Err(native @ SearchError::MoveListOverflow { .. }), Ok(_)) => {
            Err(SearchFailure::Differ(SearchDifference {
                field: "move list".to_string(),
                image: "room for the whole search".to_string(),
                native: native.to_string(),
            }))
        }
        (Ok(_), Err(image)) if image_full(&image) => Err(SearchFailure::Differ(SearchDifference {
            field: "move list".to_string(),
            image: image.to_string(),
            native: "room for the whole search".to_string(),
        })),
        (Err(native), _) => Err(SearchFailure::Native(native)),
        (_, Err(image)) => Err(SearchFailure::Image(image)),
    }
}

/// The first evaluation record that differs (a missing record on either side included).
fn records(image: &[EvalRecord], native: &[EvalRecord]) -> Result<(), SearchFailure> {
    let index = image
        .iter()
        .zip(native)
        .position(|(a, b)| a != b)
        .or_else(|| (image.len() != native.len()).then(|| image.len().min(native.len())));
    match index {
        None => Ok(()),
        Some(i) => Err(SearchFailure::Differ(SearchDifference {
            field: format!("evaluation {} of {}/{}", i, image.len(), native.len()),
            image: record(image.get(i)),
            native: record(native.get(i)),
        })),
    }
}

/// A record as text: `ply 2 e7e5 VALM 0x83`, or `(none)`.
pub fn record(record: Option<&EvalRecord>) -> String {
    match record {
        None => "(none)".to_string(),
        Some(r) => {
            let squares = if r.from == 0 && r.to == 0 {
                "(no previous move)".to_string()
            } else {
                format!("{}{}", square_name(r.from), square_name(r.to))
            };
            format!("ply {} {squares} VALM {:#04X}", r.ply, r.valm)
        }
    }
}

fn same<T: PartialEq + std::fmt::Debug>(
    field: &str,
    image: T,
    native: T,
) -> Result<(), SearchFailure> {
    if image == native {
        return Ok(());
    }
    Err(SearchFailure::Differ(SearchDifference {
        field: field.to_string(),
        image: format!("{image:?}"),
        native: format!("{native:?}"),
    }))
}

fn hex(byte: u8) -> String {
    format!("{byte:#04X}")
}

fn squares(pair: [u8; 2]) -> String {
    format!("{}/{}", square_name(pair[0]), square_name(pair[1]))
}
