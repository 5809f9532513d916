//! Repetitions, medians and spreads.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::text::{Quantity, quantity_range};

/// The median of repeated measurements and their extremes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    /// The median (the mean of the middle two for an even count).
    pub median: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
}

impl Spread {
    /// A ratio of speeds as a ratio of times: `1 / x`, its extremes swapped.
    pub fn inverse(self) -> Spread {
        Spread {
            median: 1.0 / self.median.max(1e-12),
            min: 1.0 / self.max.max(1e-12),
            max: 1.0 / self.min.max(1e-12),
        }
    }

    /// The spread of `values`; all zero when there are none.
    pub fn of(values: &[f64]) -> Spread {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        if n == 0 {
            return Spread {
                median: 0.0,
                min: 0.0,
                max: 0.0,
            };
        }
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        Spread {
            median,
            min: sorted[0],
            max: sorted[n - 1],
        }
    }

    /// Every value scaled by `factor` (which must not be negative).
    pub fn scaled(self, factor: f64) -> Spread {
        Spread {
            median: self.median * factor,
            min: self.min * factor,
            max: self.max * factor,
        }
    }

    /// The median with its range as a table cell: `49.4 M nodes/s (38.9-49.9)`.
    pub fn text(&self, q: Quantity) -> String {
        quantity_range(self.median, self.min, self.max, q)
    }

    /// (max - min) / median: how far apart the repetitions were.
    pub fn relative_width(&self) -> f64 {
        if self.median == 0.0 {
            0.0
        } else {
            (self.max - self.min) / self.median
        }
    }
}

/// One timed repetition: the units of work done (calls, nodes, ...) and the seconds they took.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Timed {
    /// Units of work done.
    pub work: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Timed {
    /// Work per second.
    pub fn rate(&self) -> f64 {
        self.work as f64 / self.seconds.max(1e-12)
    }

    /// The spread of the rates of `samples`.
    pub fn rates(samples: &[Timed]) -> Spread {
        Spread::of(&samples.iter().map(Timed::rate).collect::<Vec<_>>())
    }

    /// The spread of the ratios of `a`'s rate to `b`'s, repetition by repetition: runs that
    /// took turns within a repetition met the same conditions, so their ratio is steadier than
    /// the ratio of medians taken apart.
    pub fn paired_ratios(a: &[Timed], b: &[Timed]) -> Spread {
        Spread::of(
            &a.iter()
                .zip(b)
                .map(|(a, b)| a.rate() / b.rate())
                .collect::<Vec<_>>(),
        )
    }

    /// The spread of the seconds of `samples`.
    pub fn seconds(samples: &[Timed]) -> Spread {
        Spread::of(&samples.iter().map(|t| t.seconds).collect::<Vec<_>>())
    }
}

/// Calls `unit` (one unit of work) again and again until at least `at_least` has passed; its
/// results go through `black_box` so that the work cannot be optimised away.
pub fn time_for<R>(at_least: Duration, mut unit: impl FnMut() -> R) -> Timed {
    let started = Instant::now();
    let mut work = 0;
    loop {
        std::hint::black_box(unit());
        work += 1;
        let elapsed = started.elapsed();
        if elapsed >= at_least {
            return Timed {
                work,
                seconds: elapsed.as_secs_f64(),
            };
        }
    }
}

/// `reps` repetitions of `runs` runs: in each repetition `run(0)`, `run(1)`, ...
/// `run(runs - 1)` take turns `slices` times, and each run's slices add up to its sample for the
/// repetition. Fine slices make the runs of a repetition meet the same conditions.
pub fn interleaved(
    reps: usize,
    slices: usize,
    runs: usize,
    mut run: impl FnMut(usize) -> Timed,
) -> Vec<Vec<Timed>> {
    let mut samples = vec![Vec::with_capacity(reps); runs];
    for _ in 0..reps {
        let mut totals = vec![
            Timed {
                work: 0,
                seconds: 0.0
            };
            runs
        ];
        for _ in 0..slices.max(1) {
            for (i, total) in totals.iter_mut().enumerate() {
                let slice = run(i);
                total.work += slice.work;
                total.seconds += slice.seconds;
            }
        }
        for (out, total) in samples.iter_mut().zip(totals) {
            out.push(total);
        }
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_extremes() {
        let odd = Spread::of(&[3.0, 1.0, 2.0]);
        assert_eq!((odd.median, odd.min, odd.max), (2.0, 1.0, 3.0));
        let even = Spread::of(&[4.0, 1.0, 2.0, 8.0]);
        assert_eq!((even.median, even.min, even.max), (3.0, 1.0, 8.0));
        assert_eq!(even.relative_width(), 7.0 / 3.0);
        assert_eq!(Spread::of(&[]).median, 0.0);
        assert_eq!(odd.scaled(2.0), Spread::of(&[6.0, 2.0, 4.0]));
    }

    #[test]
    fn runs_take_turns() {
        let mut order = Vec::new();
        let samples = interleaved(3, 1, 2, |i| {
            order.push(i);
            Timed {
                work: [2, 1][i],
                seconds: [1.0, 4.0][i],
            }
        });
        assert_eq!(order, [0, 1, 0, 1, 0, 1]);
        assert_eq!(Timed::rates(&samples[0]).median, 2.0);
        assert_eq!(Timed::seconds(&samples[1]).max, 4.0);
        assert_eq!(Timed::paired_ratios(&samples[0], &samples[1]).median, 8.0);
        let sliced = interleaved(2, 3, 1, |_| Timed {
            work: 1,
            seconds: 0.5,
        });
        assert_eq!(
            sliced[0],
            [Timed {
                work: 3,
                seconds: 1.5
            }; 2]
        );
    }

    #[test]
    fn a_median_with_its_range() {
        let spread = Spread {
            median: 2.0,
            min: 1.0,
            max: 3.0,
        };
        assert_eq!(spread.text(Quantity::Seconds), "2.00 s (1.00-3.00)");
    }

    #[test]
    fn time_for_does_at_least_one_unit() {
        let mut units = 0;
        let timed = time_for(Duration::ZERO, || units += 1);
        assert_eq!((timed.work, units), (1, 1));
    }
}
