//! The debugger on a whole program: the built-in program on the Jupiter III, driven by key
//! events against ratatui's TestBackend. Each of the six monitor calls is one step, the screen
//! pane equals `jupiter --screen` after the same keys and the clock equals `jupiter`'s
//! T-states; typing to the program is a mode of its own; the key queue, runs to the next key
//! read and to the next search, watchpoints on video cells, and RST 38H in a routine.

mod screen;

use assert_cmd::Command;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use serde_json::Value;

use sargon_z80::jupiter::{Call, Glyphs, Look, MONITOR, Options as Start, entry, parse_keys};
use sargon_z80::machine::{Image, default_program};
use sargon_z80::position::Board;
use sargon_z80::tui::{App, CallState, Options, ProgramOptions, Theme};

const SEED: u64 = 7;
const WIDTH: u16 = 140;
const HEIGHT: u16 = 50;

fn program_with(image: &Image, keys: &str) -> App {
    let start = Start {
        entry: entry(image, None).unwrap(),
        seed: SEED,
    };
    let program = ProgramOptions {
        start,
        entry_name: "DRIVER".to_string(),
        keys: parse_keys(keys).unwrap(),
        glyphs: Glyphs::Unicode,
        look: Look::Paper,
    };
    let options = Options {
        theme: Theme::PLAIN,
        ..Options::default()
    };
    App::program(image, program, options).unwrap()
}

/// The built-in program in the debugger, `keys` queued.
fn program(keys: &str) -> App {
    program_with(&default_program(), keys)
}

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::from(code));
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Opens a prompt with `key`, types `text`, Enter.
fn prompt(app: &mut App, key: char, text: &str) {
    keys(app, &key.to_string());
    keys(app, text);
    press(app, KeyCode::Enter);
}

fn draw(app: &App) -> Buffer {
    screen::draw(WIDTH, HEIGHT, |frame| app.draw(frame))
}

fn rows(app: &App) -> Vec<String> {
    screen::lines(&draw(app))
}

#[track_caller]
fn assert_has(rows: &[String], text: &str) {
    assert!(
        rows.iter().any(|line| line.contains(text)),
        "{text:?} not on screen:\n{}",
        rows.join("\n")
    );
}

/// The 32 rows of the screen pane (the right-hand column's framed 64x32 cells), trimmed.
fn screen_pane(app: &App) -> String {
    let rows = rows(app);
    let top = rows
        .iter()
        .position(|row| row.contains("┌ Jupiter III "))
        .unwrap_or_else(|| panic!("no screen pane:\n{}", rows.join("\n")));
    let left = usize::from(WIDTH) - 66 + 1;
    rows[top + 1..top + 33]
        .iter()
        .map(|row| {
            let cells: String = row.chars().skip(left).take(64).collect();
            format!("{}\n", cells.trim_end())
        })
        .collect()
}

fn jupiter(keys: &str, output: &str) -> Vec<u8> {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args([
            "jupiter",
            "--seed",
            &SEED.to_string(),
            "--keys",
            keys,
            output,
        ])
        .output()
        .unwrap();
    assert!(out.status.code() == Some(0), "jupiter --keys {keys:?}");
    out.stdout
}

/// `jupiter --keys KEYS --screen` of the built-in program.
fn jupiter_screen(keys: &str) -> String {
    String::from_utf8(jupiter(keys, "--screen")).unwrap()
}

/// `jupiter --keys KEYS --json`'s clock: T-states and instructions.
fn jupiter_clock(keys: &str) -> (u64, u64) {
    let json: Value = serde_json::from_slice(&jupiter(keys, "--json")).unwrap();
    let clock = &json["clock"];
    (
        clock["tstates"].as_u64().unwrap(),
        clock["instructions"].as_u64().unwrap(),
    )
}

/// Every `RST 38H` of the image followed by one of the monitor's blocks.
fn monitor_calls(image: &Image) -> Vec<u16> {
    let memory = sargon_z80::profile::image_memory(image);
    (image.org..image.end() as u16)
        .filter(|&at| memory[usize::from(at)] == 0xFF && Call::block(&memory, at + 1).is_some())
        .collect()
}

