//! The protocol of protocol.md, tested on the real binary: whole games for
//! every game (each `bestmove` checked by the rules library), `stop` and
//! `isready` during jobs, malformed and random input, time discipline, exits.

mod util;
#[path = "util/tools.rs"]
#[macro_use]
mod tools;

use std::time::{Duration, Instant};
use tabula::games::AnyPosition;
use tabula::setup;
use util::{Engine, PATIENCE};

const SHORT: Duration = Duration::from_secs(5);

/// The position the engine should hold after `position <spec> moves <moves>`.
fn library_position(spec: &str, moves: &[String], game: Option<&str>) -> AnyPosition {
    let mut words: Vec<&str> = spec.split_whitespace().collect();
    if !moves.is_empty() {
        words.push("moves");
        words.extend(moves.iter().map(String::as_str));
    }
    setup::parse_words(
        &words,
        game.map(|g| g.parse().unwrap()),
        &Default::default(),
    )
    .unwrap()
}

fn position_command(spec: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position {spec}")
    } else {
        format!("position {spec} moves {}", moves.join(" "))
    }
}

/// Plays a whole game engine against itself through `position … moves …`
/// and `go`, checking every reply against the rules library.
fn play_whole_game(engine: &mut Engine, spec: &str, game: Option<&str>, go: &str) -> usize {
    let mut moves: Vec<String> = Vec::new();
    loop {
        let pos = library_position(spec, &moves, game);
        engine.send(&position_command(spec, &moves));
        engine.send("query gameover");
        let over = engine.recv(PATIENCE);
        engine.check(
            over == format!("response {}", pos.is_over()),
            &format!("query gameover answered '{over}' for {pos}"),
        );
        engine.send("query p1turn");
        let p1 = engine.recv(PATIENCE);
        let want = pos.side_to_move() == tabula::game::Player::One;
        engine.check(p1 == format!("response {want}"), "query p1turn");
        engine.send("query result");
        let result = engine.recv(PATIENCE);
        let want = pos.outcome().map_or("none".to_string(), |o| o.to_string());
        engine.check(result == format!("response {want}"), "query result");

        let (mv, info) = engine.go(go);
        for line in &info {
            engine.check(
                line.starts_with("info "),
                &format!("only info lines may come before bestmove, got '{line}'"),
            );
        }
        if pos.is_over() {
            engine.check(mv == "none", "a finished game must answer 'bestmove none'");
            return moves.len();
        }
        let stats = info
            .iter()
            .filter(|l| l.starts_with("info string stats "))
            .count();
        engine.check(stats == 1, "exactly one stats line per search");
        if let Err(e) = pos.parse_legal(&mv) {
            panic!(
                "bestmove {mv} is not legal in {pos}: {e}\n{}",
                engine.transcript()
            );
        }
        moves.push(mv);
        engine.check(moves.len() < 400, "the game does not end");
    }
}

#[test]
fn whole_games_of_every_two_player_game() {
    let mut engine = Engine::spawn();
    engine.send("ugi");
    engine.recv_until(PATIENCE, |l| l == "ugiok");
    engine.send("uginewgame");
    let knight = play_whole_game(&mut engine, "random knight 11", None, "go depth 2");
    engine.send("uginewgame");
    let bishop = play_whole_game(&mut engine, "random bishop 12", None, "go nodes 3000");
    engine.send("setoption name Game value dots");
    engine.send("uginewgame");
    let dots = play_whole_game(&mut engine, "startpos", Some("dots"), "go depth 1");
    assert!(knight >= 2 && bishop >= 2, "{knight} {bishop}");
    assert_eq!(dots, 71, "one arc a move");
    let dots = play_whole_game(&mut engine, "random dots 3 2x3", None, "go movetime 20");
    assert_eq!(dots, 17 - 2, "two arcs are drawn at random");
    let stray = engine.sync("end");
    engine.check(stray.is_empty(), "no stray output");
}

