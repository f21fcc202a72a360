//! The search against a plain minimax written here, legality on random
//! positions of every game, determinism, and the bench signature.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use tabula::game::{Game, Player};
use tabula::games::dots::exact::expected_nodes;
use tabula::games::numbered::{BishopPiece, KnightPiece};
use tabula::games::{Bishop, BishopSolo, Dots, DotsSolo, Knight, KnightSolo};
use tabula::search::{Evaluate, Iteration, Limits, Outcome, SearchConfig, Searcher};

/// Final score difference from the side to move's view under perfect play:
/// a plain minimax (memoised on the whole state, scores included).
fn minimax<G: Game>(pos: &G, memo: &mut HashMap<(u64, [u32; 2]), i32>) -> i32 {
    let me = pos.side_to_move();
    let [a, b] = pos.scores();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if me == Player::One {
            a as i32 - b as i32
        } else {
            b as i32 - a as i32
        };
    }
    if let Some(&v) = memo.get(&(pos.hash(), [a, b])) {
        return v;
    }
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *pos;
        child.play_unchecked(mv);
        let v = minimax(&child, memo);
        let v = if child.side_to_move() == me || G::PUZZLE {
            v
        } else {
            -v
        };
        best = best.max(v);
    }
    memo.insert((pos.hash(), [a, b]), best);
    best
}

/// Puzzles: minimax above is "own final score minus 0".
fn solve<G: Game>(pos: &G) -> i32 {
    minimax(pos, &mut HashMap::new())
}

fn search<G: Evaluate>(
    searcher: &mut Searcher,
    pos: &G,
    limits: &Limits,
) -> (Outcome<G::Move>, Vec<Iteration>) {
    let mut iterations = Vec::new();
    let out = searcher.search(pos, limits, &AtomicBool::new(false), &mut |it| {
        iterations.push(it.clone())
    });
    (out, iterations)
}

/// Number of nodes of the full game tree, or `None` past `cap`.
fn tree_size<G: Game>(pos: &G, cap: u64) -> Option<u64> {
    let mut n = 1;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        n += tree_size(&child, cap - n.min(cap))?;
        if n > cap {
            return None;
        }
    }
    Some(n)
}

/// Plays random moves from `start` until the rest of the game tree is small.
fn small_endgame<G: Game>(start: &G, rng: &mut Xoshiro256PlusPlus, cap: u64) -> G {
    let mut pos = *start;
    while tree_size(&pos, cap).is_none() {
        // A random move that does not end the game (one exists: the tree is
        // larger than its children).
        let moves = pos.legal_moves();
        let k = rng.gen_range(0..moves.len());
        pos = (0..moves.len())
            .map(|i| {
                let mut next = pos;
                next.play_unchecked(moves[(k + i) % moves.len()]);
                next
            })
            .find(|next| !next.is_over())
            .expect("a move that does not end the game");
    }
    pos
}

/// The engine's exact value equals minimax; its move keeps that value.
fn check_exact<G: Evaluate>(searcher: &mut Searcher, pos: &G) {
    check_exact_with(searcher, pos, &Limits::default());
}

/// [`check_exact`] under given limits.
fn check_exact_with<G: Evaluate>(searcher: &mut Searcher, pos: &G, limits: &Limits) {
    assert!(!pos.is_over(), "a test position with moves left");
    searcher.new_game();
    let expected = solve(pos);
    let (out, iterations) = search(searcher, pos, limits);
    assert!(out.exact, "not solved: {pos}");
    assert_eq!(out.score, expected, "value of {pos}");
    let last = iterations.last().expect("an iteration");
    assert!(last.exact);
    assert_eq!(last.score, expected);
    let best = out.best.expect("a move");
    assert!(pos.legal_moves().contains(&best));
    let mut child = *pos;
    child.play_unchecked(best);
    let after = solve(&child);
    let after = if child.side_to_move() == pos.side_to_move() || G::PUZZLE {
        after
    } else {
        -after
    };
    assert_eq!(after, expected, "{best} is not optimal in {pos}");
}

