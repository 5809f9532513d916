//! The dashboard's rows for the emulation and the routines: each goal of the project judged
//! against a run's figures (the other sections' rows are in `judge_runs.rs`).

use super::chip::ChipSection;
use super::emulation::EmulationWorkload;
use super::goal::{Figure, Goal, Judged, Limit, Unit};
use super::report::BenchReport;
use super::routines::{BASELINE_1978, BASELINE_PERFT_DEPTH, RoutineCosts};
use super::stats::Spread;

/// Our image's routine figures the routine goals are stated on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoutineFigures {
    /// GENMOV on the start position, T-states.
    pub genmov_start: u64,
    /// GENMOV on Kiwipete, T-states.
    pub genmov_kiwipete: u64,
    /// INCHK's mean over the perft.
    pub inchk_mean: f64,
    /// MOVE's mean over the perft.
    pub move_mean: f64,
    /// UNMOVE's mean over the perft.
    pub unmove_mean: f64,
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
            move_mean: costs.move_mean,
            unmove_mean: costs.unmove_mean,
            perft_total: costs.perft_tstates,
            perft_depth: costs.perft_depth,
            code_bytes: costs.code_bytes,
            image_bytes: costs.image_bytes,
        }
    }
}

impl BenchReport {
    /// Sets the dashboard's rows from the report's figures, `routines` and the emulated
    /// search's rows (`search`), in table order. A quick run's verdicts on speed are marked as
    /// a first look; figures that need the full work are skipped.
    pub fn judge(&mut self, routines: &RoutineFigures, search: Vec<Goal>) {
        let quick = self.quick;
        let mut goals: Vec<Goal> = self.emulation.iter().flat_map(emulation_goals).collect();
        goals.extend(chip_goal(&self.chip));
        goals.extend(routine_goals(routines));
        goals.extend(self.perft_goals());
        goals.extend(self.crosscheck_goals());
        goals.extend(self.engine_goals());
        goals.extend(search);
        goals.extend(self.assembler_goals());
        // Exact T-states are the same in any run; every other figure is a quick run's first look.
        self.goals = goals
            .into_iter()
            .map(|g| {
                let exact = g.measured.is_some_and(|f| f.unit == Unit::TStates);
                let timed = g.section != "routines" && !exact;
                g.indicative(quick && timed)
            })
            .collect();
    }
}

/// A workload name as an id part: `GENMOV Kiwipete` -> `genmov_kiwipete`.
pub(super) fn slug(name: &str) -> String {
    name.to_lowercase().replace([' ', '-', ','], "_")
}

/// Exact timing with tracing off and on against bare iz80: time ratios, at most 1.10x and 1.25x.
fn emulation_goals(w: &EmulationWorkload) -> Vec<Goal> {
    [(1, "off", 1.10), (3, "on", 1.25)]
        .into_iter()
        .map(|(engine, tracing, bound)| {
            let e = &w.engines[engine];
            Goal::measured(
                &format!("emulation.tracing_{tracing}.{}", slug(&w.workload)),
                "emulation",
                &format!("tracing {tracing}, {}: <= {bound:.2}x", w.workload),
                Figure::new(e.tstates_per_second, Unit::TStatesPerSecond),
                Some(e.vs_bare.inverse()),
                Some(Limit::at_most(Judged::Ratio, bound)),
            )
        })
        .collect()
}

/// The chip beyond its timing where ordinary code pays for it: a loop of nothing but
/// WZ-setting instructions, its time over bare iz80's, quoted (the details list every kind).
fn chip_goal(chip: &ChipSection) -> Option<Goal> {
    let k = chip.kinds.first()?;
    Some(Goal::measured(
        "emulation.chip.wz_loop",
        "emulation",
        "the chip's WZ, a loop of WZ-setting instructions",
        Figure::new(k.machine, Unit::InstructionsPerSecond),
        Some(k.vs_bare),
        None,
    ))
}

/// One routine figure against its limit in T-states, beside the 1978 figure.
fn routine_goal(id: &str, goal: &str, value: f64, baseline: f64, limit: Option<f64>) -> Goal {
    Goal::measured(
        &format!("routines.{id}"),
        "routines",
        goal,
        Figure::exact(value, Unit::TStates),
        Some(Spread::of(&[value / baseline])),
        limit.map(|l| Limit::at_most(Judged::Figure, l)),
    )
}

/// The routines' exact T-states against their limits (ratios to the 1978 code beside them), and
/// the image size quoted.
fn routine_goals(r: &RoutineFigures) -> Vec<Goal> {
    let mut goals = genmov_goals(r);
    goals.extend(perft_call_goals(r));
    goals.push(image_goal(r));
    goals
}

