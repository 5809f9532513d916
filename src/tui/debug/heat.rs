//! The fading BOARDA access heatmap: when each cell was last read and written, in instructions.

use crate::machine::Observer;

/// Cells of BOARDA.
const CELLS: usize = 120;

/// Instructions over which an access fades from bright to gone.
pub const FADE: u64 = 48;

/// Watches BOARDA while the debugger steps; a cell's heat is how recently it was touched.
#[derive(Debug, Clone)]
pub struct Heat {
    boarda: u16,
    /// Instructions executed so far, plus one (so 0 can mean "never").
    now: u64,
    last_read: [u64; CELLS],
    last_write: [u64; CELLS],
}

/// How recently a cell was touched, for colouring it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// Not within the last [`FADE`] instructions.
    Cold,
    /// Read `age` instructions ago (0 = by the last instruction).
    Read(u64),
    /// Written `age` instructions ago (a write outshines a read).
    Written(u64),
}

impl Heat {
    /// A heatmap over the 120 bytes at `boarda`, all cold.
    pub fn new(boarda: u16) -> Heat {
        Heat {
            boarda,
            now: 1,
            last_read: [0; CELLS],
            last_write: [0; CELLS],
        }
    }

    /// Forgets every access.
    pub fn clear(&mut self) {
        *self = Heat::new(self.boarda);
    }

    fn cell(&self, addr: u16) -> Option<usize> {
        let i = usize::from(addr.wrapping_sub(self.boarda));
        (i < CELLS).then_some(i)
    }

    /// How recently cell `index` was touched.
    pub fn touch(&self, index: usize) -> Touch {
        // `now` has already moved past the last instruction, hence the extra 1.
        let age = |last: u64| (last > 0 && self.now - last <= FADE).then(|| self.now - last - 1);
        match (age(self.last_write[index]), age(self.last_read[index])) {
            (Some(w), _) => Touch::Written(w),
            (None, Some(r)) => Touch::Read(r),
            (None, None) => Touch::Cold,
        }
    }
}

impl Observer for Heat {
    #[inline]
    fn on_instruction(&mut self, _pc: u16, _bytes: &[u8], _tstates: u32) {
        self.now += 1;
    }

    #[inline]
    fn on_read(&mut self, _pc: u16, addr: u16, _value: u8) {
        if let Some(i) = self.cell(addr) {
            self.last_read[i] = self.now;
        }
    }

    #[inline]
    fn on_write(&mut self, _pc: u16, addr: u16, _value: u8) {
        if let Some(i) = self.cell(addr) {
            self.last_write[i] = self.now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accesses_fade_with_instructions() {
        let mut heat = Heat::new(0x200);
        heat.on_read(0, 0x215, 0);
        heat.on_read(0, 0x1FF, 0);
        heat.on_read(0, 0x278, 0);
        heat.on_instruction(0, &[], 7);
        assert_eq!(heat.touch(21), Touch::Read(0));
        heat.on_write(0, 0x215, 1);
        heat.on_instruction(0, &[], 7);
        assert_eq!(heat.touch(21), Touch::Written(0));
        for _ in 0..FADE - 1 {
            heat.on_instruction(0, &[], 4);
        }
        assert_eq!(heat.touch(21), Touch::Written(FADE - 1));
        heat.on_instruction(0, &[], 4);
        assert_eq!(heat.touch(21), Touch::Cold);
        assert!((0..CELLS).all(|i| heat.touch(i) == Touch::Cold));
    }
}
