//! The machine: iz80 on 64 KiB, routine calls with exact T-states, and the guards around them.

use std::ops::{Add, AddAssign, RangeBounds};

use iz80::{Reg8, Reg16};
use serde::Serialize;

use super::memory::{Bus, Observed, Ram, inclusive};
use super::registers::layout;
use super::timing::{Kind, Timing, timing_at};
use super::trace::{AccessTrace, Observer};
use super::{Image, MachineError, Registers, SymbolTable};

/// Instructions a call may run before it counts as runaway code.
pub const DEFAULT_BUDGET: u64 = 50_000_000;

/// Bytes below the stack top that SP may use during a call.
pub const DEFAULT_STACK_SIZE: u16 = 0x400;

/// What a routine cost: T-states and instructions (its own, including its final RET).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Cost {
    /// Exact Zilog T-states.
    pub tstates: u64,
    /// Instructions executed.
    pub instructions: u64,
}

impl Add for Cost {
    type Output = Cost;
    fn add(self, other: Cost) -> Cost {
        Cost {
            tstates: self.tstates + other.tstates,
            instructions: self.instructions + other.instructions,
        }
    }
}

impl AddAssign for Cost {
    fn add_assign(&mut self, other: Cost) {
        *self = *self + other;
    }
}

/// One executed instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Address of the executed instruction.
    pub pc: u16,
    /// Its exact T-states.
    pub tstates: u32,
    /// True when it returned to the sentinel: the call is over.
    pub returned: bool,
}

/// Where a call may go: the stack region, the code region, the sentinel and the budget.
#[derive(Debug, Clone, Copy)]
struct Guards {
    /// SP at the start of a call; the region is `stack - stack_size ..= stack`.
    stack: u16,
    stack_size: u16,
    /// PC must stay in `code_start .. code_start + code_len`.
    code_start: u16,
    code_len: u32,
    budget: u64,
    /// Return address pushed by `begin_call`, outside the code region when there is room.
    sentinel: u16,
}

impl Guards {
    #[inline(always)]
    fn in_code(&self, pc: u16) -> bool {
        u32::from(pc.wrapping_sub(self.code_start)) < self.code_len
    }

    /// Sets the code region and puts the sentinel just outside it (a region of all 64 KiB
    /// gives up its last byte for the sentinel).
    fn set_code_region(&mut self, start: u16, len: u32) {
        self.code_start = start;
        self.code_len = len.min(0xFFFF);
        let end = u32::from(start) + self.code_len;
        self.sentinel = if end <= 0xFFFF {
            end as u16
        } else {
            start.wrapping_sub(1)
        };
    }

    /// After an instruction: the error when it tried to write to protected memory or moved SP
    /// out of the stack region, else whether it returned to the sentinel.
    fn after(
        &self,
        fault: Option<(u16, u8)>,
        pc: u16,
        next: u16,
        sp: u16,
    ) -> Result<bool, MachineError> {
        if let Some((addr, value)) = fault {
            return Err(MachineError::ProtectedWrite { addr, value, pc });
        }
        if self.stack.wrapping_sub(sp) > self.stack_size {
            return Err(MachineError::StackOutOfRange { sp, pc });
        }
        Ok(next == self.sentinel && sp == self.stack)
    }

    /// `after`, then the checks due before the next instruction of a call: the budget and
    /// the code region.
    #[cold]
    fn settle(
        &self,
        fault: Option<(u16, u8)>,
        pc: u16,
        next: u16,
        sp: u16,
        count: u64,
    ) -> Result<Flow, MachineError> {
        if self.after(fault, pc, next, sp)? {
            return Ok(Flow::Returned);
        }
        if count >= self.budget {
            return Ok(Flow::Stop(MachineError::BudgetExceeded { pc: next, count }));
        }
        if !self.in_code(next) {
            return Ok(Flow::Stop(MachineError::PcOutsideImage { pc: next }));
        }
        Ok(Flow::Go)
    }
}

/// CPU, memory and the call guards: everything a run needs except the observer.
struct Core {
    cpu: iz80::Cpu,
    ram: Box<Ram>,
    guards: Guards,
}

/// A Z80 with 64 KiB of memory, an image loaded into it, and exact T-state accounting.
pub struct Machine {
    core: Core,
    image: Image,
    tracing: bool,
    trace: AccessTrace,
}

