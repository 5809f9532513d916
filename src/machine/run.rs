//! The emulation step loop of a call. iz80 executes each instruction; the machine reads the
//! instruction's table entry after it, counts, and stops only when one of a few never-taken
//! tests trips. The loop runs in slices of [`SLICE`] instructions, each under guards whose
//! budget is the slice's end; between two slices it looks at what no single instruction trips:
//! the call's budget, the progress leash and the watch's stop poll.

use std::ops::ControlFlow;

use iz80::{Reg8, Reg16};

use super::class;
use super::effects::unpack;
use super::guards::{Flow, Guards, Stop};
use super::marks::{FRESH, MACHINE, PROGRESS, STOP, WATCHED};
use super::memory::{Bus, Ram};
use super::special;
use super::step::closer;
use super::timing::{Rare, timing_at};
use super::watch::{Watch, WatchView};
use super::wz;
use super::{Cost, MachineError, refresh};

/// Instructions between two looks at what no single instruction can trip: the call's budget,
/// the progress leash and the watch's stop poll. 65,536 instructions are under a millisecond
/// of emulation, so another thread's stop is seen within that; each slice runs under guards
/// whose budget is the slice's end, so the step loop is the one that counts a budget, with no
/// test of its own.
pub const SLICE: u64 = 1 << 16;

/// The T-states of a slice's running sum ([`Tally::sum`]), below its prefix fetches.
const T_BITS: u64 = class::PREFIX_FETCH - 1;

/// The prefix fetches of a slice's running sum, below its instructions.
const FETCH_BITS: u64 = (class::INSTRUCTION - 1) & !T_BITS;

/// The instructions of a slice's running sum count modulo 2^17 (`class::INSTRUCTION`).
const SLICE_SPAN: u64 = u64::MAX / class::INSTRUCTION + 1;

// Each field holds a whole slice: its T-states (at most 255 an instruction), its prefix
// fetches (at most one a classified instruction) and its length.
const _: () = assert!(
    SLICE * 255 < class::PREFIX_FETCH
        && SLICE * class::PREFIX_FETCH < class::INSTRUCTION
        && SLICE < SLICE_SPAN
);

/// The running totals of a call: the loop keeps `sum` in a register and the rest where the
/// compiler likes (only a slice's end and a stop read them). Functions the loop calls without
/// inlining them take it by value and hand it back, so that `sum` stays in its register.
#[derive(Clone, Copy)]
struct Tally {
    /// The running slice's T-states, prefix fetches of classified instructions (the prefix
    /// fetches of the instructions the loop looks at closer are in `Ram::prefixes`) and
    /// instructions, one field above the other (`class::ADDS`): one addition counts all three,
    /// and it carries out of the word after the slice's last instruction.
    sum: u64,
    /// `sum` at the slice's start: its instructions are 2^17 minus the slice's length.
    start: u64,
    /// The call's T-states and instructions before the running slice.
    before: Cost,
    /// The call's prefix fetches of classified instructions before the running slice.
    fetches: u64,
}

impl Tally {
    /// The totals of a call whose first slice runs `len` instructions (1 ..= [`SLICE`]).
    fn new(len: u64) -> Tally {
        debug_assert!((1..=SLICE).contains(&len), "a slice of {len} instructions");
        let start = (SLICE_SPAN - len) * class::INSTRUCTION;
        Tally {
            sum: start,
            start,
            before: Cost::default(),
            fetches: 0,
        }
    }

    /// Instructions so far in the running slice: after its last one carried out of `sum`,
    /// the count modulo 2^17 is still the slice's length, which is less.
    fn in_slice(&self) -> u64 {
        let span = self.sum / class::INSTRUCTION;
        span.wrapping_sub(self.start / class::INSTRUCTION) % SLICE_SPAN
    }

    fn instructions(&self) -> u64 {
        self.before.instructions + self.in_slice()
    }

