//! The arguments of `go`: depth, fixed time, the clock, or infinite.

use std::time::Duration;

use super::line::LineError;
use crate::files::excerpt;

/// What `go` asks for. Unset fields are `None`; a bare `go` is the same as `go infinite`
/// for the clock (no limit) but searches only to the `Ply` option.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth N`: PLYMAX N.
    pub depth: Option<u32>,
    /// `movetime T`: search for about T.
    pub movetime: Option<Duration>,
    /// `wtime`: white's remaining time.
    pub wtime: Option<Duration>,
    /// `btime`: black's remaining time.
    pub btime: Option<Duration>,
    /// `winc`: white's increment per move.
    pub winc: Option<Duration>,
    /// `binc`: black's increment per move.
    pub binc: Option<Duration>,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `nodes N`: stop after about N nodes (checked between depths).
    pub nodes: Option<u64>,
    /// `mate N`: look for a mate in N moves (searched as depth 2N).
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves ...`: accepted and reported as unsupported (Sargon searches every move).
    pub searchmoves: Vec<String>,
}

impl GoParams {
    /// True when the GUI gave a clock (remaining time for either side).
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some()
    }
}

/// Parses the words after `go`.
pub fn parse_go(args: &[&str]) -> Result<GoParams, LineError> {
    let mut params = GoParams::default();
    let mut words = args.iter().copied().peekable();
    while let Some(word) = words.next() {
        match word {
            "infinite" => params.infinite = true,
            "ponder" => params.ponder = true,
            "searchmoves" => {
                while let Some(mv) = words.next_if(|w| !is_keyword(w)) {
                    params.searchmoves.push(mv.to_string());
                }
            }
            "depth" => params.depth = Some(number(word, words.next())?),
            "mate" => params.mate = Some(number(word, words.next())?),
            "movestogo" => params.movestogo = Some(number(word, words.next())?),
            "nodes" => params.nodes = Some(number(word, words.next())?),
            "movetime" => params.movetime = Some(millis(word, words.next())?),
            "wtime" => params.wtime = Some(millis(word, words.next())?),
            "btime" => params.btime = Some(millis(word, words.next())?),
            "winc" => params.winc = Some(millis(word, words.next())?),
            "binc" => params.binc = Some(millis(word, words.next())?),
            other => return Err(bad(format!("unknown argument {}", excerpt(other)))),
        }
    }
    Ok(params)
}

const KEYWORDS: [&str; 13] = [
    "infinite",
    "ponder",
    "searchmoves",
    "depth",
    "mate",
    "movestogo",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "perft",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

fn bad(reason: String) -> LineError {
    LineError::Malformed {
        command: "go",
        reason,
    }
}

/// A non-negative whole number after `key`.
fn number<T: std::str::FromStr>(key: &str, value: Option<&str>) -> Result<T, LineError> {
    let value = value.ok_or_else(|| bad(format!("{key} needs a number")))?;
    value
        .parse()
        .map_err(|_| bad(format!("{key} {} is not a whole number", excerpt(value))))
}

/// Milliseconds after `key`. Some GUIs send a slightly negative remaining time when a flag
/// fell or lag ate the clock: that is read as zero rather than refused.
fn millis(key: &str, value: Option<&str>) -> Result<Duration, LineError> {
    let value = value.ok_or_else(|| bad(format!("{key} needs milliseconds")))?;
    let ms: i64 = value
        .parse()
        .map_err(|_| bad(format!("{key} {} is not milliseconds", excerpt(value))))?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Result<GoParams, LineError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        parse_go(&words)
    }

    #[test]
    fn clock_and_depth() {
        let params = go("wtime 1000 btime -20 winc 100 binc 100 movestogo 40").unwrap();
        assert_eq!(params.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(params.btime, Some(Duration::ZERO));
        assert_eq!(params.winc, Some(Duration::from_millis(100)));
        assert_eq!(params.movestogo, Some(40));
        assert!(params.has_clock());
        assert_eq!(go("depth 3").unwrap().depth, Some(3));
        assert!(go("infinite").unwrap().infinite);
        assert_eq!(
            go("movetime 250").unwrap().movetime,
            Some(Duration::from_millis(250))
        );
    }

    #[test]
    fn searchmoves_stop_at_the_next_keyword() {
        let params = go("searchmoves e2e4 d2d4 depth 2").unwrap();
        assert_eq!(params.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(params.depth, Some(2));
    }

    #[test]
    fn malformed_arguments_are_refused_with_the_reason() {
        assert_eq!(
            go("depth").unwrap_err().to_string(),
            "malformed \"go\" command: depth needs a number"
        );
        assert!(go("depth -1").is_err());
        assert!(go("movetime soon").is_err());
        assert!(go("sideways").is_err());
    }
}
