//! 64 KiB of memory with write protection, and the bus iz80 executes against.

use std::ops::{Bound, RangeBounds};

use super::class;
use super::hidden::Hidden;
use super::marks::{
    DECODED, FAULT, FRESH, MACHINE, MAX_FIXED_TARGETS, PROGRESS, PROTECTED, WATCHED,
};
use super::timing::{GROUPS, LENGTHS, LENGTHS_AFTER, NOT_PREFIX, timing_at};
use super::trace::Observer;

/// Memory, I/O ports, the per-address marks and the first blocked write of an instruction, all
/// inline so that the untraced step loop reaches each with one load from one base.
pub(crate) struct Ram {
    pub bytes: [u8; 0x10000],
    /// Per address, the bits of `guards`: `PROTECTED` blocks writes from executing code;
    /// the step loop stops before an instruction whose address has `OUTSIDE` or `WATCHED`.
    pub marks: [u8; 0x10000],
    /// Port values: IN reads them, OUT writes them.
    pub io: [u8; 0x10000],
    /// (address, value) of a blocked write, taken by the machine after the instruction
    /// (`take_fault`).
    fault: Option<(u16, u8)>,
    /// Per address, the class of the instruction there (`class`), filled before the step loop
    /// first runs it (`FRESH` marks where it is not, or no longer, known; a write to one of its
    /// bytes, which `DECODED` marks, sets `FRESH` again but leaves the class, so that an
    /// instruction that rewrites its own bytes is counted as it ran).
    pub classes: [u8; 0x10000],
    /// Per address, the instruction's WZ rule, operand and effect bits (`Effects::rule`),
    /// filled with its class.
    pub rules: [u32; 0x10000],
    /// `class::ADDS`, here so that the step loop reaches it from the same base.
    pub adds: [u64; 256],
    /// WZ, Q, P and EI.
    pub hidden: Hidden,
    /// Prefix fetches of the running call (for R): counted here, through the register the
    /// step loop holds `Ram` in anyway, rather than in a register of its own.
    pub prefixes: u64,
    /// Whether a progress mark was called in the running slice of a call, and the T-states at
    /// the end of the last slice in which it did: only the step loop's stops and slice ends
    /// touch them, so they live here rather than in registers of the loop.
    pub progressed: bool,
    pub progress: u64,
    /// `timing::GROUPS`, `timing::LENGTHS` and `timing::LENGTHS_AFTER`: the lengths an
    /// observer needs, here so that it reaches them from the same base as memory.
    groups: [u8; 256],
    lengths: [u8; 256],
    lengths_after: [u8; 1024],
    /// The address marked `WATCHED` as the watch's moving target, if any.
    watched: Option<u16>,
    /// The watch's fixed targets, marked for the whole call.
    fixed: [u16; MAX_FIXED_TARGETS],
    fixed_len: usize,
}

/// The inclusive address range a `RangeBounds<u16>` covers, or None when it is empty.
pub(crate) fn inclusive(range: &impl RangeBounds<u16>) -> Option<(u16, u16)> {
    let start = match range.start_bound() {
        Bound::Included(&s) => u32::from(s),
        Bound::Excluded(&s) => u32::from(s) + 1,
        Bound::Unbounded => 0,
    };
    let end = match range.end_bound() {
        Bound::Included(&e) => i64::from(e),
        Bound::Excluded(&e) => i64::from(e) - 1,
        Bound::Unbounded => 0xFFFF,
    };
    (i64::from(start) <= end).then_some((start as u16, end as u16))
}

impl Ram {
    pub fn new() -> Box<Ram> {
        Box::new(Ram {
            bytes: [0; 0x10000],
            marks: [FRESH; 0x10000],
            io: [0; 0x10000],
            fault: None,
            classes: [class::UNKNOWN; 0x10000],
            rules: [0; 0x10000],
            adds: class::ADDS,
            hidden: Hidden::default(),
            prefixes: 0,
            progressed: false,
            progress: 0,
            groups: GROUPS,
            lengths: LENGTHS,
            lengths_after: LENGTHS_AFTER,
            watched: None,
            fixed: [0; MAX_FIXED_TARGETS],
            fixed_len: 0,
        })
    }

    /// Marks `target` as the one watched address (and unmarks the previous one).
    pub fn watch(&mut self, target: u16) {
        self.unwatch();
        self.marks[usize::from(target)] |= WATCHED;
        self.watched = Some(target);
    }

    /// Unmarks the moving target (a fixed target at the same address stays marked).
    pub fn unwatch(&mut self) {
        if let Some(old) = self.watched.take() {
            if !self.fixed[..self.fixed_len].contains(&old) {
                self.marks[usize::from(old)] &= !WATCHED;
            }
        }
    }

