//! Perft on the emulated image alone: driven from here over GENMOV, MOVE, INCHK and UNMOVE on
//! every entry, the list pointers advancing per ply as in a search (the T-states are those of
//! all routine calls, the measure of ABI section 9); or one call of the image's own PERFT.
//!
//! [`PerftWalk`] counts one root move's subtree at a time, so that root moves can be counted
//! on several machines at once (`perft_split.rs`); [`z80_perft`] is the whole count on one.

use std::sync::atomic::{AtomicBool, Ordering};

use super::driver::{CALL_BUDGET, DriveError, Driver, PERFT_LEASH, Routine};
use super::list::RawEntry;
use super::room::ListFull;
use super::state::PlyState;
use crate::machine::Cost;
use crate::position::{Board, COLOR_MASK};

/// The entries a node's list needs (hidden halves included), for the room check made before
/// every GENMOV; the image's own walk knows no move generator, so the caller supplies one.
pub type EntriesNeeded<'a> = &'a (dyn Fn(&Board) -> usize + Sync);

/// Why a perft on the image ended without a count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// The image failed while being driven.
    #[error("{0}")]
    Drive(#[from] DriveError),
    /// A node's move list did not fit in the list area: the count would be of a truncated
    /// tree, so there is none.
    #[error("the move list is full at {}: {full}", path_text(.path))]
    ListFull {
        /// The moves from the root to the node, in UCI notation.
        path: Vec<String>,
        /// How much room there was.
        full: ListFull,
    },
    /// The caller's stop flag was set (Ctrl-C).
    #[error("interrupted")]
    Interrupted,
}

/// A path as text: the moves, or `the root`.
fn path_text(path: &[String]) -> String {
    if path.is_empty() {
        "the root".to_string()
    } else {
        format!("[{}]", path.join(" "))
    }
}

/// Perft over the routines of one driver, reusing its list buffers from count to count.
pub struct PerftWalk<'a> {
    lists: Vec<Vec<RawEntry>>,
    path: Vec<RawEntry>,
    node: Board,
    needed: Option<EntriesNeeded<'a>>,
    stop: Option<&'a AtomicBool>,
}

impl<'a> PerftWalk<'a> {
    /// A walk; with `needed`, every node's list is checked for room first and a full list
    /// (by that check or by MLOVF) ends the count with [`PerftError::ListFull`], as in the
    /// cross-check; without it, MLOVF is a [`DriveError::Overflow`]. A set `stop` ends the
    /// count with [`PerftError::Interrupted`] at the next node.
    pub fn new(needed: Option<EntriesNeeded<'a>>, stop: Option<&'a AtomicBool>) -> PerftWalk<'a> {
        PerftWalk {
            lists: Vec::new(),
            path: Vec::new(),
            node: Board::empty(),
            needed,
            stop,
        }
    }

    /// Sets `root` up on `driver` and generates its list (GENMOV's entries, hidden halves
    /// included); the root moves are its entries that are not hidden.
    pub fn root(&mut self, driver: &mut Driver, root: &Board) -> Result<&[RawEntry], PerftError> {
        if self.lists.is_empty() {
            self.lists.push(Vec::new());
        }
        self.path.clear();
        driver.set_root(root);
        let mut list = std::mem::take(&mut self.lists[0]);
        let generated = self.generate(driver, &mut list);
        self.lists[0] = list;
        generated?;
        Ok(&self.lists[0])
    }

    /// The count below root entry `index` (of the list [`PerftWalk::root`] generated) to
    /// `depth` plies in all: MOVE, INCHK and, when the move is legal, the subtree, then UNMOVE.
    /// None when the move is illegal.
    pub fn below_root(
        &mut self,
        driver: &mut Driver,
        index: usize,
        depth: u32,
    ) -> Result<Option<u64>, PerftError> {
        let color = driver.machine().peek(driver.symbols().color);
        let after = driver.ply_state();
        let entry = self.lists[0][index];
        self.through(driver, entry, color, depth, after)
    }

    /// MOVE on `entry`, INCHK, the subtree to `depth` plies in all when legal, UNMOVE.
    fn through(
        &mut self,
        driver: &mut Driver,
        entry: RawEntry,
        color: u8,
        depth: u32,
        after: PlyState,
    ) -> Result<Option<u64>, PerftError> {
        driver.make(entry.addr)?;
        let (attacked, _) = driver.inchk()?;
        let below = if attacked {
            None
        } else if depth <= 1 {
            Some(1)
        } else {
            driver.set_color(color ^ COLOR_MASK);
            self.path.push(entry);
            let below = self.node(driver, color ^ COLOR_MASK, depth - 1);
            self.path.pop();
            driver.set_color(color);
            driver.restore(after);
            Some(below?)
        };
        driver.unmake(entry.addr)?;
        Ok(below)
    }

    /// The count of the node the image holds now, `depth` (at least 1) plies deep.
    fn node(&mut self, driver: &mut Driver, color: u8, depth: u32) -> Result<u64, PerftError> {
        let ply = self.path.len();
        while self.lists.len() <= ply {
            self.lists.push(Vec::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let counted = self.count_list(driver, &mut list, color, depth);
        self.lists[ply] = list;
        counted
    }

    fn count_list(
        &mut self,
        driver: &mut Driver,
        list: &mut Vec<RawEntry>,
        color: u8,
        depth: u32,
    ) -> Result<u64, PerftError> {
        self.generate(driver, list)?;
        let after = driver.ply_state();
        let mut count = 0;
        for &entry in list.iter().filter(|e| !e.hidden) {
            count += self
                .through(driver, entry, color, depth, after)?
                .unwrap_or(0);
        }
        Ok(count)
    }

    /// GENMOV for the node the image holds, with the room checks when the walk has `needed`.
    fn generate(
        &mut self,
        driver: &mut Driver,
        list: &mut Vec<RawEntry>,
    ) -> Result<(), PerftError> {
        if self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(PerftError::Interrupted);
        }
        let Some(needed) = self.needed else {
            driver.genmov(list)?;
            return Ok(());
        };
        driver.read_node(&mut self.node);
        let (needed, free) = (needed(&self.node), driver.free_entries());
        let full = match driver.check_room(needed) {
            Err(full) => full,
            Ok(()) => match driver.genmov(list) {
                Ok(_) => return Ok(()),
                Err(error) => Driver::list_full_after(error, needed, free)?,
            },
        };
        Err(PerftError::ListFull {
            path: self.path.iter().map(RawEntry::uci).collect(),
            full,
        })
    }
}

