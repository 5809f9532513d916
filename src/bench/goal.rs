//! A row of the dashboard: one goal of the project, the figure a run measured for it (median
//! and range, with its unit), the ratio the goal is stated on, and the verdict.

use serde::Serialize;

use crate::text::{Quantity, quantity_range};

use super::stats::Spread;

/// How a measured figure stands against its goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Within the goal.
    Met,
    /// Outside the goal.
    NotMet,
    /// A figure the project quotes, without a threshold.
    Quoted,
    /// Not measured by this run (the row's note says why).
    NotMeasured,
    /// The goal stands, but what measures it is not built yet.
    Pending,
}

impl Status {
    /// Met when `value <= limit`.
    pub fn at_most(value: f64, limit: f64) -> Status {
        if value <= limit {
            Status::Met
        } else {
            Status::NotMet
        }
    }

    /// Met when `value >= limit`.
    pub fn at_least(value: f64, limit: f64) -> Status {
        if value >= limit {
            Status::Met
        } else {
            Status::NotMet
        }
    }

    /// The status as the table shows it.
    pub fn label(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::NotMet => "NOT MET",
            Status::Quoted => "quoted",
            Status::NotMeasured => "skipped",
            Status::Pending => "pending",
        }
    }
}

/// The unit of a measured figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// Exact Z80 T-states.
    TStates,
    /// Emulated T-states per second of wall time.
    TStatesPerSecond,
    /// Emulated instructions per second of wall time.
    InstructionsPerSecond,
    /// Perft leaf nodes per second.
    NodesPerSecond,
    /// Cross-checked positions per second.
    PositionsPerSecond,
    /// Evaluations (POINTS) per second.
    EvaluationsPerSecond,
    /// Source lines assembled per second.
    LinesPerSecond,
    /// Wall-clock seconds.
    Seconds,
    /// Bytes.
    Bytes,
}

impl Unit {
    /// How the text table writes a figure of this unit.
    pub fn quantity(self) -> Quantity {
        match self {
            Unit::TStates => Quantity::TStates,
            Unit::TStatesPerSecond => Quantity::Rate("T"),
            Unit::InstructionsPerSecond => Quantity::Rate("instr"),
            Unit::NodesPerSecond => Quantity::Rate("nodes"),
            Unit::PositionsPerSecond => Quantity::Rate("pos"),
            Unit::EvaluationsPerSecond => Quantity::Rate("evals"),
            Unit::LinesPerSecond => Quantity::Rate("lines"),
            Unit::Seconds => Quantity::Seconds,
            Unit::Bytes => Quantity::Bytes,
        }
    }
}

/// A measured figure: median and range over the repetitions (one value when exact).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Figure {
    /// Median, min and max.
    #[serde(flatten)]
    pub value: Spread,
    /// Its unit.
    pub unit: Unit,
}

impl Figure {
    /// A figure of `unit` with its spread.
    pub fn new(value: Spread, unit: Unit) -> Figure {
        Figure { value, unit }
    }

    /// An exact figure (the same in every run).
    pub fn exact(value: f64, unit: Unit) -> Figure {
        Figure::new(Spread::of(&[value]), unit)
    }

    /// `49.4 M nodes/s (38.9-49.9)`.
    pub fn text(&self) -> String {
        let v = self.value;
        quantity_range(v.median, v.min, v.max, self.unit.quantity())
    }
}

/// Which figure of a row its limit applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Judged {
    /// The measured figure.
    Figure,
    /// The ratio.
    Ratio,
}

/// A goal's threshold: `at_most` or `at_least` on the median of the figure or of the ratio.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Limit {
    /// What it applies to.
    pub on: Judged,
    /// The bound.
    pub bound: f64,
    /// True for "at least", false for "at most".
    pub at_least: bool,
}

impl Limit {
    /// The figure or ratio must not exceed `bound`.
    pub fn at_most(on: Judged, bound: f64) -> Limit {
        Limit {
            on,
            bound,
            at_least: false,
        }
    }

    /// The figure or ratio must reach `bound`.
    pub fn at_least(on: Judged, bound: f64) -> Limit {
        Limit {
            on,
            bound,
            at_least: true,
        }
    }
}

