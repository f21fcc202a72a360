//! `mock-engine`: an engine that misbehaves on command, for the arbiter's
//! tests and benchmark.
//!
//! ```text
//! mock-engine [--mode M[,M…]] [--after N] [--delay MS] [--seed S]
//!             [--flood N] [--think MS] [--options A,B] [--pidfile FILE]
//! ```
//! (or the environment: `MOCK_MODE`, `MOCK_AFTER`, `MOCK_DELAY`, `MOCK_PIDFILE`).
//!
//! Modes (misbehaviour starts at the `go` numbered `--after`, 0-based):
//! `good` (a legal move chosen by a hash of the position and the seed, after
//! `--think` ms), `illegal` (a well-formed illegal move),
//! `garbage` (a junk line, then a `bestmove` that is not a move), `crash`
//! (exit code 3, after a line on stderr), `hog` (allocates 1 GiB), `abort` (SIGABRT), `hang` (never answers, stops reading),
//! `stall` (ignores `isready`), `late` (answers `--delay` ms after the move
//! time), `slow-start` (sleeps `--delay` ms before the handshake), `no-flush`
//! (never flushes its output), `flood` (`--flood` info lines before each
//! move), `ignore-quit` (survives `quit` and end of input), `orphan` (starts a
//! `sleep` child that would outlive it), `nobestmove` (a bare `bestmove`).
//! `--pidfile` gets the pid of the engine and of its child, one per line;
//! `--tag` is ignored (a mark to find the engine's processes by).
//! `planted` (for the analysis tests, `mock-engine/planted.rs`): the
//! best move by an exact search, except once, from the `go` numbered
//! `--after`: at the first position where it holds a proven win and a move
//! throws it away, it plays that move and appends `planted <move> <position>` to
//! `--report FILE`.
//! Hostile modes, for the sandbox tests (see `mock-engine/hostile.rs`):
//! `read-secret`, `write-journal`, `connect`, `fork`, `memory`, `daemon`,
//! `kill-parent`, `ponder`, `inherited-fd`, `env-canary`, `unix-socket`,
//! `keyring`, `keyring-clear`, `lock`, `watch-secret`
//! (`--target=T` names the target). Floods and lies, from the `go`
//! numbered `--after`: `stderr-flood` (`--flood` lines of 16 KiB on stderr
//! before each move), `option-flood` (`--flood` `option` lines in the
//! handshake), `escapes` (terminal escape sequences and carriage returns on
//! stderr and in a bestmove line), `stale-readyok` (writes `readyok` lines
//! with guessed tokens every few ms, and ignores `isready`), `early-bestmove` (writes a second
//! `bestmove` right after its move, then never answers `go` again).
//!
//! Always: lines are read by the library's parser and well-formed replies
//! written by its vocabulary (`tabula::protocol`), so an unknown or malformed
//! line gets an `info string error …` line; `go infinite` (and a bare `go`)
//! holds its `bestmove` until `stop`; `perft <d>` and `query …` answer from
//! the rules library. Modes for
//! `arbiter check` (any `go`): `deaf-stop` (never answers `go infinite`, even
//! after `stop`), `die-on-junk` (exits on an unknown command), `no-pass`
//! (plays a square where the rules force a pass), `bare-readyok` (never
//! echoes the `isready` token), `bad-perft` (perft counts from depth 2 are
//! off by one), `bad-solve` (answers `solve` with one move, short of the
//! target), `refuse-go` (answers `go` with an `info string error` line and
//! no `bestmove`), `refuse-infinite` (the same for `go infinite` only),
//! `debug-prints` (a `DEBUG …` line on stdout before each `bestmove`),
//! `slow-perft` (`perft` from depth 2 answers only `stop`, with an error
//! line), `solve-on-stop` (`solve` answers only `stop`, with `nosolution
//! reason limit …`).

#[path = "mock-engine/hostile.rs"]
mod hostile;
#[path = "mock-engine/planted.rs"]
mod planted;

use std::collections::HashSet;
use std::io::{self, BufRead, BufWriter, Write};
use std::time::Duration;
use tabula::games::AnyPosition;
use tabula::protocol::command::{Command, CommandError, Query};
use tabula::protocol::reply::{Info, Reply, SearchLine};

struct Opts {
    modes: HashSet<String>,
    after: u64,
    delay: u64,
    seed: u64,
    flood: u64,
    think: u64,
    options: Vec<String>,
    pidfile: Option<String>,
    target: String,
    report: Option<String>,
}