#[test]
fn handshake_lists_the_options() {
    let mut engine = Engine::spawn();
    engine.send("ugi");
    let lines = engine.recv_until(PATIENCE, |l| l == "ugiok");
    assert!(lines[0].starts_with("id name Tabula"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(options.len(), lines.len() - 3, "{lines:?}");
    assert!(options
        .iter()
        .any(|l| l.starts_with("option name Hash type spin default ")));
    let game = options
        .iter()
        .find(|l| l.starts_with("option name Game type combo"))
        .expect("a Game option");
    for id in [
        "knight",
        "knight-solo",
        "bishop",
        "bishop-solo",
        "dots",
        "dots-solo",
    ] {
        assert!(game.contains(&format!(" var {id}")), "{game}");
    }
    engine.send("uci");
    let lines = engine.recv_until(PATIENCE, |l| l == "uciok");
    assert!(lines[0].starts_with("id name"), "{lines:?}");
    engine.send("isready");
    assert_eq!(engine.recv(PATIENCE), "readyok");
}

#[test]
fn setoption_hash_and_friends() {
    let mut engine = Engine::spawn();
    engine.send("setoption name Hash value 8");
    engine.send("setoption name hash value 1");
    engine.send("setoption name MoveOverhead value 0");
    engine.send("setoption name Game value bishop");
    assert_eq!(engine.sync("a"), Vec::<String>::new());
    for (line, needle) in [
        ("setoption name Hash value 0", "Hash"),
        ("setoption name Hash value 1000000000", "Hash"),
        ("setoption name Hash value many", "found 'many'"),
        ("setoption name Threads value 2", "unknown option 'Threads'"),
        ("setoption name Game value chess", "unknown game 'chess'"),
        ("setoption name Hash", "value"),
    ] {
        engine.send(line);
        let reply = engine.recv(PATIENCE);
        assert!(
            reply.starts_with("info string error setoption") && reply.contains(needle),
            "{line} -> {reply}"
        );
    }
    // The Game option picks the game of `startpos`.
    engine.send("position startpos");
    assert!(engine.recv(PATIENCE).contains("no fixed start position"));
    engine.send("setoption name Game value dots");
    engine.send("position startpos");
    engine.send("perft 1");
    assert_eq!(
        engine.recv_until_prefix("perft", PATIENCE).last().unwrap(),
        "perft 1 71"
    );
    // A search still works after resizing.
    engine.send("setoption name Hash value 4");
    let (mv, _) = engine.go("go depth 2");
    assert!(mv.starts_with('h') || mv.starts_with('v'), "{mv}");
}

#[test]
fn perft_matches_the_rules_library() {
    let mut engine = Engine::spawn();
    for (spec, depth) in [
        ("random knight 21", 4),
        ("random bishop 22", 3),
        ("problem knight-solo F", 3),
        ("problem dots-solo A", 2),
        ("random dots 4 3x3", 3),
    ] {
        engine.send(&format!("position {spec}"));
        engine.send(&format!("perft {depth}"));
        let lines = engine.recv_until_prefix("perft ", PATIENCE);
        let pos = setup::parse_spec(spec, None).unwrap();
        let want = pos.perft(depth);
        assert_eq!(lines.last().unwrap(), &format!("perft {depth} {want}"));
        // Divide lines: one per legal move, in move order, summing to the total.
        let divide = &lines[..lines.len() - 1];
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let moves: Vec<&str> = divide
            .iter()
            .map(|l| l.split(' ').next().unwrap())
            .collect();
        assert_eq!(moves, legal);
        let sum: u64 = divide
            .iter()
            .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, want);
    }
    engine.send("perft 0");
    assert_eq!(engine.recv(PATIENCE), "perft 0 1");
}

#[test]
fn query_answers_for_every_state() {
    let mut engine = Engine::spawn();
    engine.send("query gameover");
    assert!(engine
        .recv(PATIENCE)
        .starts_with("info string error query: no position"));
    for (fen, over, p1, result) in [
        ("dots 1x1 1/1 1/1 1 1 0", true, true, "p1win"),
        ("dots 1x1 2/2 2/2 2 0 1", true, false, "p2win"),
        ("dots 1x2 11/22 1/0/2 2 0 0", false, false, "none"),
        ("dots 1x2 11/22 1/1/2 2 1 1", true, false, "draw"),
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send("query gameover");
        engine.send("query p1turn");
        engine.send("query result");
        let got = [
            engine.recv(PATIENCE),
            engine.recv(PATIENCE),
            engine.recv(PATIENCE),
        ];
        assert_eq!(
            got,
            [
                format!("response {over}"),
                format!("response {p1}"),
                format!("response {result}")
            ],
            "{fen}"
        );
    }
    // Game over: `go` answers at once with no move, and never hangs.
    engine.send("position fen dots 1x1 1/1 1/1 1 1 0");
    let (mv, _) = engine.go("go infinite");
    assert_eq!(mv, "none");
}

#[test]
fn show_draws_the_board() {
    let mut engine = Engine::spawn();
    engine.send("position random knight 5");
    engine.send("show");
    let lines = engine.recv_until_prefix("fen ", PATIENCE);
    let pos = setup::parse_spec("random knight 5", None).unwrap();
    assert_eq!(lines.last().unwrap(), &format!("fen {}", pos.fen()));
    assert!(lines[0].starts_with("knight: white (player 1) to move"));
    let rows: Vec<&String> = lines
        .iter()
        .filter(|l| {
            l.trim_start()
                .split(' ')
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(rows.len(), 10, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.contains("  W")).count(), 1);
    assert_eq!(lines.iter().filter(|l| l.contains("  B")).count(), 1);

    engine.send("setoption name Game value dots");
    engine.send("position startpos moves h1.1 v1.1 h2.1 v1.2");
    engine.send("show");
    let lines = engine.recv_until_prefix("fen ", PATIENCE);
    let text = lines.join("\n");
    assert!(text.contains("h1 +-1-+"), "{text}");
    assert!(text.contains("h2 +-1-+"), "{text}");
    assert!(text.contains("v1 2 # 2"), "{text}");
    assert!(
        text.starts_with("dots: player 2 to move; score 0 - 1"),
        "{text}"
    );
    assert!(text.contains("1 of 30 boxes closed"), "{text}");
}

#[test]
fn stop_ends_an_endless_perft_at_once_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::spawn();
    engine.send("position random knight 3");
    engine.send("perft 60");
    let early = engine.try_recv(Duration::from_millis(300));
    engine.check(early.is_none(), "nothing before stop");
    let asked = Instant::now();
    engine.send("isready mid-perft");
    assert_eq!(engine.recv(SHORT), "readyok mid-perft");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    // Commands other than isready/stop/quit wait behind the job, in order.
    engine.send("query p1turn");
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.recv_until(SHORT, |l| l.starts_with("response"));
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopped.elapsed()
    );
    assert_eq!(
        lines.last().unwrap(),
        "response true",
        "the queued query comes after the job's end"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "info string error perft 60: stopped before the end"),
        "{lines:?}"
    );
}

