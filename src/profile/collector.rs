//! The profiling observer: T-states and instructions attributed to routines through a call stack,
//! plus per-address execution, read and write tallies.
//!
//! Everything is allocated up front; the per-instruction path only indexes arrays and, on CALL
//! and RET, pushes or pops a pre-sized stack.

use serde::Serialize;

use super::parts::{Part, PartMap};
use crate::machine::{Cost, Observer};

const ADDRESSES: usize = 0x10000;
/// Deeper nesting than this is still timed for its outer frames, but not recorded per routine.
const MAX_DEPTH: usize = 256;
/// Routine slots reserved up front; more are added on first sight (never per instruction).
const ROUTINE_SLOTS: usize = 256;
const NO_SLOT: u16 = u16::MAX;

/// What one routine (a CALL target) cost, accumulated over all its calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoutineTally {
    /// Entry address (the CALL target).
    pub addr: u16,
    /// Completed calls (a call still open when the run ended is not counted).
    pub calls: u64,
    /// T-states from entry to RET included, nested calls included, summed over calls.
    pub inclusive: u64,
    /// Smallest inclusive T-states of one call.
    pub min: u64,
    /// Largest inclusive T-states of one call.
    pub max: u64,
    /// T-states of the routine's own instructions (nested calls go to the callee).
    pub self_tstates: u64,
    /// The routine's own instructions (nested calls go to the callee).
    pub self_instructions: u64,
    /// Instructions from entry to RET included, nested calls included, summed over calls.
    pub inclusive_instructions: u64,
}

impl RoutineTally {
    fn new(addr: u16) -> RoutineTally {
        RoutineTally {
            addr,
            calls: 0,
            inclusive: 0,
            min: u64::MAX,
            max: 0,
            self_tstates: 0,
            self_instructions: 0,
            inclusive_instructions: 0,
        }
    }

    /// Mean inclusive T-states per completed call (0 when never completed).
    pub fn mean(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.inclusive as f64 / self.calls as f64
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    slot: u16,
    return_addr: u16,
    entry_tstates: u64,
    entry_instructions: u64,
    /// Where its return address was pushed, when the collector saw the push.
    pushed_at: Option<u16>,
    /// The part its instructions count to (see [`Collector::count_parts`]).
    part: Part,
}

/// The parts' tallies of a whole program (see `parts.rs`).
struct PartTally {
    /// The part each routine entry starts, where it is a root.
    root: Vec<Option<Part>>,
    /// T-states and instructions per part, in the order of [`Part::ALL`].
    cost: [Cost; Part::ALL.len()],
    /// Per routine (by slot), its own T-states in each part.
    by_routine: Vec<[u64; Part::ALL.len()]>,
}

/// A control transfer whose effect on the call stack is known at the next instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    None,
    Call { target: u16, return_addr: u16 },
    Return,
}

/// Collects a profile while a routine runs; feed it every executed instruction and data access.
pub struct Collector {
    exec_count: Vec<u64>,
    opcodes: Vec<[u8; 4]>,
    exec_tstates: Vec<u64>,
    reads: Vec<u64>,
    writes: Vec<u64>,
    /// Addresses accessed by CALL, RET, PUSH, POP and friends: the stack.
    stack_slot: Vec<bool>,
    /// Data accesses of the instruction executing now (reported before it is).
    recent: [u16; 4],
    recent_len: usize,
    slot_of: Vec<u16>,
    routines: Vec<RoutineTally>,
    stack: Vec<Frame>,
    /// Frames beyond MAX_DEPTH that are open but not on `stack`.
    lost_depth: u64,
    pending: Pending,
    /// Where the pending CALL pushed its return address.
    pushed_at: Option<u16>,
    tstates: u64,
    instructions: u64,
    parts: Option<Box<PartTally>>,
}

impl Default for Collector {
    fn default() -> Collector {
        Collector::new()
    }
}

impl Collector {
    /// An empty collector; [`Collector::begin`] each call of the harness, [`Collector::end`]
    /// it after it returned. Tallies add up over calls.
    pub fn new() -> Collector {
        Collector {
            exec_count: vec![0; ADDRESSES],
            opcodes: vec![[0; 4]; ADDRESSES],
            exec_tstates: vec![0; ADDRESSES],
            reads: vec![0; ADDRESSES],
            writes: vec![0; ADDRESSES],
            stack_slot: vec![false; ADDRESSES],
            recent: [0; 4],
            recent_len: 0,
            slot_of: vec![NO_SLOT; ADDRESSES],
            routines: Vec::with_capacity(ROUTINE_SLOTS),
            stack: Vec::with_capacity(MAX_DEPTH),
            lost_depth: 0,
            pending: Pending::None,
            pushed_at: None,
            tstates: 0,
            instructions: 0,
            parts: None,
        }
    }