    /// Prefix fetches of classified instructions since the call began.
    fn fetches(&self) -> u64 {
        let in_slice = (self.sum & FETCH_BITS) / class::PREFIX_FETCH;
        self.fetches.wrapping_add(in_slice)
    }

    /// Opcode fetches so far, modulo 2^64: what R has counted since the call began.
    fn m1(&self, ram: &Ram) -> u64 {
        self.instructions()
            .wrapping_add(ram.prefixes)
            .wrapping_add(self.fetches())
    }

    fn cost(&self) -> Cost {
        Cost {
            tstates: self.before.tstates + (self.sum & T_BITS),
            instructions: self.instructions(),
        }
    }

    /// Takes the running slice into the call's totals and starts the next, of `len`
    /// instructions (1 ..= [`SLICE`]).
    fn next_slice(&mut self, len: u64) {
        *self = Tally {
            before: self.cost(),
            fetches: self.fetches(),
            ..Tally::new(len)
        };
    }
}

/// Runs from `pc` (a call already begun, the budget not zero) to the return; the watch, if
/// any, is called at its marked target. R is settled into the CPU however the call ends.
pub(crate) fn run<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    watch: Option<&mut dyn Watch>,
) -> Result<Cost, MachineError> {
    run_counted(cpu, bus, g, pc, watch).0
}

/// [`run`], with the cost so far however the run ended (an error included): what a program
/// run on in pieces adds up.
pub(crate) fn run_counted<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    mut watch: Option<&mut dyn Watch>,
) -> (Result<Cost, MachineError>, Cost) {
    let mut slice = Guards {
        budget: SLICE.min(g.budget),
        ..*g
    };
    let mut tally = Tally::new(slice.budget);
    let ram = bus.ram();
    (ram.prefixes, ram.progressed, ram.progress) = (0, false, 0);
    let result = slices(cpu, bus, (g, &mut slice), pc, &mut watch, &mut tally);
    let m1 = tally.m1(bus.ram());
    refresh::settle(cpu.registers(), m1);
    (result, tally.cost())
}

/// The slices of a call (`slice`: the guards of the one running), and between two of them the
/// looks at a slice's end (`end_of_slice`), then at the next PC as a stop does them.
#[inline(always)]
fn slices<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    (g, slice): (&Guards, &mut Guards),
    pc: u16,
    watch: &mut Option<&mut dyn Watch>,
    tally: &mut Tally,
) -> Result<Cost, MachineError> {
    if bus.ram().marks[usize::from(pc)] & WATCHED != 0 {
        hit_at_entry(cpu, bus.ram(), watch, pc)?;
    }
    let mut pc = pc;
    loop {
        let result = match steps(cpu, bus, slice, pc, watch, tally) {
            Ok(Exit::Machine(at)) => {
                let (ran, result) = machine(cpu, bus, slice, at, watch, *tally);
                tally.sum = tally.sum.wrapping_add(ran);
                result
            }
            other => other,
        };
        let next = match result {
            Ok(Exit::Returned(cost)) => return Ok(cost),
            Ok(Exit::Machine(next) | Exit::Continue(next)) => {
                pc = next;
                continue;
            }
            Err(MachineError::BudgetExceeded {
                pc: next, count, ..
            }) if count < g.budget => next,
            Err(MachineError::BudgetExceeded { pc, count, .. }) => {
                let tstates = tally.cost().tstates;
                let routine = None;
                return Err(MachineError::BudgetExceeded {
                    pc,
                    count,
                    tstates,
                    routine,
                });
            }
            Err(error) => return Err(error),
        };
        let cost = tally.cost();
        slice.budget = end_of_slice(g, bus.ram(), watch, next, cost)?;
        tally.next_slice(slice.budget - cost.instructions);
        let m1 = tally.m1(bus.ram());
        arrive(cpu, bus.ram(), g, watch, next, (cost, m1))?;
        pc = next;
    }
}

