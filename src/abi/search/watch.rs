//! The watch that follows a search at full speed: it stops at POINTS, GENMOV and MOVE (and, for
//! the principal variation, UNMOVE), then at the return address it found on the stack,
//! and reads the variables there. The code is not changed.

use std::ops::ControlFlow;

use crate::machine::{Watch, WatchView};

use super::super::list::{ENTRY_SIZE, RawEntry};
use super::full::{FullList, entries, full_list};
use super::observe::{EvalTerms, Evaluation, SearchObserver, SearchOptions};
use super::pv::PvTracker;
use super::symbols::SearchSymbols;
use super::walk::Walk;

/// Which routine's return the watch waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inside {
    /// Neither: waiting for an entry.
    Nothing,
    /// POINTS, returning to `ret` with SP back at `sp`.
    Points { ret: u16, sp: u16 },
    /// GENMOV, which started its list at `start`.
    Genmov { ret: u16, sp: u16, start: u16 },
}

/// What the search left that the driver reports besides the observer's records.
#[derive(Debug, Default)]
pub(super) struct Findings {
    /// POINTS returns.
    pub evaluations: u64,
    /// GENMOV returns.
    pub genmov_calls: u64,
    /// MOVE calls: the nodes of the search, as the native engine counts them.
    pub moves: u64,
    /// The GENMOV whose full list ended the search (the observer's choice).
    pub list_full: Option<FullList>,
    /// The most list entries the path held at a GENMOV return.
    pub list_peak: usize,
    /// True when the observer asked to stop.
    pub stopped: bool,
    /// The bound of the walk the search broke, in words (see [`super::walk`]).
    pub runaway: Option<String>,
}

/// Follows one FNDMOV call.
pub(super) struct SearchWatch<'a, O: SearchObserver> {
    s: &'a SearchSymbols,
    observer: &'a mut O,
    options: SearchOptions,
    fixed: [u16; 4],
    fixed_len: usize,
    inside: Inside,
    pub findings: Findings,
    pub pv: PvTracker,
    list: Vec<RawEntry>,
    walk: Walk,
}

impl<'a, O: SearchObserver> SearchWatch<'a, O> {
    pub fn new(s: &'a SearchSymbols, observer: &'a mut O, options: SearchOptions) -> Self {
        let b = &s.board;
        // MOVE is always watched, for the node count; UNMOVE only for the principal variation.
        let fixed = [s.points, b.genmov, b.make, b.unmake];
        SearchWatch {
            s,
            observer,
            options,
            fixed,
            fixed_len: if options.pv { 4 } else { 3 },
            inside: Inside::Nothing,
            findings: Findings::default(),
            pv: PvTracker::new(),
            list: Vec::new(),
            walk: Walk::new(),
        }
    }

    /// POINTS returned: the record, the terms, the stop poll.
    fn evaluated(&mut self, view: &WatchView<'_>) -> ControlFlow<()> {
        let s = self.s;
        let entry = view.peek16(s.board.mlptrj);
        let evaluation = Evaluation {
            ply: view.peek(s.nply),
            from: view.peek(entry.wrapping_add(2)),
            to: view.peek(entry.wrapping_add(3)),
            valm: view.peek(s.valm),
            terms: s.terms.map(|t| EvalTerms {
                brdc: view.peek(t.brdc),
                mtrl: view.peek(t.mtrl),
                ptsl: view.peek(t.ptsl),
                ptsw1: view.peek(t.ptsw1),
                ptsw2: view.peek(t.ptsw2),
                ptsck: view.peek(t.ptsck),
            }),
        };
        self.findings.evaluations += 1;
        self.observer.on_evaluation(&evaluation);
        if self.observer.should_stop_after(self.findings.moves) {
            self.findings.stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// GENMOV returned: the list full test and, when asked, the list. Break when a list that
    /// reached the end of the area (or set MLOVF) ends the search, before it is walked.
    fn generated(&mut self, view: &WatchView<'_>, start: u16) -> ControlFlow<()> {
        let b = &self.s.board;
        let next = view.peek16(b.mlnxt);
        self.findings.genmov_calls += 1;
        let ply = view.peek(self.s.nply);
        let listed = next.saturating_sub(start) / ENTRY_SIZE;
        self.walk.listed(ply, u32::from(listed));
        let path = entries(b.mlist, next);
        self.findings.list_peak = self.findings.list_peak.max(path);
        if let Some(full) = full_list(view, b, ply, start) {
            if self.observer.on_list_full(&full) {
                self.findings.list_full = Some(full);
                return ControlFlow::Break(());
            }
        }
        if self.options.lists {
            read_list(
                view,
                start,
                next.min(b.mlend.saturating_add(ENTRY_SIZE)),
                &mut self.list,
            );
            self.observer.on_list(ply, &self.list);
        }
        ControlFlow::Continue(())
    }

    /// PC is at an entry the watch marks: Break when the search broke a bound of its walk.
    fn entered(&mut self, view: &WatchView<'_>, pc: u16) -> ControlFlow<()> {
        let (ret, sp) = (view.peek16(view.sp()), view.sp().wrapping_add(2));
        let b = &self.s.board;
        let broke = if pc == self.s.points {
            self.inside = Inside::Points { ret, sp };
            self.walk.evaluating()
        } else if pc == b.genmov {
            let start = view.peek16(b.mlnxt);
            self.inside = Inside::Genmov { ret, sp, start };
            None
        } else {
            if self.options.pv {
                self.pv.look(view.memory(), self.s, pc == b.make);
            }
            if pc == b.make {
                self.findings.moves += 1;
                self.walk.moved(view.peek(self.s.nply))
            } else {
                None
            }
        };
        match broke {
            Some(rule) => {
                self.findings.runaway = Some(rule);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    }
}

/// The entries from `start` to `end` in memory order (GENMOV's order), a double move's second
/// half marked hidden.
fn read_list(view: &WatchView<'_>, start: u16, end: u16, out: &mut Vec<RawEntry>) {
    out.clear();
    let mut addr = start;
    let mut hidden = false;
    while addr < end && end - addr >= ENTRY_SIZE {
        let byte = |offset: u16| view.peek(addr.wrapping_add(offset));
        let entry = RawEntry {
            addr,
            link: view.peek16(addr),
            from: byte(2),
            to: byte(3),
            flags: byte(4),
            value: byte(5),
            hidden,
        };
        hidden = !hidden && entry.flags & crate::position::DOUBLE != 0;
        out.push(entry);
        addr += ENTRY_SIZE;
    }
}

impl<O: SearchObserver> Watch for SearchWatch<'_, O> {
    fn target(&self) -> u16 {
        match self.inside {
            Inside::Nothing => self.s.points,
            Inside::Points { ret, .. } | Inside::Genmov { ret, .. } => ret,
        }
    }

    fn fixed_targets(&self) -> &[u16] {
        &self.fixed[..self.fixed_len]
    }

    fn should_stop(&mut self) -> bool {
        if self.observer.should_stop() {
            self.findings.stopped = true;
        }
        self.findings.stopped
    }

    fn hit(&mut self, view: &WatchView<'_>) -> ControlFlow<()> {
        let (pc, sp) = (view.pc(), view.sp());
        match self.inside {
            Inside::Points { ret, sp: back } if pc == ret && sp == back => {
                self.inside = Inside::Nothing;
                self.evaluated(view)
            }
            Inside::Genmov {
                ret,
                sp: back,
                start,
            } if pc == ret && sp == back => {
                self.inside = Inside::Nothing;
                self.generated(view, start)
            }
            Inside::Nothing => self.entered(view, pc),
            _ => ControlFlow::Continue(()),
        }
    }
}
