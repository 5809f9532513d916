//! The state of a terminal session: the machine, its pacing, and how the session stopped.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::jupiter::{Glyphs, Jupiter, JupiterError, Look, Pacer, Pause, Stop};
use crate::tui::Theme;

/// How long the program runs between two frames.
const FRAME: Duration = Duration::from_millis(20);
/// T-states per run of an unpaced frame between two looks at the time.
const CHUNK: u64 = 2_000_000;

/// How a session is shown and run.
#[derive(Debug, Clone, Copy)]
pub struct JupiterView {
    /// How block graphics are drawn.
    pub glyphs: Glyphs,
    /// The screen's tones: dark on light as the machine's, or the negative.
    pub look: Look,
    /// The clock for real-machine times and pacing, in MHz.
    pub mhz: f64,
    /// Run at `mhz` instead of as fast as the host allows.
    pub pace: bool,
    /// The clock limit in T-states (`u64::MAX` for none).
    pub limit: u64,
    /// Colours or not.
    pub theme: Theme,
}

/// A program on the Jupiter III in the terminal: keys in, screen out.
pub struct JupiterApp {
    pub(super) jupiter: Jupiter,
    pub(super) view: JupiterView,
    pacer: Option<Pacer>,
    /// Set when the program stopped for good (it ended, failed or reached the limit).
    pub(super) stopped: Option<Stop>,
    quit: bool,
    started: Instant,
    ended: Option<Instant>,
    /// Since when the program's clock has stood still (it waits for a key none is typed
    /// for, or it stopped), if it does.
    idle_since: Option<Instant>,
    /// The wall time the clock stood still before that.
    idle: Duration,
}

/// The code a key sends to the program: ASCII as typed, Enter 0DH, Backspace 08H, Escape
/// 1BH, Tab 09H, Ctrl letters 01H-1AH (and Ctrl-@ [ \ ] ^ _); None for the rest.
pub fn key_code(key: KeyEvent) -> Option<u8> {
    match key.code {
        KeyCode::Enter => Some(0x0D),
        KeyCode::Backspace => Some(0x08),
        KeyCode::Esc => Some(0x1B),
        KeyCode::Tab => Some(0x09),
        KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::CONTROL) => match c {
            'a'..='z' | 'A'..='Z' | '@' | '[' | '\\' | ']' | '^' | '_' => {
                Some(c.to_ascii_uppercase() as u8 & 0x1F)
            }
            _ => None,
        },
        KeyCode::Char(c) if c.is_ascii() => Some(c as u8),
        _ => None,
    }
}

fn is_ctrl_c(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}

impl JupiterApp {
    /// A session of `jupiter` (its program not started yet) shown as `view` says.
    pub fn new(jupiter: Jupiter, view: JupiterView) -> JupiterApp {
        let now = Instant::now();
        JupiterApp {
            pacer: view
                .pace
                .then(|| Pacer::new(view.mhz, jupiter.clock().tstates, now)),
            jupiter,
            view,
            stopped: None,
            quit: false,
            started: now,
            ended: None,
            idle_since: None,
            idle: Duration::ZERO,
        }
    }

