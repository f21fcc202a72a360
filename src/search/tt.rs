//! The transposition table: a memo of searched positions shared by every
//! iteration of a search and kept between the searches of one game.
//!
//! Policy (in the spirit of Stockfish's `tt.h`):
//!
//! - **Size.** Allocated once, `Hash` MiB rounded down to whole 64-byte
//!   buckets (at least one); resizing or `new_game` reallocates/clears it,
//!   probing and storing never allocate.
//! - **Or growing** ([`Tt::growing`]: the arbiter's built-in players, whose
//!   searches range from a few hundred nodes to millions): it starts at
//!   [`GROWING_MIN`] buckets and doubles whenever an entry would have to
//!   replace another, up to its `Hash` (at most [`GROWING_MAX`] buckets,
//!   16 MiB): the memory follows what the searches of a game store.
//!   Doubling splits each bucket in two, its entries in their order (an
//!   entry keeps the next bits of its key for that), so the table holds
//!   what a table of the larger size would have held, in the same slots:
//!   it never loses an entry the full-size table keeps, and answers every
//!   probe and store as that table does (a search gives the same results).
//!   Clearing shrinks it back to its start and gives the pages above it
//!   back to the system (the reservation stays: the next game grows into
//!   it without moving the table), so a cleared table holds 64 KiB,
//!   whatever the game before it grew to: a worker's memory is what its
//!   current game's searches store, not the largest it ever played.
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
    /// Bits 46–53 of the hash, below the [`GROWING_MIN`] table's index
    /// bits: the bucket the entry goes to when a growing table doubles.
    split: u8,
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

/// Buckets a growing table starts with (64 KiB): 2^10.
pub const GROWING_MIN: usize = 1 << 10;
/// The most buckets of a growing table (16 MiB): 2^18, as far as the
/// entries' `split` bits can split its buckets.
pub const GROWING_MAX: usize = GROWING_MIN << 8;
/// The shift that brings the [`Entry::split`] bits down.
const SPLIT_SHIFT: u32 = 64 - GROWING_MAX.trailing_zeros();

/// The transposition table.
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
    /// A growing table (see the module documentation), and the most
    /// buckets it may reach.
    growing: Option<usize>,
}

impl Tt {
    /// A cleared table of `mib` MiB.
    pub fn new(mib: usize) -> Tt {
        let n = ((mib.max(1) << 20) / std::mem::size_of::<Bucket>()).max(1);
        Tt {
            buckets: vec![Bucket::default(); n],
            generation: 0,
            growing: None,
        }
    }

