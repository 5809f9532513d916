//! Repetitions, medians and spreads.

use std::time::{Duration, Instant};

use serde::Serialize;

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
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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

    /// The spread of the seconds of `samples`.
    pub fn seconds(samples: &[Timed]) -> Spread {
        Spread::of(&samples.iter().map(|t| t.seconds).collect::<Vec<_>>())
    }
}

/// Calls `unit` (one unit of work) again and again until at least `at_least` has passed.
pub fn time_for(at_least: Duration, mut unit: impl FnMut()) -> Timed {
    let started = Instant::now();
    let mut work = 0;
    loop {
        unit();
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

/// Runs every one of `runs` once per repetition, in turn, `reps` times; the samples of each run
/// in the order given.
pub fn interleaved(reps: usize, runs: &mut [&mut dyn FnMut() -> Timed]) -> Vec<Vec<Timed>> {
    let mut samples = vec![Vec::with_capacity(reps); runs.len()];
    for _ in 0..reps {
        for (run, out) in runs.iter_mut().zip(&mut samples) {
            out.push(run());
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
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || {
            order.borrow_mut().push('a');
            Timed {
                work: 2,
                seconds: 1.0,
            }
        };
        let mut b = || {
            order.borrow_mut().push('b');
            Timed {
                work: 1,
                seconds: 4.0,
            }
        };
        let samples = interleaved(3, &mut [&mut a, &mut b]);
        assert_eq!(order.into_inner(), ['a', 'b', 'a', 'b', 'a', 'b']);
        assert_eq!(Timed::rates(&samples[0]).median, 2.0);
        assert_eq!(Timed::seconds(&samples[1]).max, 4.0);
    }

    #[test]
    fn time_for_does_at_least_one_unit() {
        let mut units = 0;
        let timed = time_for(Duration::ZERO, || units += 1);
        assert_eq!((timed.work, units), (1, 1));
    }
}
