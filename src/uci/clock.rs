//! Time management: how long a move may take, and whether the next PLYMAX will fit.
//!
//! The 1978 search has no clock of its own; it searches to a fixed PLYMAX. Under a clock the
//! engine therefore searches PLYMAX 1, 2, 3 ... and starts the next level only while it is
//! predicted to finish in time. The prediction works in evaluations (exact and repeatable for
//! both the native and the emulated engine) and turns them into time with the rate measured
//! so far in this move.

use std::time::Duration;

use super::go::GoParams;

/// Kept back from every clock so that the move arrives before the flag falls, whatever the
/// GUI's lag.
const SAFETY: Duration = Duration::from_millis(50);
/// Moves assumed left when the GUI does not say (sudden death).
const DEFAULT_MOVES_TO_GO: u32 = 30;
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

/// The budget for this move, or `None` when the search is limited by depth only (or not at
/// all: `infinite`, `ponder`).
pub fn budget(params: &GoParams, white_to_move: bool) -> Option<Budget> {
    if params.infinite || params.ponder {
        return None;
    }
    if let Some(movetime) = params.movetime {
        let time = movetime.saturating_sub(SAFETY.min(movetime / 10));
        return Some(Budget {
            soft: time,
            hard: time,
        });
    }
    let (remaining, increment) = if white_to_move {
        (params.wtime?, params.winc.unwrap_or_default())
    } else {
        (params.btime?, params.binc.unwrap_or_default())
    };
    let usable = remaining.saturating_sub(SAFETY);
    let moves = params.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let soft = (usable / moves + increment * 3 / 4).min(usable / 2);
    let hard = (soft * 3).min(usable / 2);
    Some(Budget { soft, hard })
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
    fn clock_budget_leaves_room() {
        let params = GoParams {
            wtime: Some(ms(1000)),
            winc: Some(ms(100)),
            btime: Some(ms(1000)),
            ..GoParams::default()
        };
        let budget = budget(&params, true).unwrap();
        // 950 ms over 30 moves, plus three quarters of the increment; at most three times that.
        assert_eq!(budget.soft, Duration::from_nanos(31_666_666 + 75_000_000));
        assert_eq!(budget.hard, Duration::from_nanos(3 * 106_666_666));
        let low = GoParams {
            btime: Some(ms(60)),
            ..GoParams::default()
        };
        let budget = super::budget(&low, false).unwrap();
        assert_eq!(budget.soft, Duration::from_nanos(333_333));
        assert_eq!(budget.hard, Duration::from_nanos(999_999));
    }

    #[test]
    fn movetime_and_depth() {
        let params = GoParams {
            movetime: Some(ms(1000)),
            ..GoParams::default()
        };
        assert_eq!(budget(&params, true).unwrap().hard, ms(950));
        let depth = GoParams {
            depth: Some(3),
            ..GoParams::default()
        };
        assert_eq!(budget(&depth, true), None);
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
