//! A GENMOV of a search that reached the end of the list area, or set MLOVF: the place where a
//! list may have lost moves, read out of memory at GENMOV's return so the caller can count what
//! the node needs (the abi room knows no move generator of its own).

use crate::machine::WatchView;
use crate::position::{Board, Entry};

use super::super::list::ENTRY_SIZE;
use super::super::symbols::AbiSymbols;

/// Where a search's list filled up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullList {
    /// NPLY of the GENMOV call.
    pub ply: u8,
    /// Entries the path held before this ply's list (MLIST up to where GENMOV started).
    pub path: usize,
    /// Entries GENMOV wrote.
    pub listed: usize,
    /// Entries the list area holds: MLIST..MLEND.
    pub capacity: usize,
    /// MLOVF after GENMOV (0 when the image names none or left it clear).
    pub flag: u8,
    /// The node: BOARDA, POSK, POSQ, COLOR, and the previous move (the entry at MLPTRJ, which
    /// GENMOV reads for en passant).
    pub node: Board,
}

impl std::fmt::Display for FullList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the move list filled up at ply {}: {} entries on the path, {} listed, the list holds {}",
            self.ply, self.path, self.listed, self.capacity
        )?;
        if self.flag != 0 {
            write!(f, " (MLOVF = {:#04X})", self.flag)?;
        }
        f.write_str("; moves may have been dropped")
    }
}

/// Entries from `start` up to `end` (0 when `end` is not past it).
pub(super) fn entries(start: u16, end: u16) -> usize {
    usize::from(end.saturating_sub(start) / ENTRY_SIZE)
}

/// The list area's capacity in entries: an entry may start anywhere from MLIST to MLEND.
pub(super) fn capacity(symbols: &AbiSymbols) -> usize {
    entries(symbols.mlist, symbols.mlend) + 1
}

/// The full list at a GENMOV return at `ply` that started writing at `start`, when the list
/// reached past MLEND or MLOVF is set; None otherwise (the common case, one comparison).
pub(super) fn full_list(
    view: &WatchView<'_>,
    symbols: &AbiSymbols,
    ply: u8,
    start: u16,
) -> Option<FullList> {
    let next = view.peek16(symbols.mlnxt);
    let flag = symbols.mlovf.map_or(0, |at| view.peek(at));
    if next <= symbols.mlend && flag == 0 {
        return None;
    }
    Some(FullList {
        ply,
        path: entries(symbols.mlist, start),
        listed: entries(start, next),
        capacity: capacity(symbols),
        flag,
        node: node(view, symbols),
    })
}

/// The node GENMOV listed, as the board ABI lays it out in memory.
fn node(view: &WatchView<'_>, s: &AbiSymbols) -> Board {
    let mut board = Board::empty();
    for (index, cell) in board.cells.iter_mut().enumerate() {
        *cell = view.peek(s.boarda.wrapping_add(index as u16));
    }
    for side in 0..2u16 {
        board.posk[usize::from(side)] = view.peek(s.posk.wrapping_add(side));
        board.posq[usize::from(side)] = view.peek(s.posq.wrapping_add(side));
    }
    board.color = view.peek(s.color);
    let at = view.peek16(s.mlptrj);
    let mut bytes = [0u8; 6];
    for (offset, byte) in bytes.iter_mut().enumerate() {
        *byte = view.peek(at.wrapping_add(offset as u16));
    }
    board.prev = Entry::from_bytes(bytes);
    board
}
