//! The terminal screens the docs show, each drawn at 80x24 on ratatui's test backend after the
//! keys that reach it. A doc marks an excerpt of one with `<!-- screen: NAME -->`.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};

use sargon_z80::game::Z80Searcher;
use sargon_z80::jupiter::{Glyphs, Look, Options as Start, entry, parse_keys};
use sargon_z80::machine::{default_image, default_program};
use sargon_z80::position::Board;
use sargon_z80::tui::{App, Options, PlayApp, PlayOptions, ProgramOptions};

/// The screens by name, with what each shows.
pub const SCREENS: [(&str, &str); 3] = [
    (
        "debugger-bestm",
        "tui --routine FNDMOV (PLYMAX 2, the start position, its source's lines in the code \
         pane), `w BESTM`, `c`: stopped when the search first set BESTM",
    ),
    (
        "debugger-jupiter",
        "tui --jupiter --keys 'YW2e2-e4' --seed 7, `c`: the built-in program waits for the \
         player's second move in its source's lines (124x36)",
    ),
    (
        "play-z80",
        "play at level 2, seed 1234, the emulated engine: 1. e4 e5 2. Nf3 Nc6",
    ),
];

/// The rows of the screen `name`, or None for a name no screen has.
pub fn screen(name: &str) -> Option<Vec<String>> {
    match name {
        "debugger-bestm" => Some(debugger_bestm()),
        "debugger-jupiter" => Some(debugger_jupiter()),
        "play-z80" => Some(play_z80()),
        _ => None,
    }
}

fn rows(render: impl FnOnce(&mut ratatui::Frame)) -> Vec<String> {
    crate::screen::lines(&crate::screen::draw(80, 24, render))
}

fn debugger_bestm() -> Vec<String> {
    let image = default_image();
    let options = Options {
        routine: "FNDMOV".to_string(),
        // As `tui` runs it: the built-in image with its own source.
        source: sargon_z80::source::builtin(&image).map(std::sync::Arc::new),
        ..Options::default()
    };
    let mut app = App::new(&image, Board::startpos(), options).unwrap();
    for key in "wBESTM".chars() {
        app.handle_key(KeyEvent::from(KeyCode::Char(key)));
    }
    app.handle_key(KeyEvent::from(KeyCode::Enter));
    app.handle_key(KeyEvent::from(KeyCode::Char('c')));
    rows(|frame| app.draw(frame))
}

fn debugger_jupiter() -> Vec<String> {
    let image = default_program();
    let program = ProgramOptions {
        start: Start {
            entry: entry(&image, None).unwrap(),
            seed: 7,
        },
        entry_name: "DRIVER".to_string(),
        keys: parse_keys("YW2e2-e4").unwrap(),
        glyphs: Glyphs::Unicode,
        look: Look::Paper,
    };
    let options = Options {
        // As `tui` runs it: the built-in program with its own source.
        source: sargon_z80::source::builtin(&image).map(std::sync::Arc::new),
        ..Options::default()
    };
    let mut app = App::program(&image, program, options).unwrap();
    app.handle_key(KeyEvent::from(KeyCode::Char('c')));
    crate::screen::lines(&crate::screen::draw(124, 36, |frame| app.draw(frame)))
}

fn play_z80() -> Vec<String> {
    let z80 = Z80Searcher::new(&default_image(), "built-in").unwrap();
    let options = PlayOptions {
        level: 2,
        seed: 1234,
        ..PlayOptions::default()
    };
    let mut app = PlayApp::new(Box::new(z80), "Z80", options).unwrap();
    for mv in ["e4", "Nf3"] {
        for key in mv.chars() {
            app.handle_key(KeyEvent::from(KeyCode::Char(key)));
        }
        app.handle_key(KeyEvent::from(KeyCode::Enter));
        assert!(
            app.settle(Duration::from_secs(60)),
            "Sargon's reply to {mv}"
        );
    }
    rows(|frame| app.draw(frame))
}
