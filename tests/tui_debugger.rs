//! The debugger for students on the built-in image, driven by keys against ratatui's
//! TestBackend: the search stepped to the end (the same result and T-states as a plain call),
//! MOVE, UNMOVE and INCHK, the variables pane and its change marks, watchpoints, one move
//! numbering in every pane, the whole terminal used, and NO_COLOR.

mod common;
mod screen;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use screen::lines;

use sargon_z80::abi::Driver;
use sargon_z80::machine::{Cost, Machine, default_image};
use sargon_z80::position::Board;
use sargon_z80::tui::{App, CallState, Options, Theme};

fn options(routine: &str) -> Options {
    Options {
        routine: routine.to_string(),
        ..Options::default()
    }
}

fn app(routine: &str) -> App {
    App::new(&default_image(), Board::startpos(), options(routine)).unwrap()
}

fn draw(app: &App, width: u16, height: u16) -> Buffer {
    screen::draw(width, height, |frame| app.draw(frame))
}

fn screen(app: &App) -> Vec<String> {
    lines(&draw(app, 80, 24))
}

fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(KeyEvent::from(KeyCode::Char(c)));
    }
}

/// Opens a prompt with `key`, types `text`, Enter.
fn prompt(app: &mut App, key: char, text: &str) {
    keys(app, &key.to_string());
    keys(app, text);
    app.handle_key(KeyEvent::from(KeyCode::Enter));
}

#[track_caller]
fn assert_has(screen: &[String], text: &str) {
    assert!(
        screen.iter().any(|line| line.contains(text)),
        "{text:?} not on screen:\n{}",
        screen.join("\n")
    );
}

/// The middle column of an 80-column line (disassembly above, variables below).
fn middle(line: &str) -> String {
    line.chars().skip(24).take(32).collect()
}

/// FNDMOV on the start position at PLYMAX 2 called without the debugger, set up as
/// SARGON_SEARCH.md 7.1 says: its cost and BESTM.
fn plain_search() -> (Cost, u16) {
    let image = default_image();
    let at = |name: &str| image.symbols.get(name).unwrap();
    let board = Board::startpos();
    let mut m = Machine::new(&image);
    m.write_bytes(at("BOARDA"), &board.cells);
    m.write_bytes(at("POSK"), &board.posk);
    m.write_bytes(at("POSQ"), &board.posq);
    m.poke(at("KOLOR"), 0);
    m.poke(at("COLOR"), 0);
    m.poke(at("MOVENO"), 2);
    m.poke(at("PLYMAX"), 2);
    m.write_bytes(at("PREVMV"), &[0; 6]);
    m.poke16(at("MLPTRJ"), at("PREVMV"));
    let cost = m.call(at("FNDMOV")).unwrap();
    (cost, m.peek16(at("BESTM")))
}

#[test]
fn the_search_stepped_to_the_end_is_the_plain_call() {
    let (cost, bestm) = plain_search();
    let mut app = app("FNDMOV");
    let s = screen(&app);
    assert_eq!(
        s[0],
        "┌Registers─────────────┐┌FNDMOV · at FNDMOV────────────┐┌BOARDA white──────────┐"
    );
    assert_eq!(
        s[22].trim_end(),
        "FNDMOV called; s steps, ? explains the keys"
    );
    assert_eq!(middle(&s[11]), "┌Variables 9 of 17─────────────┐");
    assert_eq!(middle(&s[12]), "│ NPLY   00                    │");
    assert_eq!(middle(&s[16]), "│ SCORE  00 00 00 00           │");
    assert_eq!(middle(&s[17]), "│ BESTM  0000 none             │");
    assert_eq!(middle(&s[18]), "│ MLPTRJ FF00 PREVMV           │");

    keys(&mut app, "c");
    assert_eq!(app.call_state(), &CallState::Returned);
    assert_eq!(
        (app.tstates(), app.instructions()),
        (cost.tstates, cost.instructions)
    );
    let s = screen(&app);
    assert_eq!(
        s[22].trim_end(),
        "FNDMOV returned BESTM #2 b1c3, SCORE+1=80 (+0 cp)"
    );
    // The same number for b1c3 in the moves pane, the variables and the status line.
    assert_eq!(bestm, 0x3809);
    assert_eq!(middle(&s[17]), "│ BESTM  3809 #2 b1c3          │");
    assert_has(&s, "┌Ply 1 · 20 moves──────┐");
    keys(&mut app, "k"); // no effect in a search: the list is the search's
    let big = lines(&draw(&app, 80, 44));
    assert_has(&big, "│★  2 b1c3  10 7A 3809 │");
    assert_has(&big, "│▶ 18 g2g4  10 80 3869 │");
    assert_has(&big, "│ MLPTRJ 3869 #18 g2g4         │");
}

