//! The emulated search's place on the dashboard: the built-in image's FNDMOV (its own
//! evaluation and search, driven through the search ABI) against the 1978 program, its speed,
//! what watching it costs, the native engine against it, and the UCI session's answers.
//!
//! - `search.own_vs_1978`: the built-in image's FNDMOV T-states over the 1978 program's on the
//!   same searches ([`SEARCH_COSTS`](super::SEARCH_COSTS): the start position at PLYMAX 3 in a quick run, five
//!   positions in a full one), exact and measured once: their T-states added up over the 1978
//!   program's, at most 0.50x.
//! - `search.tstates_per_second.own`: emulated T-states per second of the built-in image's
//!   search of the start position (PLYMAX 3, 2 in a quick run) as a user runs it, quoted.
//! - `search.tstates_per_second.1978`: the same for the image `--rom`/`--sym` names, timed in
//!   turns with the built-in one; called the 1978 search only when its T-states are the 1978
//!   program's on that search. Without a second image the row is skipped and says why.
//! - `search.watch_overhead`: the search with every evaluation recorded (as a trace tool keeps
//!   them) over the same search unwatched, a time ratio taken in turns, at most 1.10x.
//! - `engine.vs_emulated_1978`: the native engine's speed over the emulated search of the same
//!   tree (same position and PLYMAX; the built-in image makes the 1978 program's decisions),
//!   at least 200x.
//! - `search.jupiter_vs_think`: the same search as a whole program run free on the Jupiter III
//!   (its T-states checked equal to `think`'s) over `think`'s call of FNDMOV, a time ratio
//!   taken in turns: no slower. The two run the same step loop (callgrind counts the same host
//!   instructions per emulated one to 0.01%), so the limit, 1.02x, leaves room only for the
//!   noise of wall time.
//! - `search.jupiter_pacing`: the clock a run paced at 4 MHz kept over a minute (half a second
//!   in a quick run), T-states over wall time, over 4 MHz: within 1%, at least 0.99x (the
//!   pacer never runs ahead of the clock).
//! - `uci.latency`: the slower of the slowest `readyok` and of `stop` to `bestmove` during an
//!   emulated search, per search, at most 10 ms ([`super::uci_latency`]).
//!
//! The search as an emulation workload (`emulation.tracing_off.search`, against bare iz80) is
//! a row of the emulation section, measured in `emulation.rs`.

use std::fmt::Write;

use serde::Serialize;

use crate::text::{Quantity, TextTable, grouped};

use super::goal::{Figure, Goal, Judged, Limit, Unit};
use super::jupiter::JupiterTiming;
use super::search_cost::SearchCost;
use super::search_timing::SearchTiming;
use super::stats::Spread;
use super::uci_latency::UciLatency;

/// The emulated search's and the UCI session's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchSection {
    /// Exact T-states beside the 1978 program's, the start position first.
    pub costs: Vec<SearchCost>,
    /// The timed searches.
    pub timing: SearchTiming,
    /// The same search as a whole program on the Jupiter III, and a paced run.
    pub jupiter: JupiterTiming,
    /// The UCI session's answers.
    pub uci: UciLatency,
}

impl SearchSection {
    /// The dashboard's rows, in order.
    pub(super) fn goals(&self) -> Vec<Goal> {
        let t = &self.timing;
        vec![
            self.cost_goal(),
            self.other_goal(),
            Goal::measured(
                "search.tstates_per_second.own",
                "search",
                &format!("own search emulated, PLYMAX {}, T/s", t.plymax),
                Figure::new(t.tstates_per_second, Unit::TStatesPerSecond),
                None,
                None,
            ),
            Goal::measured(
                "search.watch_overhead",
                "search",
                "every evaluation recorded <= 1.10x time",
                Figure::new(t.seconds, Unit::Seconds),
                Some(t.watch_overhead),
                Some(Limit::at_most(Judged::Ratio, 1.10)),
            ),
            self.native_goal(),
            Goal::measured(
                "search.jupiter_vs_think",
                "search",
                &format!(
                    "Jupiter III whole program <= 1.02x think, PLYMAX {}",
                    self.jupiter.plymax
                ),
                Figure::new(self.jupiter.seconds, Unit::Seconds),
                Some(self.jupiter.vs_think),
                Some(Limit::at_most(Judged::Ratio, 1.02)),
            ),
            self.pacing_goal(),
            Goal::measured(
                "uci.latency",
                "search",
                "UCI isready and stop < 10 ms",
                Figure::new(self.uci.slowest, Unit::Seconds),
                None,
                Some(Limit::at_most(Judged::Figure, 0.010)),
            ),
        ]
    }