fn call_kind(call: Call) -> usize {
    match call {
        Call::Key => 0,
        Call::Echo => 1,
        Call::NewLine => 2,
        Call::PrintLine { .. } => 3,
        Call::Print { .. } => 4,
        Call::ToMonitor => 5,
    }
}

#[test]
fn each_monitor_call_is_one_step_and_the_session_ends_as_jupiter_ends_it() {
    let session = "?YW2e2-e4{ctrl-r}";
    let mut app = program(session);
    let image = default_program();
    let rsts = monitor_calls(&image);
    assert!(rsts.len() >= 30, "{} calls", rsts.len());
    for at in &rsts {
        prompt(&mut app, 'b', &format!("{at:04X}H"));
    }
    let mut seen = [0u32; 6];
    while *app.call_state() == CallState::Active {
        keys(&mut app, "c");
        let pc = app.machine().pc();
        if *app.call_state() != CallState::Active {
            break;
        }
        assert!(rsts.contains(&pc), "stopped at {pc:04X}: {}", app.status());
        let before = app.tstates();
        keys(&mut app, "s");
        let call = *app.last_call().expect("the step made a monitor call");
        assert_eq!(call.block, pc + 1);
        assert_eq!(app.tstates() - before, 11, "the RST alone counts");
        let next = app.machine().pc();
        let ended = *app.call_state() == CallState::Returned;
        let waits = app.jupiter().unwrap().waiting_for_key();
        assert!(
            next == pc + 1 + call.call.block_len() || (ended || waits) && next == MONITOR,
            "{next:04X} after the call at {pc:04X}"
        );
        let said = if ended {
            "returned to the monitor"
        } else {
            "monitor "
        };
        assert!(app.status().contains(said), "{}", app.status());
        seen[call_kind(call.call)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "calls of each kind: {seen:?}");
    assert_eq!(*app.call_state(), CallState::Returned);
    assert!(
        app.status().contains("returned to the monitor"),
        "{}",
        app.status()
    );
    assert_eq!(screen_pane(&app), jupiter_screen(session));
    let clock = (app.tstates(), app.instructions());
    assert_eq!(clock, jupiter_clock(session));
}

#[test]
fn the_screen_pane_and_the_clock_match_jupiter_at_a_key_read() {
    // The greeting with the help, the side and the level: the game screen, the book's reply
    // typed for, and a search at level 2 after the player's second move.
    let session = "?YW2e2-e4g1-f3";
    let mut app = program(session);
    keys(&mut app, "c");
    assert!(app.jupiter().unwrap().waiting_for_key(), "{}", app.status());
    assert_eq!(app.jupiter().unwrap().searches().count(), 2);
    assert_eq!(screen_pane(&app), jupiter_screen(session));
    assert_eq!((app.tstates(), app.instructions()), jupiter_clock(session));
    let rows = rows(&app);
    assert_has(&rows, "searches 2 · keys 14");
    assert_has(&rows, "DRIVER · waits for a key at GM1");
    // The register pane holds the chip's hidden WZ and Q and, below them, the flags.
    let r = app.machine().registers();
    assert_has(&rows, &format!("│WZ {:04X}  Q   {:02X}", r.wz, r.q));
    assert_has(&rows, &format!("│flags {}", r.flags()));
}

#[test]
fn typing_is_a_mode_of_its_own() {
    let mut app = program("");
    keys(&mut app, "c");
    assert!(app.status().contains("waits for a key"), "{}", app.status());
    // In the debugger's mode a letter commands the debugger, never the program.
    keys(&mut app, "y");
    assert_eq!(app.jupiter().unwrap().keys_pushed(), b"");
    keys(&mut app, "i");
    assert!(app.typing());
    let rows = rows(&app);
    assert_has(&rows, " TYPING  typing to the program (it waits for a key)");
    assert_has(&rows, "Keys · typing to the program");
    assert_has(&rows, "F2 back to the debugger");
    // Every key goes to the program, q and c included, and the program runs on them.
    keys(&mut app, "Yq");
    app.settle(std::time::Duration::from_secs(30));
    assert_eq!(app.jupiter().unwrap().keys_pushed(), b"Yq");
    assert!(app.typing(), "q did not quit");
    assert!(!app.should_quit());
    press(&mut app, KeyCode::F(2));
    assert!(!app.typing());
    assert_has(&rows_of(&app), "Keys · debugger mode (i types)");
    // Ctrl-C leaves from either mode.
    keys(&mut app, "i");
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.should_quit());
}

