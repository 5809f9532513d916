//! What the debugger watches while it steps: BOARDA accesses (the fading heatmap), how far the
//! code has written into the move-list area (which shows the entries before MLNXT is updated:
//! some images keep the write pointer in a register until GENMOV ends), and the watchpoints,
//! the addresses whose changes stop a run.

use std::collections::{BTreeMap, BTreeSet};

use super::heat::Heat;
use crate::machine::Observer;

/// A write that changed a watched address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteHit {
    /// The instruction that wrote.
    pub pc: u16,
    /// The address written.
    pub addr: u16,
    /// The byte it held before.
    pub old: u8,
    /// The byte written.
    pub value: u8,
    /// True when the Jupiter III's monitor wrote it (its console, in the call whose
    /// `RST 38H` is at `pc`), not an instruction.
    pub by_monitor: bool,
}

/// The debugger's observer.
#[derive(Debug, Clone)]
pub struct Watch {
    /// The BOARDA heatmap.
    pub heat: Heat,
    list_start: u16,
    list_end: u16,
    highest: Option<u16>,
    /// The watched addresses, each with the byte it holds: as a debugger's watch does, a
    /// write of the same value (FNDMOV clearing a BESTM that is clear) does not stop a run.
    watched: BTreeMap<u16, u8>,
    /// The watched addresses alone, for the panes.
    addresses: BTreeSet<u16>,
    hit: Option<WriteHit>,
}

impl Watch {
    /// Watches BOARDA at `boarda` and the list area `list_start ..= list_end`.
    pub fn new(boarda: u16, list_start: u16, list_end: u16) -> Watch {
        Watch {
            heat: Heat::new(boarda),
            list_start,
            list_end,
            highest: None,
            watched: BTreeMap::new(),
            addresses: BTreeSet::new(),
            hit: None,
        }
    }

    /// Forgets everything seen (not the watchpoints), and watches the list from `list_start` on.
    pub fn restart(&mut self, list_start: u16) {
        self.heat.clear();
        self.list_start = list_start;
        self.highest = None;
        self.hit = None;
    }

    /// One past the highest list byte written since the restart, if any was.
    pub fn written_end(&self) -> Option<u16> {
        self.highest.map(|h| h.wrapping_add(1))
    }

    /// Watches `addrs` for changes (`memory` holds their bytes now), or stops watching them
    /// when all are watched already; returns true when they are watched now.
    pub fn toggle(&mut self, addrs: &[u16], memory: &[u8]) -> bool {
        if addrs.iter().all(|a| self.addresses.contains(a)) {
            for a in addrs {
                self.watched.remove(a);
                self.addresses.remove(a);
            }
            false
        } else {
            for &a in addrs {
                self.watched.insert(a, memory[usize::from(a)]);
                self.addresses.insert(a);
            }
            true
        }
    }

    /// Takes the watched bytes from `memory` as it is now, after a change made from outside
    /// the code (a new call set up, a move made).
    pub fn sync(&mut self, memory: &[u8]) {
        for (&addr, byte) in &mut self.watched {
            *byte = memory[usize::from(addr)];
        }
    }

    /// Takes in a change made outside the code by the monitor (its console writing into the
    /// video memory) in the call whose `RST 38H` is at `pc`: the first watched byte that
    /// `memory` holds changed becomes the hit, and every watched byte follows memory.
    pub fn check_memory(&mut self, memory: &[u8], pc: u16) {
        for (&addr, byte) in &mut self.watched {
            let now = memory[usize::from(addr)];
            if now != *byte && self.hit.is_none() {
                self.hit = Some(WriteHit {
                    pc,
                    addr,
                    old: *byte,
                    value: now,
                    by_monitor: true,
                });
            }
            *byte = now;
        }
    }

    /// True when changes to `addr` stop a run.
    pub fn is_watched(&self, addr: u16) -> bool {
        self.addresses.contains(&addr)
    }

