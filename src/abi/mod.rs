//! Binding a Z80 image to the Sargon board ABI (`../shared/SARGON_ABI.md`): which symbols an
//! image must and may define ([`AbiSymbols`], one [`AbiError`] naming every missing one),
//! writing a position and the game state into its memory, calling INITBD, GENMOV, MOVE,
//! UNMOVE and INCHK ([`Driver`]), decoding the move list GENMOV wrote ([`RawEntry`]), and perft
//! on the image ([`z80_perft`], [`PerftWalk`], [`z80_perft_split`] over several machines,
//! [`perft_routine`]), and the one definition of a move list that does not fit ([`ListFull`]).
//!
//! This room knows the ABI and nothing of the native reference: it depends on `machine` and
//! `position` only. The search routines get a driver of their own beside [`Driver`], with its
//! own symbol set resolved through [`require`] and [`check_routines`].

mod driver;
mod genmov;
mod inspect;
mod list;
mod perft;
mod perft_split;
mod room;
pub mod search;
mod state;
mod symbols;

pub use driver::{CALL_BUDGET, DriveError, Driver, PERFT_LEASH, Routine};
pub use genmov::Generated;
pub use inspect::{
    Inspection, ListInfo, PreviousEntry, SearchSmoke, Smoke, SmokeCall, SymbolGroup, inspect,
    smoke_test,
};
pub use list::{ENTRY_SIZE, ListArea, ListError, RawEntry, chosen_uci, decode_list};
pub use perft::{EntriesNeeded, PerftError, PerftRun, PerftWalk, perft_routine, z80_perft};
pub use perft_split::{RootCount, SplitCount, z80_perft_split};
pub use room::{ListFull, OVERFLOW_MARGIN};
pub use state::PlyState;
pub use symbols::{
    AbiError, AbiSymbols, ListEndSource, OPTIONAL, PLY_TABLE_BYTES, PerftSymbols, REQUIRED,
    check_extents, check_routines, require,
};
