//! Invariants of every game, checked along seeded random playouts and over
//! small game trees, against the naive second implementation (`tests/naive`).
//!
//! One generic function, [`check_position`], is reused by every game (like
//! shakmaty's `incremental_zobrist` fuzz target): at every ply the incremental
//! hash equals the hash from scratch, the position string round-trips, every
//! generated move is accepted by the checked `play` and no other move is, the
//! move count agrees, and the legal moves (same order), side to move, scores,
//! position string and result agree with the naive implementation.

mod naive;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use tabula::game::{Game, GameMove, Outcome, Player};
use tabula::games::{AnyPosition, GameId};
use tabula::setup::parse_spec;
use tabula::with_game;

const DATA: &str = include_str!("data/perft.txt");

/// The position specs of the perft data file.
fn data_specs() -> Vec<String> {
    DATA.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

fn setup(spec: &str) -> (AnyPosition, naive::Pos) {
    let current = spec.starts_with("startpos").then_some(GameId::Dots);
    let lib = parse_spec(spec, current).unwrap_or_else(|e| panic!("{spec}: {e}"));
    (lib, naive::setup(spec))
}

/// Every check of one position against the naive implementation. `names` is
/// every move name the board could accept (all squares or all arcs, and
/// `pass`): each is tried against `parse_legal` and `play`.
fn check_position<G: Game>(pos: &G, twin: &naive::Pos, names: &[String], at: &str) {
    // Incremental hash.
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{at}: hash");
    // Position string round trip, and agreement with the naive writer.
    let fen = pos.fen();
    assert_eq!(fen, twin.fen(), "{at}: position string");
    let back = G::from_fen(&fen).unwrap_or_else(|e| panic!("{at}: {fen} does not read back: {e}"));
    assert_eq!(&back, pos, "{at}: from_fen(fen) differs");
    assert_eq!(back.fen(), fen, "{at}: fen text differs after a round trip");
    assert_eq!(back.hash(), pos.hash(), "{at}: hash after a round trip");
    // Legal moves: same list, same order, as the naive implementation.
    let moves = pos.legal_moves();
    let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, twin.legal_moves(), "{at}: legal moves of {fen}");
    assert_eq!(pos.count_moves(), moves.len(), "{at}: count_moves");
    assert_eq!(pos.is_over(), moves.is_empty(), "{at}: is_over");
    // Side and scores.
    let side = if pos.side_to_move() == Player::One {
        0
    } else {
        1
    };
    assert_eq!(side, twin.side(), "{at}: side to move");
    assert_eq!(pos.scores(), twin.scores(), "{at}: scores");
    // Result.
    let [a, b] = twin.scores();
    let expected = (moves.is_empty() && !twin.is_puzzle()).then(|| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Outcome::Win(Player::One),
        std::cmp::Ordering::Less => Outcome::Win(Player::Two),
        std::cmp::Ordering::Equal => Outcome::Draw,
    });
    assert_eq!(pos.outcome(), expected, "{at}: outcome");
    // Every generated move is accepted, and no other move is.
    for name in names {
        let legal = texts.contains(name);
        match pos.parse_legal(name) {
            Ok(mv) => {
                assert!(legal, "{at}: '{name}' accepted but not legal in {fen}");
                assert_eq!(&mv.to_string(), name);
                let upper = pos.parse_legal(&name.to_uppercase());
                assert_eq!(upper.ok(), Some(mv), "{at}: '{name}' in capitals");
                let (mut checked, mut unchecked) = (*pos, *pos);
                checked.play(mv).unwrap();
                unchecked.play_unchecked(mv);
                assert_eq!(checked, unchecked, "{at}: play and play_unchecked differ");
                assert_eq!(checked.hash(), unchecked.hash());
            }
            Err(e) => {
                assert!(!legal, "{at}: legal move '{name}' refused: {e}");
                if let Ok(mv) = pos.parse_move(name) {
                    assert!(e.is_illegal(), "{at}: '{name}': {e}");
                    let mut copy = *pos;
                    assert!(copy.play(mv).is_err(), "{at}: play accepted '{name}'");
                    assert_eq!(&copy, pos, "{at}: a refused move changed the state");
                    assert_eq!(copy.hash(), pos.hash());
                    assert_eq!(copy.fen(), fen);
                }
            }
        }
    }
}

/// A seeded random playout from `start`, checking every ply.
fn playout<G: Game + Into<AnyPosition>>(start: G, twin: naive::Pos, seed: u64, label: &str) {
    let names = twin.every_move_name();
    // The longest game the rules allow, or where to stop a puzzle that may
    // go on for ever (naive::Pos::playout_bound).
    let (bound, cut) = twin.playout_bound();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut pos, mut twin) = (start, twin);
    for ply in 0.. {
        if cut && ply > bound {
            break;
        }
        assert!(ply <= bound, "{label}: game longer than {bound} plies");
        let at = format!("{label} seed {seed} ply {ply}");
        check_position(&pos, &twin, &names, &at);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // A pass is found by asking the move, the game's and any game's.
        let any = pos.into().legal_moves();
        for (m, a) in moves.iter().zip(&any) {
            let written = m.to_string() == "pass";
            assert!(
                m.is_pass() == written && a.is_pass() == written,
                "{at}: is_pass of {m}"
            );
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        pos.play(mv).unwrap();
        assert!(twin.play(&mv.to_string()), "{at}: naive refused {mv}");
    }
}

