//! The cross-check engine: drive an ABI image and compare it with the native reference.

pub mod epd;
pub mod format;
pub mod listdecode;
pub mod rng;
