//! The debugger at source level: the code pane shows the source's own lines at PC (labels,
//! comments, macro expansions) for the built-in image, from the listing the binary carries,
//! and for a TDL program of the project's own; breakpoints by source line (`FILE:LINE`,
//! `:LINE`, a line of a macro's body: every expansion) and by label stop at the right address;
//! `v` switches to the disassembly, which writes operands as the source did.

mod screen;

use std::path::PathBuf;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent};

use sargon_z80::assembler::{self, Options as AsmOptions};
use sargon_z80::machine::{Dialect, Image, SymbolTable, default_image};
use sargon_z80::position::Board;
use sargon_z80::source::{SourceMap, builtin};
use sargon_z80::tui::{App, Options};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    screen::lines(&screen::draw(width, height, |frame| app.draw(frame)))
}

#[track_caller]
fn assert_has(screen: &[String], text: &str) {
    assert!(
        screen.iter().any(|line| line.contains(text)),
        "{text:?} not on screen:\n{}",
        screen.join("\n")
    );
}

fn pc(app: &App) -> u16 {
    app.machine().pc()
}

/// The 1-based number of the first line of `file` (under the repository) holding `text`
/// from the line that starts with `after` on: found in the file itself, not through the
/// listing.
fn line_of(file: &str, after: &str, text: &str) -> usize {
    let source = std::fs::read_to_string(root().join(file)).unwrap();
    let start = source.lines().position(|l| l.starts_with(after)).unwrap();
    let found = source.lines().skip(start).position(|l| l.contains(text));
    start + found.unwrap_or_else(|| panic!("no {text:?} after {after:?} in {file}")) + 1
}

fn engine_app(routine: &str) -> App {
    let image = default_image();
    let options = Options {
        routine: routine.to_string(),
        source: builtin(&image).map(Arc::new),
        ..Options::default()
    };
    App::new(&image, Board::startpos(), options).unwrap()
}

#[test]
fn the_built_in_images_source_at_pc() {
    let mut app = engine_app("GENMOV");
    assert!(app.shows_source());
    let genmov = line_of("asm/genmov.asm", "GENMOV:", "GENMOV:");
    let wide = screen(&app, 140, 40);
    assert_has(&wide, &format!("GENMOV · at GENMOV · genmov.asm:{genmov}"));
    // The routine's header comment above it, its first instruction marked.
    assert_has(&wide, "▶135B");
    assert_has(&wide, &format!("{genmov:>5}  GENMOV:"));
    // Stepping into the board walk's macro: its expansion's lines, marked +.
    keys(&mut app, "ssssssss");
    let wide = screen(&app, 140, 40);
    assert!(wide.iter().any(|l| l.contains("+ ")), "{}", wide.join("\n"));
    // `v` shows the disassembly of the same code, `v` again the source.
    keys(&mut app, "v");
    assert!(!app.shows_source());
    assert_eq!(app.status(), "the disassembly");
    keys(&mut app, "v");
    assert_eq!(app.status(), "the source's lines (asm/sargon.asm)");
}

#[test]
fn breakpoints_by_line_and_by_label_stop_there() {
    let image = default_image();
    let at = |name: &str| image.symbols.get(name).unwrap();
    let mut app = engine_app("GENMOV");
    // PIECE's AND 10H, by its line in genmov.asm.
    let line = line_of("asm/genmov.asm", "PIECE:  LD", "AND     10H");
    prompt(&mut app, 'b', &format!("genmov.asm:{line}"));
    let piece = at("PIECE");
    assert_eq!(
        app.status(),
        format!(
            "breakpoint set at genmov.asm:{line}, PIECE+4 ({:04X}h)",
            piece + 4
        )
    );
    keys(&mut app, "c");
    assert_eq!(pc(&app), piece + 4);
    assert_has(&screen(&app, 140, 40), &format!("genmov.asm:{line}"));
    // The same line again clears it; the label stops at PIECE's first instruction.
    prompt(&mut app, 'b', &format!(":{line}"));
    assert_eq!(
        app.status(),
        format!(
            "breakpoint cleared at genmov.asm:{line}, PIECE+4 ({:04X}h)",
            piece + 4
        )
    );
    prompt(&mut app, 'b', "PIECE");
    keys(&mut app, "c");
    assert_eq!(pc(&app), piece);
    assert_eq!(
        app.breakpoints().iter().copied().collect::<Vec<_>>(),
        [piece]
    );
}

