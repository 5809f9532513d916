//! Driving any ABI image: poke a position, call GENMOV, decode the list, run MOVE, UNMOVE and
//! INCHK on chosen entries. Nothing here allocates per call; callers pass reusable buffers.

use crate::machine::{Cost, Image, Machine, MachineError, Observer};
use crate::position::Board;

use super::listdecode::{ENTRY_SIZE, ListError, RawEntry, decode_list};
use super::symbols::{AbiError, AbiSymbols};

/// Instruction budget per routine call: far above any real GENMOV, low enough that a runaway
/// patched image stops within a fraction of a second.
const CALL_BUDGET: u64 = 2_000_000;

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
}

impl Routine {
    /// The routine's symbol.
    pub fn name(self) -> &'static str {
        match self {
            Routine::Genmov => "GENMOV",
            Routine::Move => "MOVE",
            Routine::Unmove => "UNMOVE",
            Routine::Inchk => "INCHK",
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
    /// GENMOV did not advance the ply table as ABI section 4 says.
    #[error("GENMOV left the ply table wrong: {0}")]
    PlyTable(String),
}

/// The list pointers a search saves before a ply and restores after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyState {
    /// MLPTRI.
    pub mlptri: u16,
    /// MLNXT.
    pub mlnxt: u16,
}

/// What one GENMOV call produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generated {
    /// The address of this ply's head link word.
    pub head_link: u16,
    /// The address of the first entry written.
    pub start: u16,
    /// MLNXT after the call.
    pub next: u16,
    /// CKFLG after the call.
    pub ckflg: u8,
    /// The call's cost.
    pub cost: Cost,
}

/// One emulated machine loaded with an ABI image.
pub struct Driver {
    machine: Machine,
    symbols: AbiSymbols,
    tstates: u64,
    /// T-states per routine, indexed by `Routine as usize`.
    routine_tstates: [u64; 4],
    /// Calls per routine, indexed by `Routine as usize`.
    routine_calls: [u64; 4],
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
            routine_tstates: [0; 4],
            routine_calls: [0; 4],
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

    /// Writes `board` as the root position: BOARDA, POSK, POSQ, COLOR, a previous-move entry
    /// at MLIST with MLPTRJ pointing at it, MLPTRI = PLYIX - 2 and MLNXT just after the entry.
    pub fn set_root(&mut self, board: &Board) {
        let s = &self.symbols;
        let (boarda, posk, posq, color, mlist) = (s.boarda, s.posk, s.posq, s.color, s.mlist);
        let (mlptrj, mlptri, mlnxt, plyix) = (s.mlptrj, s.mlptri, s.mlnxt, s.plyix);
        let m = &mut self.machine;
        m.write_bytes(boarda, &board.cells);
        m.write_bytes(posk, &board.posk);
        m.write_bytes(posq, &board.posq);
        m.poke(color, board.color);
        m.write_bytes(mlist, &board.prev.to_bytes(0));
        m.poke16(mlptrj, mlist);
        m.poke16(mlptri, plyix.wrapping_sub(2));
        m.poke16(mlnxt, mlist + ENTRY_SIZE);
    }

    /// Sets COLOR.
    pub fn set_color(&mut self, color: u8) {
        self.machine.poke(self.symbols.color, color);
    }

    /// MLPTRI and MLNXT now.
    pub fn ply_state(&self) -> PlyState {
        PlyState {
            mlptri: self.machine.peek16(self.symbols.mlptri),
            mlnxt: self.machine.peek16(self.symbols.mlnxt),
        }
    }

    /// Restores MLPTRI and MLNXT saved by [`Driver::ply_state`].
    pub fn restore(&mut self, state: PlyState) {
        self.machine.poke16(self.symbols.mlptri, state.mlptri);
        self.machine.poke16(self.symbols.mlnxt, state.mlnxt);
    }

    /// Room left in the list area, in entries, from MLNXT now.
    pub fn free_entries(&self) -> usize {
        let next = self.machine.peek16(self.symbols.mlnxt);
        let last = u32::from(self.symbols.mlend);
        if u32::from(next) > last {
            0
        } else {
            ((last - u32::from(next)) / u32::from(ENTRY_SIZE) + 1) as usize
        }
    }