#[test]
fn stop_during_go_infinite() {
    let mut engine = Engine::spawn();
    engine.send("position random knight 8");
    engine.send("go infinite");
    thread_sleep(200);
    engine.send("isready token-7");
    let mut lines = engine.recv_until(SHORT, |l| l == "readyok token-7");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "a bestmove before stop: {lines:?}"
    );
    let stopped = Instant::now();
    engine.send("stop");
    lines.extend(engine.recv_until_prefix("bestmove", SHORT));
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopped.elapsed()
    );
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{lines:?}");
    let pos = setup::parse_spec("random knight 8", None).unwrap();
    let mv = best[0].strip_prefix("bestmove ").unwrap();
    assert!(pos.parse_legal(mv).is_ok(), "{mv}");
    // A second stop, with nothing running, is ignored.
    engine.send("stop");
    assert_eq!(engine.sync("after"), Vec::<String>::new());
}

#[test]
fn dots_3x3_is_proven_under_go_infinite_and_answered_on_stop() {
    let mut engine = Engine::spawn();
    let fen = "dots 3x3 000/000/000/000 000/000/000/000 1 0 0";
    engine.send(&format!("position fen {fen}"));
    engine.send("go infinite");
    // The empty 3 x 3 board is lost by 3 boxes for the first player.
    let lines = engine.recv_until(PATIENCE, |l| l.contains(" exact "));
    let proof = lines.last().unwrap();
    assert!(proof.contains(" score cp -3 exact "), "{lines:?}");
    // Proven, but a `go infinite` still waits for `stop`.
    engine.send("isready proven");
    let waiting = engine.recv_until(SHORT, |l| l == "readyok proven");
    assert!(
        !waiting.iter().any(|l| l.starts_with("bestmove")),
        "{waiting:?}"
    );
    engine.send("stop");
    let rest = engine.recv_until_prefix("bestmove", SHORT);
    let mv = rest.last().unwrap().strip_prefix("bestmove ").unwrap();
    let pos = setup::parse_spec(&format!("fen {fen}"), None).unwrap();
    assert!(pos.parse_legal(mv).is_ok(), "{mv}");
    // The move keeps the proven value: the rest of the PV starts with it.
    let pv = proof.split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split_whitespace().next(), Some(mv), "{proof}");
}

