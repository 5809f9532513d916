//! The one benchmark table: the host, every section's figures, the goals and the notes, as
//! text or JSON.

use std::fmt::Write;

use serde::Serialize;

use crate::text::{TextTable, wrap};

use super::assembler::AssemblerRow;
use super::crosscheck::CrosscheckSection;
use super::emulation::{self, EmulationWorkload};
use super::goal::Goal;
use super::host::Host;
use super::reference::{self, ReferenceRow};
use super::routine_table::RoutineSection;

/// Everything one `bench` run measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchReport {
    /// The host, described before the run.
    pub host: Host,
    /// The load averages after the run.
    pub load_average_after: Option<[f64; 3]>,
    /// A smoke run with reduced work (its figures say little).
    pub quick: bool,
    /// Repetitions behind each median.
    pub repetitions: usize,
    /// The emulation speed.
    pub emulation: Vec<EmulationWorkload>,
    /// Exact T-states of the routines.
    pub routines: RoutineSection,
    /// Native perft speed.
    pub reference: Vec<ReferenceRow>,
    /// Cross-check throughput.
    pub crosscheck: CrosscheckSection,
    /// Assembler speed.
    pub assembler: AssemblerRow,
    /// The project's goals, judged on this run's figures.
    pub goals: Vec<Goal>,
    /// What a reader must know to read the figures right.
    pub notes: Vec<String>,
}

impl BenchReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes")
    }

    /// The report as text: a header describing the host, one table per section, the goals
    /// and the notes.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.header(&mut s);
        emulation::write_text(&self.emulation, &mut s);
        self.routines.write_text(&mut s);
        reference::write_text(&self.reference, &mut s);
        self.crosscheck.write_text(&mut s);
        self.assembler.write_text(&mut s);
        self.goals_text(&mut s);
        if !self.notes.is_empty() {
            s.push_str("\nNotes\n");
            for note in &self.notes {
                s.push_str(&wrap(note, 100));
            }
        }
        s
    }

    fn header(&self, s: &mut String) {
        let h = &self.host;
        let kind = if self.quick {
            "quick smoke run"
        } else {
            "full run"
        };
        let _ = writeln!(
            s,
            "sargon-z80 bench: {kind}, {} build, {} repetitions; figures are medians (min–max)",
            h.build, self.repetitions
        );
        let _ = writeln!(
            s,
            "host: {}, {} logical CPUs ({} available to this process), {}",
            h.cpu, h.logical_cpus, h.available_parallelism, h.platform
        );
        let load = |l: Option<[f64; 3]>| {
            l.map_or("unknown".to_string(), |[a, b, c]| {
                format!("{a:.2} {b:.2} {c:.2}")
            })
        };
        let _ = writeln!(
            s,
            "load average (1/5/15 min): {} before, {} after",
            load(h.load_average),
            load(self.load_average_after)
        );
    }

    /// Each goal beside what this run measured.
    fn goals_text(&self, s: &mut String) {
        let mut table = TextTable::new(&["goal", "measured", "status"]);
        for g in &self.goals {
            table.row(vec![
                g.goal.clone(),
                g.measured.clone(),
                g.status.label().to_string(),
            ]);
        }
        let _ = write!(
            s,
            "\nGoals of the project, judged on this run\n{}",
            table.render()
        );
    }
}
