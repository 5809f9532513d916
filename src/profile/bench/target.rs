//! The targets other issues set, and whether a run met them.

use serde::Serialize;

/// How a measured figure stands against its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Within the target.
    Met,
    /// Outside the target.
    NotMet,
    /// A figure the issue asks to be quoted, without a threshold.
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

/// One target of another issue, with what this run measured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The issue that set it.
    pub issue: u32,
    /// The target as the issue states it.
    pub target: String,
    /// What this run measured (or where it is measured).
    pub measured: String,
    /// Met or not.
    pub status: Status,
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
