//! The machine's error type: every guard and every input problem is one typed, one-line error.

use std::path::PathBuf;

use super::Cost;
use crate::text::grouped;

/// Everything that can go wrong loading an image or running a routine.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum MachineError {
    /// The call ran its whole instruction budget without returning: runaway code.
    #[error(
        "runaway code: no return within the call's budget of {} instructions ({} T-states); PC = {pc:#06X}{}",
        grouped(*.count),
        grouped(*.tstates),
        place(.routine)
    )]
    BudgetExceeded {
        /// Address of the next instruction when the budget ran out.
        pc: u16,
        /// Instructions executed (the budget).
        count: u64,
        /// T-states spent.
        tstates: u64,
        /// The symbol `pc` lies in (`NAME` or `NAME+offset`), when the image names one.
        routine: Option<String>,
    },
    /// The call ran longer than its leash without calling one of its progress marks
    /// (`Machine::set_progress`): runaway code.
    #[error(
        "runaway code: {} T-states without a call of {marks} ({} instructions, {} T-states in all); PC = {pc:#06X}{}",
        grouped(*.leash),
        grouped(*.count),
        grouped(*.tstates),
        place(.routine)
    )]
    NoProgress {
        /// Address of the next instruction when the leash ran out.
        pc: u16,
        /// Instructions executed.
        count: u64,
        /// T-states spent.
        tstates: u64,
        /// The leash: the most T-states allowed between two progress marks.
        leash: u64,
        /// The progress marks, by name where the image has one.
        marks: String,
        /// The symbol `pc` lies in (`NAME` or `NAME+offset`), when the image names one.
        routine: Option<String>,
    },
    /// A watch found the call repeating without end what a finished computation does a
    /// bounded number of times (say a search walking a move list whose links loop: it keeps
    /// calling its progress marks, so the leash never runs out): runaway code.
    #[error(
        "runaway code: {rule} ({} instructions, {} T-states in all); PC = {pc:#06X}{}",
        grouped(*.count),
        grouped(*.tstates),
        place(.routine)
    )]
    Endless {
        /// Address of the next instruction when the watch ended the call.
        pc: u16,
        /// Instructions executed.
        count: u64,
        /// T-states spent.
        tstates: u64,
        /// What the call did beyond its bound, in words.
        rule: String,
        /// The symbol `pc` lies in (`NAME` or `NAME+offset`), when the image names one.
        routine: Option<String>,
    },
    /// The routine executed HALT (there are no interrupts to resume it).
    #[error("HALT executed at {pc:#06X}")]
    Halted {
        /// Address of the HALT instruction.
        pc: u16,
    },
    /// An instruction tried to write into a write-protected range; the write was not performed.
    #[error(
        "write of {value:#04X} to protected address {addr:#06X} by the instruction at {pc:#06X}"
    )]
    ProtectedWrite {
        /// Target address.
        addr: u16,
        /// Byte that would have been written.
        value: u8,
        /// Address of the writing instruction.
        pc: u16,
    },
    /// SP left the stack region after the instruction at `pc`.
    #[error(
        "stack pointer left the stack region: SP = {sp:#06X} after the instruction at {pc:#06X}"
    )]
    StackOutOfRange {
        /// SP after the instruction.
        sp: u16,
        /// Address of the instruction that moved SP.
        pc: u16,
    },
    /// Execution reached an address outside the loaded image.
    #[error("PC left the loaded image: {pc:#06X}")]
    PcOutsideImage {
        /// The address outside the image.
        pc: u16,
    },
    /// A watch ended the call (its `hit` returned `Break`) before the instruction at `pc`.
    #[error(
        "call aborted by its watch at {pc:#06X} after {} instructions, {} T-states",
        .cost.instructions,
        .cost.tstates
    )]
    Aborted {
        /// The watch's target, where the call stopped (that instruction did not run).
        pc: u16,
        /// What the call had cost until then.
        cost: Cost,
    },
    /// Required symbols that the symbol table does not define.
    #[error("missing required symbol(s): {}", names(.0))]
    MissingSymbols(Vec<String>),
    /// A symbol file line that is not `NAME EQU value`.
    #[error("malformed symbol line {line}: {text}")]
    BadSymLine {
        /// 1-based line number.
        line: usize,
        /// The start of the offending line, quoted with control characters escaped.
        text: String,
    },
    /// A symbol defined twice with different values.
    #[error(
        "symbol {first} is defined twice with different values: line {first_line} ({first_value:#06X}) and line {line}{} ({value:#06X})",
        if name == first { String::new() } else { format!(", {name}") }
    )]
    DuplicateSymbol {
        /// The name as first written.
        first: String,
        /// The line of the first definition.
        first_line: usize,
        /// The first value.
        first_value: u16,
        /// The name as written the second time (the same ignoring case).
        name: String,
        /// The line of the second definition.
        line: usize,
        /// The second value.
        value: u16,
    },
    /// An input file refused before it was parsed: unreadable, too large, a line too long.
    #[error(transparent)]
    Input(#[from] crate::files::FileError),
    /// A symbol file problem, naming the file (wraps the line error).
    #[error("{}: {message}", crate::files::path_text(path))]
    SymFile {
        /// The symbol file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A file that could not be read.
    #[error("cannot read {}: {message}", crate::files::path_text(path))]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// An image with no bytes.
    #[error("empty image{}", source_suffix(.path))]
    EmptyImage {
        /// The binary file, when the image came from one.
        path: Option<PathBuf>,
    },
    /// An image that does not fit in 64 KiB at its load address.
    #[error("image of {len} bytes at {org:#06X} runs past 0xFFFF{}", source_suffix(.path))]
    ImageTooLarge {
        /// Load address.
        org: u16,
        /// Image length in bytes.
        len: usize,
        /// The binary file, when the image came from one.
        path: Option<PathBuf>,
    },
    /// An image that ends before its CODE_END symbol: the binary was cut short.
    #[error("truncated image: CODE_END = {code_end:#06X} but the bytes end at {end:#06X}{}", source_suffix(.path))]
    TruncatedImage {
        /// The CODE_END symbol's value.
        code_end: u16,
        /// One past the image's last byte.
        end: u32,
        /// The binary file, when the image came from one.
        path: Option<PathBuf>,
    },
    /// A number or address that does not parse.
    #[error(
        "bad address or number {} (use 0x1234, $1234, 1234h or decimal)",
        crate::files::excerpt(text)
    )]
    BadNumber {
        /// The text given.
        text: String,
    },
}

impl MachineError {
    /// True for runaway code: a call that spent its budget, ran past its progress leash, or
    /// that its watch found repeating without end.
    pub fn is_runaway(&self) -> bool {
        matches!(
            self,
            MachineError::BudgetExceeded { .. }
                | MachineError::NoProgress { .. }
                | MachineError::Endless { .. }
        )
    }
}

/// ` in NAME` for an error's place, or nothing.
fn place(routine: &Option<String>) -> String {
    match routine {
        Some(name) => format!(" in {name}"),
        None => String::new(),
    }
}

/// The names, each cut short when it is no name but a pasted line.
fn names(names: &[String]) -> String {
    let cut: Vec<String> = names.iter().map(|n| crate::files::clip(n)).collect();
    cut.join(", ")
}

fn source_suffix(path: &Option<PathBuf>) -> String {
    match path {
        Some(p) => format!(" ({})", crate::files::path_text(p)),
        None => String::new(),
    }
}