/// Playouts from `spec` with seeds `seeds`.
fn playouts(spec: &str, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (lib, twin) = setup(spec);
        with_game!(lib, pos => playout(pos, twin, seed, spec));
    }
}

#[test]
fn playouts_from_every_data_position() {
    for spec in data_specs() {
        playouts(&spec, 0..3);
    }
}

/// Every game of the registry, from what it offers: seeded random starts,
/// the start position, the course's problems. A new game is covered here
/// once its naive twin (`tests/naive`) reads these specs; the per-game
/// tests below add sizes and seeds.
#[test]
fn playouts_of_every_game_of_the_registry() {
    for game in GameId::ALL {
        let mut specs = Vec::new();
        let setup = tabula::games::GameSetup::new(game);
        if setup.random(0).is_some() {
            specs.extend((0..4).map(|seed| format!("random {game} {seed}")));
        }
        if let Some(fen) = setup.startpos().map(|p| p.fen()) {
            specs.push(format!("fen {fen}"));
        }
        if game.is_puzzle() {
            let set = tabula::problems::builtin(game);
            specs.extend(
                set.entries()
                    .into_iter()
                    .map(|(name, _, _)| format!("problem {game} {name}")),
            );
        }
        assert!(!specs.is_empty(), "{game}: no position to play out from");
        for spec in specs {
            playouts(&spec, 0..2);
        }
    }
}

#[test]
fn playouts_knight() {
    for board in 0..12 {
        playouts(&format!("random knight {board}"), board..board + 2);
        playouts(&format!("random knight-solo {board}"), board..board + 1);
    }
}

#[test]
fn playouts_bishop() {
    for board in 0..12 {
        playouts(&format!("random bishop {board}"), board..board + 2);
        playouts(&format!("random bishop-solo {board}"), board..board + 1);
    }
}

#[test]
fn playouts_dots() {
    for board in 0..8 {
        let (r, c) = (1 + board % 4, 1 + (board * 3) % 6);
        playouts(&format!("random dots {board} {r}x{c}"), 0..2);
    }
    playouts("startpos", 0..3);
    for p in ["A", "B", "C", "D", "E", "F"] {
        playouts(&format!("problem dots-solo {p}"), 10..12);
    }
}

#[test]
fn playouts_quatro() {
    for board in 0..10 {
        playouts(&format!("random quatro {board}"), 0..3);
        playouts(&format!("random quatro-solo {board}"), 0..1);
    }
    playouts("quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1", 0..10);
    for p in ["A", "B", "C", "D", "E", "F"] {
        playouts(&format!("problem quatro-solo {p}"), 10..13);
    }
}

#[test]
fn playouts_adjiboto() {
    for board in 0..6 {
        playouts(&format!("random adjiboto {board}"), 0..2);
        playouts(&format!("random adjiboto-solo {board}"), 0..2);
    }
    playouts("adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0", 0..6);
    for p in ["A", "B", "C", "D", "E", "F", "G"] {
        playouts(&format!("problem adjiboto-solo {p}"), 3..5);
    }
    playouts("adjiboto-solo 0,0,0,0,0,2 0,0,0,0,4,0 opposite", 0..4);
    playouts("adjiboto-solo 48,0,0,0,0,0 0,0,0,0,0,48 opposite", 0..2);
}

#[test]
fn quatro_random_starts_are_unfinished_and_follow_the_rules() {
    use tabula::games::Quatro;
    for seed in 0..200 {
        let (lib, twin) = setup(&format!("random quatro {seed}"));
        let AnyPosition::Quatro(pos) = lib else {
            panic!("not quatro");
        };
        let placed = pos.occupied().count_ones();
        assert!((2..=4).contains(&placed), "seed {seed}: {placed} pieces");
        assert!(!pos.is_over());
        assert_eq!(pos.fen(), twin.fen());
        // The side to move cannot win at once.
        for mv in pos.legal_moves() {
            let mut c: Quatro = pos;
            c.play_unchecked(mv);
            assert!(c.outcome().is_none(), "seed {seed}: {mv} wins");
        }
    }
}

