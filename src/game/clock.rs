//! Time for a search: the budget of a move and the prediction whether the next PLYMAX fits.
//!
//! The 1978 search has no clock of its own; it searches to a fixed PLYMAX. Under a clock the
//! engine therefore searches PLYMAX 1, 2, 3 ... and starts the next level only while it is
//! predicted to finish in time. The prediction works in evaluations (exact and repeatable for
//! both the native and the emulated engine) and turns them into time with the rate measured
//! so far in this move.

use std::time::Duration;

/// The growth from one PLYMAX to the next when too few levels are known: a step to an odd level
/// costs about eight times the level before (`SARGON_SEARCH.md` section 12), so this errs on the
/// side of stopping early.
const FIRST_GROWTH: f64 = 8.0;

/// The time a move may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Start no level predicted to end after this.
    pub soft: Duration,
    /// Abort the running level at this (the deepest completed level answers).
    pub hard: Duration,
}

/// What the completed levels of this move cost, for predicting the next one.
#[derive(Debug, Clone, Default)]
pub struct Levels {
    /// Evaluations per completed level, in order PLYMAX 1, 2, ...
    evaluations: Vec<u64>,
    /// Time of all completed levels together.
    elapsed: Duration,
}

impl Levels {
    /// Records a completed level.
    pub fn push(&mut self, evaluations: u64, time: Duration) {
        self.evaluations.push(evaluations.max(1));
        self.elapsed += time;
    }

    /// The predicted evaluations of the next level. Levels of the same parity grow alike (odd
    /// steps cost about eight times, even ones about three and a half), so with three levels
    /// known the next is the one two back times the latest two-level growth.
    pub fn predicted_evaluations(&self) -> u64 {
        let e = &self.evaluations;
        match e.len() {
            0 => 1,
            1 | 2 => (*e.last().unwrap_or(&1) as f64 * FIRST_GROWTH) as u64,
            n => {
                let growth = e[n - 1] as f64 / e[n - 3] as f64;
                (e[n - 2] as f64 * growth).max(e[n - 1] as f64) as u64
            }
        }
    }

    /// The predicted time of the next level at the rate measured so far.
    pub fn predicted_time(&self) -> Duration {
        let done: u64 = self.evaluations.iter().sum();
        if done == 0 {
            return Duration::ZERO;
        }
        let per_evaluation = self.elapsed.as_secs_f64() / done as f64;
        Duration::from_secs_f64(per_evaluation * self.predicted_evaluations() as f64)
    }

    /// True when the next level is predicted to end within `soft`, counting from the start
    /// of the move (`spent` already gone).
    pub fn next_fits(&self, spent: Duration, soft: Duration) -> bool {
        spent + self.predicted_time() <= soft
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn prediction_follows_parity() {
        let mut levels = Levels::default();
        levels.push(21, ms(1));
        assert_eq!(levels.predicted_evaluations(), 168);
        levels.push(118, ms(4));
        assert_eq!(levels.predicted_evaluations(), 944);
        levels.push(921, ms(30));
        // 118 * 921 / 21 = 5175: the start position's PLYMAX 4 took 3,100.
        assert_eq!(levels.predicted_evaluations(), 5175);
        assert!(levels.next_fits(ms(35), ms(300)));
        assert!(!levels.next_fits(ms(35), ms(100)));
    }
}