    /// Counts every instruction to a part of the program as well: the part of the innermost
    /// routine on the call stack that `map` makes a root, the game loop where none is, and the
    /// monitor's for an `RST 38H` (see `parts.rs`). Call it before [`Collector::begin`].
    pub fn count_parts(&mut self, map: &PartMap) {
        let mut root = vec![None; ADDRESSES];
        for &(addr, part) in map.roots() {
            root[usize::from(addr)] = Some(part);
        }
        self.parts = Some(Box::new(PartTally {
            root,
            cost: [Cost::default(); Part::ALL.len()],
            by_routine: Vec::with_capacity(ROUTINE_SLOTS),
        }));
    }

    /// The part that got most of the own T-states of the routine at `addr` (None unless
    /// [`Collector::count_parts`] was called, or for a routine never entered).
    pub fn main_part(&self, addr: u16) -> Option<Part> {
        let parts = self.parts.as_deref()?;
        let row = parts
            .by_routine
            .get(usize::from(self.slot_of[usize::from(addr)]))?;
        let (best, _) = row
            .iter()
            .enumerate()
            .max_by_key(|&(i, &t)| (t, std::cmp::Reverse(i)))?;
        Some(Part::ALL[best])
    }

    /// T-states and instructions per part, in the order of [`Part::ALL`] (None unless
    /// [`Collector::count_parts`] was called). They add up to the run's.
    pub fn part_costs(&self) -> Option<&[Cost; Part::ALL.len()]> {
        self.parts.as_ref().map(|p| &p.cost)
    }

    /// Starts a call of the routine at `entry` by the harness. Its return address (the
    /// harness's sentinel) is unknown here: [`Collector::end`] closes the frame.
    pub fn begin(&mut self, entry: u16) {
        self.stack.clear();
        self.lost_depth = 0;
        self.pending = Pending::None;
        self.pushed_at = None;
        self.enter(entry, 0);
    }

    /// Records one executed instruction: its address, its first opcode bytes and its T-states.
    #[inline]
    pub fn instruction(&mut self, pc: u16, opcode: [u8; 4], tstates: u32) {
        self.resolve(pc);
        let t = u64::from(tstates);
        self.tstates += t;
        self.instructions += 1;
        let count = &mut self.exec_count[pc as usize];
        if *count == 0 {
            self.opcodes[pc as usize] = opcode;
        }
        *count += 1;
        self.exec_tstates[pc as usize] += t;
        // Beyond MAX_DEPTH the deepest recorded frame absorbs the cost.
        if let Some(frame) = self.stack.last() {
            let tally = &mut self.routines[frame.slot as usize];
            tally.self_tstates += t;
            tally.self_instructions += 1;
        }
        if self.parts.is_some() {
            self.count_part(pc, opcode[0], t);
        }
        self.pending = transfer(pc, opcode, tstates);
        // A CALL pushes its return address in two writes; the lower is where it lies.
        self.pushed_at = match self.pending {
            Pending::Call { .. } if self.recent_len >= 2 => {
                Some(self.recent[0].min(self.recent[1]))
            }
            _ => None,
        };
        if uses_stack(opcode) {
            for &addr in &self.recent[..self.recent_len] {
                self.stack_slot[addr as usize] = true;
            }
        }
        self.recent_len = 0;
    }

    /// Records a data read (opcode fetches are not data reads).
    #[inline]
    pub fn read(&mut self, addr: u16) {
        self.reads[addr as usize] += 1;
        self.remember(addr);
    }

    /// Records a data write.
    #[inline]
    pub fn write(&mut self, addr: u16) {
        self.writes[addr as usize] += 1;
        self.remember(addr);
    }

    #[inline]
    fn remember(&mut self, addr: u16) {
        if self.recent_len < self.recent.len() {
            self.recent[self.recent_len] = addr;
            self.recent_len += 1;
        }
    }

    /// True for addresses that CALL, RET, PUSH, POP or EX (SP) accessed: stack slots.
    pub fn is_stack(&self, addr: u16) -> bool {
        self.stack_slot[addr as usize]
    }

