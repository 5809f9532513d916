//! The debugger at source level: the code pane shows the source's own lines at PC (labels,
//! comments, macro expansions) for the built-in image, from the listing the binary carries,
//! and for a TDL program of the project's own; breakpoints by source line (`FILE:LINE`,
//! `:LINE`, a line of a macro's body: every expansion) and by label stop at the right address;
//! `v` switches to the disassembly, which writes operands as the source did. The built-in whole
//! program on the Jupiter III steps in its own source the same way, a monitor call one step;
//! `V` switches its code pane, whose disassembly reads each monitor call as one call.

mod screen;

use std::path::PathBuf;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent};

use sargon_z80::assembler::{self, Options as AsmOptions};
use sargon_z80::jupiter::{Glyphs, Look, Options as Start, entry, parse_keys};
use sargon_z80::machine::{Dialect, Image, SymbolTable, default_image, default_program};
use sargon_z80::position::Board;
use sargon_z80::source::{SourceMap, builtin};
use sargon_z80::tui::{App, Options, PROGRAM_MIN, ProgramOptions};

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

/// The TDL program of the tests and its source map.
fn tdl_program() -> (Image, SourceMap) {
    let path = root().join("tests/fixtures/tdl_program.asm");
    let options = AsmOptions {
        dialect: assembler::Dialect::Tdl,
        allow_overlap: false,
    };
    let asm = assembler::assemble_file_with(&path, &[], options).unwrap();
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    let image = Image::new(asm.bytes.clone(), asm.start, symbols).unwrap();
    let map = SourceMap::from_listing(&asm.lst_text(), "tdl_program.asm", None, &image).unwrap();
    (image, map)
}

