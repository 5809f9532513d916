//! Which move list the moves pane shows and how a move is named everywhere: `#n uci`, n its
//! place in its list in GENMOV's order (the numbers of the moves pane), with the ply in front
//! when the list is another ply's than the one shown.

use super::app::{App, CallState};
use super::moves::{ListedMove, written_moves};
use super::routine::Routine;
use crate::abi::ENTRY_SIZE;

/// One ply's list during a search.
struct PlyList {
    ply: u8,
    moves: Vec<ListedMove>,
}

impl App {
    /// The moves of the list the pane shows: GENMOV's list (entries shown as they are
    /// written, before the code publishes MLNXT), or during FNDMOV the current ply's.
    pub fn moves(&self) -> Vec<ListedMove> {
        if self.in_search() {
            return self.ply_lists().pop().map(|p| p.moves).unwrap_or_default();
        }
        let Some(abi) = self.abi() else {
            return Vec::new();
        };
        if self.jupiter().is_some() {
            return self.last_root_list();
        }
        let machine = self.machine();
        let mlnxt = machine.peek16(abi.mlnxt);
        let next = self.watch.written_end().map_or(mlnxt, |end| end.max(mlnxt));
        written_moves(machine.memory(), self.list_start, next)
    }

    /// A whole program between searches: the ply-1 list it generated last (from its start
    /// word in PLYIX to ply 2's), or nothing before it has written one. Memory the program has
    /// not set up is never read as a list.
    fn last_root_list(&self) -> Vec<ListedMove> {
        let (Some(symbols), machine) = (self.abi(), self.machine()) else {
            return Vec::new();
        };
        let start = machine.peek16(symbols.plyix);
        let end = machine.peek16(symbols.plyix.wrapping_add(4));
        let fits = |at: u16| (symbols.mlist..=symbols.mlend).contains(&at);
        if fits(start) && fits(end) && start <= end {
            written_moves(machine.memory(), start, end)
        } else {
            Vec::new()
        }
    }

    /// The ply whose list the pane shows during FNDMOV (None for other routines).
    pub fn shown_ply(&self) -> Option<u8> {
        self.in_search().then(|| self.current_ply())
    }

    /// True while the panes follow a search: the routine stepped is FNDMOV, or a whole
    /// program that follows the ABI is inside its FNDMOV.
    pub fn in_search(&self) -> bool {
        match self.jupiter() {
            Some(jupiter) => {
                // At FNDMOV's first instruction the search is as good as begun.
                let entry = self.image.symbols.get("FNDMOV");
                let at_entry = entry == Some(jupiter.machine().pc());
                self.abi().is_some() && (jupiter.search_since().is_some() || at_entry)
            }
            None => self.routine == Routine::Fndmov,
        }
    }

    /// NPLY, at least 1 (the root evaluation runs at 0, before any list exists).
    fn current_ply(&self) -> u8 {
        let nply = self.image.symbols.get("NPLY");
        let nply = nply.map_or(1, |at| self.machine().peek(at));
        if self.call == CallState::Returned {
            1
        } else {
            nply.max(1)
        }
    }

    /// The lists of plies 1 ..= NPLY, each from its start word in PLYIX to the next ply's
    /// start (the last one to MLNXT). A start word not yet written gives an empty list.
    fn ply_lists(&self) -> Vec<PlyList> {
        let machine = self.machine();
        let Some(symbols) = self.abi() else {
            return Vec::new();
        };
        let (plyix, mlist, mlend) = (symbols.plyix, symbols.mlist, symbols.mlend);
        let mlnxt = machine.peek16(symbols.mlnxt);
        let plies = self.current_ply();
        let starts: Vec<u16> = (1..=plies)
            .map(|k| machine.peek16(plyix.wrapping_add(4 * u16::from(k - 1))))
            .collect();
        let fits = |start: u16| (mlist..=mlend).contains(&start);
        (0..starts.len())
            .map(|i| {
                let start = starts[i];
                let end = starts.get(i + 1).copied().unwrap_or(mlnxt);
                let moves = if fits(start) && start <= end {
                    written_moves(machine.memory(), start, end)
                } else {
                    Vec::new()
                };
                PlyList {
                    ply: i as u8 + 1,
                    moves,
                }
            })
            .collect()
    }

    /// `#n uci` of the move whose entry (or hidden second half) is at `addr`; `ply k #n uci`
    /// for a move of another ply's list than the one shown; None when no list holds it.
    pub fn move_label(&self, addr: u16) -> Option<String> {
        let find = |moves: &[ListedMove]| {
            moves.iter().position(|m| {
                let double = m.flags & crate::position::DOUBLE != 0;
                addr == m.addr || (double && addr == m.addr.wrapping_add(ENTRY_SIZE))
            })
        };
        if !self.in_search() {
            let moves = self.moves();
            return find(&moves).map(|i| format!("#{} {}", i + 1, moves[i].uci));
        }
        let lists = self.ply_lists();
        let shown = lists.len();
        lists.iter().rev().find_map(|list| {
            let i = find(&list.moves)?;
            let name = format!("#{} {}", i + 1, list.moves[i].uci);
            Some(if usize::from(list.ply) == shown {
                name
            } else {
                format!("ply {} {name}", list.ply)
            })
        })
    }
}
