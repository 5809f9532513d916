//! Game continuity: Sargon against itself from the start position, the program's memory carried
//! from move to move (`game::Game`), by the native engine and by the built-in image: the same
//! game, book moves first.

use std::sync::atomic::AtomicBool;

use sargon_z80::default_image;
use sargon_z80::game::{Control, Game, NativeSearcher, Request, Searcher, Z80Searcher};

/// Plays `plies` moves at PLYMAX `plymax` with R = `r`; the moves in UCI.
fn self_play(searcher: &mut dyn Searcher, plies: usize, plymax: u8, r: u8) -> Vec<String> {
    let stop = AtomicBool::new(false);
    let control = Control::new(&stop);
    let mut game = Game::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let request = Request {
            setup: *game.setup(),
            plymax,
            r_register: r,
        };
        let Ok(answer) = searcher.search(&request, &control) else {
            break;
        };
        moves.push(answer.best.uci());
        game.play_searched(&answer.best, answer.posq_after);
    }
    moves
}

#[test]
fn native_and_emulated_play_the_same_game() {
    let mut native = NativeSearcher::new();
    let mut z80 = Z80Searcher::new(&default_image(), "built-in").unwrap();
    for r in [0, 1] {
        let a = self_play(&mut native, 24, 2, r);
        let b = self_play(&mut z80, 24, 2, r);
        assert_eq!(a, b, "R = {r}");
        let opening = if r == 0 {
            ["e2e4", "e7e5"]
        } else {
            ["d2d4", "d7d5"]
        };
        assert_eq!(a[..2], opening, "the book answers both first moves");
        assert_eq!(a.len(), 24);
    }
}
