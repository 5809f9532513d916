//! Durations as text, at the precision each report needs, and Z80 time.

use std::time::Duration;

use super::number::grouped;

/// The clock of the Z80 the summaries convert T-state counts for (a 4 MHz Z80).
pub const Z80_HZ: f64 = 4_000_000.0;

/// A wall or Z80 time in a summary: `850 ms`, `12.3 s` or `8 min 9.8 s`.
pub fn duration(d: Duration) -> String {
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

/// Seconds in a benchmark cell: `3.21 s` or `85.2 ms`.
pub fn seconds(x: f64) -> String {
    if x >= 1.0 {
        format!("{x:.2} s")
    } else {
        format!("{:.1} ms", x * 1e3)
    }
}

/// Microseconds of an emulated routine's real time: `146.5 us`, `12.46 ms`, `2.50 s`,
/// `8.2 min`.
pub fn microseconds(us: f64) -> String {
    if us < 1_000.0 {
        format!("{us:.1} us")
    } else if us < 1_000_000.0 {
        format!("{:.2} ms", us / 1_000.0)
    } else if us < 60_000_000.0 {
        format!("{:.2} s", us / 1_000_000.0)
    } else {
        format!("{:.1} min", us / 60_000_000.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_at_each_precision() {
        assert_eq!(duration(Duration::from_millis(850)), "850 ms");
        assert_eq!(duration(Duration::from_millis(12_340)), "12.3 s");
        assert_eq!(duration(z80_time(1_959_115_396)), "8 min 9.8 s");
        assert_eq!(seconds(3.214), "3.21 s");
        assert_eq!(seconds(0.0852), "85.2 ms");
        assert_eq!(microseconds(49_821.0 / 4.0), "12.46 ms");
        assert_eq!(microseconds(293.0 / 2.0), "146.5 us");
        assert_eq!(microseconds(1_959_115_396.0 / 4.0), "8.2 min");
        assert_eq!(microseconds(2_500_000.0), "2.50 s");
        assert_eq!(per_second(10, Duration::from_millis(500)), "20");
        assert_eq!(per_second(10, Duration::ZERO), "-");
    }
}
