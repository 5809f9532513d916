//! What one `go` tells the GUI besides `bestmove`: each finished level's `info` line, with the
//! nodes and the time counted from `go` and a depth that never goes down within the search, its
//! score proven when it is a mate; and the search's notes. By default a GUI's engine window
//! stays quiet: the notes are gathered into one `info string`, written just before `bestmove`.
//! With the `Details` option every note is written at once, and each level adds its score byte
//! and, for an emulated engine, its exact T-states.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::info::{beyond_1978, hardware_line, level_line, pv_line, score_byte_line};
use super::mates::Proofs;
use super::output::Output;
use super::thought::Thought;
use crate::engine::score::material;
use crate::game::{Budget, Level, Signals};
use crate::position::Board;
use crate::reference::Move;

/// The reporting of one search.
pub struct Report<'a> {
    out: &'a Output,
    details: bool,
    mhz: f64,
    started: Instant,
    /// Nodes of every level searched so far.
    nodes: u64,
    /// The deepest depth reported so far.
    depth: u8,
    notes: Vec<String>,
    root: Board,
    material: i32,
    proofs: Proofs,
    /// Without `Details`: the first level beyond the 1978 program's reach, why, and the last.
    beyond: Option<(u8, String, u8)>,
    signals: Signals<'a>,
    budget: Option<Budget>,
}

impl<'a> Report<'a> {
    /// The report of `thought`'s search on `out`, from now; `signals` and the move's `budget`
    /// end a mate proof that would run past the move's time.
    pub fn new(
        out: &'a Output,
        thought: &Thought,
        signals: Signals<'a>,
        budget: Option<Budget>,
    ) -> Report<'a> {
        let setup = thought.setup();
        let mut report = Report {
            out,
            details: thought.options.details,
            mhz: thought.options.mhz,
            started: Instant::now(),
            nodes: 0,
            depth: 0,
            notes: Vec::new(),
            root: setup.board,
            material: material(&setup.board, setup.board.color),
            proofs: Proofs::default(),
            beyond: None,
            signals,
            budget,
        };
        for note in &thought.notes {
            report.note(note.clone());
        }
        report
    }

    /// Something the search has to say: at once with `Details`, else with the others before
    /// `bestmove`.
    pub fn note(&mut self, text: String) {
        if self.details {
            self.out.info(&text);
        } else {
            self.notes.push(text);
        }
    }

    /// Nodes searched that no level line reports (a level stopped before it finished).
    pub fn add_nodes(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// A finished level: its line at its own depth.
    pub fn level(&mut self, level: &Level) {
        self.level_at(level, level.plymax);
    }

    /// A finished level reported at `depth` (a shorter mate found below the level that found
    /// one is reported at the level searched): never below a depth reported before.
    pub fn level_at(&mut self, level: &Level, depth: u8) {
        let answer = &level.answer;
        self.nodes += answer.nodes.unwrap_or(answer.evaluations);
        self.depth = self.depth.max(depth);
        let (signals, budget) = (self.signals, self.budget);
        let stop = move || {
            let late = budget.is_some_and(|budget| {
                (signals.timer.elapsed()).is_some_and(|spent| spent >= budget.hard)
            });
            late || signals.stop.load(Ordering::Relaxed)
        };
        let scored = self.proofs.score(&self.root, level, self.material, &stop);
        let elapsed = self.started.elapsed();
        let line = level_line(level, self.depth, &scored.field, self.nodes, elapsed);
        self.out.line(&line);
        if let Some(note) = scored.note {
            self.note(note);
        }
        self.level_details(level);
    }

    /// The move that replaced the level's choice so as not to throw a won game away: its line,
    /// `pv` from it, at the deepest depth reported, `nodes` more searched to find it. `value`
    /// is in centipawns for the side to move; a mate (`i32::MAX - 1` and above, not proven
    /// here) is left to the level's line and the note.
    pub fn replaced(&mut self, pv: &[Move], value: i32, nodes: u64) {
        self.nodes += nodes;
        if pv.is_empty() || value >= i32::MAX - 1 {
            return;
        }
        let elapsed = self.started.elapsed();
        let score = format!("cp {value}");
        let line = pv_line(pv, self.depth.max(1), &score, self.nodes, elapsed);
        self.out.line(&line);
    }

    /// The score byte and the hardware view with `Details`; the first level beyond the 1978
    /// program's reach noted without.
    fn level_details(&mut self, level: &Level) {
        let beyond = beyond_1978(level);
        if self.details {
            let mut byte = score_byte_line(level, self.material);
            if let Some(beyond) = &beyond {
                byte.push_str("; ");
                byte.push_str(beyond);
            }
            self.out.info(&byte);
            if let Some(line) = hardware_line(level, self.mhz) {
                self.out.info(&line);
            }
        } else if let Some(beyond) = beyond {
            let first = self.beyond.take();
            let (plymax, why) = first.map_or((level.plymax, beyond), |(p, why, _)| (p, why));
            self.beyond = Some((plymax, why, level.plymax));
        }
    }

    /// The search's one `info string` without `Details`: every note, in order, and the levels
    /// beyond the 1978 program's reach.
    pub fn finish(&mut self) {
        if let Some((first, why, last)) = self.beyond.take() {
            let deeper = match last > first {
                true => format!(", and so is PLYMAX {last}"),
                false => String::new(),
            };
            self.notes.push(format!("{why}{deeper}"));
        }
        if !self.notes.is_empty() {
            self.out.info(&self.notes.join("; "));
            self.notes.clear();
        }
    }
}
