//! Every address the harness computes from a user's symbol stays inside the 64 KiB: a symbol
//! file that puts POSQ at 0FFFFh is refused when the image is bound, not met as a wrapped
//! write or a panic later.

use super::AbiError;

/// Fails on the first `(symbol, address, bytes used from there)` whose bytes run past the top
/// of memory. Symbol sets call it with every variable and table the harness reads or writes
/// beside the routines, at the length the harness uses there.
///
/// ```
/// use sargon_z80::abi::check_extents;
///
/// assert!(check_extents(&[("POSQ", 0x009C, 3), ("BOARDA", 0xFF88, 120)]).is_ok());
/// let err = check_extents(&[("POSQ", 0xFFFF, 3)]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "POSQ = 0xFFFF: its 3 bytes run past the top of memory (0xFFFF)"
/// );
/// ```
pub fn check_extents(extents: &[(&'static str, u16, u16)]) -> Result<(), AbiError> {
    match extents
        .iter()
        .find(|&&(_, addr, bytes)| u32::from(addr) + u32::from(bytes) > 0x1_0000)
    {
        Some(&(name, addr, bytes)) => Err(AbiError::SymbolPastMemory { name, addr, bytes }),
        None => Ok(()),
    }
}
