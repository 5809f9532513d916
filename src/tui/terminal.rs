//! The crossterm side: raw mode and the alternate screen, restored on exit, on panic and on
//! SIGTERM or SIGHUP (a terminal window closed sends it), and the event loop that feeds keys
//! to a [`Screen`] and redraws it.

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
/// panic message is printed. SIGTERM or SIGHUP ends the loop at its next turn (a frame, at
/// most a quarter of a second): the terminal is restored, then the program ends by the
/// signal as it would have without the loop (exit status 143 or 129 in a shell).
pub fn run<S: Screen>(screen: &mut S) -> io::Result<()> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let signals = Signals::watch()?;
    enable_raw_mode()?;
    let guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen)?;
    let mut terminal: Terminal<CrosstermBackend<Stdout>> =
        Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let result = event_loop(&mut terminal, screen, &signals);
    drop(guard);
    signals.end_by_caught();
    result
}

fn event_loop<S: Screen>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    screen: &mut S,
    signals: &Signals,
) -> io::Result<()> {
    while !screen.should_quit() && signals.caught().is_none() {
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

/// SIGTERM and SIGHUP, caught while the terminal is taken over.
#[cfg(unix)]
struct Signals {
    /// The signal caught (0 for none).
    caught: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    ids: Vec<signal_hook::SigId>,
}

#[cfg(unix)]
impl Signals {
    const WATCHED: [i32; 2] = [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP];

    /// Catches the signals from now on: each sets the flag the loop looks at.
    fn watch() -> io::Result<Signals> {
        let caught = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut ids = Vec::with_capacity(Self::WATCHED.len());
        for signal in Self::WATCHED {
            let flag = std::sync::Arc::clone(&caught);
            ids.push(signal_hook::flag::register_usize(
                signal,
                flag,
                signal as usize,
            )?);
        }
        Ok(Signals { caught, ids })
    }

    /// The signal caught, if one was.
    fn caught(&self) -> Option<i32> {
        match self.caught.load(std::sync::atomic::Ordering::SeqCst) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }

    /// Once the terminal is restored: ends the program by the signal caught, with its default
    /// action; without one, stops catching.
    fn end_by_caught(self) {
        for id in &self.ids {
            signal_hook::low_level::unregister(*id);
        }
        if let Some(signal) = self.caught() {
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    }
}

/// Elsewhere no signal is caught.
#[cfg(not(unix))]
struct Signals;

#[cfg(not(unix))]
impl Signals {
    fn watch() -> io::Result<Signals> {
        Ok(Signals)
    }

    fn caught(&self) -> Option<i32> {
        None
    }

    fn end_by_caught(self) {}
}
