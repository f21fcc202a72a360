//! The student-kit adapters driven as real processes over the protocol:
//! the Lisp adapter (`adapters/lisp/tabula.lisp`, run by SBCL) and the Python
//! example engine (`adapters/python/example_engine.py`).
//!
//! Every read has a timeout, so a broken adapter fails the test instead of
//! hanging it. The rules library is the oracle: every `bestmove` must be
//! legal in it, and the adapters' own boards (printed by their debug `show`
//! command) must equal the library's position strings and Lisp boards along
//! many random playouts.
//!
//! These tests need `sbcl` and `python3` on the PATH; without one, its tests
//! are skipped with a line saying so (`tests/util/tools.rs`), except under
//! `TABULA_REQUIRE_TOOLS=1` (`.ci/run`), where they fail.

use rand::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};
use tabula::game::{Game, LispInterchange};
use tabula::games::numbered::{BishopPiece, Jump, KnightPiece, Piece};
use tabula::games::{AnyPosition, GameId, Place, Quatro};
use tabula::lisp;
use tabula::setup::parse_spec;
use tabula::with_game;

mod util;
#[path = "util/tools.rs"]
#[macro_use]
mod tools;

use util::{Engine, PATIENCE};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Lisp adapter on the given student files (none: the example), run
/// by SBCL from the repository's root.
fn lisp(files: &[&str]) -> Engine {
    let mut command = Command::new("sbcl");
    command
        .args(["--script", "adapters/lisp/run.lisp"])
        .args(files)
        .current_dir(root());
    Engine::spawn_command(command)
}

/// The Python example engine.
fn python() -> Engine {
    let mut command = Command::new("python3");
    command
        .arg("adapters/python/example_engine.py")
        .current_dir(root());
    Engine::spawn_command(command)
}

/// A random index below `n`.
fn pick(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The course's Lisp board of a two-player position, as the library writes it
/// ([`LispInterchange::to_lisp`]).
fn lisp_board(pos: &AnyPosition) -> String {
    assert!(
        !pos.game().is_puzzle(),
        "not a two-player game: {}",
        pos.game()
    );
    with_game!(pos, p => p.to_lisp())
}

/// The position string of a Lisp board read as the library reads it
/// ([`LispInterchange::from_lisp`]), for the game of `like`.
fn reread_lisp(like: &AnyPosition, board: &lisp::Sexp) -> String {
    fn read<G: LispInterchange>(_: &G, board: &lisp::Sexp) -> String {
        G::from_lisp(board).unwrap().to_string()
    }
    with_game!(like, p => read(p, board))
}

/// Lisp text read with the library's reader (spacing does not matter).
fn read_lisp(text: &str) -> lisp::Sexp {
    lisp::read_one(text).unwrap_or_else(|e| panic!("not one Lisp expression: {e}: {text}"))
}

/// The value after `info string <key> ` among `lines`.
fn info<'a>(lines: &'a [String], key: &str) -> &'a str {
    let prefix = format!("info string {key} ");
    lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no 'info string {key}' line in {lines:?}"))
}

/// `position fen <start> [moves …]`.
fn position_command(start: &AnyPosition, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {}", start.fen())
    } else {
        format!("position fen {} moves {}", start.fen(), moves.join(" "))
    }
}

/// A board whose numbers repeat (every number shown twice or more), to test
/// that removals take every copy, and the automatic placement.
fn duplicated_board<P: Piece>(seed: u64) -> AnyPosition
where
    AnyPosition: From<Jump<P, false>>,
{
    let cells: Vec<Option<u8>> = tabula::games::numbered::random::numbers::<P>(seed)
        .into_iter()
        .map(|n| n.map(|n| if n % 10 < 5 { n } else { n - 5 }))
        .collect();
    let mut pos = Jump::<P, false>::from_numbers(&cells);
    pos.place_automatically();
    pos.into()
}

/// Start positions for the cross-checks: seeded random boards of every game,
/// dots of several sizes, and boards with repeated numbers.
fn starts() -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for seed in 1..=6 {
        out.push(parse_spec(&format!("random knight {seed}"), None).unwrap());
        out.push(parse_spec(&format!("random bishop {seed}"), None).unwrap());
        out.push(parse_spec(&format!("random torre {seed}"), None).unwrap());
    }
    for spec in ["3x3", "2x3", "3x2", "5x6", "1x1", "4x4"] {
        out.push(parse_spec(&format!("random dots 7 {spec}"), None).unwrap());
    }
    out.push(duplicated_board::<KnightPiece>(11));
    out.push(duplicated_board::<BishopPiece>(12));
    out
}

/// Plays random games with the library and checks, at every ply, that the
/// engine's `show` (fen, and Lisp board if `with_lisp`) and `legal` agree.
fn cross_check(engine: &mut Engine, starts: &[AnyPosition], with_lisp: bool, seed: u64) {
    let mut rng = tabula::random::rng(seed);
    let mut plies = 0;
    for (g, start) in starts.iter().enumerate() {
        let mut pos = *start;
        let mut moves: Vec<String> = Vec::new();
        loop {
            engine.send(&position_command(start, &moves));
            engine.send("show");
            engine.send("legal");
            let lines = engine.sync(&format!("g{g}p{}", moves.len()));
            let context = format!("{}: game {g}, moves {moves:?}", engine.name());
            assert_eq!(info(&lines, "fen"), pos.fen(), "{context}");
            if with_lisp {
                // Adji-boto's library writes the estado; the adapter's
                // `lisp` line is the board alone.
                let board = match &pos {
                    AnyPosition::Adjiboto(a) => tabula::games::adjiboto::lisp::board_to_lisp(a),
                    AnyPosition::Blokus(b) => tabula::games::blokus::lisp::board_to_lisp(b),
                    _ => lisp_board(&pos),
                };
                assert_eq!(
                    read_lisp(info(&lines, "lisp")),
                    read_lisp(&board),
                    "{context}"
                );
                // The default estado: (tabuleiro jogador pontos-1 pontos-2);
                // Quatro's is its (tabuleiro reserva) itself.
                let [s1, s2] = pos.scores();
                let side = pos.side_to_move().index() + 1;
                let estado = match pos {
                    // Quatro's and 3-D noughts and crosses' estado is the board.
                    AnyPosition::Quatro(_) | AnyPosition::Galo3d(_) => board.clone(),
                    // Adji-boto: (tabuleiro (pontos-1 pontos-2)), player 2
                    // seeing the board turned 180° and the scores swapped.
                    AnyPosition::Adjiboto(_) if side == 2 => {
                        format!("({} ({s2} {s1}))", turned_adji_board(&board))
                    }
                    AnyPosition::Adjiboto(_) => format!("({board} ({s1} {s2}))"),
                    // Solitário: the bare board (the side is told apart).
                    AnyPosition::Solitario(_) => board.clone(),
                    // Blokus: (tabuleiro jogador pecas-1 pecas-2).
                    AnyPosition::Blokus(b) => tabula::game::LispInterchange::to_lisp(&b),
                    _ => format!("({board} {side} {s1} {s2})"),
                };
                assert_eq!(
                    read_lisp(info(&lines, "estado")),
                    read_lisp(&estado),
                    "{context}"
                );
            }
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            let theirs = lines
                .iter()
                .find_map(|l| l.strip_prefix("info string legal"))
                .unwrap_or_else(|| panic!("no legal line: {lines:?}"));
            assert_eq!(
                theirs.split_whitespace().collect::<Vec<_>>(),
                legal,
                "{context}"
            );
            plies += 1;
            if legal.is_empty() {
                break;
            }
            let mv = &legal[pick(&mut rng, legal.len())];
            pos.play_text(mv).unwrap();
            moves.push(mv.clone());
        }
    }
    assert!(plies > 200, "too few plies checked: {plies}");
}

/// Plays whole games: the engine on one side (given by `engine_side(game)`),
/// random library moves on the other. Every `bestmove` must be legal; the
/// optional `check` sees the position and the engine's move.
fn play_games(
    engine: &mut Engine,
    starts: &[AnyPosition],
    movetime: u32,
    seed: u64,
    check: &dyn Fn(&AnyPosition, &str),
) {
    let mut rng = tabula::random::rng(seed);
    for (g, start) in starts.iter().enumerate() {
        engine.send("uginewgame");
        let mut pos = *start;
        let mut moves: Vec<String> = Vec::new();
        let engine_side = if g % 2 == 0 {
            tabula::game::Player::One
        } else {
            tabula::game::Player::Two
        };
        while !pos.is_over() {
            let mv = if pos.side_to_move() == engine_side {
                engine.send(&position_command(start, &moves));
                let (mv, _) = engine.go(&format!("go movetime {movetime}"));
                if let Err(e) = pos.parse_legal(&mv) {
                    panic!(
                        "{}: game {g} ({}), moves {moves:?}: bestmove {mv}: {e}\nstderr:\n{}",
                        engine.name(),
                        start.fen(),
                        engine.stderr()
                    );
                }
                check(&pos, &mv);
                mv
            } else {
                let legal = pos.legal_moves();
                legal[pick(&mut rng, legal.len())].to_string()
            };
            pos.play_text(&mv).unwrap();
            moves.push(mv);
        }
    }
    engine.assert_only_protocol_output();
}

/// The kit's example student (`example-student.lisp`) plays whole games
/// from `starts` without a fault: every move legal (and passing `check`),
/// its boards never differing from the rules', jogar never failing.
fn example_student_plays(
    starts: &[AnyPosition],
    movetime: u32,
    seed: u64,
    check: &dyn Fn(&AnyPosition, &str),
) {
    let mut e = lisp(&[]);
    e.handshake();
    plays_cleanly(&mut e, starts, movetime, seed, check);
}

/// [`play_games`] with the Lisp adapter `e`, then nothing on its standard
/// error about boards differing from the rules or jogar failing.
fn plays_cleanly(
    e: &mut Engine,
    starts: &[AnyPosition],
    movetime: u32,
    seed: u64,
    check: &dyn Fn(&AnyPosition, &str),
) {
    play_games(e, starts, movetime, seed, check);
    let stderr = e.stderr();
    assert!(!stderr.contains("differs"), "{stderr}");
    assert!(!stderr.contains("jogar"), "{stderr}");
}

