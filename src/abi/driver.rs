//! The board driver: one emulated machine loaded with an ABI image, calling its routines and
//! keeping their T-states. Setting up the position is in `state.rs`, GENMOV and its list in
//! `genmov.rs`. Nothing here allocates per call; callers pass reusable buffers.

use crate::machine::{Cost, Image, Machine, MachineError, Observer};

use super::list::ListError;
use super::symbols::{AbiError, AbiSymbols};

/// Instruction budget per call of a board routine (INITBD, GENMOV, INCHK, MOVE, UNMOVE). The
/// costliest is GENMOV, and the slowest image the harness drives is the 1978 program: 4,831
/// instructions (49,821 T-states) for the start position's 20 moves, 96,995 T-states for 48,
/// so about 41,000 instructions for the largest lists (some 220 entries) at that slope; INCHK
/// takes some 700, MOVE and UNMOVE about 30. Two million is nearly 50 times the worst, and
/// ends a runaway call in about 30 ms.
pub const CALL_BUDGET: u64 = 2_000_000;

/// T-states the image's own PERFT may run without calling MOVE, UNMOVE or GENMOV before it
/// counts as runaway code: between two MOVE calls it makes at most a GENMOV, an INCHK and its
/// bookkeeping (the built-in image: 44,901 T-states for a 218-move list; the 1978 program's
/// GENMOV would need about 390,000), so 16 million is 40 times the worst. A deep PERFT runs
/// long by right: its budget is this leash, not a total.
pub const PERFT_LEASH: u64 = 16_000_000;

/// A routine of the ABI, for error messages and T-state accounting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Routine {
    /// GENMOV.
    Genmov,
    /// MOVE.
    Move,
    /// UNMOVE.
    Unmove,
    /// INCHK.
    Inchk,
    /// INITBD.
    Initbd,
    /// The image's own PERFT.
    Perft,
}

/// Routines with their own T-state account.
const ROUTINES: usize = 6;

impl Routine {
    /// The routine's symbol.
    pub fn name(self) -> &'static str {
        match self {
            Routine::Genmov => "GENMOV",
            Routine::Move => "MOVE",
            Routine::Unmove => "UNMOVE",
            Routine::Inchk => "INCHK",
            Routine::Initbd => "INITBD",
            Routine::Perft => "PERFT",
        }
    }
}

/// Something the image did wrong while being driven (as opposed to a disagreement in values).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DriveError {
    /// The routine did not return normally.
    #[error("{} failed: {error}", routine.name())]
    Machine {
        /// The routine called.
        routine: Routine,
        /// What the machine reported.
        error: MachineError,
    },
    /// The move list GENMOV wrote cannot be decoded.
    #[error("GENMOV wrote a broken move list: {0}")]
    List(ListError),
    /// GENMOV set MLOVF.
    #[error("GENMOV set MLOVF = {0:#04X}: the move list overflowed")]
    Overflow(u8),
    /// GENMOV set MLOVF although the node's list fitted with room to spare (more than
    /// [`OVERFLOW_MARGIN`](super::OVERFLOW_MARGIN) entries beyond it): a false alarm that would
    /// hide the node from the comparison.
    #[error(
        "GENMOV set MLOVF = {flag:#04X} with room to spare: the list needs {needed} entries and {free} were free (a list that does not fit leaves at most {} entries of room beyond it)",
        super::OVERFLOW_MARGIN
    )]
    FalseOverflow {
        /// MLOVF as GENMOV left it.
        flag: u8,
        /// Entries the node's list needs (the reference's).
        needed: usize,
        /// Entries of room from MLNXT to MLEND before the call.
        free: usize,
    },
    /// GENMOV did not advance the ply table as ABI section 4 says.
    #[error("GENMOV left the ply table wrong: {0}")]
    PlyTable(String),
    /// The image does not define the routine called.
    #[error("the image has no {} routine", .0.name())]
    NoRoutine(Routine),
}

impl DriveError {
    /// True when a routine ran away (its budget or its leash ran out): a broken image, not a
    /// difference in values.
    pub fn is_runaway(&self) -> bool {
        matches!(self, DriveError::Machine { error, .. } if error.is_runaway())
    }
}

