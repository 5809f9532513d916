//! The project's goals for its speeds judged against a run's figures: each goal with what the
//! run measured and whether it is met.

use crate::text::{grouped, percent, ratio, seconds};

use super::goal::{Goal, Status};
use super::report::BenchReport;
use super::routines::RoutineCosts;
use super::stats::with_spread;

/// The depth of ABI section 9's perft, which the perft goals are stated for.
const SECTION_9_DEPTH: u32 = 4;

/// Our image's routine figures the routine goals are stated on.
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

impl RoutineFigures {
    /// The figures of one image's routine costs.
    pub fn of(costs: &RoutineCosts) -> RoutineFigures {
        RoutineFigures {
            genmov_start: costs.genmov_start.tstates,
            genmov_kiwipete: costs.genmov_kiwipete.tstates,
            inchk_mean: costs.inchk_mean,
            perft_total: costs.perft_tstates,
            perft_depth: costs.perft_depth,
            code_bytes: costs.code_bytes,
            image_bytes: costs.image_bytes,
        }
    }
}

/// `at_most` in a full run; a quick run's speeds say too little to judge.
fn judged(full: bool, value: f64, limit: f64) -> Status {
    if full {
        Status::at_most(value, limit)
    } else {
        Status::NotMeasured
    }
}

impl BenchReport {
    /// Sets the goals from the report's figures and `routines`. Speed goals are judged only in
    /// a full run, and the perft goals only at section 9's depth.
    pub fn judge(&mut self, routines: &RoutineFigures) {
        let full = !self.quick;
        let mut goals = self.emulation_goals(full);
        goals.push(Goal::new(
            "reference",
            "native perft >= 0.7x cozy-chess, standard rules (start D6, Kiwipete D5)",
            "cozy-chess is a dev-dependency: cargo bench --bench reference".to_string(),
            Status::NotMeasured,
        ));
        goals.extend(routine_goals(routines));
        goals.extend(self.crosscheck_goals(full));
        let a = &self.assembler;
        goals.push(Goal::new(
            "assembler",
            "a 10,000-line source assembles well under a second (at most 0.5 s)",
            format!(
                "{} for {} lines",
                seconds(a.seconds.median),
                grouped(a.lines as u64)
            ),
            judged(full, a.seconds.median, 0.5),
        ));
        self.goals = goals;
    }

    /// Exact timing against bare iz80 per workload, then tracing off against no tracing code.
    fn emulation_goals(&self, full: bool) -> Vec<Goal> {
        let mut goals = Vec::new();
        for w in &self.emulation {
            let vs_bare = w.engines[1].vs_bare;
            let extra_time = 1.0 / vs_bare.median - 1.0;
            goals.push(Goal::new(
                "emulation",
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
                judged(full, extra_time, 0.15),
            ));
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
        goals.push(Goal::new(
            "emulation",
            "tracing off costs nothing measurable (vs no tracing code)",
            format!("extra time: {}", tracing_off.join(", ")),
            match (full, unmeasurable) {
                (false, _) => Status::NotMeasured,
                (true, true) => Status::Met,
                (true, false) => Status::NotMet,
            },
        ));
        goals
    }

    /// The default run's wall time on all cores and its speed-up over one thread.
    fn crosscheck_goals(&self, full: bool) -> Vec<Goal> {
        let c = &self.crosscheck;
        let mut goals = Vec::new();
        if let Some(all) = c.runs.last() {
            goals.push(Goal::new(
                "crosscheck",
                "default crosscheck under one minute on 2 cores",
                format!(
                    "{} with {} threads on {} cores",
                    seconds(all.wall_seconds.median),
                    all.threads,
                    self.host.available_parallelism
                ),
                judged(full, all.wall_seconds.median, 59.999),
            ));
        }
        goals.push(Goal::new(
            "crosscheck",
            "speed-up from 1 to 2 threads measured and quoted",
            c.speedup
                .map_or("one core only".to_string(), |s| with_spread(s, ratio)),
            if c.speedup.is_some() {
                Status::Quoted
            } else {
                Status::NotMeasured
            },
        ));
        goals
    }
}

/// The routines' exact T-states against their limits, and the image size quoted.
fn routine_goals(routines: &RoutineFigures) -> Vec<Goal> {
    let at_depth = |value: f64, limit: f64| {
        if routines.perft_depth == SECTION_9_DEPTH {
            Status::at_most(value, limit)
        } else {
            Status::NotMeasured
        }
    };
    let t = |x: f64| format!("{} T", grouped(x.round() as u64));
    let depth = routines.perft_depth;
    let (start, kiwipete) = (
        routines.genmov_start as f64,
        routines.genmov_kiwipete as f64,
    );
    let perft = routines.perft_total as f64;
    let code = routines
        .code_bytes
        .map_or("?".to_string(), |b| grouped(u64::from(b)));
    vec![
        Goal::new(
            "routines",
            "GENMOV start position <= 25,000 T",
            t(start),
            Status::at_most(start, 25_000.0),
        ),
        Goal::new(
            "routines",
            "GENMOV Kiwipete <= 48,000 T",
            t(kiwipete),
            Status::at_most(kiwipete, 48_000.0),
        ),
        Goal::new(
            "routines",
            "INCHK mean over perft(4) from the start <= 3,200 T",
            format!("{} (perft({depth}))", t(routines.inchk_mean)),
            at_depth(routines.inchk_mean, 3_200.0),
        ),
        Goal::new(
            "routines",
            "perft(4) from the start, all calls <= 980,000,000 T",
            format!("{} (perft({depth}))", t(perft)),
            at_depth(perft, 980_000_000.0),
        ),
        Goal::new(
            "routines",
            "image size stated",
            format!(
                "{code} bytes of code, {} bytes of image",
                grouped(routines.image_bytes as u64)
            ),
            Status::Quoted,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{
        AssemblerRow, CrosscheckRun, CrosscheckSection, EmulationWorkload, Host, RoutineSection,
        Slicing, Spread, Timed,
    };
    use std::time::Duration;

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
            goals: Vec::new(),
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

    fn statuses(r: &BenchReport) -> Vec<(&'static str, Status)> {
        r.goals.iter().map(|g| (g.section, g.status)).collect()
    }

    #[test]
    fn a_full_run_is_judged_on_every_goal() {
        let mut r = report(false, 0.80);
        r.judge(&FIGURES);
        use Status::*;
        assert_eq!(
            statuses(&r),
            [
                ("emulation", NotMet),
                ("emulation", NotMet),
                ("reference", NotMeasured),
                ("routines", NotMet),
                ("routines", Met),
                ("routines", Met),
                ("routines", Met),
                ("routines", Quoted),
                ("crosscheck", NotMet),
                ("crosscheck", Quoted),
                ("assembler", Met)
            ]
        );
        assert_eq!(
            r.goals[0].measured,
            "+25.0% time (0.80x speed, 0.80x–0.80x)"
        );
        assert_eq!(
            r.goals[1].measured,
            "extra time: loop +12.5% (+12.5% to +12.5%)"
        );
        assert_eq!(
            r.goals[7].measured,
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
                ("emulation", NotMeasured),
                ("emulation", NotMeasured),
                ("reference", NotMeasured),
                ("routines", NotMet),
                ("routines", Met),
                ("routines", NotMeasured),
                ("routines", NotMeasured),
                ("routines", Quoted),
                ("crosscheck", NotMeasured),
                ("crosscheck", Quoted),
                ("assembler", NotMeasured)
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
