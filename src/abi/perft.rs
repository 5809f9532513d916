//! Perft on the emulated image alone: driven from here over GENMOV, MOVE, INCHK and UNMOVE on
//! every entry, the list pointers advancing per ply as in a search (the T-states are those of
//! all routine calls, the measure of ABI section 9); or one call of the image's own PERFT.

use super::driver::{CALL_BUDGET, DriveError, Driver, Routine};
use super::list::RawEntry;
use crate::machine::Cost;
use crate::position::{Board, COLOR_MASK};

/// Counts the leaves of the legal move tree of `root` to `depth` on the image. When `divide`
/// is given it receives each legal root move with its count, in generation order.
pub fn z80_perft(
    driver: &mut Driver,
    root: &Board,
    depth: u32,
    divide: Option<&mut Vec<(String, u64)>>,
) -> Result<u64, DriveError> {
    if depth == 0 {
        return Ok(1);
    }
    driver.set_root(root);
    let mut lists = vec![Vec::new(); depth as usize];
    node(driver, &mut lists, root.color, depth, divide)
}

fn node(
    driver: &mut Driver,
    lists: &mut [Vec<RawEntry>],
    color: u8,
    depth: u32,
    mut divide: Option<&mut Vec<(String, u64)>>,
) -> Result<u64, DriveError> {
    let (list, deeper) = lists
        .split_first_mut()
        .expect("one list buffer per level of depth");
    driver.genmov(list)?;
    let after = driver.ply_state();
    let mut count = 0;
    for entry in list.iter().filter(|e| !e.hidden) {
        driver.make(entry.addr)?;
        let (attacked, _) = driver.inchk()?;
        if !attacked {
            let below = if depth == 1 {
                1
            } else {
                driver.set_color(color ^ COLOR_MASK);
                let below = node(driver, deeper, color ^ COLOR_MASK, depth - 1, None)?;
                driver.set_color(color);
                driver.restore(after);
                below
            };
            if let Some(divide) = divide.as_deref_mut() {
                divide.push((entry.uci(), below));
            }
            count += below;
        }
        driver.unmake(entry.addr)?;
    }
    Ok(count)
}

/// What one call of the image's PERFT routine found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftRun {
    /// PCOUNT: the leaf count.
    pub nodes: u64,
    /// The call's cost, the routine's own bookkeeping between GENMOV, MOVE, INCHK and UNMOVE
    /// included.
    pub cost: Cost,
}

/// Calls the image's own PERFT routine once for `root` to `depth` (at most 255), with no
/// instruction budget; None when the image has no PERFT, PDEPTH and PCOUNT.
pub fn perft_routine(
    driver: &mut Driver,
    root: &Board,
    depth: u8,
) -> Result<Option<PerftRun>, DriveError> {
    let Some(symbols) = driver.symbols().perft else {
        return Ok(None);
    };
    driver.set_root(root);
    let machine = driver.machine_mut();
    machine.poke(symbols.pdepth, depth);
    machine.set_budget(u64::MAX);
    let result = driver.call(Routine::Perft);
    driver.machine_mut().set_budget(CALL_BUDGET);
    let cost = result?;
    if let Some(mlovf) = driver.symbols().mlovf {
        let flag = driver.machine().peek(mlovf);
        if flag != 0 {
            return Err(DriveError::Overflow(flag));
        }
    }
    let count = driver.machine().memory();
    let at = usize::from(symbols.pcount);
    let nodes = u32::from_le_bytes([count[at], count[at + 1], count[at + 2], count[at + 3]]);
    Ok(Some(PerftRun {
        nodes: u64::from(nodes),
        cost,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

    #[test]
    fn driven_and_routine_perft_agree_and_initbd_sets_the_start() {
        let mut driver = Driver::new(&default_image()).unwrap();
        driver.set_root(&Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap());
        driver.initbd().unwrap();
        let mut board = Board::empty();
        driver.read_board(&mut board);
        let start = Board::startpos();
        assert_eq!(
            (board.cells, board.posk, board.color),
            (start.cells, start.posk, 0)
        );

        let mut divide = Vec::new();
        let driven = z80_perft(&mut driver, &start, 2, Some(&mut divide)).unwrap();
        assert_eq!((driven, divide.len()), (400, 20));
        assert_eq!(divide[0], ("b1a3".to_string(), 20));
        let before = driver.tstates();
        assert_eq!(z80_perft(&mut driver, &start, 3, None), Ok(8_902));
        let driven_tstates = driver.tstates() - before;
        // The routine makes the same calls plus its own bookkeeping between them.
        let run = perft_routine(&mut driver, &start, 3).unwrap().unwrap();
        assert_eq!(run.nodes, 8_902);
        assert!(
            run.cost.tstates > driven_tstates,
            "{run:?} vs {driven_tstates}"
        );
        assert_eq!(driver.routine_calls(Routine::Perft), 1);
        assert_eq!(driver.routine_calls(Routine::Initbd), 1);
    }
}
