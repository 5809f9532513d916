//! The built-in complete program (asm/jupiter.asm) played end to end through
//! `sargon-z80 jupiter --keys ... --json`: the dialogue, the board, the book's reply, searches
//! whose T-states are those `think --engine z80` measures for the same game, check, mate and
//! the announced mate, illegal moves, Backspace and resigning. Screens are compared as text.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// The seed of R's advance at key reads: it decides only white's book move.
const SEED: &str = "1";

/// `sargon-z80 jupiter --keys KEYS --json` on the built-in program.
fn play(keys: &str) -> Value {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["jupiter", "--json", "--seed", SEED, "--keys", keys])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "replay: sargon-z80 jupiter --seed {SEED} --keys '{keys}'\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The screen's rows without trailing blanks.
fn screen(run: &Value) -> Vec<String> {
    run["screen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().trim_end().to_string())
        .collect()
}

/// The text area of a row: columns 0-14.
fn text(run: &Value, row: usize) -> String {
    let row = &run["screen"][row];
    row.as_str().unwrap().chars().take(15).collect::<String>()
}

/// The computer's moves in order: (uci, T-states).
fn computer_moves(run: &Value) -> Vec<(String, u64)> {
    run["computer_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["uci"].as_str().unwrap().to_string(),
                m["tstates"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn stopped(run: &Value) -> &str {
    run["stopped"]["reason"].as_str().unwrap()
}

/// `think startpos --moves MOVES --ply PLY --engine z80`: its best move and T-states.
fn think(moves: &[&str], ply: u8) -> (String, u64) {
    think_from("startpos", moves, ply)
}

/// `think POSITION --moves MOVES --ply PLY --engine z80`: its best move and T-states.
fn think_from(position: &str, moves: &[&str], ply: u8) -> (String, u64) {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["think", position, "--engine", "z80", "--json", "--ply"])
        .arg(ply.to_string())
        .arg("--moves")
        .args(moves)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        json["best"].as_str().unwrap().to_string(),
        json["hardware"]["tstates"].as_u64().unwrap(),
    )
}

/// The keys of a game: the answers (Y, side, level), then each move typed as e2-e4.
fn keys(answers: &str, moves: &[&str]) -> String {
    let mut keys = answers.to_string();
    for mv in moves {
        keys.push_str(&format!("{}-{}", &mv[..2], &mv[2..4]));
    }
    keys
}

/// Plays `human` (the player's moves in order) and checks every search after the book against
/// `think` on the game so far: the same move and exactly the same T-states.
fn play_and_check(answers: &str, ply: u8, human: &[&str], player_white: bool) -> Value {
    let run = play(&keys(answers, human));
    let replies = computer_moves(&run);
    let mut game: Vec<&str> = Vec::new();
    let mut human_moves = human.iter();
    for (index, (uci, tstates)) in replies.iter().enumerate() {
        if player_white {
            game.push(human_moves.next().unwrap());
        }
        if index > 0 {
            let (best, expected) = think(&game, ply);
            assert_eq!(
                (uci.as_str(), *tstates),
                (best.as_str(), expected),
                "the search after {game:?}"
            );
        }
        game.push(uci);
        if !player_white {
            if let Some(mv) = human_moves.next() {
                game.push(mv);
            }
        }
    }
    run
}

#[test]
fn the_greeting_and_the_help() {
    let run = play("");
    assert_eq!(stopped(&run), "waiting_for_key");
    assert_eq!(
        screen(&run)[..4],
        [
            "SARGON-Z80: CHESS BY THE RULES OF SARGON (1978), NEW Z80 CODE",
            "",
            "SHALL WE PLAY? Y, OR ANY OTHER KEY FOR HELP:",
            "",
        ]
    );
    // Any key but Y: the help, and the question again.
    let run = play("?");
    assert_eq!(
        screen(&run)[..9],
        [
            "SARGON-Z80: CHESS BY THE RULES OF SARGON (1978), NEW Z80 CODE",
            "",
            "CHOOSE YOUR SIDE (W OR B) AND MY LEVEL: 1 TO 6 HALF-MOVES",
            "LOOKED AHEAD (ANY OTHER KEY GIVES 2). TYPE A MOVE AS FROM-",
            "SQUARE, ANY KEY, TO-SQUARE: E2-E4. CASTLE BY MOVING THE KING",
            "TWO SQUARES; A PAWN ALWAYS BECOMES A QUEEN. BACKSPACE TAKES",
            "BACK A KEY, CTRL-R RESIGNS. MY FIRST MOVE IS FROM A BOOK.",
            "",
            "SHALL WE PLAY? Y, OR ANY OTHER KEY FOR HELP:",
        ]
    );
    // Keys other than W and B are not taken for the side; Y and B are echoed.
    let run = play("yxb");
    assert_eq!(
        screen(&run)[2..5],
        [
            "SHALL WE PLAY? Y, OR ANY OTHER KEY FOR HELP: Y",
            "YOUR SIDE, W OR B? B",
            "MY LEVEL, 1-6?",
        ]
    );
}

#[test]
fn the_board_is_drawn() {
    let run = play("yw2");
    let expected = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_program_board.txt"),
    )
    .unwrap();
    assert_eq!(screen(&run).join("\n") + "\n", expected);
    assert_eq!(run["cursor"], serde_json::json!([31, 0]));
    assert_eq!(stopped(&run), "waiting_for_key");
    assert!(computer_moves(&run).is_empty());
    // Any level key but 1-6 is level 2.
    assert_eq!(text(&play("yw9"), 1), "LEVEL 2        ");
    assert_eq!(text(&play("yw6"), 1), "LEVEL 6        ");
}

#[test]
fn the_book_answers_the_first_move() {
    for (first, reply) in [
        ("e2e4", "e7e5"),
        ("d2d4", "d7d5"),
        ("b1c3", "d7d5"),
        ("c2c4", "e7e5"),
    ] {
        let run = play(&keys("yw2", &[first]));
        let moves = computer_moves(&run);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].0, reply, "after {first}");
        assert!(moves[0].1 < 400, "BOOK costs some hundred T-states");
        let listed = format!(
            "  1 {}-{} {}-{}",
            &first[..2],
            &first[2..],
            &reply[..2],
            &reply[2..]
        );
        assert_eq!(text(&run, 3), listed);
        assert_eq!(text(&run, 30), "YOUR MOVE?     ");
    }
}

