//! The program one step at a time, and a whole run shown to an observer: what a debugger and
//! a profiler need of the machine. A step is one instruction; the `RST 38H` that enters the
//! monitor and the call it makes are one step, as the program sees them (the call costs no
//! T-states and runs no instruction). The clock, R and the searches come out exactly as in a
//! free run ([`Jupiter::run`]): the same pieces run under the same watch, one instruction long.

use crate::machine::{Cost, Observer};

use super::computer::{End, Jupiter, Pause, State};
use super::console::CELLS;
use super::error::JupiterError;
use super::monitor::{Call, MONITOR};

/// A monitor call a step performed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonitorCall {
    /// The parameter block's address (the return address `RST 38H` pushed).
    pub block: u16,
    /// The call.
    pub call: Call,
    /// A when the call was made: the byte an echo writes.
    pub a: u8,
    /// The console's cursor (row, column) before the call.
    pub cursor_before: (usize, usize),
    /// The console's cursor after it.
    pub cursor_after: (usize, usize),
    /// For a key read that ended: the key given in A.
    pub key: Option<u8>,
    /// For a key read that ended: the amount R advanced by, drawn from the seed.
    pub r_advance: Option<u8>,
}

/// What one step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stepped {
    /// The address of the instruction it executed, if it executed one (a key given to a
    /// waiting read executes none).
    pub pc: Option<u16>,
    /// Its T-states and instructions (0 or 1).
    pub cost: Cost,
    /// The monitor call it performed, if any.
    pub call: Option<MonitorCall>,
}

impl Jupiter {
    /// One step of the program, every instruction and data access shown to `obs`: the next
    /// instruction; and when that enters the monitor (PC reaches 0038H), the call too, with
    /// a queued key given at once to a key read. A program that waits for a key none is
    /// queued for, or that ended, takes no step (see [`Jupiter::waiting_for_key`],
    /// [`Jupiter::ended`]); one that failed fails again with the same error.
    pub fn step<O: Observer>(&mut self, obs: &mut O) -> Result<Stepped, JupiterError> {
        let mut stepped = Stepped::default();
        match &self.state {
            State::Running => {}
            State::Waiting { block } => {
                let block = *block;
                stepped.call = self.take_key(block);
                return Ok(stepped);
            }
            State::Ended(_) => return Ok(stepped),
            State::Failed(error) => return Err(error.clone()),
        }
        if self.machine.pc() != MONITOR {
            let pc = self.machine.pc();
            let before = self.clock;
            self.piece_by(1, |machine, watch, budget| {
                machine.run_observed_watched(obs, watch, budget)
            })?;
            stepped.pc = Some(pc);
            stepped.cost = Cost {
                tstates: self.clock.tstates - before.tstates,
                instructions: self.clock.instructions - before.instructions,
            };
        }
        if matches!(self.state, State::Running) && self.machine.pc() == MONITOR {
            stepped.call = Some(self.call_monitor()?);
        }
        Ok(stepped)
    }

    /// The monitor call at 0038H performed, a queued key given to a key read.
    fn call_monitor(&mut self) -> Result<MonitorCall, JupiterError> {
        let cursor_before = self.console.cursor();
        let a = self.machine.a();
        let (block, call) = self.monitor()?;
        let mut done = MonitorCall {
            block,
            call,
            a,
            cursor_before,
            cursor_after: self.console.cursor(),
            key: None,
            r_advance: None,
        };
        if call == Call::Key {
            if let Some(read) = self.take_key(block) {
                (done.key, done.r_advance) = (read.key, read.r_advance);
            }
        }
        Ok(done)
    }

    /// The next queued key given to the key read at `block`, if one is queued.
    fn take_key(&mut self, block: u16) -> Option<MonitorCall> {
        let key = self.keys.pop_front()?;
        let cursor = self.console.cursor();
        let a = self.machine.a();
        let amount = self.give_key(block, key);
        Some(MonitorCall {
            block,
            call: Call::Key,
            a,
            cursor_before: cursor,
            cursor_after: cursor,
            key: Some(key),
            r_advance: Some(amount),
        })
    }

    /// [`Jupiter::run`] with every instruction and data access shown to `obs` (a profiler's
    /// collector): the same pieces, the same clock, the same searches.
    pub fn run_observed<O: Observer>(
        &mut self,
        obs: &mut O,
        until: u64,
    ) -> Result<Pause, JupiterError> {
        self.run_by(until, |machine, watch, budget| {
            machine.run_observed_watched(obs, watch, budget)
        })
    }

    /// Starts counting how often the monitor's console writes each cell of the video memory
    /// (a clear or a scroll writes every cell once); the program's own stores are not counted
    /// here (an observer sees them).
    pub fn count_console_writes(&mut self) {
        self.console_writes
            .get_or_insert_with(|| Box::new([0; CELLS]));
    }

    /// How often the monitor's console wrote each cell since counting began, row after row.
    pub fn console_writes(&self) -> Option<&[u64; CELLS]> {
        self.console_writes.as_deref()
    }

    /// The keys queued and not read yet, in order.
    pub fn queue(&self) -> impl Iterator<Item = u8> + '_ {
        self.keys.iter().copied()
    }

    /// Drops every key queued and not read yet.
    pub fn clear_queue(&mut self) {
        self.keys.clear();
    }

    /// The parameter block of the key read the program waits in, if it waits.
    pub fn waiting_block(&self) -> Option<u16> {
        match self.state {
            State::Waiting { block } => Some(block),
            _ => None,
        }
    }

    /// The console's cursor: (row, column).
    pub fn cursor(&self) -> (usize, usize) {
        self.console.cursor()
    }

    /// The error the program failed with, if it failed.
    pub fn failure(&self) -> Option<&JupiterError> {
        match &self.state {
            State::Failed(error) => Some(error),
            _ => None,
        }
    }

    /// True while the program can take a step: it neither waits for a key with none queued,
    /// nor ended, nor failed.
    pub fn can_step(&self) -> bool {
        match self.state {
            State::Running => true,
            State::Waiting { .. } => !self.keys.is_empty(),
            State::Ended(_) | State::Failed(_) => false,
        }
    }
}

/// How a program's end reads in a sentence.
pub fn end_text(end: End) -> String {
    match end {
        End::Monitor { block } => {
            format!("the program returned to the monitor (the block at {block:04X}H)")
        }
        End::Returned => "the program returned from its entry".to_string(),
    }
}
