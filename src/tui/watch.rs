//! What the debugger watches while it steps: BOARDA accesses (the fading heatmap) and how far
//! the code has written into the move-list area, which shows the entries before MLNXT is updated
//! (some images keep the write pointer in a register until GENMOV ends).

use super::heat::Heat;
use crate::machine::Observer;

/// The debugger's observer.
#[derive(Debug, Clone)]
pub struct Watch {
    /// The BOARDA heatmap.
    pub heat: Heat,
    list_start: u16,
    list_end: u16,
    highest: Option<u16>,
}

impl Watch {
    /// Watches BOARDA at `boarda` and the list area `list_start ..= list_end`.
    pub fn new(boarda: u16, list_start: u16, list_end: u16) -> Watch {
        Watch {
            heat: Heat::new(boarda),
            list_start,
            list_end,
            highest: None,
        }
    }

    /// Forgets everything seen, and watches the list from `list_start` on.
    pub fn restart(&mut self, list_start: u16) {
        self.heat.clear();
        self.list_start = list_start;
        self.highest = None;
    }

    /// One past the highest list byte written since the restart, if any was.
    pub fn written_end(&self) -> Option<u16> {
        self.highest.map(|h| h.wrapping_add(1))
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
}