/// Walks the whole tree to `depth`, checking every node.
///
/// Every move name is tried only near the root (the playouts try them at every
/// ply); the rest of the checks run at every node.
fn walk<G: Game>(
    pos: &G,
    twin: &naive::Pos,
    depth: u32,
    ply: u32,
    names: &[String],
    at: &str,
    hashes: &mut HashMap<u64, String>,
) -> u64 {
    check_position(pos, twin, if ply <= 1 { names } else { &[] }, at);
    // Equal hashes only for positions equal in what the hash covers.
    let key = twin.hash_key();
    let old = hashes.entry(pos.hash()).or_insert_with(|| key.clone());
    assert_eq!(*old, key, "{at}: hash collision");
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let mut twin_child = twin.clone();
        assert!(twin_child.play(&mv.to_string()));
        let at = format!("{at} {mv}");
        nodes += walk(&child, &twin_child, depth - 1, ply + 1, names, &at, hashes);
    }
    nodes
}

#[test]
fn whole_small_trees_agree_node_by_node() {
    const MAX_NODES: u64 = 600;
    let mut extra: Vec<String> = [
        // Dots boards where boxes close within a few plies (turn kept, 2 boxes).
        "dots 2x2 11/01/11 10/01/01 1 0 0",
        "dots 2x3 111/000/111 11/00/00/11 2 0 0",
        "dots 1x2 11/11 1/0/1 1 0 0",
        "dots-solo 2x2 11/00/11 10/00/01 2",
        "dots 2x2 12/01/21 10/02/01 2 1 0",
    ]
    .map(String::from)
    .to_vec();
    extra.extend(data_specs());
    let mut total = 0;
    for spec in extra {
        let (lib, twin) = setup(&spec);
        let names = twin.every_move_name();
        // The deepest depth whose tree stays small.
        let mut depth = 0;
        while depth < 12 && naive::perft(&twin, depth + 1) * 2 <= MAX_NODES {
            depth += 1;
        }
        let mut hashes = HashMap::new();
        total += with_game!(lib, pos => walk(&pos, &twin, depth, 0, &names, &spec, &mut hashes));
    }
    assert!(total > 5_000, "only {total} nodes walked");
}

#[test]
fn the_hash_ignores_scores_and_target_but_not_the_side() {
    for (a, b, same) in [
        ("random knight 4", "random knight 4", true),
        ("problem knight-solo C", "problem knight-solo C moves", true),
    ] {
        let (a, b) = (setup(a).0, setup(b).0);
        assert_eq!(a.hash() == b.hash(), same);
    }
    let knight = setup("random knight 4").0.fen();
    let f: Vec<&str> = knight.split(' ').collect();
    let rescored = format!("{} {} w 3 700", f[0], f[1]);
    let moved = format!("{} {} b {} {}", f[0], f[1], f[3], f[4]);
    let h = |f: &str| AnyPosition::from_fen(f).unwrap().hash();
    assert_ne!(knight, rescored);
    assert_eq!(h(&knight), h(&rescored));
    assert_ne!(h(&knight), h(&moved));
    let solo = "knight-solo -,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-/\
                -,-,-,-,-,-,-,-,-,-/-,-,-,-,W,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-/\
                -,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,12";
    assert_eq!(h(&format!("{solo} 0")), h(&format!("{solo} 40 70")));
    let dots = |side: &str, s1: &str| h(&format!("dots 1x2 11/00 0/0/1 {side} {s1} 0"));
    assert_eq!(dots("1", "0"), dots("1", "1"));
    assert_ne!(dots("1", "0"), dots("2", "0"));
    // Who drew an arc does not matter to the rest of the game.
    assert_eq!(
        h("dots 1x2 12/00 0/0/1 1 0 0"),
        h("dots 1x2 21/00 0/0/2 1 0 0")
    );
}

#[test]
fn every_dots_board_size_has_the_arcs_of_the_rules() {
    for rows in 1..=10 {
        for cols in 1..=10 {
            let lib = tabula::games::Dots::empty(rows, cols);
            let twin = naive::DotsPos::empty(rows, cols, false);
            let texts: Vec<String> = lib.legal_moves().iter().map(|m| m.to_string()).collect();
            // (n+1)·m horizontal and n·(m+1) vertical arcs, in the (H V) order.
            assert_eq!(texts.len(), (rows + 1) * cols + rows * (cols + 1));
            assert_eq!(texts, twin.legal_moves(), "{rows}x{cols}");
            assert_eq!(lib.fen(), twin.fen());
        }
    }
}

#[test]
fn random_boards_hold_each_number_of_the_game_once() {
    for seed in 0..50 {
        for (spec, expected) in [
            (
                format!("random knight-solo {seed}"),
                (0..100).collect::<Vec<u8>>(),
            ),
            (
                format!("random bishop-solo {seed}"),
                (11..=88).filter(|n| n % 10 != 0 && n % 10 != 9).collect(),
            ),
        ] {
            let fen = setup(&spec).0.fen();
            let mut numbers: Vec<u8> = fen
                .split(' ')
                .nth(1)
                .unwrap()
                .split(['/', ','])
                .map(|c| c.parse().unwrap())
                .collect();
            numbers.sort_unstable();
            assert_eq!(numbers, expected, "{spec}");
        }
    }
}
