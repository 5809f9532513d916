//! The machine: iz80 on 64 KiB, routine calls with exact T-states, and the guards around them.

use std::ops::{Add, AddAssign, RangeBounds};

use iz80::{Reg8, Reg16};
use serde::Serialize;

use super::guards::Guards;
use super::memory::{Observed, Ram, inclusive};
use super::resume::Run;
use super::trace::{AccessTrace, Observer};
use super::watch::Watch;
use super::{Image, MachineError, Registers, SymbolTable};
use super::{run, step};

/// Instructions a call may run before it counts as runaway code, unless set otherwise: under
/// a second of emulation, far beyond any routine of the board ABI (the 1978 GENMOV needs about
/// 5,000 instructions for 20 moves) and room for a whole one-ply search of the 1978 program
/// (4 million at most on the recorded positions). The harness sets budgets of its own for
/// its calls (`abi`).
pub const DEFAULT_BUDGET: u64 = 50_000_000;

/// A budget no call reaches (some 10^19 instructions; at 75 million a second, thousands of
/// years): for long searches. The other guards stay.
pub const UNLIMITED_BUDGET: u64 = u64::MAX;

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
    ram: Box<Ram>,
    guards: Guards,
}

/// A Z80 with 64 KiB of memory, an image loaded into it, and exact T-state accounting.
pub struct Machine {
    core: Core,
    image: Image,
    tracing: bool,
    trace: AccessTrace,
    /// The progress marks of [`Machine::set_progress`].
    progress: Vec<u16>,
}

impl Core {
    fn pc(&self) -> u16 {
        self.cpu.immutable_registers().pc()
    }

    fn begin_call(&mut self, addr: u16) {
        let sp = self.guards.stack.wrapping_sub(2);
        let [low, high] = self.guards.sentinel.to_le_bytes();
        self.ram.host_write(sp, low);
        self.ram.host_write(sp.wrapping_add(1), high);
        let regs = self.cpu.registers();
        regs.set16(Reg16::SP, sp);
        regs.set_pc(addr);
    }

    /// Checks the entry point, the budget and the room for the sentinel, and begins a call;
    /// the error when the call cannot start.
    fn start(&mut self, addr: u16) -> Result<(), MachineError> {
        if !self.guards.in_code(addr) {
            return Err(MachineError::PcOutsideImage { pc: addr });
        }
        if self.guards.budget == 0 {
            return Err(MachineError::BudgetExceeded {
                pc: addr,
                count: 0,
                tstates: 0,
                routine: None,
            });
        }
        let sp = self.guards.stack.wrapping_sub(2);
        if !self.guards.stack_ok(sp) {
            return Err(MachineError::StackOutOfRange { sp, pc: addr });
        }
        self.begin_call(addr);
        Ok(())
    }

    fn call(&mut self, addr: u16, watch: Option<&mut dyn Watch>) -> Result<Cost, MachineError> {
        self.start(addr)?;
        run::run(&mut self.cpu, &mut *self.ram, &self.guards, addr, watch)
    }

    fn call_observed<O: Observer>(
        &mut self,
        addr: u16,
        obs: &mut O,
        watch: Option<&mut dyn Watch>,
    ) -> Result<Cost, MachineError> {
        self.start(addr)?;
        let mut bus = Observed::new(&mut self.ram, obs);
        run::run(&mut self.cpu, &mut bus, &self.guards, addr, watch)
    }

    /// The guards of a run on from PC for at most `max` instructions (the call guards but the
    /// budget kept), or the run that cannot start.
    fn resume_guards(&self, max: u64) -> Result<Guards, Run> {
        let pc = self.pc();
        if !self.guards.in_code(pc) {
            let error = MachineError::PcOutsideImage { pc };
            return Err(Run::new(Err(error), Cost::default()));
        }
        if max == 0 {
            let error = MachineError::BudgetExceeded {
                pc,
                count: 0,
                tstates: 0,
                routine: None,
            };
            return Err(Run::new(Err(error), Cost::default()));
        }
        Ok(Guards {
            budget: max,
            ..self.guards
        })
    }

