//! Watching a routine's control flow at full speed: a watch names one address, the step loop
//! stops there before the instruction runs, and the watch looks at the machine and names the
//! next address or aborts the call.

use std::ops::ControlFlow;

use iz80::{Reg8, Reg16};

use super::memory::Ram;
use super::{Cost, Registers};

/// What [`Machine::call_watched`](super::Machine::call_watched) reports to: the address to stop
/// at, and what to do there.
///
/// The machine reads [`target`](Watch::target) when the call starts and after every
/// [`hit`](Watch::hit), and marks that one address; the step loop then pays one load and
/// compare per instruction, the same test that keeps PC inside the code region. A target
/// outside the code region never hits.
pub trait Watch {
    /// The address to stop at next.
    fn target(&self) -> u16;

    /// Addresses to stop at for the whole call besides [`target`](Watch::target), e.g. the
    /// entries of routines a driver wants to see every time (at most [`MAX_FIXED_TARGETS`](super::MAX_FIXED_TARGETS);
    /// read once when the call starts). Each costs nothing while PC is elsewhere.
    fn fixed_targets(&self) -> &[u16] {
        &[]
    }

    /// PC has reached the target; the instruction there has not run yet. Read what you need
    /// from `machine`, change what [`target`](Watch::target) returns if you like (a new target
    /// equal to this PC hits again only when PC comes back), and return `Continue` to go on or
    /// `Break` to end the call with [`MachineError::Aborted`](super::MachineError::Aborted).
    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()>;

    /// Asked between slices of the run (every [`SLICE`](super::SLICE) instructions, about a
    /// millisecond of emulation) whether the call should end now, whatever PC is: true ends it
    /// with [`MachineError::Aborted`](super::MachineError::Aborted). This is how another
    /// thread stops a call that may never reach the target (runaway code included); the step
    /// loop pays nothing for it per instruction.
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// The machine as a watch sees it at a hit: registers (R included), memory and the cost so far.
/// Nothing here allocates but [`registers`](WatchView::registers).
pub struct WatchView<'a> {
    cpu: &'a iz80::Cpu,
    ram: &'a Ram,
    cost: Cost,
}

impl<'a> WatchView<'a> {
    pub(crate) fn new(cpu: &'a iz80::Cpu, ram: &'a Ram, cost: Cost) -> WatchView<'a> {
        WatchView { cpu, ram, cost }
    }

    fn reg8(&self, reg: Reg8) -> u8 {
        self.cpu.immutable_registers().get8(reg)
    }

    fn reg16(&self, reg: Reg16) -> u16 {
        self.cpu.immutable_registers().get16(reg)
    }

    /// The program counter: the target that was hit.
    pub fn pc(&self) -> u16 {
        self.cpu.immutable_registers().pc()
    }

    /// The stack pointer.
    pub fn sp(&self) -> u16 {
        self.reg16(Reg16::SP)
    }

    /// A.
    pub fn a(&self) -> u8 {
        self.reg8(Reg8::A)
    }

    /// F.
    pub fn f(&self) -> u8 {
        self.reg8(Reg8::F)
    }

    /// BC.
    pub fn bc(&self) -> u16 {
        self.reg16(Reg16::BC)
    }

    /// DE.
    pub fn de(&self) -> u16 {
        self.reg16(Reg16::DE)
    }

    /// HL.
    pub fn hl(&self) -> u16 {
        self.reg16(Reg16::HL)
    }

    /// IX.
    pub fn ix(&self) -> u16 {
        self.reg16(Reg16::IX)
    }

    /// IY.
    pub fn iy(&self) -> u16 {
        self.reg16(Reg16::IY)
    }

    /// The interrupt vector register I.
    pub fn i(&self) -> u8 {
        self.reg8(Reg8::I)
    }

    /// The refresh register R.
    pub fn r(&self) -> u8 {
        self.reg8(Reg8::R)
    }

    /// All registers, the alternate set, interrupt state, WZ, Q, P and EI included (a copy
    /// through iz80's serialized state: one small allocation).
    pub fn registers(&self) -> Registers {
        Registers::from_state(&self.cpu.serialize(), &self.ram.hidden)
    }

    /// WZ (MEMPTR).
    pub fn wz(&self) -> u16 {
        self.ram.hidden.wz
    }

    /// The byte at `addr`.
    pub fn peek(&self, addr: u16) -> u8 {
        self.ram.bytes[usize::from(addr)]
    }

    /// The little-endian word at `addr`.
    pub fn peek16(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    /// All 64 KiB of memory.
    pub fn memory(&self) -> &[u8] {
        &self.ram.bytes[..]
    }

    /// What the call has cost so far (the instruction at the target not included).
    pub fn cost(&self) -> Cost {
        self.cost
    }
}
