//! The one benchmark table: every section's figures, the targets, the host, as text or JSON.

use std::fmt::Write;

use serde::Serialize;

use super::emulation::EmulationWorkload;
use super::host::Host;
use super::stats::Spread;
use super::target::Target;
use crate::text::{TextTable, figure, grouped, ratio, seconds, short, wrap};

/// One image's figure for a routine measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineValue {
    /// The figure (T-states, or bytes for the size), None when the image could not be measured.
    pub value: Option<f64>,
    /// The figure over the 1978 baseline's.
    pub vs_1978: Option<f64>,
    /// Why there is no figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A routine measure: the 1978 baseline and each image's figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineRow {
    /// What is measured.
    pub measure: String,
    /// ABI section 9's figure.
    pub baseline_1978: Option<f64>,
    /// One per image, in the order of [`RoutineSection::images`].
    pub values: Vec<RoutineValue>,
}

/// Exact T-states of the board routines.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineSection {
    /// The images measured.
    pub images: Vec<String>,
    /// The measures.
    pub rows: Vec<RoutineRow>,
}

/// Native perft speed on one position in one rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReferenceRow {
    /// The position's name.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// "sargon" or "standard".
    pub rules: String,
    /// Leaf nodes counted.
    pub nodes: u64,
    /// Nodes per second.
    pub nodes_per_second: Spread,
}

/// A cross-check run with a given number of threads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrosscheckRun {
    /// Worker threads.
    pub threads: usize,
    /// Positions checked per run.
    pub positions: u64,
    /// Tree nodes compared per run.
    pub nodes: u64,
    /// Positions that disagreed (0 for a sound image).
    pub mismatches: usize,
    /// Wall-clock seconds per run.
    pub wall_seconds: Spread,
    /// Positions per second.
    pub positions_per_second: Spread,
    /// Nodes per second.
    pub nodes_per_second: Spread,
}

/// Cross-check throughput and its scaling with threads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrosscheckSection {
    /// What each run checks.
    pub workload: String,
    /// One thread first, then all cores.
    pub runs: Vec<CrosscheckRun>,
    /// Wall time with one thread over that with all cores, repetition by repetition.
    pub speedup: Option<Spread>,
}

/// Assembling a generated source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AssemblerRow {
    /// Source lines.
    pub lines: usize,
    /// Seconds per full assembly (all passes, binary, symbols, listing).
    pub seconds: Spread,
    /// Lines per second.
    pub lines_per_second: Spread,
}

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
    /// The other issues' targets.
    pub targets: Vec<Target>,
    /// What a reader must know to read the figures right.
    pub notes: Vec<String>,
}

/// `612.4 M (600.1 M–620.0 M)`: a median with its spread.
pub fn with_spread(s: Spread, fmt: impl Fn(f64) -> String) -> String {
    format!("{} ({}–{})", fmt(s.median), fmt(s.min), fmt(s.max))
}