    /// The T-states of all the searches over the 1978 program's on them.
    fn cost_goal(&self) -> Goal {
        let own: u64 = self.costs.iter().map(|c| c.tstates).sum();
        let theirs: u64 = self.costs.iter().map(|c| c.tstates_1978).sum();
        let searched = match self.costs.as_slice() {
            [one] => one.position.clone(),
            all => format!("{} positions", all.len()),
        };
        Goal::measured(
            "search.own_vs_1978",
            "search",
            &format!("own <= 0.50x 1978 T, PLYMAX 3, {searched}"),
            Figure::exact(own as f64, Unit::TStates),
            Some(Spread::of(&[own as f64 / theirs as f64])),
            Some(Limit::at_most(Judged::Ratio, 0.5)),
        )
    }

    /// The native search against the emulated 1978 program: measured when the second image is
    /// it; otherwise the 1978 program's exact T-states for this search at the emulation speed
    /// the built-in image's search was measured at (the machine's T-states per second hardly
    /// depend on the code, and the tree is the same).
    fn native_goal(&self) -> Goal {
        let t = &self.timing;
        let (whose, speedup) = match &t.other {
            Some(o) if o.is_1978 => ("1978 image", o.native_speedup),
            _ => (
                "1978 emulated",
                t.native_speedup
                    .scaled(t.tstates_1978 as f64 / t.tstates as f64),
            ),
        };
        Goal::measured(
            "engine.vs_emulated_1978",
            "search",
            &format!("native >= 200x {whose}, PLYMAX {}", t.plymax),
            Figure::new(t.native_seconds, Unit::Seconds),
            Some(speedup),
            Some(Limit::at_least(Judged::Ratio, 200.0)),
        )
    }

    /// The paced run's clock over the chosen one.
    fn pacing_goal(&self) -> Goal {
        let j = &self.jupiter;
        Goal::measured(
            "search.jupiter_pacing",
            "search",
            &format!(
                "paced {} MHz within 1% over {}",
                j.paced_mhz,
                crate::text::duration(std::time::Duration::from_secs_f64(j.paced_seconds))
            ),
            Figure::exact(j.paced_rate, Unit::TStatesPerSecond),
            Some(Spread::of(&[j.paced_rate / (j.paced_mhz * 1e6)])),
            Some(Limit::at_least(Judged::Ratio, 0.99)),
        )
    }

    fn other_goal(&self) -> Goal {
        let id = "search.tstates_per_second.1978";
        let plymax = self.timing.plymax;
        let Some(other) = &self.timing.other else {
            let why = self
                .timing
                .other_error
                .clone()
                .unwrap_or_else(|| "no 1978 image (--rom)".to_string());
            let goal = format!("1978 search emulated, PLYMAX {plymax}, T/s");
            return Goal::skipped(id, "search", &goal, &why);
        };
        let whose = if other.is_1978 {
            "1978".to_string()
        } else {
            format!("{} (not 1978 T)", other.name)
        };
        Goal::measured(
            id,
            "search",
            &format!("{whose} search emulated, PLYMAX {plymax}, T/s"),
            Figure::new(other.tstates_per_second, Unit::TStatesPerSecond),
            None,
            None,
        )
    }

