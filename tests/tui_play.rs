//! The game against Sargon driven by scripted keys on ratatui's TestBackend at 80x24: moves in
//! SAN and UCI, Sargon's replies from the native engine (the same decisions as the 1978
//! program), an illegal move, undo, flip, a new game, the PGN file, the end of a game, and
//! the screen without colours.

mod patched;
mod screen;

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use screen::lines;

use sargon_z80::game::{NativeSearcher, Start};
use sargon_z80::tui::{PlayApp, PlayOptions, Theme};

fn new_app(options: PlayOptions) -> PlayApp {
    let mut app = PlayApp::new(Box::new(NativeSearcher::new()), "native", options).unwrap();
    settle(&mut app);
    app
}

fn options() -> PlayOptions {
    PlayOptions {
        level: 2,
        seed: 1234,
        ..PlayOptions::default()
    }
}

/// Waits for Sargon's move (a level 2 search takes milliseconds).
fn settle(app: &mut PlayApp) {
    assert!(
        app.settle(Duration::from_secs(60)),
        "the search did not end"
    );
}

fn draw(app: &PlayApp, width: u16, height: u16) -> Buffer {
    screen::draw(width, height, |frame| app.draw(frame))
}

fn screen(app: &PlayApp) -> Vec<String> {
    lines(&draw(app, 80, 24))
}

/// Types `text` and Enter.
fn type_in(app: &mut PlayApp, text: &str) {
    for c in text.chars() {
        app.handle_key(KeyEvent::from(KeyCode::Char(c)));
    }
    app.handle_key(KeyEvent::from(KeyCode::Enter));
}

/// Types `text` and Enter, then waits for Sargon's reply if it thinks.
fn enter(app: &mut PlayApp, text: &str) {
    type_in(app, text);
    settle(app);
}

/// The screen's line `y` with trailing blanks removed.
fn row(screen: &[String], y: usize) -> &str {
    screen[y].trim_end()
}

/// The board pane of an 80-column line (45 columns).
fn left(line: &str) -> String {
    line.chars().take(45).collect()
}

const HELP_LINE: &str =
    "e4 Nf3 e2e4 move undo flip new level N go save FILE help quit Esc stops Sargon";