#[test]
fn level_2_searches_cost_what_think_measures() {
    let human = ["e2e4", "g1f3", "f1c4", "d2d3"];
    let run = play_and_check("yw2", 2, &human, true);
    let moves: Vec<String> = computer_moves(&run).into_iter().map(|m| m.0).collect();
    assert_eq!(moves, ["e7e5", "b8c6", "g8f6", "f8b4"]);
    assert_eq!(computer_moves(&run)[1].1, 4_131_505);
    assert_eq!(text(&run, 28), "CHECK!         ");
    // The display work after the last search, to the next key read: the board redrawn, the
    // piece blinked three times, the move listed, the check found.
    let last = &run["computer_moves"][3];
    let after = run["clock"]["tstates"].as_u64().unwrap()
        - last["started"].as_u64().unwrap()
        - last["tstates"].as_u64().unwrap();
    assert_eq!(after, 2_506_310);
}

#[test]
fn the_computer_as_white_plays_the_book_then_searches() {
    let run = play_and_check("yb2", 2, &["e7e5", "g8f6"], false);
    let moves = computer_moves(&run);
    assert!(
        moves[0].0 == "e2e4" || moves[0].0 == "d2d4",
        "white's book move: {moves:?}"
    );
    assert_eq!(moves.len(), 3);
    assert_eq!(
        text(&run, 3).trim_end(),
        format!("  1 {}-{} e7-e5", &moves[0].0[..2], &moves[0].0[2..])
    );
}