/// GENMOV on the start position and on Kiwipete.
fn genmov_goals(r: &RoutineFigures) -> Vec<Goal> {
    let b = BASELINE_1978;
    vec![
        routine_goal(
            "genmov_start",
            "GENMOV start position <= 25,000 T",
            r.genmov_start as f64,
            b.genmov_start as f64,
            Some(25_000.0),
        ),
        routine_goal(
            "genmov_kiwipete",
            "GENMOV Kiwipete <= 48,000 T",
            r.genmov_kiwipete as f64,
            b.genmov_kiwipete as f64,
            Some(48_000.0),
        ),
    ]
}

/// The routines' means and all calls over a perft, judged only at section 9's depth (a quick
/// run's smaller perft skips them).
fn perft_call_goals(r: &RoutineFigures) -> Vec<Goal> {
    let b = BASELINE_1978;
    let perft = [
        (
            "inchk_mean",
            "INCHK, mean over perft(4) <= 3,200 T",
            r.inchk_mean,
            b.inchk_mean,
            Some(3_200.0),
        ),
        (
            "move_mean",
            "MOVE, mean over perft(4)",
            r.move_mean,
            b.move_mean,
            None,
        ),
        (
            "unmove_mean",
            "UNMOVE, mean over perft(4)",
            r.unmove_mean,
            b.unmove_mean,
            None,
        ),
        (
            "perft4_start",
            "perft(4), all calls <= 980,000,000 T",
            r.perft_total as f64,
            b.perft4_start as f64,
            Some(980_000_000.0),
        ),
    ];
    perft
        .into_iter()
        .map(|(id, goal, value, baseline, limit)| {
            if r.perft_depth == BASELINE_PERFT_DEPTH {
                routine_goal(id, goal, (value * 10.0).round() / 10.0, baseline, limit)
            } else {
                Goal::skipped(
                    &format!("routines.{id}"),
                    "routines",
                    goal,
                    &format!("perft({}) in a quick run", r.perft_depth),
                )
            }
        })
        .collect()
}

