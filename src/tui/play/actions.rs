//! What the game does on a command, a move, or a finished search.

use std::path::PathBuf;
use std::time::Instant;

use crossterm::event::KeyCode;

use super::app::{PlayApp, Reply, Thinking, Tone};
use super::command::Command;
use super::save::save;
use super::worker::Finished;
use crate::engine::score::material;
use crate::files::{WriteError, path_text};
use crate::game::{Ending, Failure, Fitted, Game, GameError, Request, Tags, ending, pgn, today};
use crate::position::color_name;
use crate::reference::{Move, Rules, SanError, in_check, san};

impl PlayApp {
    /// Sets a fresh game going: Sargon searches at once when it has the move.
    pub(super) fn begin(&mut self) {
        self.first = (
            self.game.setup().fullmove().max(1),
            self.game.white_to_move(),
        );
        self.ending = ending(&self.game);
        if let Some(end) = self.ending {
            return self.announce(end);
        }
        let you = if self.options.human_white {
            "white"
        } else {
            "black"
        };
        if self.human_to_move() {
            self.say(
                Tone::Info,
                &format!("you play {you}: type a move (e4, Nf3, e2e4) or help"),
            );
        } else {
            self.start_search();
            self.say(
                Tone::Info,
                &format!("you play {you}; Sargon moves first (Esc stops its search)"),
            );
        }
    }

    pub(super) fn run(&mut self, command: Command) {
        match command {
            Command::Move(text) => self.human_move(&text),
            Command::Undo => self.undo(),
            Command::Flip => {
                self.flipped = !self.flipped;
                self.say(Tone::Info, "board turned");
            }
            Command::New(colour) => self.new_game(colour),
            Command::Level(level) => self.level(level),
            Command::Go => self.go(),
            Command::Save(file) => self.save(PathBuf::from(file), false),
            Command::Help => {
                self.help = true;
                self.say(Tone::Info, "the commands are on the right; Esc hides them");
            }
            Command::Quit => self.quit(),
        }
    }

    /// True when the side to move is the player's.
    pub fn human_to_move(&self) -> bool {
        self.game.white_to_move() == self.options.human_white
    }

    fn human_move(&mut self, text: &str) {
        if let Some(end) = self.ending {
            let text = format!("the game is over ({end}): new starts another, undo takes back");
            return self.say(Tone::Error, &text);
        }
        if self.thinking.is_some() {
            let text = "Sargon is thinking: wait for its move, or Esc stops the search";
            return self.say(Tone::Error, text);
        }
        if !self.human_to_move() {
            let text = "it is Sargon's move: go lets it play, undo takes your move back";
            return self.say(Tone::Error, text);
        }
        let mv = match self.game.find(text) {
            Ok(mv) => mv,
            Err(GameError::Move { reason, .. }) => return self.refuse(&reason),
            Err(error) => return self.say(Tone::Error, &error.to_string()),
        };
        let numbered = self.play(&mv, None);
        if !self.after_move() {
            self.start_search();
            let text = format!("you played {numbered}; Sargon is thinking (Esc stops it)");
            self.say(Tone::Good, &text);
        }
    }

    /// The message for a move that was not taken.
    fn refuse(&mut self, error: &SanError) {
        let text = match error {
            SanError::Illegal { text, .. } => {
                let board = self.game.board();
                let check = if in_check(board, board.color) {
                    " (you are in check)"
                } else {
                    ""
                };
                format!("illegal move: {text} is not a legal move here{check}")
            }
            SanError::Ambiguous { text, .. } => {
                format!("{text} is ambiguous: add the file or rank it comes from (Nbd2, R1e2)")
            }
            SanError::Syntax(text) => format!(
                "{text:?} is neither a move (e4, Nf3, O-O, e7e8q) nor a command (help lists them)"
            ),
        };
        self.say(Tone::Error, &text);
    }

