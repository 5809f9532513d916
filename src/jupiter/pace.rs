//! Running a program at a chosen clock rather than as fast as the host allows.
//!
//! The pacer ties the program's clock to wall time from an anchor: at any moment the clock
//! due is the anchor's clock plus the time since at the chosen rate, so no error accumulates
//! however long the run. The monitor's work takes no clock, so while the program waits for a
//! key the anchor moves with it and the program does not race to catch up afterwards.

use std::time::{Duration, Instant};

use super::computer::{Jupiter, Pause};
use super::error::JupiterError;

/// The longest sleep between two pieces of a paced run: the clock is never more than about
/// this far behind wall time.
const NAP: Duration = Duration::from_millis(1);
/// The most T-states a paced run goes between two looks at the time: a few milliseconds on
/// any host.
const SLICE: u64 = 2_000_000;

/// A clock rate held against wall time.
#[derive(Debug, Clone, Copy)]
pub struct Pacer {
    hz: f64,
    anchor: Instant,
    anchor_clock: u64,
}

impl Pacer {
    /// A pacer at `mhz` whose clock is `clock` T-states at `now`.
    pub fn new(mhz: f64, clock: u64, now: Instant) -> Pacer {
        Pacer {
            hz: mhz * 1e6,
            anchor: now,
            anchor_clock: clock,
        }
    }

    /// The clock the program should have reached at `now`.
    pub fn due(&self, now: Instant) -> u64 {
        let elapsed = now.saturating_duration_since(self.anchor).as_secs_f64();
        self.anchor_clock + (elapsed * self.hz) as u64
    }

    /// Counts from `clock` at `now` again.
    pub fn restart(&mut self, clock: u64, now: Instant) {
        self.anchor = now;
        self.anchor_clock = clock;
    }

    /// Runs `jupiter` at the pacer's rate until `deadline` (wall time), the clock `limit`, or
    /// a pause of the program's own (a key read with no key queued, its end); sleeps while
    /// it is ahead. It runs in slices of at most 2,000,000 T-states and looks at the time
    /// between them, so it returns near `deadline` even at a clock the host cannot keep up
    /// with (the clock due then runs ever further ahead of the program's).
    pub fn run(
        &mut self,
        jupiter: &mut Jupiter,
        limit: u64,
        deadline: Instant,
    ) -> Result<Pause, JupiterError> {
        loop {
            let now = Instant::now();
            if jupiter.waiting_for_key() {
                self.restart(jupiter.clock().tstates, now);
            }
            let due = self.due(now).min(limit);
            let until = due.min(jupiter.clock().tstates.saturating_add(SLICE));
            let pause = jupiter.run(until)?;
            let clock = jupiter.clock().tstates;
            if pause != Pause::Clock || clock >= limit || Instant::now() >= deadline {
                return Ok(pause);
            }
            if clock >= due {
                std::thread::sleep(NAP.min(deadline.saturating_duration_since(now)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_due_follows_wall_time_from_the_anchor() {
        let t0 = Instant::now();
        let mut pacer = Pacer::new(4.0, 1_000, t0);
        assert_eq!(pacer.due(t0), 1_000);
        assert_eq!(pacer.due(t0 + Duration::from_millis(250)), 1_001_000);
        assert_eq!(pacer.due(t0 + Duration::from_secs(60)), 240_001_000);
        pacer.restart(5_000, t0 + Duration::from_secs(1));
        assert_eq!(pacer.due(t0 + Duration::from_millis(1_500)), 2_005_000);
        assert_eq!(pacer.due(t0), 5_000, "never before the anchor");
    }
}