    /// A cleared table that answers as [`Tt::new`]`(mib)` does, growing
    /// to that size as it fills (see the module documentation) when the
    /// size is a power of two of buckets up to [`GROWING_MAX`] (1, 2, 4, 8
    /// or 16 MiB); allocated whole otherwise.
    pub fn growing(mib: usize) -> Tt {
        let n = ((mib.max(1) << 20) / std::mem::size_of::<Bucket>()).max(1);
        if !n.is_power_of_two() || n > GROWING_MAX || n <= GROWING_MIN {
            return Tt::new(mib);
        }
        // Reserved whole, written as it grows: the system gives memory to
        // the pages written, and growing never moves the table.
        let mut buckets = Vec::with_capacity(n);
        buckets.resize(GROWING_MIN, Bucket::default());
        Tt {
            buckets,
            generation: 0,
            growing: Some(n),
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Bytes of the table in use now.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets every entry (a growing table goes back to its start and
    /// gives the memory above it back).
    pub fn clear(&mut self) {
        if self.growing.is_some() {
            self.buckets.truncate(GROWING_MIN);
            give_back_spare(&mut self.buckets);
        }
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Doubles a growing table: bucket `i` splits into `2i` and `2i + 1`
    /// by the next bit of each entry's key, its entries in their order
    /// (where a table of the new size would have put them). Walked
    /// downwards, a bucket is split before the buckets it is split into
    /// are overwritten.
    fn grow(&mut self) {
        let old = self.buckets.len();
        // The bit of `split` below the `old` table's index bits.
        let shift = GROWING_MAX.trailing_zeros() - 1 - old.trailing_zeros();
        self.buckets.resize(2 * old, Bucket::default());
        for i in (0..old).rev() {
            let from = std::mem::take(&mut self.buckets[i]);
            let mut halves = [Bucket::default(); 2];
            let mut filled = [0; 2];
            for e in from.entries.iter().filter(|e| e.genbound & 3 != 0) {
                let half = usize::from((e.split >> shift) & 1);
                halves[half].entries[filled[half]] = *e;
                filled[half] += 1;
            }
            self.buckets[2 * i..2 * i + 2].copy_from_slice(&halves);
        }
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
                if worst_score != i32::MIN
                    && self.growing.is_some_and(|most| self.buckets.len() < most)
                {
                    // Full: a growing table doubles rather than lose an entry.
                    self.grow();
                    return self.store(hash, value, depth, bound, mv);
                }
                worst
            }
        };
        let e = &mut self.buckets[index].entries[slot];
        let keep_move = mv == NO_MOVE && e.key == key;
        *e = Entry {
            key,
            value,
            depth,
            mv: if keep_move { e.mv } else { mv },
            genbound: gen << 2 | bound as u8,
            split: (hash >> SPLIT_SHIFT) as u8,
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

/// Gives the whole pages of `buckets`' spare capacity back to the system
/// (Linux: `madvise(MADV_DONTNEED)`; elsewhere nothing): they stop counting
/// in the process's memory until written again, and the reservation stays,
/// so the table still grows without moving. Not by shrinking and growing
/// the vector: the buckets' 64-byte alignment makes the allocator copy
/// into a new block and free the old one, and glibc then serves the next
/// tables of that size from its heap, which keeps the pages of freed ones.
fn give_back_spare(buckets: &mut Vec<Bucket>) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads a system constant.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(0);
        if page == 0 {
            return;
        }
        let spare = buckets.spare_capacity_mut();
        let start = spare.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(spare);
        let (first, last) = (start.next_multiple_of(page), end / page * page);
        if first < last {
            // SAFETY: [first, last) is whole pages inside the vector's own
            // allocation, past its length: memory nothing reads (spare
            // capacity is uninitialised to Rust) and that the vector writes
            // before it reads it. The kernel drops those pages and maps
            // zero-filled ones if they are touched again; the mapping and
            // the allocation are unchanged.
            let rc = unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_DONTNEED,
                )
            };
            if rc != 0 {
                log::debug!(
                    "transposition table kept its memory: {}",
                    std::io::Error::last_os_error()
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buckets;
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

    /// Keys spread like Zobrist keys (a 64-bit mix of `i`).
    fn key(i: u64) -> u64 {
        let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Stores `n` entries over three searches (some keys stored twice,
    /// some with no move), as a search does.
    fn fill(tt: &mut Tt, n: u64) {
        for i in 0..n {
            if i % (n / 3).max(1) == 0 {
                tt.new_search();
            }
            let mv = if i % 7 == 0 { NO_MOVE } else { (i % 50) as u8 };
            tt.store(key(i), i as i32, (i % 9) as u8, Bound::Lower, mv);
            if i % 5 == 0 {
                tt.store(key(i / 2), -(i as i32), 12, Bound::Exact, NO_MOVE);
            }
        }
    }

    fn probes(tt: &Tt, n: u64) -> Vec<Option<Hit>> {
        (0..2 * n).map(|i| tt.probe(key(i))).collect()
    }

    #[test]
    fn a_growing_table_answers_as_the_full_size_table() {
        let full = |n| {
            let mut tt = Tt::new(16);
            fill(&mut tt, n);
            probes(&tt, n)
        };
        let mut growing = Tt::growing(16);
        assert_eq!(growing.bytes(), GROWING_MIN * 64);
        for n in [100, 5_000, 60_000] {
            growing.clear();
            fill(&mut growing, n);
            assert_eq!(probes(&growing, n), full(n), "{n} entries");
            // Far fewer buckets than the full table's 262,144.
            let buckets = growing.bytes() / 64;
            assert!(
                buckets <= (4 * n as usize).max(GROWING_MIN),
                "{n}: {buckets}"
            );
            assert!(growing.probe(key(n - 1)).is_some());
        }
        assert_eq!(growing.bytes(), 8 << 20, "60,000 entries: 8 MiB");
        // Cleared: back to the start, as a new table.
        growing.clear();
        assert_eq!(growing.bytes(), GROWING_MIN * 64);
        assert!(probes(&growing, 60_000).iter().all(Option::is_none));
        fill(&mut growing, 5_000);
        let mut fresh = Tt::growing(16);
        fill(&mut fresh, 5_000);
        assert_eq!(probes(&growing, 5_000), probes(&fresh, 5_000));
        assert_eq!(growing.bytes(), fresh.bytes());
    }

    #[test]
    fn a_growing_table_stops_at_its_size() {
        let mut tt = Tt::growing(1);
        fill(&mut tt, 200_000);
        assert_eq!(tt.bytes(), 1 << 20);
        assert_eq!(Tt::growing(0).growing, Some(1 << 14), "1 MiB at least");
        // Other sizes: the table of that size, whole.
        let whole = Tt::growing(3);
        assert_eq!((whole.growing, whole.bytes()), (None, 3 << 20));
    }
}
