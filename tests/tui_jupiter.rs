//! The Jupiter III in the terminal, driven by key events against ratatui's TestBackend, on the
//! echo program of tests/fixtures/jupiter_echo.asm.

mod screen;

use std::path::Path;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

use sargon_z80::assembler::assemble_file;
use sargon_z80::jupiter::{End, Glyphs, Jupiter, Look, Options, Stop, entry};
use sargon_z80::machine::{Image, SymbolTable};
use sargon_z80::tui::{JUPITER_MIN, JupiterApp, JupiterView, Theme};

fn echo_image() -> Image {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_echo.asm");
    let asm = assemble_file(&source, &[]).unwrap();
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    Image::new(asm.bytes.clone(), asm.start, symbols).unwrap()
}

fn app(glyphs: Glyphs) -> JupiterApp {
    app_at(glyphs, 4.0)
}

/// The echo program in a session whose times are taken at `mhz`.
fn app_at(glyphs: Glyphs, mhz: f64) -> JupiterApp {
    app_in(glyphs, mhz, Look::Paper, Theme::PLAIN)
}

/// The echo program in a session drawn in `look` and `theme`.
fn app_in(glyphs: Glyphs, mhz: f64, look: Look, theme: Theme) -> JupiterApp {
    let image = echo_image();
    let options = Options {
        entry: entry(&image, None).unwrap(),
        seed: 4,
    };
    let view = JupiterView {
        glyphs,
        look,
        mhz,
        pace: false,
        limit: u64::MAX,
        theme,
    };
    let mut app = JupiterApp::new(Jupiter::new(&image, options).unwrap(), view);
    app.run_for(Duration::from_secs(10));
    app
}

fn lines(app: &JupiterApp, width: u16, height: u16) -> Vec<String> {
    screen::lines(&screen::draw(width, height, |frame| app.draw(frame)))
}

fn press(app: &mut JupiterApp, code: KeyCode, modifiers: KeyModifiers) {
    app.handle_key(KeyEvent::new(code, modifiers));
    app.run_for(Duration::from_secs(10));
}

