//! The cross-check engine: drive an ABI image and compare it with the native reference.
//!
//! [`driver`] runs any image that follows `../shared/SARGON_ABI.md`; [`tree`] compares it with
//! the reference node by node; [`runner`] shares positions out to threads; [`report`] prints.

pub mod bench_support;
pub mod compare;
pub mod epd;
pub mod format;
pub mod random;
pub mod report;
pub mod rng;
pub mod runner;
pub mod suite;
pub mod tree;