#[test]
fn go_while_searching_is_queued_and_answered_in_turn() {
    let mut engine = Engine::spawn();
    engine.send("position random bishop 9");
    engine.send("go infinite");
    engine.send("go depth 1");
    engine.send("query p1turn");
    thread_sleep(100);
    engine.send("stop");
    let lines = engine.recv_until(SHORT, |l| l.starts_with("response"));
    let best = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(best, 2, "one bestmove per go: {lines:?}");
    assert_eq!(lines.last().unwrap(), "response true");
}

fn thread_sleep(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

#[test]
fn movetime_is_kept() {
    let mut engine = Engine::spawn();
    let margin = Duration::from_millis(250);
    for (spec, ms) in [
        ("random knight 31", 100),
        ("random bishop 32", 300),
        ("random dots 33", 200),
        ("random knight 34", 50),
    ] {
        engine.send(&format!("position {spec}"));
        engine.sync("t");
        let start = Instant::now();
        let (mv, _) = engine.go(&format!("go movetime {ms}"));
        let took = start.elapsed();
        assert!(
            took <= Duration::from_millis(ms) + margin,
            "{spec}: go movetime {ms} answered after {took:?}"
        );
        let pos = setup::parse_spec(spec, None).unwrap();
        assert!(pos.parse_legal(&mv).is_ok(), "{mv}");
    }
    // Clock mode: a few seconds on the clock gives a quick, legal reply.
    engine.send("position random knight 35");
    let start = Instant::now();
    let (mv, _) = engine.go("go p1time 3000 p2time 3000 p1inc 0 p2inc 0");
    assert!(
        start.elapsed() < Duration::from_millis(3000),
        "{:?}",
        start.elapsed()
    );
    let pos = setup::parse_spec("random knight 35", None).unwrap();
    assert!(pos.parse_legal(&mv).is_ok(), "{mv}");
}

#[test]
fn malformed_lines_each_get_one_error_and_the_engine_carries_on() {
    let mut engine = Engine::spawn();
    let bad: Vec<(Vec<u8>, &str)> = vec![
        (b"go depth 1".to_vec(), "go: no position"),
        (b"hello".to_vec(), "unknown command 'hello'"),
        (b"GO MOVETIME abc".to_vec(), "movetime must be"),
        (b"go depth -1".to_vec(), "depth must be"),
        (b"go movetime 0".to_vec(), "movetime must be"),
        (
            b"go nodes 99999999999999999999999".to_vec(),
            "nodes must be",
        ),
        (b"go p1time 100".to_vec(), "p2time"),
        (b"go ponder".to_vec(), "unknown option 'ponder'"),
        (b"position".to_vec(), "missing the position"),
        (
            b"position fen knight 1,2,3 w 0 0".to_vec(),
            "invalid knight position",
        ),
        (b"position fen chess".to_vec(), "unknown game 'chess'"),
        (b"position startpos".to_vec(), "no fixed start position"),
        (b"position random knight".to_vec(), "seed"),
        (b"position random knight 1 moves z99".to_vec(), "move 1"),
        (b"position random knight 1 moves a3 a3".to_vec(), "move 2"),
        (
            b"position problem knight-solo Q".to_vec(),
            "no knight-solo problem 'Q'",
        ),
        (b"go".to_vec(), "the last 'position' command failed"),
        (
            b"setoption name Foo value 1".to_vec(),
            "unknown option 'Foo'",
        ),
        (b"setoption name Hash value -5".to_vec(), "Hash"),
        (b"perft".to_vec(), "missing the depth"),
        (b"perft deep".to_vec(), "depth must be"),
        (b"query".to_vec(), "missing the question"),
        (b"query winner".to_vec(), "unknown question"),
        (b"isready a b".to_vec(), "unexpected 'b'"),
        (b"ugi please".to_vec(), "unexpected 'please'"),
        (b"\x00\x01\x02".to_vec(), "unknown command"),
        (b"\xff\xfe\xfd go".to_vec(), "unknown command"),
        ("ügi".as_bytes().to_vec(), "unknown command 'ügi'"),
        (vec![b'x'; 200_000], "line too long"),
        (b"position random knight 2".to_vec(), ""),
        (b"solve".to_vec(), "not a puzzle"),
        (b"show me".to_vec(), "unexpected 'me'"),
        (b"stop now".to_vec(), "unexpected 'now'"),
    ];
    let mut errors = 0;
    for (line, needle) in &bad {
        let mut bytes = line.clone();
        bytes.push(b'\n');
        engine.send_raw(&bytes);
        if needle.is_empty() {
            continue;
        }
        errors += 1;
        let reply = engine.recv(PATIENCE);
        assert!(
            reply.starts_with("info string error ") && reply.contains(needle),
            "{:?} -> {reply}\n{}",
            String::from_utf8_lossy(&line[..line.len().min(80)]),
            engine.transcript()
        );
    }
    assert!(errors > 30);
    // Blank lines and carriage returns are not errors.
    engine.send_raw(b"\n   \n\t\r\n\r\n");
    assert_eq!(engine.sync("still-alive"), Vec::<String>::new());
    // The engine still plays.
    let (mv, _) = engine.go("go depth 1");
    let pos = setup::parse_spec("random knight 2", None).unwrap();
    assert!(pos.parse_legal(&mv).is_ok(), "{mv}");
    assert!(!engine.stderr().contains("panicked"), "{}", engine.stderr());
}

#[test]
fn random_bytes_never_crash_or_wedge_the_engine() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x7ab1a);
    let words = [
        "go",
        "position",
        "setoption",
        "name",
        "value",
        "Hash",
        "Game",
        "perft",
        "query",
        "solve",
        "show",
        "isready",
        "ugi",
        "uci",
        "uginewgame",
        "stop",
        "moves",
        "fen",
        "startpos",
        "random",
        "problem",
        "knight",
        "knight-solo",
        "bishop",
        "dots",
        "dots-solo",
        "movetime",
        "depth",
        "nodes",
        "infinite",
        "p1time",
        "p2time",
        "p1inc",
        "gameover",
        "p1turn",
        "result",
        "algorithm",
        "astar",
        "bfs",
        "target",
        "a1",
        "c3",
        "h1.1",
        "v2.3",
        "pass",
        "A",
        "F",
        "1",
        "2",
        "3",
        "0",
        "-1",
        "17",
        "99999999999999999999",
        "w",
        "b",
        "-",
        ",",
        "/",
        "x",
    ];
    let mut engine = Engine::spawn();
    let mut sent = 0;
    for _ in 0..400 {
        let line: Vec<u8> = if rng.gen_bool(0.4) {
            let n = rng.gen_range(0..80);
            (0..n).map(|_| rng.gen::<u8>()).collect()
        } else {
            let n = rng.gen_range(1..8);
            let text: Vec<&str> = (0..n)
                .map(|_| words[rng.gen_range(0..words.len())])
                .collect();
            text.join(" ").into_bytes()
        };
        // `quit` ends the session: keep it out of the fuzz.
        if String::from_utf8_lossy(&line)
            .trim()
            .eq_ignore_ascii_case("quit")
        {
            continue;
        }
        let mut bytes = line;
        bytes.push(b'\n');
        engine.send_raw(&bytes);
        sent += 1;
        if sent % 50 == 0 {
            engine.send(&format!("isready fuzz{sent}"));
            let want = format!("readyok fuzz{sent}");
            engine.recv_until(PATIENCE, |l| l == want);
        }
    }
    engine.send("stop");
    engine.send("isready end");
    engine.recv_until(PATIENCE, |l| l == "readyok end");
    engine.send("quit");
    let status = engine.wait_exit(SHORT);
    assert!(status.success(), "{status:?}");
    assert!(!engine.stderr().contains("panicked"), "{}", engine.stderr());
}

