//! Measured quantities as table cells, with three significant digits and their unit: rates
//! (`49.4 M nodes/s`), durations (`85.2 ms`), ratios (`0.88x`), and a median with its range
//! written in the median's scale (`49.4 M nodes/s (38.9-49.9)`), so a row reads at a glance.

use super::number::{grouped, tenths};

/// What a figure measures, which decides how it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Things per second, named by the label: `612 M T/s`, `49.4 M nodes/s`, `43.4 k pos/s`,
    /// `8,473 pos/s` (an empty label: `49.4 M/s`).
    Rate(&'static str),
    /// Wall time: `124 s`, `1.23 s`, `85.2 ms`, `312 us`.
    Seconds,
    /// A multiple: `0.88x`, `12.3x`, `245x`.
    Ratio,
    /// Exact Z80 T-states: `11,320 T`.
    TStates,
    /// A whole count: `4,865,609`.
    Count,
    /// Bytes: `4,726 bytes`.
    Bytes,
}

/// How one figure is scaled and rounded: divide by `divisor`, keep `decimals`, add `suffix`.
#[derive(Debug, Clone, PartialEq)]
struct Scale {
    divisor: f64,
    decimals: usize,
    suffix: String,
    /// A count of whole units, written with one decimal only when it is a mean.
    whole: bool,
}

/// Three significant digits of `x / divisor`: no noisy decimals, none lost either.
fn significant(x: f64, divisor: f64, suffix: String) -> Scale {
    let scaled = x.abs() / divisor;
    let decimals = if scaled >= 100.0 {
        0
    } else if scaled >= 10.0 {
        1
    } else {
        2
    };
    Scale {
        divisor,
        decimals,
        suffix,
        whole: false,
    }
}

impl Quantity {
    /// The scale a figure of this size is written in.
    fn scale(self, x: f64) -> Scale {
        let a = x.abs();
        // " M nodes/s", " M/s", " pos/s", "/s".
        let rate = |prefix: &str, label: &str| {
            let words: Vec<&str> = [prefix, label]
                .into_iter()
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                "/s".to_string()
            } else {
                format!(" {}/s", words.join(" "))
            }
        };
        match self {
            Quantity::Rate(label) if a >= 1e9 => significant(x, 1e9, rate("G", label)),
            Quantity::Rate(label) if a >= 1e6 => significant(x, 1e6, rate("M", label)),
            Quantity::Rate(label) if a >= 1e4 => significant(x, 1e3, rate("k", label)),
            Quantity::Rate(label) => Scale {
                divisor: 1.0,
                decimals: 0,
                suffix: rate("", label),
                whole: false,
            },
            Quantity::Seconds if a >= 1.0 => significant(x, 1.0, " s".to_string()),
            Quantity::Seconds if a >= 1e-3 => significant(x, 1e-3, " ms".to_string()),
            Quantity::Seconds => significant(x, 1e-6, " us".to_string()),
            Quantity::Ratio => significant(x, 1.0, "x".to_string()),
            Quantity::TStates => whole(" T"),
            Quantity::Count => whole(""),
            Quantity::Bytes => whole(" bytes"),
        }
    }
}

fn whole(suffix: &str) -> Scale {
    Scale {
        divisor: 1.0,
        decimals: 0,
        suffix: suffix.to_string(),
        whole: true,
    }
}

/// The digits of `x` in `scale`, without the suffix; whole numbers grouped by thousands. A mean
/// of whole units (T-states) keeps one decimal: `176.5 T`.
fn digits(x: f64, scale: &Scale) -> String {
    let v = x / scale.divisor;
    if scale.whole && v.fract() != 0.0 {
        return tenths(v);
    }
    if scale.decimals == 0 && v.abs() >= 1000.0 {
        let sign = if v < 0.0 { "-" } else { "" };
        format!("{sign}{}", grouped(v.abs().round() as u64))
    } else {
        format!("{v:.*}", scale.decimals)
    }
}

/// One figure with its unit: `49.4 M/s`, `1.23 s`, `0.88x`, `11,320 T`.
pub fn quantity(x: f64, q: Quantity) -> String {
    let scale = q.scale(x);
    format!("{}{}", digits(x, &scale), scale.suffix)
}

/// A median with its range in the median's scale: `49.4 M/s (38.9-49.9)`; the median alone
/// when the range is one value (an exact count, a single repetition). The range takes an ASCII
/// hyphen, so that a report's lines are as many bytes as columns for every tool that measures
/// them.
pub fn quantity_range(median: f64, min: f64, max: f64, q: Quantity) -> String {
    let scale = q.scale(median);
    let (lo, hi) = (digits(min, &scale), digits(max, &scale));
    let mid = digits(median, &scale);
    if lo == mid && hi == mid {
        format!("{mid}{}", scale.suffix)
    } else {
        format!("{mid}{} ({lo}-{hi})", scale.suffix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_significant_digits_and_a_unit() {
        assert_eq!(quantity(612_400_000.0, Quantity::Rate("T")), "612 M T/s");
        assert_eq!(
            quantity(49_420_000.0, Quantity::Rate("nodes")),
            "49.4 M nodes/s"
        );
        assert_eq!(quantity(3_214_000.0, Quantity::Rate("")), "3.21 M/s");
        assert_eq!(
            quantity(433_562.0, Quantity::Rate("lines")),
            "434 k lines/s"
        );
        assert_eq!(quantity(8_473.4, Quantity::Rate("pos")), "8,473 pos/s");
        assert_eq!(quantity(8_473.4, Quantity::Rate("")), "8,473/s");
        assert_eq!(quantity(1.5e9, Quantity::Rate("")), "1.50 G/s");
        assert_eq!(quantity(124.4, Quantity::Seconds), "124 s");
        assert_eq!(quantity(1.234, Quantity::Seconds), "1.23 s");
        assert_eq!(quantity(0.0852, Quantity::Seconds), "85.2 ms");
        assert_eq!(quantity(0.000_312, Quantity::Seconds), "312 us");
        assert_eq!(quantity(0.934, Quantity::Ratio), "0.93x");
        assert_eq!(quantity(12.34, Quantity::Ratio), "12.3x");
        assert_eq!(quantity(245.2, Quantity::Ratio), "245x");
        assert_eq!(quantity(11_320.0, Quantity::TStates), "11,320 T");
        assert_eq!(quantity(176.5, Quantity::TStates), "176.5 T");
        assert_eq!(
            quantity(1_959_115_396.0, Quantity::TStates),
            "1,959,115,396 T"
        );
        assert_eq!(quantity(4_726.0, Quantity::Bytes), "4,726 bytes");
        assert_eq!(quantity(4_865_609.0, Quantity::Count), "4,865,609");
    }

    #[test]
    fn a_range_in_the_scale_of_its_median() {
        assert_eq!(
            quantity_range(49.4e6, 38.9e6, 49.9e6, Quantity::Rate("nodes")),
            "49.4 M nodes/s (38.9-49.9)"
        );
        assert_eq!(
            quantity_range(1.14, 0.5943, 1.23, Quantity::Seconds),
            "1.14 s (0.59-1.23)"
        );
        assert_eq!(
            quantity_range(0.88, 0.86, 0.91, Quantity::Ratio),
            "0.88x (0.86-0.91)"
        );
        assert_eq!(
            quantity_range(11_320.0, 11_320.0, 11_320.0, Quantity::TStates),
            "11,320 T"
        );
        assert_eq!(quantity_range(1.0, 0.999, 1.001, Quantity::Ratio), "1.00x");
    }
}
