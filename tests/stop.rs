//! `stop` always answers (issue 26): on the real binary, every search path a
//! `go` can take — the plain alpha-beta, Dots and Boxes' exact solver, the
//! quick search after a solve cut short, `go infinite` holding a proven
//! result, a `go` on a puzzle — and every puzzle algorithm of `solve` ends at
//! once on `stop` with its final line; and a seeded random mix of `go`,
//! `stop`, `isready` and `position` over every game never wedges the engine.
//!
//! Every wait is bounded ([`PROMPT`] for a reply to `stop`), so a hang fails
//! the test instead of hanging the run.

mod util;

use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use tabula::games::{AnyPosition, GameId};
use tabula::setup;
use util::Engine;

/// How long a reply to `stop` (or to `isready`) may take: generous for a
/// loaded machine, far below a hang.
const PROMPT: Duration = Duration::from_secs(5);

/// The empty 3 × 3 Dots and Boxes board: 24 arcs, solved exactly in about a
/// second (more in a debug build).
const DOTS_3X3: &str = "fen dots 3x3 000/000/000/000 000/000/000/000 1 0 0";

/// Sends `stop` and returns the lines up to the `bestmove`, which must come
/// within [`PROMPT`]; checks it is one legal move of `pos`.
fn stop_answers(engine: &mut Engine, pos: &AnyPosition, what: &str) -> Vec<String> {
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.recv_until_prefix("bestmove", PROMPT);
    let took = asked.elapsed();
    engine.check(
        took < PROMPT,
        &format!("{what}: bestmove {took:?} after stop"),
    );
    let last = lines.last().map_or("", String::as_str);
    let mv = last.strip_prefix("bestmove ").unwrap_or("");
    engine.check(
        pos.parse_legal(mv).is_ok(),
        &format!("{what}: '{last}' is not a legal move of {pos}"),
    );
    let more = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    engine.check(more == 1, &format!("{what}: one bestmove"));
    lines
}

/// Starts `go` on `spec`, waits `after_ms`, sends `stop`: a `bestmove`
/// within [`PROMPT`], then `isready` answered and nothing stray.
fn go_then_stop(spec: &str, go: &str, after_ms: u64) {
    let mut engine = Engine::spawn();
    let pos = setup::parse_spec(spec, None).unwrap();
    engine.send(&format!("position {spec}"));
    engine.sync("set");
    engine.send(go);
    std::thread::sleep(Duration::from_millis(after_ms));
    let what = format!("position {spec} / {go} / stop after {after_ms} ms");
    stop_answers(&mut engine, &pos, &what);
    engine.send("isready after");
    let rest = engine.recv_until(PROMPT, |l| l == "readyok after");
    engine.check(rest.len() == 1, &format!("{what}: stray lines {rest:?}"));
    engine.send("quit");
    engine.wait_exit(PROMPT);
}

#[test]
fn the_reproduction_of_issue_26_answers_and_exits() {
    // `printf 'position random dots 5 3x3\ngo depth 40\nstop\nisready x\nquit\n' | tabula`:
    // the exact solver is stopped at once; the search after it used to run
    // 40 plies deep with no stop flag and no clock.
    let mut engine = Engine::spawn();
    let t = Instant::now();
    for line in [
        "position random dots 5 3x3",
        "go depth 40",
        "stop",
        "isready x",
        "quit",
    ] {
        engine.send(line);
    }
    let lines = engine.recv_until(PROMPT, |l| l == "readyok x");
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    engine.check(best.len() == 1, "one bestmove before readyok");
    let status = engine.wait_exit(PROMPT);
    engine.check(status.success(), &format!("exit status {status}"));
    engine.check(t.elapsed() < PROMPT, &format!("took {:?}", t.elapsed()));
}

#[test]
fn stop_ends_the_dots_exact_solver_under_every_limit_that_starts_it() {
    // Each of these lets the solve finish, so the solver runs (then, cut
    // short, the quick search after it): stopped early, in the middle and
    // near the end of the solve.
    for go in [
        "go depth 40",
        "go depth 24",
        "go nodes 8000000",
        "go movetime 60000",
        "go p1time 600000 p2time 600000",
        "go infinite",
    ] {
        for after_ms in [0, 30, 300] {
            go_then_stop(DOTS_3X3, go, after_ms);
        }
    }
    // A board part played, as in the issue.
    go_then_stop("random dots 5 3x3", "go depth 40", 0);
    go_then_stop("random dots 6 2x4", "go depth 40", 5);
}

