//! The reference against an independent library (cozy-chess, MIT, dev-dependency only): legal
//! move sets on positions reached by seeded random play from the start and the suite positions.
//!
//! Standard rules must equal cozy-chess exactly; sargon rules must equal cozy-chess minus the
//! under-promotions. cozy-chess writes castling as king-takes-rook, converted here to e1g1 form.
//! The seed is printed; set SARGON_ORACLE_SEED to replay a run.

mod shared;

use cozy_chess::{Color, Piece};
use sargon_z80::position::{BISHOP, BLACK, Board, KNIGHT, QUEEN, ROOK, WHITE};
use sargon_z80::reference::{Move, Rules, in_check, legal_moves, make, perft};
use shared::shared_dir;

const POSITIONS_WANTED: usize = 100_000;
const MAX_PLIES: usize = 300;

/// SplitMix64: a small seeded generator, enough for picking moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// The start position and every distinct FEN of the two perft files.
fn start_fens() -> Vec<String> {
    let mut fens = vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()];
    for file in ["cpw.epd", "perftsuite.epd"] {
        let path = shared_dir().join("perft").join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
        for line in text
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        {
            let fen = line
                .split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string();
            if !fens.contains(&fen) {
                fens.push(fen);
            }
        }
    }
    fens
}

/// A move as (from 0..63, to 0..63, promotion type or 0), comparable across both libraries.
type Code = (u8, u8, u8);

fn square64(index: u8) -> u8 {
    (index % 10 - 1) + 8 * (index / 10 - 2)
}

fn our_code(mv: &Move) -> Code {
    (square64(mv.entry.from), square64(mv.entry.to), mv.promotion)
}

fn cozy_codes(board: &cozy_chess::Board) -> Vec<Code> {
    let mut codes = Vec::new();
    let side = board.side_to_move();
    board.generate_moves(|moves| {
        for mv in moves {
            let mut to = mv.to;
            if mv.from == board.king(side) && board.color_on(mv.to) == Some(side) {
                let file = if mv.to.file() > mv.from.file() {
                    cozy_chess::File::G
                } else {
                    cozy_chess::File::C
                };
                to = cozy_chess::Square::new(file, mv.from.rank());
            }
            let promotion = match mv.promotion {
                None => 0,
                Some(Piece::Queen) => QUEEN,
                Some(Piece::Rook) => ROOK,
                Some(Piece::Bishop) => BISHOP,
                Some(Piece::Knight) => KNIGHT,
                Some(other) => panic!("cozy-chess promotes to {other:?}"),
            };
            codes.push((mv.from as u8, to as u8, promotion));
        }
        false
    });
    codes.sort_unstable();
    codes
}

fn our_codes(board: &Board, rules: Rules) -> Vec<Code> {
    let mut codes: Vec<Code> = legal_moves(board, rules).iter().map(our_code).collect();
    codes.sort_unstable();
    codes
}

fn first_fields(fen: &str, count: usize) -> String {
    fen.split(' ').take(count).collect::<Vec<_>>().join(" ")
}

#[test]
fn legal_moves_match_cozy_chess_on_random_games() {
    let seed = std::env::var("SARGON_ORACLE_SEED")
        .ok()
        .map(|text| text.parse().expect("SARGON_ORACLE_SEED must be a number"))
        .unwrap_or(0x5A16_0278);
    println!("oracle seed {seed} (replay with SARGON_ORACLE_SEED={seed})");
    let fens = start_fens();
    let mut rng = Rng(seed);
    let mut positions = 0;
    let mut promotions_seen = 0;
    let mut game = 0;
    while positions < POSITIONS_WANTED {
        let start = &fens[game % fens.len()];
        let mut board = Board::from_fen(start).expect("suite FEN");
        let mut cozy: cozy_chess::Board = start.parse().expect("suite FEN for cozy-chess");
        let mut played = Vec::new();
        for _ in 0..MAX_PLIES {
            let context = || {
                format!(
                    "seed {seed}, game {game} from {start}, after {}: {}",
                    played.join(" "),
                    board.to_fen()
                )
            };
            let standard = our_codes(&board, Rules::Standard);
            let oracle = cozy_codes(&cozy);
            assert_eq!(
                standard,
                oracle,
                "standard rules vs cozy-chess; {}",
                context()
            );
            let under_promotions_removed: Vec<Code> = oracle
                .iter()
                .copied()
                .filter(|&(_, _, promotion)| promotion == 0 || promotion == QUEEN)
                .collect();
            assert_eq!(
                our_codes(&board, Rules::Sargon),
                under_promotions_removed,
                "sargon rules vs cozy-chess minus under-promotions; {}",
                context()
            );
            assert_eq!(
                first_fields(&board.to_fen(), 3),
                first_fields(&cozy.to_string(), 3),
                "placement, side and castling; {}",
                context()
            );
            let mover = if cozy.side_to_move() == Color::White {
                WHITE
            } else {
                BLACK
            };
            assert_eq!(board.color, mover);
            assert_eq!(
                in_check(&board, mover),
                !cozy.checkers().is_empty(),
                "check; {}",
                context()
            );
            for rules in [Rules::Standard, Rules::Sargon] {
                let mut scratch = board;
                assert_eq!(
                    perft(&mut scratch, 1, rules) as usize,
                    legal_moves(&board, rules).len(),
                    "perft's legality shortcut vs MOVE/INCHK/UNMOVE ({rules}); {}",
                    context()
                );
            }
            positions += 1;
            if standard.is_empty() {
                break;
            }
            let moves = legal_moves(&board, Rules::Standard);
            let mv = moves.as_slice()[rng.below(moves.len())];
            if mv.promotion != 0 {
                promotions_seen += 1;
            }
            let uci = mv.uci();
            let cozy_move = cozy_chess::util::parse_uci_move(&cozy, &uci).expect("UCI for cozy");
            cozy.play(cozy_move);
            make(&mut board, &mv);
            played.push(uci);
        }
        game += 1;
    }
    println!("{positions} positions in {game} games, {promotions_seen} promotions played");
    assert!(
        promotions_seen > 100,
        "random play promoted only {promotions_seen} times"
    );
}
