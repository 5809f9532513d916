//! Running an image once: INITBD when it has one, GENMOV on the start position, and (when the
//! search driver is there) a one-ply FNDMOV, each with its exact cost.

use serde::Serialize;

use crate::machine::{Cost, Image};
use crate::position::Board;

use super::super::driver::Driver;
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
}

/// Runs INITBD (when present) and GENMOV on the start position, then the search's part;
/// an error when the board ABI cannot be driven at all.
pub fn smoke_test(image: &Image, search: &SymbolGroup) -> Result<Smoke, AbiError> {
    let mut driver = Driver::new(image)?;
    let initbd = driver.symbols().initbd.map(|_| initbd(&mut driver));
    let genmov = genmov(&mut driver);
    Ok(Smoke {
        initbd,
        genmov,
        search: search_smoke(image, search),
    })
}

fn initbd(driver: &mut Driver) -> SmokeCall {
    let cost = match driver.initbd() {
        Ok(cost) => cost,
        Err(e) => return failed("INITBD", e.to_string()),
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
    }
}

fn genmov(driver: &mut Driver) -> SmokeCall {
    driver.set_root(&Board::startpos());
    let mut list = Vec::new();
    match driver.genmov(&mut list) {
        Ok(generated) => {
            let moves = list.iter().filter(|e| !e.hidden).count();
            SmokeCall {
                routine: "GENMOV",
                cost: Some(generated.cost),
                outcome: format!(
                    "{moves} move{} for the start position",
                    if moves == 1 { "" } else { "s" }
                ),
                ok: moves == 20,
            }
        }
        Err(e) => failed("GENMOV", e.to_string()),
    }
}

fn failed(routine: &'static str, why: String) -> SmokeCall {
    SmokeCall {
        routine,
        cost: None,
        outcome: why,
        ok: false,
    }
}

/// THE ONE-PLY FNDMOV SMOKE TEST GOES HERE. With the search driver (`abi::search`): FNDMOV at
/// PLYMAX 1 on the start position (MOVENO 2, so not the book), its T-states, the move at
/// BESTM and SCORE+1, `ok` when the move is legal. Until then the image's search symbols are
/// only reported.
fn search_smoke(_image: &Image, search: &SymbolGroup) -> SearchSmoke {
    let reason = if search.complete() {
        "the search symbols are there; this build has no search driver to run FNDMOV".to_string()
    } else {
        format!(
            "the image lacks search symbol(s): {}",
            search.missing.join(", ")
        )
    };
    SearchSmoke::NotRun { reason }
}