#[test]
fn illegal_moves_are_refused_and_asked_again() {
    let run = play("yw2e2-e5");
    assert_eq!(text(&run, 28), "ILLEGAL MOVE   ");
    assert_eq!(text(&run, 30), "YOUR MOVE?     ");
    assert_eq!(text(&run, 31), "               ");
    assert!(computer_moves(&run).is_empty());
    // A legal move then goes through, and the message goes.
    let run = play("yw2e2-e5e2-e4");
    assert_eq!(computer_moves(&run)[0].0, "e7e5");
    assert_eq!(text(&run, 28), "               ");
    // Castling out of check is refused too.
    let human = ["e2e4", "g1f3", "f1c4", "d2d3", "e1g1"];
    let run = play(&keys("yw2", &human));
    assert_eq!(computer_moves(&run).len(), 4);
    assert_eq!(text(&run, 28), "ILLEGAL MOVE   ");
}

#[test]
fn keys_that_do_not_fit_are_not_taken_and_backspace_corrects() {
    // "z" and "9" fit no place, Backspace takes the "e" before them back, the separator is any
    // key, and a second Backspace takes back the to-square's file.
    let run = play("yw2ze9{bs}e2 e{bs}e4");
    assert_eq!(run["keys"]["unused"], "");
    assert_eq!(computer_moves(&run)[0].0, "e7e5");
    assert_eq!(text(&run, 3), "  1 e2-e4 e7-e5");
    // The keys echoed so far, with a correction.
    let run = play("yw2e2-e{bs}");
    assert_eq!(text(&run, 31), "e2-            ");
    assert_eq!(run["cursor"], serde_json::json!([31, 3]));
}

#[test]
fn ctrl_r_resigns() {
    let run = play("yw2e2{ctrl-r}");
    assert_eq!(stopped(&run), "monitor");
    assert_eq!(text(&run, 28), "YOU RESIGN     ");
    assert_eq!(text(&run, 29), "I WIN          ");
    assert_eq!(text(&run, 30), "GAME OVER      ");
}

#[test]
fn the_computer_gives_check_and_mates() {
    let human = ["e2e4", "f2f3", "g2g4", "e1e2", "d2d3"];
    let run = play(&keys("yw2", &human[..3]));
    assert_eq!(text(&run, 28), "CHECK!         ");
    assert_eq!(text(&run, 5), "  3 g2-g4 d8-h4");
    let run = play_and_check("yw2", 2, &human, true);
    let moves: Vec<String> = computer_moves(&run).into_iter().map(|m| m.0).collect();
    assert_eq!(moves, ["e7e5", "b8c6", "d8h4", "f8c5", "h4f2"]);
    assert_eq!(stopped(&run), "monitor");
    assert_eq!(text(&run, 7), "  5 d2-d3 h4-f2");
    assert_eq!(text(&run, 28), "CHECKMATE!     ");
    assert_eq!(text(&run, 29), "I WIN          ");
    assert_eq!(text(&run, 30), "GAME OVER      ");
}

#[test]
fn a_mate_found_ahead_is_announced_then_played() {
    // At level 3 the search sees a mate two moves deep and takes the mate exit.
    let human = ["a2a3", "h2h3", "b2b3", "a3a4", "f2f4"];
    let run = play(&keys("yw3", &human));
    assert_eq!(computer_moves(&run).last().unwrap().0, "f6h4");
    assert_eq!(text(&run, 28), "CHECK!         ");
    assert_eq!(text(&run, 29), "I MATE IN 1    ");
    // The next search is at level 3 again, as `think --ply 3` makes it.
    let human = ["a2a3", "h2h3", "b2b3", "a3a4", "f2f4", "g2g3"];
    let run = play(&keys("yw3", &human));
    let last = computer_moves(&run).last().unwrap().clone();
    let game = [
        "a2a3", "e7e5", "h2h3", "b8c6", "b2b3", "d8f6", "a3a4", "f8c5", "f2f4", "f6h4", "g2g3",
    ];
    assert_eq!(last, think(&game, 3));
    assert_eq!(last.0, "h4g3");
    assert_eq!(text(&run, 28), "CHECKMATE!     ");
    assert_eq!(text(&run, 29), "I WIN          ");
}

