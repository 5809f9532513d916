//! One line from the GUI, parsed: the commands of the UCI protocol that an engine answers.
//!
//! Parsing never fails loudly: a line that is not understood becomes a [`LineError`] whose text
//! the session reports in an `info string` and otherwise ignores, as the protocol asks.

use super::go::{GoParams, parse_go};
use super::line::LineError;
use crate::files::excerpt;

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the initial position with its whole history (the opening book applies).
    Startpos,
    /// `fen ...`: a set-up position; the FEN text as given (fields joined by single spaces).
    Fen(String),
}

/// A command from the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`, also while thinking.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name as given (matched without regard to case).
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen ... [moves ...]`.
    Position {
        /// The start.
        start: StartPosition,
        /// The moves played from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The longest line the engine reads; longer lines are refused (a GUI never sends one).
pub const MAX_LINE: usize = 64 * 1024;

/// Parses one line; `Ok(None)` for an empty line. Unknown leading words are skipped, as the
/// protocol says an engine should ("joho debug on" is "debug on").
pub fn parse_line(line: &str) -> Result<Option<Command>, LineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(start) = words.iter().position(|word| is_command(word)) else {
        return match words.first() {
            None => Ok(None),
            Some(word) => Err(LineError::Unknown(excerpt(word))),
        };
    };
    parse_command(words[start], &words[start + 1..]).map(Some)
}

/// The command words this engine knows.
const COMMANDS: [&str; 11] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "register",
];

fn is_command(word: &str) -> bool {
    COMMANDS.contains(&word)
}

fn parse_command(word: &str, args: &[&str]) -> Result<Command, LineError> {
    match word {
        "uci" => Ok(Command::Uci),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "debug" => parse_debug(args),
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        "go" => parse_go(args).map(Command::Go),
        _ => Err(LineError::Malformed {
            command: "register",
            reason: "this engine needs no registration".to_string(),
        }),
    }
}

fn malformed(command: &'static str, reason: impl Into<String>) -> LineError {
    LineError::Malformed {
        command,
        reason: reason.into(),
    }
}

fn parse_debug(args: &[&str]) -> Result<Command, LineError> {
    match args {
        ["on"] => Ok(Command::Debug(true)),
        ["off"] => Ok(Command::Debug(false)),
        _ => Err(malformed("debug", "expected \"on\" or \"off\"")),
    }
}

/// `setoption name <words> [value <words>]`: names and values may contain spaces.
fn parse_setoption(args: &[&str]) -> Result<Command, LineError> {
    if args.first() != Some(&"name") {
        return Err(malformed("setoption", "expected \"name\" first"));
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|&word| word == "value");
    let (name, value) = match value_at {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(malformed("setoption", "the option name is empty"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos [moves ...]` or `position fen <fields> [moves ...]`.
fn parse_position(args: &[&str]) -> Result<Command, LineError> {
    let moves_at = args.iter().position(|&word| word == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let start = match head {
        ["startpos"] => StartPosition::Startpos,
        ["fen", fields @ ..] if !fields.is_empty() => StartPosition::Fen(fields.join(" ")),
        ["fen"] => return Err(malformed("position", "\"fen\" without a FEN")),
        ["startpos", word, ..] => {
            let reason = format!("\"startpos\" followed by {}, not \"moves\"", excerpt(word));
            return Err(malformed("position", reason));
        }
        _ => {
            return Err(malformed(
                "position",
                "expected \"startpos\" or \"fen <FEN>\"",
            ));
        }
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|word| word.to_string()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_commands() {
        assert_eq!(parse_line("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse_line("  isready \t"), Ok(Some(Command::IsReady)));
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line("joho debug on"), Ok(Some(Command::Debug(true))));
        assert_eq!(
            parse_line("xyzzy"),
            Err(LineError::Unknown("\"xyzzy\"".to_string()))
        );
    }

    #[test]
    fn setoption_with_spaces() {
        assert_eq!(
            parse_line("setoption name Historical clock value true"),
            Ok(Some(Command::SetOption {
                name: "Historical clock".to_string(),
                value: Some("true".to_string()),
            }))
        );
        assert_eq!(
            parse_line("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".to_string(),
                value: None,
            }))
        );
        assert!(parse_line("setoption value 3").is_err());
    }

    #[test]
    fn positions() {
        assert_eq!(
            parse_line("position startpos moves e2e4 e7e5"),
            Ok(Some(Command::Position {
                start: StartPosition::Startpos,
                moves: vec!["e2e4".to_string(), "e7e5".to_string()],
            }))
        );
        assert_eq!(
            parse_line("position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Some(Command::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".to_string()),
                moves: vec![],
            }))
        );
        assert!(parse_line("position").is_err());
        assert!(parse_line("position fen moves e2e4").is_err());
    }
}
