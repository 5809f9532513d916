//! One instruction: its exact T-states after iz80 ran it (with the machine's corrections for
//! R and a few flags), and single steps with and without the call guards.

use iz80::{Reg8, Reg16};

use super::guards::Guards;
use super::memory::{Bus, Ram};
use super::registers::layout;
use super::timing::{Rare, Timing, chain, flag, second, timing_at};
use super::{MachineError, Step, refresh};

/// What the step loop learns of an instruction that is not a plain unprefixed one, written
/// into the loop's own variables (the function is inlined; returning a struct instead makes
/// the compiler pack and unpack it).
pub(crate) struct Unusual<'a> {
    /// Its T-states.
    pub tstates: &'a mut u32,
    /// Prefix fetches so far, for R: its own are added.
    pub prefixes: &'a mut u64,
    /// Set when it moved SP out of the stack region.
    pub trip: &'a mut bool,
}

/// The instruction at `pc`, first entry `e`, which iz80 has just run and which is not a plain
/// unprefixed one: its T-states, prefixes, and whether it moved SP out of the stack region
/// (into `out`); false for HALT. `m1` counts the fetches of the run before it (for R).
#[inline(always)]
// Bundling pc, next and m1 into a struct cost the step loop 2 to 4 host instructions per
// emulated one in callgrind (the compiler then keeps two copies of the next PC).
#[allow(clippy::too_many_arguments)]
pub(crate) fn unusual(
    cpu: &mut iz80::Cpu,
    mem: &[u8; 0x10000],
    g: &Guards,
    e: &'static Timing,
    pc: u16,
    next: u16,
    m1: u64,
    out: Unusual<'_>,
) -> bool {
    let mut e = e;
    if e.is_prefix() {
        e = second(mem, pc, e);
        if e.is_prefix() {
            let Some((tstates, prefixes, trip)) = chained(cpu, mem, g, pc, next, m1) else {
                return false;
            };
            (*out.tstates, *out.trip) = (tstates, trip);
            *out.prefixes += prefixes;
            return true;
        }
        *out.prefixes += 1;
    }
    *out.tstates = u32::from(e.t);
    let flags = e.flags;
    if flags == 0 {
        return true;
    }
    let regs = cpu.immutable_registers();
    if flags & flag::STACK != 0 {
        *out.trip = !g.stack_ok(regs.get16(Reg16::SP));
        if flags == flag::STACK {
            return true;
        }
    }
    let taken = if flags & flag::COND != 0 {
        e.holds(regs.get8(Reg8::F))
    } else if flags & flag::DJNZ != 0 {
        regs.get8(Reg8::B) != 0
    } else if flags & flag::BLOCK != 0 {
        next == pc.wrapping_add(u16::from(e.len) - 2)
    } else if let Some(which) = e.rare() {
        return rare(cpu, which, m1.wrapping_add(u64::from(e.m1)));
    } else {
        false
    };
    if taken {
        *out.tstates = u32::from(e.taken);
    }
    true
}

/// [`unusual`] for a chain of prefixes (see `timing::chain`): T-states, prefix fetches and
/// whether SP left the stack region; None for HALT. It returns values rather than writing to
/// `Unusual` so that the step loop's variables stay in registers.
#[cold]
#[inline(never)]
fn chained(
    cpu: &mut iz80::Cpu,
    mem: &[u8; 0x10000],
    g: &Guards,
    pc: u16,
    next: u16,
    m1: u64,
) -> Option<(u32, u64, bool)> {
    let e = chain(mem, pc);
    let trip = e.moves_sp() && !g.stack_ok(cpu.immutable_registers().get16(Reg16::SP));
    let tstates = exact(cpu, &e, pc, next, m1.wrapping_add(u64::from(e.m1)))?;
    Some((tstates, u64::from(e.m1) - 1, trip))
}