/// The end of a slice (next PC `next`, the call's cost `cost` so far): runaway code when the
/// leash ran out since the last slice in which a progress mark was called,
/// [`MachineError::Aborted`] when the watch asks to stop; else where the next slice ends.
#[cold]
#[inline(never)]
fn end_of_slice(
    g: &Guards,
    ram: &mut Ram,
    watch: &mut Option<&mut dyn Watch>,
    next: u16,
    cost: Cost,
) -> Result<u64, MachineError> {
    let Cost {
        tstates,
        instructions: count,
    } = cost;
    if std::mem::take(&mut ram.progressed) {
        ram.progress = tstates;
    }
    if tstates - ram.progress > g.leash {
        return Err(MachineError::NoProgress {
            pc: next,
            count,
            tstates,
            leash: g.leash,
            marks: String::new(),
            routine: None,
        });
    }
    if watch.as_deref_mut().is_some_and(|w| w.should_stop()) {
        return Err(MachineError::Aborted { pc: next, cost });
    }
    Ok(count.saturating_add(SLICE).min(g.budget))
}

/// After a slice's end, the looks at the next PC the slice's end came before (as
/// `Guards::settle` orders them): PC leaving the code, a progress mark, the watch's target
/// (`cost` and `m1` so far).
#[cold]
#[inline(never)]
fn arrive(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    watch: &mut Option<&mut dyn Watch>,
    next: u16,
    (cost, m1): (Cost, u64),
) -> Result<(), MachineError> {
    if !g.in_code(next) {
        return Err(MachineError::PcOutsideImage { pc: next });
    }
    // Progress at `next` was taken in by `stopped`, which knows the instruction that led there.
    let mark = ram.marks[usize::from(next)];
    match watch.as_deref_mut() {
        Some(watch) if mark & WATCHED != 0 => hit(cpu, ram, watch, next, cost, m1),
        _ => Ok(()),
    }
}

/// The step loop. Allocates nothing. After iz80 ran an instruction it reads the class of the
/// instruction's address (`Ram::classes`, see `class`) and adds what the class adds to the
/// running sum (the instruction, its T-states and a prefix fetch to count for R), whose carry
/// ends the slice. Then, by the class: nothing more (most instructions); the instruction's WZ
/// rule to apply; the stack region to check (and WZ to set to the next PC after CALL, RET and
/// RST); a branch that PC tells taken; or "look closer" (conditional returns, the rare ones,
/// chains of prefixes). Then it tests the mark of the next PC (outside the code region, where
/// the sentinel also lies; the watch's target; a blocked write, which marks every address; an
/// instruction not classified yet, or one the machine runs itself). Nothing but PC and the
/// totals lives across iz80's call.
#[inline(always)]
fn steps<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    watch: &mut Option<&mut dyn Watch>,
    tally: &mut Tally,
) -> Result<Exit, MachineError> {
    if let Some(exit) = arrive_at(bus.ram(), pc) {
        return Ok(exit);
    }
    let mut pc = usize::from(pc);
    loop {
        bus.begin(pc as u16);
        cpu.execute_instruction(bus);
        let next = usize::from(cpu.immutable_registers().pc());
        let ram = bus.ram();
        let c = ram.classes[pc];
        let (sum, full) = tally.sum.overflowing_add(ram.adds[usize::from(c)]);
        tally.sum = sum;
        // The slice's last instruction carried out of the sum: the one test of the budget
        // branches on the addition's carry, and the class's work for it is done out of line.
        let (tstates, stop) = if full {
            let (tstates, counted) = last_of_slice(cpu, ram, g, c, (pc, next), *tally);
            *tally = counted;
            (tstates, true)
        } else {
            classed(cpu, ram, g, c, (pc, next), (tally, false))
        };
        if stop {
            let at = (pc as u16, next as u16);
            if let Some(exit) = go_on(cpu, bus, g, at, tstates, watch, tally)? {
                return Ok(exit);
            }
        } else {
            bus.finish(pc as u16, tstates);
        }
        pc = next;
    }
}

