//! Layer 7, rule conformance against the rules library: a legal `bestmove`
//! on many seeded positions (forced passes, Dots' extra turns), and — when
//! the engine implements them — `perft` counts and `query` answers.

use super::common::{first_word, hint, is_error_line, judge_move, ms, truncate, ROBUST_HINT};
use super::{CheckOptions, Checker, CONFORMANCE_MOVE_MS, PERFT_MS, PROBE_MS};
use crate::client::{Engine, Fault, Timeouts};
use crate::report::plural;
use rand::Rng;
use std::time::Instant;
use tabula::game::{AnyPosition, GameId, Player};

/// Seeded positions of the game reached by random playouts: `o.positions`
/// where the game goes on, some with a forced pass (knight, bishop), some
/// with an extra turn (dots); and, one in ten more, finished games (for
/// `perft` and `query`). Each with its tag: `"pass"`, `"extra"`, `"over"` or
/// `""`.
pub(super) fn sample_positions(o: &CheckOptions) -> Vec<(AnyPosition, &'static str)> {
    let mut rng = tabula::random::rng(o.seed ^ 0x5eed_c4ec);
    let sizes: Vec<(usize, usize)> = match o.dots_size {
        Some(s) => vec![s],
        None => vec![(2, 2), (3, 3), (5, 6), (2, 4)],
    };
    let mut out: Vec<(AnyPosition, &'static str)> = Vec::new();
    let mut playable = 0;
    // Every board gives a position where the game goes on, except those
    // asked for a finished game.
    for i in 0.. {
        if playable == o.positions {
            break;
        }
        let s = o.seed.wrapping_add(1_000).wrapping_add(i as u64);
        let spec = match o.game {
            GameId::Dots => {
                let (r, k) = sizes[i % sizes.len()];
                format!("random dots {s} {r}x{k}")
            }
            g => format!("random {g} {s}"),
        };
        let Ok(mut p) = tabula::setup::parse_spec(&spec, Some(o.game)) else {
            continue;
        };
        let mut line: Vec<(AnyPosition, &'static str)> = Vec::new();
        let mut last_side: Option<Player> = None;
        loop {
            let moves = p.legal_moves();
            let tag = if moves.is_empty() {
                "over"
            } else if moves.len() == 1 && moves[0].to_string() == "pass" {
                "pass"
            } else if last_side == Some(p.side_to_move()) {
                "extra"
            } else {
                ""
            };
            line.push((p, tag));
            if moves.is_empty() {
                break;
            }
            last_side = Some(p.side_to_move());
            let mv = moves[rng.gen_range(0..moves.len())];
            if p.play(mv).is_err() {
                break;
            }
        }
        let want = match i % 5 {
            0 => "pass",
            1 => "extra",
            2 if i % 10 == 2 => "over",
            _ => "",
        };
        let tagged: Vec<usize> = (0..line.len()).filter(|&j| line[j].1 == want).collect();
        let j = if !want.is_empty() && !tagged.is_empty() {
            tagged[rng.gen_range(0..tagged.len())]
        } else {
            // Any position before the end.
            rng.gen_range(0..line.len().saturating_sub(1).max(1))
        };
        if line[j].1 != "over" {
            playable += 1;
        }
        out.push(line[j]);
    }
    out
}

/// Legal moves on many positions; `perft` and `query` when implemented.
pub(super) fn conformance(c: &mut Checker) {
    let o = c.o;
    let positions = sample_positions(o);
    let count = |t: &str| positions.iter().filter(|p| p.1 == t).count();
    let playable: Vec<&(AnyPosition, &str)> = positions.iter().filter(|p| p.1 != "over").collect();
    let what = "legal moves";
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(2_000),
        ..o.timeouts
    };
    // Each wrong answer, with the hint for it.
    let mut bad: Vec<(String, &str)> = Vec::new();
    let mut faults = 0;
    let go = format!("go movetime {CONFORMANCE_MOVE_MS}");
    for (pos, tag) in &playable {
        if faults == 3 {
            break;
        }
        let position = format!("position fen {}", pos.fen());
        let Some(res) = c.go(what, &position, &go, Some(CONFORMANCE_MOVE_MS), &t) else {
            return;
        };
        match res {
            Ok(reply) => {
                if let Err((why, fix)) = judge_move(pos, &reply.mv) {
                    let kind = if tag.is_empty() {
                        String::new()
                    } else {
                        format!(" [{tag}]")
                    };
                    bad.push((format!("{position}{kind} → {why}"), fix));
                }
            }
            Err(failed) => {
                bad.push((format!("{position} → {}", failed.note()), failed.hint()));
                faults += 1;
                c.drop_engine();
            }
        }
    }
    if bad.is_empty() {
        c.r.ok(
            what,
            &format!(
                "{} ({}, {})",
                plural(playable.len(), "position"),
                plural(count("pass"), "forced pass"),
                plural(count("extra"), "extra turn")
            ),
        );
    } else {
        c.r.fail(
            what,
            &format!(
                "{} of {} positions{}; the first: {}",
                bad.len(),
                playable.len(),
                if faults == 3 {
                    " (the rest not tried after 3 faults)"
                } else {
                    ""
                },
                bad[0].0
            ),
            bad[0].1,
        );
    }
    perft_layer(c, &positions);
    query_layer(c, &positions);
}

/// Sends `cmd` and waits for a line whose first word is `want`. `Ok(None)`:
/// not implemented (an error line first, or nothing before `wait_ms`).
pub(super) fn probe(
    e: &mut Engine,
    cmd: &str,
    want: &str,
    wait_ms: u64,
) -> Result<Option<String>, Fault> {
    e.discard_output();
    e.send(cmd)?;
    let deadline = Instant::now() + ms(wait_ms);
    loop {
        match e.read_line(deadline)? {
            Some(l) if first_word(&l) == want => return Ok(Some(l)),
            Some(l) if is_error_line(&l) || first_word(&l) == "unknown" => return Ok(None),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// How an engine answered `perft <d>`.
pub(super) enum PerftAnswer {
    /// The `perft <d> <n>` line's count (`None`: not a number).
    Count(Option<u64>),
    /// An error line instead.
    Refused(String),
    /// Nothing within [`PERFT_MS`]: too slow to check (not wrong).
    Slow,
}

/// Waits for the `perft <d> <n>` line.
pub(super) fn perft_count(e: &mut Engine, pos: &AnyPosition, d: u32) -> Result<PerftAnswer, Fault> {
    e.discard_output();
    e.send(&format!("position fen {}", pos.fen()))?;
    e.send(&format!("perft {d}"))?;
    let deadline = Instant::now() + ms(PERFT_MS);
    loop {
        match e.read_line(deadline)? {
            Some(l) => {
                let w: Vec<&str> = l.split_whitespace().collect();
                if w.len() == 3 && w[0] == "perft" && w[1] == d.to_string() {
                    return Ok(PerftAnswer::Count(w[2].parse().ok()));
                }
                if is_error_line(&l) {
                    return Ok(PerftAnswer::Refused(l));
                }
            }
            None => return Ok(PerftAnswer::Slow),
        }
    }
}

pub(super) fn perft_layer(c: &mut Checker, positions: &[(AnyPosition, &'static str)]) {
    let what = "perft";
    let Some(first) = positions.iter().find(|p| p.1 != "over") else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e
        .send(&format!("position fen {}", first.0.fen()))
        .and_then(|_| probe(e, "perft 1", "perft", PROBE_MS));
    match implemented {
        Ok(Some(_)) => {}
        Ok(None) => {
            c.r.skip(what, "not implemented (optional for students)");
            return;
        }
        Err(f) => {
            c.r.fail(what, &format!("`perft 1`: {f}"), ROBUST_HINT);
            c.drop_engine();
            return;
        }
    }
    let mut checked = 0;
    for (pos, _) in positions.iter().take(12) {
        for d in 1..=3u32 {
            let want = pos.perft(d);
            if d > 1 && want > 300_000 {
                break;
            }
            let Some(e) = c.engine(what) else { return };
            let asked = format!("position fen {} / perft {d}", pos.fen());
            let got = match perft_count(e, pos, d) {
                Ok(PerftAnswer::Count(Some(n))) if n == want => {
                    checked += 1;
                    continue;
                }
                Ok(PerftAnswer::Count(got)) => got
                    .map_or("a count that is not a number".to_string(), |n| {
                        n.to_string()
                    }),
                Ok(PerftAnswer::Refused(l)) => format!("refused: '{}'", truncate(&l)),
                Ok(PerftAnswer::Slow) => {
                    c.r.warn(
                        what,
                        &format!(
                            "{asked}: no answer within {PERFT_MS} ms, too slow to check \
                             ({checked} counts right before it)"
                        ),
                        "optional for students; a perft only generates and plays moves (no \
                         search, no evaluation), and answers `stop` at once",
                    );
                    c.drop_engine();
                    return;
                }
                Err(f) => {
                    c.r.fail(what, &f.to_string(), hint(&f));
                    c.drop_engine();
                    return;
                }
            };
            c.r.fail(
                what,
                &format!("{asked}: {got}, expected {want}"),
                "perft counts the leaves at that depth; a finished game counts as one \
                 leaf and a forced pass is a ply (protocol §perft)",
            );
            return;
        }
    }
    c.r.ok(
        what,
        &format!("{checked} counts equal to the rules library's"),
    );
}

pub(super) fn query_layer(c: &mut Checker, positions: &[(AnyPosition, &'static str)]) {
    let what = "query";
    let Some(first) = positions.first() else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e
        .send(&format!("position fen {}", first.0.fen()))
        .and_then(|_| probe(e, "query gameover", "response", PROBE_MS));
    match implemented {
        Ok(Some(_)) => {}
        Ok(None) => {
            c.r.skip(what, "not implemented (optional for students)");
            return;
        }
        Err(f) => {
            c.r.fail(what, &format!("`query gameover`: {f}"), ROBUST_HINT);
            c.drop_engine();
            return;
        }
    }
    let mut checked = 0;
    for (pos, _) in positions {
        let expected = [
            ("gameover", pos.is_over().to_string()),
            ("p1turn", (pos.side_to_move() == Player::One).to_string()),
            (
                "result",
                pos.outcome().map_or("none".to_string(), |r| r.to_string()),
            ),
        ];
        let Some(e) = c.engine(what) else { return };
        if let Err(f) = e.send(&format!("position fen {}", pos.fen())) {
            c.r.fail(what, &f.to_string(), hint(&f));
            c.drop_engine();
            return;
        }
        for (q, want) in expected {
            let Some(e) = c.engine(what) else { return };
            match probe(e, &format!("query {q}"), "response", PROBE_MS) {
                Ok(Some(l)) if l.split_whitespace().nth(1) == Some(want.as_str()) => checked += 1,
                Ok(got) => {
                    c.r.fail(
                        what,
                        &format!(
                            "position fen {} / query {q}: '{}', expected 'response {want}'",
                            pos.fen(),
                            got.unwrap_or_else(|| "no response".into())
                        ),
                        "gameover: no legal move for either player; p1turn: player 1 (white, \
                         side 1) to move; result: p1win/p2win/draw on the final score, none \
                         while the game goes on",
                    );
                    return;
                }
                Err(f) => {
                    c.r.fail(what, &f.to_string(), hint(&f));
                    c.drop_engine();
                    return;
                }
            }
        }
    }
    let over = match positions.iter().filter(|p| p.1 == "over").count() {
        0 => String::new(),
        n => format!(" including {}", plural(n, "finished game")),
    };
    c.r.ok(
        what,
        &format!(
            "{checked} answers equal to the rules library's ({}{over})",
            plural(positions.len(), "position")
        ),
    );
}