fn rows_of(app: &App) -> Vec<String> {
    rows(app)
}

#[test]
fn a_breakpoint_returns_from_typing_to_the_debugger() {
    let mut app = program("");
    let image = default_program();
    let asksid = image.symbols.get("ASKSID").unwrap();
    prompt(&mut app, 'b', "ASKSID");
    keys(&mut app, "iY");
    app.settle(std::time::Duration::from_secs(30));
    assert!(!app.typing());
    assert_eq!(app.machine().pc(), asksid);
    assert!(
        app.status()
            .starts_with("breakpoint at ASKSID (34FFh); back to the debugger"),
        "{}",
        app.status()
    );
}

#[test]
fn the_key_queue_is_shown_and_read_in_order() {
    let mut app = program("");
    prompt(&mut app, 'K', "YW2e2-e4{enter}");
    assert_eq!(app.queue_text(), "YW2e2-e4{enter}");
    assert_eq!(app.status(), "queued 9: YW2e2-e4{enter}");
    assert_has(&rows(&app), "queued 9: YW2e2-e4{enter}");
    // Run to the next key read: the greeting's, which takes the first key at once.
    keys(&mut app, "R");
    let jupiter = app.jupiter().unwrap();
    assert_eq!(jupiter.keys_used(), b"Y");
    assert_eq!(app.queue_text(), "W2e2-e4{enter}");
    assert_eq!(app.machine().registers().a, b'Y');
    let call = app.last_call().unwrap();
    assert_eq!((call.call, call.key), (Call::Key, Some(b'Y')));
    let status = app.status().to_string();
    assert!(
        status.starts_with("monitor key at DRV1+3 (32F6h)")
            && status.contains(": 'Y' (59H) in A, R advanced by"),
        "{status}"
    );
    let rows = rows(&app);
    assert_has(&rows, "queued 8: W2e2-e4{enter}");
    assert_has(&rows, "read 1: Y");
    assert_has(&rows, "key at DRV1+3 · block 81 00");
    // The next three reads take W, 2 and e.
    for key in [b'W', b'2', b'e'] {
        keys(&mut app, "R");
        assert_eq!(app.last_call().unwrap().key, Some(key));
    }
    // An empty queue: the run stops with the program waiting at its read.
    let mut app = program("");
    keys(&mut app, "R");
    assert!(app.jupiter().unwrap().waiting_for_key());
    assert!(
        app.status()
            .contains("the program waits for a key (i types to it, K queues keys)"),
        "{}",
        app.status()
    );
    // A bad key text is refused with its place.
    prompt(&mut app, 'K', "e2{nope}");
    assert!(app.status().contains("names no key"), "{}", app.status());
}

