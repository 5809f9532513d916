//! The project's own images (roms/, assembled from asm/ by the project's assembler), compiled
//! into the binary so the tool runs from any folder: the engine alone (`sargon.bin`) and the
//! whole program for the Jupiter III (`jupiter.bin`).

use super::{Image, SymbolTable};

/// The assembled image of asm/sargon.asm.
const BIN: &[u8] = include_bytes!("../../roms/sargon.bin");
/// Its pasmo-style symbol file.
const SYM: &str = include_str!("../../roms/sargon.sym");

/// The assembled image of asm/jupiter.asm.
const PROGRAM_BIN: &[u8] = include_bytes!("../../roms/jupiter.bin");
/// Its pasmo-style symbol file.
const PROGRAM_SYM: &str = include_str!("../../roms/jupiter.sym");

/// The default image, loaded at its ORG symbol (0 when it has none).
///
/// Infallible: the embedded files are checked by `tests/roms_up_to_date.rs`, so a failure here
/// is a build defect, not bad input.
pub fn default_image() -> Image {
    embedded(BIN, SYM, "roms/sargon")
}

/// The project's complete program for the Jupiter III: the engine of [`default_image`] at the
/// same addresses, with a dialogue, a block-graphics board, move entry and a move list around
/// it, all through the Jove monitor's calls. Loaded at 0000H; it starts at `DRIVER` and, like
/// the engine image, defines FNDMOV and BESTM, so every search it makes can be found and timed.
///
/// ```
/// use sargon_z80::machine::{default_image, default_program};
///
/// let program = default_program();
/// let engine = default_image();
/// assert_eq!(program.org, 0);
/// assert!(program.symbols.get("DRIVER").is_some());
/// // The engine's routines sit where the engine image has them.
/// for routine in ["GENMOV", "MOVE", "POINTS", "FNDMOV", "BOOK"] {
///     assert_eq!(program.symbols.get(routine), engine.symbols.get(routine));
/// }
/// ```
pub fn default_program() -> Image {
    embedded(PROGRAM_BIN, PROGRAM_SYM, "roms/jupiter")
}

fn embedded(bin: &[u8], sym: &str, name: &str) -> Image {
    let symbols = SymbolTable::parse(sym)
        .unwrap_or_else(|e| panic!("{name}.sym is not a valid symbol file: {e}"));
    let org = symbols.get("ORG").unwrap_or(0);
    Image::new(bin.to_vec(), org, symbols)
        .unwrap_or_else(|e| panic!("{name}.bin does not fit in memory: {e}"))
}