fn typed(app: &mut JupiterApp, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

#[test]
fn the_framed_screen_with_the_clock_and_the_status() {
    let app = app(Glyphs::Unicode);
    assert!(app.jupiter().waiting_for_key());
    let s = lines(&app, 80, 36);
    assert!(s[0].starts_with("┌ Jupiter III ─"), "{}", s[0]);
    assert!(
        s[0].ends_with("─ 0:00.0 · 266 T ┐              "),
        "{}",
        s[0]
    );
    assert!(s[2].starts_with("│Jupiter III test program  "), "{}", s[2]);
    assert!(s[3].starts_with("│>  "), "{}", s[3]);
    assert!(s[6].starts_with("│ ██████▐ "), "{}", s[6]);
    assert!(
        s[33].starts_with("└") && s[33].contains(" Ctrl-C quits ┘"),
        "{}",
        s[33]
    );
    assert_eq!(s[34].trim_end(), "waiting for a key · seed 4");
    assert_eq!(s[35].trim_end(), "no computer move yet");
    assert!(s.iter().all(|l| l.chars().count() == 80));
}

#[test]
fn typed_keys_reach_the_program_and_its_searches_are_timed() {
    let mut app = app(Glyphs::Ascii);
    typed(&mut app, "ab");
    let s = lines(&app, 66, 36);
    // --ascii: an ASCII frame too.
    assert!(s[0].starts_with("+ Jupiter III ---"), "{}", s[0]);
    assert!(s[0].ends_with(" 0:00.0 - 3,074 T +"), "{}", s[0]);
    assert!(s[3].starts_with("|> ab "), "{}", s[3]);
    assert!(s[6].starts_with("| ######] "), "{}", s[6]);
    // b (98): 4 + 97 x 13 + 8 + 10 + 8 + 7 + 10 + 16 + 10 T-states, 105 instructions.
    assert!(
        s[33].starts_with("+ f7f5 1,334 T 105 instr < 1 ms "),
        "{}",
        s[33]
    );
    assert!(s.iter().all(|l| l.is_ascii()), "{s:#?}");
    assert_eq!(s[35].trim_end(), "2 searches: 2,650 T, < 1 ms at 4 MHz");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(lines(&app, 66, 36)[4].starts_with("|>  "));
    assert_eq!(app.jupiter().keys_used(), b"ab\r");
    assert_eq!(app.jupiter().keys_pushed(), b"ab\r");
    // Times as every report writes them: at 1 kHz the same searches take seconds.
    let mut slow = app_at(Glyphs::Ascii, 0.001);
    typed(&mut slow, "ab");
    let s = lines(&slow, 66, 36);
    assert!(
        s[33].starts_with("+ f7f5 1,334 T 105 instr 1.33 s "),
        "{}",
        s[33]
    );
    assert_eq!(s[35].trim_end(), "2 searches: 2,650 T, 2.65 s at 0.001 MHz");
}

#[test]
fn the_cursor_shows_while_the_program_waits_for_a_key() {
    let app = app(Glyphs::Unicode);
    let buffer = screen::draw(66, 34, |frame| app.draw(frame));
    // Row 2 of the screen ("> " then the cursor), inside the frame.
    let cell = &buffer[(1 + 2, 1 + 2)];
    assert!(cell.modifier.contains(Modifier::REVERSED));
    assert!(!buffer[(1 + 1, 1 + 2)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn ctrl_r_ends_the_program_and_any_key_then_leaves() {
    let mut app = app(Glyphs::Unicode);
    press(&mut app, KeyCode::Char('r'), KeyModifiers::CONTROL);
    assert_eq!(app.stop(), Stop::Ended(End::Monitor { block: 0x0142 }));
    assert!(!app.should_quit());
    let s = lines(&app, 70, 36);
    assert_eq!(
        s[34].trim_end(),
        "the program returned to the monitor (any key leaves)"
    );
    assert!(s[33].ends_with(" any key leaves ┘    "), "{}", s[33]);
    press(&mut app, KeyCode::Char('x'), KeyModifiers::NONE);
    assert!(app.should_quit());
    assert_eq!(
        app.jupiter().keys_used(),
        b"\x12",
        "the key that left went nowhere"
    );
}

#[test]
fn ctrl_c_leaves_at_once() {
    let mut app = app(Glyphs::Unicode);
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.should_quit());
    assert_eq!(
        app.stop(),
        Stop::Key,
        "it left while the program waited for a key"
    );
    assert!(app.jupiter().keys_used().is_empty());
}

#[test]
fn a_small_terminal_is_told_the_size_it_needs() {
    let app = app(Glyphs::Unicode);
    let (w, h) = JUPITER_MIN;
    assert_eq!((w, h), (66, 34));
    let s = lines(&app, 80, 24);
    assert_eq!(
        s[0].trim_end(),
        "terminal too small: 80x24; the Jupiter III's screen needs 66x34 (Ctrl-C quits)"
    );
    // In 60 columns the words wrap; none is cut off.
    let s = lines(&app, 60, 20);
    assert_eq!(
        s[..2].iter().map(|l| l.trim_end()).collect::<Vec<_>>(),
        [
            "terminal too small: 60x20; the Jupiter III's screen needs",
            "66x34 (Ctrl-C quits)"
        ]
    );
    let s = lines(&app, 66, 34);
    assert!(s[33].starts_with("└"), "the frame fits exactly");
}

/// Bytes written, kept where the test can read them after the backend has written them.
#[derive(Clone, Default)]
struct Written(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Written {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The bytes the crossterm backend writes for one frame of `app` on a 66x34 terminal.
fn escape_codes(app: &JupiterApp) -> String {
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use ratatui::{Terminal, TerminalOptions, Viewport};
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, 66, 34)),
    };
    let written = Written::default();
    let backend = CrosstermBackend::new(written.clone());
    let mut terminal = Terminal::with_options(backend, options).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    String::from_utf8(written.0.borrow().clone()).unwrap()
}

#[test]
fn the_terminal_draws_the_screen_dark_on_light_whatever_its_theme() {
    // The colours are the 256-colour palette's greys 234 (ink) and 255 (paper), which themes
    // leave alone, in both themes: the terminal's own colours would make a dark theme show a
    // negative.
    for theme in [Theme::COLOUR, Theme::PLAIN] {
        let app = app_in(Glyphs::Unicode, 4.0, Look::Paper, theme);
        assert_eq!(
            colours_before(&escape_codes(&app), "Jupiter III test program"),
            "\u{1b}[38;5;234;48;5;255m",
            "{theme:?}"
        );
    }
    let negative = app_in(Glyphs::Unicode, 4.0, Look::Negative, Theme::COLOUR);
    assert_eq!(
        colours_before(&escape_codes(&negative), "Jupiter III test program"),
        "\u{1b}[38;5;255;48;5;234m"
    );
}

/// The last colour sequence written before `text`.
fn colours_before(out: &str, text: &str) -> String {
    let before = &out[..out.find(text).expect("the text is drawn")];
    let start = before.rfind("\u{1b}[38;5;").expect("a colour before it");
    let end = start + before[start..].find('m').unwrap();
    before[start..=end].to_string()
}

#[test]
fn waits_for_keys_are_not_running_time() {
    let mut app = app(Glyphs::Unicode);
    std::thread::sleep(Duration::from_millis(300));
    app.tick();
    std::thread::sleep(Duration::from_millis(300));
    assert!(app.wall() >= Duration::from_millis(600));
    assert!(
        app.running() < Duration::from_millis(200),
        "running {:?} of {:?}",
        app.running(),
        app.wall()
    );
    typed(&mut app, "a");
    assert!(
        app.running() < Duration::from_millis(300),
        "{:?}",
        app.running()
    );
}
