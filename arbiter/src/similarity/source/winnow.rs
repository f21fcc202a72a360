//! Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003): of the hashes of
//! every k-gram of tokens, keep the smallest of each window of `w`
//! consecutive ones — robust winnowing: on a tie keep the hash the previous
//! window kept if it is still in the window, else the rightmost smallest.
//!
//! Two guarantees follow. A match of at least `w + k − 1` tokens shares at
//! least one kept hash (every window of the shared run picks one of the
//! run's own k-grams); a match shorter than `k` tokens shares none (noise).
//! The kept hashes are about `2 / (w + 1)` of all k-grams.
//!
//! ```text
//! k = 12, w = 8: matches of 19 or more tokens are always found, matches of
//! fewer than 12 never; ~22 % of the k-grams are kept.
//! ```
//! Why these: one Lisp or Python line is 6–12 normalised tokens, so 12
//! tokens is one to two lines — shorter matches between independent
//! programs of the same game are common idioms (`(setf (aref b i j) x)`,
//! `for i in range(n):`); 19 tokens (two to three lines) is about the
//! smallest fragment a reader would call copied. (Measured on the test
//! projects: see the README's "Checking for copied work".)

/// Tokens per k-gram.
pub(crate) const K: usize = 12;
/// Window of k-gram hashes.
pub(crate) const W: usize = 8;

/// A kept hash and the index of its k-gram's first token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Print {
    pub(crate) hash: u64,
    pub(crate) at: u32,
}

/// The hash of a token's normalised text (FNV-1a, the same on every machine).
pub(crate) fn token_hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The hash of every k-gram of `tokens` (none when there are fewer than `k`).
pub(crate) fn kgrams(tokens: &[u64], k: usize) -> Vec<u64> {
    tokens
        .windows(k)
        .map(|g| {
            let mut h: u64 = 0;
            for &t in g {
                h = (h ^ t).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            }
            // The finaliser of SplitMix64: every bit depends on every token.
            h ^= h >> 30;
            h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 27;
            h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
            h ^ (h >> 31)
        })
        .collect()
}

/// Robust winnowing of `hashes` with windows of `w`.
pub(crate) fn winnow(hashes: &[u64], w: usize) -> Vec<Print> {
    let mut kept: Vec<Print> = Vec::new();
    if hashes.is_empty() {
        return kept;
    }
    let w = w.min(hashes.len()).max(1);
    let mut last: Option<usize> = None;
    for start in 0..=hashes.len() - w {
        let window = &hashes[start..start + w];
        let min = *window.iter().min().expect("a window is not empty");
        if let Some(p) = last.filter(|&p| p >= start && hashes[p] == min) {
            let _ = p;
            continue;
        }
        let at = start
            + window
                .iter()
                .rposition(|&h| h == min)
                .expect("the minimum is in it");
        kept.push(Print {
            hash: min,
            at: at as u32,
        });
        last = Some(at);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_example_shape() {
        // Each window keeps its minimum once; ties keep the rightmost.
        let h = [
            77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98,
        ];
        let kept: Vec<(u64, u32)> = winnow(&h, 4).iter().map(|p| (p.hash, p.at)).collect();
        assert_eq!(kept, [(17, 3), (17, 6), (8, 8), (39, 11), (17, 15)]);
    }

    #[test]
    fn a_long_enough_match_is_always_found() {
        let tokens = |seed: u64, n: usize| -> Vec<u64> {
            (0..n as u64)
                .map(|i| token_hash(&format!("{seed}-{i}")))
                .collect()
        };
        let shared = tokens(0, W + K - 1);
        for (a, b) in [(1, 2), (3, 4), (5, 6)] {
            let x = [tokens(a, 50), shared.clone(), tokens(a + 100, 37)].concat();
            let y = [tokens(b, 13), shared.clone(), tokens(b + 100, 60)].concat();
            let px: Vec<u64> = winnow(&kgrams(&x, K), W).iter().map(|p| p.hash).collect();
            let py: Vec<u64> = winnow(&kgrams(&y, K), W).iter().map(|p| p.hash).collect();
            assert!(px.iter().any(|h| py.contains(h)));
        }
    }
}
