//! Perft on the emulated image alone: GENMOV, then MOVE, INCHK and UNMOVE on every entry, the
//! list pointers advancing per ply as in a search. The T-states are those of all routine calls,
//! the measure of ABI section 9.

use super::compare::entry_uci;
use super::driver::{DriveError, Driver};
use super::listdecode::RawEntry;
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
                divide.push((entry_uci(entry.from, entry.to, entry.flags), below));
            }
            count += below;
        }
        driver.unmake(entry.addr)?;
    }
    Ok(count)
}