fn game_starts(game: GameId, count: u64) -> Vec<AnyPosition> {
    (0..count)
        .map(|seed| {
            let spec = match game {
                GameId::Dots => format!("random dots {seed} 3x3"),
                g => format!("random {g} {}", 100 + seed),
            };
            parse_spec(&spec, None).unwrap()
        })
        .collect()
}

/// The Python example plays whole games from `starts` with its greedy
/// strategy (the library's random moves on the other side, seed `seed`),
/// then the first two again with its random strategy (seed `seed + 1`): every
/// move legal, nothing on stderr.
fn python_plays_greedy_then_random(starts: &[AnyPosition], seed: u64) {
    let mut e = python();
    e.handshake();
    play_games(&mut e, starts, 200, seed, &greedy_check);
    e.send("setoption name Strategy value random");
    e.send("setoption name Seed value 9");
    play_games(&mut e, &starts[..2], 200, seed + 1, &|_, _| {});
    assert!(e.stderr().is_empty(), "{}", e.stderr());
}

/// The example student is greedy: on a number board it takes the highest
/// number it may reach; in dots it closes a box whenever one can be closed.
fn greedy_check(pos: &AnyPosition, mv: &str) {
    match pos {
        AnyPosition::Knight(_) | AnyPosition::Bishop(_) | AnyPosition::Torre(_) => {
            let value = |m: &str| -> Option<u8> {
                let after = parse_spec(&format!("fen {} moves {m}", pos.fen()), None).unwrap();
                (m != "pass").then(|| {
                    let side = pos.side_to_move().index();
                    (after.scores()[side] - pos.scores()[side]) as u8
                })
            };
            let best = pos
                .legal_moves()
                .iter()
                .filter_map(|m| value(&m.to_string()))
                .max();
            assert_eq!(
                value(mv),
                best,
                "not the greedy move in {}: {mv}",
                pos.fen()
            );
        }
        AnyPosition::Dots(_) => {
            let closes = |m: &str| {
                let after = parse_spec(&format!("fen {} moves {m}", pos.fen()), None).unwrap();
                after.side_to_move() == pos.side_to_move()
            };
            let can_close = pos.legal_moves().iter().any(|m| closes(&m.to_string()));
            assert_eq!(
                closes(mv),
                can_close,
                "the example closes a box when it can: {} {mv}",
                pos.fen()
            );
        }
        AnyPosition::Quatro(q) => quatro_greedy_check(q, mv),
        AnyPosition::Solitario(p) => solitario_greedy_check(p, mv),
        AnyPosition::Galo3d(g) => {
            // A line now if one can be completed, else a block if needed.
            use tabula::games::galo3d::Symbol;
            let (me, them) = if g.side_to_move() == tabula::game::Player::One {
                (Symbol::X, Symbol::O)
            } else {
                (Symbol::O, Symbol::X)
            };
            let cell = g.parse_move(mv).unwrap().cell;
            let can = |s: Symbol| g.legal_moves().iter().any(|m| g.completes(s, m.cell));
            if can(me) {
                assert!(g.completes(me, cell), "the example wins at once: {g} {mv}");
            } else if can(them) {
                assert!(g.completes(them, cell), "the example blocks: {g} {mv}");
            }
        }
        AnyPosition::Adjiboto(a) => {
            // The largest capture (0 when none captures).
            let best = a.legal_moves().iter().map(|&m| a.capture_of(m)).max();
            let taken = a.capture_of(a.parse_move(mv).unwrap());
            assert_eq!(Some(taken), best, "not the largest capture in {a}: {mv}");
        }
        AnyPosition::Blokus(b) => {
            // The largest piece (a pass covers nothing).
            let size = |m: tabula::games::Placement| m.piece().map_or(0, |p| p.shape().squares);
            let best = b.legal_moves().iter().map(|&m| size(m)).max();
            let played = size(b.parse_move(mv).unwrap());
            assert_eq!(Some(played), best, "not the largest piece in {b}: {mv}");
        }
        _ => unreachable!(),
    }
}

/// In Quatro the example wins at once when it can, and otherwise never lets
/// the opponent win at once when it can avoid it (checked with the library).
fn quatro_greedy_check(q: &Quatro, mv: &str) {
    let wins = |m: Place| q.completes(m.piece, m.square);
    let safe = |m: Place| {
        let mut after = *q;
        after.play_unchecked(m);
        after
            .legal_moves()
            .iter()
            .all(|r| !after.completes(r.piece, r.square))
    };
    let mv = q.parse_move(mv).unwrap();
    let legal = q.legal_moves();
    if legal.iter().any(|&m| wins(m)) {
        assert!(wins(mv), "the example wins when it can: {q} {mv}");
    } else if legal.iter().any(|&m| safe(m)) {
        assert!(
            safe(mv),
            "the example gives no win away when it can: {q} {mv}"
        );
    }
}

/// In Solitário the example wins at once when it can, and otherwise never
/// lets the opponent win at once when it can avoid it (checked with the
/// library).
fn solitario_greedy_check(p: &tabula::games::Solitario, mv: &str) {
    let wins = |pos: &tabula::games::Solitario, m: tabula::games::Hop| {
        let mut after = *pos;
        after.play_unchecked(m);
        after.outcome() == Some(tabula::game::Outcome::Win(pos.side_to_move()))
            && after.home_winner().is_some()
    };
    let safe = |m: tabula::games::Hop| {
        let mut after = *p;
        after.play_unchecked(m);
        after.legal_moves().iter().all(|&r| !wins(&after, r))
    };
    let mv = p.parse_move(mv).unwrap();
    let legal = p.legal_moves();
    if legal.iter().any(|&m| wins(p, m)) {
        assert!(wins(p, mv), "the example wins when it can: {p} {mv}");
    } else if legal.iter().any(|&m| safe(m)) {
        assert!(
            safe(mv),
            "the example gives no win away when it can: {p} {mv}"
        );
    }
}

/// Solitário starts: the start position and seeded random boards.
fn solitario_starts(count: u64) -> Vec<AnyPosition> {
    let mut out = vec![parse_spec(
        "fen solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 0",
        None,
    )
    .unwrap()];
    out.extend(game_starts(GameId::Solitario, count));
    out
}

#[test]
fn python_solitario_rules_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    cross_check(&mut e, &solitario_starts(3), false, 81);
    let start = "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 0";
    for bad in [
        "position fen solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx".to_string(),
        "position fen solitario 1x111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 0"
            .to_string(),
        format!("position fen {start} moves d2-d4"),
        format!("position fen {start} moves d2-d3 d2-d3"),
        format!("position fen {start} moves pass"),
    ] {
        refused_position(&mut e, &bad);
    }
    // Any case on input; the statement's second example: c5-c3 captures.
    let lines = shown(
        &mut e,
        "position fen solitario xx111xx/xx011xx/0000000/0010000/0020000/xx022xx/xx222xx 2 3 \
         moves C5-c3",
    );
    assert_eq!(
        info(&lines, "fen"),
        "solitario xx111xx/xx011xx/0020000/0000000/0000000/xx022xx/xx222xx 1 4"
    );
    e.assert_only_protocol_output();
}

#[test]
fn python_plays_whole_solitario_games() {
    needs!(tools::PYTHON);
    let starts = solitario_starts(3);
    python_plays_greedy_then_random(&starts, 19);
}

/// Quatro starts: the empty board and seeded random boards.
fn quatro_starts(count: u64) -> Vec<AnyPosition> {
    let mut out = vec![parse_spec("fen quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1", None).unwrap()];
    out.extend(game_starts(GameId::Quatro, count));
    out
}

/// A student file written for one test, removed when dropped.
struct StudentFile(PathBuf);

impl StudentFile {
    fn arg(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for StudentFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir(dir); // only once empty
        }
    }
}

fn student_file(name: &str, text: &str) -> StudentFile {
    let dir = std::env::temp_dir().join(format!("tabula-adapters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    StudentFile(path)
}

// ---------------------------------------------------------------------------
// The Lisp adapter
// ---------------------------------------------------------------------------

#[test]
fn lisp_handshake_isready_and_quit() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    e.send("uci");
    assert_eq!(
        e.recv_until_prefix("uciok", PATIENCE).last().unwrap(),
        "uciok"
    );
    e.send("isready");
    assert_eq!(e.recv(PATIENCE), "readyok");
    assert!(e.sync("tok-42").is_empty());
    e.send("quit");
    e.expect_clean_exit();
    e.assert_only_protocol_output();
}

#[test]
fn lisp_exits_at_end_of_input() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    e.close_stdin();
    e.expect_clean_exit();
}

#[test]
fn lisp_end_of_input_stops_go_infinite_and_sends_its_bestmove() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let knight = parse_spec("random knight 5", None).unwrap();
    e.send(&format!("position fen {}", knight.fen()));
    e.send("go infinite");
    assert!(e
        .sync("thinking")
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    e.close_stdin();
    let lines = e.recv_until_prefix("bestmove ", PATIENCE);
    let mv = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    knight.parse_legal(mv).unwrap();
    e.expect_clean_exit();
}

#[test]
fn lisp_answers_malformed_lines_with_errors() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let knight = parse_spec("random knight 3", None).unwrap().fen();
    for bad in [
        "frobnicate".to_string(),
        "position".to_string(),
        "position fen knight 1,2,3 w 0 0".to_string(),
        "position fen chess startpos".to_string(),
        "position fen dots 2x2 00/00 00/00/00 1 0 0".to_string(),
        "position fen dots 2x2 00/00/00 00/00/00 3 0 0".to_string(),
        "position random knight 3".to_string(),
        "position lisp ((1 2) (3 4))".to_string(),
        "position lisp #.(quit)".to_string(),
        "position lisp (((1 0) (0 0)) ((0 0) (0 0) (0 0)))".to_string(),
        format!("position fen {knight} moves a1"),
        format!("position fen {knight} moves zz"),
        "position fen knight-solo 1 2".to_string(),
        "setoption value 3".to_string(),
        "query whatever".to_string(),
    ] {
        e.send(&bad);
        let lines = e.sync("after-bad");
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error "),
            "{bad}: {lines:?}"
        );
    }
    // Windows line ends are fine.
    e.send("isready crlf\r");
    assert_eq!(e.recv(PATIENCE), "readyok crlf");
    // Bytes that are not UTF-8 are one more unknown command.
    e.send_raw(b"\xff\xfe bad\n");
    let lines = e.sync("bytes");
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string error "),
        "{lines:?}"
    );
    // An unknown option is accepted with a note, not an error.
    e.send("setoption name Hash value 64");
    let lines = e.sync("opt");
    assert_eq!(
        lines,
        ["info string option Hash ignored by the Lisp adapter"]
    );
    // A go without a position is refused: an error line and no bestmove.
    e.send("uginewgame");
    e.send("go movetime 100");
    let lines = e.sync("refused");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error go: no position"),
        "{lines:?}"
    );
    // Malformed go arguments: refused, one error line and no bestmove.
    e.send(&format!("position fen {knight}"));
    e.send("go movetime soon");
    let lines = e.sync("malformed go");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error go: "), "{lines:?}");
    // A good go afterwards plays.
    let (mv, _) = e.go("go movetime 100");
    parse_spec(&knight, None).unwrap().parse_legal(&mv).unwrap();
    e.assert_only_protocol_output();
}