#[test]
fn quit_and_end_of_input_exit_promptly() {
    // Idle, quit.
    let mut engine = Engine::spawn();
    engine.send("quit");
    assert!(engine.wait_exit(SHORT).success());

    // Idle, end of input.
    let mut engine = Engine::spawn();
    engine.close_stdin();
    assert!(engine.wait_exit(SHORT).success());

    // Quit during an endless job: the job is stopped, the process exits.
    let mut engine = Engine::spawn();
    engine.send("position random knight 4");
    engine.send("perft 80");
    engine.send("query p1turn");
    thread_sleep(100);
    let t = Instant::now();
    engine.send("quit");
    assert!(engine.wait_exit(SHORT).success());
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    let rest = engine.rest(PATIENCE);
    assert!(
        !rest.iter().any(|l| l.starts_with("response")),
        "commands waiting at quit are dropped: {rest:?}"
    );

    // End of input during `go infinite`: stopped, answered, exit.
    let mut engine = Engine::spawn();
    engine.send("position random bishop 4");
    engine.send("go infinite");
    thread_sleep(100);
    engine.close_stdin();
    assert!(engine.wait_exit(SHORT).success());
    let rest = engine.rest(PATIENCE);
    assert_eq!(
        rest.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{rest:?}"
    );

    // End of input with finite work waiting: it is all done, in order.
    let mut engine = Engine::spawn();
    engine.send("position random knight 4");
    engine.send("go depth 2");
    engine.send("perft 2");
    engine.send("query p1turn");
    engine.close_stdin();
    assert!(engine.wait_exit(PATIENCE).success());
    let rest = engine.rest(PATIENCE);
    let bm = rest.iter().position(|l| l.starts_with("bestmove"));
    let perft = rest.iter().position(|l| l.starts_with("perft 2 "));
    let resp = rest.iter().position(|l| l == "response true");
    assert!(bm.is_some() && bm < perft && perft < resp, "{rest:?}");
}

