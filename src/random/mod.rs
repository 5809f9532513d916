//! Seeded randomness with a fixed, platform-independent output: the one generator every room
//! that draws from a `--seed` uses (the cross-check's random positions, the Jupiter III's
//! refresh register at key reads), so a printed seed replays a run anywhere.

mod splitmix;

pub use splitmix::SplitMix64;

/// A fresh seed short enough to type again (below a million), for a run given none: drawn
/// from the process's random hasher keys and the time.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now()) % 1_000_000
}
