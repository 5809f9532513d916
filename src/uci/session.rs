//! The UCI conversation: reads the GUI's lines, keeps the game, runs searches on a worker
//! thread so that `isready` and `stop` are answered while it thinks.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::clock::reserve;
use super::command::{Command, StartPosition, parse_line};
use super::go::GoParams;
use super::line::LineError;
use super::options::Options;
use super::output::Output;
use super::read::read_line;
use super::think::think;
use super::thought::{EngineMove, Thought};
use crate::game::{Game, MoveTimer, Searcher, Signals, Start};

/// A finished worker: the searcher back, and the move it chose (to carry its POSQ into the game).
type Worker = JoinHandle<(Box<dyn Searcher>, Option<EngineMove>)>;

/// The engine side of a UCI session.
pub struct Session {
    out: Output,
    name: String,
    options: Options,
    /// The game; None after a refused `position`, until the next one is accepted.
    game: Option<Game>,
    /// The moves of `game` in UCI text, as the GUI sent them.
    moves: Vec<String>,
    searcher: Option<Box<dyn Searcher>>,
    worker: Option<Worker>,
    stop: Arc<AtomicBool>,
    /// The clock of the running search's move (waiting while it ponders).
    timer: Arc<MoveTimer>,
    /// The engine's last move not yet seen in a `position` command.
    pending: Option<EngineMove>,
    /// The seed of this game (R on entry to FNDMOV), announced once per game.
    seed: Option<u64>,
    /// True while the running search ponders (until `ponderhit` or `stop`).
    pondering: bool,
    /// A repeating time control of the engine's side: the moves to go at the last `go`, and
    /// the engine's clock when the control began.
    period: Option<(u32, Duration)>,
}

impl Session {
    /// A session that answers on `out` with `searcher`; `name` goes into `id name`.
    pub fn new(searcher: Box<dyn Searcher>, name: &str, out: Output) -> Session {
        Session {
            out,
            name: name.to_string(),
            options: Options::new(searcher.deepest()),
            game: Some(Game::new()),
            moves: Vec::new(),
            searcher: Some(searcher),
            worker: None,
            stop: Arc::new(AtomicBool::new(false)),
            timer: Arc::new(MoveTimer::running()),
            pending: None,
            seed: None,
            pondering: false,
            period: None,
        }
    }