    /// Ends the harness's call after it returned: the last instruction was the root's RET.
    pub fn end(&mut self) {
        if self.pending == Pending::Return && self.lost_depth == 0 {
            self.pop_one();
        }
        self.pending = Pending::None;
    }

    /// The instruction at `pc` counted to its part. A jump onto a root's entry (a tail call,
    /// as FNDMOV's `JP BOOK`) gives the rest of the frame to the root's part.
    fn count_part(&mut self, pc: u16, opcode: u8, t: u64) {
        let Some(parts) = self.parts.as_deref_mut() else {
            return;
        };
        let frame = self.stack.last_mut();
        if let (Some(frame), Some(part)) = (frame, parts.root[usize::from(pc)]) {
            frame.part = part;
        }
        let part = match opcode {
            0xFF => Part::Monitor,
            _ => self.stack.last().map_or(Part::Loop, |f| f.part),
        };
        let cost = &mut parts.cost[part.index()];
        cost.tstates += t;
        cost.instructions += 1;
        if let Some(frame) = self.stack.last() {
            let slot = usize::from(frame.slot);
            if parts.by_routine.len() <= slot {
                parts.by_routine.resize(slot + 1, [0; Part::ALL.len()]);
            }
            parts.by_routine[slot][part.index()] += t;
        }
    }

    fn resolve(&mut self, pc: u16) {
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::None => {}
            Pending::Call {
                target,
                return_addr,
            } => {
                if pc == target {
                    self.enter(target, return_addr);
                }
            }
            Pending::Return => self.leave_to(pc),
        }
    }

    fn enter(&mut self, target: u16, return_addr: u16) {
        let pushed_at = self.pushed_at.take();
        if let Some(at) = pushed_at {
            // A frame whose return address lies at or above the new one's is gone: the code
            // set SP above it (a program that starts its loop again with LD SP).
            while self
                .stack
                .last()
                .is_some_and(|f| f.pushed_at.is_some_and(|p| p <= at))
            {
                self.pop_one();
            }
        }
        if self.stack.len() == MAX_DEPTH {
            self.lost_depth += 1;
            return;
        }
        let inherited = self.stack.last().map_or(Part::Loop, |f| f.part);
        let part = self
            .parts
            .as_deref()
            .and_then(|p| p.root[usize::from(target)])
            .unwrap_or(inherited);
        let slot = match self.slot_of[target as usize] {
            NO_SLOT => {
                let slot = self.routines.len() as u16;
                self.routines.push(RoutineTally::new(target));
                self.slot_of[target as usize] = slot;
                slot
            }
            slot => slot,
        };
        self.stack.push(Frame {
            slot,
            return_addr,
            entry_tstates: self.tstates,
            entry_instructions: self.instructions,
            pushed_at,
            part,
        });
    }

    /// A RET landed on `pc`: closes the frame whose return address it is and the frames above
    /// it, which the code abandoned by dropping their return addresses. A RET to an address no
    /// frame expects is a computed jump (`PUSH HL / RET`) and closes nothing.
    fn leave_to(&mut self, pc: u16) {
        if self.lost_depth > 0 {
            self.lost_depth -= 1;
            return;
        }
        if let Some(depth) = self.stack.iter().rposition(|f| f.return_addr == pc) {
            while self.stack.len() > depth {
                self.pop_one();
            }
        }
    }

    fn pop_one(&mut self) {
        if let Some(frame) = self.stack.pop() {
            let tally = &mut self.routines[frame.slot as usize];
            let spent = self.tstates - frame.entry_tstates;
            tally.calls += 1;
            tally.inclusive += spent;
            tally.inclusive_instructions += self.instructions - frame.entry_instructions;
            tally.min = tally.min.min(spent);
            tally.max = tally.max.max(spent);
        }
    }

    /// Total T-states of the run.
    pub fn tstates(&self) -> u64 {
        self.tstates
    }

    /// Total instructions of the run.
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Current call depth (1 while the harness's routine runs, 0 after it returned).
    pub fn depth(&self) -> usize {
        self.stack.len() + self.lost_depth as usize
    }

    /// Per-routine tallies, in order of first call.
    pub fn routines(&self) -> &[RoutineTally] {
        &self.routines
    }

    /// Times each address was executed as an instruction start.
    pub fn exec_counts(&self) -> &[u64] {
        &self.exec_count
    }

    /// The first opcode bytes of the instruction executed at `addr` (zeros if it never ran).
    pub fn opcode(&self, addr: u16) -> [u8; 4] {
        self.opcodes[addr as usize]
    }

    /// T-states spent in the instruction at each address.
    pub fn exec_tstates(&self) -> &[u64] {
        &self.exec_tstates
    }

    /// Data reads per address.
    pub fn reads(&self) -> &[u64] {
        &self.reads
    }

    /// Data writes per address.
    pub fn writes(&self) -> &[u64] {
        &self.writes
    }

    /// `(address, count, tstates)` of every executed address, in address order.
    pub fn executed(&self) -> impl Iterator<Item = (u16, u64, u64)> + '_ {
        (0..ADDRESSES)
            .filter(|&a| self.exec_count[a] > 0)
            .map(|a| (a as u16, self.exec_count[a], self.exec_tstates[a]))
    }
}

