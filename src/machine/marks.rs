//! The per-address marks the step loop tests with one load, and the room they leave for a
//! watch's fixed targets: the vocabulary that memory, the guards and the watches share.

/// `Ram::marks` bit: PC may not run here (outside the code region; the sentinel is one such).
pub(crate) const OUTSIDE: u8 = 1;
/// `Ram::marks` bit: a watch wants to see PC arrive here.
pub(crate) const WATCHED: u8 = 2;
/// `Ram::marks` bit: executing code may not write here.
pub(crate) const PROTECTED: u8 = 4;
/// `Ram::marks` bit, set on every address by a blocked write (which ends the call): the step
/// loop's mark test then catches the write too, and needs no test of its own.
pub(crate) const FAULT: u8 = 8;
/// `Ram::marks` bit: a byte of an instruction whose class `Ram::classes` holds, so that a
/// write here marks the instructions it fed `FRESH` again (the write's test is the one
/// `PROTECTED` needs).
pub(crate) const DECODED: u8 = 16;
/// `Ram::marks` bit: calling this address is progress (see `Machine::set_progress`): the
/// call's leash starts again.
pub(crate) const PROGRESS: u8 = 32;
/// `Ram::marks` bit: no instruction has been classified here since the bytes there last
/// changed (every address at first), so the step loop stops before running one here and
/// classifies it: every instruction is decoded before it runs.
pub(crate) const FRESH: u8 = 64;
/// `Ram::marks` bit: the instruction here is one the machine runs itself instead of iz80
/// (`special`), which the step loop does when it stops here.
pub(crate) const MACHINE: u8 = 128;
/// The `Ram::marks` bits that stop the step loop before an instruction.
pub(crate) const STOP: u8 = OUTSIDE | WATCHED | FAULT | PROGRESS | FRESH | MACHINE;

/// The most fixed targets one watch may name.
pub const MAX_FIXED_TARGETS: usize = 8;