#[test]
fn a_game_at_80x24_moves_replies_refusals_undo_and_flip() {
    let mut game = new_app(options());
    let app = &mut game;
    let s = screen(app);
    assert_eq!(
        s[0],
        "┌You (white) to move────────────────────────┐┌Sargon 1978 · native · level 2───┐"
    );
    assert_eq!(
        s[2],
        "│8   ♜    ♞    ♝    ♛    ♚    ♝    ♞    ♜   ││Sargon has not moved yet         │"
    );
    assert_eq!(
        row(&s, 1),
        "│                                           ││you: white  seed 1234 (R=D2h)    │"
    );
    assert_eq!(
        left(&s[16]),
        "│1   ♖    ♘    ♗    ♕    ♔    ♗    ♘    ♖   │"
    );
    assert_eq!(
        row(&s, 18),
        "│    a    b    c    d    e    f    g    h   ││                                 │"
    );
    assert_eq!(
        row(&s, 21),
        "you play white: type a move (e4, Nf3, e2e4) or help"
    );
    assert_eq!(row(&s, 22), "> █");
    assert_eq!(row(&s, 23), HELP_LINE);

    // SAN; black's first search is the 1978 opening book (white's first move came from e2).
    enter(app, "e4");
    let s = screen(app);
    assert_eq!(row(&s, 21), "Sargon played 1... e5: your move");
    assert_eq!(
        row(&s, 2),
        "│8   ♜    ♞    ♝    ♛    ♚    ♝    ♞    ♜   ││Sargon: 1... e5 (e7e5)           │"
    );
    assert_eq!(
        row(&s, 3),
        "│                                           ││score +0 cp, book move           │"
    );
    assert_eq!(
        row(&s, 4),
        "│7   ♟    ♟    ♟    ♟         ♟    ♟    ♟   ││0 evaluations, PLYMAX 2          │"
    );
    assert_eq!(
        row(&s, 11),
        "│                                           ││  1. e4       e5                 │"
    );

    // UCI; a real search: the native engine decides exactly as the 1978 program.
    enter(app, "g1f3");
    let s = screen(app);
    assert_eq!(row(&s, 21), "Sargon played 2... Nc6: your move");
    assert_eq!(
        row(&s, 2),
        "│8   ♜         ♝    ♛    ♚    ♝    ♞    ♜   ││Sargon: 2... Nc6 (b8c6)          │"
    );
    assert_eq!(
        row(&s, 3),
        "│                                           ││score +37 cp (change +37, 83h)   │"
    );
    assert_eq!(
        row(&s, 4),
        "│7   ♟    ♟    ♟    ♟         ♟    ♟    ♟   ││89 evaluations, PLYMAX 2         │"
    );
    assert_eq!(
        row(&s, 5),
        "│                                           ││T-states: none, native engine    │"
    );
    assert_eq!(
        row(&s, 6),
        "│6             ♞                            ││(--engine z80 emulates the Z80)  │"
    );
    assert!(s[7].contains("││host time "), "{}", s[7]);
    assert_eq!(
        row(&s, 12),
        "│3                            ♘             ││  2. Nf3      Nc6                │"
    );
    assert_eq!(app.game().movetext(), "1. e4 e5 2. Nf3 Nc6");

    // Refusals change nothing.
    enter(app, "Ke3");
    assert_eq!(
        row(&screen(app), 21),
        "illegal move: Ke3 is not a legal move here"
    );
    enter(app, "hello");
    assert_eq!(
        row(&screen(app), 21),
        "\"hello\" is neither a move (e4, Nf3, O-O, e7e8q) nor a command (help lists them)"
    );
    enter(app, "level 10");
    assert_eq!(
        row(&screen(app), 21),
        "level takes a PLYMAX from 1 to 9 (the 1978 levels are 1..6), not \"10\""
    );
    assert_eq!(app.game().len(), 4);

    // Undo takes back Sargon's reply and the player's move.
    enter(app, "undo");
    let s = screen(app);
    assert_eq!(
        row(&s, 21),
        "took back Sargon's reply and your move: your move"
    );
    assert_eq!(app.game().movetext(), "1. e4 e5");
    assert_eq!(
        row(&s, 2),
        "│8   ♜    ♞    ♝    ♛    ♚    ♝    ♞    ♜   ││Sargon has not moved yet         │"
    );
    assert_eq!(
        row(&s, 12),
        "│3                                          ││                                 │"
    );

    // Flip: black at the bottom, files from h to a.
    enter(app, "flip");
    let s = screen(app);
    assert_eq!(row(&s, 21), "board turned");
    assert_eq!(left(&s[2]), "│1   ♖    ♘    ♗    ♔    ♕    ♗    ♘    ♖   │");
    assert_eq!(
        left(&s[16]),
        "│8   ♜    ♞    ♝    ♚    ♛    ♝    ♞    ♜   │"
    );
    assert_eq!(
        left(&s[18]),
        "│    h    g    f    e    d    c    b    a   │"
    );

    // A level for the next search, then a new game from the start.
    enter(app, "level 4");
    assert_eq!(
        row(&screen(app), 21),
        "level 4: PLYMAX 4 from Sargon's next search"
    );
    assert!(screen(app)[0].contains("┌Sargon 1978 · native · level 4"));
    enter(app, "new");
    let s = screen(app);
    assert_eq!(app.game().len(), 0);
    assert_eq!(
        row(&s, 21),
        "you play white: type a move (e4, Nf3, e2e4) or help"
    );
    assert_eq!(left(&s[2]), "│8   ♜    ♞    ♝    ♛    ♚    ♝    ♞    ♜   │");
}