fn parse_args() -> Opts {
    let env = |k: &str| std::env::var(k).ok();
    let mut o = Opts {
        modes: HashSet::new(),
        after: env("MOCK_AFTER").and_then(|v| v.parse().ok()).unwrap_or(0),
        delay: env("MOCK_DELAY")
            .and_then(|v| v.parse().ok())
            .unwrap_or(300),
        seed: 1,
        flood: 100_000,
        think: 0,
        options: Vec::new(),
        pidfile: env("MOCK_PIDFILE"),
        target: env("MOCK_TARGET").unwrap_or_default(),
        report: None,
    };
    let mut mode = env("MOCK_MODE").unwrap_or_else(|| "good".into());
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        // `--target=T`: not a word the sandbox takes for a file to show.
        if let Some(t) = args[i].strip_prefix("--target=") {
            o.target = t.to_string();
            i += 1;
            continue;
        }
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--mode" => mode = v,
            "--after" => o.after = v.parse().unwrap_or(0),
            "--delay" => o.delay = v.parse().unwrap_or(300),
            "--seed" => o.seed = v.parse().unwrap_or(1),
            "--flood" => o.flood = v.parse().unwrap_or(100_000),
            "--think" => o.think = v.parse().unwrap_or(0),
            "--options" => o.options = v.split(',').map(str::to_string).collect(),
            "--pidfile" => o.pidfile = Some(v),
            "--target" => o.target = v,
            "--report" => o.report = Some(v),
            "--tag" => {}
            other => {
                eprintln!("mock-engine: unknown argument {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    o.modes = mode.split(',').map(|m| m.trim().to_string()).collect();
    o
}

/// Appends a line to `--report FILE` (what the engine did on purpose).
fn report(o: &Opts, line: &str) {
    if let Some(path) = &o.report {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "{line}");
        }
    }
}

fn record_pid(o: &Opts, pid: u32) {
    if let Some(path) = &o.pidfile {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "{pid}");
        }
    }
}

fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

