//! Perft on the image with its root moves shared out to several machines, each counting whole
//! root subtrees, and each root move's count handed to the caller as soon as it is known.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::driver::{Driver, Routine};
use super::list::RawEntry;
use super::perft::{EntriesNeeded, PerftError, PerftWalk};
use crate::position::Board;

/// The whole count of a split perft, as if one machine had made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitCount {
    /// The leaf count.
    pub nodes: u64,
    /// Each legal root move with its count, in generation order.
    pub divide: Vec<(String, u64)>,
    /// T-states of all routine calls (the root's GENMOV once, however many machines made it).
    pub tstates: u64,
    /// The same split by routine: GENMOV, MOVE, INCHK, UNMOVE.
    pub routine_tstates: [u64; 4],
}

/// What one root move came to: its index among the root moves (GENMOV's entries that are not
/// hidden halves, in list order), its UCI text, and its count (None when it is illegal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootCount {
    /// Index among the root moves, in generation order.
    pub index: usize,
    /// The move in UCI notation.
    pub uci: String,
    /// Its subtree's leaf count; None for an illegal move.
    pub nodes: Option<u64>,
}

/// The routines whose T-states a [`SplitCount`] keeps apart, in its order.
const ROUTINES: [Routine; 4] = [
    Routine::Genmov,
    Routine::Move,
    Routine::Inchk,
    Routine::Unmove,
];

/// What one machine did.
#[derive(Default)]
struct Share {
    counts: Vec<RootCount>,
    /// T-states of the root's GENMOV, when this machine generated the root list.
    root_genmov: Option<u64>,
    error: Option<(usize, PerftError)>,
}

/// Counts perft of `root` to `depth` (at least 1) with one machine per driver, root moves
/// taken in generation order; `on_root` sees each root move as soon as its count is known
/// (from the worker threads, in completion order). The counts and T-states do not depend on
/// the number of drivers. On failure the error of the lowest root move is returned.
pub fn z80_perft_split(
    drivers: &mut [Driver],
    root: &Board,
    depth: u32,
    needed: Option<EntriesNeeded<'_>>,
    stop: Option<&AtomicBool>,
    on_root: &(dyn Fn(&RootCount) + Sync),
) -> Result<SplitCount, PerftError> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let shares = Mutex::new(Vec::new());
    let before: Vec<[u64; 4]> = drivers.iter().map(routine_tstates).collect();
    std::thread::scope(|scope| {
        for driver in drivers.iter_mut() {
            let (next, failed, shares) = (&next, &failed, &shares);
            scope.spawn(move || {
                let share = count_share(driver, root, depth, needed, stop, next, failed, on_root);
                shares.lock().expect("no worker panics").push(share);
            });
        }
    });
    let shares = shares.into_inner().expect("the workers are done");
    let spent: Vec<[u64; 4]> = drivers.iter().map(routine_tstates).collect();
    gather(shares, &before, &spent)
}

/// One machine's root moves: the root list generated once, then root moves taken from `next`
/// until none is left, the caller stops, or some machine failed.
#[allow(clippy::too_many_arguments)]
fn count_share(
    driver: &mut Driver,
    root: &Board,
    depth: u32,
    needed: Option<EntriesNeeded<'_>>,
    stop: Option<&AtomicBool>,
    next: &AtomicUsize,
    failed: &AtomicBool,
    on_root: &(dyn Fn(&RootCount) + Sync),
) -> Share {
    let mut share = Share::default();
    let mut walk = PerftWalk::new(needed, stop);
    let mut moves: Vec<(usize, RawEntry)> = Vec::new();
    while !failed.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if share.root_genmov.is_none() {
            let genmov_before = driver.routine_tstates(Routine::Genmov);
            match walk.root(driver, root) {
                Ok(list) => {
                    moves.extend(list.iter().copied().enumerate().filter(|(_, e)| !e.hidden))
                }
                Err(error) => {
                    failed.store(true, Ordering::Relaxed);
                    share.error = Some((0, error));
                    return share;
                }
            }
            share.root_genmov = Some(driver.routine_tstates(Routine::Genmov) - genmov_before);
        }
        let Some(&(at, entry)) = moves.get(index) else {
            break;
        };
        match walk.below_root(driver, at, depth) {
            Ok(nodes) => {
                let count = RootCount {
                    index,
                    uci: entry.uci(),
                    nodes,
                };
                on_root(&count);
                share.counts.push(count);
            }
            Err(error) => {
                failed.store(true, Ordering::Relaxed);
                share.error = Some((index, error));
                break;
            }
        }
    }
    share
}

fn routine_tstates(driver: &Driver) -> [u64; 4] {
    ROUTINES.map(|routine| driver.routine_tstates(routine))
}

/// The shares as one count: root moves in generation order, the root's GENMOV counted once.
fn gather(
    shares: Vec<Share>,
    before: &[[u64; 4]],
    spent: &[[u64; 4]],
) -> Result<SplitCount, PerftError> {
    let first_error = shares
        .iter()
        .filter_map(|s| s.error.as_ref())
        .min_by_key(|(index, error)| (matches!(error, PerftError::Interrupted), *index));
    if let Some((_, error)) = first_error {
        return Err(error.clone());
    }
    let mut routine_tstates = [0u64; 4];
    for (after, start) in spent.iter().zip(before) {
        for (sum, (a, b)) in routine_tstates.iter_mut().zip(after.iter().zip(start)) {
            *sum += a - b;
        }
    }
    let root_genmovs: Vec<u64> = shares.iter().filter_map(|s| s.root_genmov).collect();
    let repeated: u64 = root_genmovs.iter().skip(1).sum();
    routine_tstates[0] -= repeated;
    let mut counts: Vec<RootCount> = shares.into_iter().flat_map(|s| s.counts).collect();
    counts.sort_by_key(|c| c.index);
    let divide: Vec<(String, u64)> = counts
        .into_iter()
        .filter_map(|c| c.nodes.map(|n| (c.uci, n)))
        .collect();
    Ok(SplitCount {
        nodes: divide.iter().map(|(_, n)| n).sum(),
        divide,
        tstates: routine_tstates.iter().sum(),
        routine_tstates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::z80_perft;
    use crate::machine::default_image;

    #[test]
    fn split_counts_equal_the_single_machine_count_whatever_the_machines() {
        let image = default_image();
        let kiwipete =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mut one = Driver::new(&image).unwrap();
        let mut divide = Vec::new();
        let nodes = z80_perft(&mut one, &kiwipete, 2, Some(&mut divide)).unwrap();
        for machines in [1, 3] {
            let mut drivers: Vec<Driver> = (0..machines)
                .map(|_| Driver::new(&image).unwrap())
                .collect();
            let seen = Mutex::new(Vec::new());
            let split = z80_perft_split(&mut drivers, &kiwipete, 2, None, None, &|c| {
                seen.lock().unwrap().push(c.index)
            })
            .unwrap();
            assert_eq!((split.nodes, &split.divide), (nodes, &divide));
            assert_eq!(split.tstates, one.tstates(), "{machines} machines");
            let mut seen = seen.into_inner().unwrap();
            seen.sort();
            assert_eq!(seen, (0..48).collect::<Vec<_>>());
        }
    }
}
