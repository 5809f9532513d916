//! Writing a position and the game state into the image's memory and reading the board back
//! (ABI sections 1, 2 and 5); the list pointers a search saves and restores per ply.

use crate::position::Board;

use super::driver::Driver;
use super::list::ENTRY_SIZE;

/// The list pointers a search saves before a ply and restores after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyState {
    /// MLPTRI.
    pub mlptri: u16,
    /// MLNXT.
    pub mlnxt: u16,
}

impl Driver {
    /// Writes `board` as the root position: BOARDA, POSK, POSQ, COLOR, a previous-move entry
    /// at MLIST with MLPTRJ pointing at it, MLPTRI = PLYIX - 2 and MLNXT just after the entry.
    ///
    /// ```
    /// use sargon_z80::{Board, Driver, default_image};
    ///
    /// let mut driver = Driver::new(&default_image()).unwrap();
    /// driver.set_root(&Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap());
    /// let boarda = usize::from(driver.symbols().boarda);
    /// let memory = driver.machine().memory();
    /// assert_eq!(memory[boarda], 0xFF); // a border cell
    /// assert_eq!(memory[boarda + 25], 0x06); // e1: white king, unmoved (it may castle)
    /// assert_eq!(memory[boarda + 28], 0x04); // h1: white rook, unmoved
    /// assert_eq!(memory[boarda + 95], 0x8E); // e8: black king, moved (no right given)
    /// ```
    pub fn set_root(&mut self, board: &Board) {
        let s = &self.symbols;
        let (boarda, posk, posq, color, mlist) = (s.boarda, s.posk, s.posq, s.color, s.mlist);
        let (mlptrj, mlptri, mlnxt, plyix) = (s.mlptrj, s.mlptri, s.mlnxt, s.plyix);
        let m = &mut self.machine;
        m.write_bytes(boarda, &board.cells);
        m.write_bytes(posk, &board.posk);
        m.write_bytes(posq, &board.posq);
        m.poke(color, board.color);
        m.write_bytes(mlist, &board.prev.to_bytes(0));
        m.poke16(mlptrj, mlist);
        m.poke16(mlptri, plyix.wrapping_sub(2));
        m.poke16(mlnxt, mlist + ENTRY_SIZE);
    }

    /// Sets COLOR.
    pub fn set_color(&mut self, color: u8) {
        self.machine.poke(self.symbols.color, color);
    }

    /// MLPTRI and MLNXT now.
    pub fn ply_state(&self) -> PlyState {
        PlyState {
            mlptri: self.machine.peek16(self.symbols.mlptri),
            mlnxt: self.machine.peek16(self.symbols.mlnxt),
        }
    }

    /// Restores MLPTRI and MLNXT saved by [`Driver::ply_state`].
    pub fn restore(&mut self, state: PlyState) {
        self.machine.poke16(self.symbols.mlptri, state.mlptri);
        self.machine.poke16(self.symbols.mlnxt, state.mlnxt);
    }

    /// Room left in the list area, in entries, from MLNXT now.
    pub fn free_entries(&self) -> usize {
        let next = self.machine.peek16(self.symbols.mlnxt);
        let last = u32::from(self.symbols.mlend);
        if u32::from(next) > last {
            0
        } else {
            ((last - u32::from(next)) / u32::from(ENTRY_SIZE) + 1) as usize
        }
    }

    /// Reads BOARDA, POSK, POSQ and COLOR back into `board` (the previous move untouched).
    pub fn read_board(&self, board: &mut Board) {
        let s = &self.symbols;
        let mem = self.machine.memory();
        let at = |addr: u16, len: usize| &mem[usize::from(addr)..usize::from(addr) + len];
        board.cells.copy_from_slice(at(s.boarda, 120));
        board.posk.copy_from_slice(at(s.posk, 2));
        board.posq.copy_from_slice(at(s.posq, 2));
        board.color = mem[usize::from(s.color)];
    }
}
