//! What the debugger watches while it steps: BOARDA accesses (the fading heatmap), how far the
//! code has written into the move-list area (which shows the entries before MLNXT is updated:
//! some images keep the write pointer in a register until GENMOV ends), and the watchpoints,
//! the addresses whose writes stop a run.

use std::collections::BTreeSet;

use super::heat::Heat;
use crate::machine::Observer;

/// A write to a watched address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteHit {
    /// The instruction that wrote.
    pub pc: u16,
    /// The address written.
    pub addr: u16,
    /// The byte written.
    pub value: u8,
}

/// The debugger's observer.
#[derive(Debug, Clone)]
pub struct Watch {
    /// The BOARDA heatmap.
    pub heat: Heat,
    list_start: u16,
    list_end: u16,
    highest: Option<u16>,
    watched: BTreeSet<u16>,
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
            watched: BTreeSet::new(),
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

    /// Watches `addrs` for writes, or stops watching them when all are watched already;
    /// returns true when they are watched now.
    pub fn toggle(&mut self, addrs: &[u16]) -> bool {
        if addrs.iter().all(|a| self.watched.contains(a)) {
            for a in addrs {
                self.watched.remove(a);
            }
            false
        } else {
            self.watched.extend(addrs.iter().copied());
            true
        }
    }

    /// True when writes to `addr` stop a run.
    pub fn is_watched(&self, addr: u16) -> bool {
        self.watched.contains(&addr)
    }

    /// The watched addresses.
    pub fn watched(&self) -> &BTreeSet<u16> {
        &self.watched
    }

    /// The first watched write since the last call, if any.
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
        if self.hit.is_none() && !self.watched.is_empty() && self.watched.contains(&addr) {
            self.hit = Some(WriteHit { pc, addr, value });
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
    fn watchpoints_catch_the_first_write_and_toggle() {
        let mut watch = Watch::new(0x100, 0x300, 0x3FF);
        assert!(watch.toggle(&[0x20, 0x21]));
        watch.on_write(0x1234, 0x22, 7);
        assert_eq!(watch.take_hit(), None);
        watch.on_write(0x1234, 0x21, 7);
        watch.on_write(0x1237, 0x20, 8);
        assert_eq!(
            watch.take_hit(),
            Some(WriteHit {
                pc: 0x1234,
                addr: 0x21,
                value: 7
            })
        );
        assert_eq!(watch.take_hit(), None);
        assert!(!watch.toggle(&[0x20, 0x21]));
        assert!(watch.watched().is_empty());
    }
}