#[test]
fn the_player_mates_the_computer() {
    // A level-1 game, castling typed as the king's move.
    let human = [
        "e2e4", "g1f3", "f1b5", "e1g1", "f1e1", "d2d3", "b5c6", "e1e5", "c1g5", "e5e7", "e7e3",
        "g5f4", "f3e5", "d1h5", "e5d7", "f4g5",
    ];
    let run = play_and_check("yw1", 1, &human, true);
    assert_eq!(stopped(&run), "monitor");
    assert_eq!(computer_moves(&run).len(), 15);
    assert_eq!(text(&run, 6), "  4 e1-g1 f6-e4");
    assert_eq!(text(&run, 18), " 16 f4-g5      ");
    assert_eq!(text(&run, 28), "CHECKMATE!     ");
    assert_eq!(text(&run, 29), "YOU WIN        ");
    assert_eq!(text(&run, 30), "GAME OVER      ");
}

/// The built-in program with `cells` (square index, piece byte) on an otherwise empty board and
/// DRIVER's call of INITBD taken out, so a game starts from that position: written with the
/// program's symbol file into `dir`, for `--rom` and `--sym`.
fn program_from(dir: &std::path::Path, cells: &[(usize, u8)], posk: [u8; 2]) -> [PathBuf; 2] {
    let image = sargon_z80::machine::default_program();
    let at = |name: &str| usize::from(image.symbols.get(name).unwrap());
    let mut bytes = image.bytes.clone();
    for square in 21..99 {
        if square % 10 != 0 && square % 10 != 9 {
            bytes[at("BOARDA") + square] = 0;
        }
    }
    for &(square, piece) in cells {
        bytes[at("BOARDA") + square] = piece;
    }
    bytes[at("POSK")..at("POSK") + 2].copy_from_slice(&posk);
    bytes[at("POSQ")..at("POSQ") + 2].copy_from_slice(&[0, 0]);
    let [low, high] = image.symbols.get("INITBD").unwrap().to_le_bytes();
    let call = (at("DRIVER")..at("CMOVE"))
        .find(|&i| bytes[i..i + 3] == [0xCD, low, high])
        .expect("DRIVER calls INITBD");
    bytes[call..call + 3].fill(0); // three NOPs
    let bin = dir.join("position.bin");
    let sym = dir.join("position.sym");
    std::fs::write(&bin, bytes).unwrap();
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms/jupiter.sym"),
        &sym,
    )
    .unwrap();
    [bin, sym]
}

/// `play` on a program written by [`program_from`].
fn play_program(files: &[PathBuf; 2], keys: &str) -> Value {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["jupiter", "--json", "--seed", SEED, "--keys", keys, "--rom"])
        .arg(&files[0])
        .arg("--sym")
        .arg(&files[1])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_stalemate_ends_the_game_as_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    // White (moved pieces): king b6, queen c1; black: king a8.
    let files = program_from(dir.path(), &[(72, 0x0E), (23, 0x0D), (91, 0x8E)], [72, 91]);
    let run = |keys: &str| play_program(&files, keys);
    // Qc7: black has no move and is not in check.
    let drawn = run("yw2c1-c7");
    assert_eq!(stopped(&drawn), "monitor");
    assert!(computer_moves(&drawn).is_empty(), "no search");
    assert_eq!(text(&drawn, 3), "  1 c1-c7      ");
    assert_eq!(text(&drawn, 28), "STALEMATE      ");
    assert_eq!(text(&drawn, 29), "A DRAW         ");
    assert_eq!(text(&drawn, 30), "GAME OVER      ");
    // Qc8 instead: mate.
    let mated = run("yw2c1-c8");
    assert_eq!(text(&mated, 28), "CHECKMATE!     ");
    assert_eq!(text(&mated, 29), "YOU WIN        ");
}