fn key(app: &mut PlayApp, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

#[test]
fn save_writes_pgn_and_replaces_a_file_only_after_yes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    let mut game = new_app(options());
    let app = &mut game;
    enter(app, "e4");
    enter(app, "Nf3");
    enter(app, &format!("save {}", path.display()));
    assert_eq!(
        row(&screen(app), 21),
        format!("saved the game (4 plies) to {}", path.display())
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "[Event \"Game against Sargon\"]");
    assert!(lines[2].starts_with("[Date \"20"), "{}", lines[2]);
    assert_eq!(
        lines[4..],
        [
            "[White \"Player\"]",
            "[Black \"Sargon 1978 (native, level 2)\"]",
            "[Result \"*\"]",
            "[Seed \"1234\"]",
            "",
            "1. e4 e5 2. Nf3 Nc6 *",
        ]
    );

    // The file exists: asked, refused, kept.
    enter(app, "d4");
    enter(app, &format!("save {}", path.display()));
    let s = screen(app);
    assert_eq!(
        row(&s, 21),
        format!("{} exists: replace it? (y/n)", path.display())
    );
    assert_eq!(row(&s, 22), format!("replace {}? y/n", path.display()));
    key(app, KeyCode::Char('x'));
    assert!(
        screen(app)[22].starts_with("replace "),
        "other keys wait for y or n"
    );
    key(app, KeyCode::Char('n'));
    assert_eq!(row(&screen(app), 21), "not saved");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    // Asked again, and yes.
    enter(app, &format!("save {}", path.display()));
    key(app, KeyCode::Char('y'));
    assert_eq!(
        row(&screen(app), 21),
        format!("saved the game (6 plies) to {}", path.display())
    );
    let replaced = std::fs::read_to_string(&path).unwrap();
    assert!(
        replaced.ends_with("\n1. e4 e5 2. Nf3 Nc6 3. d4 Bb4+ *\n"),
        "{replaced}"
    );
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(files, 1, "no temporary file is left behind");

    enter(app, "save");
    assert_eq!(
        row(&screen(app), 21),
        "save needs a file name: save game.pgn"
    );
    let missing = dir.path().join("no/such/folder/x.pgn");
    enter(app, &format!("save {}", missing.display()));
    let message = &app.message().text;
    let folder = missing.parent().unwrap();
    assert_eq!(
        *message,
        format!(
            "cannot write {}: there is no folder {}",
            missing.display(),
            folder.display()
        )
    );
    // Too long for one line: the message takes two, the panes give one up.
    let s = screen(app);
    assert!(s[20].starts_with("cannot write "), "{}", s[20]);
    assert!(s[19].starts_with("└──"), "{}", s[19]);
}

/// `save` writes as every output of the tool: a device, a pipe and the game's own files are
/// refused even after the player said yes, a link is written through, the mode kept.
#[cfg(unix)]
#[test]
fn save_never_destroys_a_device_a_link_or_the_games_own_files() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let sym = dir.path().join("img.sym");
    std::fs::write(&sym, "GENMOV EQU 0100H\n").unwrap();
    let mut game = new_app(PlayOptions {
        inputs: vec![(sym.clone(), "the symbol file".to_string())],
        ..options()
    });
    let app = &mut game;
    enter(app, "e4");
    let save_yes = |app: &mut PlayApp, path: &std::path::Path| {
        enter(app, &format!("save {}", path.display()));
        if app.message().text.ends_with("replace it? (y/n)") {
            key(app, KeyCode::Char('y'));
        }
        app.message().text.clone()
    };
    assert_eq!(
        save_yes(app, std::path::Path::new("/dev/full")),
        "refusing to write /dev/full: it is a character device, not a regular file"
    );
    assert!(
        std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(
        save_yes(app, &sym),
        format!(
            "refusing to write {}: it is the symbol file {} (give another output name)",
            sym.display(),
            sym.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&sym).unwrap(), "GENMOV EQU 0100H\n");

    let real = dir.path().join("real.pgn");
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o755)).unwrap();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink("real.pgn", &link).unwrap();
    let said = save_yes(app, &link);
    assert!(said.starts_with("saved the game (2 plies)"), "{said}");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .ends_with("1. e4 e5 *\n")
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o755);

    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let said = save_yes(app, &fifo);
        assert!(
            said.ends_with("it is a named pipe (FIFO), not a regular file"),
            "{said}"
        );
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
}