#[test]
fn run_to_the_next_search_shows_the_search_panes() {
    let image = default_program();
    let fndmov = image.symbols.get("FNDMOV").unwrap();
    let mut app = program("YB2");
    // Nothing the program has not written is read as a list.
    assert!(app.moves().is_empty());
    keys(&mut app, "S");
    assert_eq!(app.machine().pc(), fndmov, "{}", app.status());
    assert!(app.in_search());
    // The book first (MOVENO 1): then the next search is the real one, after the player's move.
    keys(&mut app, "c");
    assert_eq!(app.jupiter().unwrap().searches().count(), 1);
    prompt(&mut app, 'K', "e7-e5");
    keys(&mut app, "S");
    assert_eq!(app.machine().pc(), fndmov, "{}", app.status());
    for _ in 0..2000 {
        keys(&mut app, "s");
    }
    assert!(app.in_search());
    let rows = rows(&app);
    assert!(
        rows.iter()
            .any(|l| l.contains("Ply ") && l.contains(" moves")),
        "{}",
        rows.join("\n")
    );
    assert_has(&rows, "BOARDA");
    assert!(
        rows.iter().any(|l| l.starts_with("│search ")),
        "{}",
        rows.join("\n")
    );
    // The search's variables, SCORE as long as PLYMAX says.
    assert_has(&rows, "PLYMAX 02");
    // At full height both the screen and the search panes show.
    assert_has(&rows, "┌ Jupiter III ");
    keys(&mut app, "c");
    assert!(!app.in_search());
    assert_eq!(app.jupiter().unwrap().searches().count(), 2);
    // Between searches the pane shows the ply-1 list the program generated last: after its
    // 2.Nc3, Black's 29 moves, in GENMOV's order.
    let root: Vec<String> = app.moves().into_iter().map(|m| m.uci).collect();
    assert_eq!(root.len(), 29, "{root:?}");
    assert_eq!(root[..4], ["a7a6", "a7a5", "b7b6", "b7b5"], "{root:?}");
    assert_eq!(root[28], "g8h6", "{root:?}");
    assert_eq!(
        (app.tstates(), app.instructions()),
        jupiter_clock("YB2e7-e5")
    );
}

#[test]
fn a_watchpoint_on_a_video_cell_stops_the_monitor_and_the_program() {
    let mut app = program("YW2");
    // The greeting's first character: written by the monitor's print of a line.
    prompt(&mut app, 'w', "0,0");
    assert_eq!(app.status(), "watching cell 0,0 (C000h) for changes");
    keys(&mut app, "c");
    let status = app.status().to_string();
    assert!(
        status.starts_with("watch: cell 0,0 (C000h) written by the monitor's print line at GREET+"),
        "{status}"
    );
    assert!(status.ends_with(": 20 -> 53"), "{status}");
    prompt(&mut app, 'w', "0,0");
    assert_eq!(app.status(), "no longer watching cell 0,0 (C000h)");
    // The board's edge in column 15: stored by the program itself when it draws the board.
    prompt(&mut app, 'w', "5,15");
    keys(&mut app, "c");
    let status = app.status().to_string();
    assert!(
        status.starts_with("watch: cell 5,15 (C14Fh) written by "),
        "{status}"
    );
    assert!(!status.contains("monitor"), "{status}");
    // The whole bottom row, where the keys are echoed.
    prompt(&mut app, 'w', "31,*");
    assert_eq!(app.status(), "watching row 31 of the screen for changes");
    assert_eq!(app.watchpoints().len(), 65);
}

#[test]
fn over_an_rst_38h_is_one_step() {
    let mut app = program("Y");
    let image = default_program();
    let greet = image.symbols.get("GREET").unwrap();
    prompt(&mut app, 'b', "GREET");
    keys(&mut app, "c");
    assert_eq!(app.machine().pc(), greet);
    keys(&mut app, "s"); // LD A,1CH
    let before = app.tstates();
    keys(&mut app, "n"); // RST 38H: the screen cleared
    assert_eq!(app.tstates() - before, 11);
    assert_eq!(app.machine().pc(), greet + 5);
    assert_eq!(app.last_call().unwrap().call, Call::Echo);
    assert!(app.status().contains("echo at GREET+2"), "{}", app.status());
}

#[test]
fn a_routine_of_a_whole_program_stops_at_its_monitor_call() {
    let image = default_program();
    let options = Options {
        routine: "GREET".to_string(),
        theme: Theme::PLAIN,
        ..Options::default()
    };
    let mut app = App::new(&image, Board::startpos(), options).unwrap();
    keys(&mut app, "c");
    let greet = image.symbols.get("GREET").unwrap();
    assert_eq!(app.machine().pc(), greet + 2, "stopped before the RST 38H");
    assert!(
        app.status()
            .starts_with("RST 38H at GREET+2 (34BAh) calls the Jupiter III's monitor"),
        "{}",
        app.status()
    );
    assert_eq!(app.instructions(), 1);
}

