//! The machine: iz80 on 64 KiB, routine calls with exact T-states, and the guards around them.

use std::ops::{Add, AddAssign, RangeBounds};

use iz80::{Reg8, Reg16};
use serde::Serialize;

use super::memory::{Bus, Memory, inclusive};
use super::registers::layout;
use super::timing::{Kind, condition, timing_at};
use super::trace::{AccessTrace, NoObserver, Observer};
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

/// CPU, memory and the call guards: everything a run needs except the observer.
struct Core {
    cpu: iz80::Cpu,
    mem: Memory,
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

/// A Z80 with 64 KiB of memory, an image loaded into it, and exact T-state accounting.
pub struct Machine {
    core: Core,
    image: Image,
    tracing: bool,
    trace: AccessTrace,
}

impl Core {
    #[inline(always)]
    fn in_code(&self, pc: u16) -> bool {
        u32::from(pc.wrapping_sub(self.code_start)) < self.code_len
    }

    fn set_code_region(&mut self, start: u16, len: u32) {
        self.code_start = start;
        self.code_len = len;
        let end = u32::from(start) + len;
        self.sentinel = if len >= 0x10000 {
            0
        } else if end <= 0xFFFF {
            end as u16
        } else {
            start.wrapping_sub(1)
        };
    }

    fn pc(&self) -> u16 {
        self.cpu.immutable_registers().pc()
    }

    /// Executes one instruction under the guards.
    #[inline(always)]
    fn exec<O: Observer>(&mut self, obs: &mut O) -> Result<Step, MachineError> {
        let pc = self.pc();
        if !self.in_code(pc) {
            return Err(MachineError::PcOutsideImage { pc });
        }
        let timing = timing_at(&self.mem.bytes, pc);
        let mut tstates = u32::from(timing.t);
        match timing.kind {
            Kind::Plain | Kind::Block | Kind::Prefix => {}
            Kind::Cond(cc) => {
                if condition(cc, self.cpu.immutable_registers().get8(Reg8::F)) {
                    tstates += u32::from(timing.extra);
                }
            }
            Kind::Djnz => {
                if self.cpu.immutable_registers().get8(Reg8::B) != 1 {
                    tstates += u32::from(timing.extra);
                }
            }
            Kind::Halt => return Err(MachineError::Halted { pc }),
        }
        self.cpu.execute_instruction(&mut Bus {
            mem: &mut self.mem,
            obs: &mut *obs,
            pc,
            fetches: timing.len,
        });
        let regs = self.cpu.immutable_registers();
        if timing.kind == Kind::Block && regs.pc() == pc.wrapping_add(u16::from(timing.len) - 2) {
            tstates += u32::from(timing.extra);
        }
        if let Some((addr, value)) = self.mem.fault.take() {
            return Err(MachineError::ProtectedWrite { addr, value, pc });
        }
        let sp = regs.get16(Reg16::SP);
        if self.stack.wrapping_sub(sp) > self.stack_size {
            return Err(MachineError::StackOutOfRange { sp, pc });
        }
        if O::ACTIVE {
            let mut bytes = [0u8; 8];
            let len = usize::from(timing.len).min(bytes.len());
            for (i, b) in bytes[..len].iter_mut().enumerate() {
                *b = self.mem.bytes[usize::from(pc.wrapping_add(i as u16))];
            }
            obs.on_instruction(pc, &bytes[..len], tstates);
        }
        Ok(Step {
            pc,
            tstates,
            returned: regs.pc() == self.sentinel && sp == self.stack,
        })
    }

    fn begin_call(&mut self, addr: u16) {
        let sp = self.stack.wrapping_sub(2);
        let [low, high] = self.sentinel.to_le_bytes();
        self.mem.bytes[usize::from(sp)] = low;
        self.mem.bytes[usize::from(sp.wrapping_add(1))] = high;
        let regs = self.cpu.registers();
        regs.set16(Reg16::SP, sp);
        regs.set_pc(addr);
    }

    fn call<O: Observer>(&mut self, addr: u16, obs: &mut O) -> Result<Cost, MachineError> {
        if !self.in_code(addr) {
            return Err(MachineError::PcOutsideImage { pc: addr });
        }
        self.begin_call(addr);
        let mut cost = Cost::default();
        loop {
            if cost.instructions >= self.budget {
                return Err(MachineError::BudgetExceeded {
                    pc: self.pc(),
                    count: cost.instructions,
                });
            }
            let step = self.exec(obs)?;
            cost.tstates += u64::from(step.tstates);
            cost.instructions += 1;
            if step.returned {
                return Ok(cost);
            }
        }
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
        let mut mem = Memory::new();
        let org = usize::from(image.org);
        mem.bytes[org..org + image.bytes.len()].copy_from_slice(&image.bytes);
        let symbols = &image.symbols;
        if let (Some(start), Some(end)) = (symbols.get("CODE_START"), symbols.get("CODE_END")) {
            mem.set_protected(start..end, true);
        }
        let mut core = Core {
            cpu: iz80::Cpu::new_z80(),
            mem,
            stack: symbols.get("STACK").unwrap_or(0),
            stack_size: DEFAULT_STACK_SIZE,
            code_start: 0,
            code_len: 0,
            budget: DEFAULT_BUDGET,
            sentinel: 0,
        };
        core.set_code_region(image.org, image.bytes.len() as u32);
        Machine {
            core,
            image: image.clone(),
            tracing: false,
            trace: AccessTrace::default(),
        }
    }

