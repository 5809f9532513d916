//! Numbers as table cells: digits grouped by thousands, rates, ratios, percentages.

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `15217.04` as `15,217.0`: grouped, one decimal.
pub fn tenths(x: f64) -> String {
    let tenths = (x * 10.0).round() as u64;
    format!("{}.{}", grouped(tenths / 10), tenths % 10)
}

/// A count or a mean: whole numbers grouped (`49,821`), others with one decimal (`176.5`).
pub fn figure(x: f64) -> String {
    if x.fract() == 0.0 {
        grouped(x as u64)
    } else {
        tenths(x)
    }
}

/// `612.4 M`, `3.21 M`, `3,166`: a rate short enough for a table cell.
pub fn short(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2} G", x / 1e9)
    } else if x >= 1e7 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else {
        grouped(x.round() as u64)
    }
}

/// A ratio as `0.93x`.
pub fn ratio(x: f64) -> String {
    format!("{x:.2}x")
}

/// A fraction as a signed percentage: `+14.5%`.
pub fn percent(x: f64) -> String {
    format!("{:+.1}%", x * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(49_821), "49,821");
        assert_eq!(grouped(1_959_115_396), "1,959,115,396");
        assert_eq!(tenths(15_217.0), "15,217.0");
        assert_eq!(tenths(385.3125), "385.3");
        assert_eq!(figure(49_821.0), "49,821");
        assert_eq!(figure(3_187.25), "3,187.3");
        assert_eq!(figure(3_187.96), "3,188.0");
        assert_eq!(short(612_400_000.0), "612.4 M");
        assert_eq!(short(3_210_000.0), "3.21 M");
        assert_eq!(short(3_166.4), "3,166");
        assert_eq!(short(1.5e9), "1.50 G");
        assert_eq!(ratio(0.934), "0.93x");
        assert_eq!(percent(0.1449), "+14.5%");
        assert_eq!(percent(-0.033), "-3.3%");
    }
}