    /// The details table: each search's exact cost beside the 1978 program's, then the timed
    /// search and the UCI session.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut table = TextTable::new(&[
            "search",
            "evaluations",
            "T-states",
            "1978 T-states",
            "ratio",
        ])
        .right(&[1, 2, 3, 4]);
        for c in &self.costs {
            table.row(vec![
                format!("{}, PLYMAX {}", c.position, c.plymax),
                grouped(c.evaluations),
                grouped(c.tstates),
                grouped(c.tstates_1978),
                Spread::of(&[c.ratio]).text(Quantity::Ratio),
            ]);
        }
        let _ = write!(
            s,
            "\nEmulated search: the built-in image's FNDMOV beside the 1978 program's\n{}",
            table.render()
        );
        self.write_timing(s);
    }

    fn write_timing(&self, s: &mut String) {
        let mut table = TextTable::new(&["timed", "figure"]).right(&[1]);
        for (what, figure) in self.own_timing_rows().into_iter().chain(self.other_rows()) {
            table.row(vec![what, figure]);
        }
        let _ = write!(s, "{}", table.render());
    }

    /// The built-in image's search timed, watched and beside the native engine.
    fn own_timing_rows(&self) -> Vec<(String, String)> {
        let t = &self.timing;
        let search = format!(
            "{}, PLYMAX {}, {} T",
            t.position,
            t.plymax,
            grouped(t.tstates)
        );
        vec![
            (format!("{search}: time"), t.seconds.text(Quantity::Seconds)),
            (
                format!("{search}: speed"),
                t.tstates_per_second.text(Quantity::Rate("T")),
            ),
            (
                "every evaluation recorded over unwatched, time".to_string(),
                t.watch_overhead.text(Quantity::Ratio),
            ),
            (
                "native search of the same tree, time".to_string(),
                t.native_seconds.text(Quantity::Seconds),
            ),
            (
                "native over emulated own search, speed".to_string(),
                t.native_speedup.text(Quantity::Ratio),
            ),
            (
                format!(
                    "native over {} 1978 T at the own search's T/s",
                    grouped(t.tstates_1978)
                ),
                t.native_speedup
                    .scaled(t.tstates_1978 as f64 / t.tstates as f64)
                    .text(Quantity::Ratio),
            ),
        ]
    }

    /// The second image's search, when one was timed, and the UCI session's answers.
    fn other_rows(&self) -> Vec<(String, String)> {
        let u = &self.uci;
        let mut rows = Vec::new();
        if let Some(o) = &self.timing.other {
            rows.push((
                format!("{}, {} T: speed", o.name, grouped(o.tstates)),
                o.tstates_per_second.text(Quantity::Rate("T")),
            ));
            rows.push((
                format!("native over emulated {}, speed", o.name),
                o.native_speedup.text(Quantity::Ratio),
            ));
        }
        let j = &self.jupiter;
        rows.push((
            format!("Jupiter III whole program, {} T: time", grouped(j.tstates)),
            j.seconds.text(Quantity::Seconds),
        ));
        rows.push((
            "Jupiter III whole program over think's call, time".to_string(),
            j.vs_think.text(Quantity::Ratio),
        ));
        rows.push((
            "Jupiter III whole program over the bare call loop, time".to_string(),
            j.vs_call.text(Quantity::Ratio),
        ));
        rows.push((
            format!(
                "paced at {} MHz for {:.1} s: clock kept",
                j.paced_mhz, j.paced_seconds
            ),
            Spread::of(&[j.paced_rate]).text(Quantity::Rate("T")),
        ));
        rows.push((
            format!("UCI, {} searches: slowest readyok", u.searches),
            u.isready.text(Quantity::Seconds),
        ));
        rows.push((
            "UCI: stop to bestmove".to_string(),
            u.stop.text(Quantity::Seconds),
        ));
        rows
    }
}

