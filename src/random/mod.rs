//! Seeded randomness with a fixed, platform-independent output: the one generator every room
//! that draws from a `--seed` uses (the cross-check's random positions, the Jupiter III's
//! refresh register at key reads), so a printed seed replays a run anywhere.

mod splitmix;

pub use splitmix::SplitMix64;