/// The TDL program stepped from WALK with its source.
fn tdl_app() -> App {
    let (image, map) = tdl_program();
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

/// The built-in whole program on the Jupiter III with its own source, `keys` queued.
fn program_app(keys: &str) -> App {
    let image = default_program();
    let source = builtin(&image).unwrap();
    whole_app(&image, source, Dialect::Zilog, keys)
}

/// `image` run from DRIVER on the Jupiter III with `source`, `keys` queued.
fn whole_app(image: &Image, source: SourceMap, dialect: Dialect, keys: &str) -> App {
    let program = ProgramOptions {
        start: Start {
            entry: entry(image, None).unwrap(),
            seed: 7,
        },
        entry_name: "DRIVER".to_string(),
        keys: parse_keys(keys).unwrap(),
        glyphs: Glyphs::Unicode,
        look: Look::Paper,
    };
    let options = Options {
        source: Some(Arc::new(source)),
        dialect,
        ..Options::default()
    };
    App::program(image, program, options).unwrap()
}

#[test]
fn a_whole_program_steps_in_its_own_source() {
    let image = default_program();
    let greet = image.symbols.get("GREET").unwrap();
    let mut app = program_app("");
    assert!(app.shows_source());
    let driver = line_of("asm/driver.asm", "DRIVER:", "DRIVER:");
    assert_has(
        &screen(&app, 140, 50),
        &format!("DRIVER · at DRIVER · driver.asm:{driver}"),
    );
    // By line: the greeting's print, a macro call whose line stands for its RST.
    let linout = line_of("asm/dialog.asm", "GREET:", "LINOUT  TGREET,TGREEN-TGREET");
    prompt(&mut app, 'b', &format!("dialog.asm:{linout}"));
    assert_eq!(
        app.status(),
        format!(
            "breakpoint set at dialog.asm:{linout}, GREET+5 ({:04X}h)",
            greet + 5
        )
    );
    keys(&mut app, "c");
    assert_eq!(pc(&app), greet + 5);
    // The title names the line at PC, the RST of the macro's body; the call's line above it.
    let linout_rst = line_of("asm/monitor.asm", "LINOUT  MACRO", "RST     38H");
    let at_print = screen(&app, 140, 50);
    assert_has(
        &at_print,
        &format!("DRIVER · at GREET+5 · monitor.asm:{linout_rst}"),
    );
    assert_has(
        &at_print,
        &format!("{linout:>5}          LINOUT  TGREET,TGREEN-"),
    );
    assert_has(
        &at_print,
        &format!("●▶{:04X}{linout_rst:>6}+         RST     38H", greet + 5),
    );
    // The print is one step: the RST's 11 T-states, the PC past its block (1 + 2 + 4 bytes),
    // the greeting on the machine's screen, the next line of the source marked.
    let before = app.jupiter().unwrap().clock().tstates;
    keys(&mut app, "s");
    assert_eq!(pc(&app), greet + 12);
    assert_eq!(app.jupiter().unwrap().clock().tstates, before + 11);
    let after = screen(&app, 140, 50);
    assert_has(&after, "SARGON-Z80: CHESS BY THE RULES OF SARGON");
    let newln_rst = line_of("asm/monitor.asm", "NEWLN   MACRO", "RST     38H");
    assert_has(
        &after,
        &format!("DRIVER · at GREET+12 · monitor.asm:{newln_rst}"),
    );
    assert_has(&after, &format!("{:>5}          NEWLN", linout + 1));
    // By label, in the dialogue: GR1, past the help the greeting skips.
    let gr1 = image.symbols.get("GR1").unwrap();
    prompt(&mut app, 'b', "GR1");
    keys(&mut app, "c");
    assert_eq!(pc(&app), gr1);
    let gr1_line = line_of("asm/dialog.asm", "GREET:", "GR1:");
    let blkout_rst = line_of("asm/monitor.asm", "BLKOUT  MACRO", "RST     38H");
    let at_gr1 = screen(&app, 140, 50);
    assert_has(&at_gr1, &format!("at GR1 · monitor.asm:{blkout_rst}"));
    assert_has(&at_gr1, &format!("{gr1_line:>5}  GR1:    BLKOUT  QPLAY,"));
    assert_has(
        &at_gr1,
        &format!("●▶{gr1:04X}{blkout_rst:>6}+         RST     38H"),
    );
}

#[test]
fn a_whole_programs_disassembly_reads_each_monitor_call_as_one() {
    let image = default_program();
    let greet = image.symbols.get("GREET").unwrap();
    let mut app = program_app("");
    prompt(&mut app, 'b', "GREET");
    keys(&mut app, "c");
    assert_eq!(pc(&app), greet);
    // `V` switches the code pane (`v` switches the right-hand panes of a whole program).
    keys(&mut app, "V");
    assert!(!app.shows_source());
    assert_eq!(app.status(), "the disassembly");
    let code = screen(&app, 140, 50);
    assert_has(&code, &format!("{:04X} 3E 1C        LD A,1CH", greet));
    assert_has(
        &code,
        &format!("{:04X} FF           RST 38h ; echo", greet + 2),
    );
    assert_has(&code, &format!("{:04X} 81 1A        DB 81H,1AH", greet + 3));
    assert_has(
        &code,
        &format!(
            "{:04X} FF           RST 38h ; print line \"SARGON",
            greet + 5
        ),
    );
    assert_has(
        &code,
        &format!("{:04X} B2 1A        DB 0B2H,1AH", greet + 6),
    );
    assert_has(&code, "DW TGREET,TGREEN-TGREET");
    keys(&mut app, "V");
    assert!(app.shows_source());
    // `?` names V among a whole program's keys, on one status line of the least width.
    keys(&mut app, "?");
    assert_eq!(
        app.status(),
        "i/F2 type to the program · K queue keys · R to next key read · S to next search · \
         v screen/board · V code · r restart"
    );
    assert!(app.status().chars().count() <= usize::from(PROGRAM_MIN.0));
}

#[test]
fn a_tdl_whole_program_steps_in_its_own_source() {
    let (image, map) = tdl_program();
    let at = |name: &str| image.symbols.get(name).unwrap();
    let fixture = "tests/fixtures/tdl_program.asm";
    let mut app = whole_app(&image, map, Dialect::Tdl, "x");
    // By line: the key read at AGAIN, a line of code in the dialogue.
    let again = line_of(fixture, "AGAIN:", "AGAIN:");
    prompt(&mut app, 'b', &format!("tdl_program.asm:{again}"));
    assert_eq!(
        app.status(),
        format!(
            "breakpoint set at tdl_program.asm:{again}, AGAIN ({:04X}h)",
            at("AGAIN")
        )
    );
    keys(&mut app, "c");
    assert_eq!(pc(&app), at("AGAIN"));
    let at_key = screen(&app, 140, 50);
    assert_has(
        &at_key,
        &format!("DRIVER · at AGAIN · tdl_program.asm:{again}"),
    );
    assert_has(
        &at_key,
        &format!("●▶{:04X}{again:>6}  AGAIN:  RST     7", at("AGAIN")),
    );
    assert_has(&at_key, "HELLO FROM TDL");
    // The key read is one step: 'x' in A, PC past the block's two bytes.
    keys(&mut app, "s");
    assert_eq!(pc(&app), at("AGAIN") + 3);
    assert_eq!(app.machine().a(), b'x');
    // Round to AGAIN: CPI and JRZ (7 + 7), the echo, the prompt and the new line (the RST's
    // 11 each), JMPR (12).
    let clock = app.jupiter().unwrap().clock().tstates;
    prompt(&mut app, 'K', "Q");
    keys(&mut app, "c");
    assert_eq!(pc(&app), at("AGAIN"));
    assert_eq!(
        app.jupiter().unwrap().clock().tstates - clock,
        7 + 7 + 3 * 11 + 12
    );
    // The disassembly in TDL's words, each monitor call one call with its block as data.
    keys(&mut app, "V");
    let code = screen(&app, 140, 50);
    let again = at("AGAIN");
    let prompt_at = at("PROMPT");
    let block = format!(
        "{:02X} {:02X} 05 00  .WORD PROMPT,PROMPE-PROMPT",
        prompt_at & 0xFF,
        prompt_at >> 8
    );
    for (addr, text) in [
        (again, "FF           RST 7 ; key"),
        (again + 1, "81 00        .BYTE 81H,0"),
        (again + 7, "FF           RST 7 ; echo"),
        (again + 8, "81 1A        .BYTE 81H,1AH"),
        (again + 10, "FF           RST 7 ; print \"KEY? \""),
        (again + 11, "B3 1A        .BYTE 0B3H,1AH"),
        (again + 13, block.as_str()),
        (again + 17, "FF           RST 7 ; new line"),
        (again + 18, "92 1A        .BYTE 92H,1AH"),
        (again + 20, "00 00        .WORD 0"),
        (again + 22, "18 E8        JMPR AGAIN"),
    ] {
        assert_has(&code, &format!("{addr:04X} {text}"));
    }
    keys(&mut app, "V");
    // By label: BYE, reached when Q is read.
    prompt(&mut app, 'b', "BYE");
    keys(&mut app, "c");
    assert_eq!(pc(&app), at("BYE"));
    let bye = line_of(fixture, "BYE:", "BYE:");
    let at_bye = screen(&app, 140, 50);
    assert_has(&at_bye, &format!("DRIVER · at BYE · tdl_program.asm:{bye}"));
    assert_has(
        &at_bye,
        &format!("●▶{:04X}{bye:>6}  BYE:    RST     7", at("BYE")),
    );
    assert_has(&at_bye, "xKEY?");
}
