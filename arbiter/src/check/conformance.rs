//! Layer 7, rule conformance against the rules library: a legal `bestmove`
//! on many seeded positions (forced passes, Dots' extra turns), and — when
//! the engine implements them — `perft` counts and `query` answers.

use super::common::{
    go_movetime, heard, hint, is_error_line, judge_move, ms, position_of, truncate, ROBUST_HINT,
};
use super::{CheckOptions, Checker, CONFORMANCE_MOVE_MS, PERFT_MS, PROBE_MS};
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::out::plural;
use rand::Rng;
use std::time::Instant;
use tabula::game::{AnyPosition, GameSetup, Player};
use tabula::protocol::command::{Command, Query};
use tabula::protocol::reply::Reply;

/// The setups the conformance layer samples boards of: the one asked for
/// or, when no parameter was given, one for each value a parameter that
/// random boards take offers for sampling ([`tabula::game::Param::samples`]: the Dots
/// sizes).
fn sampled_setups(o: &CheckOptions) -> Vec<GameSetup> {
    let param = o.setup.random_word().filter(|_| o.sample_params);
    let Some(param) = param.filter(|p| !p.samples.is_empty()) else {
        return vec![o.setup];
    };
    (param.samples.iter())
        .filter_map(|value| {
            let mut setup = o.setup;
            setup.set(param.name, value).ok().map(|()| setup)
        })
        .collect()
}

/// What is special about a sampled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tag {
    /// Nothing: the game goes on.
    Plain,
    /// The only legal move is `pass`.
    Pass,
    /// The side to move moved last too (a closed box in dots).
    Extra,
    /// The game is over.
    Over,
}

impl std::fmt::Display for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Tag::Plain => "",
            Tag::Pass => "pass",
            Tag::Extra => "extra",
            Tag::Over => "over",
        })
    }
}

/// A sampled position and its tag.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sample {
    pub(super) pos: AnyPosition,
    pub(super) tag: Tag,
}