    /// Plays a legal move on the game (Sargon's with POSQ as its search left it); returns it
    /// numbered in SAN ("3... Nf6").
    fn play(&mut self, mv: &Move, posq_after: Option<[u8; 2]>) -> String {
        let text = san(self.game.board(), mv, Rules::Standard).unwrap_or_else(|| mv.uci());
        let numbered = self.numbered(self.game.len(), &text);
        match posq_after {
            Some(posq) => self.game.play_searched(mv, posq),
            None => self.game.play(mv),
        }
        self.sans.push(text);
        numbered
    }

    /// The SAN of ply `index` with its move number: "12. e4" for white, "12... e5" for black.
    pub(super) fn numbered(&self, index: usize, text: &str) -> String {
        let (number, white) = self.number_of(index);
        let dots = if white { "." } else { "..." };
        format!("{number}{dots} {text}")
    }

    /// The full-move number of ply `index` of the game and whether white plays it.
    pub fn number_of(&self, index: usize) -> (u64, bool) {
        let (first, white_first) = self.first;
        let offset = index + usize::from(!white_first);
        (first + (offset / 2) as u64, offset % 2 == 0)
    }

    /// Checks for the end of the game after a move; true when it is over.
    fn after_move(&mut self) -> bool {
        self.ending = ending(&self.game);
        match self.ending {
            Some(end) => {
                self.announce(end);
                true
            }
            None => false,
        }
    }

    fn announce(&mut self, end: Ending) {
        let text = match end {
            Ending::Checkmate { white_wins } if white_wins == self.options.human_white => {
                format!("checkmate: Sargon is mated, you win ({})", end.result())
            }
            Ending::Checkmate { .. } => format!("checkmate: Sargon wins ({})", end.result()),
            _ => format!("{end} ({})", end.result()),
        };
        let text = format!("{text}; new starts another game");
        self.say(Tone::Good, &text);
    }

    fn undo(&mut self) {
        if self.thinking.take().is_some() {
            self.worker.cancel();
        }
        let plies = if self.human_to_move() { 2 } else { 1 };
        if self.game.len() < plies {
            return self.say(Tone::Error, "nothing to take back");
        }
        for _ in 0..plies {
            self.game.undo();
            self.sans.pop();
        }
        self.ending = None;
        self.reply = None;
        let text = if plies == 2 {
            "took back Sargon's reply and your move: your move"
        } else {
            "took back your move: your move"
        };
        self.say(Tone::Info, text);
    }

    fn new_game(&mut self, colour: Option<bool>) {
        self.worker.cancel();
        self.thinking = None;
        if let Some(white) = colour {
            self.options.human_white = white;
        }
        match Game::from_start(&self.options.start) {
            Ok(game) => self.game = game,
            Err(error) => return self.say(Tone::Error, &error.to_string()),
        }
        self.sans.clear();
        self.reply = None;
        self.flipped = false;
        self.begin();
    }

    fn level(&mut self, level: Option<u8>) {
        let Some(level) = level else {
            let text = format!("level {0}: Sargon searches PLYMAX {0}", self.options.level);
            return self.say(Tone::Info, &text);
        };
        self.options.level = level;
        let deep = if level > 6 {
            " (deeper than the 1978 levels 1-6)"
        } else {
            ""
        };
        let text = format!("level {level}: PLYMAX {level} from Sargon's next search{deep}");
        self.say(Tone::Info, &text);
    }

    fn go(&mut self) {
        if let Some(end) = self.ending {
            return self.say(Tone::Error, &format!("the game is over ({end})"));
        }
        if self.thinking.is_some() {
            return self.say(Tone::Error, "Sargon is already thinking");
        }
        let mut text = String::from("Sargon is thinking (Esc stops it)");
        if self.human_to_move() {
            // The player hands the side to move over; the board stays as it is drawn.
            self.options.human_white = !self.options.human_white;
            self.flipped = !self.flipped;
            let side = color_name(self.game.board().color);
            text = format!("Sargon takes over {side}; you play the other side now");
        }
        self.start_search();
        self.say(Tone::Info, &text);
    }