#[test]
fn knight_and_bishop_endgames_match_minimax() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut searcher = Searcher::new(4);
    for seed in 0..12 {
        let k: Knight = tabula::games::numbered::random::duel::<KnightPiece>(seed);
        check_exact(&mut searcher, &small_endgame(&k, &mut rng, 30_000));
        let b: Bishop = tabula::games::numbered::random::duel::<BishopPiece>(seed);
        check_exact(&mut searcher, &small_endgame(&b, &mut rng, 30_000));
    }
}

#[test]
fn puzzles_maximise_own_score() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut searcher = Searcher::new(4);
    for seed in 0..6 {
        let k: KnightSolo = tabula::games::numbered::random::solo::<KnightPiece>(seed);
        check_exact(&mut searcher, &small_endgame(&k, &mut rng, 20_000));
        let b: BishopSolo = tabula::games::numbered::random::solo::<BishopPiece>(seed);
        check_exact(&mut searcher, &small_endgame(&b, &mut rng, 20_000));
    }
    let mut dots = DotsSolo::from_fen("dots-solo 2x2 00/00/00 00/00/00").unwrap();
    check_exact(&mut searcher, &dots);
    dots.play_unchecked(dots.legal_moves()[0]);
    check_exact(&mut searcher, &dots);
}

#[test]
fn dots_small_boards_match_minimax() {
    // The exact solver, and the alpha-beta search alone (the solver off),
    // which must prove the same values once the depth covers the game.
    let deep = Limits {
        depth: Some(64),
        ..Limits::default()
    };
    for (limits, exact_dots) in [(Limits::default(), true), (deep, false)] {
        let mut searcher = Searcher::new(16);
        searcher.set_config(SearchConfig {
            exact_solver: exact_dots,
            ..searcher.config()
        });
        let empty = Dots::from_fen("dots 2x2 00/00/00 00/00/00 1 0 0").unwrap();
        check_exact_with(&mut searcher, &empty, &limits);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
        for seed in 0..6 {
            let start = tabula::games::dots::random::dots(2, 2, seed);
            check_exact_with(&mut searcher, &start, &limits);
            let start = tabula::games::dots::random::dots(2, 3, seed);
            let pos = small_endgame(&start, &mut rng, 200_000);
            check_exact_with(&mut searcher, &pos, &limits);
            let start = tabula::games::dots::random::dots(3, 3, seed);
            let pos = small_endgame(&start, &mut rng, 100_000);
            check_exact_with(&mut searcher, &pos, &limits);
        }
    }
}

