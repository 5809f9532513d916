//! The terminal debugger driven by scripted keys against ratatui's TestBackend, on the toy ABI
//! image whose T-states are counted by hand in the comments.

mod common;
mod screen;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use screen::lines;

use sargon_z80::abi::Driver;
use sargon_z80::machine::default_image;
use sargon_z80::position::Board;
use sargon_z80::text::grouped;
use sargon_z80::tui::{App, CallState, Options};

fn app() -> App {
    App::new(&common::toy_image(), Board::startpos(), Options::default()).unwrap()
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

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

/// The right-hand column (board and moves panes) of an 80-column line.
fn right(line: &str) -> String {
    line.chars().skip(56).collect()
}

fn has(screen: &[String], text: &str) -> bool {
    screen.iter().any(|line| line.contains(text))
}

#[track_caller]
fn assert_has(screen: &[String], text: &str) {
    assert!(
        has(screen, text),
        "{text:?} not on screen:\n{}",
        screen.join("\n")
    );
}

#[test]
fn first_screen_shows_board_registers_listing_and_help() {
    let s = screen(&app());
    assert_eq!(s.len(), 24);
    assert_eq!(
        s[0],
        "┌Registers─────────────┐┌GENMOV · at GENMOV────────────┐┌BOARDA white──────────┐"
    );
    assert_eq!(right(&s[3]), "│8FF♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ FF │");
    assert_eq!(right(&s[9]), "│2FF♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ FF │");
    assert_eq!(right(&s[10]), "│1FF♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ FF │");
    assert_eq!(right(&s[1]), "│ FFFFFFFFFFFFFFFFFFFF │");
    assert_eq!(right(&s[13]), "└───a─b─c─d─e─f─g─h────┘");
    assert_has(&s, "│SP 0568  PC  0100     │");
    assert_has(&s, " ▶0100  CALL INCHK ");
    assert_has(&s, "│T-states            0 │");
    assert_has(&s, "│0568 056B harness     │");
    assert_has(&s, "Moves 0");
    assert_eq!(
        s[22].trim_end(),
        "GENMOV called; s steps, ? explains the keys"
    );
    assert_eq!(
        s[23].trim_end(),
        "s step n over o out ␣ run c cont b brk w watch r routine f FEN ↑↓ m move q quit"
    );
}

#[test]
fn stepping_counts_exact_tstates_and_lights_the_cells_read() {
    let mut app = app();
    // CALL INCHK (17), LD A,(BOARDA+25) (13): A = 06, the white king on e1.
    keys(&mut app, "ss");
    let buffer = draw(&app, 80, 24);
    let s = lines(&buffer);
    assert_has(&s, "│T-states           30 │");
    assert_has(&s, "│instrs              2 │");
    assert_has(&s, "│16.9 us @ 1.774 MHz   │");
    assert_has(&s, "│AF 06FF  AF' 0000     │");
    assert_has(&s, "│SP 0566  PC  0145     │");
    // WZ after LD A,(BOARDA+25) is BOARDA+26; the load leaves F alone, so Q is 0.
    assert_has(&s, "│WZ 017D  Q   00       │");
    assert_has(&s, "GENMOV · at INCHK+3");
    assert_has(&s, "  0142  LD A,(BOARDA+25) ");
    assert_has(&s, " ▶0145  XOR A ");
    assert_has(&s, "│0566 0103 GENMOV+3    │");
    // e1 is inner column 1 + 2 * 5 of the board pane (x = 57), on the tenth line (y = 10).
    let e1 = &buffer[(68, 10)];
    assert_eq!(e1.symbol(), "♔");
    assert_eq!(
        e1.bg,
        Color::Indexed(226),
        "e1 was read by the last instruction"
    );
    assert_eq!(buffer[(66, 10)].bg, Color::Reset, "d1 was not read");

    // Run to RET: XOR A (4) and RET (10) bring us back to GENMOV+3.
    keys(&mut app, "o");
    let s = screen(&app);
    assert_has(&s, "│T-states           44 │");
    assert_has(&s, "│SP 0568  PC  0103     │");
    assert_has(&s, " ▶0103  LD (CKFLG),A ");
    // Not a CALL: step over is one step, LD (CKFLG),A (13).
    keys(&mut app, "n");
    assert_has(&screen(&app), "│T-states           57 │");
}

#[test]
fn step_over_runs_the_whole_call() {
    let mut app = app();
    // CALL INCHK 17 + LD A,(nn) 13 + XOR A 4 + RET 10.
    keys(&mut app, "n");
    let s = screen(&app);
    assert_has(&s, "│T-states           44 │");
    assert_has(&s, "│instrs              4 │");
    assert_has(&s, "│SP 0568  PC  0103     │");
}

#[test]
fn breakpoints_by_symbol_stop_a_run_and_the_call_ends_with_the_move_list() {
    let mut app = app();
    keys(&mut app, "b");
    keys(&mut app, "INCHK");
    assert_has(
        &screen(&app),
        "breakpoint at (symbol, address or file:line)> INCHK█",
    );
    key(&mut app, KeyCode::Enter);
    assert_has(&screen(&app), "breakpoint set at INCHK (0142h)");
    keys(&mut app, "c");
    let s = screen(&app);
    assert_has(&s, "breakpoint at INCHK (0142h)");
    assert_has(&s, "│●▶0142  LD A,(BOARDA+25)");
    assert_has(&s, "│T-states           17 │");

    // To the end: 384 T-states and 36 instructions, counted by hand in the fixture.
    keys(&mut app, "c");
    let s = screen(&app);
    assert_eq!(app.call_state(), &CallState::Returned);
    assert_has(&s, "│T-states          384 │");
    assert_has(&s, "│instrs             36 │");
    assert_has(&s, "GENMOV returned 1 move, CKFLG=00");
    assert_has(&s, "Moves 1");
    assert_has(&s, "│▶  1 e2e4  10 0218    │");
    assert_has(&s, " ✓0141  RET ");

    // The same name again clears it.
    keys(&mut app, "b");
    keys(&mut app, "inchk");
    key(&mut app, KeyCode::Enter);
    assert_has(&screen(&app), "breakpoint cleared at INCHK (0142h)");
    keys(&mut app, "b");
    keys(&mut app, "NOSUCH");
    key(&mut app, KeyCode::Enter);
    assert_has(&screen(&app), "no symbol or address \"NOSUCH\"");
}

#[test]
fn making_the_highlighted_move_runs_move_and_generates_for_black() {
    let mut app = app();
    keys(&mut app, "m");
    assert_has(&screen(&app), "let GENMOV finish first (c runs to the end)");
    keys(&mut app, "cm");
    let s = screen(&app);
    // MOVE: 20+7+19+10+11+7+10+7+19+10+11+7+10 = 148 T-states.
    assert_has(
        &s,
        "MOVE #1 e2e4 took 148 T-states; GENMOV called for the other side",
    );
    assert_has(&s, "BOARDA black");
    assert_eq!(right(&s[7]), "│4FF· · · · ♙ · · · FF │");
    assert_eq!(right(&s[9]), "│2FF♙ ♙ ♙ ♙ · ♙ ♙ ♙ FF │");
    assert_has(&s, "│T-states            0 │");
    // Black's GENMOV finds no pawn on e2: RET NZ is taken (11 instead of 5): 188 - 5 + 11.
    keys(&mut app, "c");
    let s = screen(&app);
    assert_has(&s, "│T-states          194 │");
    assert_has(&s, "GENMOV returned 0 moves");
    assert_eq!(app.root().color, 0x80);
    assert_eq!(app.root().prev.to, 55);
}

#[test]
fn a_fen_from_the_prompt_sets_the_position_and_a_bad_one_is_reported() {
    let mut app = app();
    keys(&mut app, "f");
    keys(&mut app, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    key(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert_has(&s, "position set; GENMOV called");
    assert_eq!(right(&s[3]), "│8FF· · · · ♚ · · · FF │");
    assert_eq!(right(&s[9]), "│2FF· · · · ♙ · · · FF │");
    keys(&mut app, "c");
    assert_has(&screen(&app), "│T-states          384 │");

    keys(&mut app, "f");
    keys(&mut app, "not a fen");
    key(&mut app, KeyCode::Backspace);
    assert_has(&screen(&app), "FEN> not a fe█");
    key(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(s[22].starts_with("bad FEN: "), "{}", s[22]);
    assert_eq!(
        right(&s[3]),
        "│8FF· · · · ♚ · · · FF │",
        "the position is kept"
    );

    keys(&mut app, "f");
    key(&mut app, KeyCode::Esc);
    assert_has(&screen(&app), "cancelled");
    assert!(!app.should_quit(), "Esc in a prompt only closes it");
}

#[test]
fn run_mode_advances_on_ticks_and_the_clock_rate_cycles() {
    let mut app = app();
    assert_eq!(app.speed(), 10);
    keys(&mut app, "------");
    assert_eq!(app.speed(), 1);
    keys(&mut app, "++++++++");
    assert_eq!(app.speed(), 100_000);
    keys(&mut app, "----");
    assert_eq!(app.speed(), 10);
    keys(&mut app, " ");
    assert!(app.is_running());
    assert_has(&screen(&app), "GENMOV running ×10");
    app.tick();
    assert_eq!(app.instructions(), 10);
    keys(&mut app, " ");
    assert!(!app.is_running());
    app.tick();
    assert_eq!(app.instructions(), 10, "paused: ticks do nothing");
    keys(&mut app, " ");
    for _ in 0..3 {
        app.tick();
    }
    assert_eq!(app.call_state(), &CallState::Returned);
    assert_eq!((app.instructions(), app.tstates()), (36, 384));
    assert!(!app.is_running());

    keys(&mut app, "t");
    assert_has(&screen(&app), "│192.0 us @ 2 MHz      │");
    keys(&mut app, "t");
    assert_has(&screen(&app), "│96.0 us @ 4 MHz       │");
}

#[test]
fn stepping_after_the_return_calls_genmov_again() {
    let mut app = app();
    keys(&mut app, "c");
    assert_eq!(app.tstates(), 384);
    keys(&mut app, "s");
    assert_eq!(app.call_state(), &CallState::Active);
    assert_eq!((app.instructions(), app.tstates()), (1, 17));
}

#[test]
fn layout_follows_the_terminal_size() {
    let app = app();
    let big = lines(&draw(&app, 120, 40));
    assert_eq!(big[0].chars().count(), 120);
    assert!(big[0].ends_with("┌BOARDA white──────────┐"));
    assert_eq!(
        big[39].trim_end(),
        "s step n over o out ␣ run c cont b brk w watch r routine f FEN ↑↓ m move q quit"
    );
    // Wider listings show the instruction bytes too.
    assert!(
        has(&big, " ▶0100 CD 42 01     CALL INCHK"),
        "{}",
        big.join("\n")
    );
    let small = lines(&draw(&app, 60, 20));
    assert!(small[0].starts_with("terminal too small: 60x20, the debugger needs 80x24"));
}

#[test]
fn question_mark_explains_the_keys_on_one_line() {
    let mut app = app();
    keys(&mut app, "?");
    let s = screen(&app);
    assert_eq!(
        s[22].trim_end(),
        "n over CALL · o to RET · c to breakpoint · w watch · v source · t MHz · +- speed"
    );
}

#[test]
fn quit_keys() {
    for code in [KeyCode::Char('q'), KeyCode::Esc] {
        let mut app = app();
        key(&mut app, code);
        assert!(app.should_quit());
    }
    let mut app = app();
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.should_quit());
}

#[test]
fn built_in_image_reaches_the_cost_moves_reports_and_makes_the_first_move() {
    let image = default_image();
    let mut driver = Driver::new(&image).unwrap();
    driver.set_root(&Board::startpos());
    let mut list = Vec::new();
    let generated = driver.genmov(&mut list).unwrap();
    let first = list[0];
    let make_cost = driver.make(first.addr).unwrap();

    let mut app = App::new(&image, Board::startpos(), Options::default()).unwrap();
    // The list shows entries as they are written, before GENMOV publishes MLNXT.
    while app.moves().len() < 8 {
        keys(&mut app, "s");
    }
    assert_eq!(app.call_state(), &CallState::Active);
    assert_has(&screen(&app), "│   8 b2b4  10 ");
    keys(&mut app, "c");
    let s = screen(&app);
    assert_eq!(app.tstates(), generated.cost.tstates);
    assert_eq!(app.instructions(), generated.cost.instructions);
    assert_has(
        &s,
        &format!("│T-states {:>12} │", grouped(generated.cost.tstates)),
    );
    assert_has(&s, "GENMOV returned 20 moves, CKFLG=00");
    assert_has(&s, "Moves 20");
    assert_has(&s, &format!("│▶  1 b1a3  10 {:04X}    │", first.addr));

    keys(&mut app, "m");
    let s = screen(&app);
    assert_has(
        &s,
        &format!("MOVE #1 b1a3 took {} T-states", make_cost.tstates),
    );
    assert_eq!(right(&s[5]), "│6FF· · · · · · · · FF │");
    assert_eq!(right(&s[8]), "│3FF♘ · · · · · · · FF │");
    assert_eq!(right(&s[10]), "│1FF♖ · ♗ ♕ ♔ ♗ ♘ ♖ FF │");
    assert_has(&s, "BOARDA black");
}
