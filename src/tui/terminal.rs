//! The crossterm side: raw mode and the alternate screen, restored on exit and on panic, and
//! the event loop that feeds keys to the [`App`] and redraws it.

use std::io::{self, Stdout};
use std::time::Duration;

use crossterm::event::{self, Event, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::App;

/// How long to wait for a key while running (one animation frame).
const RUNNING_FRAME: Duration = Duration::from_millis(16);
/// How long to wait for a key while paused (nothing changes without one).
const PAUSED_FRAME: Duration = Duration::from_millis(500);

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

/// Runs the debugger until the user quits; the terminal is restored afterwards, and also
/// before a panic message is printed.
pub fn run(mut app: App) -> io::Result<()> {
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
    let result = event_loop(&mut terminal, &mut app);
    drop(guard);
    result
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &mut App) -> io::Result<()> {
    while !app.should_quit() {
        // `draw` picks up a new terminal size by itself; a resize event only wakes the loop.
        terminal.draw(|frame| app.draw(frame))?;
        let wait = if app.is_running() {
            RUNNING_FRAME
        } else {
            PAUSED_FRAME
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.handle_key(key),
                Event::Resize(_, _) => terminal.autoresize()?,
                _ => {}
            }
        }
        app.tick();
    }
    Ok(())
}
