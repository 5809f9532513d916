//! Decoding one ply's move list from emulated memory (ABI sections 3 and 4), with the checks
//! that keep a broken image from sending the harness into a loop or out of the list area.

use crate::position::{DOUBLE, PROMOTION, is_playing_square, square_name};

/// One 6-byte move entry as found in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RawEntry {
    /// Where the entry starts.
    pub addr: u16,
    /// Its link word (0 ends the list; 0 in every hidden second half).
    pub link: u16,
    /// From-square index.
    pub from: u8,
    /// To-square index.
    pub to: u8,
    /// Flags byte (captured piece, first move 0x10, promotion 0x20, double move 0x40).
    pub flags: u8,
    /// Value byte (GENMOV writes 0).
    pub value: u8,
    /// True for the second half of a double move, reached as "first half + 6", not by a link.
    pub hidden: bool,
}

impl RawEntry {
    /// UCI text for the entry's squares and flags: `e2e4`, `e1g1` for castling, `e7e8q` for a
    /// promotion (always to a queen in the ABI).
    pub fn uci(&self) -> String {
        let mut text = square_name(self.from);
        text.push_str(&square_name(self.to));
        if self.flags & PROMOTION != 0 {
            text.push('q');
        }
        text
    }
}

/// UCI text of the move a program chose, from the squares and flags of the entry it points
/// at (a promotion is always to a queen): `0000`, no move, when the squares are not both
/// playing squares.
pub fn chosen_uci(from: u8, to: u8, flags: u8) -> String {
    if !(is_playing_square(from) && is_playing_square(to)) {
        return "0000".to_string();
    }
    let entry = RawEntry {
        addr: 0,
        link: 0,
        from,
        to,
        flags,
        value: 0,
        hidden: false,
    };
    entry.uci()
}

/// Size of one move entry in bytes.
pub const ENTRY_SIZE: u16 = 6;

/// The addresses that bound the move-list area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListArea {
    /// MLIST: the first byte of the area.
    pub start: u16,
    /// MLEND: the last address where an entry may start.
    pub last_entry: u16,
}

/// A move list that cannot be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError {
    /// MLNXT after GENMOV is below where this ply started.
    #[error("MLNXT went backwards: {next:#06x} is below the ply start {start:#06x}")]
    Backwards {
        /// The ply start.
        start: u16,
        /// MLNXT after the call.
        next: u16,
    },
    /// The list grew past MLEND.
    #[error("the move list grew past MLEND {last_entry:#06x}: MLNXT = {next:#06x}")]
    PastEnd {
        /// MLEND.
        last_entry: u16,
        /// MLNXT after the call.
        next: u16,
    },
    /// The bytes written are not a whole number of 6-byte entries.
    #[error("{len} bytes were written for this ply, not a multiple of 6")]
    Ragged {
        /// MLNXT minus the ply start.
        len: u16,
    },
    /// A link points outside the entries this ply wrote, or between entries.
    #[error(
        "the link at {at:#06X} points to {link:#06X}, outside this ply's entries {}",
        crate::text::address_span(u32::from(*.start), u32::from(*.next))
    )]
    LinkOutside {
        /// Address of the link word.
        at: u16,
        /// Its value.
        link: u16,
        /// The ply start.
        start: u16,
        /// MLNXT after the call.
        next: u16,
    },
    /// Following the links visits more entries than were written: a cycle.
    #[error("the links form a cycle (more than {written} entries reached from the head link)")]
    Cycle {
        /// The number of entries written.
        written: u16,
    },
    /// A double move's second half lies past MLNXT.
    #[error("the double move at {at:#06x} has no second half before MLNXT {next:#06x}")]
    MissingHalf {
        /// The first half's address.
        at: u16,
        /// MLNXT after the call.
        next: u16,
    },
}

fn word(mem: &[u8], addr: u16) -> u16 {
    u16::from_le_bytes([mem[addr as usize], mem[addr.wrapping_add(1) as usize]])
}

fn entry_at(mem: &[u8], addr: u16, hidden: bool) -> RawEntry {
    let byte = |offset: u16| mem[addr.wrapping_add(offset) as usize];
    RawEntry {
        addr,
        link: word(mem, addr),
        from: byte(2),
        to: byte(3),
        flags: byte(4),
        value: byte(5),
        hidden,
    }
}

