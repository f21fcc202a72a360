//! Perft as data plus one generic runner (like shakmaty's `tests/perft.rs`).
//!
//! `tests/data/perft.txt` lists positions of every game with leaf counts that
//! were computed by the naive second implementation (`tests/naive`). The fast
//! library must reproduce every count; the naive implementation must still
//! reproduce the shallow ones (so the data cannot silently drift from it).

mod naive;

use tabula::games::GameId;
use tabula::setup::parse_spec;

/// Counts up to this many leaves are checked against the library by default;
/// larger ones only by the ignored `perft_deep`.
const FAST_LIMIT: u64 = 1_000_000;
/// Counts up to this many leaves are recomputed by the naive implementation.
const NAIVE_LIMIT: u64 = 5_000;

struct Entry {
    line: usize,
    spec: String,
    counts: Vec<(u32, u64)>,
}

const DATA: &str = include_str!("data/perft.txt");
/// A few deep counts, checked only by the ignored `perft_deep`.
const DEEP: &str = include_str!("data/perft_deep.txt");

/// Reads the data file: `<spec> ;D<depth> <count> ;D<depth> <count> …`.
fn entries() -> Vec<Entry> {
    read(DATA)
}

fn read(data: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for (i, raw) in data.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let spec = parts.next().unwrap_or("").trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p
                    .strip_prefix('D')
                    .and_then(|rest| rest.split_once(' '))
                    .unwrap_or_else(|| panic!("line {}: bad pair '{p}'", i + 1));
                let d = d
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: depth", i + 1));
                let n = n
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: count {n:?} (run the generator)", i + 1));
                (d, n)
            })
            .collect();
        out.push(Entry {
            line: i + 1,
            spec,
            counts,
        });
    }
    out
}

/// `startpos` means the Dots start; everything else names its game.
fn current_game(spec: &str) -> Option<GameId> {
    spec.starts_with("startpos").then_some(GameId::Dots)
}