#[test]
fn lisp_board_conversion_and_rules_match_the_library() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &starts(), true, 2024);
    // Lisp boards read back (`position lisp …`) as the library reads them:
    // side 1 to move, no points (the Lisp board has neither).
    let mut rng = tabula::random::rng(99);
    let mut boards = 0;
    for start in starts() {
        let mut pos = start;
        while !pos.is_over() {
            let text = lisp_board(&pos);
            let sexp = read_lisp(&text);
            let expected = reread_lisp(&pos, &sexp);
            e.send(&format!("position lisp {text}"));
            e.send("show");
            let lines = e.sync("lisp");
            assert_eq!(info(&lines, "fen"), expected, "{text}");
            boards += 1;
            let legal = pos.legal_moves();
            pos.play(legal[pick(&mut rng, legal.len())]).unwrap();
        }
    }
    assert!(boards > 200, "{boards}");
    // A duel board given before the automatic placement (no W, no B).
    for seed in [5, 6] {
        let cells = tabula::games::numbered::random::numbers::<KnightPiece>(seed);
        let unplaced = Jump::<KnightPiece, false>::from_numbers(&cells).to_string();
        assert!(!unplaced.contains('W'));
        e.send(&format!("position fen {unplaced}"));
        e.send("show");
        let lines = e.sync("unplaced");
        let expected = parse_spec(&unplaced, None).unwrap();
        assert_eq!(info(&lines, "fen"), expected.fen());
        assert_eq!(
            read_lisp(info(&lines, "lisp")),
            read_lisp(&lisp_board(&expected))
        );
    }
    e.assert_only_protocol_output();
}

#[test]
fn lisp_example_student_plays_whole_knight_games() {
    needs!(tools::SBCL);
    example_student_plays(&game_starts(GameId::Knight, 4), 300, 7, &greedy_check);
}

#[test]
fn lisp_example_student_plays_whole_torre_games() {
    needs!(tools::SBCL);
    example_student_plays(&game_starts(GameId::Torre, 4), 300, 9, &greedy_check);
}

#[test]
fn lisp_galo3d_boards_rules_and_the_championship_signature() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &galo3d_starts(24), true, 2015);
    // The students' test board (rules/galo3d.md), the nought written 0.
    let lines = shown(
        &mut e,
        "position lisp (((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)) \
         ((NIL NIL NIL) (0 X X) (NIL NIL NIL)) ((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)))",
    );
    assert_eq!(
        info(&lines, "fen"),
        "galo3d ---,---,---/---,oxx,---/---,---,--- o"
    );
    // (jogar estado simbolo tempo): the example student completes its line.
    e.send("position fen galo3d xx-,---,---/---,-o-,---/---,o--,--- x");
    let (mv, _) = e.go("go movetime 500");
    assert_eq!(mv, "c13");
    // Whole games, the greedy student against the rules.
    plays_cleanly(&mut e, &galo3d_starts(4), 100, 23, &greedy_check);
}

#[test]
fn lisp_example_student_plays_whole_bishop_games() {
    needs!(tools::SBCL);
    example_student_plays(&game_starts(GameId::Bishop, 4), 300, 8, &greedy_check);
}

#[test]
fn lisp_example_student_plays_whole_dots_games() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let mut starts = game_starts(GameId::Dots, 6);
    starts.push(parse_spec("random dots 3 2x2", None).unwrap());
    plays_cleanly(&mut e, &starts, 300, 9, &greedy_check);
}

#[test]
fn lisp_example_student_plays_dots_one_arc_per_call() {
    needs!(tools::SBCL);
    let one = student_file("one-arc.lisp", "(setf *um-arco-por-chamada* t)");
    let example = root().join("adapters/lisp/example-student.lisp");
    let mut e = lisp(&[example.to_str().unwrap(), one.arg()]);
    e.handshake();
    plays_cleanly(
        &mut e,
        &game_starts(GameId::Dots, 4),
        300,
        10,
        &greedy_check,
    );
}

/// A position where a turn of several arcs is possible: the example student
/// draws them all in one call; the adapter answers them one `go` at a time
/// without calling jogar again.
#[test]
fn lisp_dots_turn_of_several_arcs_is_answered_arc_by_arc() {
    needs!(tools::SBCL);
    let counter = student_file(
        "counter.lisp",
        "(setf (symbol-function 'jogar-original) (symbol-function 'jogar))\n\
         (defun jogar (estado tempo) (format t \"jogar called~%\") (jogar-original estado tempo))",
    );
    let example = root().join("adapters/lisp/example-student.lisp");
    let mut e = lisp(&[example.to_str().unwrap(), counter.arg()]);
    e.handshake();
    // One row of three boxes with the top row, the left and the right side
    // drawn; after v1.2 (player 1) and v1.3 (player 2) every box has three
    // sides and player 1 closes all three: h2.1, h2.2, h2.3 in some order.
    let start = parse_spec("fen dots 1x3 111/000 1/0/0/1 1 0 0", None).unwrap();
    let mut pos = start;
    let mut moves: Vec<String> = Vec::new();
    for mv in ["v1.2", "v1.3"] {
        pos.play_text(mv).unwrap();
        moves.push(mv.to_string());
    }
    assert_eq!(pos.side_to_move(), tabula::game::Player::One);
    let mut answers = Vec::new();
    while !pos.is_over() {
        e.send(&position_command(&start, &moves));
        let (mv, _) = e.go("go movetime 500");
        pos.parse_legal(&mv).unwrap();
        pos.play_text(&mv).unwrap();
        moves.push(mv.clone());
        answers.push(mv);
    }
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(pos.scores(), [3, 0]);
    e.send("quit");
    e.expect_clean_exit();
    assert!(e.stderr_has("jogar called"));
    thread::sleep(Duration::from_millis(100));
    let stderr = e.stderr();
    assert_eq!(stderr.matches("jogar called").count(), 1, "{stderr}");
    assert!(!stderr.contains("not one turn"), "{stderr}");
}

/// The `info string fallback <kind> …` lines among `lines` (the lines of
/// one `go` before its `bestmove`, as [`Engine::go`] returns them), each as
/// (kind, rest); such a line must be the last one before the `bestmove`.
fn fallbacks(lines: &[String]) -> Vec<(String, String)> {
    let found: Vec<(usize, (String, String))> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let rest = l.strip_prefix("info string fallback ")?;
            let (kind, text) = rest.split_once(' ').unwrap_or((rest, ""));
            Some((i, (kind.to_string(), text.to_string())))
        })
        .collect();
    for (i, _) in &found {
        assert!(
            *i + 1 == lines.len(),
            "a fallback line not right before the bestmove: {lines:?}"
        );
    }
    found.into_iter().map(|(_, f)| f).collect()
}

#[test]
fn lisp_misbehaving_students_fall_back_to_the_first_legal_move() {
    needs!(tools::SBCL);
    let knight = parse_spec("random knight 21", None).unwrap();
    let first = knight.legal_moves()[0].to_string();
    // (file, source, go, the fallback's kind, what stderr says)
    let cases = [
        (
            "raises.lisp",
            "(defun jogar (estado tempo) (error \"boom ~a\" tempo))",
            "go movetime 400",
            "error",
            "boom",
        ),
        (
            "garbage.lisp",
            "(defun jogar (estado tempo) (list 42 :x))",
            "go movetime 400",
            "unreadable",
            "no knight board",
        ),
        (
            "stays.lisp",
            "(defun jogar (estado tempo) (list estado))",
            "go movetime 400",
            "nomove",
            "board unchanged",
        ),
        (
            "nil.lisp",
            "(defun jogar (estado tempo) nil)",
            "go movetime 400",
            "nomove",
            "returned NIL",
        ),
        (
            "wrongmove.lisp",
            "(setf tabula:*extract-board* (lambda (result board-p) (declare (ignore board-p)) result))\n\
             (defun jogar (estado tempo) \"zz99\")",
            "go movetime 400",
            "unreadable",
            "is not a knight move",
        ),
        (
            "illegal.lisp",
            "(setf tabula:*extract-board* (lambda (result board-p) (declare (ignore board-p)) result))\n\
             (defun jogar (estado tempo) \"a1\")",
            "go movetime 400",
            "illegal",
            "not legal here",
        ),
        // Without a deadline (go depth) the kit's own cut-off stops it.
        (
            "loops.lisp",
            "(defun jogar (estado tempo) (loop))",
            "go depth 3",
            "late",
            "interrupted",
        ),
        (
            "deep.lisp",
            "(defun fundo (n) (1+ (fundo (1+ n)))) (defun jogar (estado tempo) (fundo 0))",
            "go movetime 400",
            "error",
            "stack exhausted",
        ),
        (
            "nothing.lisp",
            "(defvar *nada* nil)",
            "go movetime 400",
            "error",
            "JOGAR",
        ),
        (
            "badhook.lisp",
            "(defun jogar (estado tempo) estado)\n\
             (setf tabula:*extract-board* (lambda (result board-p) (error \"hook broke\")))",
            "go movetime 400",
            "unreadable",
            "hook broke",
        ),
    ];
    for (file, text, go, kind, why) in cases {
        let path = student_file(file, text);
        let mut e = lisp(&[path.arg()]);
        e.handshake();
        e.send(&format!("position fen {knight}"));
        let started = Instant::now();
        let (mv, lines) = e.go(go);
        assert_eq!(mv, first, "{file}: {lines:?}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{file}: {:?}",
            started.elapsed()
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error jogar failed")),
            "{file}: {lines:?}"
        );
        let said = fallbacks(&lines);
        assert_eq!(said.len(), 1, "{file}: {lines:?}");
        assert_eq!(said[0].0, kind, "{file}: {lines:?}");
        assert!(
            said[0]
                .1
                .ends_with(&format!("played the first legal move, {first}")),
            "{file}: {lines:?}"
        );
        assert!(
            e.stderr_has(why),
            "{file}: stderr lacks {why:?}:\n{}",
            e.stderr()
        );
        // Still alive and answering.
        e.sync("alive");
        e.assert_only_protocol_output();
    }
}

