//! What the player types: a move, or one of the game's commands.
//!
//! No command word is also a move (SAN and UCI start with a piece letter, a file or O/0), so
//! one input line serves both.

use crate::engine::MAX_PLYMAX;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move as typed (SAN or UCI), checked against the position by the game.
    Move(String),
    /// Take back Sargon's reply and the player's move.
    Undo,
    /// Turn the board around.
    Flip,
    /// A new game; `Some(true)` to play white, `Some(false)` black, None the same colour.
    New(Option<bool>),
    /// Set PLYMAX for the next search; None asks for the current level.
    Level(Option<u8>),
    /// Sargon plays the side to move now (the player takes the other side).
    Go,
    /// Save the game as PGN to the named file.
    Save(String),
    /// Show the commands.
    Help,
    /// Leave.
    Quit,
}

/// Reads a line; the error says what was wrong with a command's argument.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let command = match word.to_ascii_lowercase().as_str() {
        "undo" | "takeback" => Command::Undo,
        "flip" => Command::Flip,
        "new" => Command::New(parse_colour(rest)?),
        "level" | "ply" => Command::Level(parse_level(rest)?),
        "go" => Command::Go,
        "save" if rest.is_empty() => return Err("save needs a file name: save game.pgn".into()),
        "save" => Command::Save(rest.to_string()),
        "help" | "?" => Command::Help,
        "quit" | "exit" => Command::Quit,
        _ => return Ok(Command::Move(line.to_string())),
    };
    match command {
        Command::Save(_) | Command::New(_) | Command::Level(_) => Ok(command),
        _ if rest.is_empty() => Ok(command),
        _ => Err(format!("{word} takes nothing after it")),
    }
}

fn parse_colour(text: &str) -> Result<Option<bool>, String> {
    match text.to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "white" | "w" => Ok(Some(true)),
        "black" | "b" => Ok(Some(false)),
        other => Err(format!("new takes white or black, not {other:?}")),
    }
}

fn parse_level(text: &str) -> Result<Option<u8>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u8>() {
        Ok(level) if (1..=MAX_PLYMAX).contains(&level) => Ok(Some(level)),
        _ => Err(format!(
            "level takes a PLYMAX from 1 to {MAX_PLYMAX} (the 1978 levels are 1..6), not {text:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse(" undo "), Ok(Command::Undo));
        assert_eq!(parse("FLIP"), Ok(Command::Flip));
        assert_eq!(parse("new"), Ok(Command::New(None)));
        assert_eq!(parse("new black"), Ok(Command::New(Some(false))));
        assert_eq!(parse("level 4"), Ok(Command::Level(Some(4))));
        assert_eq!(parse("level"), Ok(Command::Level(None)));
        assert_eq!(
            parse("save my game.pgn"),
            Ok(Command::Save("my game.pgn".into()))
        );
        assert_eq!(parse("go"), Ok(Command::Go));
        assert_eq!(parse("?"), Ok(Command::Help));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("Nf3"), Ok(Command::Move("Nf3".into())));
        assert_eq!(parse("e2e4"), Ok(Command::Move("e2e4".into())));
        assert_eq!(parse("O-O"), Ok(Command::Move("O-O".into())));
    }

    #[test]
    fn bad_arguments_are_said() {
        assert_eq!(
            parse("level 10"),
            Err("level takes a PLYMAX from 1 to 9 (the 1978 levels are 1..6), not \"10\"".into())
        );
        assert!(parse("level x").is_err());
        assert_eq!(
            parse("save"),
            Err("save needs a file name: save game.pgn".into())
        );
        assert_eq!(
            parse("new red"),
            Err("new takes white or black, not \"red\"".into())
        );
        assert_eq!(parse("undo 2"), Err("undo takes nothing after it".into()));
    }
}