/// Seeded positions of the game reached by random playouts: `o.positions`
/// where the game goes on, some with a forced pass (knight, bishop), some
/// with an extra turn (dots); and, one in ten more, finished games (for
/// `perft` and `query`).
pub(super) fn sample_positions(o: &CheckOptions) -> Vec<Sample> {
    let mut rng = tabula::random::rng(o.seed ^ 0x5eed_c4ec);
    let setups = sampled_setups(o);
    let mut out: Vec<Sample> = Vec::new();
    let mut playable = 0;
    // Every board gives a position where the game goes on, except those
    // asked for a finished game.
    for i in 0.. {
        if playable == o.positions {
            break;
        }
        let s = o.seed.wrapping_add(1_000).wrapping_add(i as u64);
        let Some(mut p) = setups[i % setups.len()].random(s) else {
            continue;
        };
        let mut line: Vec<Sample> = Vec::new();
        let mut last_side: Option<Player> = None;
        loop {
            let moves = p.legal_moves();
            let tag = if moves.is_empty() {
                Tag::Over
            } else if moves.len() == 1 && moves[0].to_string() == "pass" {
                Tag::Pass
            } else if last_side == Some(p.side_to_move()) {
                Tag::Extra
            } else {
                Tag::Plain
            };
            line.push(Sample { pos: p, tag });
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
            0 => Tag::Pass,
            1 => Tag::Extra,
            2 if i % 10 == 2 => Tag::Over,
            _ => Tag::Plain,
        };
        let tagged: Vec<usize> = (0..line.len()).filter(|&j| line[j].tag == want).collect();
        let j = if want != Tag::Plain && !tagged.is_empty() {
            tagged[rng.gen_range(0..tagged.len())]
        } else {
            // Any position before the end.
            rng.gen_range(0..line.len().saturating_sub(1).max(1))
        };
        if line[j].tag != Tag::Over {
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
    let count = |t: Tag| positions.iter().filter(|p| p.tag == t).count();
    let playable: Vec<&Sample> = positions.iter().filter(|p| p.tag != Tag::Over).collect();
    let what = "legal moves";
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(2_000),
        ..o.timeouts
    };
    // Each wrong answer, with the hint for it.
    let mut bad: Vec<(String, &str)> = Vec::new();
    let mut faults = 0;
    // A real budget: the check's own move time (the kit keeps its reserve
    // out of it), never less than CONFORMANCE_MOVE_MS.
    let budget = o.movetime.max(CONFORMANCE_MOVE_MS);
    let go = go_movetime(budget);
    let mut stopped = false;
    for sample in &playable {
        let (pos, tag) = (&sample.pos, sample.tag);
        if faults == 3 {
            break;
        }
        let position = position_of(pos);
        let Some(res) = c.go(what, &position, &go, Some(budget), &t) else {
            // Could not start, or hung (told there): perft and query go on.
            stopped = true;
            break;
        };
        match res {
            Ok(reply) => {
                if let Err((why, fix)) = judge_move(pos, &reply.mv) {
                    let kind = if tag == Tag::Plain {
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
    if stopped {
    } else if bad.is_empty() {
        c.r.ok(
            what,
            &format!(
                "{} ({}, {})",
                plural(playable.len(), "position"),
                plural(count(Tag::Pass), "forced pass"),
                plural(count(Tag::Extra), "extra turn")
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

/// Sends `cmd` and waits for a line that is `want`. `Ok(None)`: not
/// implemented (an error line first, or nothing before `wait_ms`).
pub(super) fn probe(
    e: &mut Engine,
    cmd: &Command,
    want: fn(&str) -> bool,
    wait_ms: u64,
) -> Result<Option<String>, Fault> {
    e.discard_output();
    e.command(cmd)?;
    let deadline = Instant::now() + ms(wait_ms);
    loop {
        match e.read_line(deadline)? {
            Some(l) if want(&l) => return Ok(Some(l)),
            Some(l) if is_error_line(&l) || is_unknown(&l) => return Ok(None),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// An engine's own "unknown command" line (`unknown …`): no reply of the
/// protocol, but a refusal all the same.
pub(super) fn is_unknown(line: &str) -> bool {
    match heard(line) {
        Err(word) => word == "unknown",
        // `unknown 5` reads as a perft line `<move> <count>`.
        Ok(Reply::PerftMove { mv, .. }) => mv == "unknown",
        _ => false,
    }
}

/// Is `line` the last line of a `perft` (`perft <d> <n>`)? A `perft` line
/// the typed parse rejects counts too (its count is judged later), as it
/// always has.
pub(super) fn is_perft_total(line: &str) -> bool {
    matches!(heard(line), Ok(Reply::Perft { .. }) | Err("perft"))
}

/// Is `line` a `response`?
pub(super) fn is_response(line: &str) -> bool {
    matches!(heard(line), Ok(Reply::Response(_)))
}

/// How an engine answered `perft <d>`.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum PerftAnswer {
    /// The `perft <d> <n>` line's count (`None`: not a number).
    Count(Option<u64>),
    /// An error line instead.
    Refused(String),
    /// Nothing within [`PERFT_MS`]: too slow to check (not wrong).
    Slow,
}

/// What one line says in answer to `perft <d>` (`None`: nothing, read on).
pub(super) fn perft_answer(line: &str, d: u32) -> Option<PerftAnswer> {
    match heard(line) {
        // The typed parse reads the depth as a number: `perft 02 <n>`
        // answers `perft 2` (the old word test wanted `2` as written; no
        // engine writes `02`).
        Ok(Reply::Perft { depth, total }) if depth == d => Some(PerftAnswer::Count(Some(total))),
        // `perft <d> <not a number>` is no reply to the typed parse; the
        // check has always taken it as the answer, with a count that is not
        // a number (a FAIL, not silence). Kept.
        Err("perft") => {
            let w: Vec<&str> = line.split_whitespace().collect();
            (w.len() == 3 && w[1] == d.to_string()).then_some(PerftAnswer::Count(None))
        }
        _ if is_error_line(line) => Some(PerftAnswer::Refused(line.to_string())),
        _ => None,
    }
}

/// Waits for the `perft <d> <n>` line.
pub(super) fn perft_count(e: &mut Engine, pos: &AnyPosition, d: u32) -> Result<PerftAnswer, Fault> {
    e.discard_output();
    e.command(&position_of(pos))?;
    e.command(&Command::Perft(d))?;
    let deadline = Instant::now() + ms(PERFT_MS);
    loop {
        match e.read_line(deadline)? {
            Some(l) => {
                if let Some(answer) = perft_answer(&l, d) {
                    return Ok(answer);
                }
            }
            None => return Ok(PerftAnswer::Slow),
        }
    }
}

/// The answers the rules library gives to each `query` on `pos`.
pub(super) fn expected_answers(pos: &AnyPosition) -> [(Query, String); 3] {
    [
        (Query::GameOver, pos.is_over().to_string()),
        (
            Query::P1Turn,
            (pos.side_to_move() == Player::One).to_string(),
        ),
        (
            Query::Result,
            pos.outcome().map_or("none".to_string(), |r| r.to_string()),
        ),
    ]
}

/// The answer of a `response` line: its first word, as the check always
/// read it (`response true 1` answers `true`). `None`: not a `response`.
pub(super) fn answer_of(line: &str) -> Option<String> {
    match line.parse::<Reply>() {
        Ok(Reply::Response(text)) => text.split_whitespace().next().map(str::to_string),
        _ => None,
    }
}

/// Whether the optional command `asked` answered its probe; otherwise the
/// layer `what` is reported: `skip` (not implemented) or `FAIL` (the engine
/// broke, and is dropped).
fn is_implemented(
    c: &mut Checker,
    what: &str,
    asked: &str,
    probed: Result<Option<String>, Fault>,
) -> bool {
    match probed {
        Ok(Some(_)) => true,
        Ok(None) => {
            c.r.skip(what, "not implemented (optional for students)");
            false
        }
        Err(f) => {
            c.r.fail(what, &format!("`{asked}`: {f}"), ROBUST_HINT);
            c.drop_engine();
            false
        }
    }
}

pub(super) fn perft_layer(c: &mut Checker, positions: &[Sample]) {
    let what = "perft";
    let Some(first) = positions.iter().find(|p| p.tag != Tag::Over) else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e
        .command(&position_of(&first.pos))
        .and_then(|_| probe(e, &Command::Perft(1), is_perft_total, PROBE_MS));
    if !is_implemented(c, what, "perft 1", implemented) {
        return;
    }
    let mut checked = 0;
    for Sample { pos, .. } in positions.iter().take(12) {
        for d in 1..=3u32 {
            let want = pos.perft(d);
            if d > 1 && want > 300_000 {
                break;
            }
            let Some(e) = c.engine(what) else { return };
            let asked = format!("{} / {}", position_of(pos), Command::Perft(d));
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

pub(super) fn query_layer(c: &mut Checker, positions: &[Sample]) {
    let what = "query";
    let Some(first) = positions.first() else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e.command(&position_of(&first.pos)).and_then(|_| {
        let gameover = Command::Query(Query::GameOver);
        probe(e, &gameover, is_response, PROBE_MS)
    });
    if !is_implemented(c, what, "query gameover", implemented) {
        return;
    }
    let mut checked = 0;
    for Sample { pos, .. } in positions {
        let expected = expected_answers(pos);
        let Some(e) = c.engine(what) else { return };
        if let Err(f) = e.command(&position_of(pos)) {
            c.r.fail(what, &f.to_string(), hint(&f));
            c.drop_engine();
            return;
        }
        for (q, want) in expected {
            let Some(e) = c.engine(what) else { return };
            match probe(e, &Command::Query(q), is_response, PROBE_MS) {
                Ok(Some(l)) if answer_of(&l).as_deref() == Some(want.as_str()) => checked += 1,
                Ok(got) => {
                    c.r.fail(
                        what,
                        &format!(
                            "{} / {}: '{}', expected '{}'",
                            position_of(pos),
                            Command::Query(q),
                            got.unwrap_or_else(|| "no response".into()),
                            Reply::Response(want.clone())
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
    let over = match positions.iter().filter(|p| p.tag == Tag::Over).count() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::game::GameId;

    fn options(game: GameId, positions: usize) -> CheckOptions {
        CheckOptions {
            log_dir: None,
            setup: GameSetup::new(game),
            sample_params: true,
            seed: 11,
            movetime: 100,
            timeouts: Timeouts::default(),
            positions,
            solve_ms: 100,
        }
    }

    #[test]
    fn sampled_positions_are_seeded_and_tagged() {
        for game in [GameId::Knight, GameId::Dots] {
            let o = options(game, 20);
            let a = sample_positions(&o);
            let b = sample_positions(&o);
            let fens = |v: &[Sample]| -> Vec<String> {
                v.iter()
                    .map(|s| format!("{} {}", s.pos.fen(), s.tag))
                    .collect()
            };
            assert_eq!(fens(&a), fens(&b), "{game}");
            assert_eq!(
                a.iter().filter(|p| p.tag != Tag::Over).count(),
                20,
                "{game}"
            );
            for Sample { pos: p, tag } in &a {
                assert_eq!(
                    *tag == Tag::Over,
                    p.legal_moves().is_empty(),
                    "{game} {tag}"
                );
                if *tag == Tag::Pass {
                    assert_eq!(p.legal_moves()[0].to_string(), "pass");
                }
            }
        }
        let dots = sample_positions(&options(GameId::Dots, 20));
        assert!(
            dots.iter().any(|p| p.tag == Tag::Extra),
            "an extra turn in dots"
        );
    }

    #[test]
    fn perft_lines_are_read_as_before() {
        assert_eq!(
            perft_answer("perft 2 400", 2),
            Some(PerftAnswer::Count(Some(400)))
        );
        assert_eq!(
            perft_answer("perft 2 many", 2),
            Some(PerftAnswer::Count(None))
        );
        assert_eq!(perft_answer("perft 1 20", 2), None);
        assert_eq!(perft_answer("a3 20", 2), None);
        assert_eq!(perft_answer("perft 2 400 more", 2), None);
        assert_eq!(
            perft_answer("info string error perft: no position", 2),
            Some(PerftAnswer::Refused(
                "info string error perft: no position".into()
            ))
        );
        assert!(is_perft_total("perft 1 20") && is_perft_total("perft"));
        assert!(!is_perft_total("a3 20"));
        assert!(is_unknown("unknown command: perft") && is_unknown("unknown 5"));
        assert!(!is_unknown("info string unknown"));
    }

    #[test]
    fn query_answers_come_from_the_rules_library() {
        assert_eq!(answer_of("response true"), Some("true".into()));
        assert_eq!(answer_of("response  p1win extra"), Some("p1win".into()));
        assert_eq!(answer_of("response"), None);
        assert_eq!(answer_of("info string response true"), None);
        let pos = tabula::setup::parse_spec("random knight 4", None).expect("a board");
        let answers = expected_answers(&pos);
        let words: Vec<String> = answers
            .iter()
            .map(|(q, a)| format!("{} {a}", Command::Query(*q)))
            .collect();
        assert_eq!(
            words,
            [
                "query gameover false",
                "query p1turn true",
                "query result none"
            ]
        );
    }
}
