//! When a node's move list does not fit: the one definition every walk over an image uses
//! (the cross-check, perft, `moves`), so that they give the same verdict on the same node.
//!
//! A node is *list-full* when the list it needs (every entry, hidden second halves included)
//! is longer than the room between MLNXT and MLEND, or when the image itself says so by setting
//! MLOVF after GENMOV and the list really did not fit (see [`OVERFLOW_MARGIN`]). Such a node
//! is not compared and not counted: the 1978 code drops moves silently when its list is full,
//! and comparing or counting a truncated list would report a difference that is only the size
//! of the list area. A flag set with room to spare is not believed: it is the image's error.

use crate::position::{Board, Entry};

use super::driver::{DriveError, Driver};

/// How close to the end of the list area a GENMOV may give up and set MLOVF: entries of room
/// beyond the node's own list. An image may refuse to start a piece unless the most one piece
/// adds still fits (28 entries: a queen's 27 moves, and one), and may test that on the write
/// pointer's high byte, a 256-byte page early (42 entries more), as the built-in GENMOV does.
/// A flag set with more room than the list and this margin is not a full list but a wrong one.
pub const OVERFLOW_MARGIN: usize = 28 + 256 / 6;

/// A node whose move list did not fit in the image's list area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListFull {
    /// Entries the node's list needs.
    pub needed: usize,
    /// Entries of room that were left from MLNXT to MLEND.
    pub free: usize,
}

impl std::fmt::Display for ListFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} entries needed, room for {}", self.needed, self.free)
    }
}

impl Driver {
    /// The check made before GENMOV at every node: an error when a list of `needed` entries
    /// would not fit from MLNXT now.
    pub fn check_room(&self, needed: usize) -> Result<(), ListFull> {
        let free = self.free_entries();
        if needed > free {
            return Err(ListFull { needed, free });
        }
        Ok(())
    }

    /// The check made after GENMOV failed: the list-full verdict when the image reported its
    /// list full (MLOVF set) and it was (the room left, `free`, is within [`OVERFLOW_MARGIN`]
    /// entries of the `needed` ones); a flag with more room to spare is the image's error,
    /// [`DriveError::FalseOverflow`]; any other error is given back. `needed` and `free` are
    /// those of the check before.
    pub fn list_full_after(
        error: DriveError,
        needed: usize,
        free: usize,
    ) -> Result<ListFull, DriveError> {
        match error {
            DriveError::Overflow(_) if free <= needed + OVERFLOW_MARGIN => {
                Ok(ListFull { needed, free })
            }
            DriveError::Overflow(flag) => Err(DriveError::FalseOverflow { flag, needed, free }),
            other => Err(other),
        }
    }

    /// The node the image holds now, read back from memory: BOARDA, POSK, POSQ, COLOR and the
    /// previous move (the entry MLPTRJ points at), for computing what its list needs.
    pub fn read_node(&self, board: &mut Board) {
        self.read_board(board);
        let at = self.machine.peek16(self.symbols.mlptrj);
        let mut bytes = [0u8; 6];
        for (offset, byte) in bytes.iter_mut().enumerate() {
            *byte = self.machine.peek(at.wrapping_add(offset as u16));
        }
        board.prev = Entry::from_bytes(bytes);
    }
}