/// After the instruction at `pc` of class `c` (next PC `next`), counted into `tally` (`full`
/// when it was the slice's last): its T-states, WZ, SP's guard and a branch's T-states done as
/// its class says, and whether the loop must stop.
#[inline(always)]
fn classed(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    c: u8,
    (pc, next): (usize, usize),
    (tally, full): (&mut Tally, bool),
) -> (u32, bool) {
    // Each path tests the stop itself, after its own work: the WZ rule's path then needs no
    // register for the mark across the rule, which would spill the CPU's pointer (measured).
    if c < class::WZ {
        let stop = full || ram.marks[next] & STOP != 0;
        (u32::from(c & class::T), stop)
    } else if c < class::STACK {
        wz_rule(cpu, ram, c, pc);
        let stop = full || ram.marks[next] & STOP != 0;
        (ram.adds[usize::from(c)] as u32 & u32::from(class::T), stop)
    } else if c < class::BRANCH {
        if c >= class::STACK_WZ {
            ram.hidden.wz = next as u16;
        }
        let trip = !g.stack_ok(cpu.immutable_registers().get16(Reg16::SP));
        let stop = trip || full || ram.marks[next] & STOP != 0;
        (u32::from(c & class::T), stop)
    } else if c < class::CLOSER {
        branched(cpu, ram, g, c, (pc, next), (tally, full))
    } else {
        let m1 = tally.m1(ram).wrapping_sub(1);
        let (tstates, trip) = closer(cpu, ram, g, (pc as u16, next as u16), m1);
        tally.sum += u64::from(tstates);
        let stop = trip || full || ram.marks[next] & STOP != 0;
        (tstates, stop)
    }
}

/// [`classed`] for the slice's last instruction, after which the loop always stops: its
/// T-states, and `tally` with them.
#[cold]
#[inline(never)]
fn last_of_slice(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    c: u8,
    at: (usize, usize),
    mut tally: Tally,
) -> (u32, Tally) {
    let (tstates, _) = classed(cpu, ram, g, c, at, (&mut tally, true));
    (tstates, tally)
}

/// WZ after the plain instruction at `pc` whose class `c` (from `class::WZ` up to
/// `class::STACK`) names its rule: its operand, a register plus its operand, or another rule
/// of `Ram::rules`.
#[inline(always)]
fn wz_rule(cpu: &iz80::Cpu, ram: &mut Ram, c: u8, pc: usize) {
    let rule = ram.rules[pc];
    let regs = cpu.immutable_registers();
    // A register plus the operand first: board code indexes (IX+d) more often than it
    // loads or jumps to a fixed address.
    if c >= class::REGISTER {
        let (x, mask) = class::WZ_REGISTERS[usize::from((c >> 2) & 7)];
        ram.hidden.wz = (regs.get16(x) & mask).wrapping_add(rule as u16);
    } else if c < class::OTHER {
        ram.hidden.wz = rule as u16;
    } else {
        wz::plain(rule, regs, &mut ram.hidden.wz);
    }
}

/// After the branch of class `c` at `pc` (next PC `next`): its T-states, taken when PC is not
/// past it (see `class::BRANCHES`), counted into `tally`, WZ and the flags set, and whether a
/// test tripped.
#[inline(always)]
fn branched(
    cpu: &mut iz80::Cpu,
    ram: &mut Ram,
    g: &Guards,
    c: u8,
    (pc, next): (usize, usize),
    (tally, full): (&mut Tally, bool),
) -> (u32, bool) {
    if c <= class::DJNZ {
        // JR cc and DJNZ, the commonest: two bytes, 5 T-states more and WZ the target when
        // taken, nothing else to look at.
        let taken = next != (pc + 2) & 0xFFFF;
        if taken {
            tally.sum += 5;
            ram.hidden.wz = next as u16;
        }
        let stop = full || ram.marks[next] & STOP != 0;
        let t = class::BRANCHES[usize::from(c & 7)].t;
        return (u32::from(t) + if taken { 5 } else { 0 }, stop);
    }
    let call = c == class::CALL;
    let (len, extra) = if call { (3, 7) } else { (2, 5) };
    let taken = next != (pc + len) & 0xFFFF;
    if taken {
        tally.sum += extra;
    }
    if call {
        ram.hidden.wz = ram.rules[pc] as u16;
    } else {
        block(cpu, ram, c, taken);
    }
    let trip = call && !g.stack_ok(cpu.immutable_registers().get16(Reg16::SP));
    let stop = trip || full || ram.marks[next] & STOP != 0;
    let t = class::BRANCHES[usize::from(c & 7)].t;
    (u32::from(t) + if taken { extra as u32 } else { 0 }, stop)
}

