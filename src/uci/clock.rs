//! How long a move may take, from the arguments of `go`.

use std::time::Duration;

use super::go::GoParams;
use crate::game::Budget;

/// Kept back from every clock so that the move arrives before the flag falls, whatever the
/// GUI's lag.
const SAFETY: Duration = Duration::from_millis(50);
/// Moves assumed left when the GUI does not say (sudden death).
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Moves a repeating control's time is shared over beyond those to go: the slack that a level
/// which runs past its share takes from, so the moves after it keep theirs.
const SLACK_MOVES: u32 = 2;
/// The most kept for a repeating control: a second, or a tenth of the control's time when
/// that is less ([`reserve`]).
const MOST_RESERVE: Duration = Duration::from_secs(1);

/// What a repeating control keeps back for its last move: a second or a tenth of the
/// control's time (`period`, the clock when the control began), whichever is less.
pub fn reserve(period: Duration) -> Duration {
    MOST_RESERVE.min(period / 10)
}

/// The budget for this move, or `None` when the search is limited by depth only (or not at
/// all: `infinite`, or a clock for the other side only). Under `ponder` it is the budget that
/// counts from `ponderhit`. `kept` is what a repeating control keeps for its end ([`reserve`]).
///
/// A move time is used whole, less the safety margin. With a clock, the move's time (the
/// target) is the usable time (the remaining time less the safety margin and `kept`) over the
/// moves to go, plus three quarters of the increment, at most half of the usable time; a level
/// predicted to finish within three times that (and that half) may run on past it. A repeating
/// control shares its time over two moves more than are to go, and a level may run on only so
/// far that the moves after it keep that share each.
pub fn budget(params: &GoParams, white_to_move: bool, kept: Duration) -> Option<Budget> {
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
    let (remaining, increment) = params.own_clock(white_to_move)?;
    let Some(to_go) = params.movestogo else {
        let usable = remaining.saturating_sub(SAFETY);
        let target = (usable / DEFAULT_MOVES_TO_GO + increment * 3 / 4).min(usable / 2);
        let hard = (target * 3).min(usable / 2);
        return Some(Budget { target, hard });
    };
    let usable = remaining.saturating_sub(SAFETY + kept);
    let share = usable / to_go.saturating_add(SLACK_MOVES);
    let most = if to_go > 1 { usable / 2 } else { usable };
    let target = (share + increment * 3 / 4).min(most);
    let others = share * (to_go - 1);
    let hard = (target * 3).min(most).min(usable.saturating_sub(others));
    Some(Budget {
        target,
        hard: hard.max(target),
    })
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
        let budget = budget(&params, true, Duration::ZERO).unwrap();
        // 950 ms over 30 moves, plus three quarters of the increment; at most three times that.
        assert_eq!(budget.target, Duration::from_nanos(31_666_666 + 75_000_000));
        assert_eq!(budget.hard, Duration::from_nanos(3 * 106_666_666));
        let low = GoParams {
            btime: Some(ms(60)),
            ..GoParams::default()
        };
        let budget = super::budget(&low, false, Duration::ZERO).unwrap();
        assert_eq!(budget.target, Duration::from_nanos(333_333));
        assert_eq!(budget.hard, Duration::from_nanos(999_999));
    }

    #[test]
    fn movetime_depth_and_the_other_sides_clock() {
        let params = GoParams {
            movetime: Some(ms(1000)),
            ..GoParams::default()
        };
        assert_eq!(budget(&params, true, Duration::ZERO).unwrap().hard, ms(950));
        let depth = GoParams {
            depth: Some(3),
            ..GoParams::default()
        };
        assert_eq!(budget(&depth, true, Duration::ZERO), None);
        let theirs = GoParams {
            btime: Some(ms(1000)),
            ..GoParams::default()
        };
        assert_eq!(budget(&theirs, true, Duration::ZERO), None);
        assert!(budget(&theirs, false, Duration::ZERO).is_some());
    }

    /// Plays a 40-move control of `period` in which every move takes `taken(budget)`; the
    /// time each move had as its target, and the time left at the control.
    fn control(period: Duration, taken: impl Fn(Budget) -> Duration) -> (Vec<Duration>, Duration) {
        let mut left = period;
        let mut targets = Vec::new();
        for to_go in (1..=40).rev() {
            let params = GoParams {
                wtime: Some(left),
                btime: Some(period),
                movestogo: Some(to_go),
                ..GoParams::default()
            };
            let budget = budget(&params, true, reserve(period)).unwrap();
            targets.push(budget.target);
            left = left.saturating_sub(taken(budget));
        }
        (targets, left)
    }

    #[test]
    fn a_repeating_control_keeps_its_reserve_and_every_move_its_share() {
        for (period, kept) in [(ms(4_000), ms(400)), (ms(60_000), ms(1_000))] {
            // Every move runs to its latest answer, the worst a deepening can do: the
            // reserve is still there at the control.
            let (_, left) = control(period, |budget| budget.hard);
            assert!(left >= kept + SAFETY, "{period:?}: {left:?} left");
            // Every move takes its target: the last has the first one's share, and the
            // control is reached with the reserve and the slack.
            let (targets, left) = control(period, |budget| budget.target);
            let (first, last) = (targets[0], targets[39]);
            assert!(last >= first * 99 / 100, "{period:?}: {targets:?}");
            assert!(left >= kept + SAFETY + first, "{period:?}: {left:?} left");
        }
        assert_eq!(reserve(ms(4_000)), ms(400));
        assert_eq!(reserve(ms(300_000)), ms(1_000));
    }
}