/// With a deadline (movetime) the kit never cuts the student off: a `jogar`
/// still thinking is the arbiter's timeout, not a replaced move.
#[test]
fn lisp_never_cuts_off_a_move_that_has_a_deadline() {
    needs!(tools::SBCL);
    let knight = parse_spec("random knight 21", None).unwrap();
    let path = student_file("forever.lisp", "(defun jogar (estado tempo) (loop))");
    let mut e = lisp(&[path.arg()]);
    e.handshake();
    e.send(&format!("position fen {knight}"));
    e.send("go movetime 200");
    // Well past movetime plus the arbiter's margin: still nothing.
    let early = e.try_recv(Duration::from_millis(1500));
    assert!(early.is_none(), "answered {early:?}");
}

#[test]
fn lisp_forced_pass_is_answered_without_calling_jogar() {
    needs!(tools::SBCL);
    // A knight position where the side to move can only pass, from random play.
    let mut rng = tabula::random::rng(5);
    let forced = (0..)
        .find_map(|seed| {
            let mut pos = parse_spec(&format!("random knight {seed}"), None).unwrap();
            while !pos.is_over() {
                let legal = pos.legal_moves();
                if legal.len() == 1 && legal[0].is_pass() {
                    return Some(pos);
                }
                pos.play(legal[pick(&mut rng, legal.len())]).unwrap();
            }
            None
        })
        .expect("some random game has a forced pass");
    let raises = student_file(
        "raises-on-pass.lisp",
        "(defun jogar (e tm) (error \"boom\"))",
    );
    let mut e = lisp(&[raises.arg()]);
    e.handshake();
    e.send(&format!("position fen {}", forced.fen()));
    let (mv, lines) = e.go("go movetime 300");
    assert_eq!(mv, "pass");
    assert!(
        lines.iter().all(|l| !l.contains("jogar failed")),
        "{lines:?}"
    );
}

#[test]
fn lisp_student_output_never_reaches_the_protocol() {
    needs!(tools::SBCL);
    let noisy = student_file(
        "noisy.lisp",
        "(format t \"loading my project~%\")\n\
         (setf (symbol-function 'jogar-original) (symbol-function 'jogar))\n\
         (defun jogar (estado tempo)\n\
           (format t \"thinking...~%\") (print estado) (read-line *standard-input* nil)\n\
           (jogar-original estado tempo))",
    );
    let example = root().join("adapters/lisp/example-student.lisp");
    let mut e = lisp(&[example.to_str().unwrap(), noisy.arg()]);
    e.handshake();
    play_games(
        &mut e,
        &game_starts(GameId::Knight, 1),
        300,
        3,
        &greedy_check,
    );
    e.sync("end");
    e.assert_only_protocol_output();
    assert!(e.stderr_has("thinking..."), "{}", e.stderr());
}

#[test]
fn lisp_estado_and_result_hooks_can_be_replaced() {
    needs!(tools::SBCL);
    let hooks = student_file(
        "hooks.lisp",
        "(setf tabula:*make-estado*\n\
           (lambda (board scores side game) (list :game game :side side :scores scores :board board)))\n\
         (setf tabula:*extract-board* (lambda (result board-p) (declare (ignore board-p)) (getf result :move)))\n\
         (defun jogar (estado tempo)\n\
           (format t \"tempo=~d~%\" tempo)\n\
           (list :move (if (eq (getf estado :game) :dots) \"v1.1\" \"pass\")))",
    );
    let mut e = lisp(&[hooks.arg()]);
    e.handshake();
    let lines = shown(&mut e, "position fen dots 2x2 00/00/00 00/00/00 1 0 0");
    assert_eq!(
        info(&lines, "estado"),
        "(:GAME :DOTS :SIDE 1 :SCORES (0 0) :BOARD (((0 0) (0 0) (0 0)) ((0 0) (0 0) (0 0))))"
    );
    // The first legal move (the fallback) would be h1.1.
    let (mv, _) = e.go("go movetime 300");
    assert_eq!(mv, "v1.1");
    // jogar gets the movetime minus the reserve (30 ms, then 300 ms).
    assert!(e.stderr_has("tempo=270"), "{}", e.stderr());
    e.send("setoption name TimeReserve value 300");
    let (mv, _) = e.go("go movetime 1000");
    assert_eq!(mv, "v1.1");
    assert!(e.stderr_has("tempo=700"), "{}", e.stderr());
    e.sync("end");
    e.assert_only_protocol_output();
}

#[test]
fn lisp_go_infinite_waits_for_stop() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let dots = parse_spec("random dots 4 3x3", None).unwrap();
    e.send(&format!("position fen {}", dots.fen()));
    e.send("go infinite");
    // isready is answered while the bestmove is held back.
    let lines = e.sync("mid");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    let lines = e.recv_until_prefix("bestmove ", PATIENCE);
    let mv = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    dots.parse_legal(mv).unwrap();
    // Exactly one bestmove: nothing more after a sync.
    assert!(e.sync("after").is_empty());
    // Every other kind of go is answered at once, without error lines.
    for args in [
        "depth 3",
        "nodes 1000",
        "p1time 3000 p2time 3000 p1inc 100 p2inc 100",
        "wtime 3000 btime 3000",
        "",
    ] {
        let (mv, lines) = e.go(&format!("go {args}"));
        dots.parse_legal(&mv).unwrap();
        assert!(
            lines.iter().all(|l| !l.contains("error")),
            "{args}: {lines:?}"
        );
    }
}

#[test]
fn lisp_quatro_boards_and_rules_match_the_library() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &quatro_starts(24), true, 2026);
    // `position lisp (tabuleiro reserva)` reads as the library reads it: the
    // side from the number of pieces, the reserve every piece not placed.
    let mut rng = tabula::random::rng(98);
    let mut boards = 0;
    for start in quatro_starts(8) {
        let mut pos = start;
        while !pos.is_over() {
            let text = lisp_board(&pos);
            let expected = reread_lisp(&pos, &read_lisp(&text));
            e.send(&format!("position lisp {text}"));
            e.send("show");
            let lines = e.sync("lisp");
            assert_eq!(info(&lines, "fen"), expected, "{text}");
            assert_eq!(read_lisp(info(&lines, "lisp")), read_lisp(&text));
            boards += 1;
            let legal = pos.legal_moves();
            pos.play(legal[pick(&mut rng, legal.len())]).unwrap();
        }
    }
    assert!(boards > 50, "{boards}");
    // `position startpos` of the game quatro is the empty board.
    e.send("setoption name Game value quatro");
    let lines = shown(&mut e, "position startpos moves brao@a1 PQBC@B2");
    assert_eq!(
        info(&lines, "fen"),
        "quatro brao,-,-,-/-,pqbc,-,-/-,-,-,-/-,-,-,- 1"
    );
    e.assert_only_protocol_output();
}

#[test]
fn lisp_example_student_plays_whole_quatro_games() {
    needs!(tools::SBCL);
    example_student_plays(&quatro_starts(7), 500, 10, &greedy_check);
}

