//! `play`: a game against Sargon in the terminal. The engine searches on its own thread
//! ([`Worker`]) so the screen answers keys while it thinks; Esc stops a search through the game
//! room's stop flag. Every move goes through [`crate::game::Game`], which keeps the program's
//! memory between moves as the 1978 game did.

mod actions;
mod app;
mod board;
mod command;
mod save;
mod view;
mod worker;

use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::Frame;

pub use app::{Message, PlayApp, PlayOptions, Reply, Tone};
pub use command::{Command, parse};
pub use save::save;
pub use view::PLAY_MIN;
pub use worker::{Finished, Worker};

use super::terminal::Screen;

/// How often the screen is redrawn while Sargon thinks (its clock runs in the title).
const THINKING_FRAME: Duration = Duration::from_millis(100);
/// How long to wait for a key otherwise.
const IDLE_FRAME: Duration = Duration::from_millis(500);

impl Screen for PlayApp {
    fn draw(&self, frame: &mut Frame) {
        PlayApp::draw(self, frame);
    }

    fn handle_key(&mut self, key: KeyEvent) {
        PlayApp::handle_key(self, key);
    }

    fn tick(&mut self) {
        PlayApp::tick(self);
    }

    fn should_quit(&self) -> bool {
        PlayApp::should_quit(self)
    }

    fn frame_wait(&self) -> Duration {
        if self.is_thinking() {
            THINKING_FRAME
        } else {
            IDLE_FRAME
        }
    }
}
