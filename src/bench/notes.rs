//! The notes every report carries: how the figures were taken and what limits them.

use std::time::Duration;

use super::report::BenchReport;

/// How the emulation was sliced, for the notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slicing {
    /// Turns each engine takes per repetition.
    pub slices: usize,
    /// The least length of a turn.
    pub slice: Duration,
}

impl BenchReport {
    /// Adds the notes every report carries: how the figures were taken and what limits them.
    pub fn add_standing_notes(&mut self, slicing: Slicing) {
        let perft_reps = self.perft.first().map_or(0, |r| r.reps);
        let mut notes = vec![
            format!(
                "Medians of {} repetitions (the perft race: {perft_reps}), min-max in brackets. Compared runs take turns within each repetition (the emulation engines {} times in slices of {} ms, the perft engines root move by root move), so a busy moment hurts them alike; ratios are taken repetition by repetition.",
                self.repetitions,
                slicing.slices,
                slicing.slice.as_millis()
            ),
            "T-states are exact Zilog counts, measured once; the 1978 figures are ABI section 9's (--rom/--sym measure a 1978 image in the same run, shown with --details).".to_string(),
            "Bare iz80: iz80 alone on its PlainMachine (no exact timing, guards or tracing), running the same code from the same memory.".to_string(),
            "The emulated search: the start position's FNDMOV in the built-in image, one whole search per turn, each from freshly prepared memory (prepared outside the timed part for the emulation rows); the native engine searches the same tree. The 1978 program's T-states are those of sargon1978/search.jsonl; --rom/--sym time that image's search beside ours, and it is called the 1978 search only when its T-states are the 1978 program's.".to_string(),
        ];
        if let Some(note) = super::race::missing_peer_note() {
            notes.push(note);
        }
        if self.quick {
            notes.push("--quick: reduced work (perft start D5 and Kiwipete D4, routine perft(2), native searches to PLYMAX 4, the emulated search's T-states on the start position only and its timing at PLYMAX 2, a small cross-check, 500 source lines); verdicts on speed are a first look, in brackets, and goals that need the full work are skipped.".to_string());
        }
        let host = &self.host;
        if host.build == "debug" {
            notes.push("debug build: speeds are far below a release build's.".to_string());
        }
        if let Some([one, _, _]) = host.load_average {
            if one > 0.5 * host.available_parallelism as f64 {
                notes.push(format!(
                    "the host was busy when the run began (load average {one:.2} on {} cores): absolute speeds are low and spreads wide; ratios of runs that took turns suffer less.",
                    host.available_parallelism
                ));
            }
        }
        if self.crosscheck.runs.iter().any(|r| r.mismatches > 0) {
            notes.push(
                "the cross-check found mismatches: its speed is that of a run that stopped early."
                    .to_string(),
            );
        }
        self.notes.extend(notes);
    }
}
