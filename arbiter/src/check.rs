//! `arbiter check <ENGINE>`: a student's self-test of an engine before a
//! tournament. It goes through what the arbiter will do — find the program,
//! the handshake, `isready`, one move on a seeded board, two whole games
//! against `builtin:random` (colours swapped), `quit` — and says, step by
//! step, what passed and what to fix.

use crate::builtin::Builtin;
use crate::client::{Engine, Fault, Timeouts};
use crate::clock::TimeControl;
use crate::config::{BuiltinKind, ExternalSpec};
use crate::game::{self, GameKey, GameSpec, Seat, Settings};
use std::time::Instant;
use tabula::game::GameId;

/// What to check and how.
pub struct CheckOptions {
    pub game: GameId,
    pub seed: u64,
    pub movetime: u64,
    pub timeouts: Timeouts,
    pub dots_size: Option<(usize, usize)>,
}

struct Report {
    failures: usize,
}

impl Report {
    fn ok(&self, what: &str, note: &str) {
        println!(
            "  ok    {what}{}",
            if note.is_empty() {
                String::new()
            } else {
                format!(": {note}")
            }
        );
    }
    fn warn(&self, what: &str, note: &str) {
        println!("  warn  {what}: {note}");
    }
    fn fail(&mut self, what: &str, note: &str, fix: &str) {
        self.failures += 1;
        println!("  FAIL  {what}: {note}");
        if !fix.is_empty() {
            println!("        → {fix}");
        }
    }
}

fn hint(f: &Fault) -> &'static str {
    match f {
        Fault::Startup(_) => {
            "answer `ugi` with `ugiok` (after any `id`/`option` lines) and flush stdout after every line"
        }
        Fault::Stall(_) => "answer `isready` (or `isready <n>`) with `readyok` (or `readyok <n>`) at once",
        Fault::Timeout { .. } => "send `bestmove` within the move time; keep a reserve for the pipes",
        Fault::Crash(_) => "the process died: see the end of its stderr above",
        Fault::Malformed(_) => "write the move in the game's notation: `bestmove e5`, `bestmove h1.2`, `bestmove pass`",
        Fault::Illegal(_) => "check the rules (attacked squares, removed numbers, forced pass)",
        Fault::Interrupted => "",
    }
}

fn describe(f: &Fault) -> String {
    match f {
        Fault::Startup(d)
        | Fault::Stall(d)
        | Fault::Crash(d)
        | Fault::Malformed(d)
        | Fault::Illegal(d) => d.clone(),
        Fault::Timeout { overrun_ms, detail } => format!("{detail} ({overrun_ms} ms late)"),
        Fault::Interrupted => "interrupted".into(),
    }
}

