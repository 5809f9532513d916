//! The measures of ABI section 9 for any image, in exact T-states (shared by the `bench`
//! subcommand and `benches/routines.rs`): GENMOV on two positions, the routines' means over a
//! perft driven from Rust, one call of the image's own PERFT, the image's size.

use serde::Serialize;

use crate::abi::{Driver, Routine, perft_routine, z80_perft};
use crate::machine::{Cost, Image};
use crate::position::Board;

use super::BenchError;
use super::positions::{KIWIPETE_FEN, START_FEN};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

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