    /// Runs on from PC for at most `max` instructions, every instruction shown to `obs`.
    fn resume_observed<O: Observer, W: Watch>(
        &mut self,
        max: u64,
        watch: &mut W,
        obs: &mut O,
    ) -> Run {
        let g = match self.resume_guards(max) {
            Ok(g) => g,
            Err(run) => return run,
        };
        let pc = self.pc();
        let mut bus = Observed::new(&mut self.ram, obs);
        let (result, cost) = run::run_counted(&mut self.cpu, &mut bus, &g, pc, Some(watch));
        Run::new(result, cost)
    }

    /// Runs on from PC for at most `max` instructions (the call guards but the budget kept).
    fn resume<W: Watch>(
        &mut self,
        max: u64,
        watch: &mut W,
        trace: Option<&mut AccessTrace>,
    ) -> Run {
        let g = match self.resume_guards(max) {
            Ok(g) => g,
            Err(run) => return run,
        };
        let pc = self.pc();
        let (result, cost) = match trace {
            Some(trace) => {
                let mut bus = Observed::new(&mut self.ram, trace.counters());
                run::run_counted(&mut self.cpu, &mut bus, &g, pc, Some(watch))
            }
            None => run::run_counted(&mut self.cpu, &mut *self.ram, &g, pc, Some(watch)),
        };
        Run::new(result, cost)
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
            leash: u64::MAX,
            sentinel: 0,
        };
        guards.set_code_region(&mut ram, image.org, image.bytes.len() as u32);
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
            progress: Vec::new(),
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
        let (start, len) = match inclusive(&range) {
            Some((start, end)) => (start, u32::from(end) - u32::from(start) + 1),
            None => (0, 0),
        };
        let core = &mut self.core;
        core.guards.set_code_region(&mut core.ram, start, len);
    }

    /// Sets the most instructions one call may execute ([`UNLIMITED_BUDGET`] for no limit).
    pub fn set_budget(&mut self, max_instructions: u64) {
        self.core.guards.budget = max_instructions;
    }

    /// The most instructions one call may execute.
    pub fn budget(&self) -> u64 {
        self.core.guards.budget
    }

    /// Bounds every call's progress, beside its budget: a call that runs more than `leash`
    /// T-states without calling one of `marks` (say the entries of routines a long
    /// computation keeps calling) is runaway code, [`MachineError::NoProgress`]. Only a call
    /// counts (CALL nn, a CALL cc taken or RST, its return address on the stack): PC that stays
    /// on a mark's address, a `JR $` there, enters nothing. The leash is looked at between
    /// slices of [`SLICE`](super::SLICE) instructions and counted from the end of the last
    /// slice in which a mark was called, so a legitimate stretch is never overrated and a
    /// runaway one is caught at most a slice late; reaching a mark costs a stop of the step
    /// loop, nothing between. The marks replace earlier ones; an empty list (or
    /// [`Machine::clear_progress`]) ends it.
    pub fn set_progress(&mut self, marks: &[u16], leash: u64) {
        self.clear_progress();
        for &addr in marks {
            self.core.ram.mark_progress(addr, true);
        }
        self.progress = marks.to_vec();
        self.core.guards.leash = if marks.is_empty() { u64::MAX } else { leash };
    }

    /// Ends the progress bound of [`Machine::set_progress`].
    pub fn clear_progress(&mut self) {
        for &addr in &self.progress {
            self.core.ram.mark_progress(addr, false);
        }
        self.progress.clear();
        self.core.guards.leash = u64::MAX;
    }

    /// The progress leash in T-states (`u64::MAX` when there is none).
    pub fn leash(&self) -> u64 {
        self.core.guards.leash
    }

    /// A runaway error with its place named from the symbols: the routine PC was in and the
    /// progress marks; other errors as they are.
    #[cold]
    fn located(&self, error: MachineError) -> MachineError {
        match error {
            MachineError::BudgetExceeded {
                pc, count, tstates, ..
            } => MachineError::BudgetExceeded {
                pc,
                count,
                tstates,
                routine: self.routine_at(pc),
            },
            MachineError::NoProgress {
                pc,
                count,
                tstates,
                leash,
                ..
            } => MachineError::NoProgress {
                pc,
                count,
                tstates,
                leash,
                marks: self.mark_names(),
                routine: self.routine_at(pc),
            },
            other => other,
        }
    }

    /// `NAME` or `NAME+offset` for an address of the image, from its nearest symbol below
    /// (None outside the image or below its first symbol): where an error places PC.
    pub fn routine_at(&self, pc: u16) -> Option<String> {
        if !self.image.contains(pc) {
            return None;
        }
        let (name, value) = self.image.symbols.nearest_below(pc)?;
        Some(if value == pc {
            name.to_string()
        } else {
            format!("{name}+{}", pc - value)
        })
    }

    /// The progress marks as `POINTS or MOVE` (an address where no symbol names it).
    fn mark_names(&self) -> String {
        let names: Vec<String> = self
            .progress
            .iter()
            .map(|&addr| match self.image.symbols.label_at(addr) {
                Some(name) => name.to_string(),
                None => format!("{addr:#06X}"),
            })
            .collect();
        names.join(" or ")
    }

    /// The byte at `addr`.
    pub fn peek(&self, addr: u16) -> u8 {
        self.core.ram.bytes[usize::from(addr)]
    }

    /// Writes a byte (host access: protection does not apply).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.core.ram.host_write(addr, value);
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

    /// The monitor call whose parameter block starts at `at` (the address an `RST 38H` pushes),
    /// when the bytes there are one of the six blocks.
    pub fn monitor_block(&self, at: u16) -> Option<super::MonitorCall> {
        super::MonitorCall::block(&self.core.ram.bytes, at)
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

    /// A copy of all registers, WZ, Q, P and EI included.
    pub fn registers(&self) -> Registers {
        Registers::from_state(&self.core.state(), &self.core.ram.hidden)
    }

    /// Sets all registers, WZ, Q, P and EI included (Q is what the next SCF or CCF reads,
    /// when it comes first).
    pub fn set_registers(&mut self, regs: &Registers) {
        let mut state = self.core.state();
        regs.write_state(&mut state);
        self.core.set_state(&state);
        self.core.ram.hidden = regs.hidden();
    }

    /// The accumulator, read straight from the CPU (no snapshot of every register, no
    /// allocation: INCHK's answer after every move of a cross-check is read here).
    pub fn a(&self) -> u8 {
        self.core.cpu.immutable_registers().a()
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

    /// The refresh register R.
    pub fn r(&self) -> u8 {
        self.core.cpu.immutable_registers().get8(Reg8::R)
    }

    /// Sets the refresh register R (all eight bits), e.g. to seed code that reads it with
    /// LD A,R before a call. The machine advances its low seven bits on every opcode fetch.
    pub fn set_r(&mut self, r: u8) {
        self.core.cpu.registers().set8(Reg8::R, r);
    }

    /// Runs the routine at `addr` until it returns; its cost. Counts accesses when tracing is on.
    pub fn call(&mut self, addr: u16) -> Result<Cost, MachineError> {
        let result = if self.tracing {
            self.core.call_observed(addr, self.trace.counters(), None)
        } else {
            self.core.call(addr, None)
        };
        result.map_err(|e| self.located(e))
    }

    /// Runs the routine at `addr` on the untraced step loop whatever [`Machine::set_tracing`]
    /// says: the loop [`Machine::call`] runs when tracing is off, entered without testing the
    /// switch, i.e. what a machine built without tracing would run. The benchmarks time it to
    /// show what the switch costs; otherwise use [`Machine::call`].
    pub fn call_untraced(&mut self, addr: u16) -> Result<Cost, MachineError> {
        self.core.call(addr, None).map_err(|e| self.located(e))
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
        let result = self.core.call_observed(addr, obs, None);
        result.map_err(|e| self.located(e))
    }

    /// Runs the routine at `addr` as [`Machine::call`] does (tracing included), stopping
    /// before every instruction at the watch's target to call [`Watch::hit`]. Its cost; or
    /// [`MachineError::Aborted`] when the watch broke off, or any guard's error. The code is
    /// not changed and, while the target is not reached, the loop runs at full speed.
    pub fn call_watched<W: Watch>(
        &mut self,
        addr: u16,
        watch: &mut W,
    ) -> Result<Cost, MachineError> {
        self.core.ram.watch_fixed(watch.fixed_targets());
        self.core.ram.watch(watch.target());
        let result = if self.tracing {
            self.core
                .call_observed(addr, self.trace.counters(), Some(watch))
        } else {
            self.core.call(addr, Some(watch))
        };
        self.core.ram.unwatch_all();
        result.map_err(|e| self.located(e))
    }

    /// [`Machine::call_observed`] and [`Machine::call_watched`] at once: every instruction is
    /// shown to `obs` (say a profiler's collector) and the watch is called at its targets (say
    /// a search driver's, which bounds what the routine may do).
    pub fn call_observed_watched<O: Observer, W: Watch>(
        &mut self,
        addr: u16,
        obs: &mut O,
        watch: &mut W,
    ) -> Result<Cost, MachineError> {
        self.core.ram.watch_fixed(watch.fixed_targets());
        self.core.ram.watch(watch.target());
        let result = self.core.call_observed(addr, obs, Some(watch));
        self.core.ram.unwatch_all();
        result.map_err(|e| self.located(e))
    }

    /// Runs the program on from PC and SP as they are (nothing is pushed: start it with
    /// [`Machine::begin_call`] or [`Machine::set_pc`]) for at most `max_instructions`
    /// instructions, under the call guards and the watch as [`Machine::call_watched`] runs a
    /// call, tracing included. A program that never returns runs in such pieces: the [`Run`]
    /// says what this one cost and why it stopped (its budget spent, the watch breaking off,
    /// a return to the sentinel, a guard), and the next one goes on where it stopped. A watch
    /// whose target is PC when the run starts sees it first, before anything runs.
    pub fn run_watched<W: Watch>(&mut self, watch: &mut W, max_instructions: u64) -> Run {
        self.core.ram.watch_fixed(watch.fixed_targets());
        self.core.ram.watch(watch.target());
        let trace = self.tracing.then_some(&mut self.trace);
        let run = self.core.resume(max_instructions, watch, trace);
        self.core.ram.unwatch_all();
        run
    }

    /// [`Machine::run_watched`] with every instruction and data access shown to `obs` (say a
    /// profiler's collector, or a debugger's watch of single steps) instead of the built-in
    /// counters.
    pub fn run_observed_watched<O: Observer, W: Watch>(
        &mut self,
        obs: &mut O,
        watch: &mut W,
        max_instructions: u64,
    ) -> Run {
        self.core.ram.watch_fixed(watch.fixed_targets());
        self.core.ram.watch(watch.target());
        let run = self.core.resume_observed(max_instructions, watch, obs);
        self.core.ram.unwatch_all();
        run
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
            step::step(&mut core.cpu, &mut bus, &core.guards)
        } else {
            step::step(&mut core.cpu, &mut *core.ram, &core.guards)
        }
    }

    /// Executes one instruction under the guards, reporting it to `obs`.
    pub fn step_observed<O: Observer>(&mut self, obs: &mut O) -> Result<Step, MachineError> {
        let core = &mut self.core;
        step::step(
            &mut core.cpu,
            &mut Observed::new(&mut core.ram, obs),
            &core.guards,
        )
    }

    /// Executes one instruction without the call guards (HALT runs as a one-instruction
    /// no-op, SP and PC may go anywhere); protected writes are still blocked and reported.
    /// For test vectors and free-running code.
    pub fn step_raw(&mut self) -> Result<Step, MachineError> {
        step::step_raw(&mut self.core.cpu, &mut *self.core.ram)
    }

    /// [`Machine::step_raw`], reporting the instruction, its memory accesses and its port
    /// accesses to `obs`.
    pub fn step_raw_observed<O: Observer>(&mut self, obs: &mut O) -> Result<Step, MachineError> {
        let core = &mut self.core;
        step::step_raw(&mut core.cpu, &mut Observed::new(&mut core.ram, obs))
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
    use super::super::registers::layout;
    use super::*;

    #[test]
    fn state_layout_matches_iz80() {
        let mut m = Machine::blank();
        assert_eq!(m.core.state().len(), layout::LEN, "iz80 0.5.1 state size");
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
            wz: 0x2122,
            q: 0x23,
            p: true,
            ei: false,
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
