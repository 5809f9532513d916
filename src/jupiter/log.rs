//! The searches of a run, kept in bounded memory: the first and the last ones in full, the
//! rest counted, so that a program calling its search in a loop for hours holds a few hundred
//! records, not millions.

use std::collections::VecDeque;

use crate::machine::Cost;

/// How many searches are kept from the start of a run, and how many of its latest: a game
/// of the 1978 program has well under this many computer moves in all.
pub const KEPT: usize = 256;

/// One call of the program's search routine: when it began, what it cost, what it chose, and
/// whether the program then played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    /// The program's clock (T-states) when the routine was entered.
    pub started: u64,
    /// The routine's own instructions and T-states, its final RET included.
    pub cost: Cost,
    /// BESTM after the return: the address of the chosen entry (0 when none was chosen).
    pub bestm: u16,
    /// The chosen entry's from-square byte (BESTM + 2).
    pub from: u8,
    /// The chosen entry's to-square byte (BESTM + 3).
    pub to: u8,
    /// The chosen entry's flags byte (BESTM + 4).
    pub flags: u8,
    /// Whether the program played the move: `Some(true)` when the from-square's byte of
    /// BOARDA changed before the program next read a key, searched again or ended (a move
    /// empties it), `Some(false)` when it did not (the 1978 program searches, finds itself
    /// mated and makes no move) or no entry was chosen, None while that is not known yet or
    /// when the image names no BOARDA.
    pub played: Option<bool>,
}

/// The searches of a run: the first [`KEPT`], the last [`KEPT`] after them, and the count
/// and cost of all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchLog {
    first: Vec<Search>,
    last: VecDeque<Search>,
    count: u64,
    total: Cost,
}

impl SearchLog {
    /// Adds a finished search.
    pub(crate) fn push(&mut self, search: Search) {
        self.count += 1;
        self.total += search.cost;
        if self.first.len() < KEPT {
            self.first.push(search);
            return;
        }
        if self.last.len() == KEPT {
            self.last.pop_front();
        }
        self.last.push_back(search);
    }

    /// The latest search, to be told whether it was played.
    pub(crate) fn latest_mut(&mut self) -> Option<&mut Search> {
        match self.last.back_mut() {
            Some(search) => Some(search),
            None => self.first.last_mut(),
        }
    }

    /// How many searches the run made.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// True when the run made none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The instructions and T-states of every search together.
    pub fn total(&self) -> Cost {
        self.total
    }

    /// The searches kept from the start of the run, in order.
    pub fn first(&self) -> &[Search] {
        &self.first
    }

    /// The latest searches kept after [`SearchLog::first`] (empty until more than [`KEPT`]
    /// were made), in order.
    pub fn last(&self) -> impl Iterator<Item = &Search> {
        self.last.iter()
    }

    /// How many searches between the first and the last kept were counted but not kept.
    pub fn omitted(&self) -> u64 {
        self.count - (self.first.len() + self.last.len()) as u64
    }

    /// The latest search.
    pub fn latest(&self) -> Option<&Search> {
        self.last.back().or_else(|| self.first.last())
    }

    /// Every search kept, with its number in the run (from 1), in order.
    pub fn numbered(&self) -> impl Iterator<Item = (u64, &Search)> {
        let skip = self.first.len() as u64 + self.omitted();
        let first = self.first.iter().enumerate();
        let last = self.last.iter().enumerate();
        first
            .map(|(i, s)| (i as u64 + 1, s))
            .chain(last.map(move |(i, s)| (skip + i as u64 + 1, s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(started: u64) -> Search {
        Search {
            started,
            cost: Cost {
                tstates: 10,
                instructions: 1,
            },
            bestm: 0,
            from: 0,
            to: 0,
            flags: 0,
            played: None,
        }
    }

    #[test]
    fn the_first_and_the_last_are_kept_and_all_are_counted() {
        let mut log = SearchLog::default();
        assert!(log.is_empty() && log.latest().is_none());
        for i in 0..1_000 {
            log.push(search(i));
        }
        assert_eq!(
            (log.count(), log.omitted()),
            (1_000, 1_000 - 2 * KEPT as u64)
        );
        assert_eq!(log.total().tstates, 10_000);
        assert_eq!(log.first().len(), KEPT);
        assert_eq!(log.latest().map(|s| s.started), Some(999));
        let numbered: Vec<(u64, u64)> = log.numbered().map(|(n, s)| (n, s.started)).collect();
        assert_eq!(numbered.len(), 2 * KEPT);
        assert_eq!(numbered[0], (1, 0));
        assert_eq!(numbered[KEPT - 1], (KEPT as u64, KEPT as u64 - 1));
        assert_eq!(
            numbered[KEPT],
            (1_000 - KEPT as u64 + 1, 1_000 - KEPT as u64)
        );
        assert_eq!(numbered[2 * KEPT - 1], (1_000, 999));
        log.latest_mut().unwrap().played = Some(false);
        assert_eq!(log.latest().unwrap().played, Some(false));
    }

    #[test]
    fn a_short_run_keeps_every_search() {
        let mut log = SearchLog::default();
        for i in 0..3 {
            log.push(search(i));
        }
        log.latest_mut().unwrap().played = Some(true);
        assert_eq!(log.omitted(), 0);
        assert_eq!(
            log.numbered().map(|(n, _)| n).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(log.first()[2].played, Some(true));
    }
}
