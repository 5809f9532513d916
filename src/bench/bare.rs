//! Bare iz80, the yardstick of the emulation ratios: the same code from the same memory on
//! iz80's own `PlainMachine`, with no exact timing, no guards and no tracing.

use iz80::{Cpu, Machine as _, PlainMachine, Reg16};

use crate::machine::Machine;

/// iz80 alone on a copy of a machine's memory, called the way the machine calls: SP at the
/// machine's stack top minus the pushed sentinel, run until PC reaches the sentinel.
pub struct BareIz80 {
    cpu: Cpu,
    mem: Box<PlainMachine>,
    stack: u16,
    sentinel: u16,
}

impl BareIz80 {
    /// A bare CPU with a copy of all of `machine`'s memory, its stack top, and a sentinel just
    /// past its image (where the machine puts its own).
    pub fn from_machine(machine: &Machine) -> BareIz80 {
        let mut mem = Box::new(PlainMachine::new());
        for (addr, &byte) in machine.memory().iter().enumerate() {
            mem.poke(addr as u16, byte);
        }
        let image = machine.image();
        let end = image.end();
        let sentinel = if end <= 0xFFFF {
            end as u16
        } else {
            image.org.wrapping_sub(1)
        };
        BareIz80 {
            cpu: Cpu::new_z80(),
            mem,
            stack: machine.stack(),
            sentinel,
        }
    }

    /// Writes bytes from `addr` upward (host access).
    pub fn write_bytes(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &byte) in bytes.iter().enumerate() {
            self.mem.poke(addr.wrapping_add(i as u16), byte);
        }
    }

    /// Runs the routine at `addr` until it returns to the sentinel; the instructions executed.
    /// Unguarded: the routine must return.
    pub fn call(&mut self, addr: u16) -> u64 {
        let sp = self.stack.wrapping_sub(2);
        self.mem.poke16(sp, self.sentinel);
        self.cpu.registers().set16(Reg16::SP, sp);
        self.cpu.registers().set_pc(addr);
        let mut count = 0;
        while self.cpu.registers().pc() != self.sentinel {
            self.cpu.execute_instruction(&mut *self.mem);
            count += 1;
        }
        count
    }
}
