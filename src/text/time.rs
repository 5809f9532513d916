//! Durations as text, at the precision each report needs, and Z80 time.

use std::time::Duration;

use super::number::grouped;

/// The clock of the Z80 the summaries convert T-state counts for (a 4 MHz Z80).
pub const Z80_HZ: f64 = 4_000_000.0;

/// The slowest clock every command takes, in MHz (`--mhz`, the UCI option MHz): a tenth of the
/// 1978 machines' clocks.
pub const MIN_MHZ: f64 = 0.1;
/// The fastest clock every command takes, in MHz: far beyond any Z80. Within these bounds every
/// time a command computes from T-states is finite and fits a `Duration`.
pub const MAX_MHZ: f64 = 1000.0;

/// `mhz` when it is a clock rate from [`MIN_MHZ`] to [`MAX_MHZ`]; otherwise the reason, with
/// the value written short (`1e-300`, never three hundred digits).
pub fn check_clock(mhz: f64) -> Result<f64, String> {
    if (MIN_MHZ..=MAX_MHZ).contains(&mhz) {
        return Ok(mhz);
    }
    let shown = if mhz.is_finite() && (mhz == 0.0 || (1e-4..1e9).contains(&mhz.abs())) {
        format!("{mhz}")
    } else {
        format!("{mhz:e}")
    };
    Err(format!(
        "{shown} is not a clock rate from {MIN_MHZ} to {MAX_MHZ} MHz"
    ))
}

/// A wall or Z80 time, the one way every report writes a duration: three significant digits
/// (`14.6 ms`, `850 ms`, `1.10 s`, `18.9 s`), minutes from a minute on (`8 min 9.8 s`), and
/// `< 1 ms` for a time too short to show in milliseconds.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 0.000_995 {
        "< 1 ms".to_string()
    } else if s < 0.999_5 {
        format!("{} ms", three_digits(s * 1e3))
    } else if s < 59.95 {
        format!("{} s", three_digits(s))
    } else {
        let whole = (s * 10.0).round() / 10.0;
        let minutes = (whole / 60.0).floor();
        format!("{minutes:.0} min {:.1} s", whole - minutes * 60.0)
    }
}

/// `x` (at least 1, under 1000 once rounded) to three significant digits: `1.10`, `18.9`, `850`.
fn three_digits(x: f64) -> String {
    if x >= 99.95 {
        format!("{x:.0}")
    } else if x >= 9.995 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// Microseconds of an emulated routine's real time: below a millisecond in microseconds
/// (`146.5 us`, as one routine call often takes), from there as [`duration`] writes every
/// time (`12.5 ms`, `2.50 s`, `1 min 12.3 s`).
pub fn microseconds(us: f64) -> String {
    if us < 999.95 {
        return format!("{us:.1} us");
    }
    // A clock of a millionth of a MHz makes times past what a Duration holds.
    match Duration::try_from_secs_f64(us / 1e6) {
        Ok(d) => duration(d),
        Err(_) => format!("{:.3e} s", us / 1e6),
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
        let ms = |x: f64| duration(Duration::from_secs_f64(x / 1e3));
        assert_eq!(ms(0.0), "< 1 ms");
        assert_eq!(ms(0.994), "< 1 ms");
        assert_eq!(ms(0.996), "1.00 ms");
        assert_eq!(ms(14.62), "14.6 ms");
        assert_eq!(ms(85.2), "85.2 ms");
        assert_eq!(ms(850.0), "850 ms");
        assert_eq!(ms(999.4), "999 ms");
        assert_eq!(ms(999.6), "1.00 s");
        assert_eq!(ms(1_104.69), "1.10 s");
        assert_eq!(ms(3_214.0), "3.21 s");
        assert_eq!(ms(9_996.0), "10.0 s");
        assert_eq!(ms(12_340.0), "12.3 s");
        assert_eq!(ms(18_923.77), "18.9 s");
        assert_eq!(ms(59_960.0), "1 min 0.0 s");
        assert_eq!(ms(119_970.0), "2 min 0.0 s");
        assert_eq!(duration(z80_time(1_959_115_396)), "8 min 9.8 s");
        assert_eq!(microseconds(49_821.0 / 4.0), "12.5 ms");
        assert_eq!(microseconds(999.96), "1.00 ms");
        assert_eq!(microseconds(293.0 / 2.0), "146.5 us");
        assert_eq!(microseconds(1_959_115_396.0 / 4.0), "8 min 9.8 s");
        assert_eq!(microseconds(2_500_000.0), "2.50 s");
        assert_eq!(microseconds(1e30), "1.000e24 s");
        assert_eq!(per_second(10, Duration::from_millis(500)), "20");
        assert_eq!(per_second(10, Duration::ZERO), "-");
    }
}