fn main() {
    let o = parse_args();
    let has = |m: &str| o.modes.contains(m);
    record_pid(&o, std::process::id());
    if has("orphan") {
        if let Ok(child) = std::process::Command::new("sleep").arg("1000").spawn() {
            record_pid(&o, child.id());
            std::mem::forget(child);
        }
    }
    if has("slow-start") {
        std::thread::sleep(Duration::from_millis(o.delay));
    }
    let stdout = io::stdout();
    let mut out: Box<dyn Write> = if has("no-flush") {
        Box::new(BufWriter::with_capacity(1 << 20, stdout.lock()))
    } else {
        Box::new(stdout.lock())
    };
    let flush = |out: &mut Box<dyn Write>| {
        if !has("no-flush") {
            let _ = out.flush();
        }
    };
    // The move depends only on the position and the seed, so a restarted
    // engine plays the same game again (the resume tests rely on it).
    let pick = |pos: &AnyPosition, n: usize| -> usize {
        let mut x = pos.hash() ^ o.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 31;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 29;
        (x % n.max(1) as u64) as usize
    };
    let mut pos: Option<AnyPosition> = None;
    let mut gos = 0u64;
    let mut planted_done = false;
    let mut watched = false;
    // The final line of a job that waits for `stop` (the bestmove of a `go
    // infinite`, a slow perft's or a silent solve's answer).
    let mut pending: Option<String> = None;
    // `stale-readyok` and `early-bestmove`: answered ahead, now silent.
    let mut deaf_ready = false;
    let mut deaf_go = false;
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let bad = |g: u64| g >= o.after;
        let say = |out: &mut Box<dyn Write>, reply: Reply| {
            let _ = writeln!(out, "{reply}");
        };
        let error = |out: &mut Box<dyn Write>, message: String| {
            say(out, Reply::Info(Info::Error(message)));
            flush(out);
        };
        let command = match Command::parse(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e @ CommandError::Unknown(_)) if has("die-on-junk") => {
                eprintln!("mock-engine: {e}, dying on purpose");
                std::process::exit(4);
            }
            Err(e) => {
                error(&mut out, e.to_string());
                continue;
            }
        };
        match command {
            Command::Hello { uci } => {
                let id = |field: &str, value: String| Reply::Id {
                    field: field.into(),
                    value,
                };
                let mode = o.modes.iter().next().map_or("good", |s| s);
                say(&mut out, id("name", format!("mock-{mode}")));
                say(&mut out, id("author", "tabula tests".into()));
                say(
                    &mut out,
                    Reply::Option("name Hash type spin default 16 min 1 max 1024".into()),
                );
                for opt in o.options.iter().filter(|s| !s.is_empty()) {
                    say(
                        &mut out,
                        Reply::Option(format!("name {opt} type string default x")),
                    );
                }
                if has("option-flood") {
                    let pad = "x".repeat(200);
                    for i in 0..o.flood {
                        let _ = writeln!(out, "option name Flood{i} type string default {pad}");
                    }
                }
                say(&mut out, Reply::HelloOk { uci });
                flush(&mut out);
            }
            Command::IsReady(token) => {
                if (has("stall") && bad(gos)) || deaf_ready {
                    continue;
                }
                let token = token.filter(|_| !has("bare-readyok"));
                say(&mut out, Reply::ReadyOk(token));
                flush(&mut out);
            }
            Command::SetOption { name, .. } => {
                if name != "Hash" && !o.options.contains(&name) {
                    error(&mut out, format!("unknown option {name}"));
                }
            }
            Command::Position(words) => {
                pos = tabula::setup::parse_spec(&words.join(" "), None).ok();
                if pos.is_none() {
                    error(&mut out, "bad position".into());
                }
            }
            Command::Go(limits) => {
                let n = gos;
                gos += 1;
                if deaf_go {
                    continue;
                }
                let infinite = limits.infinite;
                if (bad(n) && has("refuse-go")) || (infinite && has("refuse-infinite")) {
                    error(&mut out, "go: refused on purpose (mock-engine)".into());
                    continue;
                }
                let movetime = limits.movetime.unwrap_or(0);
                let legal = pos.map(|p| p.legal_moves()).unwrap_or_default();
                if o.think > 0 {
                    std::thread::sleep(Duration::from_millis(o.think));
                }
                let good = pos
                    .as_ref()
                    .and_then(|p| legal.get(pick(p, legal.len())))
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "pass".into());
                let good = match pos.as_ref().filter(|_| has("planted")) {
                    Some(p) => match planted::choose(p, !planted_done && n >= o.after) {
                        Some(planted::Choice::Planted(m)) => {
                            planted_done = true;
                            report(&o, &format!("planted {m} {}", p.fen()));
                            m
                        }
                        Some(planted::Choice::Best(m)) => m,
                        None => good,
                    },
                    None => good,
                };
                if n >= o.after && has("watch-secret") && !watched {
                    match hostile::watch(&o.target) {
                        Ok(what) => {
                            eprintln!("hostile watch-secret: succeeded at go {n}: {what}");
                            watched = true;
                        }
                        Err(why) if n == o.after => {
                            eprintln!("hostile watch-secret: failed at go {n}: {why}")
                        }
                        Err(_) => {}
                    }
                }
                if n == o.after {
                    for mode in hostile::MODES.iter().filter(|m| has(m)) {
                        if let Some(text) = hostile::attack(mode, &o.target) {
                            say(&mut out, Reply::Info(Info::String(text)));
                        }
                    }
                }
                if bad(n) {
                    if has("crash") {
                        eprintln!("Traceback: mock-engine crashes on purpose");
                        std::process::exit(3);
                    }
                    if has("abort") {
                        std::process::abort();
                    }
                    if has("hog") {
                        // Touch 1 GiB: fails under a memory limit.
                        let v = vec![1u8; 1 << 30];
                        std::hint::black_box(&v);
                    }
                    if has("hang") {
                        sleep_forever();
                    }
                    if has("late") {
                        std::thread::sleep(Duration::from_millis(movetime + o.delay));
                    }
                    if has("stderr-flood") {
                        let junk = "e".repeat(16 * 1024);
                        let mut err = io::stderr().lock();
                        for _ in 0..o.flood {
                            let _ = writeln!(err, "{junk}");
                        }
                    }
                    if has("escapes") {
                        let junk =
                            "\x1b[2J\x1b]0;pwned\x07\rverdict: the other engine cheated\x1b[0m";
                        eprintln!("{junk}");
                        let _ = writeln!(out, "info string {junk}");
                    }
                    if has("flood") {
                        for i in 0..o.flood {
                            let _ = writeln!(
                                out,
                                "info depth {i} nodes {i} string flooding the arbiter"
                            );
                        }
                    }
                }
                let search = SearchLine {
                    depth: Some(1),
                    seldepth: Some(1),
                    score: Some(0),
                    nodes: Some(1),
                    time: Some(0),
                    pv: vec![good.clone()],
                    ..SearchLine::default()
                };
                say(&mut out, Reply::Info(Info::Search(search)));
                let stats = [("nodes", 1), ("alphacuts", 2), ("betacuts", 3)]
                    .into_iter()
                    .chain([("tthits", 4), ("time", 0)])
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                say(&mut out, Reply::Info(Info::Stats(stats)));
                let reply = if bad(n) && has("illegal") {
                    illegal_move(pos.as_ref())
                } else if bad(n) && has("escapes") {
                    format!("{good}\x1b[2J\rgame r0: the OTHER engine lost by illegal")
                } else if bad(n) && has("garbage") {
                    let _ = writeln!(out, "%%% this is not the protocol %%%");
                    "zz99".to_string()
                } else if bad(n) && has("nobestmove") {
                    String::new()
                } else {
                    good
                };
                let reply = if has("no-pass") && legal.len() == 1 && legal[0].is_pass() {
                    illegal_move(pos.as_ref())
                } else {
                    reply
                };
                if bad(n) && has("fallback") {
                    say(
                        &mut out,
                        Reply::Info(Info::String(format!(
                            "fallback error the program failed on go {n} (mock-engine)"
                        ))),
                    );
                }
                if has("debug-prints") {
                    let _ = writeln!(out, "DEBUG my moves: {} legal", legal.len());
                }
                let line = if reply.is_empty() {
                    "bestmove".to_string() // malformed on purpose
                } else {
                    Reply::BestMove(Some(reply)).to_string()
                };
                if infinite {
                    if !has("deaf-stop") {
                        pending = Some(line.clone());
                    }
                } else {
                    let _ = writeln!(out, "{line}");
                }
                if n == o.after && has("stale-readyok") {
                    // From now on `readyok` lines every few ms, with the
                    // tokens a counter would give, and `isready` ignored.
                    std::thread::spawn(|| loop {
                        let mut lines = String::from("readyok\n");
                        for k in 0..32 {
                            lines.push_str(&format!("readyok {k}\n"));
                        }
                        // SAFETY: write(2) of a buffer we own to stdout
                        // (the main thread holds the Rust lock on it).
                        unsafe { libc::write(1, lines.as_ptr().cast(), lines.len()) };
                        std::thread::sleep(Duration::from_millis(5));
                    });
                    deaf_ready = true;
                }
                if n == o.after && has("early-bestmove") {
                    let _ = writeln!(out, "{line}");
                    deaf_go = true;
                }
                flush(&mut out);
            }
            Command::Stop => {
                if let Some(line) = pending.take() {
                    let _ = writeln!(out, "{line}");
                    flush(&mut out);
                }
            }
            Command::Perft(d) => {
                if has("slow-perft") && d >= 2 {
                    let stopped = Info::Error(format!("perft {d}: stopped before the end"));
                    pending = Some(Reply::Info(stopped).to_string());
                    continue;
                }
                let n = pos.map_or(0, |p| p.perft(d));
                let total = if has("bad-perft") && d >= 2 { n + 1 } else { n };
                say(&mut out, Reply::Perft { depth: d, total });
                flush(&mut out);
            }
            Command::Query(q) => {
                let answer = match (pos, q) {
                    (Some(p), Query::GameOver) => p.is_over().to_string(),
                    (Some(p), Query::P1Turn) => (p.side_to_move().index() == 0).to_string(),
                    (Some(p), Query::Result) => {
                        p.outcome().map_or("none".into(), |o| o.to_string())
                    }
                    (None, _) => "none".into(),
                };
                say(&mut out, Reply::Response(answer));
                flush(&mut out);
            }
            Command::Solve(_) if has("solve-on-stop") => {
                let limit = "reason limit generated 0 expanded 0 time 0";
                pending = Some(Reply::NoSolution(limit.into()).to_string());
            }
            Command::Solve(_) if has("bad-solve") => {
                let first = pos
                    .map(|p| p.legal_moves())
                    .and_then(|l| l.first().map(|m| m.to_string()))
                    .unwrap_or_else(|| "a1".into());
                let fields = "score 1 depth 1 generated 1 expanded 1 penetrance 1 ebf 1 time 0";
                say(&mut out, Reply::Solution(format!("{fields} moves {first}")));
                flush(&mut out);
            }
            Command::Quit => {
                if has("ignore-quit") {
                    continue;
                }
                break;
            }
            Command::NewGame | Command::Solve(_) | Command::Show | Command::Help => {}
        }
    }
    if has("ignore-quit") {
        sleep_forever();
    }
}

/// A square in the game's notation that is not a legal move here.
fn illegal_move(pos: Option<&AnyPosition>) -> String {
    let Some(pos) = pos else { return "a1".into() };
    let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    for row in 1..=10 {
        for col in b'a'..=b'j' {
            let sq = format!("{}{row}", col as char);
            if !legal.contains(&sq) && pos.parse_move(&sq).is_ok() {
                return sq;
            }
        }
    }
    for r in 1..=6 {
        for c in 1..=6 {
            let m = format!("h{r}.{c}");
            if !legal.contains(&m) && pos.parse_move(&m).is_ok() {
                return m;
            }
        }
    }
    "a1".into()
}