#[test]
fn watchpoints_stop_a_run_at_a_change_and_changes_are_marked() {
    let mut app = app("FNDMOV");
    prompt(&mut app, 'w', "NPLY");
    assert_eq!(app.status(), "watching NPLY for changes");
    // FNDMOV+8 (305Eh) clears NPLY, which is clear: no stop; NEWPLY sets it.
    keys(&mut app, "c");
    assert_eq!(
        app.status(),
        "watch: NPLY written by NEWPLY+3 (30B8h): 00 -> 01"
    );
    let buffer = draw(&app, 80, 24);
    let s = lines(&buffer);
    assert_eq!(middle(&s[12]), "│◆NPLY   01                    │");
    assert_has(&s, "│ ▶30B9  XOR A ");
    // NPLY's value changed in this run: marked; MOVENO's did not.
    assert!(buffer[(33, 12)].modifier.contains(Modifier::BOLD));
    assert_eq!(buffer[(33, 12)].fg, Color::Yellow);
    assert_eq!(buffer[(33, 13)].fg, Color::Reset);

    prompt(&mut app, 'w', "NPLY");
    assert_eq!(app.status(), "no longer watching NPLY");
    prompt(&mut app, 'w', "SCORE+1");
    assert_eq!(app.status(), "watching SCORE+1 (375Fh) for changes");
    keys(&mut app, "c");
    assert_eq!(
        app.status(),
        "watch: SCORE+1 (375Fh) written by RESULT+18 (319Fh): 00 -> 80"
    );
    assert_has(&screen(&app), "│◆SCORE  00 80 80 00           │");
    prompt(&mut app, 'w', "NOSUCH");
    assert_eq!(app.status(), "no symbol or address \"NOSUCH\"");
}

#[test]
fn move_and_unmove_step_the_chosen_move() {
    let image = default_image();
    let mut driver = Driver::new(&image).unwrap();
    driver.set_root(&Board::startpos());
    let mut list = Vec::new();
    driver.genmov(&mut list).unwrap();
    let b1c3 = list[1];
    assert_eq!(b1c3.uci(), "b1c3");
    let make = driver.make(b1c3.addr).unwrap();
    let unmake = driver.unmake(b1c3.addr).unwrap();

    let mut app = app("GENMOV");
    prompt(&mut app, 'r', "MOVE");
    assert_eq!(
        app.status(),
        "MOVE called on #1 b1a3; ↑↓ picks another move"
    );
    app.handle_key(KeyEvent::from(KeyCode::Down));
    assert_eq!(app.status(), "MOVE called on #2 b1c3");
    keys(&mut app, "c");
    assert_eq!(app.status(), "MOVE #2 b1c3 returned; ↑↓ picks another move");
    assert_eq!(app.tstates(), make.tstates);
    let s = screen(&app);
    assert_eq!(
        s[8].chars().skip(56).collect::<String>(),
        "│3FF· · ♘ · · · · · FF │"
    );
    assert_has(&s, "│▶  2 b1c3  10 380F    │");
    assert_eq!(middle(&s[17]), "│ MLPTRJ 380F #2 b1c3          │");

    prompt(&mut app, 'r', "unmove");
    assert_eq!(
        app.status(),
        "UNMOVE called on #2 b1c3; ↑↓ picks another move"
    );
    assert_eq!(
        screen(&app)[8].chars().skip(56).collect::<String>(),
        "│3FF· · ♘ · · · · · FF │"
    );
    keys(&mut app, "c");
    assert_eq!(app.tstates(), unmake.tstates);
    assert_eq!(
        screen(&app)[8].chars().skip(56).collect::<String>(),
        "│3FF· · · · · · · · FF │"
    );

    prompt(&mut app, 'r', "INCHK");
    keys(&mut app, "c");
    assert_eq!(
        app.status(),
        "INCHK returned A=00: the side to move is not in check"
    );
    prompt(&mut app, 'f', "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    keys(&mut app, "c");
    assert_eq!(
        app.status(),
        "INCHK returned A=01: the side to move is in check"
    );
}

#[test]
fn a_routine_the_image_lacks_is_refused_and_the_old_one_kept() {
    let toy = common::toy_image();
    let mut app = App::new(&toy, Board::startpos(), Options::default()).unwrap();
    prompt(&mut app, 'r', "FNDMOV");
    assert!(
        app.status().starts_with("FNDMOV cannot be stepped: ")
            && app.status().ends_with(" (the image has no search)"),
        "{}",
        app.status()
    );
    assert_eq!(app.routine().name(), "GENMOV");
    assert_eq!(app.call_state(), &CallState::Active);
    prompt(&mut app, 'r', "NOSUCH");
    assert_eq!(app.status(), "no symbol or address \"NOSUCH\"");
    let refused = App::new(&toy, Board::startpos(), options("FNDMOV"));
    assert!(refused.is_err());
}

#[test]
fn a_wide_terminal_gives_the_variables_a_column() {
    let app = app("FNDMOV");
    let s = lines(&draw(&app, 130, 40));
    assert!(
        s[0].starts_with("┌Registers─────────────┐┌FNDMOV · at FNDMOV───"),
        "{}",
        s[0]
    );
    assert!(s[0].contains("┐┌Variables───"), "{}", s[0]);
    assert!(s[0].ends_with("┐┌BOARDA white──────────┐"), "{}", s[0]);
    assert_has(&s, "│ MLOVF  00 ");
    assert_has(&s, " ▶3056 3A AA 00     LD A,(MOVENO)");
    assert_eq!(
        s[39].trim_end(),
        "s step n over o out ␣ run c cont b brk w watch r routine f FEN ↑↓ m move q quit"
    );
}

/// Every cell of `buffer` without a colour.
#[track_caller]
fn assert_no_colour(buffer: &Buffer) {
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "({x},{y})"
            );
        }
    }
}