/// Decodes the list whose head link is at `head_link`, written from `start` up to `next`
/// (MLNXT after GENMOV), into `out` (cleared first): linked entries in list order, each double
/// move followed by its hidden second half. `mem` is the whole 64 KiB address space.
pub fn decode_list(
    mem: &[u8],
    area: ListArea,
    head_link: u16,
    start: u16,
    next: u16,
    out: &mut Vec<RawEntry>,
) -> Result<(), ListError> {
    out.clear();
    if next < start {
        return Err(ListError::Backwards { start, next });
    }
    if next > area.last_entry.saturating_add(ENTRY_SIZE) {
        return Err(ListError::PastEnd {
            last_entry: area.last_entry,
            next,
        });
    }
    let len = next - start;
    if len % ENTRY_SIZE != 0 {
        return Err(ListError::Ragged { len });
    }
    let written = len / ENTRY_SIZE;
    let mut at = head_link;
    let mut link = word(mem, head_link);
    let mut reached = 0u16;
    while link != 0 {
        let inside =
            link >= start && link < next && (link - start) % ENTRY_SIZE == 0 && link >= area.start;
        if !inside {
            return Err(ListError::LinkOutside {
                at,
                link,
                start,
                next,
            });
        }
        reached += 1;
        if reached > written {
            return Err(ListError::Cycle { written });
        }
        let entry = entry_at(mem, link, false);
        out.push(entry);
        if entry.flags & DOUBLE != 0 {
            let second = link + ENTRY_SIZE;
            if second >= next {
                return Err(ListError::MissingHalf { at: link, next });
            }
            out.push(entry_at(mem, second, true));
        }
        at = link;
        link = entry.link;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: ListArea = ListArea {
        start: 0x1000,
        last_entry: 0x1100,
    };

    fn put(mem: &mut [u8], addr: u16, bytes: [u8; 6]) {
        mem[addr as usize..addr as usize + 6].copy_from_slice(&bytes);
    }

    fn memory() -> Vec<u8> {
        let mut mem = vec![0u8; 0x10000];
        // Head link at 0x0F00 -> 0x1000 -> 0x1006 (castling, hidden half at 0x100C) -> end.
        mem[0x0F00] = 0x00;
        mem[0x0F01] = 0x10;
        put(&mut mem, 0x1000, [0x06, 0x10, 35, 45, 0x10, 0]);
        put(&mut mem, 0x1006, [0x00, 0x00, 25, 27, 0x50, 0]);
        put(&mut mem, 0x100C, [0x00, 0x00, 28, 26, 0x10, 0]);
        mem
    }

    #[test]
    fn decodes_linked_and_hidden_entries() {
        let mem = memory();
        let mut out = Vec::new();
        decode_list(&mem, AREA, 0x0F00, 0x1000, 0x1012, &mut out).unwrap();
        let squares: Vec<_> = out.iter().map(|e| (e.from, e.to, e.hidden)).collect();
        assert_eq!(
            squares,
            vec![(35, 45, false), (25, 27, false), (28, 26, true)]
        );
        let uci: Vec<_> = out.iter().map(RawEntry::uci).collect();
        assert_eq!(uci, ["e2e3", "e1g1", "h1f1"]);
        assert_eq!(out[0].link, 0x1006);
    }

    #[test]
    fn empty_list_is_fine() {
        let mut mem = memory();
        mem[0x0F00] = 0;
        mem[0x0F01] = 0;
        let mut out = vec![];
        decode_list(&mem, AREA, 0x0F00, 0x1000, 0x1000, &mut out).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn reports_cycles_outside_links_and_overflow() {
        let mut mem = memory();
        mem[0x1007] = 0x10; // 0x1006 links back to 0x1000
        let mut out = Vec::new();
        let err = decode_list(&mem, AREA, 0x0F00, 0x1000, 0x1012, &mut out).unwrap_err();
        assert_eq!(err, ListError::Cycle { written: 3 });

        let mut mem = memory();
        mem[0x1001] = 0x20; // 0x1000 links to 0x2006
        let err = decode_list(&mem, AREA, 0x0F00, 0x1000, 0x1012, &mut out).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the link at 0x1000 points to 0x2006, outside this ply's entries 0x1000..0x1011"
        );

        let err = decode_list(&memory(), AREA, 0x0F00, 0x1000, 0x1200, &mut out).unwrap_err();
        assert!(matches!(err, ListError::PastEnd { .. }));
        let err = decode_list(&memory(), AREA, 0x0F00, 0x1000, 0x1011, &mut out).unwrap_err();
        assert_eq!(err, ListError::Ragged { len: 0x11 });
        let err = decode_list(&memory(), AREA, 0x0F00, 0x1000, 0x100C, &mut out).unwrap_err();
        assert!(matches!(err, ListError::MissingHalf { at: 0x1006, .. }));
    }
}
