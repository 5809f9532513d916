//! The built-in image: `roms/sargon.bin` and `roms/sargon.sym`, assembled from `asm/` by the
//! project's assembler and embedded in the binary so the tool runs from anywhere.

use crate::machine::{Image, MachineError, SymbolTable};

/// The built-in image's bytes.
const SARGON_BIN: &[u8] = include_bytes!("../../roms/sargon.bin");
/// The built-in image's pasmo-style symbol file.
const SARGON_SYM: &str = include_str!("../../roms/sargon.sym");

/// The built-in image, loaded at its ORG symbol (0 when it has none).
pub fn default_image() -> Result<Image, MachineError> {
    let symbols = SymbolTable::parse(SARGON_SYM)?;
    let org = symbols.get("ORG").unwrap_or(0);
    Image::new(SARGON_BIN.to_vec(), org, symbols)
}
