//! `jupiter` in the terminal: the Jupiter III's 64x32 screen framed, the program running on
//! its own clock between frames (paced or as fast as the host allows), keys typed straight to
//! it, and a status of the clock and the computer's last move. [`screen_lines`] draws the
//! machine's screen in its own tones for this session and for any other pane that shows it.

mod app;
mod screen;
mod view;

use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::Frame;

pub use app::{JupiterApp, JupiterView, key_code};
pub use screen::{ASCII_BORDER, border_set, screen_lines, separator};
pub use view::JUPITER_MIN;

use super::terminal::Screen;

/// How long the event loop waits for a key while the program waits for one too.
const IDLE_FRAME: Duration = Duration::from_millis(250);

impl Screen for JupiterApp {
    fn draw(&self, frame: &mut Frame) {
        JupiterApp::draw(self, frame);
    }

    fn handle_key(&mut self, key: KeyEvent) {
        JupiterApp::handle_key(self, key);
    }

    fn tick(&mut self) {
        JupiterApp::tick(self);
    }

    fn should_quit(&self) -> bool {
        JupiterApp::should_quit(self)
    }

    fn frame_wait(&self) -> Duration {
        if self.is_running() {
            Duration::ZERO
        } else {
            IDLE_FRAME
        }
    }
}
