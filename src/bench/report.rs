//! The benchmark report: the host, the dashboard (one row per goal: the figure measured, its
//! range, the ratio and the verdict), the notes, and on request every section's details; as
//! text that fits 100 columns, or as one JSON object for tracking over time.

use std::fmt::Write;

use serde::Serialize;

use crate::text::{MAX_WIDTH, TextTable, wrap};

use super::assembler::AssemblerRow;
use super::chip::ChipSection;
use super::crosscheck::CrosscheckSection;
use super::emulation::{self, EmulationWorkload};
use super::engine::EngineSection;
use super::goal::Goal;
use super::host::Host;
use super::race::{self, PerftRace};
use super::routine_table::RoutineSection;
use super::search::SearchSection;

/// The version of the JSON layout; it changes when a key changes meaning.
pub const SCHEMA: u32 = 2;

/// Everything one `bench` run measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchReport {
    /// The JSON layout's version ([`SCHEMA`]).
    pub schema: u32,
    /// The program's version.
    pub version: String,
    /// When the run began, in seconds since 1970 (UTC).
    pub started_at: u64,
    /// The host, described before the run.
    pub host: Host,
    /// The load averages after the run.
    pub load_average_after: Option<[f64; 3]>,
    /// A first look with reduced work (its verdicts on speed are indicative).
    pub quick: bool,
    /// Repetitions behind each median.
    pub repetitions: usize,
    /// The dashboard: every goal of the project, judged on this run's figures.
    pub goals: Vec<Goal>,
    /// What a reader must know to read the figures right.
    pub notes: Vec<String>,
    /// The emulation speed.
    pub emulation: Vec<EmulationWorkload>,
    /// The chip's own cost, kind of instruction by kind.
    pub chip: ChipSection,
    /// Exact T-states of the routines.
    pub routines: RoutineSection,
    /// Native perft against its peer.
    pub perft: Vec<PerftRace>,
    /// Cross-check throughput.
    pub crosscheck: CrosscheckSection,
    /// The native engine's speed.
    pub engine: EngineSection,
    /// The emulated search and the UCI session.
    pub search: SearchSection,
    /// Assembler speed.
    pub assembler: AssemblerRow,
    /// The machine's error when the second image ran away (runaway code): the report is
    /// still printed, and the command fails with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runaway: Option<String>,
}

/// The dashboard's sections in order, with the heading that says what their ratio is.
const SECTIONS: [(&str, &str); 7] = [
    (
        "emulation",
        "Emulation, exact T-states against bare iz80 (ratio: time over bare iz80's)",
    ),
    (
        "routines",
        "Z80 board routines, exact T-states (ratio: over the 1978 code's)",
    ),
    (
        "reference",
        "Native perft, every leaf move made, in turns (ratio: speed over the peer's)",
    ),
    (
        "crosscheck",
        "Cross-check throughput (ratio: speed over one thread's)",
    ),
    (
        "engine",
        "Native engine: Sargon's evaluation and search in Rust",
    ),
    (
        "search",
        "Emulated search and UCI (ratio: over the 1978 code's T, or of times or speeds)",
    ),
    (
        "assembler",
        "Assembler, all passes with symbols and listing",
    ),
];

impl BenchReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes")
    }

    /// The report as text: the header, the dashboard and the notes; with `details`, every
    /// section's own table after them.
    pub fn to_text(&self, details: bool) -> String {
        let mut s = String::new();
        self.header(&mut s);
        self.dashboard(&mut s);
        if !self.notes.is_empty() {
            s.push_str("\nNotes\n");
            for note in &self.notes {
                s.push_str(&wrap(note, MAX_WIDTH));
            }
        }
        if details {
            emulation::write_text(&self.emulation, &mut s);
            self.chip.write_text(&mut s);
            self.routines.write_text(&mut s);
            race::write_text(&self.perft, &mut s);
            self.crosscheck.write_text(&mut s);
            self.engine.write_text(&mut s);
            self.search.write_text(&mut s);
            self.assembler.write_text(&mut s);
        }
        s
    }

    fn header(&self, s: &mut String) {
        let h = &self.host;
        let kind = if self.quick {
            "quick first look"
        } else {
            "full run"
        };
        let _ = writeln!(
            s,
            "sargon-z80 bench {}: {kind}, {} build, {} repetitions, medians (min-max)",
            self.version, h.build, self.repetitions
        );
        let _ = writeln!(
            s,
            "host: {}, {} logical CPUs ({} available), {}",
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

    /// One table: per section a heading, per goal its figure, ratio and verdict.
    fn dashboard(&self, s: &mut String) {
        let mut table = TextTable::new(&["goal", "measured", "ratio", "verdict"])
            .right(&[1, 2])
            .wrap(0);
        for (section, heading) in SECTIONS {
            let rows: Vec<&Goal> = self.goals.iter().filter(|g| g.section == section).collect();
            if rows.is_empty() {
                continue;
            }
            table.heading(heading);
            for g in rows {
                table.row(vec![
                    g.goal.clone(),
                    g.measured_text(),
                    g.ratio_text(),
                    g.verdict(),
                ]);
            }
        }
        s.push('\n');
        s.push_str(&table.render());
    }
}
