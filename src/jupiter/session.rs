//! A whole run of a program: why it stopped for good, and the loop that runs it there.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::computer::{End, Jupiter, Pause};
use super::error::JupiterError;
use super::pace::Pacer;

/// How many T-states an unpaced run goes between two looks at the stop flag: a fraction of a
/// second on any host.
const LOOK: u64 = 20_000_000;
/// How long a paced run goes between two looks at the stop flag.
const PACED_LOOK: Duration = Duration::from_millis(50);

/// Why a run of a program stopped for good.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The program waits for a key and none is left.
    Key,
    /// The program ended.
    Ended(End),
    /// The clock reached the run's limit: the program was still running.
    Limit,
    /// The program failed: an unknown monitor call or a guard of the machine.
    Failed(JupiterError),
    /// The user stopped the run.
    Interrupted,
}

impl Stop {
    /// A stop the program did not choose: a failure, the limit, the user.
    pub fn is_failure(&self) -> bool {
        matches!(self, Stop::Limit | Stop::Failed(_))
    }
}

/// Runs `jupiter` with its queued keys until it stops for good: it waits for a key none is
/// queued for, ends, fails, reaches `limit` T-states, or `stop` is set (polled a few times a
/// second). Paced by `pacer` when given, else as fast as the host allows.
pub fn run_to_stop(
    jupiter: &mut Jupiter,
    limit: u64,
    mut pacer: Option<&mut Pacer>,
    stop: &AtomicBool,
) -> Stop {
    if let Some(pacer) = pacer.as_deref_mut() {
        pacer.restart(jupiter.clock().tstates, Instant::now());
    }
    loop {
        if stop.load(Ordering::Relaxed) {
            return Stop::Interrupted;
        }
        let result = match pacer.as_deref_mut() {
            Some(pacer) => pacer.run(jupiter, limit, Instant::now() + PACED_LOOK),
            None => jupiter.run(limit.min(jupiter.clock().tstates.saturating_add(LOOK))),
        };
        match result {
            Ok(Pause::Clock) if jupiter.clock().tstates >= limit => return Stop::Limit,
            Ok(Pause::Clock) => {}
            Ok(Pause::Key) => return Stop::Key,
            Ok(Pause::Ended(end)) => return Stop::Ended(end),
            Err(error) => return Stop::Failed(error),
        }
    }
}