    /// Marks the fixed targets of a call (beyond [`MAX_FIXED_TARGETS`] the rest are ignored).
    pub fn watch_fixed(&mut self, targets: &[u16]) {
        self.fixed_len = targets.len().min(MAX_FIXED_TARGETS);
        self.fixed[..self.fixed_len].copy_from_slice(&targets[..self.fixed_len]);
        for &target in &targets[..self.fixed_len] {
            self.marks[usize::from(target)] |= WATCHED;
        }
    }

    /// Unmarks everything a watch marked.
    pub fn unwatch_all(&mut self) {
        let (fixed, len) = (self.fixed, self.fixed_len);
        self.fixed_len = 0;
        for &target in &fixed[..len] {
            self.marks[usize::from(target)] &= !WATCHED;
        }
        self.unwatch();
    }

    /// Sets or clears the progress mark of `addr`.
    pub fn mark_progress(&mut self, addr: u16, on: bool) {
        let mark = &mut self.marks[usize::from(addr)];
        *mark = if on {
            *mark | PROGRESS
        } else {
            *mark & !PROGRESS
        };
    }

    /// Sets or clears write protection on `range`.
    pub fn set_protected(&mut self, range: impl RangeBounds<u16>, on: bool) {
        let Some((start, end)) = inclusive(&range) else {
            return;
        };
        for mark in &mut self.marks[usize::from(start)..=usize::from(end)] {
            *mark = if on {
                *mark | PROTECTED
            } else {
                *mark & !PROTECTED
            };
        }
    }

    #[inline(always)]
    pub fn is_protected(&self, addr: u16) -> bool {
        self.marks[usize::from(addr)] & PROTECTED != 0
    }

    /// A write by executing code: blocked (and remembered) when protected; true when done.
    /// One test covers both rare cases: protection and a byte of a classified instruction.
    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) -> bool {
        if self.marks[usize::from(addr)] & (PROTECTED | DECODED) != 0 {
            return self.write_marked(addr, value);
        }
        self.bytes[usize::from(addr)] = value;
        true
    }

    /// [`Ram::write`] to a marked address.
    #[cold]
    #[inline(never)]
    fn write_marked(&mut self, addr: u16, value: u8) -> bool {
        if self.is_protected(addr) {
            self.block(addr, value);
            return false;
        }
        self.host_write(addr, value);
        true
    }

    /// A write by the host (protection does not apply), forgetting the classes it changes.
    pub fn host_write(&mut self, addr: u16, value: u8) {
        self.bytes[usize::from(addr)] = value;
        if self.marks[usize::from(addr)] & DECODED != 0 {
            self.forget(addr);
        }
    }

    /// Marks `FRESH` every instruction that may hold the byte at `addr` (a classified one is
    /// at most four bytes long, so it starts at most three before), and clears the byte's
    /// mark: no class depends on it any more.
    #[cold]
    fn forget(&mut self, addr: u16) {
        for back in 0..4 {
            self.marks[usize::from(addr.wrapping_sub(back))] |= FRESH;
        }
        self.marks[usize::from(addr)] &= !DECODED;
    }

    /// Classifies the instruction at `pc`: its class and rule, `MACHINE` when the machine runs
    /// it, and, unless it is a chain of prefixes (whose length has no bound, so that it stays
    /// `FRESH` and is classified again whenever it runs), its bytes marked `DECODED` and
    /// `FRESH` cleared.
    #[cold]
    #[inline(never)]
    pub fn classify(&mut self, pc: u16) {
        let found = class::of(&self.bytes, pc);
        let at = usize::from(pc);
        self.classes[at] = found.class;
        self.rules[at] = found.effects.rule();
        let machine = if found.effects.machine { MACHINE } else { 0 };
        self.marks[at] = (self.marks[at] & !MACHINE) | machine;
        if let Some(len) = found.len {
            for i in 0..u16::from(len) {
                self.marks[usize::from(pc.wrapping_add(i))] |= DECODED;
            }
            self.marks[at] &= !FRESH;
        }
    }

    /// The length of the instruction at `pc`, from two small tables (the full decoding only
    /// for a chain of prefixes).
    #[inline(always)]
    fn length(&self, pc: u16) -> u8 {
        let op = usize::from(self.bytes[usize::from(pc)]);
        let len = self.lengths[op];
        if len != 0 {
            return len;
        }
        let group = self.groups[op];
        let after = usize::from(self.bytes[usize::from(pc.wrapping_add(1))]);
        let len = self.lengths_after[usize::from(group & 3) * 256 + after];
        if len != 0 || group == NOT_PREFIX {
            return len;
        }
        timing_at(&self.bytes, pc).len
    }

    /// Remembers the first blocked write of an instruction and marks every address `FAULT`.
    #[cold]
    fn block(&mut self, addr: u16, value: u8) {
        if self.fault.is_none() {
            self.fault = Some((addr, value));
            for mark in &mut self.marks {
                *mark |= FAULT;
            }
        }
    }

    /// The blocked write of the instruction that just ran, if any (its marks cleared).
    pub fn take_fault(&mut self) -> Option<(u16, u8)> {
        let fault = self.fault.take();
        if fault.is_some() {
            for mark in &mut self.marks {
                *mark &= !FAULT;
            }
        }
        fault
    }
}