/// Exact T-states of the instruction at `pc` that has just run, from its table entry and the
/// registers after it: conditional jumps, calls and returns leave F as they found it, DJNZ
/// jumped when B is now non-zero, and a block instruction repeats when PC is back at its ED
/// byte. (Reading the entry after the run only differs for code that rewrites its own opcode.)
/// None for HALT, which a call must not execute.
#[inline(always)]
fn exact_tstates(timing: Timing, regs: &iz80::Registers, pc: u16, next: u16) -> Option<u32> {
    let tstates = timing.with_flags(regs.get8(Reg8::F));
    if timing.kind == Kind::Plain {
        Some(tstates)
    } else {
        special(timing, regs, pc, next).map(|extra| tstates + extra)
    }
}

/// The extra T-states of DJNZ and the block instructions; None for HALT. Kept out of line so
/// that the common case above is one test.
#[inline(never)]
fn special(timing: Timing, regs: &iz80::Registers, pc: u16, next: u16) -> Option<u32> {
    let taken = match timing.kind {
        Kind::Djnz => regs.get8(Reg8::B) != 0,
        Kind::Block => next == pc.wrapping_add(u16::from(timing.len) - 2),
        Kind::Halt => return None,
        Kind::Plain | Kind::Prefix => false,
    };
    Some(if taken { u32::from(timing.extra) } else { 0 })
}

/// Takes the CPU out of the HALT state iz80 entered (only an interrupt would, on the chip).
#[cold]
fn unhalt(cpu: &mut iz80::Cpu) {
    let mut state = cpu.serialize();
    state[layout::HALTED] = 0;
    cpu.deserialize(&state)
        .expect("a state serialized by this CPU deserializes");
}

/// Executes one instruction under the guards: its T-states, and whether it returned to the
/// sentinel.
fn exec<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, g: &Guards) -> Result<(u32, bool), MachineError> {
    let pc = cpu.immutable_registers().pc();
    if !g.in_code(pc) {
        return Err(MachineError::PcOutsideImage { pc });
    }
    let timing = timing_at(&bus.ram().bytes, pc);
    if timing.kind == Kind::Halt {
        return Err(MachineError::Halted { pc });
    }
    bus.begin(pc);
    cpu.execute_instruction(bus);
    let regs = cpu.immutable_registers();
    let (next, sp) = (regs.pc(), regs.get16(Reg16::SP));
    let tstates = exact_tstates(timing, regs, pc, next).unwrap_or(u32::from(timing.t));
    let returned = g.after(bus.ram().fault.take(), pc, next, sp)?;
    bus.finish(pc, timing.len, tstates);
    Ok((tstates, returned))
}

/// How a call goes on after an unusual instruction that broke no guard itself.
enum Flow {
    /// Keep running.
    Go,
    /// The routine returned to the sentinel.
    Returned,
    /// The next instruction must not run.
    Stop(MachineError),
}

/// The emulation step loop: runs from `pc` (a call already begun) to the return. Allocates
/// nothing; the T-states are counted after each instruction so that nothing but PC lives
/// across iz80's call, and every guard is folded into one rarely taken branch.
fn run<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    mut pc: u16,
) -> Result<Cost, MachineError> {
    let mut cost = Cost::default();
    loop {
        bus.begin(pc);
        cpu.execute_instruction(bus);
        let regs = cpu.immutable_registers();
        let (next, sp) = (regs.pc(), regs.get16(Reg16::SP));
        let timing = timing_at(&bus.ram().bytes, pc);
        let Some(tstates) = exact_tstates(timing, regs, pc, next) else {
            unhalt(cpu);
            return Err(MachineError::Halted { pc });
        };
        cost.tstates += u64::from(tstates);
        cost.instructions += 1;
        // The sentinel lies outside the code region, so leaving the region covers returning.
        let unusual = bus.ram().fault.is_some()
            | (g.stack.wrapping_sub(sp) > g.stack_size)
            | !g.in_code(next)
            | (cost.instructions >= g.budget);
        if unusual {
            let fault = bus.ram().fault.take();
            let flow = g.settle(fault, pc, next, sp, cost.instructions)?;
            bus.finish(pc, timing.len, tstates);
            match flow {
                Flow::Go => {}
                Flow::Returned => return Ok(cost),
                Flow::Stop(err) => return Err(err),
            }
        } else {
            bus.finish(pc, timing.len, tstates);
        }
        pc = next;
    }
}

