//! One instruction: its exact T-states after iz80 ran it, with the machine's corrections (R,
//! WZ, the flags of LD A,I, LD A,R, BIT n,(HL) and the repeating block instructions, RETI's
//! IFF1), or run by the machine itself; and single steps with and without the call guards.

use iz80::{Reg8, Reg16};

use super::effects::unpack;
use super::guards::Guards;
use super::marks::MACHINE;
use super::memory::{Bus, Ram};
use super::special;
use super::timing::{Rare, Timing, flag, timing_at};
use super::wz;
use super::{MachineError, Step, refresh};

/// The instruction at `pc`, which iz80 has just run and whose class the step loop looks at
/// closer (conditional returns, the rare ones, chains of prefixes, a branch to the next
/// instruction): its T-states and whether it moved SP out of the stack region. Its prefix
/// fetches are added to `Ram::prefixes`; `m1` counts the fetches of the run before it.
#[inline(always)]
pub(crate) fn closer(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    (pc, next): (u16, u16),
    m1: u64,
) -> (u32, bool) {
    let e = timing_at(&ram.bytes, pc);
    ram.prefixes += u64::from(e.m1) - 1;
    let trip = e.moves_sp() && !g.stack_ok(cpu.immutable_registers().get16(Reg16::SP));
    let tstates = corrected(cpu, ram, &e, (pc, next), m1.wrapping_add(u64::from(e.m1)));
    (tstates, trip)
}

/// After iz80 ran the instruction `e` at `pc` (next PC `next`, `m1` fetches into the run, its
/// own included): its T-states, from the table and whether it jumped or repeated (the
/// conditional jumps, calls and returns leave F as they found it, DJNZ jumped when B is now
/// non-zero, a block instruction repeats when PC is back on its ED byte), with the rare
/// instructions corrected, WZ set by the instruction's rule (`Ram::rules`) and the flags of a
/// repeating LDIR, LDDR, CPIR or CPDR.
pub(crate) fn corrected(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    e: &Timing,
    (pc, next): (u16, u16),
    m1: u64,
) -> u32 {
    let regs = cpu.immutable_registers();
    let block = e.flags & flag::BLOCK != 0;
    let taken = if e.flags & flag::COND != 0 {
        e.holds(regs.get8(Reg8::F))
    } else if e.flags & flag::DJNZ != 0 {
        regs.get8(Reg8::B) != 0
    } else {
        block && next == pc.wrapping_add(u16::from(e.len) - 2)
    };
    if let Some(which) = e.rare() {
        rare(cpu, ram.hidden.wz, which, m1);
    }
    let rule = ram.rules[usize::from(pc)];
    let regs = cpu.immutable_registers();
    ram.hidden.wz = wz::after(rule, regs, (next, taken), ram.hidden.wz);
    if block && taken {
        let f = wz::high_xy(regs.get8(Reg8::F), next);
        cpu.registers().set8(Reg8::F, f);
    }
    u32::from(if taken { e.taken } else { e.t })
}

/// The corrections for the instructions board code rarely runs (`wz` before it, `m1` fetches
/// into the run, its own included): the loads of I and R, BIT n,(HL), RETI.
#[cold]
#[inline(never)]
fn rare(cpu: &mut iz80::Cpu, wz: u16, which: Rare, m1: u64) {
    let regs = cpu.registers();
    match which {
        Rare::LoadAI | Rare::LoadAR => refresh::load_a(regs, which == Rare::LoadAR, m1),
        Rare::LoadRA => refresh::load_r(regs, m1),
        Rare::BitHl => {
            let f = wz::high_xy(regs.get8(Reg8::F), wz);
            regs.set8(Reg8::F, f);
        }
        Rare::Reti => copy_iff2(cpu),
        Rare::Halt => {} // the machine runs HALT itself: iz80 never does
    }
}

/// A bus that feeds iz80 RETN (ED 45) and reads zeros after it.
struct Retn(u8);

impl iz80::Machine for Retn {
    fn peek(&mut self, _address: u16) -> u8 {
        let byte = [0xED, 0x45].get(usize::from(self.0)).copied().unwrap_or(0);
        self.0 = self.0.saturating_add(1);
        byte
    }

    fn poke(&mut self, _address: u16, _value: u8) {}

    fn port_in(&mut self, _address: u16) -> u8 {
        0
    }

    fn port_out(&mut self, _address: u16, _value: u8) {}
}

/// IFF1 takes IFF2 (after RETI). iz80 shows IFF2 only in its serialized state, which
/// allocates; its RETN does the copy, so it runs one from a bus of its own, and PC and SP,
/// which that RETN popped, are put back.
fn copy_iff2(cpu: &mut iz80::Cpu) {
    let regs = cpu.immutable_registers();
    let (pc, sp) = (regs.pc(), regs.get16(Reg16::SP));
    cpu.execute_instruction(&mut Retn(0));
    let regs = cpu.registers();
    regs.set_pc(pc);
    regs.set16(Reg16::SP, sp);
}

/// Runs the instruction at `pc` on its own, decoded afresh: by the machine when it is one of
/// its own (HALT included, a no-op), else by iz80 with the corrections. Its T-states, with R
/// advanced by its fetches and Q, P and EI settled.
fn one<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, pc: u16) -> u32 {
    let ram = bus.ram();
    ram.classify(pc);
    let e = timing_at(&ram.bytes, pc);
    let at = usize::from(pc);
    let machine = ram.marks[at] & MACHINE != 0;
    let bits = unpack(ram.rules[at]).2;
    bus.begin(pc);
    let tstates = if machine {
        special::run(cpu, bus, pc, &e)
    } else {
        cpu.execute_instruction(bus);
        let next = cpu.immutable_registers().pc();
        corrected(cpu, bus.ram(), &e, (pc, next), u64::from(e.m1))
    };
    let f = cpu.immutable_registers().get8(Reg8::F);
    bus.ram().hidden.settle(bits, f);
    refresh::settle(cpu.registers(), u64::from(e.m1));
    tstates
}

/// True when the instruction at `pc` is HALT (after any prefixes).
fn is_halt(ram: &Ram, pc: u16) -> bool {
    timing_at(&ram.bytes, pc).rare() == Some(Rare::Halt)
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
    if is_halt(bus.ram(), pc) {
        return Err(MachineError::Halted { pc });
    }
    let tstates = one(cpu, bus, pc);
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
pub(crate) fn step_raw<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B) -> Result<Step, MachineError> {
    let pc = cpu.immutable_registers().pc();
    let tstates = one(cpu, bus, pc);
    let fault = bus.ram().take_fault();
    bus.finish(pc, tstates);
    if let Some((addr, value)) = fault {
        return Err(MachineError::ProtectedWrite { addr, value, pc });
    }
    Ok(Step {
        pc,
        tstates,
        returned: false,
    })
}
