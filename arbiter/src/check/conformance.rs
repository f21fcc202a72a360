//! Layer 7, rule conformance against the rules library: a legal `bestmove`
//! on many seeded positions (forced passes, Dots' extra turns), and — when
//! the engine implements them — `perft` counts and `query` answers.

use super::common::{
    fault_words, go_movetime, heard, hint, is_error_line, ms, position_of, truncate,
};
use super::{CheckOptions, Checker, PERFT_MS, PROBE_MS};
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::i18n::{words, Words};
use rand::Rng;
use std::time::Instant;
use tabula::game::Player;
use tabula::games::{AnyPosition, GameSetup};
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

impl Tag {
    /// Its word's message.
    fn id(self) -> &'static str {
        match self {
            Tag::Plain => "",
            Tag::Pass => "check-sample-pass",
            Tag::Extra => "check-sample-extra",
            Tag::Over => "check-sample-over",
        }
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
            } else if moves.len() == 1 && moves[0].is_pass() {
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
    let what = || Words::from_id("what-legal-moves");
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(2_000),
        ..o.timeouts
    };
    // Each wrong answer, with the hint for it.
    let mut bad: Vec<(Words, Words, String)> = Vec::new();
    let mut faults = 0;
    // A real budget: the check's own move time (the kit keeps its reserve
    // out of it).
    let budget = o.movetime;
    let go = go_movetime(budget);
    let mut stopped = false;
    for sample in &playable {
        let (pos, tag) = (&sample.pos, sample.tag);
        if faults == 3 {
            break;
        }
        let position = position_of(pos);
        let Some(res) = c.go(&what(), &position, &go, Some(budget), &t) else {
            // Could not start, or hung (told there): perft and query go on.
            stopped = true;
            break;
        };
        match res {
            Ok(reply) => {
                if let Err((why, fix)) = c.judged(pos, &reply) {
                    let kind = if tag == Tag::Plain {
                        Words::none()
                    } else {
                        words!("check-sample-kind", kind = Words::from_id(tag.id()))
                    };
                    let note = words!(
                        "check-at-sample",
                        position = position.to_string(),
                        kind = kind,
                        why = why
                    );
                    bad.push((note, fix, pos.fen()));
                }
            }
            Err(failed) => {
                let note = words!(
                    "check-at-sample",
                    position = position.to_string(),
                    kind = Words::none(),
                    why = failed.note()
                );
                bad.push((note, failed.hint(), pos.fen()));
                faults += 1;
                c.drop_engine();
            }
        }
    }
    if stopped {
    } else if bad.is_empty() {
        c.r.ok(
            what(),
            words!(
                "check-legal-moves-ok",
                n = playable.len(),
                passes = count(Tag::Pass),
                extra = count(Tag::Extra)
            ),
        );
    } else {
        let (note, fix, fen) = bad.swap_remove(0);
        c.r.fail_at(
            what(),
            words!(
                "check-legal-moves-bad",
                bad = bad.len() + 1,
                n = playable.len(),
                rest = if faults == 3 {
                    words!("check-rest-not-tried")
                } else {
                    Words::none()
                },
                first = note
            ),
            fix,
            Some(fen),
            None,
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
    what: &Words,
    asked: &str,
    probed: Result<Option<String>, Fault>,
) -> bool {
    match probed {
        Ok(Some(_)) => true,
        Ok(None) => {
            c.r.skip(what.clone(), words!("check-not-implemented"));
            false
        }
        Err(f) => {
            c.r.fail(
                what.clone(),
                words!("check-asked-fault", asked = asked, fault = fault_words(&f)),
                Words::from_id("hint-robust"),
            );
            c.drop_engine();
            false
        }
    }
}

pub(super) fn perft_layer(c: &mut Checker, positions: &[Sample]) {
    let what = || Words::from_id("what-perft");
    let Some(first) = positions.iter().find(|p| p.tag != Tag::Over) else {
        return;
    };
    let Some(e) = c.engine(&what()) else { return };
    let implemented = e
        .command(&position_of(&first.pos))
        .and_then(|_| probe(e, &Command::Perft(1), is_perft_total, PROBE_MS));
    if !is_implemented(c, &what(), "perft 1", implemented) {
        return;
    }
    let mut checked = 0u32;
    for Sample { pos, .. } in positions.iter().take(12) {
        for d in 1..=3u32 {
            let want = pos.perft(d);
            if d > 1 && want > 300_000 {
                break;
            }
            let Some(e) = c.engine(&what()) else { return };
            let asked = format!("{} / {}", position_of(pos), Command::Perft(d));
            let got = match perft_count(e, pos, d) {
                Ok(PerftAnswer::Count(Some(n))) if n == want => {
                    checked += 1;
                    continue;
                }
                Ok(PerftAnswer::Count(got)) => got.map_or_else(
                    || words!("check-perft-nan"),
                    |n| words!("check-detail", detail = n.to_string()),
                ),
                Ok(PerftAnswer::Refused(l)) => words!("check-refused", line = truncate(&l)),
                Ok(PerftAnswer::Slow) => {
                    c.r.warn(
                        what(),
                        words!(
                            "check-perft-slow",
                            asked = asked,
                            ms = PERFT_MS,
                            n = checked
                        ),
                        Words::from_id("hint-perft-slow"),
                    );
                    c.drop_engine();
                    return;
                }
                Err(f) => {
                    c.r.fail(what(), fault_words(&f), hint(&f));
                    c.drop_engine();
                    return;
                }
            };
            c.r.fail_at(
                what(),
                words!(
                    "check-perft-wrong",
                    asked = asked,
                    got = got,
                    want = want.to_string()
                ),
                Words::from_id("hint-perft"),
                Some(pos.fen()),
                None,
            );
            return;
        }
    }
    c.r.ok(what(), words!("check-perft-ok", n = checked));
}

pub(super) fn query_layer(c: &mut Checker, positions: &[Sample]) {
    let what = || Words::from_id("what-query");
    let Some(first) = positions.first() else {
        return;
    };
    let Some(e) = c.engine(&what()) else { return };
    let implemented = e.command(&position_of(&first.pos)).and_then(|_| {
        let gameover = Command::Query(Query::GameOver);
        probe(e, &gameover, is_response, PROBE_MS)
    });
    if !is_implemented(c, &what(), "query gameover", implemented) {
        return;
    }
    let mut checked = 0u32;
    for Sample { pos, .. } in positions {
        let expected = expected_answers(pos);
        let Some(e) = c.engine(&what()) else { return };
        if let Err(f) = e.command(&position_of(pos)) {
            c.r.fail(what(), fault_words(&f), hint(&f));
            c.drop_engine();
            return;
        }
        for (q, want) in expected {
            let Some(e) = c.engine(&what()) else { return };
            match probe(e, &Command::Query(q), is_response, PROBE_MS) {
                Ok(Some(l)) if answer_of(&l).as_deref() == Some(want.as_str()) => checked += 1,
                Ok(got) => {
                    let got = match got {
                        Some(l) => words!("check-quoted", line = l),
                        None => words!("check-no-response"),
                    };
                    c.r.fail_at(
                        what(),
                        words!(
                            "check-query-wrong",
                            position = position_of(pos).to_string(),
                            query = Command::Query(q).to_string(),
                            got = got,
                            want = Reply::Response(want.clone()).to_string()
                        ),
                        Words::from_id("hint-query"),
                        Some(pos.fen()),
                        None,
                    );
                    return;
                }
                Err(f) => {
                    c.r.fail(what(), fault_words(&f), hint(&f));
                    c.drop_engine();
                    return;
                }
            }
        }
    }
    let over = match positions.iter().filter(|p| p.tag == Tag::Over).count() {
        0 => Words::none(),
        n => words!("check-query-over", n = n),
    };
    c.r.ok(
        what(),
        words!(
            "check-query-ok",
            checked = checked,
            n = positions.len(),
            over = over
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::games::GameId;

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
                    .map(|s| format!("{} {:?}", s.pos.fen(), s.tag))
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
                    "{game} {tag:?}"
                );
                if *tag == Tag::Pass {
                    assert!(p.legal_moves()[0].is_pass());
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