/// The T-states of the instruction (entry `e`) at `pc` that iz80 has just run, `m1` fetches
/// into the run (its own included), with the machine's corrections: conditions from the flags
/// (the conditional jumps, calls and returns leave F as they found it), DJNZ jumped when B is
/// now non-zero, a block instruction repeats when PC is back on its ED byte; LD A,I, LD A,R
/// and LD R,A are fixed up for R and the flags. None for HALT, which it takes the CPU out of
/// again.
#[inline(always)]
fn exact(cpu: &mut iz80::Cpu, e: &Timing, pc: u16, next: u16, m1: u64) -> Option<u32> {
    let regs = cpu.immutable_registers();
    let taken = if e.flags & flag::COND != 0 {
        e.holds(regs.get8(Reg8::F))
    } else if e.flags & flag::DJNZ != 0 {
        regs.get8(Reg8::B) != 0
    } else if e.flags & flag::BLOCK != 0 {
        next == pc.wrapping_add(u16::from(e.len) - 2)
    } else if let Some(which) = e.rare() {
        return rare(cpu, which, m1).then_some(u32::from(e.t));
    } else {
        false
    };
    Some(u32::from(if taken { e.taken } else { e.t }))
}

/// The corrections for the instructions board code never runs (`m1` fetches into the run, its
/// own included): the loads of I and R. False for HALT, which it takes the CPU out of again.
#[cold]
#[inline(never)]
fn rare(cpu: &mut iz80::Cpu, which: Rare, m1: u64) -> bool {
    let regs = cpu.registers();
    match which {
        Rare::LoadAI | Rare::LoadAR => refresh::load_a(regs, which == Rare::LoadAR, m1),
        Rare::LoadRA => refresh::load_r(regs, m1),
        Rare::Halt => {
            unhalt(cpu);
            return false;
        }
    }
    true
}

/// Takes the CPU out of the HALT state iz80 entered (only an interrupt would, on the chip).
#[cold]
fn unhalt(cpu: &mut iz80::Cpu) {
    let mut state = cpu.serialize();
    state[layout::HALTED] = 0;
    cpu.deserialize(&state)
        .expect("a state serialized by this CPU deserializes");
}

/// Runs the instruction at `pc` on its own: its T-states (None for HALT, which ran as a
/// no-op), R advanced by its fetches. The entry `e` is read before the instruction runs.
fn one<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, pc: u16, e: Timing) -> Option<u32> {
    bus.begin(pc);
    cpu.execute_instruction(bus);
    let next = cpu.immutable_registers().pc();
    let tstates = exact(cpu, &e, pc, next, u64::from(e.m1));
    refresh::settle(cpu.registers(), u64::from(e.m1));
    tstates
}

/// One instruction of a call under every guard (HALT, protected write, stack, PC in the code
/// region), for stepping.
pub(crate) fn step<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
) -> Result<Step, MachineError> {
    let pc = cpu.immutable_registers().pc();
    if !g.in_code(pc) {
        return Err(MachineError::PcOutsideImage { pc });
    }
    let e = timing_at(&bus.ram().bytes, pc);
    if e.rare() == Some(Rare::Halt) {
        return Err(MachineError::Halted { pc });
    }
    let tstates = one(cpu, bus, pc, e).expect("HALT was refused before it ran");
    let regs = cpu.immutable_registers();
    let (next, sp) = (regs.pc(), regs.get16(Reg16::SP));
    let returned = g.after(bus.ram().take_fault(), pc, next, sp)?;
    bus.finish(pc, tstates);
    Ok(Step {
        pc,
        tstates,
        returned,
    })
}

/// One instruction without the call guards: HALT runs as a 4 T-state no-op; protected writes
/// are still blocked and reported.
pub(crate) fn step_raw(cpu: &mut iz80::Cpu, ram: &mut Ram) -> Result<Step, MachineError> {
    let pc = cpu.immutable_registers().pc();
    let e = timing_at(&ram.bytes, pc);
    let tstates = one(cpu, ram, pc, e).unwrap_or(u32::from(e.t));
    if let Some((addr, value)) = ram.take_fault() {
        return Err(MachineError::ProtectedWrite { addr, value, pc });
    }
    Ok(Step {
        pc,
        tstates,
        returned: false,
    })
}