/// Runs the checks; returns the number of failures.
pub fn run(spec: &ExternalSpec, name: &str, o: &CheckOptions) -> usize {
    let mut r = Report { failures: 0 };
    println!("checking {name} for the {} game", o.game);
    if let Err(e) = spec.check_program() {
        r.fail(
            "program",
            &format!("{e:#}"),
            "give the command as you would type it in a terminal",
        );
        return r.failures;
    }
    r.ok("program found", "");

    let t0 = Instant::now();
    let mut engine = match Engine::start(spec, &o.timeouts) {
        Ok(e) => e,
        Err(f) => {
            r.fail("handshake", &describe(&f), hint(&f));
            return r.failures;
        }
    };
    let id = engine
        .id_name
        .clone()
        .unwrap_or_else(|| "(no `id name`)".into());
    r.ok(
        "handshake",
        &format!(
            "{id}, {} ms, options: [{}]",
            t0.elapsed().as_millis(),
            engine.options.join(", ")
        ),
    );
    if let Err(f) = engine.ping(o.timeouts.ping_ms) {
        r.fail("isready", &describe(&f), hint(&f));
        engine.kill();
        return r.failures;
    }
    r.ok("isready", "");

    // One move on the first board of the tournament.
    let boards = crate::tournament::Boards::Seeded {
        seed: o.seed,
        dots_size: o.dots_size,
    };
    let start = match boards.board(o.game, 0) {
        Ok(p) => p,
        Err(e) => {
            r.fail("board", &format!("{e:#}"), "");
            engine.kill();
            return r.failures;
        }
    };
    let _ = engine.new_game();
    let position = format!("position fen {}", start.fen());
    match engine.think(
        &position,
        &format!("go movetime {}", o.movetime),
        Some(o.movetime),
        &o.timeouts,
    ) {
        Ok(reply) => match start.parse_move(&reply.mv) {
            Err(_) => r.fail(
                "first move",
                &format!("'{}' is not a move", reply.line),
                hint(&Fault::Malformed(String::new())),
            ),
            Ok(mv) => {
                let mut p = start;
                match p.play(mv) {
                    Err(e) => r.fail(
                        "first move",
                        &format!("'{}': {e}", reply.line),
                        hint(&Fault::Illegal(String::new())),
                    ),
                    Ok(()) => {
                        let info = match (reply.info.depth, reply.info.nodes) {
                            (Some(d), Some(n)) => format!(", depth {d}, {n} nodes"),
                            (Some(d), None) => format!(", depth {d}"),
                            _ => ", no `info` line (optional)".into(),
                        };
                        r.ok(
                            "first move",
                            &format!("{} in {} ms{info}", reply.mv, reply.elapsed_ms),
                        );
                        if reply.elapsed_ms > o.movetime {
                            r.warn(
                                "time",
                                &format!(
                                    "{} ms is more than the {} ms given",
                                    reply.elapsed_ms, o.movetime
                                ),
                            );
                        }
                    }
                }
            }
        },
        Err(f) => r.fail(
            "first move",
            &format!("{position} / go movetime {}: {}", o.movetime, describe(&f)),
            hint(&f),
        ),
    }
    if engine.quit(o.timeouts.grace_ms) {
        r.ok("quit", "");
    } else {
        r.warn(
            "quit",
            &format!(
                "still running {} ms after `quit`: killed",
                o.timeouts.grace_ms
            ),
        );
    }

    // Two whole games, as in a tournament.
    let settings = Settings {
        timeouts: o.timeouts,
        max_plies: 10_000,
        debug: false,
        log_dir: None,
    };
    let mut engine: Option<Engine> = None;
    for colour in 0..2u32 {
        let key = GameKey {
            round: 0,
            pairing: 0,
            board: 0,
            colour,
        };
        let me = match engine.take() {
            Some(e) => Ok(e),
            None => Engine::start(spec, &o.timeouts),
        };
        let random = Seat::Builtin(Builtin::new(&BuiltinKind::Random, o.seed + colour as u64));
        let (seats, names, mine) = if colour == 0 {
            (
                [Seat::External(me), random],
                [name.to_string(), "builtin:random".into()],
                "p1",
            )
        } else {
            (
                [random, Seat::External(me)],
                ["builtin:random".into(), name.to_string()],
                "p2",
            )
        };
        let spec_g = GameSpec {
            tournament: String::new(),
            key,
            start,
            names,
            tc: [TimeControl::Movetime(o.movetime); 2],
        };
        let played = game::play(&spec_g, seats, &settings);
        let [e1, e2] = played.seats;
        engine = e1.or(e2);
        let Some(rec) = played.record else { break };
        let what = format!("game {} as {mine}", colour + 1);
        if rec.offender.is_some() {
            r.fail(
                &what,
                &format!(
                    "{} after {} moves: {}",
                    rec.reason,
                    rec.moves.len(),
                    rec.detail.unwrap_or_default()
                ),
                hint(&match rec.reason.as_str() {
                    "startup" => Fault::Startup(String::new()),
                    "stall" => Fault::Stall(String::new()),
                    "timeout" => Fault::Timeout {
                        overrun_ms: 0,
                        detail: String::new(),
                    },
                    "malformed" => Fault::Malformed(String::new()),
                    "illegal" => Fault::Illegal(String::new()),
                    _ => Fault::Crash(String::new()),
                }),
            );
        } else {
            let result = if rec.winner == "draw" {
                "draw".to_string()
            } else if rec.winner == mine {
                "won".to_string()
            } else {
                "lost".to_string()
            };
            let mut p = start;
            let mut max = 0;
            for (i, m) in rec.moves.iter().enumerate() {
                let side = if p.side_to_move().index() == 0 {
                    "p1"
                } else {
                    "p2"
                };
                if side == mine {
                    max = max.max(rec.times_ms.get(i).copied().unwrap_or(0));
                }
                if p.play_text(m).is_err() {
                    break;
                }
            }
            r.ok(
                &what,
                &format!(
                    "{result} {}-{} in {} moves (slowest move {max} ms)",
                    rec.score1,
                    rec.score2,
                    rec.moves.len()
                ),
            );
        }
    }
    if let Some(e) = engine {
        e.quit(o.timeouts.grace_ms);
    }
    if r.failures == 0 {
        println!("all checks passed: the engine is ready for a tournament");
    } else {
        println!("{} check(s) failed", r.failures);
    }
    r.failures
}
