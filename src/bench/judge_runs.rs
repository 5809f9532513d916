//! The dashboard's rows for the timed runs: the native perft against its peer, the cross-check's
//! throughput and scaling, the native engine, the assembler.

use super::crosscheck::MILLION;
use super::goal::{Figure, Goal, Judged, Limit, Unit};
use super::peers::PEER;
use super::report::BenchReport;
use super::stats::Spread;

/// The depths the perft goal is stated at, per position.
const GOAL_DEPTHS: [(&str, u32); 2] = [("start", 6), ("kiwipete", 5)];

impl BenchReport {
    /// Native perft at least as fast as the peer, per position; a shallower race (a quick run)
    /// is a first look at the goal's depth.
    pub(super) fn perft_goals(&self) -> Vec<Goal> {
        self.perft
            .iter()
            .map(|race| {
                let goal = format!("{} D{} >= 1.00x {PEER}", race.position, race.depth);
                let at_goal_depth = GOAL_DEPTHS.contains(&(race.position.as_str(), race.depth));
                let mut row = Goal::measured(
                    &format!("reference.perft.{}", race.position),
                    "reference",
                    &goal,
                    Figure::new(race.ours, Unit::NodesPerSecond),
                    race.ratio,
                    Some(Limit::at_least(Judged::Ratio, 1.0)),
                );
                if race.peer.is_none() {
                    row.note = Some("no peer in this build".to_string());
                } else if !at_goal_depth {
                    row.indicative = true;
                }
                row
            })
            .collect()
    }

    /// A million random positions extrapolated on all cores (a figure: the project no longer
    /// sets it a limit), the default run's speed-up, and its wall time.
    pub(super) fn crosscheck_goals(&self) -> Vec<Goal> {
        let c = &self.crosscheck;
        let cores = self.host.available_parallelism;
        let mut goals = vec![Goal::measured(
            "crosscheck.million",
            "crosscheck",
            &format!("1M random positions, {cores} cores"),
            Figure::new(c.random_only.extrapolated_seconds(MILLION), Unit::Seconds),
            None,
            None,
        )];
        let (Some(all), Some(speedup)) = (c.runs.last(), c.speedup) else {
            goals.push(Goal::skipped(
                "crosscheck.speedup",
                "crosscheck",
                "default run: 2 threads >= 1.80x speed",
                "one core only",
            ));
            return goals;
        };
        goals.push(Goal::measured(
            "crosscheck.speedup",
            "crosscheck",
            &format!("default run: {} threads >= 1.80x speed", all.threads),
            Figure::new(all.wall_seconds, Unit::Seconds),
            Some(speedup),
            Some(Limit::at_least(Judged::Ratio, 1.8)),
        ));
        let default = "default run (search included), 2 cores <= 2 s";
        goals.push(if self.quick {
            Goal::skipped(
                "crosscheck.default",
                "crosscheck",
                default,
                "a smaller run in --quick",
            )
        } else {
            Goal::measured(
                "crosscheck.default",
                "crosscheck",
                default,
                Figure::new(all.wall_seconds, Unit::Seconds),
                None,
                Some(Limit::at_most(Judged::Figure, 2.0)),
            )
        });
        goals
    }

    /// The native engine's evaluation speed and search times, quoted.
    pub(super) fn engine_goals(&self) -> Vec<Goal> {
        let e = &self.engine;
        let mut goals: Vec<Goal> = e
            .evaluation
            .iter()
            .map(|r| {
                Goal::measured(
                    &format!("engine.evaluation.{}", r.position),
                    "engine",
                    &format!("evaluation alone, {}", r.position),
                    Figure::new(r.evaluations_per_second, Unit::EvaluationsPerSecond),
                    None,
                    None,
                )
            })
            .collect();
        goals.extend(e.searches.iter().map(|r| {
            Goal::measured(
                &format!("engine.search.{}.{}", r.position, r.plymax),
                "engine",
                &format!("search, {} PLYMAX {}", r.position, r.plymax),
                Figure::new(r.seconds, Unit::Seconds),
                None,
                None,
            )
        }));
        goals.extend(e.analysis.iter().map(|r| {
            Goal::measured(
                &format!("engine.analysis.{}.{}", r.position, r.plymax),
                "engine",
                &format!("analysis, {} PLYMAX {} (once)", r.position, r.plymax),
                Figure::new(Spread::of(&[r.seconds]), Unit::Seconds),
                None,
                None,
            )
        }));
        goals
    }

    /// The generated source assembled within half a second (at full size only).
    pub(super) fn assembler_goals(&self) -> Vec<Goal> {
        let a = &self.assembler;
        let goal = "10,000-line source <= 0.5 s";
        let row = if a.lines >= 10_000 {
            Goal::measured(
                "assembler.10k_lines",
                "assembler",
                goal,
                Figure::new(a.seconds, Unit::Seconds),
                None,
                Some(Limit::at_most(Judged::Figure, 0.5)),
            )
        } else {
            Goal::skipped(
                "assembler.10k_lines",
                "assembler",
                goal,
                &format!("{} lines in --quick", a.lines),
            )
        };
        vec![row]
    }
}
