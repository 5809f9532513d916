//! The comparisons that find a disagreement: the reference's list laid out as GENMOV writes
//! it, move lists entry by entry, board bytes, legal move sets.

use crate::abi::{ENTRY_SIZE, RawEntry};
use crate::position::{Board, square_name};
use crate::reference::{Move, MoveList, Rules, generate, is_legal, make, unmake};

use super::mismatch::ByteDiff;

/// Lays the reference's list out as GENMOV would write it from `start`: entries back to back,
/// each linked entry pointing at the next linked one, hidden halves with link 0.
pub fn lay_out(list: &MoveList, start: u16, out: &mut Vec<RawEntry>) {
    out.clear();
    let mut addr = start;
    let moves = list.as_slice();
    for (index, mv) in moves.iter().enumerate() {
        let size = if mv.second.is_some() { 2 } else { 1 } * ENTRY_SIZE;
        let link = if index + 1 < moves.len() {
            addr + size
        } else {
            0
        };
        out.push(raw(addr, link, mv.entry, false));
        if let Some(second) = mv.second {
            out.push(raw(addr + ENTRY_SIZE, 0, second, true));
        }
        addr += size;
    }
}

fn raw(addr: u16, link: u16, entry: crate::position::Entry, hidden: bool) -> RawEntry {
    RawEntry {
        addr,
        link,
        from: entry.from,
        to: entry.to,
        flags: entry.flags,
        value: 0,
        hidden,
    }
}

/// The index of the first entry where the two lists differ, if they differ at all.
pub fn first_difference(emulated: &[RawEntry], native: &[RawEntry]) -> Option<usize> {
    emulated
        .iter()
        .zip(native)
        .position(|(a, b)| a != b)
        .or_else(|| (emulated.len() != native.len()).then(|| emulated.len().min(native.len())))
}

/// Pushes to `diffs` every byte of BOARDA, POSK and POSQ where `emulated` and `native` differ.
pub fn board_diffs(emulated: &Board, native: &Board, diffs: &mut Vec<ByteDiff>) {
    for (index, (&e, &n)) in emulated.cells.iter().zip(&native.cells).enumerate() {
        if e != n {
            diffs.push(ByteDiff {
                what: format!("BOARDA {}", square_name(index as u8)),
                emulated: e,
                native: n,
            });
        }
    }
    for (name, e, n) in [
        ("POSK", emulated.posk, native.posk),
        ("POSQ", emulated.posq, native.posq),
    ] {
        for (side, colour) in ["white", "black"].iter().enumerate() {
            if e[side] != n[side] {
                diffs.push(ByteDiff {
                    what: format!("{name} {colour}"),
                    emulated: e[side],
                    native: n[side],
                });
            }
        }
    }
}

/// True when BOARDA, POSK and POSQ agree (the fast path of [`board_diffs`]).
pub fn same_board(emulated: &Board, native: &Board) -> bool {
    emulated.cells == native.cells && emulated.posk == native.posk && emulated.posq == native.posq
}

/// The moves of `list` that are not in `other`, as UCI text.
pub fn missing_from(list: &[Move], other: &[Move]) -> Vec<String> {
    list.iter()
        .filter(|mv| !other.iter().any(|o| o.entry == mv.entry))
        .map(Move::uci)
        .collect()
}

/// The reference's legal moves of `board` (Sargon rules) into `list`: exactly
/// `reference::legal_moves`, in a list the caller keeps.
pub fn legal_moves_into(board: &Board, list: &mut MoveList) {
    let mut scratch = *board;
    generate(&scratch, Rules::Sargon, list);
    list.retain(|mv| is_legal(&mut scratch, mv));
}

/// The reference's perft of `board` (Sargon rules) to one ply per list in `lists`: its
/// legal moves, made and counted below, in the caller's lists.
pub fn perft_count(board: &mut Board, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    legal_moves_into(board, list);
    if deeper.is_empty() {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for mv in list.iter() {
        let undo = make(board, mv);
        nodes += perft_count(board, deeper);
        unmake(board, mv, undo);
    }
    nodes
}
