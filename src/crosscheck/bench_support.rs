//! What the board routines and the cross-check are measured on, shared by the `bench`
//! subcommand and the criterion benches: the measures of ABI section 9 for any image (and one
//! call of its PERFT routine), GENMOV as a repeatable workload for the emulation speed, and the
//! default cross-check run.

use serde::Serialize;

use crate::machine::bench_support::{BareIz80, call_without_tracing};
use crate::machine::{Cost, Image, Machine, MachineError};
use crate::position::Board;
use crate::reference::bench_support::{KIWIPETE_FEN, START_FEN};

use crate::abi::{AbiError, DriveError, Driver, RawEntry, Routine, perft_routine, z80_perft};

use super::runner::{Config, RandomSpec};
use super::suite::builtin_positions;

/// The 1978 code's figures, ABI section 9 (exact Zilog T-states, routine only, RET included).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Baseline {
    /// GENMOV on the start position.
    pub genmov_start: u64,
    /// GENMOV on Kiwipete.
    pub genmov_kiwipete: u64,
    /// INCHK's mean over perft(4) from the start.
    pub inchk_mean: f64,
    /// MOVE's mean.
    pub move_mean: f64,
    /// UNMOVE's mean.
    pub unmove_mean: f64,
    /// All routine calls of perft(4) from the start.
    pub perft4_start: u64,
}

/// ABI section 9.
pub const BASELINE_1978: Baseline = Baseline {
    genmov_start: 49_821,
    genmov_kiwipete: 96_995,
    inchk_mean: 6_514.0,
    move_mean: 293.0,
    unmove_mean: 326.0,
    perft4_start: 1_959_115_396,
};

/// The depth of ABI section 9's perft figures.
pub const BASELINE_PERFT_DEPTH: u32 = 4;

/// Why an image could not be measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// The image lacks what the ABI requires.
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// A routine misbehaved.
    #[error(transparent)]
    Drive(#[from] DriveError),
    /// The image's PERFT routine failed.
    #[error("PERFT failed: {0}")]
    Perft(MachineError),
    /// A GENMOV call cost something else when repeated from the same state.
    #[error("GENMOV cost {first:?}, then {again:?} from the same state")]
    Unrepeatable {
        /// The first call.
        first: Cost,
        /// The repeated call.
        again: Cost,
    },
}

/// The measures of ABI section 9 for one image, in exact T-states.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineCosts {
    /// GENMOV on the start position.
    pub genmov_start: Cost,
    /// The moves it listed (hidden second entries not counted).
    pub genmov_start_moves: usize,
    /// GENMOV on Kiwipete.
    pub genmov_kiwipete: Cost,
    /// The moves it listed.
    pub genmov_kiwipete_moves: usize,
    /// The depth of the perft from the start position the means are taken over.
    pub perft_depth: u32,
    /// Its leaf count.
    pub perft_nodes: u64,
    /// All routine calls of that perft.
    pub perft_tstates: u64,
    /// GENMOV, MOVE, INCHK and UNMOVE calls of that perft.
    pub perft_calls: u64,
    /// INCHK's mean over the perft.
    pub inchk_mean: f64,
    /// MOVE's mean over the perft.
    pub move_mean: f64,
    /// UNMOVE's mean over the perft.
    pub unmove_mean: f64,
    /// CODE_END - CODE_START, when the image exports both.
    pub code_bytes: Option<u32>,
    /// The image's bytes from its org.
    pub image_bytes: usize,
    /// One call of the image's own PERFT routine to the same depth from the start, when it has
    /// PERFT and PDEPTH: its bookkeeping between the routines included.
    pub perft_routine: Option<u64>,
}

/// Measures `image`: GENMOV on the start position and Kiwipete, then perft to `perft_depth`
/// from the start driven over GENMOV, MOVE, INCHK and UNMOVE (section 9's perft(4) at depth 4).
pub fn routine_costs(image: &Image, perft_depth: u32) -> Result<RoutineCosts, BenchError> {
    let mut driver = Driver::new(image)?;
    let mut list = Vec::new();
    let mut genmov = |fen: &str| -> Result<(Cost, usize), BenchError> {
        driver.set_root(&Board::from_fen(fen).expect("the bench FENs are valid"));
        let generated = driver.genmov(&mut list)?;
        Ok((generated.cost, list.iter().filter(|e| !e.hidden).count()))
    };
    let (genmov_start, genmov_start_moves) = genmov(START_FEN)?;
    let (genmov_kiwipete, genmov_kiwipete_moves) = genmov(KIWIPETE_FEN)?;

    let mut driver = Driver::new(image)?;
    let perft_nodes = z80_perft(&mut driver, &Board::startpos(), perft_depth, None)?;
    let mean = |routine: Routine| {
        driver.routine_tstates(routine) as f64 / driver.routine_calls(routine).max(1) as f64
    };
    let symbols = &image.symbols;
    let code_bytes = match (symbols.get("CODE_START"), symbols.get("CODE_END")) {
        (Some(start), Some(end)) => Some(u32::from(end.saturating_sub(start))),
        _ => None,
    };
    let routines = [
        Routine::Genmov,
        Routine::Move,
        Routine::Inchk,
        Routine::Unmove,
    ];
    Ok(RoutineCosts {
        genmov_start,
        genmov_start_moves,
        genmov_kiwipete,
        genmov_kiwipete_moves,
        perft_depth,
        perft_nodes,
        perft_tstates: driver.tstates(),
        perft_calls: routines.iter().map(|&r| driver.routine_calls(r)).sum(),
        inchk_mean: mean(Routine::Inchk),
        move_mean: mean(Routine::Move),
        unmove_mean: mean(Routine::Unmove),
        code_bytes,
        image_bytes: image.bytes.len(),
        perft_routine: perft_routine(
            &mut Driver::new(image)?,
            &Board::startpos(),
            perft_depth as u8,
        )?
        .map(|run| run.cost.tstates),
    })
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

pub use super::runner::{DEFAULT_DEPTH, DEFAULT_RANDOM, DEFAULT_RANDOM_DEPTH};

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

    #[test]
    fn routine_costs_of_perft_2() {
        let costs = routine_costs(&default_image(), 2).unwrap();
        assert_eq!(
            (costs.genmov_start_moves, costs.genmov_kiwipete_moves),
            (20, 48)
        );
        assert_eq!(costs.perft_nodes, 400);
        // 1 + 20 GENMOV calls; 20 + 400 each of MOVE, INCHK and UNMOVE.
        assert_eq!(costs.perft_calls, 21 + 3 * 420);
        assert!(
            costs.perft_routine.is_some(),
            "the built-in image has PERFT"
        );
    }
}