    /// Reads commands until `quit`, the end of the input, or a closed output. The end of the
    /// input is `quit`, as GUIs and engines take it: a running search is stopped and answers.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut buffer = Vec::new();
        loop {
            let line = match read_line(&mut input, &mut buffer) {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(reason) => {
                    self.out.info(&format!("ignored a line: {reason}"));
                    continue;
                }
            };
            if !self.handle(&line) || self.out.is_closed() {
                break;
            }
        }
        self.finish_search();
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        match parse_line(line) {
            Ok(Some(Command::Quit)) => return false,
            Ok(Some(command)) => self.command(command),
            Ok(None) => {}
            // A GUI that sent a position meant to leave the old one: it is refused, not kept.
            Err(
                error @ LineError::Malformed {
                    command: "position",
                    ..
                },
            ) => {
                self.refuse_position(&error.to_string());
            }
            // A `go` is answered, whatever its words: here with no move and the reason.
            Err(error @ LineError::Malformed { command: "go", .. }) => {
                self.finish_search();
                self.out
                    .info(&format!("no search: {}", printable(&error.to_string())));
                self.out.line("bestmove 0000");
            }
            Err(error) => self.out.info(&format!("ignored: {error}")),
        }
        true
    }

    fn command(&mut self, command: Command) {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::Debug(_) => {}
            Command::PonderHit => self.ponderhit(),
            Command::Stop => self.stop.store(true, Ordering::Relaxed),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => self.new_game(),
            Command::Position { start, moves } => self.position(start, moves),
            Command::Go(params) => self.go(params),
            Command::Quit => {}
        }
    }

    fn identify(&mut self) {
        self.out.line(&format!("id name {}", self.name));
        self.out
            .line("id author Dan and Kathe Spracklen (Sargon, 1978); sargon-z80 harness");
        for line in self.options.declarations() {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        self.finish_search();
        if let Err(reason) = self.options.set(name, value) {
            self.out.info(&format!("ignored setoption: {reason}"));
        } else if name.trim().eq_ignore_ascii_case("seed") {
            self.seed = None;
        }
    }

    /// The opponent played the move the engine pondered on: the move's clock starts now and
    /// the search goes on as a normal one.
    fn ponderhit(&mut self) {
        if !self.pondering {
            return self
                .out
                .info("ignored ponderhit: the engine is not pondering");
        }
        self.timer.start();
        self.pondering = false;
    }

    fn new_game(&mut self) {
        self.finish_search();
        self.game = Some(Game::new());
        self.moves.clear();
        self.pending = None;
        self.seed = None;
        self.period = None;
    }

    /// Follows the GUI's position. When it continues the game held (same start, the held moves
    /// first), only the new moves are played, so the program's memory (POSQ as the searches
    /// left it) carries on; otherwise the game is set up afresh from the start and its moves.
    fn position(&mut self, start: StartPosition, moves: Vec<String>) {
        self.finish_search();
        let start = match start {
            StartPosition::Startpos => Start::Startpos,
            StartPosition::Fen(fen) => Start::Fen(fen),
        };
        let continues = self
            .game
            .as_ref()
            .is_some_and(|game| *game.start() == start && moves.starts_with(&self.moves));
        if !continues {
            match Game::from_start(&start) {
                Ok(game) => self.game = Some(game),
                Err(error) => return self.refuse_position(&error.to_string()),
            }
            self.moves.clear();
        }
        for text in &moves[self.moves.len()..] {
            if let Err(error) = self.play(text) {
                return self.refuse_position(&error);
            }
        }
    }

    /// Plays one move of the GUI's list, with the searched POSQ (and the mate exit's lower
    /// level) when it is the engine's own.
    fn play(&mut self, text: &str) -> Result<(), String> {
        let Some(game) = self.game.as_mut() else {
            return Err("no position".to_string());
        };
        let mv = game.find(text).map_err(|error| error.to_string())?;
        match self.pending.take() {
            Some(own) if own.index == self.moves.len() && own.best == mv => {
                game.play_searched(&mv, own.posq_after);
                if own.mate_exit {
                    game.lower_level();
                }
            }
            _ => game.play(&mv),
        }
        self.moves.push(text.to_string());
        Ok(())
    }

    /// A refused `position` leaves no position: a `go` before the next accepted one answers
    /// `bestmove 0000` rather than a move in a position the GUI does not have.
    fn refuse_position(&mut self, reason: &str) {
        self.game = None;
        self.moves.clear();
        self.pending = None;
        self.out.info(&format!(
            "refused position ({}): no position until the next one",
            printable(reason)
        ));
    }

    fn go(&mut self, params: GoParams) {
        self.finish_search();
        let Some(game) = self.game.clone() else {
            self.out
                .info("no position: the last position command was refused");
            return self.out.line("bestmove 0000");
        };
        let Some(mut searcher) = self.searcher.take() else {
            self.out.info("no engine available");
            return self.out.line("bestmove 0000");
        };
        self.stop.store(false, Ordering::Relaxed);
        self.pondering = params.ponder;
        self.timer = Arc::new(if params.ponder {
            MoveTimer::waiting()
        } else {
            MoveTimer::running()
        });
        let (seed, announced) = self.seed();
        let reserve = self.reserve(&params, game.white_to_move());
        let thought = Thought {
            game,
            index: self.moves.len(),
            params,
            options: self.options.clone(),
            r_register: seed as u8,
            deepest: searcher.deepest(),
            reserve,
            notes: announced.into_iter().collect(),
        };
        let (out, stop, timer) = (
            self.out.clone(),
            Arc::clone(&self.stop),
            Arc::clone(&self.timer),
        );
        self.worker = Some(std::thread::spawn(move || {
            let signals = Signals {
                stop: &stop,
                timer: &timer,
            };
            let own = think(searcher.as_mut(), &thought, &out, signals);
            (searcher, own)
        }));
    }

    /// The game's seed: the option's, or one drawn at random; the first search of a game
    /// says it, for replay.
    fn seed(&mut self) -> (u64, Option<String>) {
        if let Some(seed) = self.seed {
            return (seed, None);
        }
        let seed = self.options.seed.unwrap_or_else(random_seed);
        self.seed = Some(seed);
        let note = format!(
            "seed {seed}: R = 0x{:02X} on entry to FNDMOV (setoption name Seed value {seed} replays this game)",
            seed as u8
        );
        (seed, Some(note))
    }

    /// What this move keeps for the end of a repeating time control: a new control begins
    /// when the moves to go go up (or with the game), and its time is the engine's clock then.
    fn reserve(&mut self, params: &GoParams, white_to_move: bool) -> Duration {
        let (Some(to_go), Some((remaining, _))) =
            (params.movestogo, params.own_clock(white_to_move))
        else {
            self.period = None;
            return Duration::ZERO;
        };
        let start = match self.period {
            Some((last, start)) if to_go <= last => start,
            _ => remaining,
        };
        self.period = Some((to_go, start));
        reserve(start)
    }

    /// Stops a running search and takes the searcher back.
    fn finish_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
        self.pondering = false;
    }

    /// Waits until a running search has answered `bestmove` on its own (a search under
    /// `infinite` waits for `stop`), and takes the searcher back.
    pub fn wait(&mut self) {
        let Some(worker) = self.worker.take() else {
            return;
        };
        match worker.join() {
            Ok((searcher, own)) => {
                self.searcher = Some(searcher);
                self.pending = own;
            }
            Err(_) => self.out.info("the search thread failed; no engine is left"),
        }
    }
}

