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
//! `--pidfile` gets the pid of the engine and of its child, one per line.
//!
//! Always: `go infinite` (and a bare `go`) holds its `bestmove` until `stop`;
//! `perft <d>` and `query …` answer from the rules library. Modes for
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

use std::collections::HashSet;
use std::io::{self, BufRead, BufWriter, Write};
use std::time::Duration;
use tabula::game::AnyPosition;

struct Opts {
    modes: HashSet<String>,
    after: u64,
    delay: u64,
    seed: u64,
    flood: u64,
    think: u64,
    options: Vec<String>,
    pidfile: Option<String>,
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
    };
    let mut mode = env("MOCK_MODE").unwrap_or_else(|| "good".into());
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
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
    // The final line of a job that waits for `stop` (the bestmove of a `go
    // infinite`, a slow perft's or a silent solve's answer).
    let mut pending: Option<String> = None;
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = |g: u64| g >= o.after;
        match words.first().copied() {
            Some("ugi") | Some("uci") => {
                let _ = writeln!(
                    out,
                    "id name mock-{}",
                    o.modes.iter().next().map_or("good", |s| s)
                );
                let _ = writeln!(out, "id author tabula tests");
                let _ = writeln!(out, "option name Hash type spin default 16 min 1 max 1024");
                for opt in o.options.iter().filter(|s| !s.is_empty()) {
                    let _ = writeln!(out, "option name {opt} type string default x");
                }
                let ok = if words[0] == "uci" { "uciok" } else { "ugiok" };
                let _ = writeln!(out, "{ok}");
                flush(&mut out);
            }
            Some("isready") => {
                if has("stall") && bad(gos) {
                    continue;
                }
                let token = match words.get(1) {
                    Some(t) if !has("bare-readyok") => format!(" {t}"),
                    _ => String::new(),
                };
                let _ = writeln!(out, "readyok{token}");
                flush(&mut out);
            }
            Some("setoption") => {
                let name = words.get(2).copied().unwrap_or("");
                if name != "Hash" && !o.options.iter().any(|x| x == name) {
                    let _ = writeln!(out, "info string error unknown option {name}");
                    flush(&mut out);
                }
            }
            Some("position") => {
                let spec = words[1..].join(" ");
                pos = tabula::setup::parse_spec(&spec, None).ok();
                if pos.is_none() {
                    let _ = writeln!(out, "info string error bad position");
                    flush(&mut out);
                }
            }
            Some("go") => {
                let n = gos;
                gos += 1;
                let infinite = words.len() == 1 || words.contains(&"infinite");
                if (bad(n) && has("refuse-go")) || (infinite && has("refuse-infinite")) {
                    let _ = writeln!(
                        out,
                        "info string error go: refused on purpose (mock-engine)"
                    );
                    flush(&mut out);
                    continue;
                }
                let movetime: u64 = words
                    .iter()
                    .position(|w| *w == "movetime")
                    .and_then(|i| words.get(i + 1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                let legal = pos.map(|p| p.legal_moves()).unwrap_or_default();
                if o.think > 0 {
                    std::thread::sleep(Duration::from_millis(o.think));
                }
                let good = pos
                    .as_ref()
                    .and_then(|p| legal.get(pick(p, legal.len())))
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "pass".into());
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
                    if has("flood") {
                        for i in 0..o.flood {
                            let _ = writeln!(
                                out,
                                "info depth {i} nodes {i} string flooding the arbiter"
                            );
                        }
                    }
                }
                let _ = writeln!(
                    out,
                    "info depth 1 seldepth 1 score cp 0 nodes 1 time 0 pv {good}"
                );
                let _ = writeln!(
                    out,
                    "info string stats nodes 1 alphacuts 2 betacuts 3 tthits 4 time 0"
                );
                let reply = if bad(n) && has("illegal") {
                    illegal_move(pos.as_ref())
                } else if bad(n) && has("garbage") {
                    let _ = writeln!(out, "%%% this is not the protocol %%%");
                    "zz99".to_string()
                } else if bad(n) && has("nobestmove") {
                    String::new()
                } else {
                    good
                };
                let reply = if has("no-pass") && legal.len() == 1 && legal[0].to_string() == "pass"
                {
                    illegal_move(pos.as_ref())
                } else {
                    reply
                };
                if has("debug-prints") {
                    let _ = writeln!(out, "DEBUG my moves: {} legal", legal.len());
                }
                let line = if reply.is_empty() {
                    "bestmove".to_string()
                } else {
                    format!("bestmove {reply}")
                };
                if infinite {
                    if !has("deaf-stop") {
                        pending = Some(line);
                    }
                } else {
                    let _ = writeln!(out, "{line}");
                }
                flush(&mut out);
            }
            Some("stop") => {
                if let Some(line) = pending.take() {
                    let _ = writeln!(out, "{line}");
                    flush(&mut out);
                }
            }
            Some("perft") => {
                let d: u32 = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(1);
                if has("slow-perft") && d >= 2 {
                    pending = Some(format!(
                        "info string error perft {d}: stopped before the end"
                    ));
                    continue;
                }
                let n = pos.map_or(0, |p| p.perft(d));
                let n = if has("bad-perft") && d >= 2 { n + 1 } else { n };
                let _ = writeln!(out, "perft {d} {n}");
                flush(&mut out);
            }
            Some("query") => {
                let answer = match (pos, words.get(1).copied()) {
                    (Some(p), Some("gameover")) => p.is_over().to_string(),
                    (Some(p), Some("p1turn")) => (p.side_to_move().index() == 0).to_string(),
                    (Some(p), Some("result")) => {
                        p.outcome().map_or("none".into(), |o| o.to_string())
                    }
                    _ => "none".into(),
                };
                let _ = writeln!(out, "response {answer}");
                flush(&mut out);
            }
            Some("solve") if has("solve-on-stop") => {
                pending = Some("nosolution reason limit generated 0 expanded 0 time 0".into());
            }
            Some("solve") if has("bad-solve") => {
                let first = pos
                    .map(|p| p.legal_moves())
                    .and_then(|l| l.first().map(|m| m.to_string()))
                    .unwrap_or_else(|| "a1".into());
                let _ = writeln!(
                    out,
                    "solution score 1 depth 1 generated 1 expanded 1 penetrance 1 ebf 1 time 0 moves {first}"
                );
                flush(&mut out);
            }
            Some("quit") => {
                if has("ignore-quit") {
                    continue;
                }
                break;
            }
            Some("uginewgame") | Some("ucinewgame") | None => {}
            Some(_) => {
                if has("die-on-junk") {
                    eprintln!("mock-engine: unknown command, dying on purpose");
                    std::process::exit(4);
                }
            }
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
