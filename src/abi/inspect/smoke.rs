//! Running an image once: INITBD when it has one, GENMOV on the start position, and a one-ply
//! FNDMOV when the image has the search's symbols, each with its exact cost.

use serde::Serialize;

use crate::machine::{Cost, Image};
use crate::position::{Board, square_name};

use super::super::driver::{DriveError, Driver};
use super::super::search::{
    NoSearchObserver, SearchDriveError, SearchDriver, SearchOptions, SearchRequest, SearchRun,
};
use super::super::symbols::AbiError;
use super::SymbolGroup;

/// One routine run by the smoke test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SmokeCall {
    /// The routine.
    pub routine: &'static str,
    /// Its cost, when it returned.
    pub cost: Option<Cost>,
    /// What it did, or why it failed.
    pub outcome: String,
    /// Whether it did what the ABI says.
    pub ok: bool,
    /// True when it ran away (its budget or leash ran out): the machine's error, not a wrong
    /// answer.
    pub runaway: bool,
}

/// The search's part of the smoke test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum SearchSmoke {
    /// FNDMOV ran.
    Ran(SmokeCall),
    /// FNDMOV was not run, and why.
    NotRun {
        /// The reason.
        reason: String,
    },
}

/// The smoke test's calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Smoke {
    /// INITBD, when the image has it.
    pub initbd: Option<SmokeCall>,
    /// GENMOV on the start position.
    pub genmov: SmokeCall,
    /// FNDMOV at one ply.
    pub search: SearchSmoke,
}

impl Smoke {
    /// True when every call that ran did what the ABI says.
    pub fn ok(&self) -> bool {
        self.initbd.as_ref().is_none_or(|c| c.ok)
            && self.genmov.ok
            && !matches!(&self.search, SearchSmoke::Ran(c) if !c.ok)
    }

    /// The first call that ran away, if any.
    pub fn runaway(&self) -> Option<&SmokeCall> {
        let search = match &self.search {
            SearchSmoke::Ran(call) => Some(call),
            SearchSmoke::NotRun { .. } => None,
        };
        self.initbd
            .iter()
            .chain([&self.genmov])
            .chain(search)
            .find(|c| c.runaway)
    }
}

/// Runs INITBD (when present) and GENMOV on the start position, then the search's part;
/// an error when the board ABI cannot be driven at all.
pub fn smoke_test(image: &Image, search: &SymbolGroup) -> Result<Smoke, AbiError> {
    let mut driver = Driver::new(image)?;
    let initbd = driver.symbols().initbd.map(|_| initbd(&mut driver));
    let mut moves = Vec::new();
    let genmov = genmov(&mut driver, &mut moves);
    Ok(Smoke {
        initbd,
        genmov,
        search: search_smoke(image, search, &moves),
    })
}

fn initbd(driver: &mut Driver) -> SmokeCall {
    let cost = match driver.initbd() {
        Ok(cost) => cost,
        Err(e) => return drive_failed("INITBD", &e),
    };
    let mut board = Board::startpos();
    driver.read_board(&mut board);
    let start = Board::startpos();
    let wrong = (0..120)
        .filter(|&i| board.cells[i] != start.cells[i])
        .count();
    let (outcome, ok) = if wrong == 0 && board.posk == start.posk && board.posq == start.posq {
        ("set up the start position".to_string(), true)
    } else {
        (
            format!(
                "left a board that is not the start position ({wrong} cells differ, POSK {:02X?}, POSQ {:02X?})",
                board.posk, board.posq
            ),
            false,
        )
    };
    SmokeCall {
        routine: "INITBD",
        cost: Some(cost),
        outcome,
        ok,
        runaway: false,
    }
}

/// GENMOV on the start position; its moves' squares go to `moves`.
fn genmov(driver: &mut Driver, moves: &mut Vec<(u8, u8)>) -> SmokeCall {
    driver.set_root(&Board::startpos());
    let mut list = Vec::new();
    match driver.genmov(&mut list) {
        Ok(generated) => {
            moves.extend(list.iter().filter(|e| !e.hidden).map(|e| (e.from, e.to)));
            let moves = list.iter().filter(|e| !e.hidden).count();
            SmokeCall {
                routine: "GENMOV",
                cost: Some(generated.cost),
                outcome: format!(
                    "{moves} move{} for the start position",
                    if moves == 1 { "" } else { "s" }
                ),
                ok: moves == 20,
                runaway: false,
            }
        }
        Err(e) => drive_failed("GENMOV", &e),
    }
}

/// A board routine that failed: the machine's own error when a guard stopped it (the
/// routine's name is already in the line).
fn drive_failed(routine: &'static str, error: &DriveError) -> SmokeCall {
    let why = match error {
        DriveError::Machine { error, .. } => error.to_string(),
        other => other.to_string(),
    };
    failed(routine, why, error.is_runaway())
}

fn failed(routine: &'static str, why: String, runaway: bool) -> SmokeCall {
    SmokeCall {
        routine,
        cost: None,
        outcome: why,
        ok: false,
        runaway,
    }
}

/// FNDMOV at PLYMAX 1 on the start position (MOVENO 2, so a search and not the book) through
/// the search driver: its cost, the move at BESTM and SCORE+1; `ok` when BESTM is one of the
/// start position's moves (`moves`, from GENMOV). Not run without the search's symbols.
fn search_smoke(image: &Image, search: &SymbolGroup, moves: &[(u8, u8)]) -> SearchSmoke {
    if !search.complete() {
        let reason = format!(
            "the image lacks search symbol(s): {}",
            search.missing.join(", ")
        );
        return SearchSmoke::NotRun { reason };
    }
    let mut driver = match SearchDriver::new(image) {
        Ok(driver) => driver,
        Err(e) => {
            return SearchSmoke::NotRun {
                reason: e.to_string(),
            };
        }
    };
    let request = SearchRequest {
        board: Board::startpos(),
        moveno: 2,
        plymax: 1,
        r_register: 0,
    };
    let call = match driver.search(&request, SearchOptions::default(), &mut NoSearchObserver) {
        Ok(run) => searched(&run, moves),
        Err(SearchDriveError::Machine(e)) => failed("FNDMOV", e.to_string(), e.is_runaway()),
        Err(e) => failed("FNDMOV", e.to_string(), false),
    };
    SearchSmoke::Ran(call)
}

fn searched(run: &SearchRun, moves: &[(u8, u8)]) -> SmokeCall {
    let best = run.best.map(|pair| (pair.entry.from, pair.entry.to));
    let ok = best.is_some_and(|m| moves.contains(&m));
    let shown = best.map_or("no move (BESTM = 0)".to_string(), |(from, to)| {
        format!("{}{}", square_name(from), square_name(to))
    });
    SmokeCall {
        routine: "FNDMOV",
        cost: Some(run.cost),
        outcome: format!(
            "{shown} at PLYMAX 1, SCORE+1 = {:#04X}, {} evaluations",
            run.score, run.evaluations
        ),
        ok,
        runaway: false,
    }
}
