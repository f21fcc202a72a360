//! Zobrist keys shared by every game.
//!
//! One table of 512 pseudo-random 64-bit keys, drawn once from xoshiro256++
//! seeded with a fixed constant, so hashes are identical on every run and every
//! platform. Each game owns its ranges of the table, declared in its folder
//! with [`range`] (checked at compile time); only [`SIDE`] is shared.

/// The fixed seed of the key table ("Tabula" in ASCII).
pub const SEED: u64 = 0x5461_6275_6c61;

/// Number of keys in the table.
pub const LEN: usize = 512;

/// Checks a game's range of keys at compile time and returns its first
/// index: `len` keys from `start`, inside the table and clear of [`SIDE`].
/// Each game owns its ranges, declared in its folder (`const H: usize =
/// zobrist::range(0, 128);`); games may reuse each other's indices, as a
/// table entry never holds two games' positions in one search.
///
/// ```
/// const PIECE: usize = tabula::game::zobrist::range(0, 256);
/// assert_eq!(PIECE, 0);
/// ```
pub const fn range(start: usize, len: usize) -> usize {
    assert!(
        start + len <= LEN,
        "a game's Zobrist keys run past the table"
    );
    assert!(
        SIDE < start || SIDE >= start + len,
        "a game's Zobrist keys overlap the side-to-move key"
    );
    start
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