impl Core {
    fn pc(&self) -> u16 {
        self.cpu.immutable_registers().pc()
    }

    fn step<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, g: &Guards) -> Result<Step, MachineError> {
        let pc = cpu.immutable_registers().pc();
        let (tstates, returned) = exec(cpu, bus, g)?;
        Ok(Step {
            pc,
            tstates,
            returned,
        })
    }

    fn begin_call(&mut self, addr: u16) {
        let sp = self.guards.stack.wrapping_sub(2);
        let [low, high] = self.guards.sentinel.to_le_bytes();
        self.ram.bytes[usize::from(sp)] = low;
        self.ram.bytes[usize::from(sp.wrapping_add(1))] = high;
        let regs = self.cpu.registers();
        regs.set16(Reg16::SP, sp);
        regs.set_pc(addr);
    }

    /// Checks the entry point and begins a call; the error when the call cannot start.
    fn start(&mut self, addr: u16) -> Result<(), MachineError> {
        if !self.guards.in_code(addr) {
            return Err(MachineError::PcOutsideImage { pc: addr });
        }
        if self.guards.budget == 0 {
            return Err(MachineError::BudgetExceeded { pc: addr, count: 0 });
        }
        self.begin_call(addr);
        Ok(())
    }

    fn call(&mut self, addr: u16) -> Result<Cost, MachineError> {
        self.start(addr)?;
        run(&mut self.cpu, &mut *self.ram, &self.guards, addr)
    }

    fn call_observed<O: Observer>(&mut self, addr: u16, obs: &mut O) -> Result<Cost, MachineError> {
        self.start(addr)?;
        let mut bus = Observed::new(&mut self.ram, obs);
        run(&mut self.cpu, &mut bus, &self.guards, addr)
    }

    fn state(&self) -> Vec<u8> {
        self.cpu.serialize()
    }

    fn set_state(&mut self, state: &[u8]) {
        self.cpu
            .deserialize(state)
            .expect("a state serialized by this CPU deserializes");
    }
}

impl Machine {
    /// A machine with `image` loaded at its org. Writes to CODE_START..CODE_END (end exclusive)
    /// are blocked when the image defines both; SP starts at STACK when defined, else at 0x0000
    /// (the first push goes to 0xFFFE); PC must stay inside the image.
    pub fn new(image: &Image) -> Machine {
        let mut ram = Ram::new();
        let org = usize::from(image.org);
        ram.bytes[org..org + image.bytes.len()].copy_from_slice(&image.bytes);
        let symbols = &image.symbols;
        if let (Some(start), Some(end)) = (symbols.get("CODE_START"), symbols.get("CODE_END")) {
            ram.set_protected(start..end, true);
        }
        let mut guards = Guards {
            stack: symbols.get("STACK").unwrap_or(0),
            stack_size: DEFAULT_STACK_SIZE,
            code_start: 0,
            code_len: 0,
            budget: DEFAULT_BUDGET,
            sentinel: 0,
        };
        guards.set_code_region(image.org, image.bytes.len() as u32);
        let core = Core {
            cpu: iz80::Cpu::new_z80(),
            ram,
            guards,
        };
        Machine {
            core,
            image: image.clone(),
            tracing: false,
            trace: AccessTrace::default(),
        }
    }

    /// A machine whose image is all of memory, zero-filled, with no symbols: for running
    /// hand-placed code and test vectors. Calls may run code anywhere but at 0xFFFF, the
    /// sentinel return address.
    pub fn blank() -> Machine {
        let image =
            Image::new(vec![0; 0x10000], 0, SymbolTable::new()).expect("a 64 KiB image at 0 fits");
        Machine::new(&image)
    }

    /// The loaded image.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// The image's symbols.
    pub fn symbols(&self) -> &SymbolTable {
        &self.image.symbols
    }

    /// Blocks writes by executing code to `range`.
    pub fn protect(&mut self, range: impl RangeBounds<u16>) {
        self.core.ram.set_protected(range, true);
    }

    /// Allows writes to `range` again.
    pub fn unprotect(&mut self, range: impl RangeBounds<u16>) {
        self.core.ram.set_protected(range, false);
    }