#[test]
fn en_passant_follows_the_previous_move() {
    // White: king a1, pawns e5 and h3 (moved); black: king h8, pawn d7 (unmoved). The player's
    // first move comes from h3, above e2, so the book answers d7-d5; e5xd6 takes en passant.
    let dir = tempfile::tempdir().unwrap();
    let cells = [(21, 0x0E), (65, 0x09), (48, 0x09), (98, 0x8E), (84, 0x81)];
    let files = program_from(dir.path(), &cells, [21, 98]);
    let run = play_program(&files, "yw2h3-h4e5-d6");
    let moves = computer_moves(&run);
    assert_eq!(moves[0].0, "d7d5");
    assert_eq!(text(&run, 3), "  1 h3-h4 d7-d5");
    assert_eq!(text(&run, 4), "  2 e5-d6 h8-g7");
    let fen = "7k/3p4/8/4P3/8/7P/8/K7 w - - 0 1";
    assert_eq!(moves[1], think_from(fen, &["h3h4", "d7d5", "e5d6"], 2));
}

#[test]
fn a_pawn_reaching_the_last_rank_becomes_a_queen() {
    // White: king a1, pawn b7 (moved); black: king h7, pawn d7 (unmoved, for the book's d7-d5).
    let dir = tempfile::tempdir().unwrap();
    let cells = [(21, 0x0E), (82, 0x09), (88, 0x8E), (84, 0x81)];
    let files = program_from(dir.path(), &cells, [21, 88]);
    let run = play_program(&files, "yw2b7-b8a1-a2");
    let moves = computer_moves(&run);
    assert_eq!(text(&run, 3), "  1 b7-b8 d7-d5");
    let fen = "8/1P1p3k/8/8/8/8/8/K7 w - - 0 1";
    assert_eq!(moves[1], think_from(fen, &["b7b8q", "d7d5", "a1a2"], 2));
}

/// The PNG of the built-in program's screen after `keys`, with `extra` options.
fn picture(keys: &str, extra: &[&str]) -> resvg::tiny_skia::Pixmap {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("screen.png");
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["jupiter", "--seed", SEED, "--keys", keys, "--png"])
        .arg(&png)
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap()
}

/// The grey level of the centre of one dot of the screen: dot `x` (0-1) and `y` (0-2) of the
/// cell at `row`, `column` (the picture's cells are 12 x 18 pixels, 16 pixels in).
fn dot(png: &resvg::tiny_skia::Pixmap, row: u32, column: u32, x: u32, y: u32) -> u8 {
    let pixel = png
        .pixel(16 + column * 12 + x * 6 + 3, 16 + row * 18 + y * 6 + 3)
        .unwrap();
    assert_eq!((pixel.red(), pixel.green()), (pixel.blue(), pixel.blue()));
    pixel.red()
}

/// Where a square's cells begin: (row, column) of its top-left cell.
fn square(name: &str) -> (u32, u32) {
    let [file, rank] = name.as_bytes() else {
        panic!("{name}")
    };
    let (file, rank) = (u32::from(file - b'a'), u32::from(rank - b'1'));
    (28 - 4 * rank, 16 + 6 * file)
}

/// A square's own colour: a dot of its last column, clear of the piece and the labels.
fn ground(png: &resvg::tiny_skia::Pixmap, name: &str) -> u8 {
    let (row, column) = square(name);
    dot(png, row + 1, column + 5, 1, 1)
}

/// The piece's colour: a dot every piece's shape covers (8 x 12 dots from the square's
/// second column: dot 3 of its row 9, the top of the base).
fn body(png: &resvg::tiny_skia::Pixmap, name: &str) -> u8 {
    let (row, column) = square(name);
    dot(png, row + 3, column + 2, 1, 0)
}