#[test]
fn sargon_with_white_opens_from_the_book_by_the_seed() {
    for (seed, first) in [(1234, "1. e4"), (1, "1. d4"), (0x101, "1. d4")] {
        let app = new_app(PlayOptions {
            human_white: false,
            seed,
            ..options()
        });
        assert_eq!(app.game().movetext(), first, "seed {seed}");
        let s = screen(&app);
        assert_eq!(row(&s, 21), format!("Sargon played {first}: your move"));
        let you = format!("you: black  seed {seed} (R={:02X}h)", seed as u8);
        assert_eq!(
            row(&s, 1),
            format!("│                                           ││{you:<33}│")
        );
        // Black at the bottom for the player with black.
        assert_eq!(left(&s[2]), "│1   ♖    ♘    ♗    ♔    ♕    ♗    ♘    ♖   │");
    }
    // Without the book the first move is searched.
    let app = new_app(PlayOptions {
        human_white: false,
        book: false,
        ..options()
    });
    assert_eq!(app.game().movetext(), "1. Nc3");
    assert_eq!(app.reply().unwrap().answer.evaluations, 118);
}

#[test]
fn the_end_of_a_game_is_said_and_further_moves_refused() {
    // The player mates.
    let mut game = new_app(PlayOptions {
        start: Start::Fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".to_string()),
        ..options()
    });
    let app = &mut game;
    enter(app, "Ra8#");
    let s = screen(app);
    assert_eq!(
        row(&s, 21),
        "checkmate: Sargon is mated, you win (1-0); new starts another game"
    );
    assert!(s[0].starts_with("┌Game over: 1-0──"), "{}", s[0]);
    assert!(!app.is_thinking());
    enter(app, "Kf1");
    assert_eq!(
        row(&screen(app), 21),
        "the game is over (checkmate, white wins): new starts another, undo takes back"
    );
    assert!(app.pgn().contains("[Result \"1-0\"]"));
    assert!(
        app.pgn()
            .contains("[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]")
    );
    assert!(app.pgn().ends_with("\n1. Ra8# 1-0\n"));
    enter(app, "undo");
    assert_eq!(row(&screen(app), 21), "took back your move: your move");
    assert_eq!(app.ending(), None);

    // Sargon mates.
    let app = new_app(PlayOptions {
        start: Start::Fen("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1".to_string()),
        ..options()
    });
    assert_eq!(app.game().movetext(), "1... Ra1#");
    let s = screen(&app);
    assert_eq!(
        row(&s, 21),
        "checkmate: Sargon wins (0-1); new starts another game"
    );
    assert!(s[3].contains("││score Sargon mates (FFh)"), "{}", s[3]);

    // A queen up: the score is the evaluation a GUI shows (material plus change), as `think`.
    let app = new_app(PlayOptions {
        start: Start::Fen("3qk3/8/8/8/8/8/8/4K3 b - - 0 1".to_string()),
        ..options()
    });
    assert_eq!(app.game().movetext(), "1... Qd5");
    let s = screen(&app);
    assert!(
        s[3].contains("││score +950 cp (change +50, 84h)  │"),
        "{}",
        s[3]
    );

    // Stalemate before any move.
    let app = new_app(PlayOptions {
        start: Start::Fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".to_string()),
        human_white: false,
        ..options()
    });
    assert_eq!(
        row(&screen(&app), 21),
        "stalemate, a draw (1/2-1/2); new starts another game"
    );
}

