//! What one FNDMOV call is poked with, and how (`SARGON_SEARCH.md` section 7.1).

use crate::machine::Machine;
use crate::position::Board;

use super::scratch::PLYIX_ZEROED;
use super::symbols::SearchSymbols;

/// The inputs of one search: the position with KOLOR (`board.color`) and the previous-move
/// entry (`board.prev`), MOVENO, PLYMAX and the R register.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchRequest {
    /// BOARDA, POSK, POSQ; `color` is KOLOR; `prev` the previous-move entry (all zero when
    /// there is none, from = the pawn's start square and flags 0x10 after a double step).
    pub board: Board,
    /// MOVENO (1 runs the opening book).
    pub moveno: u8,
    /// PLYMAX.
    pub plymax: u8,
    /// R on entry to FNDMOV: bit 0 chooses white's book move.
    pub r_register: u8,
}

/// Pokes a request into a freshly loaded machine: the position, KOLOR (and COLOR, harmless),
/// MOVENO, PLYMAX, the previous-move entry with MLPTRJ on it, PLYIX zeroed, and R.
pub(super) fn poke(machine: &mut Machine, s: &SearchSymbols, request: &SearchRequest) {
    let b = &s.board;
    let board = &request.board;
    machine.write_bytes(b.boarda, &board.cells);
    machine.write_bytes(b.posk, &board.posk);
    machine.write_bytes(b.posq, &board.posq);
    machine.poke(s.kolor, board.color);
    machine.poke(b.color, board.color);
    machine.poke(s.moveno, request.moveno);
    machine.poke(s.plymax, request.plymax);
    machine.write_bytes(s.previous, &board.prev.to_bytes(0));
    machine.poke16(b.mlptrj, s.previous);
    machine.write_bytes(b.plyix, &[0; PLYIX_ZEROED as usize]);
    machine.set_r(request.r_register);
}
