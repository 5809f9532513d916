//! The `score` of a level whose search found a mate: proven under standard rules before the
//! GUI is told `mate N`, with the exact distance; otherwise `cp` and the reason.
//!
//! The 1978 search promotes to a queen only and scores every mate alike, so its `0xFF` can be a
//! mate that an under-promotion defends, or a mate at another distance than its line shows.
//! The proof ([`crate::game::prove`]) searches the root with every promotion for the shortest
//! mate (or the longest defence of the side that is mated) within the level's horizon, the
//! PLYMAX plies and the check extension's one more. One proof serves every level of a search.

use crate::engine::score::{Evaluation, evaluation};
use crate::game::{Claim, Level, MateProof, PROOF_NODES, prove};
use crate::position::Board;

/// The proofs of one search's root (one per claim: a search's levels all claim alike).
#[derive(Debug, Default)]
pub struct Proofs {
    done: Option<(Claim, u32, MateProof)>,
}

/// A level's score field, and the note that says why a mate was reported as `cp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// `cp 75`, `mate 2`, `mate -3`.
    pub field: String,
    /// Why the search's mate is not reported as one.
    pub note: Option<String>,
}

impl Proofs {
    /// The score of `level` at `root` (material balance `material` for the side to move);
    /// `stop` ends an unfinished proof.
    pub fn score(
        &mut self,
        root: &Board,
        level: &Level,
        material: i32,
        stop: &dyn Fn() -> bool,
    ) -> Scored {
        let claim = match evaluation(level.answer.score, material) {
            Evaluation::Centipawns(cp) => {
                return Scored {
                    field: format!("cp {cp}"),
                    note: None,
                };
            }
            Evaluation::Mates => Claim::Mates,
            Evaluation::Mated => Claim::Mated,
        };
        let within = horizon(level.plymax);
        let proof = self.proof(root, claim, within, stop);
        let why = match proof {
            MateProof::Mates(moves) => return field(format!("mate {moves}")),
            MateProof::Mated(moves) => return field(format!("mate -{moves}")),
            MateProof::Refuted => format!(
                "standard chess has none within {within} moves (the 1978 rules promote to a queen only)"
            ),
            MateProof::Unfinished => "not proven under standard rules in the time left".to_string(),
        };
        let side = match claim {
            Claim::Mates => "a mate for",
            Claim::Mated => "a mate against",
        };
        Scored {
            field: format!("cp {material}"),
            note: Some(format!(
                "PLYMAX {} sees {side} the side to move; {why}: reported as the material",
                level.plymax
            )),
        }
    }

    fn proof(
        &mut self,
        root: &Board,
        claim: Claim,
        within: u32,
        stop: &dyn Fn() -> bool,
    ) -> MateProof {
        if let Some((done, searched, proof)) = self.done {
            let settled = matches!(proof, MateProof::Mates(_) | MateProof::Mated(_));
            if done == claim && (settled || searched >= within) {
                return proof;
            }
        }
        let proof = prove(root, claim, within, PROOF_NODES, stop);
        self.done = Some((claim, within, proof));
        proof
    }
}

fn field(field: String) -> Scored {
    Scored { field, note: None }
}

/// The most moves of the mating side a search at `plymax` can see: PLYMAX plies and the check
/// extension's one more hold a mate in (PLYMAX + 2) / 2.
pub fn horizon(plymax: u8) -> u32 {
    (u32::from(plymax) + 2) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, NativeSearcher, Request, Searcher};
    use std::sync::atomic::AtomicBool;

    /// The native engine's level at `plymax` and its proven score.
    fn scored(fen: &str, plymax: u8) -> Scored {
        let game = Game::from_fen(fen).unwrap();
        let request = Request {
            setup: *game.setup(),
            plymax,
            r_register: 0,
        };
        let stop = AtomicBool::new(false);
        let answer = NativeSearcher::new()
            .search(&request, &crate::game::Control::new(&stop))
            .unwrap();
        let level = Level { plymax, answer };
        let material = crate::engine::score::material(game.board(), game.board().color);
        Proofs::default().score(game.board(), &level, material, &|| false)
    }

    #[test]
    fn claims_are_proven_or_reported_as_material() {
        // A mate in two that the 1978 line shows as three.
        let two = scored("8/8/8/4KQ2/7k/8/8/5N2 w - - 0 2", 5);
        assert_eq!(two, field("mate 2".to_string()));
        // PLYMAX 4's line shows a mate in two; d8=N+ makes it three.
        let knight = scored("8/1k1P4/q7/8/2r5/8/8/4K3 b - - 0 1", 4);
        assert_eq!(knight, field("mate 3".to_string()));
        // PLYMAX 3 sees a mate that h1=N+ defends past its horizon of two moves.
        let refuted = scored("8/k7/8/4R3/5Q2/6K1/7p/8 w - - 0 1", 3);
        assert_eq!(refuted.field, "cp 1300");
        assert_eq!(
            refuted.note.as_deref(),
            Some(
                "PLYMAX 3 sees a mate for the side to move; standard chess has none within 2 \
                 moves (the 1978 rules promote to a queen only): reported as the material"
            )
        );
        // The side to move lasts to a mate in two.
        let mated = scored("8/8/7R/7N/6k1/8/3QK3/8 b - - 0 1", 4);
        assert_eq!(mated, field("mate -2".to_string()));
        assert_eq!(horizon(1), 1);
        assert_eq!(horizon(4), 3);
        assert_eq!(horizon(5), 3);
    }
}