/// The image's size, quoted.
fn image_goal(r: &RoutineFigures) -> Goal {
    let code = r
        .code_bytes
        .map_or(String::new(), |c| format!(", {c} of them code and tables"));
    Goal::measured(
        "routines.image_bytes",
        "routines",
        "image size stated",
        Figure::exact(r.image_bytes as f64, Unit::Bytes),
        None,
        None,
    )
    .with_note(&format!("the image's bytes{code}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{
        AssemblerRow, CrosscheckRun, CrosscheckSection, EngineSection, Host, PeerSpeed, PerftRace,
        RoutineSection, SCHEMA, Slicing, Status, Timed,
    };
    use std::time::Duration;

    fn spread(x: f64) -> Spread {
        Spread::of(&[x])
    }

    fn run(threads: usize, wall: f64, positions_per_second: f64) -> CrosscheckRun {
        CrosscheckRun {
            threads,
            positions: 10_000,
            nodes: 10_000,
            mismatches: 0,
            wall_seconds: spread(wall),
            positions_per_second: spread(positions_per_second),
            nodes_per_second: spread(positions_per_second),
        }
    }

    fn host() -> Host {
        Host {
            cpu: "test".to_string(),
            logical_cpus: 2,
            available_parallelism: 2,
            load_average: Some([0.1, 0.1, 0.1]),
            platform: "test".to_string(),
            build: "release",
        }
    }

    /// The start position's perft at `perft` times the peer's speed.
    fn race(perft: f64) -> PerftRace {
        PerftRace {
            position: "start".to_string(),
            depth: 6,
            nodes: 119_060_324,
            reps: 1,
            ours: spread(50e6),
            peer: Some(PeerSpeed {
                name: "cozy-chess 0.3".to_string(),
                nodes_per_second: spread(50e6 / perft),
            }),
            ratio: Some(spread(perft)),
        }
    }

    /// A report whose exact timing with tracing off runs at `exact` of bare iz80's speed and
    /// whose perft runs at `perft` of the peer's.
    fn report(quick: bool, exact: f64, perft: f64) -> BenchReport {
        let t = |work| Timed { work, seconds: 1.0 };
        let samples = [
            vec![t(100)],
            vec![t((100.0 * exact) as u64)],
            vec![t(90)],
            vec![t(85)],
        ];
        BenchReport {
            schema: SCHEMA,
            version: "test".to_string(),
            started_at: 0,
            host: host(),
            load_average_after: None,
            quick,
            repetitions: 1,
            goals: Vec::new(),
            notes: Vec::new(),
            emulation: vec![EmulationWorkload::from_samples(
                "mixed loop",
                &samples,
                10,
                1,
            )],
            chip: ChipSection { kinds: Vec::new() },
            routines: RoutineSection {
                images: Vec::new(),
                rows: Vec::new(),
            },
            perft: vec![race(perft)],
            crosscheck: CrosscheckSection {
                workload: "test".to_string(),
                runs: vec![run(1, 1.9, 5_000.0), run(2, 1.0, 10_000.0)],
                speedup: Some(spread(1.9)),
                random_only: run(2, 0.5, 40_000.0),
            },
            engine: EngineSection {
                evaluation: Vec::new(),
                searches: Vec::new(),
                analysis: Vec::new(),
            },
            search: crate::bench::search::example(None),
            assembler: AssemblerRow {
                lines: 10_000,
                seconds: spread(0.04),
                lines_per_second: spread(250_000.0),
            },
            runaway: None,
        }
    }

    const FIGURES: RoutineFigures = RoutineFigures {
        genmov_start: 25_001,
        genmov_kiwipete: 48_000,
        inchk_mean: 459.0,
        move_mean: 176.5,
        unmove_mean: 199.8,
        perft_total: 320_961_322,
        perft_depth: 4,
        code_bytes: Some(3_375),
        image_bytes: 3_631,
    };

    fn rows(r: &BenchReport) -> Vec<(&str, Status, String)> {
        r.goals
            .iter()
            .map(|g| (g.id.as_str(), g.status, g.verdict()))
            .collect()
    }

    #[test]
    fn a_full_run_is_judged_on_every_goal() {
        let mut r = report(false, 0.80, 1.1);
        r.judge(&FIGURES, Vec::new());
        use Status::*;
        let v = |s: &str| s.to_string();
        assert_eq!(
            rows(&r),
            [
                ("emulation.tracing_off.mixed_loop", NotMet, v("NOT MET")),
                ("emulation.tracing_on.mixed_loop", Met, v("met")),
                ("routines.genmov_start", NotMet, v("NOT MET")),
                ("routines.genmov_kiwipete", Met, v("met")),
                ("routines.inchk_mean", Met, v("met")),
                ("routines.move_mean", Quoted, v("quoted")),
                ("routines.unmove_mean", Quoted, v("quoted")),
                ("routines.perft4_start", Met, v("met")),
                ("routines.image_bytes", Quoted, v("quoted")),
                ("reference.perft.start", Met, v("met")),
                ("crosscheck.million", Quoted, v("quoted")),
                ("crosscheck.speedup", Met, v("met")),
                ("crosscheck.default", Met, v("met")),
                ("assembler.10k_lines", Met, v("met")),
            ]
        );
        let off = &r.goals[0];
        assert_eq!(off.goal, "tracing off, mixed loop: <= 1.10x");
        assert_eq!(
            (off.measured_text(), off.ratio_text()),
            (v("800 T/s"), v("1.25x"))
        );
        let million = &r.goals[10];
        assert_eq!(million.measured_text(), "25.0 s");
        assert_eq!(r.goals[2].ratio_text(), "0.50x");
    }

    #[test]
    fn a_quick_run_marks_timed_verdicts_as_a_first_look() {
        let mut r = report(true, 0.99, 0.9);
        r.perft[0].depth = 5;
        r.assembler.lines = 500;
        r.judge(
            &RoutineFigures {
                perft_depth: 2,
                ..FIGURES
            },
            r.search.goals(),
        );
        use Status::*;
        let v = |s: &str| s.to_string();
        let got = rows(&r);
        assert_eq!(
            got[0],
            ("emulation.tracing_off.mixed_loop", Met, v("(met)"))
        );
        assert_eq!(got[2], ("routines.genmov_start", NotMet, v("NOT MET")));
        assert_eq!(got[4], ("routines.inchk_mean", NotMeasured, v("skipped")));
        assert_eq!(got[9], ("reference.perft.start", NotMet, v("(NOT MET)")));
        assert_eq!(got[12], ("crosscheck.default", NotMeasured, v("skipped")));
        // The search's exact T-states are judged as they stand; its timings are a first look.
        assert_eq!(got[13], ("search.own_vs_1978", Met, v("met")));
        assert_eq!(got[17], ("engine.vs_emulated_1978", NotMet, v("(NOT MET)")));
        assert_eq!(got[18], ("search.jupiter_vs_think", Met, v("(met)")));
        assert_eq!(got[19], ("search.jupiter_pacing", Met, v("(met)")));
        assert_eq!(got[20], ("uci.latency", Met, v("(met)")));
        assert_eq!(got[21], ("assembler.10k_lines", NotMeasured, v("skipped")));
        r.add_standing_notes(Slicing {
            slices: 10,
            slice: Duration::from_millis(5),
        });
        assert!(
            r.notes[0].contains("10 times in slices of 5 ms"),
            "{}",
            r.notes[0]
        );
        assert!(r.notes.iter().any(|n| n.starts_with("--quick")));
    }

    #[test]
    fn the_text_fits_100_columns() {
        let mut r = report(false, 0.9, 1.2);
        r.judge(
            &FIGURES,
            vec![Goal::pending(
                "uci.latency",
                "search",
                "UCI",
                "not measured yet",
            )],
        );
        r.add_standing_notes(Slicing {
            slices: 10,
            slice: Duration::from_millis(20),
        });
        let text = r.to_text(true);
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{} wide: {line}",
                line.chars().count()
            );
        }
        assert!(
            text.contains("\n  start D6 >= 1.00x cozy-chess 0.3"),
            "{text}"
        );
    }
}
