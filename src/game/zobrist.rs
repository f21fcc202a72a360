//! Zobrist keys shared by every game.
//!
//! One table of 512 pseudo-random 64-bit keys, drawn once from xoshiro256++
//! seeded with a fixed constant, so hashes are identical on every run and every
//! platform. Each game assigns its own ranges of the table (see [`KEYS`]).

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

/// Offsets into the table used by Quatro.
pub mod quatro {
    /// Key of "piece `p` stands on square `s`": `PIECE + 16 * p + s`.
    pub const PIECE: usize = 0;
    /// Key of piece `p` in the reserve: `RESERVE + p`, rotated left by
    /// `4 * (copies - 1)` (the puzzle's reserve is a multiset).
    pub const RESERVE: usize = 320;
}

/// Key toggled when player 2 is to move.
pub const SIDE: usize = 300;

/// The key table, computed at compile time by `xoshiro_keys`, which is
/// `rand_xoshiro`'s `Xoshiro256PlusPlus::seed_from_u64(SEED)` written as a
/// `const fn` (a test checks the two agree).
pub static KEYS: [u64; LEN] = xoshiro_keys();

/// The key at `index`.
#[inline(always)]
pub fn key(index: usize) -> u64 {
    KEYS[index]
}

/// The first [`LEN`] outputs of xoshiro256++ seeded from [`SEED`] through
/// SplitMix64, exactly as `rand_xoshiro` seeds it.
const fn xoshiro_keys() -> [u64; LEN] {
    // SplitMix64 fills the 256-bit state.
    let mut sm = SEED;
    let mut s = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        sm = sm.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = sm;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        s[i] = z ^ (z >> 31);
        i += 1;
    }
    let mut keys = [0u64; LEN];
    let mut k = 0;
    while k < LEN {
        keys[k] = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        k += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn const_table_is_rand_xoshiro_output() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(super::SEED);
        for (i, &k) in super::KEYS.iter().enumerate() {
            assert_eq!(k, rng.next_u64(), "key {i}");
        }
    }

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut keys = super::KEYS.to_vec();
        assert!(keys.iter().all(|&k| k != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), super::LEN);
    }
}