/// WZ and F after LDIR or LDDR (class `BLOCK_LD`), CPIR or CPDR, which repeated when `taken`
/// (PC `next` back on its ED byte): WZ the ED byte's address plus one and F's bits 5 and 3
/// from it; else WZ as it was (LDIR, LDDR) or moved by one (CPIR up, CPDR down).
#[inline(always)]
fn block(cpu: &mut iz80::Cpu, ram: &mut Ram, c: u8, taken: bool) {
    if taken {
        let next = cpu.immutable_registers().pc();
        ram.hidden.wz = next.wrapping_add(1);
        let regs = cpu.registers();
        let f = wz::high_xy(regs.get8(Reg8::F), next);
        regs.set8(Reg8::F, f);
    } else if c == class::CPIR {
        ram.hidden.wz = ram.hidden.wz.wrapping_add(1);
    } else if c == class::CPDR {
        ram.hidden.wz = ram.hidden.wz.wrapping_sub(1);
    }
}

/// Why the step loop handed back control: the call returned with this cost; or the instruction
/// at this PC is one the machine runs itself (`machine`), which the loop leaves to its caller
/// so that it keeps its totals in registers; or (from `machine`) the run goes on here.
enum Exit {
    Returned(Cost),
    Machine(u16),
    Continue(u16),
}

/// The instruction at `pc` is about to run (its watch, if any, already seen): classified first
/// when it is `FRESH`; `Exit::Machine` when it is one the machine runs itself.
#[inline(always)]
fn arrive_at(ram: &mut Ram, pc: u16) -> Option<Exit> {
    if ram.marks[usize::from(pc)] & (FRESH | MACHINE) == 0 {
        return None;
    }
    arrive_closer(ram, pc)
}

/// [`arrive_at`] for an address marked `FRESH` or `MACHINE`.
#[cold]
#[inline(never)]
fn arrive_closer(ram: &mut Ram, pc: u16) -> Option<Exit> {
    if ram.marks[usize::from(pc)] & FRESH != 0 {
        ram.classify(pc);
    }
    (ram.marks[usize::from(pc)] & MACHINE != 0).then_some(Exit::Machine(pc))
}

/// After a test tripped at the instruction `at.0` (next PC `at.1`, `tstates` T-states): the
/// guards and the watch (`after`), then the instruction at the next PC (`arrive_at`). None to
/// go on with iz80 at the next PC.
#[inline(always)]
fn go_on<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    (pc, next): (u16, u16),
    tstates: u32,
    watch: &mut Option<&mut dyn Watch>,
    tally: &Tally,
) -> Result<Option<Exit>, MachineError> {
    if let Some(cost) = after(cpu, bus, g, (pc, next), tstates, watch, tally)? {
        return Ok(Some(Exit::Returned(cost)));
    }
    Ok(arrive_at(bus.ram(), next))
}

