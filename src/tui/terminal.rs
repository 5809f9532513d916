//! The crossterm side: raw mode and the alternate screen, restored on exit and on panic, and
//! the event loop that feeds keys to a [`Screen`] and redraws it.

use std::io::{self, Stdout};
use std::time::Duration;

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::CrosstermBackend;
use ratatui::{Frame, Terminal};

/// A full-screen program the event loop drives: the debugger and the game.
pub trait Screen {
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Handles one key press.
    fn handle_key(&mut self, key: KeyEvent);
    /// Advances whatever runs by itself (animation, a search finishing); called between keys.
    fn tick(&mut self);
    /// True once the user asked to quit.
    fn should_quit(&self) -> bool;
    /// How long to wait for a key before the next tick and redraw.
    fn frame_wait(&self) -> Duration;
}

/// A screen borrowed: the caller keeps it, to read what it holds after the loop.
impl<S: Screen + ?Sized> Screen for &mut S {
    fn draw(&self, frame: &mut Frame) {
        (**self).draw(frame);
    }
    fn handle_key(&mut self, key: KeyEvent) {
        (**self).handle_key(key);
    }
    fn tick(&mut self) {
        (**self).tick();
    }
    fn should_quit(&self) -> bool {
        (**self).should_quit()
    }
    fn frame_wait(&self) -> Duration {
        (**self).frame_wait()
    }
}

/// Leaves raw mode and the alternate screen; safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Restores the terminal when dropped, so every way out of the loop (including `?`) cleans up.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Runs `screen` until the user quits; the terminal is restored afterwards, and also before a
/// panic message is printed.
pub fn run<S: Screen>(screen: &mut S) -> io::Result<()> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    enable_raw_mode()?;
    let guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen)?;
    let mut terminal: Terminal<CrosstermBackend<Stdout>> =
        Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let result = event_loop(&mut terminal, screen);
    drop(guard);
    result
}

fn event_loop<S: Screen>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    screen: &mut S,
) -> io::Result<()> {
    while !screen.should_quit() {
        // `draw` picks up a new terminal size by itself; a resize event only wakes the loop.
        terminal.draw(|frame| screen.draw(frame))?;
        if event::poll(screen.frame_wait())? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => screen.handle_key(key),
                Event::Resize(_, _) => terminal.autoresize()?,
                _ => {}
            }
        }
        screen.tick();
    }
    Ok(())
}
