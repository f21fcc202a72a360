//! The transposition table: a memo of searched positions shared by every
//! iteration of a search and kept between the searches of one game.
//!
//! Policy (in the spirit of Stockfish's `tt.h`):
//!
//! - **Size.** Allocated once, `Hash` MiB rounded down to whole 64-byte
//!   buckets (at least one); resizing or `new_game` reallocates/clears it,
//!   probing and storing never allocate.
//! - **Buckets.** A position's bucket is `(hash * buckets) >> 64` (the high
//!   bits of the 64-bit Zobrist key); a bucket holds [`BUCKET`] entries,
//!   each checked by the low 32 bits of the key.
//! - **Entry.** Key check, value, depth (or [`SOLVED`] when the subtree was
//!   searched to the end of the game), bound (exact / lower / upper), the best
//!   move as its index in the position's `legal_moves()` list (validated
//!   against the list's length on use), and the generation of the search that
//!   wrote it.
//! - **Values are relative to the node**: the points the side to move will
//!   still win minus the points its opponent will still win. `Game::hash`
//!   excludes the scores, so positions reached with different scores share an
//!   entry and its value stays right for both.
//! - **Replacement: depth-preferred with ageing.** A store to a key already in
//!   the bucket overwrites it (keeping the old move when the new one has
//!   none, and keeping a deeper entry of the same generation unless the new
//!   one is exact). Otherwise the victim is the entry with the lowest
//!   `depth - 8 × age`, where age is how many searches ago it was written:
//!   stale deep entries eventually give way to fresh shallow ones.
//! - **Hashfull** is the permille of entries of the first 1000 buckets written
//!   by the current search.

/// Bound type of a stored value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Empty slot.
    None = 0,
    /// The true value is at most the stored one (fail low).
    Upper = 1,
    /// The true value is at least the stored one (fail high).
    Lower = 2,
    /// The true value.
    Exact = 3,
}

/// Depth stored for a subtree searched to the end of the game: deeper than
/// any depth-limited search.
pub const SOLVED: u8 = u8::MAX;
/// No move stored.
pub const NO_MOVE: u8 = u8::MAX;
/// Entries per bucket.
pub const BUCKET: usize = 5;

/// One slot: 12 bytes.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    key: u32,
    value: i32,
    depth: u8,
    mv: u8,
    /// Bound in the low 2 bits, generation in the high 6.
    genbound: u8,
    _pad: u8,
}

/// A cache line of entries.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    entries: [Entry; BUCKET],
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub value: i32,
    /// Search depth, or [`SOLVED`].
    pub depth: u8,
    pub bound: Bound,
    /// Index of the best move in `legal_moves()`, or [`NO_MOVE`].
    pub mv: u8,
}

/// The transposition table.
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A cleared table of `mib` MiB.
    pub fn new(mib: usize) -> Tt {
        let n = (mib.max(1) << 20) / std::mem::size_of::<Bucket>();
        Tt {
            buckets: vec![Bucket::default(); n.max(1)],
            generation: 0,
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: entries written from now on are newer.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        ((hash as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the CPU to bring the bucket of `hash` into the cache (called as
    /// soon as a child position is known, before its node is visited).
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = &self.buckets[self.index(hash)] as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; the
            // pointer is in bounds.
            unsafe { std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The entry of `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let key = hash as u32;
        let bucket = &self.buckets[self.index(hash)];
        bucket
            .entries
            .iter()
            .find(|e| e.key == key && e.genbound & 3 != 0)
            .map(|e| Hit {
                value: e.value,
                depth: e.depth,
                bound: match e.genbound & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                },
                mv: e.mv,
            })
    }

    /// Stores a result (see the module documentation for the policy).
    #[inline]
    pub fn store(&mut self, hash: u64, value: i32, depth: u8, bound: Bound, mv: u8) {
        let key = hash as u32;
        let gen = self.generation;
        let index = self.index(hash);
        let bucket = &mut self.buckets[index];
        let age = |e: &Entry| (gen.wrapping_sub(e.genbound >> 2) & 63) as i32;
        let slot = match bucket.entries.iter().position(|e| e.key == key) {
            Some(i) => {
                let e = &bucket.entries[i];
                if e.genbound & 3 != 0
                    && e.genbound >> 2 == gen
                    && e.depth > depth
                    && bound != Bound::Exact
                {
                    return;
                }
                i
            }
            None => {
                let mut worst = 0;
                let mut worst_score = i32::MAX;
                for (i, e) in bucket.entries.iter().enumerate() {
                    let score = if e.genbound & 3 == 0 {
                        i32::MIN
                    } else {
                        e.depth as i32 - 8 * age(e)
                    };
                    if score < worst_score {
                        worst_score = score;
                        worst = i;
                    }
                }
                worst
            }
        };
        let e = &mut bucket.entries[slot];
        let keep_move = mv == NO_MOVE && e.key == key;
        *e = Entry {
            key,
            value,
            depth,
            mv: if keep_move { e.mv } else { mv },
            genbound: gen << 2 | bound as u8,
            _pad: 0,
        };
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.entries.iter())
            .filter(|e| e.genbound & 3 != 0 && e.genbound >> 2 == self.generation)
            .count();
        (used * 1000 / (sample * BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    #[test]
    fn store_then_probe_and_replacement() {
        let mut tt = Tt::new(1);
        tt.store(0xdead_beef_0000_0001, -42, 7, Bound::Lower, 3);
        let hit = tt.probe(0xdead_beef_0000_0001).unwrap();
        assert_eq!(
            (hit.value, hit.depth, hit.bound, hit.mv),
            (-42, 7, Bound::Lower, 3)
        );
        assert!(tt.probe(0xdead_beef_0000_0002).is_none());
        // Same key, no move: the old move is kept.
        tt.store(0xdead_beef_0000_0001, 5, 9, Bound::Exact, NO_MOVE);
        assert_eq!(tt.probe(0xdead_beef_0000_0001).unwrap().mv, 3);
        // Fill one bucket (same high bits) beyond its size: the shallowest goes.
        let mut tt = Tt::new(1);
        for k in 0..=BUCKET as u64 {
            tt.store(k + 1, 0, 10 + k as u8, Bound::Exact, 0);
        }
        assert!(tt.probe(1).is_none());
        assert!(tt.probe(BUCKET as u64 + 1).is_some());
        tt.clear();
        assert!(tt.probe(2).is_none());
    }
}
