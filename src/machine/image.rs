//! A Z80 image: raw bytes, their load address, and the symbols that name routines and data.

use std::path::Path;

use super::{MachineError, SymbolTable};

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
    /// image's `ORG` symbol when it has one, else 0. Errors name the file.
    pub fn load(bin: &Path, sym: &Path, org: Option<u16>) -> Result<Image, MachineError> {
        let bytes = std::fs::read(bin).map_err(|e| io_error(bin, e))?;
        let text = std::fs::read_to_string(sym).map_err(|e| io_error(sym, e))?;
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

fn io_error(path: &Path, e: std::io::Error) -> MachineError {
    MachineError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}
