//! The other issues' targets judged against a report's figures, and the notes that say how to
//! read them.

use std::time::Duration;

use super::report::{BenchReport, with_spread};
use super::target::{Status, Target};
use crate::text::{grouped, percent, ratio, seconds};

/// The depth of ABI section 9's perft, which the perft targets are stated for.
const SECTION_9_DEPTH: u32 = 4;

/// Our image's routine figures the targets of the routines issue are stated on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoutineFigures {
    /// GENMOV on the start position, T-states.
    pub genmov_start: u64,
    /// GENMOV on Kiwipete, T-states.
    pub genmov_kiwipete: u64,
    /// INCHK's mean over the perft.
    pub inchk_mean: f64,
    /// All routine calls of the perft from the start.
    pub perft_total: u64,
    /// The depth of that perft.
    pub perft_depth: u32,
    /// CODE_END - CODE_START, when exported.
    pub code_bytes: Option<u32>,
    /// The image's bytes.
    pub image_bytes: usize,
}

/// How the emulation was sliced, for the notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slicing {
    /// Turns each engine takes per repetition.
    pub slices: usize,
    /// The least length of a turn.
    pub slice: Duration,
}

impl BenchReport {
    /// Sets the targets of the other issues from the report's figures and `routines`. Speed
    /// targets are judged only in a full run, and the perft targets only at section 9's depth.
    pub fn judge(&mut self, routines: &RoutineFigures) {
        let full = !self.quick;
        let judged = |value: f64, limit: f64| {
            if full {
                Status::at_most(value, limit)
            } else {
                Status::NotMeasured
            }
        };
        let at_depth = |value: f64, limit: f64| {
            if routines.perft_depth == SECTION_9_DEPTH {
                Status::at_most(value, limit)
            } else {
                Status::NotMeasured
            }
        };
        let mut list = Vec::new();
        let mut push = |issue, target: &str, measured: String, status| {
            list.push(Target {
                issue,
                target: target.to_string(),
                measured,
                status,
            })
        };
        for w in &self.emulation {
            let vs_bare = w.engines[1].vs_bare;
            let extra_time = 1.0 / vs_bare.median - 1.0;
            push(
                8,
                &format!(
                    "exact timing costs at most 15% over bare iz80 ({})",
                    w.workload
                ),
                format!(
                    "{} time ({} speed, {}–{})",
                    percent(extra_time),
                    ratio(vs_bare.median),
                    ratio(vs_bare.min),
                    ratio(vs_bare.max)
                ),
                judged(extra_time, 0.15),
            );
        }
        let mut tracing_off = Vec::new();
        let mut unmeasurable = true;
        for w in &self.emulation {
            let extra = w.tracing_off_extra;
            unmeasurable &= extra.median.abs() <= 0.02 || (extra.min <= 0.0 && 0.0 <= extra.max);
            tracing_off.push(format!(
                "{} {} ({} to {})",
                w.workload,
                percent(extra.median),
                percent(extra.min),
                percent(extra.max)
            ));
        }
        push(
            8,
            "tracing off costs nothing measurable (vs no tracing code)",
            format!("extra time: {}", tracing_off.join(", ")),
            match (full, unmeasurable) {
                (false, _) => Status::NotMeasured,
                (true, true) => Status::Met,
                (true, false) => Status::NotMet,
            },
        );
        push(
            3,
            "native perft >= 0.7x cozy-chess, standard rules (start D6, Kiwipete D5)",
            "cozy-chess is a dev-dependency: cargo bench --bench reference".to_string(),
            Status::NotMeasured,
        );
        let t = |x: f64| format!("{} T", grouped(x.round() as u64));
        let depth = routines.perft_depth;
        push(
            4,
            "GENMOV start position <= 25,000 T",
            t(routines.genmov_start as f64),
            Status::at_most(routines.genmov_start as f64, 25_000.0),
        );
        push(
            4,
            "GENMOV Kiwipete <= 48,000 T",
            t(routines.genmov_kiwipete as f64),
            Status::at_most(routines.genmov_kiwipete as f64, 48_000.0),
        );
        push(
            4,
            "INCHK mean over perft(4) from the start <= 3,200 T",
            format!("{} (perft({depth}))", t(routines.inchk_mean)),
            at_depth(routines.inchk_mean, 3_200.0),
        );
        push(
            4,
            "perft(4) from the start, all calls <= 980,000,000 T",
            format!("{} (perft({depth}))", t(routines.perft_total as f64)),
            at_depth(routines.perft_total as f64, 980_000_000.0),
        );
        push(
            4,
            "image size stated",
            format!(
                "{} bytes of code, {} bytes of image",
                routines
                    .code_bytes
                    .map_or("?".to_string(), |b| grouped(u64::from(b))),
                grouped(routines.image_bytes as u64)
            ),
            Status::Quoted,
        );
        let c = &self.crosscheck;
        if let Some(all) = c.runs.last() {
            push(
                5,
                "default crosscheck under one minute on 2 cores",
                format!(
                    "{} with {} threads on {} cores",
                    seconds(all.wall_seconds.median),
                    all.threads,
                    self.host.available_parallelism
                ),
                judged(all.wall_seconds.median, 59.999),
            );
        }
        push(
            5,
            "speed-up from 1 to 2 threads measured and quoted",
            c.speedup
                .map_or("one core only".to_string(), |s| with_spread(s, ratio)),
            if c.speedup.is_some() {
                Status::Quoted
            } else {
                Status::NotMeasured
            },
        );
        let a = &self.assembler;
        push(
            2,
            "a 10,000-line source assembles well under a second (at most 0.5 s)",
            format!(
                "{} for {} lines",
                seconds(a.seconds.median),
                grouped(a.lines as u64)
            ),
            judged(a.seconds.median, 0.5),
        );
        self.targets = list;
    }

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
            "cozy-chess is a dev-dependency, so it is not in this binary: the native/cozy-chess ratio comes from `cargo bench --bench reference` (`PERFT_DEEP=1` for the target's depths).".to_string(),
        ];
        if self.quick {
            notes.push("--quick: reduced work (perft(2), shallower reference perft, a small cross-check, 500 source lines); speed targets and targets that need the full work are not judged.".to_string());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::bench::{
        AssemblerRow, CrosscheckRun, CrosscheckSection, EmulationWorkload, Host, RoutineSection,
        Spread, Timed,
    };

    fn spread(x: f64) -> Spread {
        Spread::of(&[x])
    }

    /// A report whose exact timing runs at `exact` of bare iz80's speed.
    fn report(quick: bool, exact: f64) -> BenchReport {
        let t = |work| Timed { work, seconds: 1.0 };
        let samples = [
            vec![t(100)],
            vec![t((100.0 * exact) as u64)],
            vec![t(90)],
            vec![t(50)],
        ];
        BenchReport {
            host: Host {
                cpu: "test".to_string(),
                logical_cpus: 2,
                available_parallelism: 2,
                load_average: Some([0.1, 0.1, 0.1]),
                platform: "test".to_string(),
                build: "release",
            },
            load_average_after: None,
            quick,
            repetitions: 1,
            emulation: vec![EmulationWorkload::from_samples("loop", &samples, 10, 1)],
            routines: RoutineSection {
                images: Vec::new(),
                rows: Vec::new(),
            },
            reference: Vec::new(),
            crosscheck: CrosscheckSection {
                workload: "test".to_string(),
                runs: vec![CrosscheckRun {
                    threads: 2,
                    positions: 1,
                    nodes: 1,
                    mismatches: 0,
                    wall_seconds: spread(61.0),
                    positions_per_second: spread(1.0),
                    nodes_per_second: spread(1.0),
                }],
                speedup: Some(spread(1.9)),
            },
            assembler: AssemblerRow {
                lines: 10_000,
                seconds: spread(0.04),
                lines_per_second: spread(250_000.0),
            },
            targets: Vec::new(),
            notes: Vec::new(),
        }
    }

    const FIGURES: RoutineFigures = RoutineFigures {
        genmov_start: 25_001,
        genmov_kiwipete: 48_000,
        inchk_mean: 459.0,
        perft_total: 320_961_322,
        perft_depth: 4,
        code_bytes: Some(3_375),
        image_bytes: 3_631,
    };

    fn statuses(r: &BenchReport) -> Vec<(u32, Status)> {
        r.targets.iter().map(|t| (t.issue, t.status)).collect()
    }

    #[test]
    fn a_full_run_is_judged_on_every_target() {
        let mut r = report(false, 0.80);
        r.judge(&FIGURES);
        use Status::*;
        assert_eq!(
            statuses(&r),
            [
                (8, NotMet),
                (8, NotMet),
                (3, NotMeasured),
                (4, NotMet),
                (4, Met),
                (4, Met),
                (4, Met),
                (4, Quoted),
                (5, NotMet),
                (5, Quoted),
                (2, Met)
            ]
        );
        assert_eq!(
            r.targets[0].measured,
            "+25.0% time (0.80x speed, 0.80x–0.80x)"
        );
        assert_eq!(
            r.targets[1].measured,
            "extra time: loop +12.5% (+12.5% to +12.5%)"
        );
        assert_eq!(
            r.targets[7].measured,
            "3,375 bytes of code, 3,631 bytes of image"
        );
    }

    #[test]
    fn a_quick_run_judges_only_exact_figures() {
        let mut r = report(true, 0.95);
        r.judge(&RoutineFigures {
            perft_depth: 2,
            ..FIGURES
        });
        use Status::*;
        assert_eq!(
            statuses(&r),
            [
                (8, NotMeasured),
                (8, NotMeasured),
                (3, NotMeasured),
                (4, NotMet),
                (4, Met),
                (4, NotMeasured),
                (4, NotMeasured),
                (4, Quoted),
                (5, NotMeasured),
                (5, Quoted),
                (2, NotMeasured)
            ]
        );
        r.add_standing_notes(Slicing {
            slices: 10,
            slice: Duration::from_millis(2),
        });
        assert!(r.notes[0].contains("10 times, in slices of 2 ms"));
        assert!(r.notes.iter().any(|n| n.starts_with("--quick")));
    }
}
