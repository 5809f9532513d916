//! The project's own board routines (roms/sargon.bin and .sym, assembled from asm/), compiled
//! into the binary so the tool runs from any folder without --rom/--sym.

use super::{Image, SymbolTable};

/// The assembled image of asm/sargon.asm.
const BIN: &[u8] = include_bytes!("../../roms/sargon.bin");
/// Its pasmo-style symbol file.
const SYM: &str = include_str!("../../roms/sargon.sym");
/// Where asm/sargon.asm places its first byte (BOARDA at 0000H).
const ORG: u16 = 0x0000;

/// The default image: the project's Sargon-style routines with their symbols.
pub fn default_image() -> Image {
    let symbols = SymbolTable::parse(SYM).expect("roms/sargon.sym is a valid symbol file");
    Image::new(BIN.to_vec(), ORG, symbols).expect("roms/sargon.bin fits in memory")
}