#[test]
fn dots_3x3_late_middlegame_is_solved_exactly() {
    // 3x3 from a few moves in (the empty board is left to the bench and the
    // protocol test): solved, and the value is the minimax value.
    let mut pos = tabula::games::dots::random::dots(3, 3, 5);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for _ in 0..6 {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    let mut searcher = Searcher::new(32);
    let (out, _) = search(&mut searcher, &pos, &Limits::default());
    assert!(out.exact);
    assert_eq!(out.score, solve(&pos));
}

/// A 3 x 3 position with `left` arcs to draw, reached by random moves.
fn dots_3x3_with(left: usize, seed: u64) -> Dots {
    let mut pos = tabula::games::dots::random::dots(3, 3, seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    while pos.arc_count() - pos.drawn_count() > left {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}

#[test]
fn every_limit_that_lets_the_exact_dots_solver_finish_uses_it() {
    let limits = |depth: Option<u32>, nodes: Option<u64>| Limits {
        depth,
        nodes,
        ..Limits::default()
    };
    for seed in 0..4 {
        let pos = dots_3x3_with(18, seed);
        let left = 18u32;
        // Untimed: the solver, in one exact iteration as long as the game.
        let (solved, its) = search(&mut Searcher::new(4), &pos, &Limits::default());
        assert!(solved.exact && its.len() == 1, "{pos}");
        assert_eq!(solved.score, solve(&pos), "{pos}");
        let cost = expected_nodes(left as usize);
        assert!(
            solved.stats.nodes <= cost,
            "{} > {cost}",
            solved.stats.nodes
        );
        // A depth reaching the end, or enough nodes: the same proof, the same
        // nodes, within the node limit.
        for l in [
            limits(Some(left), None),
            limits(Some(1000), None),
            limits(None, Some(cost)),
            limits(Some(left), Some(u64::MAX)),
        ] {
            let (out, its) = search(&mut Searcher::new(4), &pos, &l);
            assert!(out.exact && its.len() == 1, "{l:?}: {pos}");
            assert_eq!(
                (out.score, out.best, out.stats.nodes),
                (solved.score, solved.best, solved.stats.nodes),
                "{l:?}"
            );
            assert!(out.stats.nodes <= l.nodes.unwrap_or(u64::MAX));
        }
        // A shallower depth is searched as asked, depth by depth.
        let (out, its) = search(&mut Searcher::new(4), &pos, &limits(Some(3), None));
        assert_eq!(its.iter().map(|it| it.depth).collect::<Vec<_>>(), [1, 2, 3]);
        assert!(!out.exact);
        // Too few nodes for a whole solve: the alpha-beta search, within them.
        let few = limits(None, Some(cost / 4));
        let (out, its) = search(&mut Searcher::new(4), &pos, &few);
        assert!(its.first().is_some_and(|it| it.depth == 1), "{its:?}");
        assert!(out.stats.nodes <= cost / 4);
    }
}

#[test]
fn a_stopped_exact_solve_answers_at_once_whatever_the_depth_asked() {
    // Issue 26: the stop flag raised before the solver reads it; the search
    // that replaces the solve used to run to the depth asked (40 plies) with
    // no flag and no clock. On a thread, so that a hang fails the test.
    for (pos, depth) in [
        (tabula::games::dots::random::dots(3, 3, 5), Some(40)),
        (tabula::games::dots::random::dots(3, 3, 6), None),
        (dots_3x3_with(20, 7), Some(20)),
    ] {
        let limits = Limits {
            depth,
            ..Limits::default()
        };
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let stop = AtomicBool::new(true);
            let out = Searcher::new(4).search(&pos, &limits, &stop, &mut |_| {});
            let _ = tx.send(out);
        });
        let out = rx
            .recv_timeout(std::time::Duration::from_secs(5))
            .unwrap_or_else(|e| panic!("no answer ({e}) on {pos} at depth {depth:?}"));
        let best = out.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{best}: {pos}");
        assert!(!out.exact, "{pos}");
    }
}

#[test]
fn dots_3x3_endgames_get_their_best_move_under_a_short_movetime() {
    // A fresh searcher (the exact solver's table is built inside the move's
    // time) with 30 ms: the move must keep the minimax value.
    let fen = "dots 3x3 110/000/011/000 010/100/001/010 1 0 0";
    let mut positions = vec![Dots::from_fen(fen).unwrap()];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    for seed in 0..3 {
        let mut pos = tabula::games::dots::random::dots(3, 3, seed);
        while pos.drawn_count() < 9 {
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        positions.push(pos);
    }
    let limits = Limits {
        movetime: Some(30),
        ..Limits::default()
    };
    for pos in positions {
        let mut searcher = Searcher::new(4);
        let (out, _) = search(&mut searcher, &pos, &limits);
        let best = out.best.expect("a move");
        let mut child = pos;
        child.play_unchecked(best);
        let after = solve(&child);
        let after = if child.side_to_move() == pos.side_to_move() {
            after
        } else {
            -after
        };
        assert_eq!(after, solve(&pos), "{best} loses value in {pos}");
    }
}

/// Random positions of a game: `count` random playouts, every ply visited.
fn playouts<G: Game>(start: impl Fn(u64) -> G, count: u64, mut visit: impl FnMut(&G)) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    for seed in 0..count {
        let mut pos = start(seed);
        while !pos.is_over() {
            visit(&pos);
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
    }
}

fn always_legal<G: Evaluate>(start: impl Fn(u64) -> G, count: u64) {
    let mut searcher = Searcher::new(2);
    let stop_now = AtomicBool::new(true);
    let mut ply = 0u64;
    playouts(start, count, |pos: &G| {
        ply += 1;
        let limits = match ply % 3 {
            0 => Limits {
                nodes: Some(1 + ply % 500),
                ..Limits::default()
            },
            1 => Limits {
                depth: Some(1 + (ply % 4) as u32),
                ..Limits::default()
            },
            _ => Limits {
                movetime: Some(1),
                ..Limits::default()
            },
        };
        let (out, _) = search(&mut searcher, pos, &limits);
        let best = out.best.expect("a move while the game is not over");
        assert!(pos.legal_moves().contains(&best), "{best} in {pos}");
        // Stopped before it starts: still a legal move, and no fake depth.
        let out = searcher.search(pos, &Limits::default(), &stop_now, &mut |_| {});
        assert!(pos.legal_moves().contains(&out.best.unwrap()));
    });
}

#[test]
fn never_an_illegal_move() {
    always_legal(tabula::games::numbered::random::duel::<KnightPiece>, 3);
    always_legal(tabula::games::numbered::random::duel::<BishopPiece>, 3);
    always_legal(tabula::games::numbered::random::solo::<KnightPiece>, 2);
    always_legal(tabula::games::numbered::random::solo::<BishopPiece>, 2);
    always_legal(
        |s| tabula::games::dots::random::dots(2 + s as usize % 4, 3, s),
        3,
    );
    always_legal(
        |_| DotsSolo::from_fen("dots-solo 3x3 000/000/000/000 000/000/000/000").unwrap(),
        1,
    );
    let mut searcher = Searcher::new(1);
    let over = tabula::games::dots::random::dots(1, 1, 1);
    let mut over = over;
    while !over.is_over() {
        over.play_unchecked(over.legal_moves()[0]);
    }
    let (out, _) = search(&mut searcher, &over, &Limits::default());
    assert_eq!(out.best, None);
}

#[test]
fn depth_and_node_searches_are_deterministic() {
    let pos: Knight = tabula::games::numbered::random::duel::<KnightPiece>(3);
    let dots = tabula::games::dots::random::dots(4, 4, 3);
    let mut searcher = Searcher::new(8);
    for limits in [
        Limits {
            depth: Some(9),
            ..Limits::default()
        },
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    ] {
        searcher.new_game();
        let (a, ia) = search(&mut searcher, &pos, &limits);
        searcher.new_game();
        let (b, ib) = search(&mut searcher, &pos, &limits);
        assert_eq!(a.stats.nodes, b.stats.nodes);
        assert_eq!((a.best, a.score, &a.pv), (b.best, b.score, &b.pv));
        assert_eq!(ia.len(), ib.len());
        searcher.new_game();
        let (c, _) = search(&mut searcher, &dots, &limits);
        searcher.new_game();
        let (d, _) = search(&mut searcher, &dots, &limits);
        assert_eq!(c.stats.nodes, d.stats.nodes);
        assert_eq!(c.best, d.best);
    }
    // The node limit is respected.
    searcher.new_game();
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let (out, _) = search(&mut searcher, &pos, &limits);
    assert!(out.stats.nodes <= 5_000);
}

/// What one search of a game answered: best move, score, nodes and PV.
type Answer<G> = (Option<<G as Game>::Move>, i32, u64, Vec<<G as Game>::Move>);

/// A game played from `start` by one searcher on both sides, every search
/// within `limits`: each search's answer.
fn self_play<G: Evaluate>(searcher: &mut Searcher, start: &G, limits: &Limits) -> Vec<Answer<G>> {
    let mut pos = *start;
    let mut moves = Vec::new();
    while !pos.is_over() {
        let (out, _) = search(searcher, &pos, limits);
        pos.play_unchecked(out.best.unwrap());
        moves.push((out.best, out.score, out.stats.nodes, out.pv));
    }
    moves
}

/// What the arbiter's built-in players rely on: a searcher reused from
/// game to game (reset) plays as a new one, and a growing table (sized to
/// what the searches store) as the full 16 MiB one: the same moves,
/// scores, node counts and PVs, game after game.
fn reused_growing_plays_as_new<G: Evaluate>(starts: [G; 2], limits: &Limits) {
    let mut reused = Searcher::growing(16);
    for start in starts.iter().chain(&starts) {
        reused.reset();
        let mine = self_play(&mut reused, start, limits);
        let fresh = self_play(&mut Searcher::new(16), start, limits);
        assert_eq!(mine, fresh, "{} {limits:?}", G::NAME);
    }
    let used = reused.table_bytes();
    assert!(used > 64 << 10 && used < 16 << 20, "grown to {used} bytes");
    reused.reset();
    assert_eq!(reused.table_bytes(), 64 << 10, "reset: back to its start");
}

#[test]
fn a_reused_searcher_with_a_growing_table_plays_as_a_new_full_size_one() {
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    let nodes = |n| Limits {
        nodes: Some(n),
        ..Limits::default()
    };
    let knight = |s| tabula::games::numbered::random::duel::<KnightPiece>(s);
    let bishop = |s| tabula::games::numbered::random::duel::<BishopPiece>(s);
    let dots = |s| tabula::games::dots::random::dots(3, 3, s);
    reused_growing_plays_as_new([knight(1), knight(2)], &depth(6));
    reused_growing_plays_as_new([knight(3), knight(4)], &nodes(4_000));
    reused_growing_plays_as_new([bishop(1), bishop(2)], &nodes(3_000));
    reused_growing_plays_as_new([dots(1), dots(2)], &nodes(3_000));
}

#[test]
fn iterations_are_reported_in_order_with_their_pv() {
    let pos: Knight = tabula::games::numbered::random::duel::<KnightPiece>(8);
    let mut searcher = Searcher::new(8);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let (out, iterations) = search(&mut searcher, &pos, &limits);
    assert_eq!(iterations.len(), 8);
    for (i, it) in iterations.iter().enumerate() {
        assert_eq!(it.depth, i as u32 + 1);
        assert!(it.seldepth >= it.depth.min(1));
        assert!(!it.pv.is_empty());
    }
    let last = iterations.last().unwrap();
    assert_eq!(last.pv[0], out.best.unwrap().to_string());
    assert_eq!(last.score, out.score);
    assert_eq!(out.depth, 8);
    // The PV is a legal line.
    let mut line = pos;
    for mv in &out.pv {
        line.play(*mv).unwrap();
    }
    let s = &out.stats;
    assert!(s.nodes > 0 && s.alpha_cuts + s.beta_cuts > 0 && s.tt_hits > 0);
}

#[test]
fn movetime_is_respected() {
    let pos = Dots::empty(5, 6);
    let mut searcher = Searcher::new(8);
    let limits = Limits {
        movetime: Some(100),
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let (out, _) = search(&mut searcher, &pos, &limits);
    // Generous: the test machine is shared; the engine aims at 100 - 5 ms.
    assert!(start.elapsed().as_millis() < 400);
    assert!(out.depth >= 1);
}

#[test]
fn bench_node_count_is_deterministic() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["bench", "--depth", "3", "--hash", "4"])
            .output()
            .expect("run tabula bench");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().expect("a final line").to_string();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1], words[3]), ("nodes", "nps"));
        words[0].parse::<u64>().expect("a node count")
    };
    let first = run();
    assert!(first > 0);
    assert_eq!(first, run());
}