#[test]
fn escape_stops_a_search_and_go_starts_one() {
    // A deep search from a busy position: it is stopped long before it could end.
    let mut game = new_app(PlayOptions {
        start: Start::Fen(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4".to_string(),
        ),
        level: 6,
        ..options()
    });
    let app = &mut game;
    type_in(app, "d3");
    assert!(app.is_thinking());
    assert!(screen(app)[0].starts_with("┌Sargon (black) thinking "));
    assert_eq!(
        row(&screen(app), 21),
        "you played 4. d3; Sargon is thinking (Esc stops it)"
    );
    type_in(app, "a3");
    assert_eq!(
        row(&screen(app), 21),
        "Sargon is thinking: wait for its move, or Esc stops the search"
    );
    key(app, KeyCode::Esc);
    assert!(!app.is_thinking());
    assert_eq!(
        row(&screen(app), 21),
        "search stopped: go lets Sargon search again, undo takes your move back"
    );
    enter(app, "a3");
    assert_eq!(
        row(&screen(app), 21),
        "it is Sargon's move: go lets it play, undo takes your move back"
    );
    enter(app, "level 2");
    enter(app, "go");
    assert_eq!(app.game().len(), 2, "Sargon answered at level 2");
    assert_eq!(app.reply().unwrap().plymax, 2);

    // go on the player's turn hands the side to move over to Sargon.
    enter(app, "go");
    assert_eq!(app.game().len(), 3);
    assert!(!app.options().human_white);
    assert!(!app.black_at_bottom(), "the board stays as it was drawn");
    assert_eq!(
        row(&screen(app), 21),
        format!("Sargon played {}: your move", app.reply().unwrap().numbered)
    );
    assert!(screen(app)[1].contains("you: black"));
}

#[test]
fn no_color_keeps_the_marks_in_reverse_and_bold() {
    let mut game = new_app(PlayOptions {
        theme: Theme::PLAIN,
        ..options()
    });
    let app = &mut game;
    enter(app, "e4");
    enter(app, "Ke3");
    let buffer = draw(app, 80, 24);
    for y in 0..24 {
        for x in 0..80 {
            let cell = &buffer[(x, y)];
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "({x},{y})"
            );
        }
    }
    // Sargon's e7e5: e7 (line 4) and e5 (line 8) are reversed, e6 is not; e5 is a dark square.
    let e = 1 + 2 + 4 * 5 + 2;
    assert!(buffer[(e, 4)].modifier.contains(Modifier::REVERSED));
    assert!(
        buffer[(e, 8)]
            .modifier
            .contains(Modifier::REVERSED | Modifier::BOLD)
    );
    assert!(!buffer[(e, 6)].modifier.contains(Modifier::REVERSED));
    assert_eq!(
        buffer[(e - 10, 8)].symbol(),
        "·",
        "c5: an empty dark square"
    );
    assert_eq!(
        buffer[(e - 5, 8)].symbol(),
        " ",
        "d5: an empty light square"
    );
    // The refusal is bold.
    assert!(buffer[(0, 21)].modifier.contains(Modifier::BOLD));

    let colour = new_app(options());
    let buffer = draw(&colour, 80, 24);
    assert_eq!(
        buffer[(3, 2)].bg,
        Color::Indexed(223),
        "a8 is a light square"
    );
    assert_eq!(
        buffer[(8, 2)].bg,
        Color::Indexed(137),
        "b8 is a dark square"
    );
}

#[test]
fn the_layout_follows_the_terminal() {
    let app = new_app(options());
    let big = lines(&draw(&app, 120, 40));
    assert_eq!(left(&big[7]).chars().count(), 45);
    assert!(
        big[7].starts_with("│8    ♜      ♞      ♝      ♛      ♚      ♝      ♞      ♜    │"),
        "{}",
        big[7]
    );
    let small = lines(&draw(&app, 70, 20));
    assert!(
        small[4].starts_with("│8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  │"),
        "{}",
        small[4]
    );
    let tiny = lines(&draw(&app, 50, 12));
    assert_eq!(
        tiny[0].trim_end(),
        "terminal too small: 50x12, the game needs 60x16 (C"
    );
    let mut quitting = new_app(options());
    quitting.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(quitting.should_quit());
    let mut quitting = new_app(options());
    enter(&mut quitting, "quit");
    assert!(quitting.should_quit());
}

#[test]
fn help_shows_the_commands_until_escape() {
    let mut game = new_app(options());
    let app = &mut game;
    enter(app, "help");
    let s = screen(app);
    assert_eq!(row(&s, 21), "the commands are on the right; Esc hides them");
    assert_eq!(
        row(&s, 10),
        "│4                                          │┌Commands─────────────────────────┐"
    );
    assert_eq!(
        row(&s, 11),
        "│                                           ││e4 Nf3 O-O e8=Q e2e4: a move     │"
    );
    key(app, KeyCode::Esc);
    assert!(screen(app)[10].contains("┌Moves──"));
}

