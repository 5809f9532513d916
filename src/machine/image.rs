//! A Z80 image: raw bytes, their load address, and the symbols that name routines and data.

use std::path::Path;

use super::{MachineError, SymbolTable};
use crate::files::{TextLimits, read_limited, read_text};

/// The most bytes an image can have: all of the Z80's memory.
pub const MAX_IMAGE_BYTES: u64 = 0x1_0000;

/// What a symbol file may be: 1 MiB (tens of thousands of symbols), lines of at most 1 KiB.
pub const SYMBOL_FILE_LIMITS: TextLimits = TextLimits {
    what: "a symbol file",
    max_bytes: 1 << 20,
    max_line: 1024,
};

/// The symbol a whole program for the Jupiter III starts at (the 1978 program's name for its
/// entry, and the project's program's).
pub const WHOLE_PROGRAM_ENTRY: &str = "DRIVER";

/// Raw bytes loaded at `org`, with their symbol table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The bytes, loaded from `org` upward.
    pub bytes: Vec<u8>,
    /// Load address of the first byte.
    pub org: u16,
    /// The image's symbols.
    pub symbols: SymbolTable,
}

impl Image {
    /// An image; empty ones and ones that run past 0xFFFF are errors.
    pub fn new(bytes: Vec<u8>, org: u16, symbols: SymbolTable) -> Result<Image, MachineError> {
        check_fits(bytes.len(), org, None)?;
        check_complete(bytes.len(), org, &symbols, None)?;
        Ok(Image {
            bytes,
            org,
            symbols,
        })
    }

    /// Reads a binary and its `.sym` file. The load address is `org` when given, else the
    /// image's `ORG` symbol when it has one, else 0. Errors name the file. Reading is
    /// bounded: a binary of more than 64 KiB ([`MAX_IMAGE_BYTES`]) or a symbol file beyond
    /// [`SYMBOL_FILE_LIMITS`] is refused after reading at most one byte past the limit.
    pub fn load(bin: &Path, sym: &Path, org: Option<u16>) -> Result<Image, MachineError> {
        let bytes = read_limited(bin, MAX_IMAGE_BYTES, "an image")?;
        let text = read_text(sym, SYMBOL_FILE_LIMITS)?;
        let symbols = SymbolTable::parse(&text).map_err(|e| MachineError::SymFile {
            path: sym.to_path_buf(),
            message: e.to_string(),
        })?;
        let org = org.or_else(|| symbols.get("ORG")).unwrap_or(0);
        check_fits(bytes.len(), org, Some(bin))?;
        check_complete(bytes.len(), org, &symbols, Some(bin))?;
        Ok(Image {
            bytes,
            org,
            symbols,
        })
    }

    /// One past the last address of the image (0x10000 when it reaches the top of memory).
    pub fn end(&self) -> u32 {
        u32::from(self.org) + self.bytes.len() as u32
    }

    /// True when the image is a whole program for the Jupiter III rather than an engine: its
    /// symbols name [`WHOLE_PROGRAM_ENTRY`], where such a program starts. In a whole program
    /// every `RST 38H` is a monitor call with its parameter block after it; an engine image
    /// may use the restart otherwise.
    pub fn is_whole_program(&self) -> bool {
        self.symbols.get(WHOLE_PROGRAM_ENTRY).is_some()
    }

    /// True when `addr` holds a byte of the image.
    pub fn contains(&self, addr: u16) -> bool {
        (addr.wrapping_sub(self.org) as usize) < self.bytes.len()
    }
}

fn check_fits(len: usize, org: u16, path: Option<&Path>) -> Result<(), MachineError> {
    if len == 0 {
        return Err(MachineError::EmptyImage {
            path: path.map(Path::to_path_buf),
        });
    }
    if usize::from(org) + len > 0x10000 {
        return Err(MachineError::ImageTooLarge {
            org,
            len,
            path: path.map(Path::to_path_buf),
        });
    }
    Ok(())
}

/// An image whose CODE_END lies beyond its last byte was cut short.
fn check_complete(
    len: usize,
    org: u16,
    symbols: &SymbolTable,
    path: Option<&Path>,
) -> Result<(), MachineError> {
    let end = usize::from(org) + len;
    match symbols.get("CODE_END") {
        Some(code_end) if usize::from(code_end) > end => Err(MachineError::TruncatedImage {
            code_end,
            end: end as u32,
            path: path.map(Path::to_path_buf),
        }),
        _ => Ok(()),
    }
}
