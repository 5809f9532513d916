//! What the machine stops for while a program runs: the monitor's entry, and the program's
//! search routine when its symbols name one (FNDMOV, with its answer at BESTM), so that each
//! search is reported with its exact cost without changing a byte of the program.

use std::ops::ControlFlow;

use crate::machine::{Cost, SymbolTable, Watch, WatchView};

use super::log::{Search, SearchLog};
use super::monitor::MONITOR;

/// The search routine and its answer, when the image names both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchSymbols {
    /// The routine's entry (FNDMOV).
    pub entry: u16,
    /// The word that points at the chosen entry afterwards (BESTM).
    pub best: u16,
    /// The board its squares index (BOARDA), when the image names it: a search's move is
    /// played when the byte of its from-square there changes.
    pub board: Option<u16>,
}

impl SearchSymbols {
    /// FNDMOV and BESTM of `symbols`, when both are there, and BOARDA when it is.
    pub fn find(symbols: &SymbolTable) -> Option<SearchSymbols> {
        Some(SearchSymbols {
            entry: symbols.get("FNDMOV")?,
            best: symbols.get("BESTM")?,
            board: symbols.get("BOARDA"),
        })
    }
}

/// A search under way: where it returns to and with what SP, and the clock at its entry.
#[derive(Debug, Clone, Copy)]
struct Open {
    ret: u16,
    sp: u16,
    start: Cost,
}

/// The watch of a running program. It breaks off at the monitor (the room performs the call)
/// and follows the search routine's entry and return without stopping.
#[derive(Debug)]
pub(crate) struct ProgramWatch {
    fixed: [u16; 2],
    fixed_len: usize,
    search: Option<SearchSymbols>,
    open: Option<Open>,
    /// The program's clock when the current run began: a hit's cost is counted from it.
    pub base: Cost,
    /// The finished searches.
    pub searches: SearchLog,
    /// The latest search's from-square in memory and the byte it held when the search
    /// returned, until the program reads a key, searches again or ends.
    pending: Option<(u16, u8)>,
}

impl ProgramWatch {
    pub fn new(search: Option<SearchSymbols>) -> ProgramWatch {
        let (fixed, fixed_len) = match search {
            Some(s) => ([MONITOR, s.entry], 2),
            None => ([MONITOR, MONITOR], 1),
        };
        ProgramWatch {
            fixed,
            fixed_len,
            search,
            open: None,
            base: Cost::default(),
            searches: SearchLog::default(),
            pending: None,
        }
    }

    /// Decides whether the latest search's move was played, by the byte of its from-square
    /// now (`peek` reads memory): the program reads a key, searches again or ends, so by now
    /// it has made its move or made none.
    pub fn settle(&mut self, peek: impl Fn(u16) -> u8) {
        if let Some((square, piece)) = self.pending.take()
            && let Some(latest) = self.searches.latest_mut()
        {
            latest.played = Some(peek(square) != piece);
        }
    }

    /// True when the image names a search routine to follow.
    pub fn follows(&self) -> bool {
        self.search.is_some()
    }

    /// The clock when the search under way began, if one is.
    pub fn open_since(&self) -> Option<Cost> {
        self.open.map(|open| open.start)
    }

    fn enter(&mut self, machine: &WatchView<'_>, now: Cost) {
        let sp = machine.sp();
        // A new entry at the same depth or above replaces a search the program left without
        // returning; a deeper one is the routine calling itself, part of the search.
        if self.open.is_some_and(|open| sp.wrapping_add(2) < open.sp) {
            return;
        }
        self.settle(|address| machine.peek(address));
        self.open = Some(Open {
            ret: machine.peek16(sp),
            sp: sp.wrapping_add(2),
            start: now,
        });
    }

    fn leave(&mut self, machine: &WatchView<'_>, now: Cost, symbols: SearchSymbols) {
        let Some(open) = self.open.filter(|open| open.sp == machine.sp()) else {
            return;
        };
        self.open = None;
        let bestm = machine.peek16(symbols.best);
        let from = machine.peek(bestm.wrapping_add(2));
        let square = symbols
            .board
            .map(|board| board.wrapping_add(u16::from(from)));
        self.pending = square
            .filter(|_| bestm != 0)
            .map(|square| (square, machine.peek(square)));
        let played = match square {
            Some(_) if bestm == 0 => Some(false),
            _ => None,
        };
        self.searches.push(Search {
            started: open.start.tstates,
            cost: Cost {
                tstates: now.tstates - open.start.tstates,
                instructions: now.instructions - open.start.instructions,
            },
            bestm,
            from,
            to: machine.peek(bestm.wrapping_add(3)),
            flags: machine.peek(bestm.wrapping_add(4)),
            played,
        });
    }
}

impl Watch for ProgramWatch {
    fn target(&self) -> u16 {
        self.open.map_or(MONITOR, |open| open.ret)
    }

    fn fixed_targets(&self) -> &[u16] {
        &self.fixed[..self.fixed_len]
    }

    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
        let pc = machine.pc();
        if pc == MONITOR {
            return ControlFlow::Break(());
        }
        let Some(search) = self.search else {
            return ControlFlow::Continue(());
        };
        let now = self.base + machine.cost();
        if pc == search.entry {
            self.enter(machine, now);
        } else if self.open.is_some_and(|open| open.ret == pc) {
            self.leave(machine, now, search);
        }
        ControlFlow::Continue(())
    }
}
