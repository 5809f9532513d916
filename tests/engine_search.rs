//! The search's edges (SARGON_SEARCH.md 5.7, 5.8, 7.2, 7.3, 9): mate exits and what they leave
//! in PLYMAX and PMATE, a mated and a stalemated root, BOOK, the move-list capacity, aborting,
//! and the principal variation's agreement with the score.

use sargon_z80::engine::eval::{EvalInput, Region, evaluate};
use sargon_z80::engine::score::neg;
use sargon_z80::engine::{
    Engine, EvalRecord, Observer, SearchError, SearchParams, Setup, TraceRecorder, Visit,
};
use sargon_z80::position::WHITE;
use sargon_z80::reference::{Move, make};

fn setup(fen: &str) -> Setup {
    Setup::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn search(setup: &Setup, plymax: u8) -> sargon_z80::engine::SearchResult {
    Engine::new()
        .run(setup, &SearchParams::new(plymax))
        .unwrap_or_else(|err| panic!("PLYMAX {plymax}: {err}"))
}

#[test]
fn white_mate_in_one_takes_the_mate_exit() {
    // Ra8 is mate. At PLYMAX 1 it gives check at ply 1 = PLYMAX, so black's replies are
    // searched at ply 2: none is legal, black is in check: 0xFF, PMATE = MOVENO there (2).
    // Back at ply 1 S[1] = NEG(NEG(0xFF)) = 0xFF: mate exit, PLYMAX 1 - 2 wraps to 255.
    let position = setup("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let result = search(&position, 1);
    assert_eq!(result.best.unwrap().uci(), "a1a8");
    assert_eq!(
        (result.score, result.plymax_after, result.pmate),
        (0xFF, 255, 2)
    );
    assert!(result.mate_exit);
    assert_eq!(result.pv.as_slice().len(), 1);
    let result = search(&position, 3);
    assert_eq!(result.best.unwrap().uci(), "a1a8");
    assert_eq!((result.score, result.plymax_after), (0xFF, 1));
}

#[test]
fn black_mate_in_one_lowers_pmate_by_one() {
    // Ra1 mates white: at ply 2 white to move, MOVENO 5 + 1 = 6 = PMATE; the mate exit for a
    // black KOLOR takes 1 off: 5. PLYMAX 2 becomes 0.
    let position = setup("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 5");
    let result = search(&position, 2);
    assert_eq!(result.best.unwrap().uci(), "a8a1");
    assert_eq!(
        (result.score, result.plymax_after, result.pmate),
        (0xFF, 0, 5)
    );
}

#[test]
fn a_checkmated_root_scores_0x01_with_the_last_illegal_entry_as_bestm() {
    // Fool's mate, white to move: every ply-1 entry is illegal; the result at ply 1 is 0xFF,
    // S[1] = 0x01, PMATE = MOVENO, BESTM = the last entry walked (the last generated).
    let position = setup("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    for plymax in 1..=3 {
        let mut engine = Engine::new();
        let result = engine.run(&position, &SearchParams::new(plymax)).unwrap();
        let last = engine.root_moves().last().unwrap();
        assert_eq!(result.best, Some(last.mv), "PLYMAX {plymax}");
        assert!(!result.best_is_legal);
        assert_eq!(
            (result.score, result.pmate, result.evaluations),
            (0x01, 3, 1)
        );
        assert!(engine.root_moves().all(|root| root.visit == Visit::Illegal));
        assert!(result.pv.is_empty());
    }
}

#[test]
fn a_stalemated_root_scores_level() {
    let position = setup("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let result = search(&position, 2);
    assert_eq!(
        (result.score, result.pmate, result.best_is_legal),
        (0x80, 0, false)
    );
}

#[test]
fn moveno_1_runs_the_book_without_looking_at_the_board() {
    let mut position = Setup::startpos();
    position.moveno = 1;
    let mut params = SearchParams::new(3);
    let result = Engine::new().run(&position, &params).unwrap();
    assert!(result.book && result.best_is_legal);
    assert_eq!(
        (result.best.unwrap().uci(), result.score),
        ("e2e4".to_string(), 0)
    );
    assert_eq!((result.evaluations, result.plymax_after), (0, 3));
    params.r_register = 0x81;
    let result = Engine::new().run(&position, &params).unwrap();
    assert_eq!(result.best.unwrap().uci(), "d2d4");
    let mut position = Setup::startpos();
    position.play_all(["g1f3"]).unwrap();
    position.moveno = 1;
    let result = Engine::new().run(&position, &params).unwrap();
    assert_eq!(result.best.unwrap().uci(), "d7d5");
    // Not looking at the board: the answer is the same where it is not even legal.
    let mut bare = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    bare.moveno = 1;
    let result = Engine::new().run(&bare, &SearchParams::new(2)).unwrap();
    assert_eq!(
        (result.best.unwrap().uci(), result.best_is_legal),
        ("e2e4".into(), false)
    );
}

#[test]
fn a_path_longer_than_the_list_is_an_error_not_a_different_answer() {
    // The start position at PLYMAX 2 needs 20 + 20 entries on its path.
    let start = Setup::startpos();
    let mut params = SearchParams::new(2);
    params.list_capacity = 39;
    let err = Engine::new().run(&start, &params).unwrap_err();
    assert_eq!(
        err,
        SearchError::MoveListOverflow {
            ply: 2,
            needed: 40,
            capacity: 39
        }
    );
    params.list_capacity = 40;
    let result = Engine::new().run(&start, &params).unwrap();
    assert_eq!((result.list_peak, result.evaluations), (40, 118));
    // Castling's hidden rook entry counts: Kiwipete's 48 moves take 50 entries.
    let kiwipete = setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let result = Engine::new().run(&kiwipete, &SearchParams::new(1)).unwrap();
    assert_eq!(result.list_peak, 50);
}

/// Stops after a given number of evaluations.
struct StopAfter {
    limit: u64,
    seen: u64,
}

impl Observer for StopAfter {
    fn on_eval(&mut self, _record: &EvalRecord) {
        self.seen += 1;
    }
    fn should_stop(&mut self) -> bool {
        self.seen >= self.limit
    }
}

#[test]
fn an_aborted_search_says_so_and_the_engine_goes_on() {
    let start = Setup::startpos();
    let mut engine = Engine::new();
    let mut stop = StopAfter {
        limit: 500,
        seen: 0,
    };
    let err = engine
        .search(&start, &SearchParams::new(3), &mut stop)
        .unwrap_err();
    let SearchError::Aborted(partial) = err else {
        panic!("expected an abort, got {err}");
    };
    assert_eq!(partial.evaluations, 500);
    assert!(partial.best.is_some());
    // The same engine still gives the full answer afterwards.
    let result = engine.run(&start, &SearchParams::new(3)).unwrap();
    assert_eq!(
        (result.best.unwrap().uci(), result.score, result.evaluations),
        ("b1c3".into(), 0x86, 921)
    );
}

#[test]
fn the_principal_variation_ends_in_the_evaluation_that_gives_the_score() {
    // Without a check in the line, the PV is PLYMAX moves long and its last move's leaf
    // evaluation (COLOR = its mover, MOVENO of its ply, BC0/MV0 of the root) is the backed-up
    // value: SCORE+1 = NEG applied once per ply, so VALM for an even length and NEG(VALM) for
    // an odd one. The trace holds that very record.
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    ];
    for (fen, plymax) in cases {
        let position = setup(fen);
        let mut recorder = TraceRecorder::default();
        let result = Engine::new()
            .search(&position, &SearchParams::new(plymax), &mut recorder)
            .unwrap();
        let line: Vec<Move> = result.pv.as_slice().to_vec();
        assert_eq!(line.len(), plymax as usize, "{fen} PLYMAX {plymax}");
        assert_eq!(line[0], result.best.unwrap());
        let root = result.root.unwrap();
        let mut board = position.board;
        let mut moveno = position.moveno;
        for mv in &line[..line.len() - 1] {
            make(&mut board, mv);
            if board.color == WHITE {
                moveno += 1;
            }
        }
        let last = line[line.len() - 1];
        let mover = board.color;
        make(&mut board, &last);
        let input = EvalInput {
            color: mover,
            moveno,
            bc0: root.bc0,
            mv0: root.mv0,
            to_square: last.entry.to,
        };
        let mut region = Region::fresh(&board);
        let valm = evaluate(&mut board, &mut region, &input).valm;
        let expected = if line.len() % 2 == 0 { valm } else { neg(valm) };
        assert_eq!(result.score, expected, "{fen} PLYMAX {plymax}");
        let record = EvalRecord {
            ply: plymax,
            from: last.entry.from,
            to: last.entry.to,
            valm,
        };
        assert!(recorder.records.contains(&record), "{fen}: {record:?}");
    }
}
