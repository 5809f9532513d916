//! The move list as the code builds it: the entries written so far between the ply's start and
//! MLNXT, read straight from memory.

use crate::abi;
use crate::position::{DOUBLE, Entry};
use crate::reference::Move;

/// Bytes per move-list entry.
const ENTRY_SIZE: usize = abi::ENTRY_SIZE as usize;

/// Most entries shown: a garbage MLNXT must not make the debugger crawl.
const MAX_SHOWN: usize = 1024;

/// One move found in the list area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedMove {
    /// Address of its (first) entry: what MLPTRJ points at to make it.
    pub addr: u16,
    /// The move in UCI notation.
    pub uci: String,
    /// The first entry's flags byte.
    pub flags: u8,
    /// The first entry's link word.
    pub link: u16,
}

/// The moves whose entries lie in `start .. next`, in memory (= generation) order; the hidden
/// second half of a double move is folded into its first half.
pub fn written_moves(memory: &[u8], start: u16, next: u16) -> Vec<ListedMove> {
    let (start, next) = (usize::from(start), usize::from(next).min(memory.len()));
    let mut moves = Vec::new();
    let mut at = start;
    let entry = |at: usize| {
        let bytes: [u8; ENTRY_SIZE] = memory[at..at + ENTRY_SIZE]
            .try_into()
            .expect("six bytes make an entry");
        (
            Entry::from_bytes(bytes),
            u16::from_le_bytes([bytes[0], bytes[1]]),
        )
    };
    while at + ENTRY_SIZE <= next && moves.len() < MAX_SHOWN {
        let (first, link) = entry(at);
        let double = first.flags & DOUBLE != 0;
        let second = (double && at + 2 * ENTRY_SIZE <= next).then(|| entry(at + ENTRY_SIZE).0);
        moves.push(ListedMove {
            addr: at as u16,
            uci: Move::sargon(first, second).uci(),
            flags: first.flags,
            link,
        });
        at += if double { 2 * ENTRY_SIZE } else { ENTRY_SIZE };
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_moves_fold_and_partial_lists_stop_at_mlnxt() {
        let mut memory = vec![0u8; 0x400];
        let list: [[u8; 6]; 4] = [
            [0x06, 0x03, 31, 51, 0x10, 0], // e.g. a2a4, linked to 0x306
            [0x00, 0x00, 25, 27, 0x50, 0], // e1g1, castling king half
            [0x00, 0x00, 28, 26, 0x10, 0], // h1f1, hidden rook half
            [0x00, 0x00, 85, 96, 0x20, 0], // e7f8 promotion (flags only matter here)
        ];
        for (i, e) in list.iter().enumerate() {
            memory[0x300 + 6 * i..0x306 + 6 * i].copy_from_slice(e);
        }
        let all = written_moves(&memory, 0x300, 0x318);
        let got: Vec<_> = all
            .iter()
            .map(|m| (m.addr, m.uci.as_str(), m.flags))
            .collect();
        assert_eq!(
            got,
            [
                (0x300, "a2a4", 0x10),
                (0x306, "e1g1", 0x50),
                (0x312, "e7f8q", 0x20)
            ]
        );
        assert_eq!(all[0].link, 0x306);
        assert_eq!(written_moves(&memory, 0x300, 0x30B).len(), 1);
        assert!(written_moves(&memory, 0x300, 0x2F0).is_empty());
    }
}
