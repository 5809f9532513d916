//! The ply stack: per ply the GENMOV list, SORTM's order and every entry's value byte, all in
//! fixed arrays allocated once per [`super::Engine`].

use crate::reference::{MAX_MOVES, MoveList};

/// What the search did with an entry of a ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Visit {
    /// Not reached: a cut-off or the mate exit ended the walk first.
    #[default]
    Unvisited,
    /// MOVE left the mover's king attacked (in SORTM or at the walk).
    Illegal,
    /// Evaluated by POINTS and not searched further (a leaf, or a sorted move never descended).
    Evaluated,
    /// Searched one ply deeper (a sorted ply's move, or a check at PLYMAX).
    Descended,
}

/// One ply of the current path.
#[derive(Clone)]
pub(super) struct Ply {
    /// The GENMOV list in generation order, with CKFLG.
    pub list: MoveList,
    /// Walk order: indices into `list` (SORTM's order at a sorted ply, else 0..len).
    pub order: [u16; MAX_MOVES],
    /// The value byte (+5) of every entry, as POINTS wrote it; 0 for illegal or not evaluated.
    pub values: [u8; MAX_MOVES],
    /// What happened to each entry.
    pub visits: [Visit; MAX_MOVES],
    /// Entries in the 1978 MLIST this ply takes: moves plus hidden second halves.
    pub entries: usize,
}

impl Ply {
    /// An empty ply.
    pub fn new() -> Ply {
        Ply {
            list: MoveList::new(),
            order: [0; MAX_MOVES],
            values: [0; MAX_MOVES],
            visits: [Visit::Unvisited; MAX_MOVES],
            entries: 0,
        }
    }

    /// Resets the per-entry bytes after GENMOV filled `list`.
    pub fn reset_entries(&mut self) {
        let len = self.list.len();
        self.values[..len].fill(0);
        self.visits[..len].fill(Visit::Unvisited);
        for (index, slot) in self.order[..len].iter_mut().enumerate() {
            *slot = index as u16;
        }
        self.entries = len + self.list.iter().filter(|mv| mv.second.is_some()).count();
    }

    /// SORTM's insertion of entry `index` (the `placed`-th inserted): after every listed entry
    /// whose value is less than or equal to its own, before the first greater one.
    pub fn insert_sorted(&mut self, placed: usize, index: usize) {
        let value = self.values[index];
        let at = self.order[..placed]
            .iter()
            .position(|&other| self.values[other as usize] > value)
            .unwrap_or(placed);
        self.order.copy_within(at..placed, at + 1);
        self.order[at] = index as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_keeps_ascending_values_and_generation_order_for_ties() {
        let mut ply = Ply::new();
        let values = [5u8, 0, 3, 5, 0, 9, 3];
        ply.values[..values.len()].copy_from_slice(&values);
        for index in 0..values.len() {
            ply.insert_sorted(index, index);
        }
        assert_eq!(&ply.order[..values.len()], &[1, 4, 2, 6, 0, 3, 5]);
    }
}
