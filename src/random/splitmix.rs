//! SplitMix64 (Steele, Lea, Flood 2014): a tiny PRNG with a fixed, platform-independent output,
//! so a seed names the same run on every machine and for every thread count.

/// The SplitMix64 generator: a 64-bit counter stepped by the golden-ratio constant and mixed.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The generator for item `index` of the stream named by `seed`: independent of every other
    /// index, so items can be produced in any order on any thread.
    pub fn for_index(seed: u64, index: u64) -> Self {
        SplitMix64::new(mix(seed ^ mix(index.wrapping_add(1).wrapping_mul(GOLDEN))))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix(self.state)
    }

    /// A uniform value in `0..n` (`n` > 0), by Lemire's multiply-shift (bias below 2^-32 for
    /// the small `n` used here).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_splitmix64_sequence() {
        // Reference values of SplitMix64 seeded with 1234567 (from the authors' C code).
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn below_stays_in_range_and_index_streams_differ() {
        let mut rng = SplitMix64::for_index(7, 0);
        assert!((0..1000).all(|_| rng.below(13) < 13));
        let a = SplitMix64::for_index(7, 1).next_u64();
        let b = SplitMix64::for_index(7, 2).next_u64();
        assert_ne!(a, b);
        assert_eq!(a, SplitMix64::for_index(7, 1).next_u64());
    }
}