/// The guards and the watch after the instruction at `pc` (next PC `next`, `tstates`
/// T-states) tripped a test, Q, P and EI settled first: the guard's error, the call's cost when
/// it returned, or None to go on.
#[inline(always)]
fn after<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    (pc, next): (u16, u16),
    tstates: u32,
    watch: &mut Option<&mut dyn Watch>,
    tally: &Tally,
) -> Result<Option<Cost>, MachineError> {
    settle(cpu, bus.ram(), pc);
    let flow = stopped(cpu, bus.ram(), g, pc, next, tally.instructions());
    if let Err(MachineError::BudgetExceeded { .. }) = flow {
        // The end of a slice (or of the budget): the instruction ran, its observer sees it.
        bus.finish(pc, tstates);
    }
    let flow = flow?;
    bus.finish(pc, tstates);
    match flow {
        Flow::Go => {}
        Flow::Returned => return Ok(Some(tally.cost())),
        Flow::Hit => {
            let watch = watch.as_deref_mut().expect("only a watch marks a target");
            let ram = bus.ram();
            let (cost, m1) = (tally.cost(), tally.m1(ram));
            hit(cpu, ram, watch, next, cost, m1)?;
        }
    }
    Ok(None)
}

/// Q, P and EI after the instruction at `pc`, from its effect bits and F.
#[cold]
#[inline(never)]
fn settle(cpu: &iz80::Cpu, ram: &mut Ram, pc: u16) {
    let bits = unpack(ram.rules[usize::from(pc)]).2;
    ram.hidden
        .settle(bits, cpu.immutable_registers().get8(Reg8::F));
}

/// Runs the instruction at `pc` that the machine runs itself (HALT refused), counted beside
/// `tally` (the totals before it) and followed by the guards and the watch as the loop does
/// for iz80's: what it adds to `Tally::sum` (nothing for a refused HALT), and where the run
/// goes on (or the call's end, or the guard's error).
#[cold]
#[inline(never)]
fn machine<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    g: &Guards,
    pc: u16,
    watch: &mut Option<&mut dyn Watch>,
    tally: Tally,
) -> (u64, Result<Exit, MachineError>) {
    let e = timing_at(&bus.ram().bytes, pc);
    if e.rare() == Some(Rare::Halt) {
        return (0, Err(MachineError::Halted { pc }));
    }
    bus.begin(pc);
    let tstates = special::run(cpu, bus, pc, &e);
    bus.ram().prefixes += u64::from(e.m1) - 1;
    let ran = class::INSTRUCTION + u64::from(tstates);
    let tally = Tally {
        sum: tally.sum.wrapping_add(ran),
        ..tally
    };
    let next = cpu.immutable_registers().pc();
    let exit = match after(cpu, bus, g, (pc, next), tstates, watch, &tally) {
        Ok(Some(cost)) => Ok(Exit::Returned(cost)),
        Ok(None) => Ok(Exit::Continue(next)),
        Err(error) => Err(error),
    };
    (ran, exit)
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
    count: u64,
) -> Result<Flow, MachineError> {
    let fault = ram.take_fault();
    let stop = Stop {
        fault,
        pc,
        next,
        sp: cpu.immutable_registers().get16(Reg16::SP),
        mark: ram.marks[usize::from(next)] & STOP,
    };
    // Taken in at the slice's end (the leash is measured in slices), also when this
    // instruction ends the slice.
    if stop.mark & PROGRESS != 0 && called(&ram.bytes, pc, next, stop.sp) {
        ram.progressed = true;
    }
    g.settle(stop, count)
}

/// True when the instruction at `pc` called `next`: CALL nn, a CALL cc taken or RST, with its
/// return address on top of the stack at `sp`. Only a new entry into a routine is progress: PC
/// that stays on a mark's address (a `JR $` there, or a loop through it) is not.
#[inline]
fn called(bytes: &[u8; 0x10000], pc: u16, next: u16, sp: u16) -> bool {
    let at = |addr: u16| bytes[usize::from(addr)];
    let word = |addr: u16| u16::from_le_bytes([at(addr), at(addr.wrapping_add(1))]);
    let op = at(pc);
    let ret = if op == 0xCD || op & 0xC7 == 0xC4 {
        if word(pc.wrapping_add(1)) != next {
            return false;
        }
        pc.wrapping_add(3)
    } else if op & 0xC7 == 0xC7 {
        if u16::from(op & 0x38) != next {
            return false;
        }
        pc.wrapping_add(1)
    } else {
        return false;
    };
    word(sp) == ret
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