#[test]
fn lisp_quatro_answer_is_read_from_the_boards_not_the_coordinates() {
    needs!(tools::SBCL);
    // The last piece of the reserve on the last empty square, answered with
    // the coordinates in the other order, (linha coluna), 0-based; and in a
    // student package, with its own symbols.
    let student = student_file(
        "last.lisp",
        "(defpackage :p1-2 (:use :cl))
         (in-package :p1-2)
         (defun jogar (estado tempo)
           (declare (ignore tempo))
           (destructuring-bind (tabuleiro reserva) estado
             (let* ((peca (car (last reserva)))
                    (casa (loop for l from 3 downto 0
                                thereis (loop for c from 3 downto 0
                                              when (eql 0 (nth c (nth l tabuleiro)))
                                                return (list l c))))
                    (novo (loop for linha in tabuleiro for l from 0
                                collect (loop for x in linha for c from 0
                                              collect (if (equal (list l c) casa) peca x)))))
               (assert (eq (first peca) (if (member 'preta peca) 'preta 'branca)))
               (list casa (list novo (remove peca reserva :test #'equal))))))
         (setf tabula:*jogar* 'jogar)",
    );
    let mut e = lisp(&[student.arg()]);
    e.handshake();
    let mut rng = tabula::random::rng(5);
    for start in quatro_starts(6) {
        let mut pos = start;
        let mut moves: Vec<String> = Vec::new();
        while !pos.is_over() {
            e.send(&position_command(&start, &moves));
            let (mv, _) = e.go("go movetime 500");
            let legal = pos.legal_moves();
            assert_eq!(mv, legal.last().unwrap().to_string(), "{}", pos.fen());
            let next = legal[pick(&mut rng, legal.len())].to_string();
            pos.play_text(&next).unwrap();
            moves.push(next);
        }
    }
    let stderr = e.stderr();
    assert!(!stderr.contains("differs"), "{stderr}");
    assert!(!stderr.contains("jogar"), "{stderr}");
}

#[test]
fn lisp_quatro_bad_answers_fall_back_to_the_first_legal_move() {
    needs!(tools::SBCL);
    let cases = [
        (
            "unchanged.lisp",
            "(defun jogar (estado tempo) (declare (ignore tempo)) (list '(1 1) estado))",
            "board unchanged",
        ),
        (
            "two.lisp",
            "(defun jogar (estado tempo)
               (declare (ignore tempo))
               (let ((p (first (second estado))))
                 (list '(1 1) (list (list (list p p 0 0) '(0 0 0 0) '(0 0 0 0) '(0 0 0 0))
                                    (rest (second estado))))))",
            "pieces on 2 empty squares",
        ),
        (
            "notapiece.lisp",
            "(defun jogar (estado tempo)
               (declare (ignore tempo))
               (list '(1 1) (list (list '((verde redonda alta oca) 0 0 0) '(0 0 0 0) '(0 0 0 0) '(0 0 0 0))
                                  (second estado))))",
            "which is not a piece",
        ),
    ];
    for (name, text, reason) in cases {
        let student = student_file(name, text);
        let mut e = lisp(&[student.arg()]);
        e.handshake();
        e.send("position fen quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1");
        let (mv, lines) = e.go("go movetime 500");
        assert_eq!(mv, "brao@a1", "{name}");
        assert!(
            lines.iter().any(|l| l.contains("jogar failed")),
            "{name}: {lines:?}"
        );
        let kind = if name == "unchanged.lisp" {
            "nomove"
        } else {
            "illegal"
        };
        assert_eq!(fallbacks(&lines).len(), 1, "{name}: {lines:?}");
        assert_eq!(fallbacks(&lines)[0].0, kind, "{name}: {lines:?}");
        assert!(e.stderr_has(reason), "{name}: {}", e.stderr());
    }
}

/// `bad` (a `position` line) gets one error line, and no position is left
/// for `show` (its one other line).
fn refused_position(e: &mut Engine, bad: &str) {
    e.send(bad);
    e.send("show");
    let lines = e.sync("bad");
    assert!(
        lines[0].starts_with("info string error ") && lines.len() == 2,
        "{bad}: {lines:?}"
    );
}

/// The engine answered the lines sent since the last sync with exactly `n`
/// error lines.
fn assert_errors(e: &mut Engine, n: usize) {
    let lines = e.sync("bad");
    let errors = lines
        .iter()
        .filter(|l| l.contains("info string error"))
        .count();
    assert_eq!(errors, n, "{lines:?}");
}

/// The engine's `show` lines after `position`.
fn shown(e: &mut Engine, position: &str) -> Vec<String> {
    e.send(position);
    e.send("show");
    e.sync("shown")
}

/// An Adji-boto Lisp board `((r0) (r1))` turned 180°: rows swapped, each
/// reversed (rules/adjiboto.md §5.4).
fn turned_adji_board(board: &str) -> String {
    let rows: Vec<Vec<u32>> = board
        .trim_matches(|c| c == '(' || c == ')')
        .split(") (")
        .map(|row| row.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 2, "{board}");
    let row = |r: &Vec<u32>| {
        let cells: Vec<String> = r.iter().rev().map(|n| n.to_string()).collect();
        format!("({})", cells.join(" "))
    };
    format!("({} {})", row(&rows[1]), row(&rows[0]))
}

fn adji_starts(count: u64) -> Vec<AnyPosition> {
    let mut out = vec![parse_spec("startpos", Some(GameId::Adjiboto)).unwrap()];
    out.extend(game_starts(GameId::Adjiboto, count));
    out
}

#[test]
fn lisp_adjiboto_boards_and_rules_match_the_library() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &adji_starts(6), true, 2018);
    // `position lisp` reads the course's board (player 1 to move, no
    // scores), and `position startpos` is 8 seeds a pit.
    let lines = shown(&mut e, "position lisp ((4 6 0 8 8 4) (4 3 8 5 8 4))");
    assert_eq!(
        info(&lines, "fen"),
        "adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 1 0 0"
    );
    // The estado as the library writes it reads the same way.
    let pos = parse_spec("fen adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 2 3 5", None).unwrap();
    let lines = shown(&mut e, &format!("position lisp {}", lisp_board(&pos)));
    assert_eq!(
        info(&lines, "fen"),
        "adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 1 3 5"
    );
    e.send("setoption name Game value adjiboto");
    let lines = shown(&mut e, "position startpos moves T1");
    // The championship example of the statement (rules §2.5).
    assert_eq!(
        read_lisp(info(&lines, "lisp")),
        read_lisp("((0 8 8 8 9 9) (9 9 9 9 9 9))")
    );
    assert_eq!(
        info(&lines, "fen"),
        "adjiboto 0,8,8,8,9,9 9,9,9,9,9,9 2 0 0 1"
    );
    let lines = shown(
        &mut e,
        "position fen adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 2 0 0 moves b6",
    );
    assert_eq!(
        info(&lines, "fen"),
        "adjiboto 4,6,0,9,9,5 4,3,8,5,8,0 1 0 1"
    );
    e.send("position fen adjiboto 1,2,3,4,5,6 1,2,3,4,5,6 1 0 0 1 2");
    e.send("position fen adjiboto 90,0,0,0,0,0 9,0,0,0,0,0 1 0 0");
    e.send("position lisp ((1 2 3) (4 5 6))");
    assert_errors(&mut e, 3);
    e.assert_only_protocol_output();
}

#[test]
fn lisp_solitario_boards_and_rules_match_the_library() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &solitario_starts(4), true, 2025);
    // `position lisp` reads the bare board (player 1 to move) and one
    // group's (tabuleiro jogador).
    let pos = parse_spec("random solitario 5", None).unwrap();
    let board = lisp_board(&pos);
    let lines = shown(&mut e, &format!("position lisp {board}"));
    let rows = pos.fen().split(' ').nth(1).unwrap().to_string();
    assert_eq!(info(&lines, "fen"), format!("solitario {rows} 1 0"));
    let lines = shown(&mut e, &format!("position lisp ({board} 2)"));
    assert_eq!(info(&lines, "fen"), format!("solitario {rows} 2 0"));
    // The statement's second example: c5-c3 captures c4.
    let lines = shown(
        &mut e,
        "position fen solitario xx111xx/xx011xx/0000000/0010000/0020000/xx022xx/xx222xx 2 3 \
         moves C5-c3",
    );
    assert_eq!(
        info(&lines, "fen"),
        "solitario xx111xx/xx011xx/0020000/0000000/0000000/xx022xx/xx222xx 1 4"
    );
    e.send("position fen solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx 1 0");
    e.send("position fen solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 151");
    e.send("position lisp ((1 2 3) (4 5 6))");
    assert_errors(&mut e, 3);
    e.assert_only_protocol_output();
}

#[test]
fn lisp_example_student_plays_whole_solitario_games() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    // The side comes from the protocol's position (cl-user::*jogador*):
    // the example reaches the start holes whenever it can.
    play_games(&mut e, &solitario_starts(4), 200, 12, &|pos, mv| {
        let AnyPosition::Solitario(p) = pos else {
            unreachable!()
        };
        if p.wins_in_one() {
            let mut after = *p;
            after.play(p.parse_move(mv).unwrap()).unwrap();
            assert!(after.home_winner().is_some(), "{p}: {mv} misses the win");
        }
    });
    let stderr = e.stderr();
    assert!(!stderr.contains("differs"), "{stderr}");
    assert!(!stderr.contains("jogar"), "{stderr}");
}

/// The example student sows the pit of its row (row 0 as it sees the board)
/// that captures most, the first such pit from its left.
fn adji_greedy_check(pos: &AnyPosition, mv: &str) {
    let captured = |m: &str| -> u32 {
        let side = pos.side_to_move().index();
        let after = parse_spec(&format!("fen {} moves {m}", pos.fen()), None).unwrap();
        after.scores()[side] - pos.scores()[side]
    };
    let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    if pos.side_to_move() == tabula::game::Player::Two {
        legal.reverse(); // player 2 sees its row, the bottom one, turned
    }
    let best = legal.iter().map(|m| captured(m)).max().unwrap();
    let expected = legal.iter().find(|m| captured(m) == best).unwrap();
    assert_eq!(mv, expected, "{}", pos.fen());
}

#[test]
fn lisp_example_student_plays_whole_adjiboto_games() {
    needs!(tools::SBCL);
    example_student_plays(&adji_starts(5), 500, 11, &|pos, mv| {
        if mv != "pass" {
            adji_greedy_check(pos, mv)
        }
    });
}

#[test]
fn lisp_blokus_boards_and_rules_match_the_library() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    cross_check(&mut e, &blokus_starts(4), true, 2021);
    // `position lisp` reads the estado (tabuleiro jogador pecas-1 pecas-2).
    let pos = parse_spec("random blokus 5", None).unwrap();
    let lines = shown(&mut e, &format!("position lisp {}", lisp_board(&pos)));
    assert_eq!(info(&lines, "fen"), pos.fen());
    let empty = vec!["00000000000000"; 14].join("/");
    e.send(&format!(
        "position fen blokus {empty} 1 10,10,15 10,10,15 moves c1@a1"
    ));
    e.send(&format!("position fen blokus {empty} 1 11,10,15 10,10,15"));
    e.send(&format!(
        "position fen blokus {empty} 1 10,10,15 10,10,15 variant 2019"
    ));
    assert_errors(&mut e, 3);
    e.assert_only_protocol_output();
}

/// The example student places the largest piece it can (2021 pieces), the
/// first such placement in operator order.
fn blokus_greedy_check(pos: &AnyPosition, mv: &str) {
    let AnyPosition::Blokus(b) = pos else {
        panic!("not blokus")
    };
    let legal = b.legal_moves();
    let size = |m: &tabula::games::Placement| m.piece().map_or(0, |p| p.shape().squares);
    let best = legal.iter().map(size).max().unwrap();
    // b before c1 before c2 (the student's order), then reading order.
    let rank = |m: &tabula::games::Placement| match m.piece.min(3) {
        1 => 0,
        2 => 1,
        3 => 2,
        _ => 3,
    };
    let expected = legal
        .iter()
        .filter(|m| size(m) == best)
        .min_by_key(|m| (rank(m), m.square))
        .unwrap();
    assert_eq!(mv, expected.to_string(), "{}", pos.fen());
}

#[test]
fn lisp_example_student_plays_whole_blokus_games() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let starts: Vec<AnyPosition> = blokus_starts(2)
        .into_iter()
        .filter(|p| !p.fen().ends_with("variant 2017"))
        .collect();
    plays_cleanly(&mut e, &starts, 200, 12, &|pos, mv| {
        if mv != "pass" {
            blokus_greedy_check(pos, mv)
        }
    });
}