    /// A machine whose image is all of memory, zero-filled, with no symbols: for running
    /// hand-placed code and test vectors.
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
        self.core.mem.set_protected(range, true);
    }

    /// Allows writes to `range` again.
    pub fn unprotect(&mut self, range: impl RangeBounds<u16>) {
        self.core.mem.set_protected(range, false);
    }

    /// True when executing code may not write to `addr`.
    pub fn is_protected(&self, addr: u16) -> bool {
        self.core.mem.is_protected(addr)
    }

    /// Sets the stack top: SP at the start of a call (before the sentinel is pushed).
    pub fn set_stack(&mut self, top: u16) {
        self.core.stack = top;
    }

    /// Sets how far below the stack top SP may go during a call.
    pub fn set_stack_size(&mut self, bytes: u16) {
        self.core.stack_size = bytes;
    }

    /// The stack top.
    pub fn stack(&self) -> u16 {
        self.core.stack
    }

    /// Sets where PC may go (by default the image); an empty range allows nothing.
    pub fn set_code_region(&mut self, range: impl RangeBounds<u16>) {
        match inclusive(&range) {
            Some((start, end)) => self
                .core
                .set_code_region(start, u32::from(end) - u32::from(start) + 1),
            None => self.core.set_code_region(0, 0),
        }
    }

    /// Sets the most instructions one call may execute.
    pub fn set_budget(&mut self, max_instructions: u64) {
        self.core.budget = max_instructions;
    }

    /// The byte at `addr`.
    pub fn peek(&self, addr: u16) -> u8 {
        self.core.mem.bytes[usize::from(addr)]
    }

    /// Writes a byte (host access: protection does not apply).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.core.mem.bytes[usize::from(addr)] = value;
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
        &self.core.mem.bytes[..]
    }

    /// The instruction at `addr` as text, and its length in bytes.
    pub fn disassemble(&self, addr: u16) -> (String, usize) {
        super::disassemble(&self.core.mem.bytes, addr)
    }

    /// The value IN reads from `port` (16-bit port address).
    pub fn set_port(&mut self, port: u16, value: u8) {
        self.core.mem.io[usize::from(port)] = value;
    }

    /// The last value read from or written to `port`.
    pub fn port(&self, port: u16) -> u8 {
        self.core.mem.io[usize::from(port)]
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
            self.core.call(addr, self.trace.counters())
        } else {
            self.core.call(addr, &mut NoObserver)
        }
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
        self.core.call(addr, obs)
    }

    /// Prepares a call for stepping: SP = stack top minus the pushed sentinel, PC = `addr`.
    pub fn begin_call(&mut self, addr: u16) {
        self.core.begin_call(addr);
    }

    /// Executes one instruction under the guards (HALT, protected write, stack, PC in image).
    pub fn step(&mut self) -> Result<Step, MachineError> {
        if self.tracing {
            self.core.exec(self.trace.counters())
        } else {
            self.core.exec(&mut NoObserver)
        }
    }

    /// Executes one instruction under the guards, reporting it to `obs`.
    pub fn step_observed<O: Observer>(&mut self, obs: &mut O) -> Result<Step, MachineError> {
        self.core.exec(obs)
    }

    /// Executes one instruction without the call guards (HALT runs as a one-instruction
    /// no-op, SP and PC may go anywhere); protected writes are still blocked and reported.
    /// For test vectors and free-running code.
    pub fn step_raw(&mut self) -> Result<Step, MachineError> {
        let pc = self.pc();
        let timing = timing_at(&self.core.mem.bytes, pc);
        let regs = self.core.cpu.immutable_registers();
        let taken = match timing.kind {
            Kind::Cond(cc) => condition(cc, regs.get8(Reg8::F)),
            Kind::Djnz => regs.get8(Reg8::B) != 1,
            _ => false,
        };
        self.core.cpu.execute_instruction(&mut Bus {
            mem: &mut self.core.mem,
            obs: &mut NoObserver,
            pc,
            fetches: timing.len,
        });
        let repeated =
            timing.kind == Kind::Block && self.pc() == pc.wrapping_add(u16::from(timing.len) - 2);
        if self.core.cpu.is_halted() {
            let mut state = self.core.state();
            state[layout::HALTED] = 0;
            self.core.set_state(&state);
        }
        if let Some((addr, value)) = self.core.mem.fault.take() {
            return Err(MachineError::ProtectedWrite { addr, value, pc });
        }
        let extra = if taken || repeated { timing.extra } else { 0 };
        Ok(Step {
            pc,
            tstates: u32::from(timing.t) + u32::from(extra),
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