#[test]
fn solve_ends_with_exactly_one_final_line() {
    let mut engine = Engine::spawn();
    engine.send("position problem knight-solo A");
    engine.send("solve");
    let lines = engine.recv_until(PATIENCE, |l| !l.starts_with("info "));
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("solution ") || last.starts_with("nosolution "),
        "{lines:?}"
    );
    assert_eq!(engine.sync("after-solve"), Vec::<String>::new());
    engine.send("position random knight 1");
    engine.send("solve");
    assert!(engine.recv(PATIENCE).contains("not a puzzle"));
}

#[test]
fn isready_and_stop_during_a_solve() {
    let mut engine = Engine::spawn();
    // A full random board with a high target: seconds of search for any solver.
    let mut pos = setup::parse_spec("random knight-solo 5", None).unwrap();
    pos.set_target(Some(2500));
    engine.send(&format!("position fen {}", pos.fen()));
    engine.send("solve");
    thread_sleep(200);
    engine.send("isready mid-solve");
    let mut lines = engine.recv_until(SHORT, |l| l == "readyok mid-solve");
    let is_final = |l: &String| !l.starts_with("info ") && !l.starts_with("readyok");
    assert!(
        !lines.iter().any(is_final),
        "the solve ended before stop: {lines:?}"
    );
    let stopped = Instant::now();
    engine.send("stop");
    lines.extend(engine.recv_until(SHORT, |l| !l.starts_with("info ")));
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopped.elapsed()
    );
    let finals: Vec<&String> = lines.iter().filter(|l| is_final(l)).collect();
    assert_eq!(finals.len(), 1, "{lines:?}");
    assert!(
        finals[0].starts_with("solution ") || finals[0].starts_with("nosolution "),
        "{lines:?}"
    );
    assert_eq!(engine.sync("after"), Vec::<String>::new());
}

/// What a line of [`queued_lines_never_overtake_a_jobs_output`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// The job's final line.
    Final,
    /// The answer to the `query` sent after the job.
    Response,
    /// The error line of the unknown command sent after the `query`.
    Unknown,
}

