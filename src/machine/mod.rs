//! The emulated Z80 machine on iz80: memory, images and symbols, routine calls with exact T-states.
//!
//! Load an [`Image`] (bytes, load address, [`SymbolTable`]) into a [`Machine`], then
//! [`Machine::call`] a routine: the machine pushes a sentinel return address and runs until the
//! routine returns to it, counting exact Zilog T-states (not iz80's own cycle counter) and
//! guarding against runaway code, HALT, stray stack pointers, PC leaving the image and writes
//! into protected ranges. The refresh register R counts opcode fetches as on the chip, and the
//! chip's hidden state is kept too: WZ (MEMPTR), Q and the P and EI markers
//! ([`Registers::wz`], [`Registers::q`]), with F's bits 5 and 3 exact wherever they come
//! from; the few instructions iz80 gets wrong are corrected or run by the machine itself. A
//! [`Watch`] stops a call at one address at a time without changing the code.
//! [`Machine::run_watched`] runs a program that never returns in pieces, each a [`Run`].

mod block_io;
mod class;
mod default_image;
mod disasm;
mod effects;
mod emulator;
mod error;
mod flag_bits;
mod guards;
mod hidden;
mod image;
mod index_bits;
mod marks;
mod memory;
mod refresh;
mod registers;
mod resume;
mod run;
mod special;
mod step;
mod symbols;
mod timing;
mod trace;
mod watch;
mod wz;

pub use default_image::{default_image, default_program};
pub use disasm::{
    BlockPart, Dialect, Instruction, MonitorCall, Operand, RST_38H, TDL_SPELLINGS, Use, Written,
    decode, disassemble, disassemble_in,
};
pub use emulator::{Cost, DEFAULT_BUDGET, DEFAULT_STACK_SIZE, Machine, Step, UNLIMITED_BUDGET};
pub use error::MachineError;
pub use image::{Image, MAX_IMAGE_BYTES, SYMBOL_FILE_LIMITS, WHOLE_PROGRAM_ENTRY};
pub use marks::MAX_FIXED_TARGETS;
pub use registers::{Flags, Registers};
pub use resume::{Run, RunEnd};
pub use run::SLICE;
pub use symbols::{LABEL_MARK, SymbolTable, parse_u16};
pub use trace::{AccessTrace, NoObserver, Observer, RoutineAccess};
pub use watch::{Watch, WatchView};
