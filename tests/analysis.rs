//! The analysis of played games against exact values: determinism for a
//! node budget, a planted blunder found at its ply, classes that agree
//! with solved Dots and Boxes boards, accuracy that ranks players, and the
//! search without one root move that the only-move test uses.

use std::sync::atomic::AtomicBool;
use tabula::analysis::sample::{play, Player as SamplePlayer};
use tabula::analysis::{
    analyse_all, Analyser, AnalysisError, Budget, GameAnalysis, MoveClass, Settings, WinModel,
};
use tabula::game::{Game, Player};
use tabula::games::any::IntoAnyMove;
use tabula::games::{AnyMove, AnyPosition, Dots, GameId, GameSetup};
use tabula::search::{Limits, Searcher};

/// Settings with a node budget and a small table.
fn nodes(n: u64) -> Settings {
    Settings {
        budget: Budget::Nodes(n),
        hash_mib: 4,
        ..Settings::default()
    }
}

/// A limits value with a depth.
fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The seeded start of `game` (`size` for Dots).
fn start(game: GameId, seed: u64, size: Option<&str>) -> AnyPosition {
    let mut setup = GameSetup::new(game);
    if let Some(size) = size {
        setup.set("size", size).unwrap();
    }
    setup.random(seed).unwrap()
}

/// The exact value of a Dots position for its side to move (final margin,
/// points scored included), from a search without limits (the exact
/// solver).
fn exact_value(searcher: &mut Searcher, pos: &Dots) -> i32 {
    let out = searcher.search(
        pos,
        &Limits::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(out.exact, "{pos}");
    out.score
}

/// The exact value for `mover` after `mv`.
fn exact_after(searcher: &mut Searcher, pos: &Dots, mv: tabula::games::Arc) -> i32 {
    let mover = pos.side_to_move();
    let mut child = *pos;
    child.play_unchecked(mv);
    let v = exact_value(searcher, &child);
    if child.side_to_move() == mover {
        v
    } else {
        -v
    }
}

/// Checks what every analysis must satisfy.
fn check_invariants(start: &AnyPosition, moves: &[AnyMove], a: &GameAnalysis) {
    assert_eq!(a.moves.len(), moves.len());
    let mut pos = *start;
    let mut moved = [false; 2];
    for (i, m) in a.moves.iter().enumerate() {
        assert_eq!(m.ply, i);
        assert_eq!(m.side, pos.side_to_move());
        assert_eq!(m.played, moves[i]);
        assert!(
            pos.legal_moves().contains(&m.best),
            "ply {i}: best {}",
            m.best
        );
        assert!((0.0..=100.0).contains(&m.win_before), "{m:?}");
        assert!((0.0..=100.0).contains(&m.win_after), "{m:?}");
        assert!((0.0..=100.0).contains(&m.accuracy), "{m:?}");
        assert!(m.points_lost >= 0);
        if m.played == m.best {
            assert_eq!(m.class, MoveClass::Best, "{m:?}");
            assert_eq!(m.score_after, m.score_before);
        }
        if m.missed_win {
            assert_eq!(m.class, MoveClass::Blunder);
        }
        if m.only_move {
            assert_eq!(m.class, MoveClass::Best);
        }
        // A side's first move is at most an inaccuracy unless the
        // reference proves the position lost after it (judge::classify).
        let first = !moved[usize::from(m.side == Player::Two)];
        moved[usize::from(m.side == Player::Two)] = true;
        if m.class != MoveClass::Best && !m.missed_win {
            if !first {
                assert_eq!(m.class, MoveClass::from_drop(m.drop()), "{m:?}");
            } else if !m.exact_after {
                let capped = MoveClass::from_drop(m.drop()).min(MoveClass::Inaccuracy);
                assert_eq!(m.class, capped, "{m:?}");
            }
        }
        pos.play(m.played).unwrap();
    }
    for side in [Player::One, Player::Two] {
        let s = a.side(side);
        let mine = a.moves.iter().filter(|m| m.side == side).count() as u32;
        assert_eq!(s.moves, mine);
        let classes: u32 = MoveClass::ALL.iter().map(|&c| s.count(c)).sum();
        assert_eq!(classes, mine);
        assert_eq!(s.accuracy.is_some(), mine > 0);
        if let Some(acc) = s.accuracy {
            assert!((0.0..=100.0).contains(&acc));
        }
    }
    let worst = a.moves.iter().map(|m| m.drop()).fold(0.0, f64::max);
    match a.turning_point {
        Some(ply) => assert_eq!(a.moves[ply].drop(), worst),
        None => assert_eq!(worst, 0.0),
    }
    assert_eq!(
        a.p1_series().len(),
        moves.len() + usize::from(!moves.is_empty())
    );
}

#[test]
fn every_two_player_game_is_analysed_consistently() {
    for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
        let s = start(game, 3, None);
        let mut moves = play(&s, &[SamplePlayer::Greedy, SamplePlayer::Random], 3);
        moves.truncate(24);
        let a = Analyser::new(nodes(1_500)).analyse(&s, &moves).unwrap();
        assert_eq!(a.game, game);
        check_invariants(&s, &moves, &a);
    }
}