#[test]
fn queued_lines_never_overtake_a_jobs_output() {
    // As `printf '…' | tabula`: every line sent at once, then the end of the
    // input. Each repetition is a job, then `query`, `isready`, an unknown
    // command: the job's final line must come before the `query`'s answer,
    // and that before the unknown command's error (`readyok` may come
    // anywhere: isready is answered at once).
    // The jobs are the shortest of their kind (a finished game, one arc
    // left, a puzzle already at its target): they end while the loop is
    // still taking the next queued line.
    type IsFinal = fn(&str) -> bool;
    let bestmove: IsFinal = |l| l.starts_with("bestmove ");
    let solved: IsFinal = |l| l.starts_with("solution ") || l.starts_with("nosolution ");
    let jobs: [(&str, &str, IsFinal); 5] = [
        ("position random dots 3", "perft 1", |l| {
            l.starts_with("perft 1 ")
        }),
        (
            "position fen dots 1x2 11/22 1/0/2 2 0 0",
            "go depth 3",
            bestmove,
        ),
        (
            "position fen dots 1x1 1/1 1/1 1 1 0",
            "go depth 3",
            bestmove,
        ),
        (
            "position problem dots-solo A moves h2.2 v2.3",
            "solve",
            solved,
        ),
        ("position problem dots-solo A", "solve", solved),
    ];
    const RUNS: usize = 50;
    const REPEATS: usize = 25;
    for (position, job, is_final) in jobs {
        for run in 0..RUNS {
            let mut input = String::new();
            for k in 0..REPEATS {
                input.push_str(&format!(
                    "{position}\n{job}\nquery p1turn\nisready r{k}\nnonsense{k}\n"
                ));
            }
            let mut engine = Engine::spawn();
            engine.send_raw(input.as_bytes());
            engine.close_stdin();
            assert!(engine.wait_exit(PATIENCE).success());
            // The engine has exited: its output ends with the pipe, however
            // long the reader thread waits for its turn on a busy machine.
            let lines = engine.rest(PATIENCE);
            let seen: Vec<Seen> = lines
                .iter()
                .filter_map(|l| {
                    if is_final(l) {
                        Some(Seen::Final)
                    } else if l.starts_with("response ") {
                        Some(Seen::Response)
                    } else if l.starts_with("info string error unknown command 'nonsense") {
                        Some(Seen::Unknown)
                    } else {
                        None
                    }
                })
                .collect();
            let want: Vec<Seen> = [Seen::Final, Seen::Response, Seen::Unknown].repeat(REPEATS);
            engine.check(
                seen == want,
                &format!("'{job}' run {run}: a queued line overtook the job's output"),
            );
            for k in 0..REPEATS {
                let ready = format!("readyok r{k}");
                engine.check(lines.contains(&ready), &format!("no '{ready}'"));
            }
        }
    }
}

#[test]
fn depth_or_node_limits_that_reach_the_end_of_a_small_dots_game_are_solved_exactly() {
    // The empty 3 x 3 board (24 arcs) is lost by 3 boxes for the first
    // player: proven in about a second by the exact solver, while a plain
    // 24-ply search runs for minutes. PATIENCE bounds the wait.
    let fen = "dots 3x3 000/000/000/000 000/000/000/000 1 0 0";
    let pos = setup::parse_spec(&format!("fen {fen}"), None).unwrap();
    for go in ["go depth 24", "go depth 100", "go nodes 8000000"] {
        // A fresh engine each time: the solver's table starts empty.
        let mut engine = Engine::spawn();
        engine.send(&format!("position fen {fen}"));
        let (mv, info) = engine.go(go);
        let proof = info
            .iter()
            .find(|l| l.contains(" exact "))
            .unwrap_or_else(|| panic!("'{go}': no exact score\n{}", engine.transcript()));
        assert!(proof.contains(" score cp -3 exact "), "{go}: {proof}");
        let pv = proof.split(" pv ").nth(1).unwrap();
        assert_eq!(pv.split_whitespace().count(), 24, "{go}: {proof}");
        assert_eq!(pv.split_whitespace().next(), Some(mv.as_str()), "{go}");
        assert!(pos.parse_legal(&mv).is_ok(), "{mv}");
    }
    // A depth short of the end is searched as asked: depth by depth, unproven.
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {fen}"));
    let (_, info) = engine.go("go depth 3");
    let depths: Vec<&String> = info
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(depths.len(), 3, "{info:?}");
    assert!(!depths.iter().any(|l| l.contains(" exact ")), "{info:?}");
}

#[test]
fn help_lists_every_command_and_a_pipe_gets_no_banner() {
    use tabula::protocol::command::{Command, CommandError, VERBS};
    let mut engine = Engine::spawn();
    engine.send("help");
    let lines = engine.sync("after-help");
    assert_eq!(lines.len(), VERBS.len(), "one line per command: {lines:?}");
    engine.send("frobnicate");
    let unknown = engine.recv(PATIENCE);
    // VERBS is the parser's own list: each word parses as a command, has its
    // line in `help` and is named by the unknown-command error.
    for verb in VERBS {
        let parsed = Command::parse(verb.name);
        assert!(
            !matches!(parsed, Err(CommandError::Unknown(_))),
            "{}",
            verb.name
        );
        assert!(
            lines
                .iter()
                .any(|l| l.split_whitespace().next() == Some(verb.name)),
            "no help line for '{}': {lines:?}",
            verb.name
        );
        assert!(unknown.contains(&format!(" {}", verb.name)), "{unknown}");
    }
    engine.send("quit");
    assert!(engine.wait_exit(SHORT).success());
    assert_eq!(engine.stderr(), "", "a program on a pipe gets no banner");
}

