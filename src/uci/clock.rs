//! How long a move may take, from the arguments of `go`.

use std::time::Duration;

use super::go::GoParams;
use crate::game::Budget;

/// Kept back from every clock so that the move arrives before the flag falls, whatever the
/// GUI's lag.
const SAFETY: Duration = Duration::from_millis(50);
/// Moves assumed left when the GUI does not say (sudden death).
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The budget for this move, or `None` when the search is limited by depth only (or not at
/// all: `infinite`). Under `ponder` it is the budget that counts from `ponderhit`.
///
/// A move time is used whole, less the safety margin. With a clock, the move's time (the
/// target) is the remaining time over the moves to go plus three quarters of the increment, at
/// most half of what is left; a level predicted to finish within three times that (and that
/// half) may run on past it.
pub fn budget(params: &GoParams, white_to_move: bool) -> Option<Budget> {
    if params.infinite {
        return None;
    }
    if let Some(movetime) = params.movetime {
        let time = movetime.saturating_sub(SAFETY.min(movetime / 10));
        return Some(Budget {
            target: time,
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
    let target = (usable / moves + increment * 3 / 4).min(usable / 2);
    let hard = (target * 3).min(usable / 2);
    Some(Budget { target, hard })
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
        assert_eq!(budget.target, Duration::from_nanos(31_666_666 + 75_000_000));
        assert_eq!(budget.hard, Duration::from_nanos(3 * 106_666_666));
        let low = GoParams {
            btime: Some(ms(60)),
            ..GoParams::default()
        };
        let budget = super::budget(&low, false).unwrap();
        assert_eq!(budget.target, Duration::from_nanos(333_333));
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
}