/// A project of `tests/data/lisp-projects/` run through the kit (`args`
/// relative to that folder) with its own scratch folder.
struct KitProject {
    engine: Engine,
    scratch: PathBuf,
}

impl KitProject {
    fn start(args: &[&str]) -> KitProject {
        let name = args.last().unwrap().replace(['/', '.'], "-");
        let scratch =
            std::env::temp_dir().join(format!("tabula-kit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        let mut command = Command::new("sbcl");
        command
            .args(["--script", "adapters/lisp/run.lisp"])
            .args(
                args.iter()
                    .map(|a| match a.starts_with("--") || a.starts_with('/') {
                        true => a.to_string(),
                        false => format!("tests/data/lisp-projects/{a}"),
                    }),
            )
            .env("TABULA_SCRATCH", &scratch)
            .current_dir(root());
        let mut engine = Engine::spawn_command(command);
        engine.handshake();
        KitProject { engine, scratch }
    }

    /// The text of a file the project wrote in its scratch folder.
    fn scratch_file(&self, name: &str) -> String {
        std::fs::read_to_string(self.scratch.join(name))
            .unwrap_or_else(|e| panic!("{name} in {}: {e}", self.scratch.display()))
    }
}

impl Drop for KitProject {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// One move the project was asked for.
struct Asked {
    pos: AnyPosition,
    mv: String,
    lines: Vec<String>,
    fallbacks: Vec<(String, String)>,
    elapsed: Duration,
}

/// The project plays one game from each start (player 1 in even games,
/// player 2 in odd ones) against the library's random moves; every
/// `bestmove` legal. Returns every move it was asked for.
fn project_games(e: &mut Engine, starts: &[AnyPosition], movetime: u32, seed: u64) -> Vec<Asked> {
    let mut rng = tabula::random::rng(seed);
    let mut asked = Vec::new();
    for (g, start) in starts.iter().enumerate() {
        e.send("uginewgame");
        let mut pos = *start;
        let mut moves: Vec<String> = Vec::new();
        let side = if g % 2 == 0 {
            tabula::game::Player::One
        } else {
            tabula::game::Player::Two
        };
        while !pos.is_over() && moves.len() < 150 {
            let legal = pos.legal_moves();
            let mv = if pos.side_to_move() == side && legal.len() > 1
                || pos.side_to_move() == side && !legal[0].is_pass()
            {
                e.send(&position_command(start, &moves));
                let started = Instant::now();
                let (mv, lines) = e.go(&format!("go movetime {movetime}"));
                let elapsed = started.elapsed();
                if let Err(err) = pos.parse_legal(&mv) {
                    panic!("game {g}: bestmove {mv}: {err}\n{}", e.stderr());
                }
                let fallbacks = fallbacks(&lines);
                asked.push(Asked {
                    pos,
                    mv: mv.clone(),
                    lines,
                    fallbacks,
                    elapsed,
                });
                mv
            } else {
                legal[pick(&mut rng, legal.len())].to_string()
            };
            pos.play_text(&mv).unwrap();
            moves.push(mv);
        }
    }
    e.assert_only_protocol_output();
    asked
}

/// How many of `asked` the program chose itself, and the replaced ones'
/// kinds.
fn own_share(asked: &[Asked]) -> (usize, Vec<String>) {
    let replaced: Vec<String> = asked
        .iter()
        .flat_map(|a| a.fallbacks.iter().map(|f| f.0.clone()))
        .collect();
    (asked.len() - replaced.len(), replaced)
}

fn knight_starts() -> Vec<AnyPosition> {
    (0..2)
        .map(|s| parse_spec(&format!("random knight {}", 40 + s), None).unwrap())
        .collect()
}

/// Issue 27's patterns, each a project as handed in: every move its own
/// (no `info string fallback`), and the evidence that its code ran.
#[test]
fn lisp_projects_as_handed_in_play_their_own_moves() {
    needs!(tools::SBCL);
    // A log on a logical host C: (make-pathname :host "C" ...).
    let mut p = KitProject::start(&["logical-host/bispo.tabula"]);
    let asked = project_games(&mut p.engine, &knight_starts(), 200, 1);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    assert_eq!(p.scratch_file("LOG.DAT").lines().count(), asked.len());
    assert!(
        p.engine.stderr_has("logical host C"),
        "{}",
        p.engine.stderr()
    );

    // Globals a menu would set, from :globals (a folder and a level).
    let mut p = KitProject::start(&["menu-global/jogo.tabula"]);
    let asked = project_games(&mut p.engine, &knight_starts(), 200, 2);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    let log = p.scratch_file("jogo.log");
    assert_eq!(
        log.lines().filter(|l| l.starts_with("nivel 3 ")).count(),
        asked.len()
    );

    // A Blokus player that reads its stocks: its biggest piece first.
    let mut p = KitProject::start(&["blokus-stocks/blokus.tabula"]);
    let starts = vec![parse_spec("startpos", Some(GameId::Blokus)).unwrap(); 2];
    let asked = project_games(&mut p.engine, &starts, 300, 3);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    let firsts: Vec<&str> = asked
        .iter()
        .filter(|a| a.pos.fen().contains("10,10,15 10,10,15") || a.mv.starts_with("b@m13"))
        .map(|a| a.mv.as_str())
        .collect();
    assert!(
        firsts.contains(&"b@a1") && firsts.contains(&"b@m13"),
        "{firsts:?}"
    );
    p.engine
        .send(&format!("position fen {}", asked[3].pos.fen()));
    p.engine.send("show");
    let shown = p.engine.sync("shown");
    let estado = shown
        .iter()
        .find(|l| l.starts_with("info string estado "))
        .unwrap();
    assert!(!estado.ends_with(" NIL NIL)"), "stocks missing: {estado}");

    // The same player shown every board as player 1 (:view :mover-first:
    // turned 180 degrees, squares and stocks swapped) still plays its own.
    let dir = std::env::temp_dir().join(format!("tabula-kit-blokus-view-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = root().join("tests/data/lisp-projects/blokus-stocks/blokus.lisp");
    std::fs::write(
        dir.join("turned.tabula"),
        format!(
            "(:preset \"2021-blokus\" :files ({:?}) :view :mover-first)",
            file.to_str().unwrap()
        ),
    )
    .unwrap();
    let desc = dir.join("turned.tabula");
    let mut p = KitProject::start(&[desc.to_str().unwrap()]);
    let asked = project_games(&mut p.engine, &starts, 300, 3);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    assert!(
        asked.iter().any(|a| a.mv == "b@m13"),
        "player 2's first piece"
    );
    let _ = std::fs::remove_dir_all(&dir);

    // A Solitario engine that always believes it is player 1, shown the
    // board turned as player 2 (:view :mover-first).
    let mut p = KitProject::start(&["soli-side-guess/adivinha.tabula"]);
    let starts = vec![parse_spec("startpos", Some(GameId::Solitario)).unwrap(); 2];
    let asked = project_games(&mut p.engine, &starts, 200, 4);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    assert!(asked
        .iter()
        .any(|a| a.pos.side_to_move() == tabula::game::Player::Two));
}

/// Time: a project 60 ms over its tempo is not cut off (the arbiter's
/// deadline judges it); one timing itself with CPU time is named; the
/// Adji-boto raw-units pattern gets raw units, from the source.
#[test]
fn lisp_project_clocks_are_read_from_the_source() {
    needs!(tools::SBCL);
    let mut p = KitProject::start(&["overrun/jogo.tabula"]);
    let asked = project_games(&mut p.engine, &knight_starts(), 300, 5);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    // tempo + 60 ms is past the movetime: the kit let it finish.
    assert!(asked
        .iter()
        .all(|a| a.elapsed >= Duration::from_millis(300)));

    let mut p = KitProject::start(&["clock-cpu/jogo.tabula"]);
    let asked = project_games(&mut p.engine, &knight_starts(), 200, 6);
    assert_eq!(
        own_share(&asked),
        (asked.len(), vec![]),
        "{}",
        p.engine.stderr()
    );
    let cpu: Vec<&String> = asked
        .iter()
        .flat_map(|a| &a.lines)
        .filter(|l| l.starts_with("info string cputime "))
        .collect();
    assert_eq!(cpu.len(), 1, "{cpu:?}");
    assert!(
        cpu[0].contains("get-internal-run-time") && cpu[0].contains("agora"),
        "{cpu:?}"
    );
    let clock: Vec<&String> = asked
        .iter()
        .flat_map(|a| &a.lines)
        .filter(|l| l.starts_with("info string clock "))
        .collect();
    assert_eq!(clock.len(), 1, "{clock:?}");
    // The source decides; the probes at the first moves confirm it.
    assert!(
        clock[0].starts_with("info string clock ms: the source converts")
            && clock[0].contains("confirmed by the probe"),
        "{clock:?}"
    );

    for _ in 0..2 {
        let mut p = KitProject::start(&["adji-raw/adji.tabula"]);
        let asked = project_games(&mut p.engine, &adji_starts(1), 300, 7);
        assert_eq!(
            own_share(&asked),
            (asked.len(), vec![]),
            "{}",
            p.engine.stderr()
        );
        let clock: Vec<&String> = asked
            .iter()
            .flat_map(|a| &a.lines)
            .filter(|l| l.starts_with("info string clock "))
            .collect();
        assert_eq!(clock.len(), 1, "{clock:?}");
        assert!(
            clock[0].starts_with("info string clock internal: the source compares raw")
                && !clock[0].contains("DISAGREES"),
            "{clock:?}"
        );
        // In raw units it weighs every root move (2 ms each); read as
        // milliseconds it would stop after the first.
        let weighed: u64 = asked
            .iter()
            .map(|a| {
                a.lines
                    .iter()
                    .find_map(|l| l.strip_prefix("info depth "))
                    .unwrap_or_else(|| panic!("no depth: {:?}", a.lines))
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert!(
            weighed >= 3 * asked.len() as u64,
            "{weighed} for {} moves",
            asked.len()
        );
    }
}

/// A project that answers NIL whenever its own score is odd: exactly those
/// moves are replaced, each announced `info string fallback nomove`.
#[test]
fn lisp_project_without_a_move_has_its_replaced_moves_counted() {
    needs!(tools::SBCL);
    let mut p = KitProject::start(&["no-move/jogo.tabula"]);
    let starts: Vec<AnyPosition> = (0..4)
        .map(|s| parse_spec(&format!("random knight {}", 60 + s), None).unwrap())
        .collect();
    let asked = project_games(&mut p.engine, &starts, 200, 8);
    let mut expected = 0;
    for a in &asked {
        let fen = a.pos.fen();
        let words: Vec<&str> = fen.split(' ').collect();
        let [side, s1, s2] = [words[2], words[3], words[4]];
        let mine: u32 = if side == "w" { s1 } else { s2 }.parse().unwrap();
        let replaced = mine % 2 == 1;
        expected += replaced as usize;
        let kinds: Vec<&str> = a.fallbacks.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            kinds,
            if replaced { vec!["nomove"] } else { vec![] },
            "{fen}: {:?}",
            a.lines
        );
        if replaced {
            assert_eq!(a.mv, a.pos.legal_moves()[0].to_string());
            assert!(
                a.fallbacks[0].1.starts_with("jogar returned NIL"),
                "{:?}",
                a.fallbacks
            );
        }
    }
    let (own, replaced) = own_share(&asked);
    assert!(expected > 0 && own > 0, "{expected} of {}", asked.len());
    assert_eq!((own, replaced.len()), (asked.len() - expected, expected));
}

/// A logical host the loader could not see in the source (built at run
/// time) is named as such, not as a wrong estado.
#[test]
fn lisp_missing_logical_host_is_told_from_a_wrong_estado() {
    needs!(tools::SBCL);
    let path = student_file(
        "host.lisp",
        "(defun jogar (estado tempo) (open (make-pathname :host (concatenate 'string \"Z\" \"Q\") :name \"LOG\") :direction :output))",
    );
    let mut e = lisp(&[path.arg()]);
    e.handshake();
    e.send("position fen knight 01,02,03,04,05,06,07,08,09,10/11,12,13,14,15,16,17,18,19,20/21,22,23,24,25,26,27,28,29,30/31,32,33,34,35,36,37,38,39,40/41,42,43,44,45,46,47,48,49,50/51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70/71,72,73,74,75,76,77,78,79,80/81,82,83,84,85,86,87,88,89,90/91,92,93,94,95,96,97,98,99,00 w 0 0");
    let (_, lines) = e.go("go movetime 300");
    let said = fallbacks(&lines);
    assert_eq!(said.len(), 1, "{lines:?}");
    assert_eq!(said[0].0, "error");
    assert!(said[0].1.contains("logical host"), "{said:?}");
    assert!(!said[0].1.contains("is the estado the one"), "{said:?}");
}

/// A project whose source does not tell its clock units is probed at its
/// first moves until two probes agree; the decision is recorded beside
/// the description and every later run reads it.
#[test]
fn lisp_probed_clock_is_recorded_beside_the_description() {
    needs!(tools::SBCL);
    let dir = std::env::temp_dir().join(format!("tabula-kit-probe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rules =
        std::fs::read_to_string(root().join("tests/data/lisp-projects/clock-raw/regras.lisp"))
            .unwrap();
    std::fs::write(dir.join("regras.lisp"), rules).unwrap();
    // Raw units in jogar, a conversion elsewhere: the source cannot tell.
    let project =
        std::fs::read_to_string(root().join("tests/data/lisp-projects/clock-raw/projeto.lisp"))
            .unwrap()
            + "\n(defun segundos () (/ (get-internal-real-time) internal-time-units-per-second))\n";
    std::fs::write(dir.join("projeto.lisp"), project).unwrap();
    std::fs::write(
        dir.join("projeto.tabula"),
        "(:preset \"2023-knight\" :files (\"projeto.lisp\"))",
    )
    .unwrap();
    let desc = dir.join("projeto.tabula");
    let run = |moves: usize| {
        let mut command = Command::new("sbcl");
        command
            .args(["--script", "adapters/lisp/run.lisp", desc.to_str().unwrap()])
            .current_dir(root());
        let mut e = Engine::spawn_command(command);
        e.handshake();
        let start = parse_spec("random knight 44", None).unwrap();
        let mut clock = Vec::new();
        let mut pos = start;
        let mut played = Vec::new();
        for _ in 0..moves {
            if pos.is_over() {
                break;
            }
            e.send(&position_command(&start, &played));
            let (mv, lines) = e.go("go movetime 600");
            assert!(fallbacks(&lines).is_empty(), "{lines:?}");
            clock.extend(
                lines
                    .into_iter()
                    .filter(|l| l.starts_with("info string clock ")),
            );
            pos.play_text(&mv).unwrap();
            played.push(mv);
        }
        clock
    };
    let first = run(4);
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(
        first[0].starts_with("info string clock internal: probed "),
        "{first:?}"
    );
    let record = std::fs::read_to_string(dir.join("projeto.tabula-clock")).unwrap();
    assert!(record.contains(":CLOCK :INTERNAL"), "{record}");
    let again = run(1);
    assert_eq!(again.len(), 1, "{again:?}");
    assert!(
        again[0].starts_with("info string clock internal: recorded in projeto.tabula-clock"),
        "{again:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Python example announces a move its player did not choose.
#[test]
fn python_announces_replaced_moves() {
    needs!(tools::PYTHON);
    let knight = parse_spec("random knight 21", None).unwrap();
    let first = knight.legal_moves()[0].to_string();
    for (player, kind) in [
        ("lambda *a: 1 // 0", "error"),
        ("lambda *a: None", "nomove"),
        ("lambda *a: 'x'", "illegal"),
    ] {
        let mut command = Command::new("python3");
        command
            .args([
                "-c",
                &format!("import sys; sys.path.insert(0, 'adapters/python'); import example_engine as m; m.choose_move = {player}; m.main()"),
            ])
            .current_dir(root());
        let mut e = Engine::spawn_command(command);
        e.handshake();
        e.send(&format!("position fen {knight}"));
        let (mv, lines) = e.go("go movetime 200");
        assert_eq!(mv, first);
        let said = fallbacks(&lines);
        assert_eq!(said.len(), 1, "{lines:?}");
        assert_eq!(said[0].0, kind, "{lines:?}");
    }
    // Its own moves are never announced.
    let mut e = python();
    e.handshake();
    e.send(&format!("position fen {knight}"));
    let (_, lines) = e.go("go movetime 200");
    assert!(fallbacks(&lines).is_empty(), "{lines:?}");
}

#[test]
fn lisp_queries_follow_the_game() {
    needs!(tools::SBCL);
    let mut e = lisp(&[]);
    e.handshake();
    let start = parse_spec("random knight 31", None).unwrap();
    let mut rng = tabula::random::rng(31);
    let mut pos = start;
    let mut moves: Vec<String> = Vec::new();
    loop {
        e.send(&position_command(&start, &moves));
        for query in ["gameover", "p1turn", "result"] {
            e.send(&format!("query {query}"));
        }
        let lines = e.sync("q");
        let expected = [
            format!("response {}", pos.is_over()),
            format!(
                "response {}",
                pos.side_to_move() == tabula::game::Player::One
            ),
            format!(
                "response {}",
                pos.outcome().map_or("none".to_string(), |o| o.to_string())
            ),
        ];
        assert_eq!(lines, expected, "moves {moves:?}");
        if pos.is_over() {
            // A finished game: `go` answers at once with no move, even
            // `go infinite`.
            let (mv, _) = e.go("go movetime 100");
            assert_eq!(mv, "none");
            let (mv, _) = e.go("go infinite");
            assert_eq!(mv, "none");
            break;
        }
        let legal = pos.legal_moves();
        let mv = legal[pick(&mut rng, legal.len())].to_string();
        pos.play_text(&mv).unwrap();
        moves.push(mv);
    }
}

// ---------------------------------------------------------------------------
// The Python example engine
// ---------------------------------------------------------------------------

#[test]
fn python_handshake_isready_errors_and_quit() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    e.send("uci");
    assert_eq!(
        e.recv_until_prefix("uciok", PATIENCE).last().unwrap(),
        "uciok"
    );
    assert!(e.sync("x y").is_empty());
    e.send("isready crlf\r");
    assert_eq!(e.recv(PATIENCE), "readyok crlf");
    e.send_raw(b"\xff\xfe bad\n");
    let lines = e.sync("bytes");
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string error "),
        "{lines:?}"
    );
    for bad in [
        "frobnicate",
        "position fen knight 1,2 w 0 0",
        "position fen dots 2x2 00/00/00 00/00/00 1 0 0",
        "setoption name Nope value 1",
        "go movetime",
    ] {
        e.send(bad);
        let lines = e.sync("bad");
        assert!(
            lines.iter().any(|l| l.starts_with("info string error ")),
            "{bad}: {lines:?}"
        );
    }
    e.send("quit");
    e.expect_clean_exit();
    e.assert_only_protocol_output();
}

#[test]
fn python_go_is_refused_without_a_position_and_answers_none_at_the_end() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    e.send("go movetime 100");
    let lines = e.sync("refused");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error go: no position"),
        "{lines:?}"
    );
    // Malformed arguments: refused too.
    let fen = parse_spec("random knight 32", None).unwrap().fen();
    e.send(&format!("position fen {fen}"));
    for bad in ["go movetime soon", "go movetime 0"] {
        e.send(bad);
        let lines = e.sync("malformed");
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error go: "),
            "{bad}: {lines:?}"
        );
    }
    // Random play to the end of a knight game, then `go`.
    let start = parse_spec("random knight 32", None).unwrap();
    let mut rng = tabula::random::rng(32);
    let mut pos = start;
    let mut moves: Vec<String> = Vec::new();
    while !pos.is_over() {
        let legal = pos.legal_moves();
        let mv = legal[pick(&mut rng, legal.len())].to_string();
        pos.play_text(&mv).unwrap();
        moves.push(mv);
    }
    e.send(&position_command(&start, &moves));
    let (mv, _) = e.go("go movetime 100");
    assert_eq!(mv, "none");
    e.assert_only_protocol_output();
}

#[test]
fn python_exits_at_end_of_input() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    e.close_stdin();
    e.expect_clean_exit();
}

#[test]
fn python_rules_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    let mut starts: Vec<AnyPosition> = starts()
        .into_iter()
        .filter(|p| p.game() != GameId::Dots)
        .collect();
    starts.extend(galo3d_starts(4));
    cross_check(&mut e, &starts, false, 77);
}

#[test]
fn python_plays_whole_knight_bishop_and_torre_games() {
    needs!(tools::PYTHON);
    let mut starts = game_starts(GameId::Knight, 3);
    starts.extend(game_starts(GameId::Bishop, 3));
    starts.extend(game_starts(GameId::Torre, 3));
    python_plays_greedy_then_random(&starts, 5);
}

/// Adji-boto starts: the start position and seeded random boards.
fn adjiboto_starts(count: u64) -> Vec<AnyPosition> {
    let mut out = vec![parse_spec("fen adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0", None).unwrap()];
    out.extend(game_starts(GameId::Adjiboto, count));
    out
}

#[test]
fn python_adjiboto_rules_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    cross_check(&mut e, &adjiboto_starts(3), false, 80);
    let start = "adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0";
    for bad in [
        "position fen adjiboto 8,8,8,8,8 8,8,8,8,8,8 1 0 0".to_string(),
        "position fen adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 3 0 0".to_string(),
        "position fen adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 1 0".to_string(),
        format!("position fen {start} moves b1"),
        format!("position fen {start} moves t1 t1"),
        format!("position fen {start} moves pass"),
        format!("position fen {start} moves t7"),
    ] {
        refused_position(&mut e, &bad);
    }
    // Any case on input; the rules file's example F = b6 captures d.
    let lines = shown(
        &mut e,
        "position fen adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 2 0 0 moves B6",
    );
    assert_eq!(
        info(&lines, "fen"),
        "adjiboto 4,6,0,9,9,5 4,3,8,5,8,0 1 0 1"
    );
    e.assert_only_protocol_output();
}

#[test]
fn python_plays_whole_adjiboto_games() {
    needs!(tools::PYTHON);
    let starts = adjiboto_starts(3);
    python_plays_greedy_then_random(&starts, 17);
}

/// Blokus starts: the start of both variants and seeded openings.
fn blokus_starts(count: u64) -> Vec<AnyPosition> {
    let empty = vec!["00000000000000"; 14].join("/");
    let mut out = vec![
        parse_spec(&format!("fen blokus {empty} 1 10,10,15 10,10,15"), None).unwrap(),
        parse_spec(
            &format!("fen blokus {empty} 1 10,10,15 10,10,15 variant 2017"),
            None,
        )
        .unwrap(),
    ];
    out.extend(game_starts(GameId::Blokus, count));
    out
}

#[test]
fn python_blokus_rules_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    cross_check(&mut e, &blokus_starts(3), false, 81);
    let empty = vec!["00000000000000"; 14].join("/");
    let start = format!("blokus {empty} 1 10,10,15 10,10,15");
    for bad in [
        format!("position fen {start} moves c1@a1"),
        format!("position fen {start} moves pass"),
        format!("position fen {start} moves b@a1 b@a3"),
        format!("position fen {start} moves x@a1"),
        format!("position fen {}", start.replace(" 1 ", " 3 ")),
    ] {
        refused_position(&mut e, &bad);
    }
    // The interface's worked position, any case on input.
    let lines = shown(
        &mut e,
        &format!("position fen {start} moves B@A1 c2@m12 C1@c3"),
    );
    assert!(
        info(&lines, "fen").ends_with(" 2 10,9,14 10,10,14"),
        "{lines:?}"
    );
    e.assert_only_protocol_output();
}

#[test]
fn python_plays_whole_blokus_games() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    let starts = blokus_starts(1);
    play_games(&mut e, &starts, 200, 19, &greedy_check);
    assert!(e.stderr().is_empty(), "{}", e.stderr());
}