/// One emulated machine loaded with an ABI image.
///
/// ```
/// use std::path::Path;
/// use sargon_z80::{Board, Driver, Image};
///
/// // An image: the binary, its pasmo-style symbol file, the load address (here its ORG).
/// let roms = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms");
/// let image = Image::load(&roms.join("sargon.bin"), &roms.join("sargon.sym"), None).unwrap();
/// let mut driver = Driver::new(&image).unwrap();
///
/// // GENMOV on a position: the entries it wrote, decoded from emulated memory.
/// driver.set_root(&Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap());
/// let mut list = Vec::new();
/// let generated = driver.genmov(&mut list).unwrap();
/// let moves: Vec<String> = list.iter().map(|e| e.uci()).collect();
/// assert_eq!(moves.len(), 16); // 15 moves, castling's hidden rook half after e1g1
/// assert!(moves.contains(&"e1g1".to_string()) && list.iter().any(|e| e.hidden));
/// assert_eq!(generated.ckflg, 0);
///
/// // MOVE, INCHK and UNMOVE on the first entry, each with its exact cost.
/// let first = list[0];
/// driver.make(first.addr).unwrap();
/// let (in_check, _cost) = driver.inchk().unwrap();
/// assert!(!in_check);
/// driver.unmake(first.addr).unwrap();
/// assert_eq!(driver.routine_calls(sargon_z80::Routine::Move), 1);
/// ```
pub struct Driver {
    pub(super) machine: Machine,
    pub(super) symbols: AbiSymbols,
    tstates: u64,
    /// T-states per routine, indexed by `Routine as usize`.
    routine_tstates: [u64; ROUTINES],
    /// Calls per routine, indexed by `Routine as usize`.
    routine_calls: [u64; ROUTINES],
}

impl Driver {
    /// A machine loaded with `image`; fails when required symbols are missing.
    pub fn new(image: &Image) -> Result<Driver, AbiError> {
        let symbols = AbiSymbols::resolve(image)?;
        let mut machine = Machine::new(image);
        machine.set_budget(CALL_BUDGET);
        Ok(Driver {
            machine,
            symbols,
            tstates: 0,
            routine_tstates: [0; ROUTINES],
            routine_calls: [0; ROUTINES],
        })
    }

    /// The image's resolved symbols.
    pub fn symbols(&self) -> &AbiSymbols {
        &self.symbols
    }

    /// T-states of all routine calls so far.
    pub fn tstates(&self) -> u64 {
        self.tstates
    }

    /// T-states of all calls of one routine so far (part of [`Driver::tstates`]).
    pub fn routine_tstates(&self, routine: Routine) -> u64 {
        self.routine_tstates[routine as usize]
    }

    /// Calls of one routine so far (with [`Driver::routine_tstates`], its mean cost).
    pub fn routine_calls(&self, routine: Routine) -> u64 {
        self.routine_calls[routine as usize]
    }

    /// The emulated machine (for reading memory in reports).
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The emulated machine, for stepping and observed calls (debugger, profiler).
    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// MOVE on the entry at `addr` (MLPTRJ = `addr`).
    pub fn make(&mut self, addr: u16) -> Result<Cost, DriveError> {
        self.machine.poke16(self.symbols.mlptrj, addr);
        self.call(Routine::Move)
    }

    /// UNMOVE on the entry at `addr` (MLPTRJ = `addr`).
    pub fn unmake(&mut self, addr: u16) -> Result<Cost, DriveError> {
        self.machine.poke16(self.symbols.mlptrj, addr);
        self.call(Routine::Unmove)
    }

    /// INCHK for COLOR: true when that side's king is attacked.
    pub fn inchk(&mut self) -> Result<(bool, Cost), DriveError> {
        let cost = self.call(Routine::Inchk)?;
        Ok((self.machine.a() != 0, cost))
    }

    /// INITBD: the start position with every moved bit clear, as the routine sets it up.
    pub fn initbd(&mut self) -> Result<Cost, DriveError> {
        self.call(Routine::Initbd)
    }

    /// The untraced call: the machine's own fast path, no observer at all.
    pub(super) fn call(&mut self, routine: Routine) -> Result<Cost, DriveError> {
        let addr = self.routine_addr(routine)?;
        let result = self.machine.call(addr);
        self.account(routine, result)
    }

    /// Calls a routine on the machine as it stands, reporting it to `obs`.
    pub fn call_observed<O: Observer>(
        &mut self,
        routine: Routine,
        obs: &mut O,
    ) -> Result<Cost, DriveError> {
        let addr = self.routine_addr(routine)?;
        let result = self.machine.call_observed(addr, obs);
        self.account(routine, result)
    }

    /// The routine's address; an error when the image lacks an optional routine.
    pub fn routine_addr(&self, routine: Routine) -> Result<u16, DriveError> {
        let s = &self.symbols;
        match routine {
            Routine::Genmov => Ok(s.genmov),
            Routine::Move => Ok(s.make),
            Routine::Unmove => Ok(s.unmake),
            Routine::Inchk => Ok(s.inchk),
            Routine::Initbd => s.initbd.ok_or(DriveError::NoRoutine(routine)),
            Routine::Perft => s
                .perft
                .map(|p| p.perft)
                .ok_or(DriveError::NoRoutine(routine)),
        }
    }

    fn account(
        &mut self,
        routine: Routine,
        result: Result<Cost, MachineError>,
    ) -> Result<Cost, DriveError> {
        let cost = result.map_err(|error| DriveError::Machine { routine, error })?;
        self.tstates += cost.tstates;
        self.routine_tstates[routine as usize] += cost.tstates;
        self.routine_calls[routine as usize] += 1;
        Ok(cost)
    }
}
