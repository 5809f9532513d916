//! What an image's board routines cost in exact T-states, measured as ABI section 9 measures the
//! 1978 code (routine only, RET included), beside that baseline.

use serde::Serialize;

use crate::machine::{Image, Machine};
use crate::position::{Board, COLOR_MASK};

use super::driver::{DriveError, Driver};
use super::listdecode::RawEntry;

/// Kiwipete, the second CPW position: 48 moves, castling both ways, en passant chances.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The depth of the perft whose routine calls are summed.
pub const PERFT_DEPTH: u32 = 4;

/// The 1978 code's measurements (ABI section 9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Baseline {
    /// GENMOV on the start position.
    pub genmov_start: u64,
    /// GENMOV on Kiwipete.
    pub genmov_kiwipete: u64,
    /// INCHK, mean over perft(4) from the start.
    pub inchk_mean: f64,
    /// MOVE, mean.
    pub move_mean: f64,
    /// UNMOVE, mean.
    pub unmove_mean: f64,
    /// perft(4) from the start, all routine calls.
    pub perft_total: u64,
}

/// ABI section 9: the 1978 code under emulation.
pub const BASELINE_1978: Baseline = Baseline {
    genmov_start: 49_821,
    genmov_kiwipete: 96_995,
    inchk_mean: 6_514.0,
    move_mean: 293.0,
    unmove_mean: 326.0,
    perft_total: 1_959_115_396,
};

/// Calls and T-states of one routine over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Calls {
    /// How often it was called.
    pub calls: u64,
    /// T-states of all those calls.
    pub tstates: u64,
}

impl Calls {
    fn add(&mut self, tstates: u64) {
        self.calls += 1;
        self.tstates += tstates;
    }

    /// Mean T-states per call (0 when never called).
    pub fn mean(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.tstates as f64 / self.calls as f64
        }
    }
}

/// An image's measured routine costs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineCosts {
    /// Bytes in the image.
    pub image_bytes: usize,
    /// GENMOV on the start position.
    pub genmov_start: u64,
    /// GENMOV on Kiwipete.
    pub genmov_kiwipete: u64,
    /// Leaves of perft(4) from the start, driven from Rust over the routines.
    pub perft_nodes: u64,
    /// GENMOV calls of that perft.
    pub genmov: Calls,
    /// MOVE calls of that perft.
    pub make: Calls,
    /// INCHK calls of that perft (the INCHK inside GENMOV is part of GENMOV).
    pub inchk: Calls,
    /// UNMOVE calls of that perft.
    pub unmake: Calls,
    /// The image's own PERFT routine to depth 4 from the start, when it has one: T-states
    /// of the single call, its bookkeeping between the routines included.
    pub perft_routine: Option<u64>,
}

impl RoutineCosts {
    /// perft(4) from the start: the T-states of all routine calls.
    pub fn perft_total(&self) -> u64 {
        self.genmov.tstates + self.make.tstates + self.inchk.tstates + self.unmake.tstates
    }

