//! The engine's UCI options: their declaration for `uci` and their values after `setoption`.

use crate::files::{clip, excerpt};

/// The deepest PLYMAX the 1978 ply tables allow (`SARGON_SEARCH.md` 7.4).
pub const MAX_PLY: u8 = 9;
/// The `Ply` option's default: the tables' limit, so that a clock or a move time is used
/// whole. The 1978 program's levels run 1..6.
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
    /// `Avoid repetition`: a move that repeats a position of the game or stalemates, chosen
    /// while ahead, gives way to the best move that does not, if that keeps the advantage.
    pub avoid_repetition: bool,
    /// `Ponder`: the GUI says whether it lets the engine ponder (nothing else depends on it).
    pub ponder: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            ply: DEFAULT_PLY,
            book: true,
            historical_clock: false,
            mhz: DEFAULT_MHZ,
            seed: None,
            mate_exit: true,
            shortest_mate: true,
            avoid_repetition: false,
            ponder: false,
        }
    }
}

/// The `option` lines answered to `uci`.
pub fn declarations() -> Vec<String> {
    vec![
        format!("option name Ply type spin default {DEFAULT_PLY} min 1 max {MAX_PLY}"),
        "option name Book type check default true".to_string(),
        "option name Historical clock type check default false".to_string(),
        format!("option name MHz type string default {DEFAULT_MHZ}"),
        "option name Seed type string default random".to_string(),
        "option name Mate exit type check default true".to_string(),
        "option name Shortest mate type check default true".to_string(),
        "option name Avoid repetition type check default false".to_string(),
        "option name Ponder type check default false".to_string(),
    ]
}

impl Options {
    /// Applies `setoption`; the error says why the value was refused (the old value stays).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).unwrap_or("");
        match name.trim().to_ascii_lowercase().as_str() {
            "ply" => self.ply = parse_ply(value)?,
            "book" => self.book = parse_check(name, value)?,
            "historical clock" => self.historical_clock = parse_check(name, value)?,
            "mhz" => self.mhz = parse_mhz(value)?,
            "seed" => self.seed = parse_seed(value)?,
            "mate exit" => self.mate_exit = parse_check(name, value)?,
            "shortest mate" => self.shortest_mate = parse_check(name, value)?,
            "avoid repetition" => self.avoid_repetition = parse_check(name, value)?,
            "ponder" => self.ponder = parse_check(name, value)?,
            _ => return Err(format!("no option named {}", excerpt(name))),
        }
        Ok(())
    }
}

fn parse_ply(value: &str) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(ply) if (1..=MAX_PLY).contains(&ply) => Ok(ply),
        _ => Err(format!(
            "Ply {} is not a whole number from 1 to {MAX_PLY}",
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
        options.set("Avoid Repetition", Some("true")).unwrap();
        options.set("Ponder", Some("true")).unwrap();
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
                avoid_repetition: true,
                ponder: true,
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
    }
}
