//! The engine's UCI options: their declaration for `uci` and their values after `setoption`.

use crate::files::{clip, excerpt};

/// The deepest PLYMAX the 1978 ply tables allow (`SARGON_SEARCH.md` 7.4): the `Ply` option's
/// limit for an emulated image (the native engine's tables hold more).
pub const MAX_PLY: u8 = 9;
/// The `Ply` option's default for an emulated image: the tables' limit, so that a clock or a
/// move time is used whole. The 1978 program's levels run 1..6.
pub const DEFAULT_PLY: u8 = MAX_PLY;
/// The clock of a 4 MHz Z80 (the fastest 1978 machines); the TRS-80 Model I ran at 1.774.
pub const DEFAULT_MHZ: f64 = 4.0;

/// The option values the session works with.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `Ply`: the deepest PLYMAX a search with a clock, a move time or a node limit goes to,
    /// and the deepest level of a bare `go`.
    pub ply: u8,
    /// `Book`: the 1978 opening moves at the first move of either side.
    pub book: bool,
    /// `Historical clock`: hold the reply back until the real machine would have finished.
    pub historical_clock: bool,
    /// `MHz`: the real machine's clock for the historical clock and the reported times.
    pub mhz: f64,
    /// `Seed`: the R register at the start of each search (None: drawn at random per game and
    /// announced in an `info string`).
    pub seed: Option<u64>,
    /// `Mate exit`: the 1978 game loop's rule: after a search at a fixed level found a forced
    /// mate at ply 1, the game's later searches at a fixed level are two plies shallower.
    pub mate_exit: bool,
    /// `Shortest mate`: when a fixed-level search finds a forced mate, the shallower levels are
    /// searched for a shorter one, and the first level that mates answers.
    pub shortest_mate: bool,
    /// `Avoid repetition`: a move that repeats a position of the game, lets the fifty-move
    /// rule be claimed or stalemates, chosen while ahead, gives way to the best move that does
    /// none of them, if that keeps the advantage.
    pub avoid_repetition: bool,
    /// `Ponder`: the GUI says whether it lets the engine ponder (nothing else depends on it).
    pub ponder: bool,
    /// `Details`: each level's score byte and, for an emulated engine, its T-states as `info
    /// string` lines, and every note of a search at once (by default a search writes at most
    /// one `info string`, just before `bestmove`).
    pub details: bool,
    /// The deepest `Ply` the engine's tables hold (not an option: the engine's).
    deepest: u8,
}

impl Default for Options {
    /// The options of an emulated image (whose tables hold [`MAX_PLY`]).
    fn default() -> Options {
        Options::new(MAX_PLY)
    }
}

impl Options {
    /// The defaults of an engine whose tables hold PLYMAX `deepest`: `Ply` is that deepest
    /// level, so that a clock or a move time is used whole.
    pub fn new(deepest: u8) -> Options {
        Options {
            ply: deepest,
            book: true,
            historical_clock: false,
            mhz: DEFAULT_MHZ,
            seed: None,
            mate_exit: true,
            shortest_mate: true,
            avoid_repetition: true,
            ponder: false,
            details: false,
            deepest,
        }
    }

    /// The `option` lines answered to `uci`.
    pub fn declarations(&self) -> Vec<String> {
        let deepest = self.deepest;
        vec![
            format!("option name Ply type spin default {deepest} min 1 max {deepest}"),
            "option name Book type check default true".to_string(),
            "option name Historical clock type check default false".to_string(),
            format!("option name MHz type string default {DEFAULT_MHZ}"),
            "option name Seed type string default random".to_string(),
            "option name Mate exit type check default true".to_string(),
            "option name Shortest mate type check default true".to_string(),
            "option name Avoid repetition type check default true".to_string(),
            "option name Details type check default false".to_string(),
            "option name Ponder type check default false".to_string(),
        ]
    }

    /// Applies `setoption`; the error says why the value was refused (the old value stays).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).unwrap_or("");
        match name.trim().to_ascii_lowercase().as_str() {
            "ply" => self.ply = parse_ply(value, self.deepest)?,
            "book" => self.book = parse_check(name, value)?,
            "historical clock" => self.historical_clock = parse_check(name, value)?,
            "mhz" => self.mhz = parse_mhz(value)?,
            "seed" => self.seed = parse_seed(value)?,
            "mate exit" => self.mate_exit = parse_check(name, value)?,
            "shortest mate" => self.shortest_mate = parse_check(name, value)?,
            "avoid repetition" => self.avoid_repetition = parse_check(name, value)?,
            "details" => self.details = parse_check(name, value)?,
            "ponder" => self.ponder = parse_check(name, value)?,
            _ => return Err(format!("no option named {}", excerpt(name))),
        }
        Ok(())
    }
}

fn parse_ply(value: &str, deepest: u8) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(ply) if (1..=deepest).contains(&ply) => Ok(ply),
        _ => Err(format!(
            "Ply {} is not a whole number from 1 to {deepest}",
            excerpt(value)
        )),
    }
}

fn parse_check(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "{} takes true or false, not {}",
            clip(name),
            excerpt(value)
        )),
    }
}

fn parse_mhz(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(mhz) if crate::text::check_clock(mhz).is_ok() => Ok(mhz),
        _ => Err(format!(
            "MHz {} is not a clock rate from {} to {}",
            excerpt(value),
            crate::text::MIN_MHZ,
            crate::text::MAX_MHZ
        )),
    }
}

fn parse_seed(value: &str) -> Result<Option<u64>, String> {
    if value.is_empty() || value.eq_ignore_ascii_case("random") {
        return Ok(None);
    }
    value
        .parse::<u64>()
        .map(Some)
        .map_err(|_| format!("Seed {} is not random or a whole number", excerpt(value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_options() {
        let mut options = Options::default();
        options.set("Ply", Some("5")).unwrap();
        options.set("historical CLOCK", Some("true")).unwrap();
        options.set("MHz", Some("1.774")).unwrap();
        options.set("Seed", Some("42")).unwrap();
        options.set("Book", Some("false")).unwrap();
        options.set("Mate exit", Some("false")).unwrap();
        options.set("shortest mate", Some("false")).unwrap();
        options.set("Avoid Repetition", Some("false")).unwrap();
        options.set("Ponder", Some("true")).unwrap();
        options.set("details", Some("true")).unwrap();
        assert_eq!(
            options,
            Options {
                ply: 5,
                book: false,
                historical_clock: true,
                mhz: 1.774,
                seed: Some(42),
                mate_exit: false,
                shortest_mate: false,
                avoid_repetition: false,
                ponder: true,
                details: true,
                deepest: MAX_PLY,
            }
        );
        options.set("Seed", Some("random")).unwrap();
        assert_eq!(options.seed, None);
    }

    #[test]
    fn refused_values_keep_the_old_one() {
        let mut options = Options::default();
        assert_eq!(
            options.set("Ply", Some("10")),
            Err("Ply \"10\" is not a whole number from 1 to 9".to_string())
        );
        assert!(options.set("MHz", Some("-3")).is_err());
        assert!(options.set("Hash", Some("16")).is_err());
        assert_eq!(options, Options::default());
        let mut native = Options::new(20);
        assert_eq!(native.ply, 20);
        native.set("Ply", Some("14")).unwrap();
        assert_eq!(native.ply, 14);
        assert!(native.set("Ply", Some("21")).is_err());
        assert!(native.declarations()[0].ends_with("default 20 min 1 max 20"));
    }
}
