//! Emulation speed: the engines compared on a workload, and the figures drawn from their samples.

use serde::Serialize;

use super::stats::{Spread, Timed};

/// The engines, in the order their samples are given: bare iz80 (the yardstick), the machine
/// with tracing off, the machine's untraced loop called directly (no tracing code), the machine
/// with tracing on.
pub const ENGINES: [&str; 4] = [
    "bare iz80",
    "exact timing, tracing off",
    "exact timing, no tracing code",
    "exact timing, tracing on",
];

/// One engine's speed on an emulation workload.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineSpeed {
    /// One of [`ENGINES`].
    pub engine: String,
    /// Exact T-states emulated per second.
    pub tstates_per_second: Spread,
    /// Instructions per second.
    pub instructions_per_second: Spread,
    /// Its speed over bare iz80's, repetition by repetition (1.0 for bare iz80 itself).
    pub vs_bare: Spread,
}

/// An emulation workload and the engines run on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EmulationWorkload {
    /// Its name.
    pub workload: String,
    /// Exact T-states per call.
    pub tstates_per_call: u64,
    /// Instructions per call.
    pub instructions_per_call: u64,
    /// In the order of [`ENGINES`].
    pub engines: Vec<EngineSpeed>,
    /// The extra time of exact timing with tracing off over the same loop with no tracing
    /// code, repetition by repetition (negative: tracing off was the faster).
    pub tracing_off_extra: Spread,
}

impl EmulationWorkload {
    /// The figures of a workload whose every call costs `tstates` and `instructions`, from
    /// interleaved samples of calls, one sample list per engine in the order of [`ENGINES`].
    pub fn from_samples(
        name: &str,
        samples: &[Vec<Timed>; 4],
        tstates: u64,
        instructions: u64,
    ) -> EmulationWorkload {
        let engines = ENGINES
            .iter()
            .zip(samples)
            .map(|(engine, s)| {
                let calls_per_second = Timed::rates(s);
                EngineSpeed {
                    engine: engine.to_string(),
                    tstates_per_second: calls_per_second.scaled(tstates as f64),
                    instructions_per_second: calls_per_second.scaled(instructions as f64),
                    vs_bare: Timed::paired_ratios(s, &samples[0]),
                }
            })
            .collect();
        let untraced_over_off = Timed::paired_ratios(&samples[2], &samples[1]);
        EmulationWorkload {
            workload: name.to_string(),
            tstates_per_call: tstates,
            instructions_per_call: instructions,
            engines,
            tracing_off_extra: Spread {
                median: untraced_over_off.median - 1.0,
                min: untraced_over_off.min - 1.0,
                max: untraced_over_off.max - 1.0,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(work: u64, seconds: f64) -> Timed {
        Timed { work, seconds }
    }

    #[test]
    fn figures_from_samples() {
        let samples = [
            vec![timed(10, 1.0), timed(20, 1.0)],
            vec![timed(8, 1.0), timed(10, 1.0)],
            vec![timed(8, 1.0), timed(11, 1.0)],
            vec![timed(5, 1.0), timed(10, 1.0)],
        ];
        let w = EmulationWorkload::from_samples("loop", &samples, 100, 10);
        let off = &w.engines[1];
        assert_eq!(off.engine, "exact timing, tracing off");
        assert_eq!(off.tstates_per_second.median, 900.0);
        assert_eq!(off.instructions_per_second.max, 100.0);
        assert_eq!((off.vs_bare.min, off.vs_bare.max), (0.5, 0.8));
        assert_eq!(w.engines[0].vs_bare.median, 1.0);
        assert_eq!(w.tracing_off_extra.min, 0.0);
        assert!((w.tracing_off_extra.max - 0.1).abs() < 1e-12);
    }
}
