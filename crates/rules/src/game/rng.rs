//! The seeded generator that chooses Dead King Walking moves, so a game replays exactly.

/// A small, fast, seeded generator (splitmix64).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ZombieRng(u64);

impl ZombieRng {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> ZombieRng {
        ZombieRng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
