//! Running a program rather than calling a routine: the machine runs from wherever PC and SP
//! are, for at most a number of instructions, and hands back control with the cost so far and
//! why it stopped, so that the caller can do what the program asked (a monitor call, a key)
//! and run it on.

use super::{Cost, MachineError};

/// What one [`Machine::run_watched`](super::Machine::run_watched) did: its cost, and why it
/// stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The instructions this run executed and their exact T-states (those of the instruction
    /// that broke a guard included, when one did).
    pub cost: Cost,
    /// Why it stopped.
    pub end: RunEnd,
}

/// Why a run stopped. After every end but [`RunEnd::Fault`] the program can run on from PC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// It executed the instructions it was allowed; PC is the next one.
    Budget,
    /// The watch broke off before the instruction at `pc` (which has not run).
    Broke {
        /// The watch's target that was hit.
        pc: u16,
    },
    /// It returned to the sentinel [`Machine::begin_call`](super::Machine::begin_call) pushed,
    /// with SP back at the stack top.
    Returned,
    /// A guard stopped it: HALT, a protected write, PC outside the code region, SP outside the
    /// stack region.
    Fault(MachineError),
}

impl Run {
    /// The run's end, from what the call loop returned.
    pub(crate) fn new(result: Result<Cost, MachineError>, cost: Cost) -> Run {
        let end = match result {
            Ok(_) => RunEnd::Returned,
            Err(MachineError::BudgetExceeded { .. }) => RunEnd::Budget,
            Err(MachineError::Aborted { pc, .. }) => RunEnd::Broke { pc },
            Err(error) => RunEnd::Fault(error),
        };
        Run { cost, end }
    }
}
