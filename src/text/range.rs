//! Address ranges, written one way by every report: the first and the last address, both
//! inside the range, as `0x0100..0x02FF` (one address alone as `0x0180`). The assembler writes
//! its own the same way in the source's notation, `0100H..02FFH`.

/// The addresses `first` to `last`, both inside: `0x0100..0x02FF`, or `0x0180` when they are
/// one.
pub fn address_range(first: u32, last: u32) -> String {
    if first == last {
        format!("{first:#06X}")
    } else {
        format!("{first:#06X}..{last:#06X}")
    }
}

/// The addresses from `start` up to `end`, `end` not among them (an image's bytes, a list's
/// entries), written as [`address_range`] writes them; `nothing at 0x0100` when they are none.
pub fn address_span(start: u32, end: u32) -> String {
    if end <= start {
        format!("nothing at {start:#06X}")
    } else {
        address_range(start, end - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_last_both_inside() {
        assert_eq!(address_range(0x100, 0x2FF), "0x0100..0x02FF");
        assert_eq!(address_range(0x180, 0x180), "0x0180");
        assert_eq!(address_span(0, 0x3ADD), "0x0000..0x3ADC");
        assert_eq!(address_span(0x100, 0x101), "0x0100");
        assert_eq!(address_span(0x100, 0x100), "nothing at 0x0100");
        assert_eq!(address_span(0xFF00, 0x10000), "0xFF00..0xFFFF");
    }
}
