//! Which bytes of an image are code, for its mutants, decided from the symbols: the routines
//! the cross-check drives are the entries (the board ABI's GENMOV, INCHK, MOVE and UNMOVE,
//! and when the image has the search's symbols FNDMOV, POINTS and the search routines it
//! names), every instruction reachable from them is found by following jumps, calls and
//! fall-through, and the code is every byte from the lowest to the highest of those. The span
//! keeps what only a computed jump reaches (the evaluation's routines per piece, reached
//! through a table) and what lies between the routines; it leaves out the tables below them.
//! The ABI routines the cross-check never calls (INITBD, PERFT) are left out too: the bytes
//! only they reach.

use crate::abi::AbiError;
use crate::abi::AbiSymbols;
use crate::abi::search::SearchSymbols;
use crate::machine::Image;

use super::error::MutantError;
use super::flow::{AddressSet, reachable};

/// The routines of the board ABI the cross-check drives.
pub const BOARD_ENTRIES: [&str; 4] = ["GENMOV", "INCHK", "MOVE", "UNMOVE"];
/// The routines of the search the cross-check drives (FNDMOV) or names as its parts; those
/// the image names are entries when it has the search's symbols.
pub const SEARCH_ENTRIES: [&str; 7] = [
    "FNDMOV", "POINTS", "PINFND", "SORTM", "EVAL", "ASCEND", "BOOK",
];
/// Routines of the ABI the cross-check never calls: what only they reach is not code to it.
pub const LEFT_OUT: [&str; 2] = ["INITBD", "PERFT"];

/// The code of an image: where its mutants are drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeMap {
    /// The lowest code address.
    pub start: u16,
    /// One past the highest.
    pub end: u32,
    /// The entries the code was found from, with their addresses, in address order.
    pub entries: Vec<(&'static str, u16)>,
    /// The routines left out, with how many bytes of the span only they reach.
    pub left_out: Vec<(&'static str, usize)>,
    /// Every code address, ascending.
    addresses: Vec<u16>,
}

impl CodeMap {
    /// The code of `image` by the rule of this module.
    pub fn of(image: &Image) -> Result<CodeMap, MutantError> {
        AbiSymbols::resolve(image)?;
        let mut entries = named(image, &BOARD_ENTRIES);
        match SearchSymbols::resolve(image) {
            Ok(_) => entries.extend(named(image, &SEARCH_ENTRIES)),
            Err(AbiError::MissingSearchSymbols(_)) => {}
            Err(error) => return Err(error.into()),
        }
        entries.sort_by_key(|&(_, addr)| addr);
        let memory = memory_of(image);
        let addrs: Vec<u16> = entries.iter().map(|&(_, addr)| addr).collect();
        let driven = reachable(image, &memory, &addrs);
        let (start, high) = driven.bounds().ok_or(MutantError::NoCode)?;
        let mut left_out = Vec::new();
        let mut excluded = AddressSet::default();
        for (name, addr) in named(image, &LEFT_OUT) {
            let only = only_reached(image, &memory, addr, &driven, start, high);
            left_out.push((name, only.len()));
            for a in only {
                excluded.insert(a);
            }
        }
        let addresses = (start..=high).filter(|&a| !excluded.contains(a)).collect();
        Ok(CodeMap {
            start,
            end: u32::from(high) + 1,
            entries,
            left_out,
            addresses,
        })
    }

    /// Every code address, ascending.
    pub fn addresses(&self) -> &[u16] {
        &self.addresses
    }

    /// The number of code bytes.
    pub fn len(&self) -> usize {
        self.addresses.len()
    }

    /// True when there is no code (never for a map [`CodeMap::of`] made).
    pub fn is_empty(&self) -> bool {
        self.addresses.is_empty()
    }

    /// True when `addr` is code.
    pub fn contains(&self, addr: u16) -> bool {
        self.addresses.binary_search(&addr).is_ok()
    }
}

/// The routines of `names` the image defines, inside its bytes.
fn named(image: &Image, names: &[&'static str]) -> Vec<(&'static str, u16)> {
    names
        .iter()
        .filter_map(|&name| Some((name, image.symbols.get(name)?)))
        .filter(|&(_, addr)| image.contains(addr))
        .collect()
}

/// The addresses of `start..=high` reachable from `entry` and not from the driven routines.
fn only_reached(
    image: &Image,
    memory: &[u8; 0x10000],
    entry: u16,
    driven: &AddressSet,
    start: u16,
    high: u16,
) -> Vec<u16> {
    let theirs = reachable(image, memory, &[entry]);
    (start..=high)
        .filter(|&a| theirs.contains(a) && !driven.contains(a))
        .collect()
}

/// The image's bytes where the Z80 sees them.
pub(super) fn memory_of(image: &Image) -> Box<[u8; 0x10000]> {
    let mut memory = Box::new([0u8; 0x10000]);
    let org = usize::from(image.org);
    memory[org..org + image.bytes.len()].copy_from_slice(&image.bytes);
    memory
}