#[test]
fn python_quatro_rules_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    cross_check(&mut e, &quatro_starts(24), false, 78);
    let empty = "quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1";
    for bad in [
        "position fen quatro brao,brao,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1".to_string(),
        "position fen quatro brao,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1".to_string(),
        "position fen quatro xrao,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1".to_string(),
        format!("position fen {} 3", &empty[..empty.len() - 2]),
        format!("position fen {empty} moves brao@a1 brao@b1"),
        format!("position fen {empty} moves brao@a1 prao@a1"),
        format!("position fen {empty} moves brao@e1"),
        format!("position fen {empty} moves brao"),
    ] {
        refused_position(&mut e, &bad);
    }
    // Any case on input, lowercase on output; a won board has no move.
    e.send(&format!(
        "position fen {empty} moves BRAO@A1 prao@b1 brbo@c1 pqbc@a4 prbo@d1"
    ));
    e.send("show");
    e.send("legal");
    let lines = e.sync("won");
    assert_eq!(
        info(&lines, "fen"),
        "quatro brao,prao,brbo,prbo/-,-,-,-/-,-,-,-/pqbc,-,-,- 2"
    );
    assert_eq!(
        lines[1], "info string legal",
        "no move once a line wins: {lines:?}"
    );
    let (mv, _) = e.go("go movetime 100");
    assert_eq!(mv, "none");
    e.assert_only_protocol_output();
}

