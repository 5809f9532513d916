//! The emulation step loop of a call. iz80 executes each instruction; the machine reads the
//! instruction's table entry after it, counts, and stops only when one of a few never-taken
//! tests trips.

use std::ops::ControlFlow;

use iz80::Reg16;

use super::guards::{Flow, Guards, STOP, Stop};
use super::memory::{Bus, Ram};
use super::step::{Unusual, unusual};
use super::timing::first;
use super::watch::{Watch, WatchView};
use super::{Cost, MachineError, refresh};

/// The running totals of a call (the instructions are counted down in `Ram::countdown`).
struct Tally {
    tstates: u64,
    /// Prefix fetches (fetches beyond one per instruction), for R.
    prefixes: u64,
}

impl Tally {
    fn instructions(&self, g: &Guards, ram: &Ram) -> u64 {
        g.budget - ram.countdown
    }

    /// Opcode fetches so far: what R has counted since the call began.
    fn m1(&self, g: &Guards, ram: &Ram) -> u64 {
        self.instructions(g, ram) + self.prefixes
    }

    fn cost(&self, g: &Guards, ram: &Ram) -> Cost {
        Cost {
            tstates: self.tstates,
            instructions: self.instructions(g, ram),
        }
    }
}

/// Runs from `pc` (a call already begun, the budget not zero) to the return; the watch, if
/// any, is called at its marked target. R is settled into the CPU however the call ends.
pub(crate) fn run<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    mut watch: Option<&mut dyn Watch>,
) -> Result<Cost, MachineError> {
    let mut tally = Tally {
        tstates: 0,
        prefixes: 0,
    };
    bus.ram().countdown = g.budget;
    let result = steps(cpu, bus, g, pc, &mut watch, &mut tally);
    let m1 = tally.m1(g, bus.ram());
    refresh::settle(cpu.registers(), m1);
    result
}

/// The step loop. Allocates nothing. After iz80 ran an instruction it reads one byte of a
/// 256-byte table: the T-states of a plain unprefixed instruction (most of them), or 0 for
/// "look closer" (prefixes, conditions, the stack, DJNZ, blocks, the rare ones). Then it counts
/// down the budget (a blocked write also brings the count to zero) and tests the mark of the
/// next PC (outside the code region, where the sentinel also lies, or the watch's target).
/// Nothing but PC and the totals lives across iz80's call.
#[inline(always)]
fn steps<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    watch: &mut Option<&mut dyn Watch>,
    tally: &mut Tally,
) -> Result<Cost, MachineError> {
    if bus.ram().marks[usize::from(pc)] & STOP != 0 {
        hit_at_entry(cpu, bus.ram(), watch, pc)?;
    }
    let mut pc = usize::from(pc);
    loop {
        bus.begin(pc as u16);
        cpu.execute_instruction(bus);
        let next = usize::from(cpu.immutable_registers().pc());
        let ram = bus.ram();
        ram.countdown -= 1;
        let t = ram.plain[usize::from(ram.bytes[pc])];
        // Two copies of the stop test, so that the common path shares no merge point with
        // the other one (the compiler keeps its few values in registers).
        let (tstates, stop) = if t != 0 {
            tally.tstates += u64::from(t);
            (
                u32::from(t),
                ram.countdown == 0 || ram.marks[next] & STOP != 0,
            )
        } else {
            // The fetches before this instruction (already counted down).
            let m1 = tally.m1(g, ram) - 1;
            let e = first(&ram.bytes, pc as u16);
            let (mut tstates, mut trip) = (0, false);
            let out = Unusual {
                tstates: &mut tstates,
                prefixes: &mut tally.prefixes,
                trip: &mut trip,
            };
            if !unusual(cpu, &ram.bytes, g, e, pc as u16, next as u16, m1, out) {
                return Err(MachineError::Halted { pc: pc as u16 });
            }
            tally.tstates += u64::from(tstates);
            let stop = trip || ram.countdown == 0 || ram.marks[next] & STOP != 0;
            (tstates, stop)
        };
        if stop {
            let flow = stopped(cpu, bus.ram(), g, pc as u16, next as u16)?;
            bus.finish(pc as u16, tstates);
            match flow {
                Flow::Go => {}
                Flow::Returned => return Ok(tally.cost(g, bus.ram())),
                Flow::Hit => {
                    let watch = watch.as_deref_mut().expect("only a watch marks a target");
                    let ram = bus.ram();
                    let (cost, m1) = (tally.cost(g, ram), tally.m1(g, ram));
                    hit(cpu, ram, watch, next as u16, cost, m1)?;
                }
            }
        } else {
            bus.finish(pc as u16, tstates);
        }
        pc = next;
    }
}

/// What the step loop does when a test tripped after the instruction at `pc`: the guard's
/// error, or how the call goes on.
#[cold]
#[inline(never)]
fn stopped(
    cpu: &iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    pc: u16,
    next: u16,
) -> Result<Flow, MachineError> {
    let fault = ram.take_fault();
    let stop = Stop {
        fault,
        pc,
        next,
        sp: cpu.immutable_registers().get16(Reg16::SP),
        mark: ram.marks[usize::from(next)] & STOP,
    };
    g.settle(stop, g.budget - ram.countdown)
}

/// A watch whose first target is the routine's entry: it sees PC there before anything runs.
#[cold]
fn hit_at_entry(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    watch: &mut Option<&mut dyn Watch>,
    pc: u16,
) -> Result<(), MachineError> {
    match watch.as_deref_mut() {
        Some(watch) => hit(cpu, ram, watch, pc, Cost::default(), 0),
        None => Ok(()),
    }
}

/// Shows the machine to the watch at its target `pc` (R settled for it), then marks the new
/// target; the error when the watch breaks.
#[cold]
#[inline(never)]
fn hit(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    watch: &mut dyn Watch,
    pc: u16,
    cost: Cost,
    m1: u64,
) -> Result<(), MachineError> {
    refresh::settle(cpu.registers(), m1);
    let flow = watch.hit(&WatchView::new(cpu, ram, cost));
    refresh::unsettle(cpu.registers(), m1);
    ram.watch(watch.target());
    match flow {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(MachineError::Aborted { pc, cost }),
    }
}
