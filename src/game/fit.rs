//! One search at a level, or at the deepest level below it whose move lists fit: what a game
//! at a fixed level does when the engine's list cannot hold the level (an image of the 1978
//! program, whose list holds 341 entries, at PLYMAX 8 or 9 in a middlegame).

use super::overflow::Overflow;
use super::searcher::{Answer, Control, Failure, Request, Searcher};

/// A search that answered, perhaps below the level asked.
#[derive(Debug, Clone)]
pub struct Fitted {
    /// The answer.
    pub answer: Answer,
    /// The PLYMAX that answered.
    pub plymax: u8,
    /// The level asked and why it was not searched, when a lower one answered.
    pub refused: Option<(u8, Overflow)>,
}

/// Searches `request`; while a level's lists do not fit, the level below (down to PLYMAX 1).
/// Any other failure is returned as it is; so is the overflow of PLYMAX 1.
pub fn search_fitting(
    searcher: &mut dyn Searcher,
    request: &Request,
    control: &Control,
) -> Result<Fitted, Failure> {
    let mut refused = None;
    let mut plymax = request.plymax;
    loop {
        let level = Request { plymax, ..*request };
        match searcher.search(&level, control) {
            Ok(answer) => {
                return Ok(Fitted {
                    answer,
                    plymax,
                    refused,
                });
            }
            Err(Failure::Overflow(overflow)) if plymax > 1 => {
                refused.get_or_insert((request.plymax, overflow));
                plymax -= 1;
            }
            Err(failure) => return Err(failure),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::setup::START_FEN;
    use crate::game::{Game, NativeSearcher};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_level_that_overflows_answers_from_the_deepest_that_fits() {
        let start = Game::from_fen(START_FEN).unwrap();
        let request = |plymax| Request {
            setup: *start.setup(),
            plymax,
            r_register: 0,
        };
        let stop = AtomicBool::new(false);
        let control = Control::new(&stop);
        // 50 entries hold two plies of the start position's 20 moves, not a third.
        let mut native = NativeSearcher::with_list(50);
        let fitted = search_fitting(&mut native, &request(4), &control).unwrap();
        let (asked, overflow) = fitted.refused.unwrap();
        assert_eq!((asked, fitted.plymax), (4, 2));
        assert_eq!(
            overflow.to_string(),
            "move list overflow at ply 3: the path needs 62 entries, the list holds 50"
        );
        assert_eq!(fitted.answer.best.uci(), "b1c3");
        let fitted = search_fitting(&mut native, &request(2), &control).unwrap();
        assert_eq!((fitted.plymax, fitted.refused), (2, None));
    }
}