    /// One row per ABI section 9 measure: name, this image, the 1978 code.
    pub fn rows(&self) -> [(&'static str, f64, f64); 6] {
        let b = BASELINE_1978;
        [
            (
                "GENMOV, start position",
                self.genmov_start as f64,
                b.genmov_start as f64,
            ),
            (
                "GENMOV, Kiwipete",
                self.genmov_kiwipete as f64,
                b.genmov_kiwipete as f64,
            ),
            ("INCHK, mean over perft(4)", self.inchk.mean(), b.inchk_mean),
            ("MOVE, mean", self.make.mean(), b.move_mean),
            ("UNMOVE, mean", self.unmake.mean(), b.unmove_mean),
            (
                "perft(4) from the start, all calls",
                self.perft_total() as f64,
                b.perft_total as f64,
            ),
        ]
    }
}

/// Why the costs could not be measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CostError {
    /// The image lacks ABI symbols.
    #[error("{0}")]
    Abi(String),
    /// A routine failed while being driven.
    #[error("{0}")]
    Drive(#[from] DriveError),
    /// The PERFT routine failed.
    #[error("PERFT failed: {0}")]
    Perft(String),
}

/// Measures `image`: GENMOV on the start position and on Kiwipete, every routine call of
/// perft(4) from the start, and the image's PERFT routine when it has one.
pub fn routine_costs(image: &Image) -> Result<RoutineCosts, CostError> {
    let mut driver = Driver::new(image).map_err(|e| CostError::Abi(e.to_string()))?;
    let mut list = Vec::new();
    let start = Board::startpos();
    let kiwipete = Board::from_fen(KIWIPETE).expect("the Kiwipete FEN is valid");

    driver.set_root(&start);
    let genmov_start = driver.genmov(&mut list)?.cost.tstates;
    driver.set_root(&kiwipete);
    let genmov_kiwipete = driver.genmov(&mut list)?.cost.tstates;

    let mut tally = Tally::default();
    let mut lists = vec![Vec::new(); PERFT_DEPTH as usize];
    driver.set_root(&start);
    let perft_nodes = walk(&mut driver, &mut lists, start.color, &mut tally)?;

    Ok(RoutineCosts {
        image_bytes: image.bytes.len(),
        genmov_start,
        genmov_kiwipete,
        perft_nodes,
        genmov: tally.genmov,
        make: tally.make,
        inchk: tally.inchk,
        unmake: tally.unmake,
        perft_routine: perft_routine(image, &start)?,
    })
}

#[derive(Default)]
struct Tally {
    genmov: Calls,
    make: Calls,
    inchk: Calls,
    unmake: Calls,
}

/// Perft below the position in the driver, one list buffer per remaining ply.
fn walk(
    driver: &mut Driver,
    lists: &mut [Vec<RawEntry>],
    color: u8,
    tally: &mut Tally,
) -> Result<u64, DriveError> {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return Ok(1);
    };
    tally.genmov.add(driver.genmov(list)?.cost.tstates);
    let after = driver.ply_state();
    let mut count = 0;
    for entry in list.iter().filter(|e| !e.hidden) {
        tally.make.add(driver.make(entry.addr)?.tstates);
        let (attacked, cost) = driver.inchk()?;
        tally.inchk.add(cost.tstates);
        if !attacked {
            if deeper.is_empty() {
                count += 1;
            } else {
                driver.set_color(color ^ COLOR_MASK);
                count += walk(driver, deeper, color ^ COLOR_MASK, tally)?;
                driver.set_color(color);
                driver.restore(after);
            }
        }
        tally.unmake.add(driver.unmake(entry.addr)?.tstates);
    }
    Ok(count)
}

/// The image's PERFT routine to [`PERFT_DEPTH`] from `board`, when the image has PERFT,
/// PDEPTH and PCOUNT.
fn perft_routine(image: &Image, board: &Board) -> Result<Option<u64>, CostError> {
    let s = &image.symbols;
    let names = [
        "PERFT", "PDEPTH", "BOARDA", "POSK", "POSQ", "COLOR", "MLIST", "MLPTRJ",
    ];
    let Ok(v) = s.require(&names) else {
        return Ok(None);
    };
    let mut machine = Machine::new(image);
    machine.set_budget(u64::MAX);
    machine.write_bytes(v[2], &board.cells);
    machine.write_bytes(v[3], &board.posk);
    machine.write_bytes(v[4], &board.posq);
    machine.poke(v[5], board.color);
    machine.write_bytes(v[6], &board.prev.to_bytes(0));
    machine.poke16(v[7], v[6]);
    machine.poke(v[1], PERFT_DEPTH as u8);
    let cost = machine
        .call(v[0])
        .map_err(|e| CostError::Perft(e.to_string()))?;
    Ok(Some(cost.tstates))
}
