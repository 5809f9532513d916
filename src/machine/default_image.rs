//! The project's own board routines (roms/sargon.bin and .sym, assembled from asm/ by the
//! project's assembler), compiled into the binary so the tool runs from any folder.

use super::{Image, SymbolTable};

/// The assembled image of asm/sargon.asm.
const BIN: &[u8] = include_bytes!("../../roms/sargon.bin");
/// Its pasmo-style symbol file.
const SYM: &str = include_str!("../../roms/sargon.sym");

/// The default image, loaded at its ORG symbol (0 when it has none).
///
/// Infallible: the embedded files are checked by `tests/roms_up_to_date.rs`, so a failure here
/// is a build defect, not bad input.
pub fn default_image() -> Image {
    let symbols = SymbolTable::parse(SYM).expect("roms/sargon.sym is a valid symbol file");
    let org = symbols.get("ORG").unwrap_or(0);
    Image::new(BIN.to_vec(), org, symbols).expect("roms/sargon.bin fits in memory")
}
