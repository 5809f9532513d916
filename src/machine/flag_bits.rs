//! F's bits by name, and the flags a result byte gives, for the instructions the machine runs
//! itself.

/// F's bits.
pub(crate) mod f {
    pub const S: u8 = 0x80;
    pub const Z: u8 = 0x40;
    pub const Y: u8 = 0x20;
    pub const H: u8 = 0x10;
    pub const X: u8 = 0x08;
    pub const PV: u8 = 0x04;
    pub const N: u8 = 0x02;
    pub const C: u8 = 0x01;
}

/// True when `v` has an even number of bits set (P/V as parity).
#[inline]
pub(crate) fn even(v: u8) -> bool {
    v.count_ones() % 2 == 0
}

/// S, Z, 5 and 3 from a result byte.
#[inline]
pub(crate) fn sz53(v: u8) -> u8 {
    (v & (f::S | f::Y | f::X)) | if v == 0 { f::Z } else { 0 }
}