    /// Calls GENMOV for the position in memory and decodes its list into `out` (linked entries
    /// in order, each double move followed by its hidden second half).
    pub fn genmov(&mut self, out: &mut Vec<RawEntry>) -> Result<Generated, DriveError> {
        let before = self.begin_genmov();
        let cost = self.call(Routine::Genmov)?;
        self.end_genmov(before, cost, out)
    }

    /// What the harness does before GENMOV: zero this ply's head link and MLOVF. Returns the
    /// list pointers on entry (the ply's entries start at `mlnxt`).
    pub fn begin_genmov(&mut self) -> PlyState {
        let before = self.ply_state();
        self.machine.poke16(before.mlptri.wrapping_add(4), 0);
        if let Some(mlovf) = self.symbols.mlovf {
            self.machine.poke(mlovf, 0);
        }
        before
    }

    /// [`Driver::genmov`], reporting every instruction and access of the call to `obs`.
    pub fn genmov_observed<O: Observer>(
        &mut self,
        out: &mut Vec<RawEntry>,
        obs: &mut O,
    ) -> Result<Generated, DriveError> {
        let before = self.begin_genmov();
        let cost = self.call_observed(Routine::Genmov, obs)?;
        self.end_genmov(before, cost, out)
    }

    /// Checks what GENMOV left (MLOVF, the ply table) and decodes its list into `out`.
    fn end_genmov(
        &mut self,
        before: PlyState,
        cost: Cost,
        out: &mut Vec<RawEntry>,
    ) -> Result<Generated, DriveError> {
        let head_link = before.mlptri.wrapping_add(4);
        let after = self.ply_state();
        if let Some(mlovf) = self.symbols.mlovf {
            let flag = self.machine.peek(mlovf);
            if flag != 0 {
                return Err(DriveError::Overflow(flag));
            }
        }
        if after.mlptri != head_link {
            return Err(DriveError::PlyTable(format!(
                "MLPTRI = {:#06X}, expected {head_link:#06X}",
                after.mlptri
            )));
        }
        let start = self.machine.peek16(before.mlptri.wrapping_add(2));
        if start != before.mlnxt {
            return Err(DriveError::PlyTable(format!(
                "the ply's start word = {start:#06X}, expected MLNXT on entry {:#06X}",
                before.mlnxt
            )));
        }
        decode_list(
            self.machine.memory(),
            self.symbols.list_area(),
            head_link,
            start,
            after.mlnxt,
            out,
        )
        .map_err(DriveError::List)?;
        Ok(Generated {
            head_link,
            start,
            next: after.mlnxt,
            ckflg: self.machine.peek(self.symbols.ckflg),
            cost,
        })
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
        Ok((self.machine.registers().a != 0, cost))
    }

    /// Reads BOARDA, POSK and POSQ back into `board` (COLOR and the previous move untouched).
    pub fn read_board(&self, board: &mut Board) {
        let s = &self.symbols;
        let mem = self.machine.memory();
        let at = |addr: u16, len: usize| &mem[usize::from(addr)..usize::from(addr) + len];
        board.cells.copy_from_slice(at(s.boarda, 120));
        board.posk.copy_from_slice(at(s.posk, 2));
        board.posq.copy_from_slice(at(s.posq, 2));
        board.color = mem[usize::from(s.color)];
    }

    /// The untraced call: the machine's own fast path, no observer at all.
    fn call(&mut self, routine: Routine) -> Result<Cost, DriveError> {
        let result = self.machine.call(self.routine_addr(routine));
        self.account(routine, result)
    }

    /// Calls a routine on the machine as it stands, reporting it to `obs`.
    pub fn call_observed<O: Observer>(
        &mut self,
        routine: Routine,
        obs: &mut O,
    ) -> Result<Cost, DriveError> {
        let result = self.machine.call_observed(self.routine_addr(routine), obs);
        self.account(routine, result)
    }

    fn routine_addr(&self, routine: Routine) -> u16 {
        match routine {
            Routine::Genmov => self.symbols.genmov,
            Routine::Move => self.symbols.make,
            Routine::Unmove => self.symbols.unmake,
            Routine::Inchk => self.symbols.inchk,
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