    /// True when executing code may not write to `addr`.
    pub fn is_protected(&self, addr: u16) -> bool {
        self.core.ram.is_protected(addr)
    }

    /// Sets the stack top: SP at the start of a call (before the sentinel is pushed).
    pub fn set_stack(&mut self, top: u16) {
        self.core.guards.stack = top;
    }

    /// Sets how far below the stack top SP may go during a call.
    pub fn set_stack_size(&mut self, bytes: u16) {
        self.core.guards.stack_size = bytes;
    }

    /// The stack top.
    pub fn stack(&self) -> u16 {
        self.core.guards.stack
    }

    /// Sets where PC may go (by default the image); an empty range allows nothing.
    pub fn set_code_region(&mut self, range: impl RangeBounds<u16>) {
        match inclusive(&range) {
            Some((start, end)) => self
                .core
                .guards
                .set_code_region(start, u32::from(end) - u32::from(start) + 1),
            None => self.core.guards.set_code_region(0, 0),
        }
    }

    /// Sets the most instructions one call may execute.
    pub fn set_budget(&mut self, max_instructions: u64) {
        self.core.guards.budget = max_instructions;
    }

    /// The byte at `addr`.
    pub fn peek(&self, addr: u16) -> u8 {
        self.core.ram.bytes[usize::from(addr)]
    }

