//! Mates proven under standard chess rules, for reporting: the 1978 search promotes to a queen
//! only (so a defence by an under-promotion is unseen), scores every mate alike and leaves
//! the distance to the line it found. Before a GUI is told `score mate N`, the position is
//! searched here with every promotion for the shortest forced mate (or, for the side that is
//! mated, the longest defence), one distance after the other: the first that holds is exact.
//!
//! The search is a plain mate search (an attacker's move, every reply, the attacker again),
//! checks first; the last attacker's move of a mate must give check, and a defender with one
//! legal move left after it is not mated. Its lists are allocated once per proof, none per
//! node, and it gives up after a number of nodes or when asked to stop.

use crate::position::Board;
use crate::reference::{MoveList, Rules, generate, in_check, make, unmake};

/// What a proof found about the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MateProof {
    /// It mates in this many moves against the best defence, and in no fewer.
    Mates(u32),
    /// It is mated in this many moves of the opponent, defending its best, and in no more.
    Mated(u32),
    /// No such mate within the distances searched.
    Refuted,
    /// The proof was not finished: the node budget ran out, or a stop was asked.
    Unfinished,
}

/// Which mate the 1978 search claims for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The side to move mates (SCORE+1 = 0xFF).
    Mates,
    /// The side to move is mated in every line (SCORE+1 = 0x01).
    Mated,
}

/// The nodes (moves made) a proof may take: a few tenths of a second.
pub const PROOF_NODES: u64 = 3_000_000;

/// Why a proof stopped short.
struct Halt;

/// A proof's lists (one per ply) and its node count.
struct Prover<'a> {
    lists: Vec<MoveList>,
    nodes: u64,
    limit: u64,
    stop: &'a dyn Fn() -> bool,
}

/// Proves `claim` for the side to move of `board` within `within` moves (the mating side's),
/// trying one distance after the other: the shortest mate, or the longest defence. `stop` is
/// polled every 1,024 nodes; `limit` bounds the nodes of all distances together.
pub fn prove(
    board: &Board,
    claim: Claim,
    within: u32,
    limit: u64,
    stop: &dyn Fn() -> bool,
) -> MateProof {
    let mut prover = Prover {
        lists: vec![MoveList::new(); 2 * within as usize + 2],
        nodes: 0,
        limit,
        stop,
    };
    let mut board = *board;
    for moves in 1..=within {
        let proven = match claim {
            Claim::Mates => prover.mates(&mut board, moves, 0),
            // Every move of ours lets the opponent mate within `moves`.
            Claim::Mated => prover.loses(&mut board, moves + 1, 0),
        };
        match proven {
            Ok(true) if claim == Claim::Mates => return MateProof::Mates(moves),
            Ok(true) => return MateProof::Mated(moves),
            Ok(false) => {}
            Err(Halt) => return MateProof::Unfinished,
        }
    }
    MateProof::Refuted
}

impl Prover<'_> {
    fn tick(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes > self.limit || (self.nodes % 1024 == 1 && (self.stop)()) {
            return Err(Halt);
        }
        Ok(())
    }

    /// The side to move mates in at most `n` moves: checking moves first, and for the last
    /// move only those.
    fn mates(&mut self, board: &mut Board, n: u32, ply: usize) -> Result<bool, Halt> {
        generate(board, Rules::Standard, &mut self.lists[ply]);
        let mover = board.color;
        for checks in [true, false] {
            if n == 1 && !checks {
                break;
            }
            for index in 0..self.lists[ply].len() {
                let mv = self.lists[ply].as_slice()[index];
                let undo = make(board, &mv);
                let wanted = !in_check(board, mover) && in_check(board, board.color) == checks;
                let found = if wanted {
                    self.tick().and_then(|()| self.loses(board, n, ply + 1))
                } else {
                    Ok(false)
                };
                unmake(board, &mv, undo);
                if found? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The side to move, defending, is mated within `n` moves of the opponent: it is
    /// checkmated now, or every legal reply lets the opponent mate in at most `n - 1`.
    fn loses(&mut self, board: &mut Board, n: u32, ply: usize) -> Result<bool, Halt> {
        generate(board, Rules::Standard, &mut self.lists[ply]);
        let mover = board.color;
        let mut replies = false;
        for index in 0..self.lists[ply].len() {
            let mv = self.lists[ply].as_slice()[index];
            let undo = make(board, &mv);
            if in_check(board, mover) {
                unmake(board, &mv, undo);
                continue;
            }
            replies = true;
            let lost = if n <= 1 {
                Ok(false)
            } else {
                self.tick().and_then(|()| self.mates(board, n - 1, ply + 1))
            };
            unmake(board, &mv, undo);
            if !lost? {
                return Ok(false);
            }
        }
        Ok(replies || in_check(board, mover))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof(fen: &str, claim: Claim, within: u32) -> MateProof {
        let board = Board::from_fen(fen).unwrap();
        prove(&board, claim, within, PROOF_NODES, &|| false)
    }

    #[test]
    fn the_shortest_mate_is_found() {
        // A mate in one with the rook, and a back-rank mate in two.
        assert_eq!(
            proof("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Claim::Mates, 3),
            MateProof::Mates(1)
        );
        assert_eq!(
            proof("8/8/8/4KQ2/7k/8/8/5N2 w - - 0 2", Claim::Mates, 3),
            MateProof::Mates(2)
        );
        assert_eq!(
            proof("1R6/8/8/8/5K2/3p3k/8/8 w - - 0 2", Claim::Mates, 3),
            MateProof::Mates(3)
        );
    }

    #[test]
    fn an_under_promotion_defends() {
        // 1... Rc2 2. d8=N+ holds out past two moves, not past three.
        assert_eq!(
            proof("8/1k1P4/q7/8/2r5/8/8/4K3 b - - 0 1", Claim::Mates, 2),
            MateProof::Refuted
        );
        assert_eq!(
            proof("8/1k1P4/q7/8/2r5/8/8/4K3 b - - 0 1", Claim::Mates, 3),
            MateProof::Mates(3)
        );
        // 1. Rb5 h1=N+ and no mate in two.
        assert_eq!(
            proof("8/k7/8/4R3/5Q2/6K1/7p/8 w - - 0 1", Claim::Mates, 2),
            MateProof::Refuted
        );
        assert_eq!(
            proof("k7/8/8/4Q3/8/7K/6p1/5R2 w - - 0 1", Claim::Mates, 3),
            MateProof::Mates(3)
        );
    }

    #[test]
    fn the_mated_side_defends_its_longest() {
        assert_eq!(
            proof("8/8/7R/7N/6k1/8/3QK3/8 b - - 0 1", Claim::Mated, 3),
            MateProof::Mated(2)
        );
        assert_eq!(
            proof("8/8/7R/7N/6k1/8/3QK3/8 b - - 0 1", Claim::Mated, 1),
            MateProof::Refuted
        );
    }

    #[test]
    fn a_budget_or_a_stop_leaves_it_unfinished() {
        let board = Board::from_fen("1R6/8/8/8/5K2/3p3k/8/8 w - - 0 2").unwrap();
        assert_eq!(
            prove(&board, Claim::Mates, 3, 10, &|| false),
            MateProof::Unfinished
        );
        assert_eq!(
            prove(&board, Claim::Mates, 3, PROOF_NODES, &|| true),
            MateProof::Unfinished
        );
    }
}