#[test]
fn a_line_of_a_macro_body_stops_in_every_expansion() {
    let mut app = engine_app("GENMOV");
    let map = builtin(&default_image()).unwrap();
    let macros = map.file_index("macros.asm").unwrap();
    // The first line of macros.asm that made code, and every address it made.
    let line = map
        .lines()
        .iter()
        .find(|l| l.file == macros && l.expanded && l.has_bytes())
        .unwrap();
    let places: Vec<u16> = map
        .lines()
        .iter()
        .filter(|l| l.file == macros && l.number == line.number && l.has_bytes())
        .filter_map(|l| l.addr)
        .collect();
    assert!(places.len() > 1, "{places:?}");
    prompt(&mut app, 'b', &format!("macros.asm:{}", line.number));
    assert_eq!(
        app.status(),
        format!(
            "breakpoint set at macros.asm:{}, {} places",
            line.number,
            places.len()
        )
    );
    assert_eq!(app.breakpoints().len(), places.len());
    keys(&mut app, "c");
    assert!(places.contains(&pc(&app)), "{:04X}", pc(&app));
}

/// The TDL program stepped from WALK with its source.
fn tdl_app() -> App {
    let path = root().join("tests/fixtures/tdl_program.asm");
    let options = AsmOptions {
        dialect: assembler::Dialect::Tdl,
        allow_overlap: false,
    };
    let asm = assembler::assemble_file_with(&path, &[], options).unwrap();
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    let image = Image::new(asm.bytes.clone(), asm.start, symbols).unwrap();
    let map = SourceMap::from_listing(&asm.lst_text(), "tdl_program.asm", None, &image).unwrap();
    let options = Options {
        routine: "WALK".to_string(),
        dialect: Dialect::Tdl,
        source: Some(Arc::new(map)),
        ..Options::default()
    };
    App::new(&image, Board::startpos(), options).unwrap()
}

#[test]
fn a_tdl_program_at_source_level() {
    let mut app = tdl_app();
    let walk = line_of("tests/fixtures/tdl_program.asm", "WALK:", "WALK:");
    let wide = screen(&app, 140, 40);
    assert_has(&wide, &format!("WALK · at WALK · tdl_program.asm:{walk}"));
    assert_has(&wide, "▶0205    46  WALK:   LIXD    PTR2");
    assert_has(&wide, ";       WALK: one construct a line.");
    // By line: the DJNZ .-2; it stops there three times, then runs on.
    let djnz = line_of("tests/fixtures/tdl_program.asm", "WALK:", "DJNZ    .-2");
    prompt(&mut app, 'b', &format!("tdl_program.asm:{djnz}"));
    keys(&mut app, "c");
    assert_eq!(pc(&app), 0x0219);
    assert_has(&screen(&app, 140, 40), "●▶0219    54          DJNZ    .-2");
    // The macro call's line stands for its expansion's first instruction.
    let bump = line_of("tests/fixtures/tdl_program.asm", "WALK:", "BUMP    D,PAWN");
    prompt(&mut app, 'b', &format!(":{bump}"));
    assert_eq!(
        app.status(),
        format!("breakpoint set at tdl_program.asm:{bump}, WALK+33 (0226h)")
    );
    keys(&mut app, "ccc");
    assert_eq!(pc(&app), 0x0226);
    let narrow = screen(&app, 80, 24);
    assert_has(&narrow, "ADI PAWN ; the step");
    // The disassembly speaks the source's words.
    keys(&mut app, "v");
    let code = screen(&app, 140, 40);
    assert_has(&code, "0226 C6 01        ADI PAWN");
    assert_has(&code, "0219 10 FC        DJNZ .-2");
}

#[test]
fn breakpoint_lines_that_cannot_be_set_say_why() {
    let mut app = tdl_app();
    prompt(&mut app, 'b', "other.asm:3");
    assert_eq!(app.status(), "the source has no file \"other.asm\"");
    prompt(&mut app, 'b', ":100000");
    assert_eq!(app.status(), "no code at or after tdl_program.asm:100000");
    prompt(&mut app, 'b', "NOWHERE");
    assert_eq!(app.status(), "no symbol, address or FILE:LINE \"NOWHERE\"");
    let mut plain = App::new(&default_image(), Board::startpos(), Options::default()).unwrap();
    prompt(&mut plain, 'b', "genmov.asm:10");
    assert_eq!(
        plain.status(),
        "a breakpoint by line needs the source: run with --source FILE"
    );
    keys(&mut plain, "v");
    assert_eq!(
        plain.status(),
        "no source: run with --source FILE (a source or `asm --lst` listing)"
    );
}