    /// Writes a byte (host access: protection does not apply).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.core.ram.bytes[usize::from(addr)] = value;
    }

    /// The little-endian word at `addr`.
    pub fn peek16(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    /// Writes a little-endian word (host access).
    pub fn poke16(&mut self, addr: u16, value: u16) {
        let [low, high] = value.to_le_bytes();
        self.poke(addr, low);
        self.poke(addr.wrapping_add(1), high);
    }

    /// Writes bytes from `addr` upward, wrapping at the top of memory (host access).
    pub fn write_bytes(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            self.poke(addr.wrapping_add(i as u16), b);
        }
    }

    /// All 64 KiB of memory.
    pub fn memory(&self) -> &[u8] {
        &self.core.ram.bytes[..]
    }

    /// The instruction at `addr` as text, and its length in bytes.
    pub fn disassemble(&self, addr: u16) -> (String, usize) {
        super::disassemble(&self.core.ram.bytes, addr)
    }

    /// The value IN reads from `port` (16-bit port address).
    pub fn set_port(&mut self, port: u16, value: u8) {
        self.core.ram.io[usize::from(port)] = value;
    }

    /// The last value read from or written to `port`.
    pub fn port(&self, port: u16) -> u8 {
        self.core.ram.io[usize::from(port)]
    }

    /// A copy of all registers.
    pub fn registers(&self) -> Registers {
        Registers::from_state(&self.core.state())
    }

    /// Sets all registers.
    pub fn set_registers(&mut self, regs: &Registers) {
        let mut state = self.core.state();
        regs.write_state(&mut state);
        self.core.set_state(&state);
    }

    /// The program counter.
    pub fn pc(&self) -> u16 {
        self.core.pc()
    }

    /// Sets the program counter.
    pub fn set_pc(&mut self, pc: u16) {
        self.core.cpu.registers().set_pc(pc);
    }

    /// The stack pointer.
    pub fn sp(&self) -> u16 {
        self.core.cpu.immutable_registers().get16(Reg16::SP)
    }

    /// Runs the routine at `addr` until it returns; its cost. Counts accesses when tracing is on.
    pub fn call(&mut self, addr: u16) -> Result<Cost, MachineError> {
        if self.tracing {
            self.core.call_observed(addr, self.trace.counters())
        } else {
            self.core.call(addr)
        }
    }

    /// Runs the routine at `addr` on the untraced step loop whatever [`Machine::set_tracing`]
    /// says: the loop [`Machine::call`] runs when tracing is off, entered without testing the
    /// switch, i.e. what a machine built without tracing would run. The benchmarks time it to
    /// show what the switch costs; otherwise use [`Machine::call`].
    pub fn call_untraced(&mut self, addr: u16) -> Result<Cost, MachineError> {
        self.core.call(addr)
    }

    /// Runs the routine named `name` (see [`Machine::call`]).
    pub fn call_symbol(&mut self, name: &str) -> Result<Cost, MachineError> {
        let addr = self.image.symbols.require(&[name])?[0];
        self.call(addr)
    }

    /// Runs the routine at `addr`, reporting every instruction and access to `obs` (the
    /// built-in tracing is not used).
    pub fn call_observed<O: Observer>(
        &mut self,
        addr: u16,
        obs: &mut O,
    ) -> Result<Cost, MachineError> {
        self.core.call_observed(addr, obs)
    }

    /// Prepares a call for stepping: SP = stack top minus the pushed sentinel, PC = `addr`.
    pub fn begin_call(&mut self, addr: u16) {
        self.core.begin_call(addr);
    }

    /// Executes one instruction under the guards (HALT, protected write, stack, PC in image).
    pub fn step(&mut self) -> Result<Step, MachineError> {
        let core = &mut self.core;
        if self.tracing {
            let mut bus = Observed::new(&mut core.ram, self.trace.counters());
            Core::step(&mut core.cpu, &mut bus, &core.guards)
        } else {
            Core::step(&mut core.cpu, &mut *core.ram, &core.guards)
        }
    }

    /// Executes one instruction under the guards, reporting it to `obs`.
    pub fn step_observed<O: Observer>(&mut self, obs: &mut O) -> Result<Step, MachineError> {
        let core = &mut self.core;
        Core::step(
            &mut core.cpu,
            &mut Observed::new(&mut core.ram, obs),
            &core.guards,
        )
    }

    /// Executes one instruction without the call guards (HALT runs as a one-instruction
    /// no-op, SP and PC may go anywhere); protected writes are still blocked and reported.
    /// For test vectors and free-running code.
    pub fn step_raw(&mut self) -> Result<Step, MachineError> {
        let pc = self.pc();
        let cpu = &mut self.core.cpu;
        cpu.execute_instruction(&mut *self.core.ram);
        let regs = cpu.immutable_registers();
        let timing = timing_at(&self.core.ram.bytes, pc);
        let tstates = exact_tstates(timing, regs, pc, regs.pc()).unwrap_or(u32::from(timing.t));
        if cpu.is_halted() {
            unhalt(cpu);
        }
        if let Some((addr, value)) = self.core.ram.fault.take() {
            return Err(MachineError::ProtectedWrite { addr, value, pc });
        }
        Ok(Step {
            pc,
            tstates,
            returned: false,
        })
    }

    /// Turns the built-in access counters on or off (they keep their counts).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The built-in access counters.
    pub fn trace(&self) -> &AccessTrace {
        &self.trace
    }

    /// Zeroes the built-in access counters.
    pub fn clear_trace(&mut self) {
        self.trace.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_layout_matches_iz80() {
        let mut m = Machine::blank();
        assert_eq!(
            m.core.state().len(),
            layout::HALTED + 7,
            "iz80 0.5.1 state size"
        );
        let regs = Registers {
            a: 1,
            f: 2,
            b: 3,
            c: 4,
            d: 5,
            e: 6,
            h: 7,
            l: 8,
            a_alt: 9,
            f_alt: 10,
            b_alt: 11,
            c_alt: 12,
            d_alt: 13,
            e_alt: 14,
            h_alt: 15,
            l_alt: 16,
            ix: 0x1718,
            iy: 0x191A,
            sp: 0x1B1C,
            pc: 0x1D1E,
            i: 0x1F,
            r: 0x20,
            iff1: true,
            iff2: false,
            im: 2,
        };
        m.set_registers(&regs);
        assert_eq!(m.registers(), regs);
        let cpu = m.core.cpu.immutable_registers();
        assert_eq!(cpu.get16(Reg16::BC), 0x0304);
        assert_eq!(cpu.get16(Reg16::IX), 0x1718);
        assert_eq!(cpu.pc(), 0x1D1E);
        assert_eq!(cpu.get_interrupt_mode(), (true, 2));
    }

    #[test]
    fn halt_state_is_cleared_after_a_raw_step() {
        let mut m = Machine::blank();
        m.write_bytes(0x100, &[0x76, 0x3C]);
        m.set_pc(0x100);
        assert_eq!(m.step_raw().unwrap().tstates, 4);
        assert!(!m.core.cpu.is_halted());
        m.step_raw().unwrap();
        assert_eq!(m.registers().a, 0x00, "INC A ran after HALT");
        assert_eq!(m.pc(), 0x102);
    }
}
