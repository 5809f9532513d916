//! The two rule sets the reference plays by.

use std::fmt;
use std::str::FromStr;

/// Which promotions a pawn reaching the last rank yields; everything else is common.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Exactly the ABI: promotion to a queen only, one entry per promotion.
    Sargon,
    /// Legal chess: a promotion yields a queen, rook, bishop and knight, in that order.
    Standard,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Sargon => "sargon",
            Rules::Standard => "standard",
        })
    }
}

/// The name given to [`Rules::from_str`] was neither "sargon" nor "standard".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {0:?}: expected \"sargon\" or \"standard\"")]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(name: &str) -> Result<Rules, UnknownRules> {
        match name {
            "sargon" => Ok(Rules::Sargon),
            "standard" => Ok(Rules::Standard),
            other => Err(UnknownRules(other.to_string())),
        }
    }
}