#[test]
fn a_small_terminal_is_told_what_a_whole_program_needs() {
    let app = program("");
    let rows = screen::lines(&screen::draw(100, 30, |frame| app.draw(frame)));
    assert!(
        rows[0].starts_with("terminal too small: 100x30, a whole program needs 124x36"),
        "{}",
        rows[0]
    );
}

/// `sargon-z80 ARGS`: its exit status and standard error.
fn cli(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_whole_program_refuses_what_belongs_to_a_routine() {
    let (code, stderr) = cli(&["tui", "--jupiter", "--routine", "GENMOV"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--routine steps one routine, --jupiter, --entry and --keys run a whole"),
        "{stderr}"
    );
    let (code, stderr) = cli(&["tui", "--jupiter", "8/8/8/8/8/8/8/K6k w - - 0 1"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("a whole program keeps its own position"),
        "{stderr}"
    );
    let (code, stderr) = cli(&["tui", "--keys", "Y{nope}"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("`{nope}` at character 2 names no key"),
        "{stderr}"
    );
    let (code, stderr) = cli(&["tui", "--jupiter", "--entry", "NOWHERE"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no entry \"NOWHERE\""), "{stderr}");
    // Each mode's own options are refused in the other, never dropped silently.
    let (code, stderr) = cli(&["tui", "--jupiter", "--ply", "4", "--r-register", "1"]);
    assert_eq!(code, Some(2));
    // The message wraps at 100 columns: its lines read as one.
    let line = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        line.contains(
            "error: --ply, --r-register are for a FNDMOV call stepped as a routine; \
             a whole program sets its own (type its level to it)"
        ),
        "{stderr}"
    );
    let (code, stderr) = cli(&["tui", "--routine", "FNDMOV", "--seed", "7"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("error: --seed is for a whole program on the Jupiter III (add --jupiter)"),
        "{stderr}"
    );
    // Set up, the debugger asks for a terminal it does not have here.
    let (code, stderr) = cli(&["tui", "--jupiter", "--keys", "YW2", "--seed", "7"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("`tui` needs an interactive terminal"),
        "{stderr}"
    );
}

#[test]
fn a_profile_is_never_written_over_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let rom = dir.path().join("p.bin");
    let sym = dir.path().join("p.sym");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/roms/jupiter.bin"),
        &rom,
    )
    .unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/roms/jupiter.sym"),
        &sym,
    )
    .unwrap();
    let before = std::fs::read(&rom).unwrap();
    let (rom_text, sym_text) = (rom.to_str().unwrap(), sym.to_str().unwrap());
    let (code, stderr) = cli(&[
        "jupiter",
        "--rom",
        rom_text,
        "--sym",
        sym_text,
        "--keys",
        "Y",
        "--profile",
        rom_text,
    ]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("it is the program"), "{stderr}");
    assert_eq!(std::fs::read(&rom).unwrap(), before);
    let (code, stderr) = cli(&[
        "profile",
        "--jupiter",
        "--rom",
        "roms/sargon.bin",
        "--sym",
        "roms/sargon.sym",
    ]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no entry \"DRIVER\""), "{stderr}");
}

#[test]
fn a_program_without_the_board_abi_shows_its_screen_alone() {
    let source =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_echo.asm");
    let asm = sargon_z80::assembler::assemble_file(&source, &[]).unwrap();
    let symbols = sargon_z80::machine::SymbolTable::parse(&asm.sym_text()).unwrap();
    let image = Image::new(asm.bytes.clone(), asm.start, symbols).unwrap();
    let mut app = program_with(&image, "ab");
    keys(&mut app, "c");
    assert!(app.jupiter().unwrap().waiting_for_key());
    assert!(app.abi().is_none() && !app.in_search());
    let pane = screen_pane(&app);
    assert_eq!(pane.lines().nth(1), Some("Jupiter III test program"));
    assert_eq!(pane.lines().nth(2), Some("> ab"));
    let rows = rows(&app);
    assert_has(&rows, "searches 2 · keys 2");
    assert_has(&rows, " @ 4 MHz");
}
