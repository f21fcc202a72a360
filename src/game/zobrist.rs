//! Zobrist keys shared by every game.
//!
//! One table of 512 pseudo-random 64-bit keys, drawn once from xoshiro256++
//! seeded with a fixed constant, so hashes are identical on every run and every
//! platform. Each game assigns its own ranges of the table (see [`KEYS`]).

use rand::RngCore;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::LazyLock;

/// The fixed seed of the key table ("Tabula" in ASCII).
pub const SEED: u64 = 0x5461_6275_6c61;

/// Number of keys in the table.
pub const LEN: usize = 512;

/// Offsets into the table used by the number-board games (knight, bishop).
pub mod jump {
    /// Key of "square `s` still holds a number": `SQUARE + s` (s < 100).
    pub const SQUARE: usize = 0;
    /// Key of "player `p`'s piece stands on `s`": `PIECE + 100 * p + s`.
    pub const PIECE: usize = 100;
}

/// Offsets into the table used by Dots and Boxes.
pub mod dots {
    /// Key of horizontal arc bit `i`: `H + i` (i < 128).
    pub const H: usize = 0;
    /// Key of vertical arc bit `i`: `V + i` (i < 128).
    pub const V: usize = 128;
}

/// Key toggled when player 2 is to move.
pub const SIDE: usize = 300;

/// The key table.
pub static KEYS: LazyLock<[u64; LEN]> = LazyLock::new(|| {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    let mut keys = [0u64; LEN];
    for k in &mut keys {
        *k = rng.next_u64();
    }
    keys
});

/// The key at `index`.
#[inline]
pub fn key(index: usize) -> u64 {
    KEYS[index]
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut keys = super::KEYS.to_vec();
        assert!(keys.iter().all(|&k| k != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), super::LEN);
    }
}