    fn start_search(&mut self) {
        let mut setup = *self.game.setup();
        if !self.options.book && setup.moveno == 1 {
            setup.moveno = 2;
        }
        let request = Request {
            setup,
            plymax: self.options.level,
            r_register: self.options.seed as u8,
        };
        let id = self.worker.start(request);
        self.thinking = Some(Thinking {
            id,
            started: Instant::now(),
        });
    }

    pub(super) fn finished(&mut self, finished: Finished) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        if finished.id != thinking.id {
            return;
        }
        match finished.result {
            Ok(fitted) => self.play_reply(fitted),
            Err(Failure::NoLegalMove { .. }) => {
                self.after_move();
            }
            Err(Failure::Aborted(_)) => self.say(Tone::Info, "search stopped"),
            Err(failure @ (Failure::Engine(_) | Failure::Overflow(_))) => {
                self.say(Tone::Error, &format!("Sargon's search failed: {failure}"));
            }
            Err(Failure::Runaway(error)) => {
                self.failure = Some(format!("Sargon's search failed: {error}"));
                self.quit();
            }
        }
    }

    fn play_reply(&mut self, fitted: Fitted) {
        let (answer, plymax) = (fitted.answer, fitted.plymax);
        let mv = answer.best;
        if san(self.game.board(), &mv, Rules::Standard).is_none() {
            let text = format!("Sargon answered {}, which is not legal here", mv.uci());
            return self.say(Tone::Error, &text);
        }
        let board = self.game.board();
        let material = material(board, board.color);
        let numbered = self.play(&mv, Some(answer.posq_after));
        self.reply = Some(Reply {
            numbered: numbered.clone(),
            mv,
            plymax,
            answer,
            material,
        });
        if !self.after_move() {
            let lower = match fitted.refused {
                Some((asked, overflow)) => format!(
                    " at level {plymax} (level {asked} needs {} list entries, {} fit)",
                    overflow.needed, overflow.capacity
                ),
                None => String::new(),
            };
            self.say(
                Tone::Good,
                &format!("Sargon played {numbered}{lower}: your move"),
            );
        }
    }

    /// The game as PGN, with the result so far.
    pub fn pgn(&self) -> String {
        let sargon = format!(
            "Sargon 1978 ({}, level {})",
            self.engine, self.options.level
        );
        let (white, black) = if self.options.human_white {
            ("Player".to_string(), sargon)
        } else {
            (sargon, "Player".to_string())
        };
        let tags = Tags {
            event: "Game against Sargon".to_string(),
            site: "sargon-z80 play".to_string(),
            date: today(),
            white,
            black,
            extra: vec![("Seed".to_string(), self.options.seed.to_string())],
        };
        let result = self.ending.map_or("*", |end| end.result());
        pgn(&self.game, &tags, result)
    }

    pub(super) fn save(&mut self, path: PathBuf, replace: bool) {
        match save(&path, &self.pgn(), replace, &self.options.inputs) {
            Ok(()) => {
                let plies = self.game.len();
                let text = format!("saved the game ({plies} plies) to {}", path_text(&path));
                self.say(Tone::Good, &text);
            }
            Err(WriteError::Exists { path }) => {
                let text = format!("{} exists: replace it? (y/n)", path_text(&path));
                self.confirm = Some(path);
                self.say(Tone::Info, &text);
            }
            Err(error) => self.say(Tone::Error, &error.to_string()),
        }
    }

    pub(super) fn confirm_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Char('y') | KeyCode::Char('Y') => {
                if let Some(path) = self.confirm.take() {
                    self.save(path, true);
                }
            }
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => {
                self.confirm = None;
                self.say(Tone::Info, "not saved");
            }
            _ => {}
        }
    }
}