    /// A key: Ctrl-C leaves at once; once the program has stopped any key leaves; otherwise
    /// the key goes to the program.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if is_ctrl_c(key) || self.stopped.is_some() {
            self.leave();
            return;
        }
        if let Some(code) = key_code(key) {
            self.jupiter.push_key(code);
        }
    }

    fn leave(&mut self) {
        self.quit = true;
        self.ended.get_or_insert_with(Instant::now);
    }

    /// Runs the program for one frame: until it waits for a key, stops, or the frame's time
    /// is up (paced: until the clock due at the frame's end).
    pub fn tick(&mut self) {
        if self.stopped.is_some() || self.quit {
            return;
        }
        let now = Instant::now();
        if self.jupiter.keys_queued() > 0 || !self.jupiter.waiting_for_key() {
            self.idle += self
                .idle_since
                .take()
                .map_or(Duration::ZERO, |since| now - since);
        }
        let deadline = now + FRAME;
        let limit = self.view.limit;
        let result = match &mut self.pacer {
            Some(pacer) => pacer.run(&mut self.jupiter, limit, deadline),
            None => self.run_until(deadline),
        };
        self.settle(result);
        if self.stopped.is_some() || self.jupiter.waiting_for_key() {
            self.idle_since.get_or_insert_with(Instant::now);
        }
    }

    /// Runs unpaced until `deadline`, or a pause of the program's own.
    fn run_until(&mut self, deadline: Instant) -> Result<Pause, JupiterError> {
        loop {
            let until = self.view.limit.min(self.jupiter.clock().tstates + CHUNK);
            let pause = self.jupiter.run(until)?;
            let at_limit = self.jupiter.clock().tstates >= self.view.limit;
            if pause != Pause::Clock || at_limit || Instant::now() >= deadline {
                return Ok(pause);
            }
        }
    }

    /// Runs until the program waits for a key, stops, or `max` wall time passed: for tests
    /// and for typing ahead.
    pub fn run_for(&mut self, max: Duration) {
        let deadline = Instant::now() + max;
        while self.stopped.is_none() && Instant::now() < deadline {
            self.tick();
            if self.jupiter.waiting_for_key() && self.jupiter.keys_queued() == 0 {
                return;
            }
        }
    }

    fn settle(&mut self, result: Result<Pause, JupiterError>) {
        let stop = match result {
            Ok(Pause::Clock) if self.jupiter.clock().tstates >= self.view.limit => Stop::Limit,
            Ok(Pause::Clock | Pause::Key) => return,
            Ok(Pause::Ended(end)) => Stop::Ended(end),
            Err(error) => Stop::Failed(error),
        };
        self.stopped = Some(stop);
    }

    /// True when the program runs (neither waiting for a key nor stopped).
    pub fn is_running(&self) -> bool {
        self.stopped.is_none() && !self.quit && !self.jupiter.waiting_for_key()
    }

    /// True once the user left.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The machine.
    pub fn jupiter(&self) -> &Jupiter {
        &self.jupiter
    }

    /// How the session stopped: the program's own stop, else waiting for a key when the user
    /// left while it waited, else interrupted.
    pub fn stop(&self) -> Stop {
        match &self.stopped {
            Some(stop) => stop.clone(),
            None if self.jupiter.waiting_for_key() && self.jupiter.keys_queued() == 0 => Stop::Key,
            None => Stop::Interrupted,
        }
    }

    /// The session's wall time.
    pub fn wall(&self) -> Duration {
        self.ended.unwrap_or_else(Instant::now) - self.started
    }

    /// The wall time the program's clock ran: the session's, less the waits for keys and the
    /// time after the program stopped.
    pub fn running(&self) -> Duration {
        let end = self.ended.unwrap_or_else(Instant::now);
        let still = self
            .idle_since
            .map_or(Duration::ZERO, |since| end.saturating_duration_since(since));
        self.wall().saturating_sub(self.idle + still)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<u8> {
        key_code(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_map_to_the_programs_codes() {
        let none = KeyModifiers::NONE;
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(key(KeyCode::Char('e'), none), Some(b'e'));
        assert_eq!(key(KeyCode::Char('E'), KeyModifiers::SHIFT), Some(b'E'));
        assert_eq!(key(KeyCode::Enter, none), Some(0x0D));
        assert_eq!(key(KeyCode::Backspace, none), Some(0x08));
        assert_eq!(key(KeyCode::Esc, none), Some(0x1B));
        assert_eq!(key(KeyCode::Char('r'), ctrl), Some(0x12));
        assert_eq!(key(KeyCode::Char('\\'), ctrl), Some(0x1C));
        assert_eq!(key(KeyCode::Char('\u{e9}'), none), None);
        assert_eq!(key(KeyCode::F(1), none), None);
        assert_eq!(key(KeyCode::Char('1'), ctrl), None);
    }
}
