//! A goal of the project for one of its speeds, with what a run measured and how that stands.

use serde::Serialize;

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
    /// Not measured by this run (what measures it is named in `measured`).
    NotMeasured,
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

    /// The status as the table shows it.
    pub fn label(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::NotMet => "NOT MET",
            Status::Quoted => "quoted",
            Status::NotMeasured => "not measured here",
        }
    }
}

/// One goal of the project, with what this run measured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Goal {
    /// The section of the report whose figure it judges: `emulation`, `routines`,
    /// `reference`, `crosscheck` or `assembler`.
    pub section: &'static str,
    /// The goal.
    pub goal: String,
    /// What this run measured (or where it is measured).
    pub measured: String,
    /// Met or not.
    pub status: Status,
}

impl Goal {
    pub(super) fn new(section: &'static str, goal: &str, measured: String, status: Status) -> Goal {
        Goal {
            section,
            goal: goal.to_string(),
            measured,
            status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_inclusive() {
        assert_eq!(Status::at_most(25_000.0, 25_000.0), Status::Met);
        assert_eq!(Status::at_most(25_001.0, 25_000.0), Status::NotMet);
        assert_eq!(
            serde_json::to_string(&Status::NotMet).unwrap(),
            "\"not-met\""
        );
    }
}