#[test]
fn a_node_budget_gives_the_same_analysis_every_time() {
    let games: Vec<(AnyPosition, Vec<AnyMove>)> = [
        (GameId::Knight, None),
        (GameId::Dots, Some("3x3")),
        (GameId::Quatro, None),
    ]
    .into_iter()
    .flat_map(|(game, size)| {
        (1..=2).map(move |seed| {
            let s = start(game, seed, size);
            let players = [
                SamplePlayer::Reference(Limits {
                    nodes: Some(500),
                    ..Limits::default()
                }),
                SamplePlayer::Random,
            ];
            let moves = play(&s, &players, seed);
            (s, moves)
        })
    })
    .collect();
    let settings = nodes(3_000);
    let one = analyse_all(&games, &settings, 1);
    let two = analyse_all(&games, &settings, 2);
    assert_eq!(one, two);
    // One analyser in the other order: each game starts afresh.
    let mut analyser = Analyser::new(settings);
    for (i, (s, moves)) in games.iter().enumerate().rev() {
        assert_eq!(Ok(analyser.analyse(s, moves).unwrap()), one[i]);
    }
    // The moves as text give the same.
    let (s, moves) = &games[0];
    let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(Ok(analyser.analyse_text(s, &texts).unwrap()), one[0]);
}