/// What iz80 runs against, plus the step loop's hooks around each instruction.
pub(crate) trait Bus: iz80::Machine {
    /// The memory behind the bus.
    fn ram(&mut self) -> &mut Ram;
    /// The instruction at `pc` is about to run.
    fn begin(&mut self, pc: u16);
    /// It ran and cost `tstates`.
    fn finish(&mut self, pc: u16, tstates: u32);
}

impl iz80::Machine for Ram {
    #[inline]
    fn peek(&mut self, address: u16) -> u8 {
        self.bytes[usize::from(address)]
    }

    #[inline]
    fn poke(&mut self, address: u16, value: u8) {
        self.write(address, value);
    }

    fn port_in(&mut self, address: u16) -> u8 {
        self.io[usize::from(address)]
    }

    fn port_out(&mut self, address: u16, value: u8) {
        self.io[usize::from(address)] = value;
    }
}

/// The untraced bus: memory alone, no hooks.
impl Bus for Ram {
    #[inline(always)]
    fn ram(&mut self) -> &mut Ram {
        self
    }

    #[inline(always)]
    fn begin(&mut self, _pc: u16) {}

    #[inline(always)]
    fn finish(&mut self, _pc: u16, _tstates: u32) {}
}

/// Memory with an observer watching every instruction and data access.
pub(crate) struct Observed<'a, O: Observer> {
    ram: &'a mut Ram,
    obs: &'a mut O,
    /// Address of the executing instruction, for attribution.
    pc: u16,
    /// Length of the executing instruction.
    len: u8,
    /// Opcode and operand bytes still to be fetched: those reads are not data reads.
    fetches: u8,
}

impl<'a, O: Observer> Observed<'a, O> {
    pub fn new(ram: &'a mut Ram, obs: &'a mut O) -> Observed<'a, O> {
        Observed {
            ram,
            obs,
            pc: 0,
            len: 0,
            fetches: 0,
        }
    }
}

impl<O: Observer> iz80::Machine for Observed<'_, O> {
    #[inline]
    fn peek(&mut self, address: u16) -> u8 {
        let value = self.ram.bytes[usize::from(address)];
        if self.fetches > 0 {
            self.fetches -= 1;
        } else {
            self.obs.on_read(self.pc, address, value);
        }
        value
    }

    #[inline]
    fn poke(&mut self, address: u16, value: u8) {
        if self.ram.write(address, value) {
            self.obs.on_write(self.pc, address, value);
        }
    }

    fn port_in(&mut self, address: u16) -> u8 {
        let value = self.ram.port_in(address);
        self.obs.on_input(self.pc, address, value);
        value
    }

    fn port_out(&mut self, address: u16, value: u8) {
        self.ram.port_out(address, value);
        self.obs.on_output(self.pc, address, value);
    }
}

impl<O: Observer> Bus for Observed<'_, O> {
    #[inline(always)]
    fn ram(&mut self) -> &mut Ram {
        self.ram
    }

    #[inline(always)]
    fn begin(&mut self, pc: u16) {
        self.pc = pc;
        let len = self.ram.length(pc);
        self.len = len;
        self.fetches = len;
    }

    #[inline(always)]
    fn finish(&mut self, pc: u16, tstates: u32) {
        let mut bytes = [0u8; 8];
        let len = usize::from(self.len).min(bytes.len());
        for (i, b) in bytes[..len].iter_mut().enumerate() {
            *b = self.ram.bytes[usize::from(pc.wrapping_add(i as u16))];
        }
        self.obs.on_instruction(pc, &bytes[..len], tstates);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(inclusive(&(0x10..0x20)), Some((0x10, 0x1F)));
        assert_eq!(inclusive(&(0x10..=0x20)), Some((0x10, 0x20)));
        assert_eq!(inclusive(&(0x10..0x10)), None);
        assert_eq!(inclusive(&(0..)), Some((0, 0xFFFF)));
    }

    #[test]
    fn protection_bits() {
        let mut m = Ram::new();
        m.set_protected(0x3F..0x41, true);
        assert!(!m.is_protected(0x3E) && m.is_protected(0x3F) && m.is_protected(0x40));
        assert!(!m.is_protected(0x41));
        m.set_protected(0x40..=0x40, false);
        assert!(m.is_protected(0x3F) && !m.is_protected(0x40));
    }
}
