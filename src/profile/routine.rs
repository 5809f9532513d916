//! Profiling one routine of an ABI image on a position, with the calls the harness makes
//! around it: GENMOV and INCHK once; MOVE and UNMOVE once per generated move (each MOVE undone
//! by UNMOVE); any other symbol once on the position as set up.

use crate::abi::{DriveError, Driver, RawEntry, Routine};
use crate::machine::MachineError;
use crate::position::Board;

use super::collector::Collector;

/// Why a routine could not be profiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// An ABI routine failed while being driven.
    #[error(transparent)]
    Drive(#[from] DriveError),
    /// The routine named is not a symbol of the image.
    #[error("the image has no symbol {}", crate::files::excerpt(.0))]
    NoSymbol(String),
    /// MOVE or UNMOVE was asked for on a position where GENMOV lists no move to run it on.
    #[error("GENMOV lists no move for this position, so {0} has nothing to run on")]
    NoMoves(&'static str),
    /// The routine named (not an ABI one) failed.
    #[error("{name} failed: {error}")]
    Call {
        /// The routine's symbol.
        name: String,
        /// What the machine reported.
        error: MachineError,
    },
}

/// Sets `board` up on `driver` and runs `routine` (a symbol, upper case) under `collector`;
/// returns how many moves GENMOV lists for the position.
pub fn profile_routine(
    driver: &mut Driver,
    board: &Board,
    routine: &str,
    collector: &mut Collector,
) -> Result<usize, ProfileError> {
    let mut list: Vec<RawEntry> = Vec::new();
    driver.set_root(board);
    match routine {
        "GENMOV" => {
            collector.begin(driver.symbols().genmov);
            driver.genmov_observed(&mut list, collector)?;
            collector.end();
        }
        "INCHK" => {
            observed(driver, Routine::Inchk, collector)?;
            driver.set_root(board);
            driver.genmov(&mut list)?;
        }
        "MOVE" | "UNMOVE" => each_move(driver, routine == "MOVE", &mut list, collector)?,
        name => {
            other(driver, name, collector)?;
            driver.set_root(board);
            driver.genmov(&mut list)?;
        }
    }
    Ok(list.iter().filter(|e| !e.hidden).count())
}

/// GENMOV unobserved, then per generated move MOVE and UNMOVE with one of them observed.
fn each_move(
    driver: &mut Driver,
    observe_move: bool,
    list: &mut Vec<RawEntry>,
    collector: &mut Collector,
) -> Result<(), ProfileError> {
    driver.genmov(list)?;
    if list.is_empty() {
        let routine = if observe_move {
            Routine::Move
        } else {
            Routine::Unmove
        };
        return Err(ProfileError::NoMoves(routine.name()));
    }
    let mlptrj = driver.symbols().mlptrj;
    for entry in list.iter().filter(|e| !e.hidden) {
        driver.machine_mut().poke16(mlptrj, entry.addr);
        if observe_move {
            observed(driver, Routine::Move, collector)?;
            driver.unmake(entry.addr)?;
        } else {
            driver.make(entry.addr)?;
            driver.machine_mut().poke16(mlptrj, entry.addr);
            observed(driver, Routine::Unmove, collector)?;
        }
    }
    Ok(())
}

/// One call of `routine` on the machine as it stands, added to `collector`.
fn observed(
    driver: &mut Driver,
    routine: Routine,
    collector: &mut Collector,
) -> Result<(), DriveError> {
    let addr = driver.routine_addr(routine)?;
    collector.begin(addr);
    driver.call_observed(routine, collector)?;
    collector.end();
    Ok(())
}

/// One call of any other symbol of the image, added to `collector`.
fn other(driver: &mut Driver, name: &str, collector: &mut Collector) -> Result<(), ProfileError> {
    let addr = driver
        .machine()
        .symbols()
        .get(name)
        .ok_or_else(|| ProfileError::NoSymbol(name.to_string()))?;
    collector.begin(addr);
    driver
        .machine_mut()
        .call_observed(addr, collector)
        .map_err(|error| ProfileError::Call {
            name: name.to_string(),
            error,
        })?;
    collector.end();
    Ok(())
}
