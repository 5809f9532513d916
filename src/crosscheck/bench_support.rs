//! What the emulation and the cross-check are measured on, shared by the `bench` subcommand
//! and the criterion benches: GENMOV as a repeatable workload (on the machine and on bare
//! iz80), and the default cross-check run. The routines' T-states are measured by
//! [`super::costs`].

use crate::machine::bench_support::{BareIz80, call_without_tracing};
use crate::machine::{Cost, Image, Machine, MachineError};
use crate::position::Board;
#[cfg(test)]
use crate::reference::bench_support::KIWIPETE_FEN;

use super::driver::{DriveError, Driver, Routine};
use super::listdecode::RawEntry;
use super::runner::{Config, RandomSpec};
use super::suite::builtin_positions;
use super::symbols::AbiError;

/// Why GENMOV could not be made a workload.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// The image lacks what the ABI requires.
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// GENMOV misbehaved.
    #[error(transparent)]
    Drive(#[from] DriveError),
    /// A GENMOV call cost something else when repeated from the same state.
    #[error("GENMOV cost {first:?}, then {again:?} from the same state")]
    Unrepeatable {
        /// The first call.
        first: Cost,
        /// The repeated call.
        again: Cost,
    },
}

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

    /// One GENMOV call on the machine's untraced step loop called directly (see
    /// [`call_without_tracing`]).
    pub fn call_without_tracing(&mut self) -> Cost {
        let genmov = self.reset();
        call_without_tracing(self.driver.machine_mut(), genmov)
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

/// The comparison depth of the built-in positions in `sargon-z80 crosscheck`'s default run.
pub const DEFAULT_DEPTH: u32 = 2;
/// The random positions of the default run.
pub const DEFAULT_RANDOM: u64 = 10_000;
/// Their comparison depth.
pub const DEFAULT_RANDOM_DEPTH: u32 = 1;

/// A cross-check of the built-in positions to `depth` plus `random` seeded random positions to
/// depth 1 on `threads` workers; with [`DEFAULT_DEPTH`] and [`DEFAULT_RANDOM`] it is the run
/// `sargon-z80 crosscheck` makes with no arguments.
pub fn builtin_run(depth: u32, random: u64, seed: u64, threads: usize) -> Config {
    let positions = builtin_positions();
    let random_starts = positions.iter().map(|p| p.board).collect();
    Config {
        positions,
        depth,
        random: RandomSpec {
            seed,
            first: 0,
            count: random,
            depth: DEFAULT_RANDOM_DEPTH,
        },
        random_starts,
        threads,
        keep_going: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(workload.call_without_tracing(), cost);
    }
}