#[test]
fn the_emulated_engine_plays_the_same_moves_and_shows_its_t_states() {
    let image = sargon_z80::machine::default_image();
    let z80 = sargon_z80::game::Z80Searcher::new(&image, "built-in").unwrap();
    let mut game = PlayApp::new(Box::new(z80), "Z80", options()).unwrap();
    let app = &mut game;
    enter(app, "e4");
    let s = screen(app);
    assert_eq!(
        row(&s, 3),
        "│                                           ││score +0 cp, book move           │"
    );
    assert!(
        s[5].contains("││T-states "),
        "BOOK runs on the Z80 too: {}",
        s[5]
    );
    enter(app, "Nf3");
    let s = screen(app);
    assert_eq!(
        app.game().movetext(),
        "1. e4 e5 2. Nf3 Nc6",
        "as the native engine"
    );
    assert!(s[0].contains("┌Sargon 1978 · Z80 · level 2──"));
    assert_eq!(
        row(&s, 4),
        "│7   ♟    ♟    ♟    ♟         ♟    ♟    ♟   ││89 evaluations, PLYMAX 2         │"
    );
    assert_eq!(
        row(&s, 5),
        "│                                           ││T-states 4,131,505               │"
    );
    assert_eq!(
        row(&s, 6),
        "│6             ♞                            ││at 4 MHz: 1.03 s                 │"
    );
    assert_eq!(
        row(&s, 7),
        "│                                           ││at 1.774 MHz: 2.33 s             │"
    );
}

#[test]
fn the_title_keeps_the_level_when_an_image_is_named() {
    let image = sargon_z80::machine::default_image();
    let named = |engine: &str| {
        let z80 = sargon_z80::game::Z80Searcher::new(&image, "built-in").unwrap();
        PlayApp::new(Box::new(z80), engine, options()).unwrap()
    };
    let app = named("Z80 sargon78.bin");
    assert_eq!(
        screen(&app)[0],
        "┌You (white) to move────────────────────────┐┌Z80 sargon78.bin · level 2───────┐"
    );
    let wide = lines(&draw(&app, 90, 24));
    assert!(
        wide[0].contains("┌Sargon 1978 · Z80 sargon78.bin · level 2─"),
        "{}",
        wide[0]
    );
    let app = named("Z80 a-very-long-name-of-an-image.bin");
    assert_eq!(
        screen(&app)[0],
        "┌You (white) to move────────────────────────┐┌Z80 a-very-long-name-o… · level 2┐"
    );
}

#[test]
fn a_level_whose_move_lists_do_not_fit_is_answered_from_the_deepest_that_does() {
    // Fourteen queens: PLYMAX 3's check extension needs 343 entries, the 1978 list holds 341.
    let dir = tempfile::tempdir().unwrap();
    let files = patched::list_1978(dir.path());
    let image = sargon_z80::machine::Image::load(
        std::path::Path::new(&files.bin),
        std::path::Path::new(&files.sym),
        None,
    )
    .unwrap();
    let z80 = sargon_z80::game::Z80Searcher::new(&image, "list78").unwrap();
    let fen = "qqq1kqqq/8/8/8/8/8/8/QQQ1KQQQ w - - 0 20";
    let options = PlayOptions {
        start: Start::Fen(fen.to_string()),
        human_white: false,
        level: 3,
        ..options()
    };
    let mut game = PlayApp::new(Box::new(z80), "Z80 list78.bin", options).unwrap();
    settle(&mut game);
    assert_eq!(game.game().movetext(), "20. Qxc8+");
    let s = screen(&game);
    assert!(
        s.iter().any(|line| line.contains(
            "Sargon played 20. Qxc8+ at level 2 (level 3 needs 343 list entries, 341 fit)"
        )),
        "{s:#?}"
    );
    assert!(game.failure().is_none());
}
