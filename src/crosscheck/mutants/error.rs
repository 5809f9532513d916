//! Why a mutation run, or a patch of an image, cannot be made.

use crate::abi::AbiError;

/// Why an image cannot be mutated or patched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MutantError {
    /// The image cannot be driven at all (missing symbols).
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// No instruction is reachable from the routines the cross-check drives.
    #[error("no code is reachable from the image's GENMOV, INCHK, MOVE and UNMOVE")]
    NoCode,
    /// A patch names an address outside the image's bytes.
    #[error(
        "--patch {addr:#06X}: the address lies outside the image's bytes {}",
        crate::text::address_span(u32::from(*.org), *.end)
    )]
    PatchOutside {
        /// The patched address.
        addr: u16,
        /// The image's load address.
        org: u16,
        /// One past its last byte.
        end: u32,
    },
}