fn check_library(data: Vec<Entry>, select: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    for e in data {
        let pos = parse_spec(&e.spec, current_game(&e.spec))
            .unwrap_or_else(|err| panic!("line {}: {}: {err}", e.line, e.spec));
        for &(depth, expected) in &e.counts {
            if select(expected) {
                assert_eq!(
                    pos.perft(depth),
                    expected,
                    "line {}: {} at depth {depth}",
                    e.line,
                    e.spec
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn perft_library_matches_the_data() {
    let checked = check_library(entries(), |n| n <= FAST_LIMIT);
    assert!(checked > 100, "only {checked} counts checked");
}

#[test]
#[ignore = "deep counts: cargo test --release --test perft -- --ignored"]
fn perft_deep() {
    check_library(entries(), |n| n > FAST_LIMIT);
    assert!(check_library(read(DEEP), |_| true) > 0);
}

#[test]
fn every_game_is_covered() {
    let games: Vec<GameId> = entries()
        .iter()
        .map(|e| parse_spec(&e.spec, current_game(&e.spec)).unwrap().game())
        .collect();
    for g in GameId::ALL {
        let n = games.iter().filter(|&&x| x == g).count();
        assert!(n >= 5, "{g}: only {n} positions");
    }
}

#[test]
fn naive_implementation_reproduces_the_shallow_counts() {
    for e in entries() {
        let pos = naive::setup(&e.spec);
        // Both implementations set the position up alike.
        let lib = parse_spec(&e.spec, current_game(&e.spec)).unwrap();
        assert_eq!(pos.fen(), lib.fen(), "line {}: {}", e.line, e.spec);
        for &(depth, expected) in &e.counts {
            if expected <= NAIVE_LIMIT {
                assert_eq!(
                    naive::perft(&pos, depth),
                    expected,
                    "line {}: {} at depth {depth}",
                    e.line,
                    e.spec
                );
            }
        }
    }
}

/// Prints the data file again with counts computed by the naive
/// implementation: deeper until a count passes a budget or the tree is
/// exhausted (depth 12 at most). With `PERFT_DEEP=1`, prints the deep file
/// with its listed depths computed instead.
#[test]
#[ignore = "generator: cargo test --release --test perft -- --ignored generate --nocapture"]
fn generate() {
    // PERFT_BUDGET=<n>: a smaller budget (the slow naive Quatro).
    let budget: u64 = std::env::var("PERFT_BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(4_000_000);
    // PERFT_ONLY=<text>: recompute only the lines containing the text.
    let only = std::env::var("PERFT_ONLY").unwrap_or_default();
    if std::env::var("PERFT_DEEP").is_ok() {
        for raw in DEEP.lines() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                println!("{raw}");
                continue;
            }
            let mut parts = line.split(';');
            let spec = parts.next().unwrap().trim();
            let pos = naive::setup(spec);
            let mut out = spec.to_string();
            for p in parts {
                let depth: u32 = p.trim()[1..].split(' ').next().unwrap().parse().unwrap();
                out += &format!(" ;D{depth} {}", naive::perft(&pos, depth));
            }
            println!("{out}");
        }
        return;
    }
    for raw in DATA.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || !line.contains(&only) {
            println!("{raw}");
            continue;
        }
        let spec = line.split(';').next().unwrap().trim();
        let pos = naive::setup(spec);
        let mut out = spec.to_string();
        let (mut prev, mut prev2) = (1u64, 1u64);
        for depth in 1..=12 {
            // Estimate the next count from the last growth factor.
            let growth = prev.div_ceil(prev2.max(1)).max(1);
            if depth > 1 && prev.saturating_mul(growth) > budget {
                break;
            }
            let n = naive::perft(&pos, depth);
            out += &format!(" ;D{depth} {n}");
            if naive::live_nodes(&pos, depth) == 0 {
                break; // every leaf is a finished game
            }
            (prev2, prev) = (prev, n);
        }
        println!("{out}");
    }
}

/// The data must keep exercising every rule: walk the naive trees of the data
/// positions and collect what their moves exercise. Each game's rules are
/// listed by its naive implementation ([`naive::Pos::rules`]); every
/// two-player game of the registry must have data that exercises them.
#[test]
fn the_data_exercises_every_rule() {
    use std::collections::{BTreeMap, BTreeSet};
    fn visit(
        pos: &naive::Pos,
        depth: u32,
        family: &'static str,
        seen: &mut BTreeMap<&'static str, BTreeSet<&'static str>>,
    ) {
        if depth == 0 {
            return;
        }
        for mv in pos.legal_moves() {
            seen.entry(family)
                .or_default()
                .extend(naive::features(pos, &mv));
            let mut child = pos.clone();
            child.play(&mv);
            visit(&child, depth - 1, family, seen);
        }
    }
    let mut seen = BTreeMap::new();
    let mut want = BTreeMap::new();
    for e in entries() {
        let pos = naive::setup(&e.spec);
        let (family, rules) = pos.rules();
        want.insert(family, rules);
        let depth = e
            .counts
            .iter()
            .filter(|&&(_, n)| n <= 2_000)
            .map(|&(d, _)| d)
            .max()
            .unwrap_or(1);
        visit(&pos, depth, family, &mut seen);
    }
    for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
        let rules = want
            .get(game.as_str())
            .unwrap_or_else(|| panic!("{game}: no data position of its family"));
        assert!(
            !rules.is_empty(),
            "{game}: the naive implementation lists no rule"
        );
        for f in *rules {
            assert!(
                seen.get(game.as_str()).is_some_and(|s| s.contains(f)),
                "{game}: no data position exercises '{f}' (seen: {:?})",
                seen.get(game.as_str())
            );
        }
    }
}

/// `divide` (perft split by first move, in move order) agrees with the naive
/// implementation move by move.
#[test]
fn divide_matches_the_naive_split() {
    for e in entries() {
        let Some(&(depth, _)) = e.counts.iter().rev().find(|&&(_, n)| n <= NAIVE_LIMIT) else {
            continue;
        };
        let lib = parse_spec(&e.spec, current_game(&e.spec)).unwrap();
        let split: Vec<(String, u64)> = tabula::with_game!(lib, p => {
            tabula::game::divide(&p, depth)
                .into_iter()
                .map(|(m, n)| (m.to_string(), n))
                .collect()
        });
        let twin = naive::setup(&e.spec);
        let expected: Vec<(String, u64)> = twin
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = twin.clone();
                child.play(&m);
                let n = naive::perft(&child, depth - 1);
                (m, n)
            })
            .collect();
        assert_eq!(split, expected, "line {}: {}", e.line, e.spec);
    }
}
