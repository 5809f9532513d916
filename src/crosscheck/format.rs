//! Small text helpers shared by the reports: grouped numbers, Z80 time, shell quoting.

use std::time::Duration;

/// The clock of the Z80 the T-state counts are converted for (a 4 MHz Z80).
pub const Z80_HZ: f64 = 4_000_000.0;

pub use crate::text::grouped;

/// A duration as `850 ms`, `12.3 s` or `8 min 9.8 s`.
pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.0} ms", s * 1000.0)
    } else if s < 60.0 {
        format!("{s:.1} s")
    } else {
        let minutes = (s / 60.0).floor();
        format!("{minutes:.0} min {:.1} s", s - minutes * 60.0)
    }
}

/// How long `tstates` take on a 4 MHz Z80.
pub fn z80_time(tstates: u64) -> Duration {
    Duration::from_secs_f64(tstates as f64 / Z80_HZ)
}

/// A rate such as nodes per second, grouped, or `-` when no time passed.
pub fn per_second(count: u64, elapsed: Duration) -> String {
    let s = elapsed.as_secs_f64();
    if s > 0.0 {
        grouped((count as f64 / s).round() as u64)
    } else {
        "-".to_string()
    }
}

/// Quotes a word for a POSIX shell when it needs it, so printed commands can be pasted.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Joins words into one shell command line, quoting where needed.
pub fn shell_command(words: &[String]) -> String {
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_959_115_396), "1,959,115,396");
    }

    #[test]
    fn formats_durations_and_z80_time() {
        assert_eq!(seconds(Duration::from_millis(850)), "850 ms");
        assert_eq!(seconds(Duration::from_millis(12_340)), "12.3 s");
        assert_eq!(seconds(z80_time(1_959_115_396)), "8 min 9.8 s");
        assert_eq!(per_second(10, Duration::from_millis(500)), "20");
        assert_eq!(per_second(10, Duration::ZERO), "-");
    }

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(shell_quote("--depth"), "--depth");
        assert_eq!(shell_quote("8/8/8 w - -"), "'8/8/8 w - -'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
        let words = [
            "crosscheck".to_string(),
            "--fen".to_string(),
            "a b".to_string(),
        ];
        assert_eq!(shell_command(&words), "crosscheck --fen 'a b'");
    }
}