    /// The watched addresses.
    pub fn watched(&self) -> &BTreeSet<u16> {
        &self.addresses
    }

    /// The first write that changed a watched byte since the last call, if any.
    pub fn take_hit(&mut self) -> Option<WriteHit> {
        self.hit.take()
    }
}

impl Observer for Watch {
    #[inline]
    fn on_instruction(&mut self, pc: u16, bytes: &[u8], tstates: u32) {
        self.heat.on_instruction(pc, bytes, tstates);
    }

    #[inline]
    fn on_read(&mut self, pc: u16, addr: u16, value: u8) {
        self.heat.on_read(pc, addr, value);
    }

    #[inline]
    fn on_write(&mut self, pc: u16, addr: u16, value: u8) {
        self.heat.on_write(pc, addr, value);
        if (self.list_start..=self.list_end).contains(&addr) && self.highest < Some(addr) {
            self.highest = Some(addr);
        }
        if self.watched.is_empty() {
            return;
        }
        if let Some(byte) = self.watched.get_mut(&addr) {
            let old = std::mem::replace(byte, value);
            if self.hit.is_none() && old != value {
                self.hit = Some(WriteHit {
                    pc,
                    addr,
                    old,
                    value,
                    by_monitor: false,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_the_highest_list_byte_written() {
        let mut watch = Watch::new(0x100, 0x300, 0x3FF);
        assert_eq!(watch.written_end(), None);
        watch.on_write(0, 0x305, 1);
        watch.on_write(0, 0x302, 1);
        watch.on_write(0, 0x400, 1);
        watch.on_write(0, 0x2FF, 1);
        assert_eq!(watch.written_end(), Some(0x306));
        watch.restart(0x306);
        assert_eq!(watch.written_end(), None);
    }

    #[test]
    fn watchpoints_catch_the_first_change_and_toggle() {
        let mut watch = Watch::new(0x100, 0x300, 0x3FF);
        let mut memory = vec![0u8; 0x10000];
        memory[0x21] = 5;
        assert!(watch.toggle(&[0x20, 0x21], &memory));
        watch.on_write(0x1234, 0x22, 7);
        watch.on_write(0x1230, 0x21, 5);
        assert_eq!(watch.take_hit(), None, "a write of the same value");
        watch.on_write(0x1234, 0x21, 7);
        watch.on_write(0x1237, 0x20, 8);
        assert_eq!(
            watch.take_hit(),
            Some(WriteHit {
                pc: 0x1234,
                addr: 0x21,
                old: 5,
                value: 7,
                by_monitor: false,
            })
        );
        assert_eq!(watch.take_hit(), None);
        watch.on_write(0x1240, 0x20, 8);
        assert_eq!(watch.take_hit(), None, "the watch follows each write");
        memory[0x20] = 1;
        watch.sync(&memory);
        watch.on_write(0x1244, 0x20, 8);
        assert_eq!(watch.take_hit().map(|hit| hit.old), Some(1));
        assert!(!watch.toggle(&[0x20, 0x21], &memory));
        assert!(watch.watched().is_empty());
    }

    #[test]
    fn the_monitors_writes_are_caught_from_memory() {
        let mut watch = Watch::new(0x100, 0x300, 0x3FF);
        let mut memory = vec![0x20u8; 0x10000];
        watch.toggle(&[0xC7C0, 0xC7C1], &memory);
        watch.check_memory(&memory, 0x1234);
        assert_eq!(watch.take_hit(), None, "nothing changed");
        memory[0xC7C1] = b'e';
        watch.check_memory(&memory, 0x1234);
        let hit = WriteHit {
            pc: 0x1234,
            addr: 0xC7C1,
            old: 0x20,
            value: b'e',
            by_monitor: true,
        };
        assert_eq!(watch.take_hit(), Some(hit));
        watch.check_memory(&memory, 0x1240);
        assert_eq!(watch.take_hit(), None, "the watch follows memory");
    }
}