impl BenchReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes")
    }

    /// The report as text: a header describing the host, then one table per section and the
    /// targets.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.header(&mut s);
        self.emulation_text(&mut s);
        self.routines_text(&mut s);
        self.reference_text(&mut s);
        self.crosscheck_text(&mut s);
        self.assembler_text(&mut s);
        let mut table = TextTable::new(&["issue", "target", "measured", "status"]);
        for t in &self.targets {
            table.row(vec![
                format!("#{}", t.issue),
                t.target.clone(),
                t.measured.clone(),
                t.status.label().to_string(),
            ]);
        }
        let _ = write!(s, "\nTargets of the other issues\n{}", table.render());
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

    fn emulation_text(&self, s: &mut String) {
        let mut table = TextTable::new(&[
            "workload",
            "engine",
            "T-states/s",
            "instructions/s",
            "vs bare iz80",
        ])
        .right(&[2, 3, 4]);
        for w in &self.emulation {
            let per_call = format!(
                "{} T, {} instr per call",
                grouped(w.tstates_per_call),
                grouped(w.instructions_per_call)
            );
            for (i, e) in w.engines.iter().enumerate() {
                let label = match i {
                    0 => w.workload.clone(),
                    1 => per_call.clone(),
                    _ => String::new(),
                };
                table.row(vec![
                    label,
                    e.engine.clone(),
                    with_spread(e.tstates_per_second, short),
                    with_spread(e.instructions_per_second, short),
                    if i == 0 {
                        ratio(e.vs_bare.median)
                    } else {
                        with_spread(e.vs_bare, ratio)
                    },
                ]);
            }
        }
        let _ = write!(
            s,
            "\nEmulation: the project's machine against bare iz80 on the same code\n{}",
            table.render()
        );
    }

    fn routines_text(&self, s: &mut String) {
        let r = &self.routines;
        let mut headings = vec!["measure".to_string(), "1978 code".to_string()];
        for image in &r.images {
            headings.push(image.clone());
            headings.push("vs 1978".to_string());
        }
        let headings: Vec<&str> = headings.iter().map(String::as_str).collect();
        let mut table = TextTable::new(&headings).right(&(1..headings.len()).collect::<Vec<_>>());
        for row in &r.rows {
            let mut cells = vec![
                row.measure.clone(),
                row.baseline_1978.map_or("—".to_string(), figure),
            ];
            for v in &row.values {
                match (v.value, &v.error) {
                    (Some(value), _) => {
                        cells.push(figure(value));
                        cells.push(v.vs_1978.map_or("—".to_string(), ratio));
                    }
                    (None, error) => {
                        cells.push(error.clone().unwrap_or_else(|| "—".to_string()));
                        cells.push("—".to_string());
                    }
                }
            }
            table.row(cells);
        }
        let _ = write!(
            s,
            "\nZ80 routines: exact T-states beside the 1978 code (ABI section 9)\n{}",
            table.render()
        );
    }

    fn reference_text(&self, s: &mut String) {
        let mut table =
            TextTable::new(&["position", "depth", "rules", "nodes", "nodes/s"]).right(&[1, 3, 4]);
        for r in &self.reference {
            table.row(vec![
                r.position.clone(),
                r.depth.to_string(),
                r.rules.clone(),
                grouped(r.nodes),
                with_spread(r.nodes_per_second, short),
            ]);
        }
        let _ = write!(
            s,
            "\nNative reference: perft, every leaf move made (no bulk counting)\n{}",
            table.render()
        );
    }

    fn crosscheck_text(&self, s: &mut String) {
        let c = &self.crosscheck;
        let mut table = TextTable::new(&[
            "threads",
            "positions",
            "nodes",
            "wall time",
            "positions/s",
            "nodes/s",
        ])
        .right(&[0, 1, 2, 3, 4, 5]);
        for run in &c.runs {
            table.row(vec![
                run.threads.to_string(),
                grouped(run.positions),
                grouped(run.nodes),
                with_spread(run.wall_seconds, seconds),
                with_spread(run.positions_per_second, short),
                with_spread(run.nodes_per_second, short),
            ]);
        }
        let _ = write!(s, "\nCross-check: {}\n{}", c.workload, table.render());
        if let (Some(speedup), Some(last)) = (c.speedup, c.runs.last()) {
            let _ = writeln!(
                s,
                "  speed-up 1 -> {} threads: {}; ideal {}",
                last.threads,
                with_spread(speedup, ratio),
                ratio(last.threads as f64)
            );
        }
    }

    fn assembler_text(&self, s: &mut String) {
        let a = &self.assembler;
        let mut table = TextTable::new(&["source", "time per assembly", "lines/s"]).right(&[1, 2]);
        table.row(vec![
            format!("{} generated lines", grouped(a.lines as u64)),
            with_spread(a.seconds, seconds),
            with_spread(a.lines_per_second, short),
        ]);
        let _ = write!(
            s,
            "\nAssembler: all passes, binary, symbol file and listing\n{}",
            table.render()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_median_with_its_spread() {
        let spread = Spread {
            median: 2.0,
            min: 1.0,
            max: 3.0,
        };
        assert_eq!(with_spread(spread, seconds), "2.00 s (1.00 s–3.00 s)");
    }
}