#[test]
fn no_color_keeps_every_mark_without_a_colour() {
    let plain = |routine| Options {
        theme: Theme::PLAIN,
        ..options(routine)
    };
    let mut app = App::new(&default_image(), Board::startpos(), plain("FNDMOV")).unwrap();
    prompt(&mut app, 'w', "NPLY");
    keys(&mut app, "cc");
    let buffer = draw(&app, 80, 24);
    assert_no_colour(&buffer);
    let s = lines(&buffer);
    assert_has(&s, "│ ▶30B9  XOR A ");
    let pc_line = s.iter().position(|l| l.contains("▶30B9")).unwrap() as u16;
    assert!(buffer[(27, pc_line)].modifier.contains(Modifier::REVERSED));
    // NPLY changed in the last command: reversed; the watch mark is bold.
    assert!(buffer[(33, 12)].modifier.contains(Modifier::REVERSED));
    assert!(!buffer[(33, 13)].modifier.contains(Modifier::REVERSED));
    assert!(buffer[(25, 12)].modifier.contains(Modifier::BOLD));

    // The toy GENMOV reads e1 with its second instruction: underlined, d1 not.
    let mut app = App::new(&common::toy_image(), Board::startpos(), plain("GENMOV")).unwrap();
    keys(&mut app, "ss");
    let buffer = draw(&app, 80, 24);
    assert_no_colour(&buffer);
    assert_eq!(buffer[(68, 10)].symbol(), "♔");
    assert!(
        buffer[(68, 10)]
            .modifier
            .contains(Modifier::UNDERLINED | Modifier::BOLD)
    );
    assert!(!buffer[(66, 10)].modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn making_a_move_needs_a_list() {
    let mut app = app("FNDMOV");
    keys(&mut app, "m");
    assert_eq!(
        app.status(),
        "m makes a move of GENMOV's list: r switches to GENMOV, MOVE or UNMOVE"
    );
    // MOVE's list is there at once: m makes the highlighted move and MOVE is called for black.
    prompt(&mut app, 'r', "MOVE");
    app.handle_key(KeyEvent::from(KeyCode::Down));
    keys(&mut app, "m");
    assert!(
        app.status().starts_with("MOVE #2 b1c3 took ")
            && app
                .status()
                .ends_with(" T-states; MOVE called for the other side"),
        "{}",
        app.status()
    );
    assert_eq!(app.root().color, 0x80);
    assert_eq!(app.root().prev.to, 43, "c3");
    assert_eq!(app.root().cells[43] & 0x07, 2, "the knight stands on c3");
}
