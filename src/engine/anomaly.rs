//! Paths where the 1978 program would leave the memory this model holds.
//!
//! The model keeps the bytes 0x012C..0x0152 (attack rows, pin list, POSK, POSQ and the 0xFF after
//! them) exactly as the Z80 does, so the overflow quirks Q5, Q6 and Q12 land where they land on
//! the Z80. A few paths that no test has ever met would go further: into the score table, the
//! ply table, or memory around BOARDA. The model does not guess what the Z80 finds there; it marks
//! the search instead, so a caller never takes such a result for the 1978 program's.

use std::fmt;

/// A set of anomaly marks; empty for every search seen so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Anomalies(u8);

impl Anomalies {
    /// No anomaly.
    pub const NONE: Anomalies = Anomalies(0);
    /// The 0xFF byte after POSQ (0x0152), which ends PINFND's list of royal squares, was
    /// changed (a 15th pin, or an exchange take reading that far). The Z80's PINFND would then
    /// read on into SCORE; the model stops at 0x0152.
    pub const TERMINATOR: Anomalies = Anomalies(1);
    /// A read or write went past 0x0152 (into SCORE and PLYIX, which the model does not share
    /// with the evaluation): more than 14 pins, or an exchange take running off the region.
    pub const OUTSIDE_REGION: Anomalies = Anomalies(2);
    /// The evaluation changed POSK (Q6 halving or Q12). The search then looks for that king on
    /// the new square, as the Z80 does; off the board, INCHK would read memory the model lacks.
    pub const KING_SQUARE: Anomalies = Anomalies(4);
    /// PINFND met a royal square (POSK or POSQ byte) that is not a playing square and skipped
    /// it; the Z80 would scan memory around BOARDA.
    pub const ROYAL_OFF_BOARD: Anomalies = Anomalies(8);
    /// A ply below the root had no pseudo-legal move at all. The 1978 GENMOV then leaves the
    /// ply's head word as it was (SARGON_SEARCH.md 7.3); the model treats the list as empty.
    pub const EMPTY_PLY: Anomalies = Anomalies(16);

    const NAMES: [(Anomalies, &'static str); 5] = [
        (Anomalies::TERMINATOR, "POSQ terminator changed"),
        (Anomalies::OUTSIDE_REGION, "access past 0x0152"),
        (Anomalies::KING_SQUARE, "POSK changed by the evaluation"),
        (Anomalies::ROYAL_OFF_BOARD, "royal square off the board"),
        (Anomalies::EMPTY_PLY, "ply without pseudo-legal moves"),
    ];

    /// True when no mark is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when every mark of `other` is set here.
    pub const fn contains(self, other: Anomalies) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds the marks of `other`.
    pub fn insert(&mut self, other: Anomalies) {
        self.0 |= other.0;
    }

    /// The raw bits (1 terminator, 2 outside region, 4 king square, 8 royal off board,
    /// 16 empty ply).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The names of the marks set, in bit order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Anomalies::NAMES
            .into_iter()
            .filter(move |(mark, _)| self.contains(*mark))
            .map(|(_, name)| name)
    }
}

impl fmt::Display for Anomalies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = self.names().collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_combine_and_print_in_bit_order() {
        let mut marks = Anomalies::NONE;
        assert_eq!(marks.to_string(), "none");
        marks.insert(Anomalies::EMPTY_PLY);
        marks.insert(Anomalies::TERMINATOR);
        assert!(marks.contains(Anomalies::TERMINATOR));
        assert!(!marks.contains(Anomalies::KING_SQUARE));
        assert_eq!(marks.bits(), 17);
        assert_eq!(
            marks.to_string(),
            "POSQ terminator changed, ply without pseudo-legal moves"
        );
    }
}
