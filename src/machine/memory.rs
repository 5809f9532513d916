//! 64 KiB of memory with write protection, and the bus iz80 executes against.

use std::ops::{Bound, RangeBounds};

use super::trace::Observer;

/// Memory, I/O ports, the write-protection bitmap and the first blocked write of an instruction.
pub(crate) struct Memory {
    pub bytes: Box<[u8; 0x10000]>,
    /// One bit per address; a set bit blocks writes from executing code.
    protected: Box<[u64; 0x400]>,
    /// Port values: IN reads them, OUT writes them.
    pub io: Box<[u8; 0x10000]>,
    /// (address, value) of a blocked write, taken by the machine after the instruction.
    pub fault: Option<(u16, u8)>,
}

fn zeroed_bytes() -> Box<[u8; 0x10000]> {
    vec![0u8; 0x10000]
        .into_boxed_slice()
        .try_into()
        .expect("a 64 Ki vector converts to a 64 Ki array")
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

impl Memory {
    pub fn new() -> Memory {
        Memory {
            bytes: zeroed_bytes(),
            protected: Box::new([0; 0x400]),
            io: zeroed_bytes(),
            fault: None,
        }
    }

    /// Sets or clears write protection on `range`.
    pub fn set_protected(&mut self, range: impl RangeBounds<u16>, on: bool) {
        let Some((start, end)) = inclusive(&range) else {
            return;
        };
        for addr in usize::from(start)..=usize::from(end) {
            let (word, bit) = (addr >> 6, 1u64 << (addr & 63));
            if on {
                self.protected[word] |= bit;
            } else {
                self.protected[word] &= !bit;
            }
        }
    }

    #[inline(always)]
    pub fn is_protected(&self, addr: u16) -> bool {
        let a = usize::from(addr);
        self.protected[a >> 6] & (1 << (a & 63)) != 0
    }
}

/// What iz80 sees as the machine during one instruction: memory plus the observer.
pub(crate) struct Bus<'a, O: Observer> {
    pub mem: &'a mut Memory,
    pub obs: &'a mut O,
    /// Address of the executing instruction, for attribution.
    pub pc: u16,
    /// Opcode and operand bytes still to be fetched: those reads are not data reads.
    pub fetches: u8,
}

impl<O: Observer> iz80::Machine for Bus<'_, O> {
    #[inline]
    fn peek(&mut self, address: u16) -> u8 {
        let value = self.mem.bytes[usize::from(address)];
        if O::ACTIVE {
            if self.fetches > 0 {
                self.fetches -= 1;
            } else {
                self.obs.on_read(self.pc, address, value);
            }
        }
        value
    }

    #[inline]
    fn poke(&mut self, address: u16, value: u8) {
        if self.mem.is_protected(address) {
            self.mem.fault.get_or_insert((address, value));
            return;
        }
        self.mem.bytes[usize::from(address)] = value;
        if O::ACTIVE {
            self.obs.on_write(self.pc, address, value);
        }
    }

    fn port_in(&mut self, address: u16) -> u8 {
        self.mem.io[usize::from(address)]
    }

    fn port_out(&mut self, address: u16, value: u8) {
        self.mem.io[usize::from(address)] = value;
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
        let mut m = Memory::new();
        m.set_protected(0x3F..0x41, true);
        assert!(!m.is_protected(0x3E) && m.is_protected(0x3F) && m.is_protected(0x40));
        assert!(!m.is_protected(0x41));
        m.set_protected(0x40..=0x40, false);
        assert!(m.is_protected(0x3F) && !m.is_protected(0x40));
    }
}