/// A section with the built-in image's exact start-position figures and round timings, for
/// the report's tests.
#[cfg(test)]
pub(super) fn example(other: Option<super::OtherSearch>) -> SearchSection {
    let s = |x: f64| Spread::of(&[x]);
    SearchSection {
        costs: vec![SearchCost {
            position: "start".to_string(),
            plymax: 3,
            tstates: 37_507_418,
            instructions: 5_000_000,
            evaluations: 921,
            tstates_1978: 577_809_511,
            ratio: 37_507_418.0 / 577_809_511.0,
        }],
        timing: SearchTiming {
            position: "start".to_string(),
            plymax: 3,
            tstates: 37_507_418,
            tstates_1978: 577_809_511,
            evaluations: 921,
            tstates_per_second: s(375e6),
            seconds: s(0.1),
            watch_overhead: s(1.02),
            native_seconds: s(0.002),
            native_speedup: s(10.0),
            other,
            other_error: None,
            other_ran_away: false,
        },
        jupiter: JupiterTiming {
            position: "start".to_string(),
            plymax: 3,
            tstates: 37_507_418,
            seconds: s(0.095),
            vs_think: s(0.95),
            vs_call: s(1.01),
            paced_mhz: 4.0,
            paced_seconds: 60.01,
            paced_rate: 3_999_500.0,
        },
        uci: UciLatency {
            searches: 3,
            pings: 5,
            isready: s(0.000_01),
            stop: s(0.000_2),
            slowest: s(0.000_2),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::{OtherSearch, Status};

    fn rows(section: &SearchSection) -> Vec<(String, String, String, String, Status)> {
        section
            .goals()
            .iter()
            .map(|g| {
                (
                    g.id.clone(),
                    g.goal.clone(),
                    g.measured_text(),
                    g.ratio_text(),
                    g.status,
                )
            })
            .collect()
    }

    /// The rows of [`example`] without a second image: id, goal, measured, ratio, status.
    const WITHOUT_SECOND: [(&str, &str, &str, &str, Status); 8] = [
        (
            "search.own_vs_1978",
            "own <= 0.50x 1978 T, PLYMAX 3, start",
            "37,507,418 T",
            "0.06x",
            Status::Met,
        ),
        (
            "search.tstates_per_second.1978",
            "1978 search emulated, PLYMAX 3, T/s",
            "no 1978 image (--rom)",
            "",
            Status::NotMeasured,
        ),
        (
            "search.tstates_per_second.own",
            "own search emulated, PLYMAX 3, T/s",
            "375 M T/s",
            "",
            Status::Quoted,
        ),
        (
            "search.watch_overhead",
            "every evaluation recorded <= 1.10x time",
            "100 ms",
            "1.02x",
            Status::Met,
        ),
        (
            "engine.vs_emulated_1978",
            "native >= 200x 1978 emulated, PLYMAX 3",
            "2.00 ms",
            "154x",
            Status::NotMet,
        ),
        (
            "search.jupiter_vs_think",
            "Jupiter III whole program <= 1.02x think, PLYMAX 3",
            "95.0 ms",
            "0.95x",
            Status::Met,
        ),
        (
            "search.jupiter_pacing",
            "paced 4 MHz within 1% over 1 min 0.0 s",
            "4.00 M T/s",
            "1.00x",
            Status::Met,
        ),
        (
            "uci.latency",
            "UCI isready and stop < 10 ms",
            "200 us",
            "",
            Status::Met,
        ),
    ];

    #[test]
    fn the_rows_of_a_run_without_a_second_image() {
        let expected = WITHOUT_SECOND.map(|(id, goal, measured, ratio, status)| {
            let v = |s: &str| s.to_string();
            (v(id), v(goal), v(measured), v(ratio), status)
        });
        assert_eq!(rows(&example(None)), expected);
    }

    #[test]
    fn a_1978_image_is_named_only_when_its_t_states_are_the_1978_programs() {
        let other = |name: &str, is_1978| OtherSearch {
            name: name.to_string(),
            tstates: 577_809_511,
            is_1978,
            tstates_per_second: Spread::of(&[400e6]),
            native_speedup: Spread::of(&[700.0]),
        };
        let got = rows(&example(Some(other("sargon.bin", true))));
        assert_eq!(got[1].1, "1978 search emulated, PLYMAX 3, T/s");
        assert_eq!((got[1].2.as_str(), got[1].4), ("400 M T/s", Status::Quoted));
        assert_eq!(got[4].1, "native >= 200x 1978 image, PLYMAX 3");
        assert_eq!((got[4].3.as_str(), got[4].4), ("700x", Status::Met));
        let got = rows(&example(Some(other("mine.bin", false))));
        assert_eq!(
            got[1].1,
            "mine.bin (not 1978 T) search emulated, PLYMAX 3, T/s"
        );
        // Another image's search is not the 1978 program's: the estimate stands.
        assert_eq!(got[4].1, "native >= 200x 1978 emulated, PLYMAX 3");
    }
}