#[test]
fn stop_ends_go_infinite_after_a_proven_result() {
    // A small board is proven at once; `go infinite` then waits for stop.
    let spec = "random dots 7 2x2";
    let mut engine = Engine::spawn();
    let pos = setup::parse_spec(spec, None).unwrap();
    engine.send(&format!("position {spec}"));
    engine.send("go infinite");
    engine.recv_until(PROMPT, |l| l.contains(" exact "));
    stop_answers(&mut engine, &pos, "proven go infinite");
}

#[test]
fn stop_ends_the_alpha_beta_search_under_every_limit() {
    // Boards too large for the exact solver, and limits far beyond what the
    // test waits for.
    for spec in ["random dots 8", "random knight 8", "random bishop 8"] {
        for go in [
            "go depth 40",
            "go nodes 4000000000",
            "go movetime 60000",
            "go p1time 600000 p2time 600000",
            "go infinite",
            "go",
        ] {
            go_then_stop(spec, go, 50);
        }
    }
}

#[test]
fn stop_ends_a_go_on_every_game_including_the_puzzles() {
    for (i, &game) in GameId::ALL.iter().enumerate() {
        let spec = start_spec(game, 40 + i as u64);
        go_then_stop(&spec, "go depth 40", 50);
        go_then_stop(&spec, "go infinite", 0);
    }
}

#[test]
fn stop_ends_every_puzzle_algorithm_with_its_final_line() {
    // A full random board with a high target: seconds of search for any
    // solver.
    let mut pos = setup::parse_spec("random knight-solo 5", None).unwrap();
    pos.set_target(Some(2500));
    for algorithm in ["bfs", "dfs", "astar", "idastar", "rbfs", "smastar"] {
        let mut engine = Engine::spawn();
        engine.send(&format!("position fen {}", pos.fen()));
        engine.send(&format!("solve algorithm {algorithm}"));
        std::thread::sleep(Duration::from_millis(100));
        let asked = Instant::now();
        engine.send("stop");
        let lines = engine.recv_until(PROMPT, |l| !l.starts_with("info "));
        let took = asked.elapsed();
        engine.check(took < PROMPT, &format!("{algorithm}: {took:?}"));
        let last = lines.last().map_or("", String::as_str);
        engine.check(
            last.starts_with("nosolution reason limit ") || last.starts_with("solution "),
            &format!("{algorithm}: final line '{last}'"),
        );
        engine.send("isready after");
        let rest = engine.recv_until(PROMPT, |l| l == "readyok after");
        engine.check(rest.len() == 1, &format!("{algorithm}: stray {rest:?}"));
    }
}

/// A position of `game` to start from: its random start for `seed`, else
/// its `startpos`, else its problem `A` (as a position spec).
fn start_spec(game: GameId, seed: u64) -> String {
    let tries = [
        format!("random {game} {seed}"),
        "startpos".to_string(),
        format!("problem {game} A"),
    ];
    for spec in &tries {
        if let Ok(pos) = setup::parse_spec(spec, Some(game)) {
            if pos.game() == game && !pos.is_over() {
                return format!("fen {}", pos.fen());
            }
        }
    }
    panic!("no start position for {game}");
}

/// What the random mix checks at its end.
#[derive(Default)]
struct Tally {
    gos: usize,
    bestmoves: usize,
    /// Other jobs started: `solve` and `perft`.
    jobs: usize,
    /// Their final lines: `solution`/`nosolution`, `perft`'s total or its
    /// error line when stopped.
    finals: usize,
    tokens: Vec<String>,
    readyoks: Vec<String>,
    /// Error lines other than a stopped `perft`'s (none expected).
    errors: Vec<String>,
}

impl Tally {
    fn read(&mut self, lines: &[String]) {
        for line in lines {
            let stopped_perft = line.starts_with("info string error perft ")
                && line.ends_with("stopped before the end");
            if line.starts_with("bestmove ") {
                self.bestmoves += 1;
            } else if line.starts_with("solution ")
                || line.starts_with("nosolution ")
                || line.starts_with("perft ")
                || stopped_perft
            {
                self.finals += 1;
            } else if let Some(token) = line.strip_prefix("readyok ") {
                self.readyoks.push(token.to_string());
            } else if line.starts_with("info string error") {
                self.errors.push(line.clone());
            }
        }
    }
}