#[test]
fn a_person_at_a_terminal_gets_a_banner_on_stderr() {
    needs!(tools::SCRIPT);
    let banner = tabula::protocol::banner();
    assert!(banner.starts_with("Tabula ") && banner.contains("type help"));
    // `script` (util-linux) runs the engine in a pseudo-terminal; its stdout
    // goes to /dev/null, so what the terminal shows came from stderr. The
    // banner is awaited before `quit` is typed: nothing depends on timing.
    let shell_command = format!("'{}' >/dev/null", env!("CARGO_BIN_EXE_tabula"));
    let mut command = std::process::Command::new("script");
    command.args(["-qec", &shell_command, "/dev/null"]);
    let mut engine = Engine::spawn_command(command);
    let screen = engine.recv_until(PATIENCE, |l| l.trim_end() == banner);
    assert_eq!(screen.last().map(|l| l.trim_end()), Some(banner.as_str()));
    engine.send("quit");
    assert!(
        engine.wait_exit(PATIENCE).success(),
        "{}",
        engine.transcript()
    );
}

#[test]
fn quatro_through_the_protocol() {
    let mut engine = Engine::spawn();
    engine.send("ugi");
    let lines = engine.recv_until(PATIENCE, |l| l == "ugiok");
    let game = lines
        .iter()
        .find(|l| l.starts_with("option name Game type combo"))
        .expect("a Game option");
    for id in ["quatro", "quatro-solo"] {
        assert!(game.contains(&format!(" var {id}")), "{game}");
    }
    // position startpos + go movetime 200: a legal bestmove.
    engine.send("setoption name Game value quatro");
    engine.send("uginewgame");
    engine.send("position startpos");
    let (mv, _) = engine.go("go movetime 200");
    let start = setup::parse_spec("startpos", Some("quatro".parse().unwrap())).unwrap();
    assert_eq!(
        start.fen(),
        "quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1",
        "startpos is the empty board"
    );
    start
        .parse_legal(&mv)
        .unwrap_or_else(|e| panic!("bestmove {mv}: {e}"));
    // A threat for the side to move: the engine takes the win.
    engine.send("position fen quatro brao,prao,brbo,-/bqbc,pqbc,-,-/-,-,-,-/-,-,-,- 2");
    let (mv, _) = engine.go("go depth 3");
    let mut pos =
        AnyPosition::from_fen("quatro brao,prao,brbo,-/bqbc,pqbc,-,-/-,-,-,-/-,-,-,- 2").unwrap();
    pos.play_text(&mv).unwrap();
    assert_eq!(
        pos.outcome().map(|o| o.to_string()).as_deref(),
        Some("p2win")
    );
    // A whole game, engine against itself, each reply checked.
    engine.send("uginewgame");
    let n = play_whole_game(&mut engine, "random quatro 7", None, "go depth 2");
    assert!(n >= 1);
    // show draws the 4 x 4 board and the reserve.
    engine.send("position startpos moves BRAO@c3 pqbc@A1");
    engine.send("show");
    let lines = engine.recv_until_prefix("fen ", PATIENCE);
    let text = lines.join("\n");
    assert!(text.contains(" 1  pqbc .... .... ...."), "{text}");
    assert!(text.contains(" 3  .... .... brao ...."), "{text}");
    assert!(text.contains("reserve (14): prao brbo"), "{text}");
    assert_eq!(
        lines.last().unwrap(),
        "fen quatro pqbc,-,-,-/-,-,-,-/-,-,brao,-/-,-,-,- 1"
    );
    // The puzzle: solve a course problem through the protocol.
    engine.send("position problem quatro-solo B");
    engine.send("solve algorithm astar");
    let lines = engine.recv_until(PATIENCE, |l| !l.starts_with("info "));
    let last = lines.last().unwrap();
    assert!(last.starts_with("solution score 1 depth 2 "), "{last}");
    let stray = engine.sync("end");
    engine.check(stray.is_empty(), "no stray output");
}