impl Observer for Collector {
    #[inline]
    fn on_instruction(&mut self, pc: u16, bytes: &[u8], tstates: u32) {
        let mut opcode = [0u8; 4];
        let n = bytes.len().min(4);
        opcode[..n].copy_from_slice(&bytes[..n]);
        self.instruction(pc, opcode, tstates);
    }

    #[inline]
    fn on_read(&mut self, _pc: u16, addr: u16, _value: u8) {
        self.read(addr);
    }

    #[inline]
    fn on_write(&mut self, _pc: u16, addr: u16, _value: u8) {
        self.write(addr);
    }
}

/// True for the instructions whose data accesses are stack slots.
#[inline]
fn uses_stack(op: [u8; 4]) -> bool {
    let stack_op = |b: u8| {
        matches!(b, 0xCD | 0xC9 | 0xE3)
            || b & 0xC7 == 0xC4
            || b & 0xC7 == 0xC7
            || b & 0xC7 == 0xC0
            || b & 0xCB == 0xC1
    };
    match op[0] {
        0xDD | 0xFD => matches!(op[1], 0xE1 | 0xE3 | 0xE5),
        0xED => op[1] & 0xC7 == 0x45,
        b => stack_op(b),
    }
}

/// How the instruction at `pc` changes the call stack. Conditional CALL and RET are told apart
/// by their exact T-states (CALL cc: 17 taken, 10 not; RET cc: 11 taken, 5 not).
#[inline]
fn transfer(pc: u16, op: [u8; 4], tstates: u32) -> Pending {
    let call = |target: u16| Pending::Call {
        target,
        return_addr: pc.wrapping_add(3),
    };
    match op[0] {
        0xCD => call(u16::from_le_bytes([op[1], op[2]])),
        0xC4 | 0xCC | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC if tstates == 17 => {
            call(u16::from_le_bytes([op[1], op[2]]))
        }
        0xC7 | 0xCF | 0xD7 | 0xDF | 0xE7 | 0xEF | 0xF7 | 0xFF => Pending::Call {
            target: u16::from(op[0] & 0x38),
            return_addr: pc.wrapping_add(1),
        },
        0xC9 => Pending::Return,
        0xC0 | 0xC8 | 0xD0 | 0xD8 | 0xE0 | 0xE8 | 0xF0 | 0xF8 if tstates == 11 => Pending::Return,
        0xED if matches!(op[1], 0x45 | 0x4D | 0x55 | 0x5D | 0x65 | 0x6D | 0x75 | 0x7D) => {
            Pending::Return
        }
        _ => Pending::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOP: [u8; 4] = [0, 0, 0, 0];
    const RET: [u8; 4] = [0xC9, 0, 0, 0];

    fn call(target: u16) -> [u8; 4] {
        let [lo, hi] = target.to_le_bytes();
        [0xCD, lo, hi, 0]
    }

    /// ROOT at 0x100 calls LEAF at 0x200 twice (the second time through CALL Z taken), with one
    /// CALL NZ not taken in between.
    fn run() -> Collector {
        let mut c = Collector::new();
        c.begin(0x100);
        c.instruction(0x100, NOP, 4);
        c.instruction(0x101, call(0x200), 17);
        c.instruction(0x200, NOP, 4);
        c.instruction(0x201, RET, 10);
        c.instruction(0x104, [0xC4, 0x00, 0x02, 0], 10);
        c.instruction(0x107, [0xCC, 0x00, 0x02, 0], 17);
        c.instruction(0x200, NOP, 4);
        c.instruction(0x201, NOP, 4);
        c.instruction(0x202, [0xC8, 0, 0, 0], 5);
        c.instruction(0x203, RET, 10);
        c.instruction(0x10A, RET, 10);
        c.end();
        c
    }

    #[test]
    fn nested_calls_go_to_the_callee() {
        let c = run();
        assert_eq!(c.tstates(), 4 + 17 + 4 + 10 + 10 + 17 + 4 + 4 + 5 + 10 + 10);
        assert_eq!(c.instructions(), 11);
        assert_eq!(c.depth(), 0);
        let [root, leaf] = c.routines() else {
            panic!("two routines expected: {:?}", c.routines())
        };
        assert_eq!(root.addr, 0x100);
        assert_eq!(root.calls, 1);
        assert_eq!(root.inclusive, c.tstates());
        assert_eq!(root.self_tstates, 4 + 17 + 10 + 17 + 10);
        assert_eq!(root.self_instructions, 5);
        assert_eq!(root.inclusive_instructions, 11);
        assert_eq!(leaf.addr, 0x200);
        assert_eq!(leaf.calls, 2);
        assert_eq!((leaf.min, leaf.max, leaf.inclusive), (14, 23, 37));
        assert_eq!(leaf.self_tstates, 37);
        assert_eq!(leaf.self_instructions, 6);
        assert_eq!(leaf.mean(), 18.5);
        let self_sum: u64 = c.routines().iter().map(|r| r.self_tstates).sum();
        assert_eq!(self_sum, c.tstates());
    }

    #[test]
    fn per_address_tallies() {
        let mut c = run();
        c.read(0x300);
        c.read(0x300);
        c.write(0x301);
        assert_eq!(c.exec_counts()[0x200], 2);
        assert_eq!(c.exec_tstates()[0x200], 8);
        assert_eq!(c.exec_tstates()[0x201], 14);
        assert_eq!((c.reads()[0x300], c.writes()[0x301]), (2, 1));
        let executed: Vec<_> = c.executed().take(3).collect();
        assert_eq!(executed, [(0x100, 1, 4), (0x101, 1, 17), (0x104, 1, 10)]);
    }

    #[test]
    fn a_dropped_return_address_closes_both_frames() {
        // OUTER calls INNER, which pops its own return address and returns to ROOT directly.
        let mut c = Collector::new();
        c.begin(0x100);
        c.instruction(0x100, call(0x200), 17);
        c.instruction(0x200, call(0x300), 17);
        c.instruction(0x300, [0xE1, 0, 0, 0], 10); // POP HL
        c.instruction(0x301, RET, 10); // back to 0x103
        assert_eq!(c.depth(), 3);
        c.instruction(0x103, RET, 10);
        assert_eq!(c.depth(), 1);
        c.end();
        assert_eq!(c.depth(), 0);
        let calls: Vec<_> = c
            .routines()
            .iter()
            .map(|r| (r.addr, r.calls, r.inclusive))
            .collect();
        assert_eq!(calls, [(0x100, 1, 64), (0x200, 1, 37), (0x300, 1, 20)]);
    }

    #[test]
    fn push_and_ret_is_a_jump() {
        let mut c = Collector::new();
        c.begin(0x100);
        c.instruction(0x100, [0xE5, 0, 0, 0], 11); // PUSH HL (HL = 0x180)
        c.instruction(0x101, RET, 10);
        c.instruction(0x180, RET, 10);
        assert_eq!(c.depth(), 1);
        c.end();
        assert_eq!(c.depth(), 0);
        assert_eq!(c.routines()[0].inclusive, 31);
    }

    #[test]
    fn stack_slots_are_told_apart_from_data() {
        let mut c = Collector::new();
        c.begin(0x100);
        c.write(0xFFFD); // CALL pushes its return address
        c.write(0xFFFC);
        c.instruction(0x100, call(0x200), 17);
        c.read(0x300); // LD A,(0300h)
        c.instruction(0x200, [0x3A, 0x00, 0x03, 0], 13);
        c.write(0xFFFB); // PUSH IX
        c.write(0xFFFA);
        c.instruction(0x203, [0xDD, 0xE5, 0, 0], 15);
        assert!(c.is_stack(0xFFFC) && c.is_stack(0xFFFD) && c.is_stack(0xFFFA));
        assert!(!c.is_stack(0x300));
        assert_eq!(c.reads()[0x300], 1);
    }

    /// ROOT at 0x100 calls GEN at 0x200 (a root of move generation), which calls the helper
    /// at 0x300; ROOT makes a monitor call (RST 38H, which returns past its block).
    #[test]
    fn every_instruction_counts_to_one_part() {
        let symbols = crate::machine::SymbolTable::parse("GENMOV EQU 200H\n").unwrap();
        let mut c = Collector::new();
        c.count_parts(&PartMap::from_symbols(&symbols));
        c.begin(0x100);
        c.instruction(0x100, call(0x200), 17);
        c.instruction(0x200, call(0x300), 17);
        c.instruction(0x300, NOP, 4);
        c.instruction(0x301, RET, 10);
        c.instruction(0x203, RET, 10);
        c.instruction(0x103, [0xFF, 0, 0, 0], 11);
        c.instruction(0x106, NOP, 4);
        let costs = c.part_costs().unwrap();
        let cost = |part: Part| costs[part.index()];
        assert_eq!(
            cost(Part::Generation),
            Cost {
                tstates: 41,
                instructions: 4
            }
        );
        assert_eq!(
            cost(Part::Monitor),
            Cost {
                tstates: 11,
                instructions: 1
            }
        );
        assert_eq!(
            cost(Part::Loop),
            Cost {
                tstates: 21,
                instructions: 2
            }
        );
        let sum: u64 = costs.iter().map(|c| c.tstates).sum();
        assert_eq!(sum, c.tstates());
    }

    #[test]
    fn a_jump_onto_a_root_gives_it_the_rest_of_the_frame() {
        let symbols =
            crate::machine::SymbolTable::parse("FNDMOV EQU 200H\nBOOK EQU 300H\n").unwrap();
        let mut c = Collector::new();
        c.count_parts(&PartMap::from_symbols(&symbols));
        c.begin(0x100);
        c.instruction(0x100, call(0x200), 17);
        c.instruction(0x200, [0xC3, 0x00, 0x03, 0], 10); // JP BOOK
        c.instruction(0x300, NOP, 4);
        c.instruction(0x301, RET, 10);
        c.instruction(0x103, NOP, 4);
        let costs = c.part_costs().unwrap();
        assert_eq!(costs[Part::Search.index()].tstates, 10);
        assert_eq!(costs[Part::Book.index()].tstates, 14);
        assert_eq!(costs[Part::Loop.index()].tstates, 21);
        assert_eq!(
            c.main_part(0x200),
            Some(Part::Book),
            "FNDMOV's frame ran the book"
        );
        assert_eq!(c.main_part(0x100), Some(Part::Loop));
        assert_eq!(c.main_part(0x400), None);
    }

    #[test]
    fn a_frame_below_a_new_call_is_gone() {
        // MAIN calls LOOP, which resets SP (LD SP,...) and calls WORK from the same slot.
        let mut c = Collector::new();
        c.begin(0x100);
        c.write(0xFFFD);
        c.write(0xFFFC);
        c.instruction(0x100, call(0x200), 17);
        assert_eq!(c.depth(), 1);
        c.instruction(0x200, [0x31, 0xFE, 0xFF, 0], 10); // LD SP,0FFFEH
        assert_eq!(c.depth(), 2);
        c.write(0xFFFD);
        c.write(0xFFFC);
        c.instruction(0x203, call(0x300), 17);
        c.instruction(0x300, NOP, 4);
        assert_eq!(c.depth(), 2, "LOOP's frame ended when WORK took its place");
        let calls: Vec<_> = c.routines().iter().map(|r| (r.addr, r.calls)).collect();
        assert_eq!(calls, [(0x100, 0), (0x200, 1), (0x300, 0)]);
    }

    #[test]
    fn rst_and_reti_are_calls_and_returns() {
        let mut c = Collector::new();
        c.begin(0x100);
        c.instruction(0x100, [0xEF, 0, 0, 0], 11); // RST 28h
        c.instruction(0x28, [0xED, 0x4D, 0, 0], 14); // RETI
        c.instruction(0x101, RET, 10);
        c.end();
        let calls: Vec<_> = c
            .routines()
            .iter()
            .map(|r| (r.addr, r.calls, r.inclusive))
            .collect();
        assert_eq!(calls, [(0x100, 1, 35), (0x28, 1, 14)]);
    }
}