/// A number flag given a unit (`--movetime 1s`) or a word: the message says
/// what the flag is and its unit, never the parser's "invalid digit".
#[test]
fn selfplay_says_the_unit_of_a_wrong_number() {
    for (args, needle) in [
        (
            ["--movetime", "1s"],
            "the move time is a whole number of milliseconds (e.g. 1000 for one second)",
        ),
        (
            ["--movetime-b", "0.5"],
            "the move time is a whole number of milliseconds (e.g. 1000 for one second)",
        ),
        (
            ["--nodes", "25k"],
            "the node budget is a whole number of nodes",
        ),
        (
            ["--games", "ten"],
            "the number of games is a whole number of games",
        ),
        (["--seed", "1st"], "the seed is a whole number"),
    ] {
        let (code, text) = run_selfplay(&args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: no '{needle}' in {text}");
        assert!(!text.contains("invalid digit"), "{args:?}: {text}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["report", "--movetime", "10s"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("the time limit is a whole number of milliseconds (e.g. 1000"),
        "{text}"
    );
}

/// `tabula selfplay <args>`: its exit code and its output (stdout, then
/// stderr).
fn run_selfplay(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("selfplay")
        .args(args)
        .output()
        .expect("run tabula selfplay");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[test]
fn selfplay_plays_the_boards_of_a_file() {
    let dir = std::env::temp_dir().join(format!("tabula-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.txt");
    let third = tabula::setup::parse_spec("random bishop 3", None).unwrap();
    std::fs::write(
        &file,
        format!(
            "# two boards\nrandom bishop 7  # seed 7\n\n{}  # seed 3\n",
            third.fen()
        ),
    )
    .unwrap();
    let selfplay =
        |extra: &[&str]| run_selfplay(&[&["--games", "6", "--movetime", "5"], extra].concat());
    let (code, text) = selfplay(&["--boards-file", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{text}");
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6, "{text}");
    for (i, board) in [1, 1, 2, 2, 1, 1].iter().enumerate() {
        let want = format!("game {} board {board} A as p{}:", i + 1, i % 2 + 1);
        assert!(games[i].starts_with(&want), "{}", games[i]);
    }
    assert!(
        text.contains("boards won by the same colour in both games: "),
        "{text}"
    );
    assert!(text.contains(" of 3\n"), "{text}");
    // A file of puzzles, a missing file: errors, exit code 2.
    std::fs::write(&file, "random knight-solo 1\n").unwrap();
    let (code, text) = selfplay(&["--boards-file", file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("puzzle"), "{text}");
    let (code, text) = selfplay(&["--boards-file", dir.join("none.txt").to_str().unwrap()]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("cannot read"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_on_a_node_budget_plays_the_same_games_every_time() {
    let selfplay =
        |extra: &[&str]| run_selfplay(&[&["--games", "4", "--seed", "3"], extra].concat());
    let (code, first) = selfplay(&["--nodes", "3000"]);
    assert_eq!(code, Some(0), "{first}");
    assert_eq!(first.lines().filter(|l| l.starts_with("game ")).count(), 4);
    assert_eq!(selfplay(&["--nodes", "3000"]).1, first);
    // A different budget for B plays different games (B at 1 node: its
    // first legal move, whatever the board).
    let (code, handicap) = selfplay(&["--nodes", "3000", "--nodes-b", "1"]);
    assert_eq!(code, Some(0), "{handicap}");
    assert_ne!(handicap, first);
    for bad in [
        &["--nodes", "3000", "--movetime", "5"][..],
        &["--nodes-b", "10"][..],
    ] {
        let (code, text) = selfplay(bad);
        assert_eq!(code, Some(2), "{bad:?}: {text}");
    }
}

/// rules/galo3d.md: X wins by force from the empty board, in 7 plies, by
/// opening in the centre. A non-final position is evaluated below the
/// win's 100 points, so a depth-7 score of 100 is a forced win within 7
/// plies, and a depth-6 score below it shows none is shorter.
#[test]
fn galo3d_the_first_player_wins_in_seven_plies() {
    let pos = tabula::games::Galo3d::empty();
    let mut searcher = Searcher::new(16);
    let mut at = |depth: u32| {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        searcher.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {})
    };
    let six = at(6);
    assert!(six.score < 100, "{}", six.score);
    let seven = at(7);
    assert_eq!(seven.score, 100);
    assert_eq!(seven.best.unwrap().to_string(), "b22");
    assert_eq!(seven.pv.len(), 7, "{:?}", seven.pv);
    // Every other first move loses: O answers with a forced win.
    let mut corner = pos;
    corner.play(corner.parse_move("a11").unwrap()).unwrap();
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    let out = searcher.search(&corner, &limits, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(out.score, 100, "O to move wins");
}
