//! `arbiter play` as a person uses it: whole games typed into a real
//! terminal (a `tmux` pane) against the built-in players, reading the legal
//! moves off the screen; and a run without a terminal (pipes) that must
//! print no colour codes and end cleanly at end of input. Every game's
//! record is replayed through the `tabula` rules.
//!
//! The terminal tests need `tmux`: without it they are skipped with a line
//! saying so, except under `TABULA_REQUIRE_TOOLS=1` (`.ci/run`), where they
//! fail.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tabula::games::AnyPosition;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{replay, results, Tmp, ARBITER};
const PROMPT: &str = "Your move (or help)>";

/// A tmux server of our own (unique socket) holding one 120 × 50 pane;
/// killed on drop, whatever happened.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, dir: &Path, command: &str) -> Tmux {
        let socket = format!("arbiter-play-{}-{name}", std::process::id());
        let tmux = Tmux { socket };
        // The command is followed by a marker and a sleep so that the final
        // screen stays readable after the arbiter exits.
        let shell = format!("{command}; echo \"[exit $?]\"; sleep 600");
        let status = Command::new("tmux")
            .args(["-L", &tmux.socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "120", "-y", "50", "-s", "play", "-c"])
            .arg(dir)
            .arg(shell)
            .env_remove("NO_COLOR")
            .env("TERM", "xterm-256color")
            .status()
            .expect("tmux starts (a test that uses it begins with `needs!(tools::TMUX)`)");
        assert!(status.success(), "tmux new-session failed");
        let _ = Command::new("tmux")
            .args([
                "-L",
                &tmux.socket,
                "set-option",
                "-g",
                "history-limit",
                "50000",
            ])
            .status();
        tmux
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types a line and Enter.
    fn type_line(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "play", "-l", text]);
        self.tmux(&["send-keys", "-t", "play", "Enter"]);
    }

    /// Ctrl-D.
    fn ctrl_d(&self) {
        self.tmux(&["send-keys", "-t", "play", "C-d"]);
    }

    /// The whole pane, history included (plain text).
    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-J", "-S", "-", "-t", "play"])
    }

    /// The same with the colour escapes.
    fn screen_escapes(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-e", "-J", "-S", "-", "-t", "play"])
    }

    /// Waits until the screen satisfies `done`; panics with the screen after 20 s.
    fn wait(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if done(&s) {
                return s;
            }
            if t0.elapsed() > Duration::from_secs(20) {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Waits for prompt number `n` (1-based) or the end of the game.
    fn wait_prompt(&self, n: usize) -> String {
        self.wait(&format!("prompt {n}"), |s| {
            s.contains("[exit ")
                || (s.matches(PROMPT).count() >= n && s.trim_end().ends_with(PROMPT))
        })
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .stderr(Stdio::null())
            .status();
    }
}

/// The legal moves of the last list on the screen.
fn legal_on_screen(screen: &str) -> Vec<String> {
    let at = screen.rfind("Legal moves (").expect("a legal-move list");
    let mut moves = Vec::new();
    let mut lines = screen[at..].lines();
    let first = lines.next().unwrap();
    moves.extend(
        first
            .split(':')
            .nth(1)
            .unwrap_or("")
            .split_whitespace()
            .map(String::from),
    );
    for l in lines {
        if !l.starts_with("  ") {
            break;
        }
        moves.extend(l.split_whitespace().map(String::from));
    }
    moves
}

/// The last `Ply N` of the screen.
fn last_ply(screen: &str) -> usize {
    let at = screen.rfind("Ply ").expect("a status line");
    screen[at + 4..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// What the program printed between the last two prompts.
fn last_reply(screen: &str) -> &str {
    let t = screen.trim_end();
    let body = t.strip_suffix(PROMPT).unwrap_or(t);
    &body[body.rfind(PROMPT).unwrap_or(0)..]
}

/// The screen after the last prompt (the final board and verdict).
fn after_last_prompt(screen: &str) -> &str {
    screen.rfind(PROMPT).map_or(screen, |at| &screen[at..])
}

#[test]
fn a_whole_knight_game_typed_in_a_terminal() {
    needs!(tools::TMUX);
    let tmp = Tmp::new("knight");
    let tmux = Tmux::start(
        "knight",
        &tmp.0,
        &format!("{ARBITER} play --game knight --engine builtin:greedy --seed 7 --movetime 50"),
    );
    let s = tmux.wait_prompt(1);
    assert!(
        s.contains("Score: p1 (you)") && s.contains("p2 (builtin:greedy)"),
        "{s}"
    );
    assert!(
        s.contains("arbiter-play.jsonl"),
        "the default file is named: {s}"
    );
    let colours = tmux.screen_escapes();
    assert!(colours.contains("\x1b["), "a terminal gets colours");
    let first = legal_on_screen(&s);
    assert!(!first.is_empty());
    // Each legal move is marked on the board.
    for m in &first {
        assert!(s.contains(m.as_str()), "{m}");
    }

    let mut prompts = 1;
    tmux.type_line("help");
    prompts += 1;
    let s = tmux.wait_prompt(prompts);
    assert!(
        s.contains("Commands:") && s.contains("row then column"),
        "{s}"
    );

    for bad in ["xyz", "k11", "0 3", "1 1"] {
        tmux.type_line(bad);
        prompts += 1;
        let s = tmux.wait_prompt(prompts);
        let tail = last_reply(&s);
        assert!(
            tail.contains("not a move")
                || tail.contains("illegal move")
                || tail.contains("no square"),
            "{bad}: {tail}"
        );
    }

    tmux.type_line("undo");
    prompts += 1;
    let s = tmux.wait_prompt(prompts);
    assert!(last_reply(&s).contains("Nothing to take back"), "{s}");

    tmux.type_line("hint");
    prompts += 1;
    let s = tmux.wait_prompt(prompts);
    assert!(s.contains("Hint: builtin:tabula suggests"), "{s}");

    // Play: the first legal move on the screen, typed in turn as a name in
    // capitals, as `row column` numbers, and as it is shown.
    let mut turn = 0;
    let mut undone = false;
    let s = loop {
        let s = tmux.screen();
        if s.contains("[exit ") {
            break s;
        }
        let legal = legal_on_screen(&s);
        let mv = legal[turn % legal.len().min(2)].clone();
        let typed = match turn % 3 {
            0 => mv.to_uppercase(),
            1 => {
                let (col, row) = mv.split_at(1);
                format!("{row} {}", col.as_bytes()[0] - b'a' + 1)
            }
            _ => mv.clone(),
        };
        let ply = last_ply(&s);
        tmux.type_line(&typed);
        prompts += 1;
        let s = tmux.wait_prompt(prompts);
        if s.contains("[exit ") {
            break s;
        }
        assert!(s.contains(&format!("You play {mv}")), "typed {typed}: {s}");
        assert!(
            s.contains("Engine: depth 1, score"),
            "the engine's summary: {s}"
        );
        if !undone && turn == 2 {
            let before = last_ply(&s);
            assert!(before >= ply + 2);
            tmux.type_line("undo");
            prompts += 1;
            let s = tmux.wait_prompt(prompts);
            assert!(s.contains("Taking back"), "{s}");
            assert_eq!(last_ply(&s), ply, "undo goes back to before my move");
            undone = true;
        }
        turn += 1;
        assert!(turn < 200, "the game does not end");
    };
    assert!(undone, "the game was long enough to try undo");
    eprintln!("{s}");
    let end = after_last_prompt(&s);
    assert!(end.contains("Game over:"), "{end}");
    assert!(end.contains("[exit 0]"), "{end}");
    let r = results(&tmp.0.join("arbiter-play.jsonl"));
    assert_eq!(r.len(), 1);
    let r = &r[0];
    assert_eq!(
        (r["p1"].as_str(), r["p2"].as_str()),
        (Some("human"), Some("builtin:greedy"))
    );
    assert_eq!(r["reason"], "normal");
    let pos = replay(r);
    assert!(pos.is_over());
    let verdict = match r["winner"].as_str().unwrap() {
        "p1" => "you win",
        "p2" => "builtin:greedy wins",
        _ => "a draw",
    };
    assert!(end.contains(verdict), "{verdict}: {end}");
    let [a, b] = pos.scores();
    assert!(end.contains(&format!("{a} - {b}")), "{end}");
    let text = std::fs::read_to_string(tmp.0.join("arbiter-play.txt")).unwrap();
    assert!(
        text.contains("[P1 \"human\"]") && text.contains("[Reason \"normal\"]"),
        "{text}"
    );
}

#[test]
fn a_whole_dots_game_typed_in_a_terminal() {
    needs!(tools::TMUX);
    let tmp = Tmp::new("dots");
    let tmux = Tmux::start(
        "dots",
        &tmp.0,
        &format!(
            "{ARBITER} play --game dots --dots-size 2x2 --engine builtin:random --seed 3 \
             --as p2 --results game.jsonl --records game.txt"
        ),
    );
    let s = tmux.wait_prompt(1);
    assert!(
        s.contains("builtin:random plays"),
        "the engine moved first: {s}"
    );
    assert!(s.contains("p2 to move (you)"), "{s}");
    let mut prompts = 1;
    tmux.type_line("v 9 9");
    prompts += 1;
    let s = tmux.wait_prompt(prompts);
    assert!(last_reply(&s).contains("v9.9"), "{s}");
    let mut turn = 0;
    let s = loop {
        let s = tmux.screen();
        if s.contains("[exit ") {
            break s;
        }
        let legal = legal_on_screen(&s);
        let mv = legal.last().unwrap().clone();
        let (kind, rc) = mv.split_at(1);
        let (r, c) = rc.split_once('.').unwrap();
        let typed = match turn % 3 {
            0 => format!("{} {r} {c}", kind.to_uppercase()),
            1 if kind == "v" => format!("(arco-vertical {c} {r})"),
            1 => format!("(arco-horizontal {r} {c})"),
            _ => mv.to_uppercase(),
        };
        tmux.type_line(&typed);
        prompts += 1;
        let s = tmux.wait_prompt(prompts);
        assert!(s.contains(&format!("You play {mv}")), "typed {typed}: {s}");
        turn += 1;
        assert!(turn < 20, "a 2x2 game has 12 arcs");
    };
    let end = after_last_prompt(&s);
    assert!(
        end.contains("Game over:") && end.contains("[exit 0]"),
        "{end}"
    );
    // The four closed boxes show their owners.
    let owners: usize = end
        .lines()
        .filter(|l| l.starts_with("     |") || l.starts_with("     #"))
        .map(|l| l.matches("  1  ").count() + l.matches("  2  ").count())
        .sum();
    assert_eq!(owners, 4, "{end}");
    assert!(tmux.screen_escapes().contains("\x1b["));
    let r = results(&tmp.0.join("game.jsonl"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["p2"], "human");
    assert_eq!(r[0]["reason"], "normal");
    let pos = replay(&r[0]);
    assert!(pos.is_over());
    let [a, b] = pos.scores();
    assert_eq!(a + b, 4);
    assert!(end.contains(&format!("{a} - {b}")), "{end}");
    assert!(tmp.0.join("game.txt").exists());
}

#[test]
fn no_colours_with_no_color_and_ctrl_d_leaves_saved() {
    needs!(tools::TMUX);
    let tmp = Tmp::new("nocolor");
    let tmux = Tmux::start(
        "nocolor",
        &tmp.0,
        &format!(
            "{ARBITER} play --game bishop --seed 5 --engine builtin:random --no-color \
             --results a.jsonl; NO_COLOR=1 {ARBITER} play --game bishop --seed 5 \
             --engine builtin:random --results b.jsonl"
        ),
    );
    tmux.wait_prompt(1);
    tmux.type_line("quit");
    tmux.wait("the second game", |s| {
        s.matches(PROMPT).count() >= 2 && s.trim_end().ends_with(PROMPT)
    });
    tmux.ctrl_d();
    let s = tmux.wait("the end", |s| {
        s.matches("[exit 0]").count() == 1 && s.contains("Saved: b.jsonl")
    });
    assert!(s.contains("end of input"), "{s}");
    let esc = tmux.screen_escapes();
    assert!(!esc.contains("\x1b["), "no colours: {esc}");
    let a = results(&tmp.0.join("a.jsonl"));
    let b = results(&tmp.0.join("b.jsonl"));
    for (r, why) in [(&a[0], "quit"), (&b[0], "end of input")] {
        assert_eq!(r["reason"], "resign");
        assert_eq!(r["winner"], "p2");
        assert_eq!(r["detail"], format!("p1 left the game ({why})"));
        assert_eq!(r["moves"].as_array().unwrap().len(), 0);
    }
}

#[test]
fn without_a_terminal_no_escapes_and_end_of_input_saves_the_game() {
    let tmp = Tmp::new("pipe");
    let start = tabula::setup::parse_spec("random knight 11", None).unwrap();
    let first = start.legal_moves()[0].to_string();
    let out = play_piped(
        &tmp.0,
        &[
            "--game",
            "knight",
            "--seed",
            "11",
            "--engine",
            "builtin:greedy",
            "--movetime",
            "50",
        ],
        &format!("help\nnonsense\n{first}\nmoves\n"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains('\x1b'), "no escapes without a terminal");
    assert!(stdout.contains("'nonsense' is not a move"), "{stdout}");
    assert!(stdout.contains(&format!("You play {first}")), "{stdout}");
    assert!(stdout.contains("end of input"), "{stdout}");
    assert!(stdout.contains("Saved: arbiter-play.jsonl"), "{stdout}");
    let r = results(&tmp.0.join("arbiter-play.jsonl"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["reason"], "resign");
    assert_eq!(r[0]["winner"], "p2");
    assert_eq!(r[0]["moves"][0], first.as_str());
    assert_eq!(
        r[0]["moves"].as_array().unwrap().len(),
        2,
        "my move and the reply"
    );
    replay(&r[0]);
    assert!(tmp.0.join("arbiter-play.txt").exists());
}

#[test]
fn adjiboto_boards_show_the_last_sowing_and_take_the_course_letters() {
    // Player 1 types the course's letter `f` (= t1, rules §1.3); the board
    // shown after the engine's reply marks that sowing: the pit emptied, the
    // pits sown, the last seed.
    let tmp = Tmp::new("adji");
    let out = play_piped(
        &tmp.0,
        &[
            "--game",
            "adjiboto",
            "--fen",
            "adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0",
            "--engine",
            "builtin:greedy",
            "--movetime",
            "50",
        ],
        "f\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("You play t1"), "{stdout}");
    let r = results(&tmp.0.join("arbiter-play.jsonl"));
    let reply = r[0]["moves"][1].as_str().unwrap().to_string();
    assert!(
        stdout.contains(&format!("last move {reply}: ( ) the pit emptied")),
        "the reply marked: {stdout}"
    );
    assert!(stdout.contains(" ( 0) "), "the emptied pit: {stdout}");
    assert!(stdout.contains(">*"), "the last seed: {stdout}");
    // After t1 every pit of the bottom row holds 9 seeds: the reply sowed
    // 9 other pits.
    let board = &stdout[stdout.find("builtin:greedy plays").unwrap()..];
    let rows = board.lines().filter(|l| l.contains("captured by player"));
    let sown = rows.take(2).map(|l| l.matches('<').count()).sum::<usize>();
    assert_eq!(sown, 9, "{board}");
    replay(&r[0]);
}

#[test]
fn an_external_engine_its_thinking_summary_and_undo() {
    let tmp = Tmp::new("external");
    let mock = env!("CARGO_BIN_EXE_mock-engine");
    let start = tabula::setup::parse_spec("random dots 4 2x3", None).unwrap();
    let legal: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    // Two moves that close nothing on this board: each gives the turn away.
    let (a, b) = (&legal[0], &legal[legal.len() - 1]);
    let out = play_piped(
        &tmp.0,
        &[
            "--game",
            "dots",
            "--dots-size",
            "2x3",
            "--seed",
            "4",
            "--engine",
            mock,
            "--movetime",
            "500",
            "--results",
            "x.jsonl",
        ],
        &format!("{a}\nundo\n{b}\nresign\n"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // The mock engine's last info line: depth 1, score cp 0, nodes 1.
    assert!(
        stdout.contains("Engine: depth 1, score +0 for it, nodes 1"),
        "{stdout}"
    );
    assert!(stdout.contains("Taking back 2 plies"), "{stdout}");
    let r = results(&tmp.0.join("x.jsonl"));
    assert_eq!(r[0]["reason"], "resign");
    assert_eq!(r[0]["detail"], "p1 resigned");
    let moves = r[0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], b.as_str(), "the move taken back is gone");
    replay(&r[0]);
}

/// Runs `arbiter play ARGS` in `dir` with `input` on a pipe (then end of
/// input); its output once it has ended (panics after 60 s).
fn play_piped(dir: &Path, args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(ARBITER)
        .arg("play")
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap(); // dropped here: end of input
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("arbiter play {} did not end", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The lines of the last legal-move list on the screen.
fn legal_lines(screen: &str) -> Vec<&str> {
    let at = screen.rfind("Legal moves (").expect("a legal-move list");
    let mut lines = screen[at..].lines();
    let mut out = vec![lines.next().unwrap()];
    out.extend(lines.take_while(|l| l.starts_with("  ")));
    out
}

#[test]
fn a_line_typed_while_the_engine_thinks_is_discarded() {
    needs!(tools::TMUX);
    let tmp = Tmp::new("typeahead");
    let mock = env!("CARGO_BIN_EXE_mock-engine");
    // The engine takes 5 s per move: time to type a line while it thinks,
    // even on a loaded machine (the line must arrive before its move).
    let tmux = Tmux::start(
        "typeahead",
        &tmp.0,
        &format!(
            "{ARBITER} play --game knight --seed 7 --engine '{mock} --think 5000' \
             --movetime 10000 --results t.jsonl"
        ),
    );
    let s = tmux.wait_prompt(1);
    let legal = legal_on_screen(&s);
    let (first, early) = (&legal[0], &legal[legal.len() - 1]);
    tmux.type_line(first);
    tmux.wait("the engine thinking", |s| {
        s.trim_end().ends_with("is thinking...")
    });
    tmux.type_line(early);
    let s = tmux.wait_prompt(2);
    // Everything since the first prompt.
    let reply = &s[s.find(PROMPT).unwrap()..];
    // The line was typed (echoed) while the engine thought, before its move.
    let thinking = reply.find("is thinking...").expect("the engine thinking");
    let echoed = reply[thinking..]
        .find(&format!("\n{early}\n"))
        .map(|k| thinking + k)
        .unwrap_or_else(|| panic!("'{early}' echoed while the engine thinks: {reply}"));
    let plays = reply.find(" plays ").expect("the engine's move");
    assert!(echoed < plays, "typed before the engine's move: {reply}");
    assert!(
        reply.contains(&format!("Discarded '{early}'")),
        "the line is discarded and the person told: {reply}"
    );
    // The game goes on from the board now shown.
    let now = legal_on_screen(&s);
    let second = &now[0];
    tmux.type_line(second);
    let s = tmux.wait_prompt(3);
    assert!(
        last_reply(&s).contains(&format!("You play {second}")),
        "{s}"
    );
    assert!(!last_reply(&s).contains("Discarded"), "{s}");
    tmux.type_line("quit");
    tmux.wait("the end", |s| s.contains("[exit 0]"));
    let r = results(&tmp.0.join("t.jsonl"));
    let moves: Vec<&str> = r[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert_eq!((moves[0], moves[2]), (first.as_str(), second.as_str()));
    replay(&r[0]);
}

#[test]
fn a_run_of_forced_passes_shows_the_board_once() {
    let tmp = Tmp::new("passes");
    // Knight seed 7 with every square the white knight could reach removed:
    // the person (p1) passes until the engine cannot move either.
    let fen = tabula::setup::parse_spec("random knight 7", None)
        .unwrap()
        .fen();
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let mut grid: Vec<Vec<String>> = fields[1]
        .split('/')
        .map(|r| r.split(',').map(String::from).collect())
        .collect();
    let w = (0..100).find(|k| grid[k / 10][k % 10] == "W").unwrap();
    let (wr, wc) = ((w / 10) as i32, (w % 10) as i32);
    for (dr, dc) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        let (r, c) = (wr + dr, wc + dc);
        if (0..10).contains(&r) && (0..10).contains(&c) && grid[r as usize][c as usize] != "B" {
            grid[r as usize][c as usize] = "-".into();
        }
    }
    fields[1] = grid
        .iter()
        .map(|r| r.join(","))
        .collect::<Vec<_>>()
        .join("/");
    let fen = fields.join(" ");
    let start = AnyPosition::from_fen(&fen).unwrap();
    assert_eq!(start.legal_moves().len(), 1);
    let out = play_piped(
        &tmp.0,
        &[
            "--fen",
            &fen,
            "--engine",
            "builtin:greedy",
            "--movetime",
            "20",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let r = &results(&tmp.0.join("arbiter-play.jsonl"))[0];
    let moves = r["moves"].as_array().unwrap();
    let passes = moves.iter().step_by(2).filter(|m| *m == "pass").count();
    assert!(passes >= 3, "a run of passes: {moves:?}");
    assert_eq!(passes, moves.len().div_ceil(2), "p1 only passes");
    assert_eq!(r["reason"], "normal");
    replay(r);
    assert_eq!(stdout.matches("Ply ").count(), 1, "one board: {stdout}");
    assert_eq!(
        stdout.matches("You have no legal move").count(),
        1,
        "{stdout}"
    );
    assert!(!stdout.contains("You play pass"), "{stdout}");
    assert!(stdout.contains("Game over:"), "{stdout}");
}

#[test]
fn as_p2_the_board_comes_first_and_the_printed_command_plays_the_same_game() {
    let tmp = Tmp::new("asp2");
    let args = [
        "--game",
        "dots",
        "--dots-size",
        "2x2",
        "--seed",
        "3",
        "--as",
        "p2",
        "--engine",
        "builtin:random",
    ];
    let out = play_piped(&tmp.0, &args, "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let board = stdout.find("Ply 0").expect("the start board");
    let moved = stdout.find(" plays ").expect("the engine's first move");
    assert!(
        board < moved,
        "the board before the engine's move: {stdout}"
    );
    let again = stdout
        .lines()
        .find_map(|l| {
            l.split_once("The same board again: arbiter play ")
                .map(|x| x.1)
        })
        .expect("the command that gives the same board");
    assert!(again.contains("--as p2"), "{again}");
    let mut rerun: Vec<&str> = again.split_whitespace().collect();
    rerun.extend(["--results", "again.jsonl", "--records", "again.txt"]);
    let out = play_piped(&tmp.0, &rerun, "");
    assert_eq!(out.status.code(), Some(0));
    let first = &results(&tmp.0.join("arbiter-play.jsonl"))[0];
    let second = &results(&tmp.0.join("again.jsonl"))[0];
    assert_eq!(first["start"], second["start"]);
    assert_eq!(
        (&first["p2"], &second["p2"]),
        (&"human".into(), &"human".into())
    );
}

#[test]
fn the_legal_moves_wrap_between_moves_at_the_terminal_width() {
    needs!(tools::TMUX);
    let tmp = Tmp::new("wrap");
    let tmux = Tmux::start(
        "wrap",
        &tmp.0,
        &format!("{ARBITER} play --game dots --seed 9 --engine builtin:random"),
    );
    let expected: Vec<String> = tabula::setup::parse_spec("random dots 9", None)
        .unwrap()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    // A 120-column pane: the list fills it.
    let s = tmux.wait_prompt(1);
    let wide: Vec<usize> = legal_lines(&s)
        .iter()
        .map(|l| l.trim_end().chars().count())
        .collect();
    assert!(wide.iter().all(|&w| w <= 120), "{wide:?}\n{s}");
    assert!(
        wide.iter().any(|&w| w > 80),
        "the real width is used: {wide:?}"
    );
    assert_eq!(legal_on_screen(&s), expected);
    // The person narrows the terminal to 80 columns and asks again.
    tmux.tmux(&["resize-window", "-t", "play", "-x", "80"]);
    tmux.type_line("moves");
    let s = tmux.wait_prompt(2);
    // A line longer than the pane was wrapped by the terminal (capture -J
    // joins it back): every line must fit.
    let narrow: Vec<usize> = legal_lines(&s)
        .iter()
        .map(|l| l.trim_end().chars().count())
        .collect();
    assert!(narrow.iter().all(|&w| w <= 80), "{narrow:?}\n{s}");
    assert_eq!(legal_on_screen(&s), expected, "no move is split");
    tmux.type_line("quit");
    tmux.wait("the end", |s| s.contains("[exit 0]"));
}

#[test]
fn a_finished_dots_game_says_why_and_its_record_shows_who_drew_what() {
    let tmp = Tmp::new("dotsend");
    // One arc left: v1.2 closes both boxes for p1 (the person). The other
    // arcs were drawn by p1 (h1.1, h2.2, v1.1) and p2 (h1.2, h2.1, v1.3).
    let out = play_piped(
        &tmp.0,
        &[
            "--fen",
            "dots 1x2 12/21 1/0/2 1 0 0",
            "--engine",
            "builtin:random",
        ],
        "v1.2\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let end = &stdout[stdout.find("Game over").expect("the end")..];
    assert!(
        end.contains("every arc is drawn") && end.contains("you win by 2 boxes to 0"),
        "{end}"
    );
    assert!(!stdout.contains("neither side can move"), "{stdout}");
    let record = std::fs::read_to_string(tmp.0.join("arbiter-play.txt")).unwrap();
    // The final board: each arc in its drawer's glyph, each box its owner's number.
    let last = &record[record.rfind("[Start").unwrap()..];
    let final_board = &last[last.rfind("v1.2").unwrap()..];
    for line in ["+-----+=====+", "|  1  |  1  #", "+=====+-----+"] {
        assert!(final_board.contains(line), "{line}:\n{record}");
    }
    // The start board: the same arcs, no box closed yet.
    assert!(last.contains("|           #"), "{record}");
}

#[test]
fn match_records_draw_who_drew_each_arc_and_owns_each_box() {
    let tmp = Tmp::new("records");
    let out = Command::new(ARBITER)
        .args([
            "match",
            "builtin:random",
            "builtin:greedy",
            "--game",
            "dots",
        ])
        .args(["--dots-size", "2x2", "--games", "1", "--quiet"])
        .args(["--results", "r.jsonl", "--records", "r.txt"])
        .current_dir(&tmp.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let r = &results(&tmp.0.join("r.jsonl"))[0];
    let start: Vec<String> = r["start"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    let end = replay(r).fen();
    let arcs: Vec<&str> = end.split_whitespace().skip(2).take(2).collect();
    let drawn_by = |c: char| arcs.iter().map(|g| g.matches(c).count()).sum::<usize>();
    let closed_by = |i: usize| {
        r[format!("score{}", i + 1)].as_u64().unwrap() as usize
            - start[5 + i].parse::<usize>().unwrap()
    };
    let text = std::fs::read_to_string(tmp.0.join("r.txt")).unwrap();
    let header = "     1     2     3";
    let board: Vec<&str> = text[text.rfind(header).unwrap()..]
        .lines()
        .skip(1)
        .take(5)
        .collect();
    // Dot rows (0, 2, 4) hold the horizontal arcs; the rows between them
    // the vertical arcs and the boxes.
    let count = |odd: usize, pat: &str| {
        board
            .iter()
            .skip(odd)
            .step_by(2)
            .map(|l| l.matches(pat).count())
            .sum::<usize>()
    };
    assert_eq!(count(0, "-----") + count(1, "|"), drawn_by('1'), "{text}");
    assert_eq!(count(0, "=====") + count(1, "#"), drawn_by('2'), "{text}");
    assert_eq!(count(1, "  1  "), closed_by(0), "{text}");
    assert_eq!(count(1, "  2  "), closed_by(1), "{text}");
    assert!(closed_by(0) + closed_by(1) > 0);
}

#[test]
fn a_closed_stdout_does_not_stop_the_game() {
    let tmp = Tmp::new("closedout");
    // A pipe whose reader is gone: every write to stdout fails (EPIPE).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(ARBITER)
        .args(["play", "--game", "knight", "--seed", "5"])
        .args(["--engine", "builtin:greedy", "--movetime", "20"])
        .current_dir(&tmp.0)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let r = results(&tmp.0.join("arbiter-play.jsonl"));
    assert_eq!(r[0]["detail"], "p1 left the game (end of input)");
}

/// The skipping itself, run on any machine: with a PATH that hides tmux a
/// terminal test passes with one line naming it, tmux and its package; under
/// `TABULA_REQUIRE_TOOLS=1` it fails.
#[test]
fn terminal_tests_skip_visibly_without_tmux_unless_required() {
    tools::assert_skips_visibly("a_whole_knight_game_typed_in_a_terminal", &tools::TMUX);
}