/// One seeded random session on `specs`: `go` of every kind (infinite,
/// depth 40, small limits), `perft`, `solve` with every algorithm on a
/// puzzle, `stop`, `isready` and `position`, with short pauses; then `stop`
/// until every job has answered. Every `go` gets exactly one `bestmove`
/// (every job one final line), every `isready` its `readyok` within
/// [`PROMPT`], and `quit` ends the process.
fn random_session(rng: &mut impl Rng, specs: &[String], steps: usize, puzzle: bool) {
    let mut engine = Engine::spawn();
    let mut tally = Tally::default();
    engine.send(&format!("position {}", specs[0]));
    for step in 0..steps {
        match rng.gen_range(0..100) {
            0..=6 if puzzle => {
                let algorithms = ["bfs", "dfs", "astar", "idastar", "rbfs", "smastar"];
                let a = algorithms[rng.gen_range(0..algorithms.len())];
                let target = [3, 30, 300, 3000][rng.gen_range(0..4)];
                engine.send(&format!("solve algorithm {a} target {target}"));
                tally.jobs += 1;
            }
            0..=6 => {
                engine.send(&format!("perft {}", rng.gen_range(1..12)));
                tally.jobs += 1;
            }
            7..=29 => {
                let go = match rng.gen_range(0..8) {
                    0 => "go infinite".to_string(),
                    1 => "go".to_string(),
                    2 => "go depth 40".to_string(),
                    3 => format!("go depth {}", rng.gen_range(1..4)),
                    4 => format!("go nodes {}", rng.gen_range(1..20_000)),
                    5 => format!("go movetime {}", rng.gen_range(1..40)),
                    6 => "go nodes 8000000".to_string(),
                    _ => "go p1time 300000 p2time 300000".to_string(),
                };
                engine.send(&go);
                tally.gos += 1;
            }
            30..=54 => engine.send("stop"),
            55..=79 => {
                let token = format!("r{step}");
                engine.send(&format!("isready {token}"));
                tally.tokens.push(token.clone());
                let want = format!("readyok {token}");
                let lines = engine.recv_until(PROMPT, |l| l == want);
                tally.read(&lines);
            }
            _ => {
                let spec = &specs[rng.gen_range(0..specs.len())];
                engine.send(&format!("position {spec}"));
            }
        }
        if rng.gen_bool(0.5) {
            std::thread::sleep(Duration::from_millis(rng.gen_range(0..25)));
        }
    }
    // Drain: each `stop` ends the running job; a waiting `go` then starts.
    let mut round = 0;
    while tally.bestmoves < tally.gos || tally.finals < tally.jobs {
        round += 1;
        engine.check(
            round <= 4 * steps + 4,
            &format!(
                "the jobs never all answered: {} gos, {} bestmoves; {} jobs, {} final lines",
                tally.gos, tally.bestmoves, tally.jobs, tally.finals
            ),
        );
        let token = format!("drain{round}");
        engine.send("stop");
        engine.send(&format!("isready {token}"));
        tally.tokens.push(token.clone());
        let want = format!("readyok {token}");
        let lines = engine.recv_until(PROMPT, |l| l == want);
        tally.read(&lines);
    }
    let token = "end".to_string();
    engine.send(&format!("isready {token}"));
    tally.tokens.push(token.clone());
    let lines = engine.recv_until(PROMPT, |l| l == "readyok end");
    tally.read(&lines);
    engine.check(
        tally.bestmoves == tally.gos,
        &format!("{} gos, {} bestmoves", tally.gos, tally.bestmoves),
    );
    engine.check(
        tally.finals == tally.jobs,
        &format!("{} jobs, {} final lines", tally.jobs, tally.finals),
    );
    engine.check(
        tally.errors.is_empty(),
        &format!("errors {:?}", tally.errors),
    );
    engine.check(
        tally.readyoks == tally.tokens,
        "every isready answered, in order",
    );
    engine.send("quit");
    let status = engine.wait_exit(PROMPT);
    engine.check(status.success(), &format!("exit status {status}"));
    let rest = engine.rest(PROMPT);
    engine.check(rest.is_empty(), &format!("lines after the end: {rest:?}"));
    engine.check(!engine.stderr().contains("panicked"), "no panic on stderr");
}

#[test]
fn random_go_stop_isready_interleavings_over_every_game_never_hang() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x26_57_0b);
    let start = Instant::now();
    for (i, &game) in GameId::ALL.iter().enumerate() {
        let seed = 100 + 3 * i as u64;
        let specs: Vec<String> = (seed..seed + 3).map(|s| start_spec(game, s)).collect();
        random_session(&mut rng, &specs, 60, game.is_puzzle());
    }
    // The exact solver's boards, with every path through it.
    let specs: Vec<String> = [
        DOTS_3X3.to_string(),
        "random dots 5 3x3".to_string(),
        "random dots 9 2x4".to_string(),
        "random dots 11 2x3".to_string(),
    ]
    .to_vec();
    random_session(&mut rng, &specs, 150, false);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(240), "took {took:?}");
}
