//! What a disassembly shows and the program's own source: names of addresses, the
//! address-to-source map, and the Jupiter III's monitor calls as one call.
//!
//! A [`SourceMap`] binds a program's source lines to an image: read from the listing the
//! project's assembler writes (`asm --lst`), from a source assembled on the spot (its listing
//! read the same way: the listing text is this room's one interface to the assembler, which
//! stands alone), or, for the built-in images, from their listings compiled into the binary
//! ([`builtin`]). Each line whose bytes are the image's at its address stands for that code:
//! the debugger shows the source's lines at PC and sets breakpoints by line, and the
//! [`Disassembler`] writes each operand as the source wrote it (`LIXD PTR2`, `DJNZ .-2`, or
//! `DJNZ $-2` in Zilog), when the expression gives the operand's bytes; else the symbols name
//! it by their rule. On a whole program the [`Disassembler`] reads `RST 38H` and the
//! parameter block after it as one monitor call.

mod disasm;
mod error;
mod expr;
mod listing;
mod load;
mod map;
mod names;
mod statement;

pub use disasm::{Disassembler, Unit, UnitLine};
pub use error::SourceError;
pub use listing::SourceLine;
pub use load::{builtin, dialect_name, load};
pub use map::{Agreement, SourceMap};
pub use names::{disassemble_symbolic, disassemble_symbolic_in, image_memory, symbol_at};
