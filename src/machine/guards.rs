//! Where a call may go: the stack region, the code region, the sentinel, the budget and the
//! progress leash, and the per-address stop marks the step loop tests with one load.

use super::MachineError;
use super::marks::{OUTSIDE, WATCHED};
use super::memory::Ram;

/// The call guards. The code region is kept twice: as start and length here (the truth) and as
/// `OUTSIDE` marks in `Ram::marks` (what the step loop tests).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Guards {
    /// SP at the start of a call; the region is `stack - stack_size ..= stack`.
    pub stack: u16,
    pub stack_size: u16,
    /// PC must stay in `code_start .. code_start + code_len`.
    pub code_start: u16,
    pub code_len: u32,
    /// The most instructions of the call, or (in the guards a slice of the step loop runs
    /// under) the instruction count at which the slice ends.
    pub budget: u64,
    /// T-states a call may run without calling a progress mark (`marks::PROGRESS`);
    /// `u64::MAX` when the call has none.
    pub leash: u64,
    /// Return address pushed by `begin_call`, outside the code region when there is room.
    pub sentinel: u16,
}

impl Guards {
    #[inline(always)]
    pub fn in_code(&self, pc: u16) -> bool {
        u32::from(pc.wrapping_sub(self.code_start)) < self.code_len
    }

    #[inline(always)]
    pub fn stack_ok(&self, sp: u16) -> bool {
        self.stack.wrapping_sub(sp) <= self.stack_size
    }

    /// Sets the code region and puts the sentinel just outside it (a region of all 64 KiB
    /// gives up its last byte for the sentinel), and marks every other address in `ram`.
    pub fn set_code_region(&mut self, ram: &mut Ram, start: u16, len: u32) {
        self.code_start = start;
        self.code_len = len.min(0xFFFF);
        let end = u32::from(start) + self.code_len;
        self.sentinel = if end <= 0xFFFF {
            end as u16
        } else {
            start.wrapping_sub(1)
        };
        for addr in 0..=u16::MAX {
            let mark = &mut ram.marks[usize::from(addr)];
            *mark = (*mark & !OUTSIDE) | if self.in_code(addr) { 0 } else { OUTSIDE };
        }
    }

    /// After an instruction: the error when it tried to write to protected memory or moved SP
    /// out of the stack region, else whether it returned to the sentinel.
    pub fn after(
        &self,
        fault: Option<(u16, u8)>,
        pc: u16,
        next: u16,
        sp: u16,
    ) -> Result<bool, MachineError> {
        if let Some((addr, value)) = fault {
            return Err(MachineError::ProtectedWrite { addr, value, pc });
        }
        if !self.stack_ok(sp) {
            return Err(MachineError::StackOutOfRange { sp, pc });
        }
        Ok(next == self.sentinel && sp == self.stack)
    }

    /// `after`, then the checks due before the next instruction of a call: the budget, the
    /// code region and the watch mark.
    #[cold]
    #[inline(never)]
    pub fn settle(&self, stop: Stop, count: u64) -> Result<Flow, MachineError> {
        if self.after(stop.fault, stop.pc, stop.next, stop.sp)? {
            return Ok(Flow::Returned);
        }
        if count >= self.budget {
            // The T-states and the routine are filled in by the loop and the machine.
            return Err(MachineError::BudgetExceeded {
                pc: stop.next,
                count,
                tstates: 0,
                routine: None,
            });
        }
        if !self.in_code(stop.next) {
            return Err(MachineError::PcOutsideImage { pc: stop.next });
        }
        Ok(if stop.mark & WATCHED != 0 {
            Flow::Hit
        } else {
            Flow::Go
        })
    }
}

/// What the step loop saw after an instruction that tripped one of its tests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stop {
    pub fault: Option<(u16, u8)>,
    pub pc: u16,
    pub next: u16,
    pub sp: u16,
    /// The `STOP` bits of `Ram::marks` at `next`.
    pub mark: u8,
}

/// How a call goes on after an instruction that tripped a test but broke no guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep running.
    Go,
    /// The routine returned to the sentinel.
    Returned,
    /// PC is at the watch's target: call it before the next instruction.
    Hit,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_region_marks_and_sentinel() {
        let mut ram = Ram::new();
        let mut g = Guards {
            stack: 0,
            stack_size: 0x400,
            code_start: 0,
            code_len: 0,
            budget: 1,
            leash: u64::MAX,
            sentinel: 0,
        };
        g.set_code_region(&mut ram, 0x8000, 0x10);
        let outside: Vec<u16> = (0..=u16::MAX)
            .filter(|&a| ram.marks[usize::from(a)] & OUTSIDE == 0)
            .collect();
        assert_eq!(outside, (0x8000..0x8010).collect::<Vec<u16>>());
        assert_eq!(g.sentinel, 0x8010);
        g.set_code_region(&mut ram, 0, 0x10000);
        assert_eq!((g.code_len, g.sentinel), (0xFFFF, 0xFFFF));
        assert_eq!(ram.marks[0xFFFF] & OUTSIDE, OUTSIDE);
        assert_eq!(ram.marks[0xFFFE] & OUTSIDE, 0);
        assert!(g.stack_ok(0xFC00) && !g.stack_ok(0xFBFF) && !g.stack_ok(0x0001));
    }
}