/// 3-D noughts and crosses starts: the empty board and seeded openings.
fn galo3d_starts(count: u64) -> Vec<AnyPosition> {
    let mut out =
        vec![parse_spec("fen galo3d ---,---,---/---,---,---/---,---,--- x", None).unwrap()];
    out.extend(game_starts(GameId::Galo3d, count));
    out
}

#[test]
fn python_plays_whole_galo3d_games() {
    needs!(tools::PYTHON);
    let starts = galo3d_starts(5);
    python_plays_greedy_then_random(&starts, 21);
}

#[test]
fn python_plays_whole_quatro_games() {
    needs!(tools::PYTHON);
    let starts = quatro_starts(7);
    python_plays_greedy_then_random(&starts, 15);
}

/// `perft` (per move and total) and `query` answered as the library does,
/// along random playouts of every game the example plays.
#[test]
fn python_perft_and_queries_match_the_library() {
    needs!(tools::PYTHON);
    let mut e = python();
    e.handshake();
    let mut starts = game_starts(GameId::Knight, 2);
    starts.extend(game_starts(GameId::Bishop, 2));
    starts.extend(game_starts(GameId::Torre, 2));
    starts.extend(galo3d_starts(2));
    starts.extend(quatro_starts(4));
    starts.extend(adjiboto_starts(1));
    starts.extend(solitario_starts(1));
    let mut rng = tabula::random::rng(79);
    for (g, start) in starts.iter().enumerate() {
        let mut pos = *start;
        let mut moves: Vec<String> = Vec::new();
        loop {
            let depth = if pos.game() == GameId::Quatro && moves.len() < 4 {
                1
            } else {
                2
            };
            e.send(&position_command(start, &moves));
            e.send("query gameover");
            e.send("query p1turn");
            e.send("query result");
            e.send(&format!("perft {depth}"));
            let lines = e.sync(&format!("g{g}p{}", moves.len()));
            let context = format!("game {g} {}, moves {moves:?}: {lines:?}", start.fen());
            let result = match pos.outcome() {
                None => "none",
                Some(tabula::game::Outcome::Draw) => "draw",
                Some(tabula::game::Outcome::Win(tabula::game::Player::One)) => "p1win",
                Some(tabula::game::Outcome::Win(tabula::game::Player::Two)) => "p2win",
            };
            let mut expected = vec![
                format!("response {}", pos.is_over()),
                format!(
                    "response {}",
                    pos.side_to_move() == tabula::game::Player::One
                ),
                format!("response {result}"),
            ];
            for m in pos.legal_moves() {
                let mut child = pos;
                child.play_text(&m.to_string()).unwrap();
                expected.push(format!("{m} {}", child.perft(depth - 1)));
            }
            expected.push(format!("perft {depth} {}", pos.perft(depth)));
            assert_eq!(lines, expected, "{context}");
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[pick(&mut rng, legal.len())].to_string();
            pos.play_text(&mv).unwrap();
            moves.push(mv);
        }
    }
    for bad in ["perft", "perft 0", "perft x", "query", "query who"] {
        e.send(bad);
        let lines = e.sync("bad");
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string error "),
            "{bad}: {lines:?}"
        );
    }
    // (No assert_only_protocol_output: `response` and perft's `<move>
    // <count>` lines are protocol lines too, all compared above.)
    assert!(e.stderr().is_empty(), "{}", e.stderr());
}

/// `scripts/random_board.py`, the Python reference of the seeded random
/// boards (protocol.md §7), against the engine's `position random …`: many
/// seeds of every game it covers, Quatro, Adji-boto and 3-D noughts and
/// crosses (duel and puzzle) included.
#[test]
fn python_random_board_reference_matches_the_engine() {
    needs!(tools::PYTHON);
    let out = Command::new("python3")
        .arg("scripts/random_board.py")
        .arg("--check")
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(root())
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = format!("{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{report}");
    assert!(stdout.contains(" 0 mismatches"), "{report}");
    let tally = stdout
        .lines()
        .find_map(|l| l.strip_prefix("cases per game: "))
        .unwrap_or_else(|| panic!("no tally: {report}"));
    for game in [
        "knight",
        "bishop",
        "torre",
        "dots",
        "quatro",
        "quatro-solo",
        "adjiboto",
        "adjiboto-solo",
        "solitario",
        "blokus",
        "blokus-solo",
        "galo3d",
        "galo3d-solo",
    ] {
        let count: usize = tally
            .split(", ")
            .find_map(|g| g.strip_prefix(game)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("{game} not compared: {report}"));
        assert!(
            count >= 40,
            "{game}: only {count} boards compared: {report}"
        );
    }
}

/// The skipping itself, run on any machine: with a PATH that hides every
/// outside program, a Lisp test and a Python test each pass with one line
/// naming the test, the program and its package; under
/// `TABULA_REQUIRE_TOOLS=1` the same tests fail.
#[test]
fn tests_skip_visibly_without_their_programs_unless_required() {
    tools::assert_skips_visibly("lisp_handshake_isready_and_quit", &tools::SBCL);
    tools::assert_skips_visibly("python_exits_at_end_of_input", &tools::PYTHON);
}
