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
        let mut notes = vec![
            format!(
                "Each figure is the median of {} repetitions, min–max in brackets; within a repetition the compared runs take turns (the emulation engines {} times, in slices of {} ms), so a busy moment hurts them alike. Ratios between such runs are taken repetition by repetition, median (min–max).",
                self.repetitions,
                slicing.slices,
                slicing.slice.as_millis()
            ),
            "T-states are exact Zilog counts and deterministic, so they are measured once. The 1978 figures are ABI section 9's (no 1978 image ships with the project); --rom/--sym measure one in the same run.".to_string(),
            "vs bare iz80: speed over iz80 alone on its PlainMachine (no exact timing, guards or tracing). No tracing code: the machine's untraced step loop called directly, past the tracing switch, i.e. what a machine built without tracing would run; tracing off counts as costing nothing measurable when its extra time over that is within 2% or changes sign between repetitions.".to_string(),
            "cozy-chess is a dev-dependency, so it is not in this binary: the native/cozy-chess ratio comes from `cargo bench --bench reference` (`PERFT_DEEP=1` for the goal's depths).".to_string(),
        ];
        if self.quick {
            notes.push("--quick: reduced work (perft(2), shallower reference perft, a small cross-check, 500 source lines); speed goals and goals that need the full work are not judged.".to_string());
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