/// One goal of the project with what this run measured: a row of the dashboard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Goal {
    /// A stable key for tracking the row across runs (`reference.perft.start`).
    pub id: String,
    /// The section it belongs to: `emulation`, `routines`, `reference`, `crosscheck`,
    /// `engine`, `search` or `assembler`.
    pub section: &'static str,
    /// The goal in words.
    pub goal: String,
    /// The figure measured, if any.
    pub measured: Option<Figure>,
    /// The ratio the goal is stated on (or that sets the figure beside its yardstick).
    pub ratio: Option<Spread>,
    /// The threshold, when the goal has one.
    pub limit: Option<Limit>,
    /// Met, not met, quoted, skipped or pending.
    pub status: Status,
    /// Judged on a quick run's reduced work: a first look, not a verdict to quote.
    pub indicative: bool,
    /// Why a row has no figure, or what it was measured on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Goal {
    /// A row with a figure (and maybe a ratio), judged against `limit` when there is one:
    /// quoted without a limit.
    pub fn measured(
        id: &str,
        section: &'static str,
        goal: &str,
        figure: Figure,
        ratio: Option<Spread>,
        limit: Option<Limit>,
    ) -> Goal {
        let status = match limit {
            None => Status::Quoted,
            Some(l) => {
                let value = match l.on {
                    Judged::Figure => Some(figure.value.median),
                    Judged::Ratio => ratio.map(|r| r.median),
                };
                match (value, l.at_least) {
                    (None, _) => Status::NotMeasured,
                    (Some(v), true) => Status::at_least(v, l.bound),
                    (Some(v), false) => Status::at_most(v, l.bound),
                }
            }
        };
        Goal {
            id: id.to_string(),
            section,
            goal: goal.to_string(),
            measured: Some(figure),
            ratio,
            limit,
            status,
            indicative: false,
            note: None,
        }
    }

    /// A row this run could not measure, with the reason.
    pub fn skipped(id: &str, section: &'static str, goal: &str, why: &str) -> Goal {
        Goal {
            id: id.to_string(),
            section,
            goal: goal.to_string(),
            measured: None,
            ratio: None,
            limit: None,
            status: Status::NotMeasured,
            indicative: false,
            note: Some(why.to_string()),
        }
    }

    /// A goal whose measurement is not built yet: the dashboard keeps its place.
    pub fn pending(id: &str, section: &'static str, goal: &str, what: &str) -> Goal {
        Goal {
            status: Status::Pending,
            ..Goal::skipped(id, section, goal, what)
        }
    }

    /// Marks a judged row as a quick run's first look (its verdict in brackets).
    pub fn indicative(mut self, quick: bool) -> Goal {
        self.indicative |= quick && matches!(self.status, Status::Met | Status::NotMet);
        self
    }

    /// Adds a note shown after the figure.
    pub fn with_note(mut self, note: &str) -> Goal {
        self.note = Some(note.to_string());
        self
    }

    /// The verdict cell: `met`, `NOT MET`, `(met)` for a quick run's first look.
    pub fn verdict(&self) -> String {
        if self.indicative {
            format!("({})", self.status.label())
        } else {
            self.status.label().to_string()
        }
    }

    /// The measured cell: the figure with its range, or the note when there is none.
    pub fn measured_text(&self) -> String {
        match (&self.measured, &self.note) {
            (Some(f), _) => f.text(),
            (None, Some(note)) => note.clone(),
            (None, None) => "—".to_string(),
        }
    }

    /// The ratio cell.
    pub fn ratio_text(&self) -> String {
        self.ratio.map_or(String::new(), |r| {
            quantity_range(r.median, r.min, r.max, Quantity::Ratio)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_inclusive_and_judge_what_they_name() {
        assert_eq!(Status::at_most(25_000.0, 25_000.0), Status::Met);
        assert_eq!(Status::at_most(25_001.0, 25_000.0), Status::NotMet);
        assert_eq!(Status::at_least(1.0, 1.0), Status::Met);
        assert_eq!(
            serde_json::to_string(&Status::NotMet).unwrap(),
            "\"not-met\""
        );
        let t = Figure::exact(11_320.0, Unit::TStates);
        let vs = Some(Spread::of(&[0.227]));
        let by_figure = Limit::at_most(Judged::Figure, 25_000.0);
        let row = Goal::measured("r", "routines", "g", t, vs, Some(by_figure));
        assert_eq!(row.status, Status::Met);
        assert_eq!(
            (row.measured_text(), row.ratio_text()),
            ("11,320 T".into(), "0.23x".into())
        );
        let by_ratio = Limit::at_most(Judged::Ratio, 0.2);
        assert_eq!(
            Goal::measured("r", "routines", "g", t, vs, Some(by_ratio)).status,
            Status::NotMet
        );
        let quick = Goal::measured("r", "routines", "g", t, vs, Some(by_figure)).indicative(true);
        assert_eq!(quick.verdict(), "(met)");
        let pending = Goal::pending("s", "search", "g", "emulated search not built yet");
        assert_eq!(
            (pending.verdict(), pending.measured_text()),
            ("pending".into(), "emulated search not built yet".into())
        );
    }
}