#[test]
fn a_planted_blunder_is_a_missed_win_at_its_ply() {
    // On 2 × 3 boxes the solver proves every position. The reference plays
    // both sides, except at the first ply where the mover has a proven win
    // and a move that does not keep it: that move is played there.
    let mut solver = Searcher::new(4);
    for seed in 1..=6 {
        let any = start(GameId::Dots, seed, Some("2x3"));
        let AnyPosition::Dots(first) = any else {
            unreachable!()
        };
        let mut pos = first;
        let mut moves = Vec::new();
        let mut planted = None;
        while !pos.is_over() {
            let value = exact_value(&mut solver, &pos);
            let out = solver.search(
                &pos,
                &Limits::default(),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let mut mv = out.best.unwrap();
            if planted.is_none() && value > 0 {
                let losing = pos
                    .legal_moves()
                    .into_iter()
                    .find(|&m| exact_after(&mut solver, &pos, m) <= 0);
                if let Some(m) = losing {
                    planted = Some(moves.len());
                    mv = m;
                }
            }
            pos.play_unchecked(mv);
            moves.push(mv.into_any());
        }
        let Some(ply) = planted else {
            continue;
        };
        let a = Analyser::new(nodes(200_000)).analyse(&any, &moves).unwrap();
        check_invariants(&any, &moves, &a);
        let m = &a.moves[ply];
        assert!(m.exact_before && m.score_before > 0, "seed {seed}: {m:?}");
        assert_eq!(m.class, MoveClass::Blunder, "seed {seed}: {m:?}");
        assert!(m.missed_win, "seed {seed}: {m:?}");
        assert!(m.win_before - m.win_after >= 50.0, "seed {seed}: {m:?}");
        for other in a.moves.iter().filter(|o| o.ply != ply) {
            assert!(!other.missed_win, "seed {seed}: {other:?}");
        }
        assert_eq!(a.turning_point, Some(ply), "seed {seed}");
        return;
    }
    panic!("no seed gave a position with a move that throws a win away");
}

#[test]
fn classes_agree_with_solved_dots_boards() {
    let mut solver = Searcher::new(4);
    let mut analyser = Analyser::new(nodes(200_000));
    let mut judged = 0;
    let mut kept = 0;
    for (size, seed) in [("2x2", 1), ("2x2", 2), ("2x3", 3), ("2x3", 4), ("1x4", 5)] {
        let any = start(GameId::Dots, seed, Some(size));
        let moves = play(&any, &[SamplePlayer::Random, SamplePlayer::Random], seed);
        let a = analyser.analyse(&any, &moves).unwrap();
        check_invariants(&any, &moves, &a);
        let AnyPosition::Dots(mut pos) = any else {
            unreachable!()
        };
        for (m, &mv) in a.moves.iter().zip(&moves) {
            let mv = tabula::games::Arc::from_any(mv).unwrap();
            let before = exact_value(&mut solver, &pos);
            let after = exact_after(&mut solver, &pos, mv);
            assert!(m.exact_before && m.exact_after, "{size} {seed}: {m:?}");
            assert_eq!((m.score_before, m.score_after), (before, after), "{m:?}");
            let step = |v: i32| [0.0, 50.0, 100.0][(v.signum() + 1) as usize];
            assert_eq!((m.win_before, m.win_after), (step(before), step(after)));
            let want = if before > 0 && after <= 0 {
                MoveClass::Blunder
            } else if after == before {
                MoveClass::Best
            } else {
                MoveClass::from_drop(step(before) - step(after))
            };
            assert_eq!(m.class, want, "{size} {seed}: {m:?}");
            assert_eq!(m.missed_win, before > 0 && after <= 0);
            if after == before {
                kept += 1;
                assert!(m.class <= MoveClass::Good);
            }
            judged += 1;
            pos.play_unchecked(mv);
        }
    }
    assert!(judged > 40 && kept > 10 && kept < judged, "{judged} {kept}");
}

/// The mean game accuracy of each of `kinds` over a round robin on the
/// seeded starts `seeds` (each ordered pair of different players once a
/// start), as `arbiter tournament` pairs its entrants: each player is
/// judged against the same opponents.
fn round_robin_accuracy(
    game: GameId,
    size: Option<&str>,
    kinds: &[SamplePlayer],
    seeds: std::ops::RangeInclusive<u64>,
    settings: &Settings,
) -> Vec<f64> {
    let mut games: Vec<(AnyPosition, Vec<AnyMove>)> = Vec::new();
    let mut sides = Vec::new();
    for seed in seeds {
        let s = start(game, seed, size);
        for (a, one) in kinds.iter().enumerate() {
            for (b, two) in kinds.iter().enumerate().filter(|&(b, _)| b != a) {
                games.push((s, play(&s, &[one.clone(), two.clone()], seed)));
                sides.push([a, b]);
            }
        }
    }
    let mut sums = vec![(0.0, 0usize); kinds.len()];
    for (a, players) in analyse_all(&games, settings, 2).iter().zip(&sides) {
        for (s, &kind) in a.as_ref().unwrap().sides.iter().zip(players) {
            let acc = s.accuracy.expect("both sides moved");
            sums[kind].0 += acc;
            sums[kind].1 += 1;
        }
    }
    sums.iter().map(|&(sum, n)| sum / n as f64).collect()
}

#[test]
fn accuracy_ranks_the_reference_above_greedy_above_random() {
    let kinds = [
        SamplePlayer::Reference(depth(8)),
        SamplePlayer::Greedy,
        SamplePlayer::Random,
    ];
    for (game, size) in [(GameId::Knight, None), (GameId::Dots, Some("3x3"))] {
        let means = round_robin_accuracy(game, size, &kinds, 1..=3, &nodes(5_000));
        assert!(
            means[0] > means[1] && means[1] > means[2],
            "{game}: reference {:.1}, greedy {:.1}, random {:.1}",
            means[0],
            means[1],
            means[2]
        );
    }
}

#[test]
fn puzzles_and_illegal_moves_are_refused() {
    let mut analyser = Analyser::new(nodes(1_000));
    let puzzle = tabula::problems::builtin_knight()[0].position;
    let e = analyser.analyse_game(&puzzle, &[]).unwrap_err();
    assert_eq!(e, AnalysisError::Puzzle(GameId::KnightSolo));
    assert!(e.to_string().contains("two-player"), "{e}");
    let s = start(GameId::Knight, 1, None);
    let e = analyser.analyse_text(&s, &["a3", "z9"]).unwrap_err();
    assert!(matches!(e, AnalysisError::Move { ply: 1, .. }), "{e:?}");
    assert!(e.to_string().starts_with("move 2 ('z9', ply 1)"), "{e}");
    let dots = start(GameId::Dots, 1, Some("2x2"));
    let wrong = dots.legal_moves()[0];
    let e = analyser.analyse(&s, &[wrong]).unwrap_err();
    assert!(matches!(e, AnalysisError::Move { ply: 0, .. }), "{e:?}");
    assert_eq!(analyser.analyse(&s, &[]).unwrap().moves.len(), 0);
}

#[test]
fn searching_without_a_move_gives_the_best_other_move() {
    // Solved positions: the value without the best move is the best of the
    // other moves' exact values.
    let mut searcher = Searcher::new(4);
    let mut solver = Searcher::new(4);
    for seed in 1..=5 {
        let AnyPosition::Dots(pos) = start(GameId::Dots, seed, Some("2x2")) else {
            unreachable!()
        };
        let stop = AtomicBool::new(false);
        let full = searcher.search(&pos, &Limits::default(), &stop, &mut |_| {});
        let best = full.best.unwrap();
        let other = searcher
            .search_excluding(&pos, &Limits::default(), best, &stop, &mut |_| {})
            .unwrap();
        assert_ne!(other.best, Some(best));
        assert!(other.exact);
        let want = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| m != best)
            .map(|m| exact_after(&mut solver, &pos, m))
            .max()
            .unwrap();
        assert_eq!(other.score, want, "seed {seed}");
        // The table still gives the whole position's value afterwards.
        let again = searcher.search(&pos, &depth(30), &stop, &mut |_| {});
        assert_eq!(again.score, full.score);
    }
    // A single legal move: nothing else to search.
    let pos = Dots::from_fen("dots 1x1 1/0 1/1 1 0 0").unwrap();
    let only = pos.legal_moves()[0];
    let none = searcher.search_excluding(
        &pos,
        &Limits::default(),
        only,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(none.is_none());
}

#[test]
fn analysers_go_to_threads_and_settings_print() {
    fn send<T: Send>() {}
    send::<Analyser>();
    assert_eq!(
        Settings::default().to_string(),
        "nodes=default hash=16 only_move=on"
    );
    assert_eq!(nodes(5).to_string(), "nodes=5 hash=4 only_move=on");
    assert_eq!(Budget::Movetime(50).to_string(), "movetime=50");
    assert!(!Budget::Movetime(50).is_deterministic());
    let knight = WinModel::of(GameId::Knight).nodes;
    assert_eq!(Budget::Default.nodes(GameId::Knight), Some(knight));
    assert_eq!(Budget::Nodes(7).limits(GameId::Knight).nodes, Some(7));
}

#[test]
fn win_chances_map_proven_scores_to_certainties() {
    for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
        let m = WinModel::of(game);
        assert_eq!(m.percent(3, true), 100.0);
        assert_eq!(m.percent(0, true), 50.0);
        assert_eq!(m.percent(-3, true), 0.0);
        assert!(m.percent(1, false) > 50.0 && m.percent(1, false) < 100.0);
    }
}
