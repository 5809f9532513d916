//! GENMOV as a repeatable workload of the emulation speed: the same call from the same state,
//! on the machine (tracing on or off, or its untraced loop) and on bare iz80.

use crate::abi::{DriveError, Driver, RawEntry, Routine};
use crate::machine::{Cost, Image, Machine, MachineError};
use crate::position::Board;

use super::BenchError;
use super::bare::BareIz80;

/// GENMOV on one position, callable again and again at the same cost: before each call the
/// list pointers, the head link and MLOVF get the bytes they had before the first one. The same
/// bytes start each call on bare iz80, which has a copy of the machine's memory.
pub struct GenmovWorkload {
    driver: Driver,
    bare: BareIz80,
    /// (address, bytes) written before every call.
    reset: Vec<(u16, Vec<u8>)>,
    cost: Cost,
}

impl GenmovWorkload {
    /// GENMOV of `image` on `board`, checked to cost the same when repeated, on the machine and
    /// (in instructions) on bare iz80.
    pub fn new(image: &Image, board: &Board) -> Result<GenmovWorkload, BenchError> {
        let mut driver = Driver::new(image)?;
        driver.set_root(board);
        let before = driver.begin_genmov();
        let s = driver.symbols();
        let machine = driver.machine();
        let word = |addr: u16| (addr, machine.memory()[usize::from(addr)..][..2].to_vec());
        let mut reset = vec![
            word(s.mlptri),
            word(s.mlnxt),
            word(before.mlptri.wrapping_add(4)),
        ];
        reset.extend(s.mlovf.map(|addr| (addr, vec![machine.peek(addr)])));
        let bare = BareIz80::from_machine(machine);
        let mut workload = GenmovWorkload {
            driver,
            bare,
            reset,
            cost: Cost::default(),
        };
        let mut list: Vec<RawEntry> = Vec::new();
        let first = workload.driver.genmov(&mut list)?.cost;
        let again = workload.try_call().map_err(|error| DriveError::Machine {
            routine: Routine::Genmov,
            error,
        })?;
        let bare_instructions = workload.call_bare();
        if again != first || bare_instructions != first.instructions {
            return Err(BenchError::Unrepeatable {
                first,
                again: Cost {
                    instructions: bare_instructions,
                    ..again
                },
            });
        }
        workload.cost = first;
        Ok(workload)
    }

    /// What every call costs.
    pub fn cost(&self) -> Cost {
        self.cost
    }

    /// The machine, to turn its tracing on or off.
    pub fn machine_mut(&mut self) -> &mut Machine {
        self.driver.machine_mut()
    }

    fn reset(&mut self) -> u16 {
        for (addr, bytes) in &self.reset {
            self.driver.machine_mut().write_bytes(*addr, bytes);
        }
        self.driver.symbols().genmov
    }

    fn try_call(&mut self) -> Result<Cost, MachineError> {
        let genmov = self.reset();
        self.driver.machine_mut().call(genmov)
    }

    /// One GENMOV call on the machine (traced when its tracing is on).
    pub fn call(&mut self) -> Cost {
        self.try_call()
            .expect("GENMOV returned from this very state when the workload was made")
    }

    /// One GENMOV call on the machine's untraced step loop, past the tracing switch (see
    /// [`Machine::call_untraced`]).
    pub fn call_untraced(&mut self) -> Cost {
        let genmov = self.reset();
        self.driver
            .machine_mut()
            .call_untraced(genmov)
            .expect("GENMOV returned from this very state when the workload was made")
    }

    /// One GENMOV call on bare iz80; the instructions it ran.
    pub fn call_bare(&mut self) -> u64 {
        for (addr, bytes) in &self.reset {
            self.bare.write_bytes(*addr, bytes);
        }
        self.bare.call(self.driver.symbols().genmov)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::KIWIPETE_FEN;
    use crate::machine::default_image;

    #[test]
    fn genmov_repeats_at_the_same_cost_on_the_machine_and_bare_iz80() {
        let image = default_image();
        let board = Board::from_fen(KIWIPETE_FEN).unwrap();
        let mut workload = GenmovWorkload::new(&image, &board).unwrap();
        let cost = workload.cost();
        workload.machine_mut().set_tracing(true);
        assert_eq!(workload.call(), cost);
        assert!(workload.machine_mut().trace().total_reads() > 0);
        assert_eq!(workload.call_bare(), cost.instructions);
        assert_eq!(workload.call_untraced(), cost);
    }
}
