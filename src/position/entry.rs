//! The move-list entry of ABI section 3, without its link word and value byte.

/// Flag bit 4: the moving piece had not moved before (its bit 3 was clear).
pub const FIRST_MOVE: u8 = 0x10;
/// Flag bit 5: a pawn reaching the last rank.
pub const PROMOTION: u8 = 0x20;
/// Flag bit 6: the first half of a double move (castling, en passant).
pub const DOUBLE: u8 = 0x40;
/// The flag bits that hold the captured piece byte (colour, moved, type).
pub const CAPTURE_MASK: u8 = 0x8F;

/// One 6-byte move-list entry minus the link (managed by the list) and the value (always 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Entry {
    /// From-square index.
    pub from: u8,
    /// To-square index.
    pub to: u8,
    /// The captured byte plus the FIRST_MOVE, PROMOTION and DOUBLE bits.
    pub flags: u8,
}

impl Entry {
    /// The harmless dummy previous move {0, 0, 0}.
    pub const NONE: Entry = Entry {
        from: 0,
        to: 0,
        flags: 0,
    };

    /// Builds an entry.
    pub const fn new(from: u8, to: u8, flags: u8) -> Entry {
        Entry { from, to, flags }
    }

    /// The byte that stood on the to-square (0 when none); meaningless for a DOUBLE first half.
    pub const fn captured(self) -> u8 {
        self.flags & CAPTURE_MASK
    }

    /// The six bytes as they stand in memory: link (little-endian), from, to, flags, value 0.
    pub const fn to_bytes(self, link: u16) -> [u8; 6] {
        let [low, high] = link.to_le_bytes();
        [low, high, self.from, self.to, self.flags, 0]
    }

    /// Reads from, to and flags out of six entry bytes (the link and value are ignored).
    pub const fn from_bytes(bytes: [u8; 6]) -> Entry {
        Entry::new(bytes[2], bytes[3], bytes[4])
    }
}
