//! The game's state machine: keys and the engine's answers in, the screen's content out. The
//! crossterm loop lives in `terminal.rs`; everything here runs against any backend, so a script
//! can play a whole game on ratatui's `TestBackend`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::worker::Worker;
use crate::game::{Answer, Ending, Game, Searcher, Start};
use crate::reference::Move;
use crate::tui::Theme;

/// Longest line the input accepts.
const INPUT_MAX: usize = 100;

/// How the game is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayOptions {
    /// Where games start (`new` starts there again).
    pub start: Start,
    /// True when the player has white.
    pub human_white: bool,
    /// PLYMAX of Sargon's searches.
    pub level: u8,
    /// The seed: R on entry to FNDMOV is its low byte (bit 0 picks white's book move).
    pub seed: u64,
    /// The real machine's clock for the 1978 time, in MHz.
    pub mhz: f64,
    /// The opening book at the first move of either side, as in the original.
    pub book: bool,
    /// Pieces as FEN letters.
    pub ascii: bool,
    /// Colours or none.
    pub theme: Theme,
    /// The files the game was started from, each with its role ("the image"): `save` never
    /// writes over them.
    pub inputs: Vec<(PathBuf, String)>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            start: Start::Startpos,
            human_white: true,
            level: 3,
            seed: 0,
            mhz: 4.0,
            book: true,
            ascii: false,
            theme: Theme::COLOUR,
            inputs: Vec::new(),
        }
    }
}

/// What the message line says, and in which tone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// How it is shown.
    pub tone: Tone,
}

/// The tone of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something done: a move, a saved file.
    Good,
    /// A refusal or a failure.
    Error,
}

/// Sargon's last move and what its search said.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The move in SAN with its number ("12... Nf6").
    pub numbered: String,
    /// The move.
    pub mv: Move,
    /// PLYMAX of the search.
    pub plymax: u8,
    /// The search's answer.
    pub answer: Answer,
    /// The root's material balance for Sargon, in centipawns of Sargon's piece values.
    pub material: i32,
}

/// A search under way.
#[derive(Debug, Clone, Copy)]
pub(super) struct Thinking {
    pub(super) id: u64,
    pub(super) started: Instant,
}

/// Play against Sargon in the terminal.
pub struct PlayApp {
    pub(super) options: PlayOptions,
    pub(super) engine: String,
    pub(super) game: Game,
    /// The SAN of every move played, in order.
    pub(super) sans: Vec<String>,
    /// The full-move number of the first move and whether white plays it.
    pub(super) first: (u64, bool),
    pub(super) worker: Worker,
    pub(super) thinking: Option<Thinking>,
    pub(super) reply: Option<Reply>,
    pub(super) ending: Option<Ending>,
    pub(super) flipped: bool,
    pub(super) input: String,
    pub(super) message: Message,
    /// A file waiting for the player's yes to be replaced.
    pub(super) confirm: Option<PathBuf>,
    pub(super) help: bool,
    pub(super) quit: bool,
    /// Why the game ended on its own: the engine ran away.
    pub(super) failure: Option<String>,
}

impl PlayApp {
    /// A game against `searcher` (named `engine` on screen); Sargon moves first when the
    /// player has black.
    pub fn new(
        searcher: Box<dyn Searcher>,
        engine: &str,
        options: PlayOptions,
    ) -> Result<PlayApp, crate::game::GameError> {
        let game = Game::from_start(&options.start)?;
        let mut app = PlayApp {
            options,
            engine: engine.to_string(),
            game,
            sans: Vec::new(),
            first: (1, true),
            worker: Worker::spawn(searcher),
            thinking: None,
            reply: None,
            ending: None,
            flipped: false,
            input: String::new(),
            message: Message {
                text: String::new(),
                tone: Tone::Info,
            },
            confirm: None,
            help: false,
            quit: false,
            failure: None,
        };
        app.begin();
        Ok(app)
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            if matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
                self.quit();
            }
            return;
        }
        if self.confirm.is_some() {
            return self.confirm_key(key.code);
        }
        match key.code {
            KeyCode::Enter => self.submit(),
            KeyCode::Esc => self.escape(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c) if self.input.chars().count() < INPUT_MAX => self.input.push(c),
            _ => {}
        }
    }

    fn escape(&mut self) {
        if self.thinking.is_some() {
            self.worker.cancel();
            self.thinking = None;
            self.say(
                Tone::Info,
                "search stopped: go lets Sargon search again, undo takes your move back",
            );
        } else {
            self.input.clear();
            self.help = false;
        }
    }

    fn submit(&mut self) {
        let line = std::mem::take(&mut self.input);
        if line.trim().is_empty() {
            return;
        }
        self.help = false;
        match super::command::parse(&line) {
            Ok(command) => self.run(command),
            Err(error) => self.say(Tone::Error, &error),
        }
    }

    /// Takes in a finished search; the event loop calls it between keys.
    pub fn tick(&mut self) {
        if self.thinking.is_none() {
            return;
        }
        if let Some(finished) = self.worker.poll() {
            self.finished(finished);
        }
    }

    /// Waits up to `timeout` for a running search and takes its answer in (for scripts and
    /// tests); returns false when the search is still running.
    pub fn settle(&mut self, timeout: Duration) -> bool {
        if self.thinking.is_none() {
            return true;
        }
        match self.worker.wait(timeout) {
            Some(finished) => {
                self.finished(finished);
                true
            }
            None => false,
        }
    }

    pub(super) fn say(&mut self, tone: Tone, text: &str) {
        self.message = Message {
            text: text.to_string(),
            tone,
        };
    }

    pub(super) fn quit(&mut self) {
        self.worker.cancel();
        self.thinking = None;
        self.quit = true;
    }

    /// True once the player asked to quit, or the engine failed for good.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Why the game ended without the player: the engine's image ran away (runaway code), so
    /// no search can be trusted any more.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// True while Sargon searches.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Sargon's last move and its search.
    pub fn reply(&self) -> Option<&Reply> {
        self.reply.as_ref()
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The message line.
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// The options, with the level and colour as they are now.
    pub fn options(&self) -> &PlayOptions {
        &self.options
    }

    /// True when the board is drawn with black at the bottom.
    pub fn black_at_bottom(&self) -> bool {
        self.options.human_white == self.flipped
    }
}