/// The dot beside the base, outside every shape: the piece's ring, or the square.
fn beside(png: &resvg::tiny_skia::Pixmap, name: &str) -> u8 {
    let (row, column) = square(name);
    dot(png, row + 3, column + 1, 0, 0)
}

const DARK: u8 = 0x1C;
const LIGHT: u8 = 0xEE;

#[test]
fn the_board_reads_as_a_real_board_in_the_picture() {
    let png = picture("yw2", &[]);
    // The squares: a8 and h1 light, a1 and h8 dark.
    let grounds = ["a8", "h1", "a1", "h8", "e4", "d4"].map(|s| ground(&png, s));
    assert_eq!(grounds, [LIGHT, LIGHT, DARK, DARK, LIGHT, DARK]);
    // Black pieces dark and white ones light, on either colour of square.
    for (squares, colour) in [
        (["a1", "d1", "e1", "h1", "a2", "b2"], LIGHT),
        (["a8", "d8", "e8", "h8", "a7", "b7"], DARK),
    ] {
        for name in squares {
            assert_eq!(body(&png, name), colour, "{name}");
        }
    }
    // A piece on a square of its own colour is ringed in the other: the white queen on d1
    // (light) in dark, the black rook on h8 (dark) in light; else the square shows beside it.
    let rings = ["d1", "h8", "a1", "a8"].map(|s| beside(&png, s));
    assert_eq!(rings, [DARK, LIGHT, DARK, LIGHT]);
    // The negative swaps every tone.
    let negative = picture("yw2", &["--negative"]);
    assert_eq!(ground(&negative, "a8"), DARK);
    assert_eq!(body(&negative, "a1"), DARK);
    assert_eq!(body(&negative, "a8"), LIGHT);
    // The ground around the board and behind the text is the paper.
    assert_eq!(png.pixel(4, 4).unwrap().red(), LIGHT);
    assert_eq!(negative.pixel(4, 4).unwrap().red(), DARK);
}

/// The picture bytes of asm/pictures.asm against the drawings in its comments: `#` the shape,
/// `o` its ring (every dot outside the shape that touches it, diagonals included).
#[test]
fn the_piece_pictures_are_the_shapes_drawn_in_their_comments() {
    let text =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("asm/pictures.asm"))
            .unwrap();
    let art: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix(";           "))
        .filter(|l| l.len() == 8)
        .collect();
    let bytes: Vec<u8> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("DB"))
        .flat_map(|l| l.split(','))
        .map(|b| u8::from_str_radix(b.trim().trim_end_matches('H'), 16).unwrap())
        .collect();
    assert_eq!((art.len(), bytes.len()), (6 * 12, 6 * 2 * 16));
    for (piece, drawing) in art.chunks(12).enumerate() {
        let at = |x: i32, y: i32| -> char {
            if (0..8).contains(&x) && (0..12).contains(&y) {
                drawing[y as usize].as_bytes()[x as usize] as char
            } else {
                '.'
            }
        };
        for (picture, mark) in ['#', 'o'].into_iter().enumerate() {
            let start = (piece * 2 + picture) * 16;
            for cell in 0..16 {
                let (cx, cy) = ((cell % 4) as i32 * 2, (cell / 4) as i32 * 3);
                let mut expected = 0x80;
                for bit in 0..6 {
                    if at(cx + bit % 2, cy + bit / 2) == mark {
                        expected |= 1 << bit;
                    }
                }
                assert_eq!(
                    bytes[start + cell],
                    expected,
                    "piece {piece} picture {picture}"
                );
            }
        }
        // The ring is exactly the shape's neighbours.
        for y in 0..12 {
            for x in 0..8 {
                let touches = (-1..=1).any(|dy| (-1..=1).any(|dx| at(x + dx, y + dy) == '#'));
                let ring = at(x, y) != '#' && touches;
                assert_eq!(at(x, y) == 'o', ring, "piece {piece} dot {x},{y}");
            }
        }
    }
}