/// A seed from the process's random hasher keys (no extra dependency for one number).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// A message for an `info string`: one line, control characters escaped, at most 200
/// characters (its quotes of the GUI's input are already short).
fn printable(message: &str) -> String {
    crate::files::printable(message, 200)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::NativeSearcher;
    use crate::uci::output::Captured;

    /// The session's answers to `script`, each search waited for (the end of the input would
    /// stop it).
    fn converse(script: &str) -> Vec<String> {
        let captured = Captured::default();
        let mut session =
            Session::new(Box::new(NativeSearcher::new()), "Sargon", captured.output());
        for line in script.lines() {
            session.handle(line);
        }
        session.wait();
        captured.lines()
    }

    #[test]
    fn handshake_and_a_depth_search() {
        let lines = converse(
            "uci\nisready\nsetoption name Seed value 7\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ngo depth 3\n",
        );
        assert_eq!(lines[0], "id name Sargon");
        assert!(lines.contains(&"uciok".to_string()));
        assert!(lines.contains(&"readyok".to_string()));
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth 3"))
            .unwrap();
        assert!(
            info.starts_with("info depth 3 score cp 75 nodes "),
            "{info}"
        );
        assert!(info.ends_with(" pv b1c3 b8c6 g1f3"), "{info}");
        assert_eq!(lines.last().unwrap(), "bestmove b1c3 ponder b8c6");
    }

    #[test]
    fn the_book_by_seed_and_by_the_first_move() {
        let lines = converse("setoption name Seed value 1\nposition startpos\ngo depth 3\n");
        assert_eq!(lines.last().unwrap(), "bestmove d2d4");
        let lines = converse("position startpos moves g1f3\ngo depth 3\n");
        assert_eq!(lines.last().unwrap(), "bestmove d7d5");
        let lines = converse("setoption name Book value false\nposition startpos\ngo depth 1\n");
        assert_eq!(lines.last().unwrap(), "bestmove b1c3");
    }

    #[test]
    fn malformed_lines_are_ignored_with_a_reason() {
        let lines = converse(
            "go depth x\nfoo\nsetoption name Seed value 2\nposition startpos moves e2e5\ngo depth 1\n",
        );
        // A `go` is answered even when its words cannot be read.
        assert_eq!(
            lines[..2],
            [
                "info string no search: malformed \"go\" command: depth \"x\" is not a number",
                "bestmove 0000"
            ]
        );
        assert_eq!(lines[2], "info string ignored: unknown command \"foo\"");
        assert!(
            lines[3].starts_with("info string refused position"),
            "{lines:?}"
        );
        assert_eq!(
            lines.last().unwrap(),
            "bestmove 0000",
            "no position after a refused one"
        );
    }

    #[test]
    fn the_end_of_the_input_stops_a_search_as_quit_does() {
        let captured = Captured::default();
        let mut session =
            Session::new(Box::new(NativeSearcher::new()), "Sargon", captured.output());
        let script = "setoption name Book value false\nposition startpos moves e2e4\ngo depth 7\n";
        session.run(std::io::Cursor::new(script));
        let lines = captured.lines();
        // PLYMAX 7 takes seconds: stopped at once, no level finished; PLYMAX 1 searched
        // natively answers, in the search's one info string and its level line.
        assert!(
            lines
                .iter()
                .any(|l| l.contains("stopped in PLYMAX 7 before it finished")),
            "{lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.starts_with("info depth 7")),
            "{lines:?}"
        );
        let strings = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count();
        assert_eq!(strings, 1, "{lines:?}");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }

    #[test]
    fn a_malformed_position_line_leaves_no_position() {
        for bad in [
            "position startpos move e7e5",
            "position fen",
            "position foo",
            "position",
        ] {
            let lines = converse(&format!(
                "setoption name Book value false\nposition startpos moves e2e4\n{bad}\ngo depth 1\n"
            ));
            assert!(
                lines[0].starts_with("info string refused position (malformed \"position\""),
                "{bad}: {lines:?}"
            );
            assert_eq!(lines.last().unwrap(), "bestmove 0000", "{bad}: {lines:?}");
        }
        let lines = converse("position startpos move e7e5\n");
        assert!(
            lines[0].contains("\"startpos\" followed by \"move\", not \"moves\""),
            "{lines:?}"
        );
    }

    #[test]
    fn infinite_waits_for_stop() {
        let lines =
            converse("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ngo infinite\nisready\nstop\n");
        let ready = lines.iter().position(|l| l == "readyok").unwrap();
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap();
        assert!(
            ready < best,
            "readyok is answered while thinking: {lines:?}"
        );
    }
}
