//! Time for a search: the budget of a move, the move's clock, and the prediction of how long
//! the next PLYMAX takes.
//!
//! The 1978 search has no clock of its own; it searches to a fixed PLYMAX. Under a clock the
//! engine therefore searches PLYMAX 1, 2, 3 ... while the move's time lasts and answers from
//! the deepest level that finished. The prediction works in evaluations (exact and repeatable
//! for both the native and the emulated engine) and turns them into time with the rate
//! measured so far in this move; it decides how far past the target a level may run.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The growth from one PLYMAX to the next when too few levels are known: a step to an odd level
/// costs about eight times the level before (`SARGON_SEARCH.md` section 12), so this errs on the
/// side of stopping early.
const FIRST_GROWTH: f64 = 8.0;

/// The time a move may take, counted from the start of the move's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The move's time: levels are started until it is spent, and a level predicted to end
    /// after `hard` is cut here (the deepest finished level answers).
    pub target: Duration,
    /// The latest answer: a level predicted to finish by then may run on past `target`.
    pub hard: Duration,
}

/// The clock of one move, shared with the thread that answers the GUI: it starts with the
/// search, or later, at `ponderhit`, when the engine pondered on the opponent's time.
#[derive(Debug)]
pub struct MoveTimer {
    base: Instant,
    /// Nanoseconds after `base` at which the clock started; [`NOT_STARTED`] while pondering.
    started: AtomicU64,
}

const NOT_STARTED: u64 = u64::MAX;

impl MoveTimer {
    /// A clock running from now.
    pub fn running() -> MoveTimer {
        MoveTimer {
            base: Instant::now(),
            started: AtomicU64::new(0),
        }
    }

    /// A clock that starts at [`MoveTimer::start`] (pondering).
    pub fn waiting() -> MoveTimer {
        MoveTimer {
            base: Instant::now(),
            started: AtomicU64::new(NOT_STARTED),
        }
    }

    /// Starts a waiting clock now; a running one keeps its start.
    pub fn start(&self) {
        let now = self
            .base
            .elapsed()
            .as_nanos()
            .min(u128::from(NOT_STARTED - 1)) as u64;
        let _ =
            self.started
                .compare_exchange(NOT_STARTED, now, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// True once the clock runs.
    pub fn is_running(&self) -> bool {
        self.started.load(Ordering::Relaxed) != NOT_STARTED
    }

    /// The time since the clock started; None while it waits.
    #[inline]
    pub fn elapsed(&self) -> Option<Duration> {
        match self.started.load(Ordering::Relaxed) {
            NOT_STARTED => None,
            at => Some(self.base.elapsed().saturating_sub(Duration::from_nanos(at))),
        }
    }
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

    /// True when the next level is predicted to end within `limit`, counting from the start
    /// of the move (`spent` already gone).
    pub fn next_fits(&self, spent: Duration, limit: Duration) -> bool {
        spent + self.predicted_time() <= limit
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

    #[test]
    fn a_waiting_clock_starts_once() {
        let timer = MoveTimer::waiting();
        assert!(!timer.is_running());
        assert_eq!(timer.elapsed(), None);
        timer.start();
        let first = timer.elapsed().unwrap();
        std::thread::sleep(ms(2));
        timer.start();
        assert!(
            timer.elapsed().unwrap() >= first + ms(2),
            "the first start stays"
        );
        assert!(MoveTimer::running().is_running());
    }
}
