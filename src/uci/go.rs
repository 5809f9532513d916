//! The arguments of `go`: depth, fixed time, the clock, or infinite.
//!
//! Every `go` is answered by exactly one `bestmove`. A number out of its range is clamped into
//! it, as engines do (`depth -1` is depth 1, `wtime 18446744073709551615` a clock of that many
//! milliseconds, `wtime 1.5` one millisecond), and the clamp is said in the search's `info
//! string`; an unknown word is skipped and said. A value that is no number at all, or missing,
//! leaves nothing to search by: the session answers `bestmove 0000` with the reason.

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
    /// What was read other than written: clamped numbers, skipped words (said in the search's
    /// `info string`).
    pub notes: Vec<String>,
}

impl GoParams {
    /// True when the GUI gave a clock (remaining time for either side).
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some()
    }

    /// The remaining time and increment of the side to move, when the GUI gave its clock.
    pub fn own_clock(&self, white_to_move: bool) -> Option<(Duration, Duration)> {
        if white_to_move {
            Some((self.wtime?, self.winc.unwrap_or_default()))
        } else {
            Some((self.btime?, self.binc.unwrap_or_default()))
        }
    }
}

/// The most plies `depth` reads (and 2N - 1 of `mate`): far past any table, clamped again to
/// the engine's deepest level when the search is set up.
pub const MOST_DEPTH: u32 = 255;

/// Parses the words after `go`.
pub fn parse_go(args: &[&str]) -> Result<GoParams, LineError> {
    let mut params = GoParams::default();
    let mut words = args.iter().copied().peekable();
    while let Some(word) = words.next() {
        let notes = &mut params.notes;
        match word {
            "infinite" => params.infinite = true,
            "ponder" => params.ponder = true,
            "searchmoves" => {
                while let Some(mv) = words.next_if(|w| !is_keyword(w)) {
                    params.searchmoves.push(mv.to_string());
                }
            }
            "depth" => params.depth = Some(number(word, words.next(), 1, MOST_DEPTH, notes)?),
            "mate" => params.mate = Some(number(word, words.next(), 1, MOST_DEPTH, notes)?),
            "movestogo" => params.movestogo = Some(number(word, words.next(), 1, u32::MAX, notes)?),
            "nodes" => params.nodes = Some(number(word, words.next(), 0, u64::MAX, notes)?),
            "movetime" => params.movetime = Some(millis(word, words.next(), notes)?),
            "wtime" => params.wtime = Some(millis(word, words.next(), notes)?),
            "btime" => params.btime = Some(millis(word, words.next(), notes)?),
            "winc" => params.winc = Some(millis(word, words.next(), notes)?),
            "binc" => params.binc = Some(millis(word, words.next(), notes)?),
            other => notes.push(format!("skipped {}", excerpt(other))),
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

/// The value after `key` clamped to `low..=high`; a clamp or a dropped fraction is noted.
fn number<T>(
    key: &str,
    value: Option<&str>,
    low: T,
    high: T,
    notes: &mut Vec<String>,
) -> Result<T, LineError>
where
    T: TryFrom<i128> + Into<i128> + Copy + std::fmt::Display,
{
    let (text, whole, fraction) = read(key, value)?;
    let clamped = whole.clamp(low.into(), high.into());
    let value = T::try_from(clamped).map_err(|_| bad(format!("{key} out of range")))?;
    if clamped != whole || fraction {
        notes.push(format!("{key} {} read as {value}", excerpt(text)));
    }
    Ok(value)
}

/// Milliseconds after `key`: a negative time (a flag that fell, lag) is zero.
fn millis(key: &str, value: Option<&str>, notes: &mut Vec<String>) -> Result<Duration, LineError> {
    number(key, value, 0, u64::MAX, notes).map(Duration::from_millis)
}

/// A number as written: digits with an optional sign and fraction; its whole part saturated to
/// the range of `i128`, and whether it had a fraction (dropped). Anything else, or nothing, is
/// an error that names it.
fn read<'a>(key: &str, value: Option<&'a str>) -> Result<(&'a str, i128, bool), LineError> {
    let text = value.ok_or_else(|| bad(format!("{key} needs a number")))?;
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return Err(bad(format!("{key} {} is not a number", excerpt(text))));
    }
    let magnitude = whole.parse::<i128>().unwrap_or(i128::MAX);
    let signed = if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    };
    Ok((text, signed, unsigned.contains('.')))
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
        assert_eq!(params.notes, ["btime \"-20\" read as 0"]);
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
    fn numbers_out_of_range_are_clamped_and_said() {
        let params = go("depth -1 mate 0 nodes -1 movestogo -1").unwrap();
        assert_eq!(
            (params.depth, params.mate, params.nodes, params.movestogo),
            (Some(1), Some(1), Some(0), Some(1))
        );
        assert_eq!(params.notes.len(), 4, "{:?}", params.notes);
        let huge = go("depth 4294967296 wtime 18446744073709551615 btime 1e").unwrap_err();
        assert_eq!(
            huge.to_string(),
            "malformed \"go\" command: btime \"1e\" is not a number"
        );
        let params =
            go("depth 4294967296 wtime 18446744073709551615 winc 99999999999999999999999").unwrap();
        assert_eq!(params.depth, Some(MOST_DEPTH));
        assert_eq!(params.wtime, Some(Duration::from_millis(u64::MAX)));
        assert_eq!(params.winc, Some(Duration::from_millis(u64::MAX)));
        assert_eq!(
            params.notes,
            [
                "depth \"4294967296\" read as 255",
                "winc \"99999999999999999999999\" read as 18446744073709551615"
            ]
        );
        let params = go("wtime 1.5 btime +7 sideways").unwrap();
        assert_eq!(params.wtime, Some(Duration::from_millis(1)));
        assert_eq!(params.btime, Some(Duration::from_millis(7)));
        assert_eq!(
            params.notes,
            ["wtime \"1.5\" read as 1", "skipped \"sideways\""]
        );
    }

    #[test]
    fn a_value_that_is_no_number_is_refused_with_the_reason() {
        assert_eq!(
            go("depth").unwrap_err().to_string(),
            "malformed \"go\" command: depth needs a number"
        );
        assert_eq!(
            go("wtime abc").unwrap_err().to_string(),
            "malformed \"go\" command: wtime \"abc\" is not a number"
        );
        for bad in [
            "wtime",
            "movetime soon",
            "nodes .5",
            "depth --1",
            "btime 1.2.3",
        ] {
            assert!(go(bad).is_err(), "{bad}");
        }
    }
}
