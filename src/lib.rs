//! sargon-z80: run Sargon-style chess board code on an emulated Z80 with exact T-states, and
//! prove, position by position, that it agrees with a native Rust reference.
//!
//! The types most programs need are re-exported here: the emulated [`Machine`] with its
//! [`Image`] and [`SymbolTable`]; the [`Board`] (the 120-byte BOARDA with POSK, POSQ, COLOR
//! and the previous move) and its move-list [`Entry`]; the native reference ([`genmov`],
//! [`perft`], [`Move`], [`MoveList`]); the ABI [`Driver`] that calls an image's routines; the
//! [`Checker`] that compares the two node by node.
//!
//! ```
//! use sargon_z80::{Board, Checker, Driver, MoveList, Rules, default_image, genmov, perft};
//!
//! // The built-in image's GENMOV on the start position ...
//! let mut driver = Driver::new(&default_image()).unwrap();
//! driver.set_root(&Board::startpos());
//! let mut entries = Vec::new();
//! let generated = driver.genmov(&mut entries).unwrap();
//! assert_eq!(entries.len(), 20);
//! assert_eq!(entries[0].uci(), "b1a3");
//!
//! // ... lists what the native reference lists, entry for entry ...
//! let mut native = MoveList::new();
//! genmov(&Board::startpos(), &mut native);
//! assert_eq!(native.as_slice()[0].entry.from, entries[0].from);
//! assert!(generated.cost.tstates > 0);
//!
//! // ... and the checker proves it to depth 2, MOVE, INCHK and UNMOVE included.
//! let mut checker = Checker::new(driver);
//! assert_eq!(checker.check(&Board::startpos(), 2, None), Ok(400));
//! assert_eq!(perft(&mut Board::startpos(), 3, Rules::Sargon), 8_902);
//! ```
//!
//! The rooms, one concern each (see `docs/ARCHITECTURE.md`): [`machine`] (the Z80),
//! [`position`] (squares, pieces, board, FEN), [`reference`](mod@reference) (the native move generator),
//! [`abi`] (an image bound to the board ABI), [`crosscheck`] (the comparison), [`profile`],
//! [`bench`](mod@bench), [`trace`](mod@trace) (search traces and where two part), [`tui`],
//! [`jupiter`] (the Jupiter III and its monitor: whole programs, knowing nothing of chess),
//! [`source`](mod@source) (what a disassembly shows: names, the program's source, monitor
//! calls), [`assembler`] (stands alone), [`text`] (formatting), [`files`] (inputs read with limits,
//! outputs written safely) and [`random`] (the seeded generator). Dependencies
//! point one way: `crosscheck`, `profile`, `bench`, `tui` → `abi` → `machine`, `position`;
//! `profile`, `tui` → `source` → `machine`, `assembler`; `reference` → `position`.

#![warn(missing_docs)]

pub mod abi;
pub mod assembler;
pub mod bench;
pub mod crosscheck;
pub mod engine;
pub mod files;
pub mod game;
pub mod jupiter;
pub mod machine;
pub mod position;
pub mod profile;
pub mod random;
pub mod reference;
pub mod source;
pub mod text;
pub mod trace;
pub mod tui;
pub mod uci;

pub use abi::{AbiError, AbiSymbols, DriveError, Driver, RawEntry, Routine, z80_perft};
pub use crosscheck::{Checker, Failure, Mismatch, MismatchKind};
pub use machine::{
    Cost, Image, Machine, MachineError, SymbolTable, default_image, default_program,
};
pub use position::{Board, Entry, FenError};
pub use reference::{Move, MoveList, Rules, divide, generate, genmov, legal_moves, perft};
