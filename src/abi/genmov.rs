//! GENMOV through the driver: what the harness does around the call (ABI section 4), the
//! checks of what the routine left, and its list decoded.

use crate::machine::{Cost, Observer};

use super::driver::{DriveError, Driver, Routine};
use super::list::{RawEntry, decode_list};
use super::state::PlyState;

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

impl Driver {
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
}
