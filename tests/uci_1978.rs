//! With `Shortest mate` and `Avoid repetition` off, the UCI engine plays the 1978 program's
//! moves: every move of whole games (against a seeded random opponent, so that Sargon wins and
//! its mate exits come up) is the fixed-level search of the game as the 1978 game loop keeps it:
//! POSQ carried from the engine's own searches, PLYMAX two lower after each mate exit.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use sargon_z80::engine::score::MATE;
use sargon_z80::game::{Control, Game, NativeSearcher, Request, Searcher, ending};
use sargon_z80::uci::{Output, Session};

/// A writer whose lines the test reads.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// The move of the last `bestmove` line.
    fn last_bestmove(&self) -> String {
        let bytes = self.0.lock().unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let line = text
            .lines()
            .rev()
            .find(|l| l.starts_with("bestmove"))
            .unwrap();
        line.split_whitespace().nth(1).unwrap().to_string()
    }
}

/// xorshift64: the opponent's choices, replayable from the seed.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays a game from `fen` (None: the start) at `go depth {depth}`; returns the engine's moves
/// and how many of its searches took the mate exit.
fn game(fen: Option<&str>, depth: u8, seed: u64, plies: usize) -> (usize, u8) {
    let captured = Captured::default();
    let out = Output::new(Box::new(captured.clone()));
    let mut session = Session::new(Box::new(NativeSearcher::new()), "Sargon", out);
    for line in [
        "setoption name Seed value 0",
        "setoption name Shortest mate value false",
        "setoption name Avoid repetition value false",
    ] {
        session.handle(line);
    }
    let start = fen.map_or("startpos".to_string(), |fen| format!("fen {fen}"));
    let mut shadow = fen.map_or_else(Game::new, |fen| Game::from_fen(fen).unwrap());
    let mut native = NativeSearcher::new();
    let (mut moves, mut state, mut engine_moves) = (Vec::<String>::new(), seed, 0);
    let stop = AtomicBool::new(false);
    while moves.len() < plies && ending(&shadow).is_none() {
        let engine_to_move = moves.len() % 2 == 0;
        let played = if engine_to_move {
            session.handle(&format!("position {start} moves {}", moves.join(" ")));
            session.handle(&format!("go depth {depth}"));
            session.wait();
            let answer = captured.last_bestmove();
            let request = Request {
                setup: *shadow.setup(),
                plymax: shadow.level(depth),
                r_register: 0,
            };
            let expected = native.search(&request, &Control::new(&stop)).unwrap();
            let replay = format!("seed {seed}, after {moves:?}");
            assert_eq!(answer, expected.best.uci(), "the 1978 choice ({replay})");
            shadow.play_searched(&expected.best, expected.posq_after);
            if expected.score == MATE && !expected.book {
                shadow.lower_level();
            }
            engine_moves += 1;
            answer
        } else {
            let legal = shadow.legal_moves();
            let mv = legal.as_slice()[next(&mut state) as usize % legal.len()];
            shadow.play(&mv);
            mv.uci()
        };
        moves.push(played);
    }
    (engine_moves, shadow.lowered() / 2)
}

#[test]
fn every_move_is_the_1978_programs_choice() {
    let (mut moves, mut exits) = (0, 0);
    for seed in 1..=6 {
        let (played, lowered) = game(None, 3, seed, 160);
        moves += played;
        exits += lowered;
    }
    assert!(moves > 60 && exits > 0, "{moves} moves, {exits} mate exits");
}

#[test]
fn the_mate_exit_lowers_the_level_and_finishes_the_game() {
    // PLYMAX 3 plays a mate in two (f6a6) where f6d8 mates at once; the next search, two plies
    // lower, mates.
    let fen = "k7/3R4/p4Q2/1p6/6N1/P7/1PP2PPP/2K5 w - - 5 33";
    for seed in [1, 2, 3, 4] {
        let (played, lowered) = game(Some(fen), 3, seed, 20);
        assert_eq!((played, lowered), (2, 2), "seed {seed}");
    }
}