/// Counts the leaves of the legal move tree of `root` to `depth` on the image. When `divide`
/// is given it receives each legal root move with its count, in generation order. A full move
/// list is the image's [`DriveError::Overflow`] here; [`PerftWalk`] with an [`EntriesNeeded`]
/// gives the list-full verdict of the cross-check instead.
pub fn z80_perft(
    driver: &mut Driver,
    root: &Board,
    depth: u32,
    mut divide: Option<&mut Vec<(String, u64)>>,
) -> Result<u64, DriveError> {
    if depth == 0 {
        return Ok(1);
    }
    let mut walk = PerftWalk::new(None, None);
    let unwrap = |error: PerftError| match error {
        PerftError::Drive(error) => error,
        other => unreachable!("a walk without room checks or stop flag cannot end in {other}"),
    };
    let moves = walk.root(driver, root).map_err(unwrap)?.len();
    let mut count = 0;
    for index in 0..moves {
        let entry = walk.lists[0][index];
        if entry.hidden {
            continue;
        }
        if let Some(below) = walk.below_root(driver, index, depth).map_err(unwrap)? {
            if let Some(divide) = divide.as_deref_mut() {
                divide.push((entry.uci(), below));
            }
            count += below;
        }
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
/// instruction budget but the leash of [`PERFT_LEASH`] T-states between calls of MOVE, UNMOVE
/// or GENMOV; None when the image has no PERFT, PDEPTH and PCOUNT.
pub fn perft_routine(
    driver: &mut Driver,
    root: &Board,
    depth: u8,
) -> Result<Option<PerftRun>, DriveError> {
    let Some(symbols) = driver.symbols().perft else {
        return Ok(None);
    };
    driver.set_root(root);
    // The built-in PERFT enters MOVE past its first instruction (MOVE1, MLPTRJ already in
    // HL): its calls of UNMOVE and GENMOV are progress as well.
    let s = driver.symbols();
    let marks = [s.make, s.unmake, s.genmov];
    let machine = driver.machine_mut();
    machine.poke(symbols.pdepth, depth);
    machine.set_budget(u64::MAX);
    machine.set_progress(&marks, PERFT_LEASH);
    let result = driver.call(Routine::Perft);
    let machine = driver.machine_mut();
    machine.set_budget(CALL_BUDGET);
    machine.clear_progress();
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

    #[test]
    fn a_deep_routine_perft_is_not_taken_for_runaway_code() {
        // Over 300 million T-states in all, each stretch between calls of MOVE (entered at
        // MOVE1), UNMOVE and GENMOV far below the leash.
        let mut driver = Driver::new(&default_image()).unwrap();
        let run = perft_routine(&mut driver, &Board::startpos(), 4);
        let run = run.unwrap().unwrap();
        assert_eq!(run.nodes, 197_281);
        assert!(run.cost.tstates > 19 * PERFT_LEASH, "{run:?}");
    }
}
