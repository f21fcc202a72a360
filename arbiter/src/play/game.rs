//! One game between two players, refereed by the `tabula` rules.
//!
//! The loop, for each ply: if the position is over, the game ends `normal`ly;
//! otherwise the side to move is pinged (`isready`, else `stall`), sent the
//! start position and the moves so far and `go`, and its `bestmove` is parsed
//! (`malformed` if it is not a move of the game), checked by the rules
//! (`illegal`), and charged to its clock (`timeout` under the strict policy).
//! Any fault loses the game for the side at fault, whatever the score.
//!
//! A person is just another seat ([`Seat::Console`], see [`crate::play::human`]):
//! on its turn the loop asks it for an [`Action`] — a move (checked like any
//! other), a take-back, resigning or leaving — and tells it of every move.

use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, Fault, SearchInfo, Timeouts};
use crate::play::clock::{GameClock, TimeControl};
use crate::results::record::{GameKey, GameRecord, Late, ReplacedMove};
use crate::results::result::{Offender, OnReplaced, Reason, Side, Winner};
use std::path::PathBuf;
use std::time::Instant;
use tabula::game::{MoveError, Outcome, Player};
use tabula::games::{AnyMove, AnyPosition};
use tabula::protocol::command::Command;

/// Everything that defines one game.
#[derive(Clone, Debug)]
pub(crate) struct GameSpec {
    pub(crate) tournament: String,
    pub(crate) key: GameKey,
    pub(crate) start: AnyPosition,
    /// Player 1's and player 2's names.
    pub(crate) names: [String; 2],
    pub(crate) tc: [TimeControl; 2],
}

/// How the games are refereed.
#[derive(Clone, Debug)]
pub struct Settings {
    pub timeouts: Timeouts,
    /// Plies before the game is adjudicated on the score (`maxlength`).
    pub max_plies: usize,
    /// Keep every game's engine traffic, not only faulted games'.
    pub debug: bool,
    /// Where traffic logs go (none kept without it).
    pub log_dir: Option<PathBuf>,
    /// What a move its program did not choose costs.
    pub on_replaced: OnReplaced,
}

/// A player seated at the board.
pub(crate) enum Seat {
    Builtin(Builtin),
    /// An external engine, or why it could not be started.
    External(Result<Engine, Fault>),
    /// A person at a console (no clock).
    Console(Box<dyn Console>),
}

/// What a console player does on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// A move in the game's notation (checked by the rules like any other).
    Move(String),
    /// Take back the last n plies (both sides'); the loop asks again.
    TakeBack(usize),
    /// Give up: the opponent wins (`resign`).
    Resign,
    /// Leave the game (`quit`, end of input): the opponent wins (`resign`).
    Quit(String),
}

/// A player asked through a console, for people (see [`crate::play::human`]).
pub(crate) trait Console {
    /// The action on its turn; `history` is the moves from `start` to `pos`.
    fn action(&mut self, start: &AnyPosition, history: &[String], pos: &AnyPosition) -> Action;
    /// Another player starts thinking in `pos`.
    fn waiting(&mut self, pos: &AnyPosition);
    /// `mv` was played in `before` (by its side to move); the mover's last
    /// report and its thinking time.
    fn played(&mut self, before: &AnyPosition, mv: &str, info: &SearchInfo, elapsed_ms: u64);
}

/// What a game leaves: its record (`None` if interrupted), the engines
/// that may play again (faulted ones are killed) and the built-in players
/// (whose searchers a tournament's worker lends to its next game).
pub(crate) struct Played {
    pub(crate) record: Option<GameRecord>,
    pub(crate) seats: [Option<Engine>; 2],
    pub(crate) builtins: [Option<Builtin>; 2],
}

struct End {
    winner: Option<Player>,
    reason: Reason,
    offender: Option<Offender>,
    detail: Option<String>,
    overrun_ms: Option<u64>,
}

impl End {
    fn fault(side: Player, fault: Fault) -> Option<End> {
        let (reason, detail, overrun) = match fault {
            Fault::Startup(d) => (Reason::Startup, d.to_string(), None),
            Fault::Stall(d) => (Reason::Stall, d.to_string(), None),
            Fault::Timeout { overrun_ms, detail } => (Reason::Timeout, detail, Some(overrun_ms)),
            Fault::Crash(d) => (Reason::Crash, d, None),
            Fault::Malformed(d) => (Reason::Malformed, d, None),
            Fault::Illegal(d) => (Reason::Illegal, d, None),
            Fault::Interrupted => return None,
        };
        Some(End {
            winner: Some(side.other()),
            reason,
            offender: Some(Offender::Side(side.into())),
            detail: Some(detail),
            overrun_ms: overrun,
        })
    }
}

/// Plays one game.
pub(crate) fn play(spec: &GameSpec, seats: [Seat; 2], settings: &Settings) -> Played {
    play_watched(spec, seats, settings, None)
}

/// Called with each move as it is played: its ply (0-based) and its text.
pub(crate) type OnMove = Box<dyn FnMut(usize, &str) + Send>;

/// [`play`], telling `on_move` each move as it is played (a tournament's
/// move events).
pub(crate) fn play_watched(
    spec: &GameSpec,
    seats: [Seat; 2],
    settings: &Settings,
    on_move: Option<OnMove>,
) -> Played {
    let started = Instant::now();
    let mut pos = spec.start;
    let mut clock = GameClock::new(spec.tc);
    let mut plies = Plies {
        on_move,
        ..Plies::default()
    };
    let (mut players, startup) = take_seats(seats, started);
    let end: Option<End> = match startup {
        [Some(Fault::Interrupted), _] | [_, Some(Fault::Interrupted)] => None,
        [Some(a), Some(b)] => Some(End {
            winner: None,
            reason: Reason::Startup,
            offender: Some(Offender::Both),
            detail: Some(format!("p1: {a}; p2: {b}")),
            overrun_ms: None,
        }),
        [Some(a), None] => End::fault(Player::One, a),
        [None, Some(b)] => End::fault(Player::Two, b),
        [None, None] => play_moves(
            spec,
            &mut players,
            &mut pos,
            &mut clock,
            settings,
            &mut plies,
        ),
    };
    let Some(end) = end else {
        for p in players.into_iter().flatten() {
            if let Mover::External(e) = p {
                e.kill();
            }
        }
        return Played {
            record: None,
            seats: [None, None],
            builtins: [None, None],
        };
    };
    let faulted = end.offender.is_some();
    let log = if faulted || settings.debug {
        write_log(spec, &players, &end, settings)
    } else {
        None
    };
    let (seats, builtins) = leave_seats(players, end.offender);
    let record = game_record(spec, &pos, end, plies, log, started);
    Played {
        record: Some(record),
        seats,
        builtins,
    }
}

/// Seats the players for a new game (`started`: the time its engines' logs
/// count from); an engine that could not start, or died since its last
/// game, leaves its seat empty and its fault.
fn take_seats(seats: [Seat; 2], started: Instant) -> ([Option<Mover>; 2], [Option<Fault>; 2]) {
    let mut players: [Option<Mover>; 2] = [None, None];
    let mut startup: [Option<Fault>; 2] = [None, None];
    for (i, seat) in seats.into_iter().enumerate() {
        match seat {
            Seat::Builtin(b) => players[i] = Some(Mover::Builtin(b)),
            Seat::External(Ok(mut e)) => {
                e.log.reset(started);
                match e.new_game() {
                    Ok(()) => players[i] = Some(Mover::External(e)),
                    Err(f) => {
                        // Died since its last game: a crash, not a startup failure.
                        e.kill();
                        startup[i] = Some(match f {
                            f @ (Fault::Stall(_) | Fault::Crash(_)) => {
                                Fault::Crash(format!("before the game: {f}"))
                            }
                            other => other,
                        });
                    }
                }
            }
            Seat::External(Err(f)) => startup[i] = Some(f),
            Seat::Console(c) => players[i] = Some(Mover::Console(c)),
        }
    }
    (players, startup)
}

/// What the players leave when the game is over: the engines that may play
/// again (those at fault, `offender`, are killed) and the built-in players.
fn leave_seats(
    players: [Option<Mover>; 2],
    offender: Option<Offender>,
) -> ([Option<Engine>; 2], [Option<Builtin>; 2]) {
    let [p1, p2] = players;
    let mut builtins = [None, None];
    let mut keep = |p: Option<Mover>, me: Side| -> Option<Engine> {
        match p {
            Some(Mover::External(e)) => {
                if offender.is_some_and(|o| o.includes(me)) {
                    e.kill();
                    None
                } else {
                    Some(e)
                }
            }
            Some(Mover::Builtin(b)) => {
                builtins[usize::from(me == Side::P2)] = Some(b);
                None
            }
            _ => None,
        }
    };
    let seats = [keep(p1, Side::P1), keep(p2, Side::P2)];
    (seats, builtins)
}

/// The record of the game that ended in `pos` as `end` says, after
/// `plies`; `log`: its traffic log.
fn game_record(
    spec: &GameSpec,
    pos: &AnyPosition,
    end: End,
    plies: Plies,
    log: Option<String>,
    started: Instant,
) -> GameRecord {
    let [score1, score2] = pos.scores();
    let replaced = [plies.replaced_by(Side::P1), plies.replaced_by(Side::P2)];
    let mut detail = end.detail;
    if end.reason != Reason::Replaced && !plies.replaced.is_empty() {
        // Counted, not lost: the reasons still show where the teacher looks.
        let note = replaced_note(&plies.replaced);
        detail = Some(match detail {
            Some(d) => format!("{d}; {note}"),
            None => note,
        });
    }
    GameRecord {
        tournament: spec.tournament.clone(),
        key: spec.key,
        numbers: spec.key,
        game: pos.game().to_string(),
        p1: spec.names[0].clone(),
        p2: spec.names[1].clone(),
        winner: Winner::of(end.winner),
        reason: end.reason,
        offender: end.offender,
        detail,
        overrun_ms: end.overrun_ms,
        start: spec.start.fen(),
        moves: plies.moves,
        score1,
        score2,
        times_ms: plies.times,
        cpu_ms: plies.cpu,
        info: plies.infos,
        late: plies.late,
        log,
        duration_ms: started.elapsed().as_millis() as u64,
        replaced1: Some(replaced[0]),
        replaced2: Some(replaced[1]),
        replaced: plies.replaced,
    }
}

/// The first five `replaced` moves, and how many more.
fn replaced_note(replaced: &[ReplacedMove]) -> String {
    let mut list: Vec<String> = replaced
        .iter()
        .take(5)
        .map(|r| format!("{} ply {} {} ({})", r.side, r.ply, r.mv, r.reason))
        .collect();
    if replaced.len() > 5 {
        list.push(format!("{} more (see `replaced`)", replaced.len() - 5));
    }
    format!("replaced moves: {}", list.join("; "))
}

/// A seat once the game has started.
enum Mover {
    Builtin(Builtin),
    External(Engine),
    Console(Box<dyn Console>),
}

/// Tells every console player of an event.
fn tell(players: &mut [Option<Mover>; 2], mut f: impl FnMut(&mut dyn Console)) {
    for p in players.iter_mut().flatten() {
        if let Mover::Console(c) = p {
            f(c.as_mut());
        }
    }
}

/// What a game has recorded, ply by ply: the moves, the time each took,
/// what its mover reported, and the late ones (lenient time).
#[derive(Default)]
struct Plies {
    moves: Vec<String>,
    times: Vec<u64>,
    cpu: Vec<Option<u64>>,
    infos: Vec<SearchInfo>,
    late: Vec<Late>,
    /// Moves their programs did not choose.
    replaced: Vec<ReplacedMove>,
    /// Told each move as it is played.
    on_move: Option<OnMove>,
}

impl Plies {
    fn push(&mut self, mv: String, elapsed_ms: u64, cpu_ms: Option<u64>, info: SearchInfo) {
        if let Some(f) = self.on_move.as_mut() {
            f(self.moves.len(), &mv);
        }
        self.moves.push(mv);
        self.times.push(elapsed_ms);
        self.cpu.push(cpu_ms);
        self.infos.push(info);
    }

    /// Keeps the first `keep` plies (a take-back).
    fn truncate(&mut self, keep: usize) {
        self.moves.truncate(keep);
        self.times.truncate(keep);
        self.cpu.truncate(keep);
        self.infos.truncate(keep);
        self.late.retain(|l| l.ply < keep);
        self.replaced.retain(|r| r.ply < keep);
    }

    /// How many of `side`'s moves were replaced.
    fn replaced_by(&self, side: Side) -> u32 {
        self.replaced.iter().filter(|r| r.side == side).count() as u32
    }
}

/// A move as a seat gave it: its text, the line it came in (for fault
/// messages), the time it took and what the mover reported.
struct Answer {
    text: String,
    line: String,
    elapsed_ms: u64,
    cpu_ms: Option<u64>,
    info: SearchInfo,
    /// The adapter's `info string fallback` reason: not the program's move.
    fallback: Option<String>,
}

/// What a seat's turn came to.
enum Turn {
    Move(Answer),
    /// A person took back this many plies.
    TakeBack(usize),
    /// The game ended (`None`: interrupted).
    End(Option<End>),
}

/// The end of the game by its rules or by the ply limit, if it has come.
fn rules_end(pos: &AnyPosition, plies: usize, max_plies: usize) -> Option<End> {
    if let Some(outcome) = pos.outcome() {
        return Some(End {
            winner: match outcome {
                Outcome::Win(p) => Some(p),
                Outcome::Draw => None,
            },
            reason: Reason::Normal,
            offender: None,
            detail: None,
            overrun_ms: None,
        });
    }
    if plies < max_plies {
        return None;
    }
    let [a, b] = pos.scores();
    Some(End {
        winner: match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        },
        reason: Reason::MaxLength,
        offender: None,
        detail: Some(format!(
            "adjudicated on the score at the ply limit ({max_plies})"
        )),
        overrun_ms: None,
    })
}

/// Asks the seat `player` (of `side`) for its move in `pos`.
fn ask(
    spec: &GameSpec,
    player: &mut Mover,
    pos: &AnyPosition,
    plies: &Plies,
    clock: &GameClock,
    t: &Timeouts,
) -> Turn {
    let side = pos.side_to_move();
    let i = side.index();
    let t0 = Instant::now();
    match player {
        Mover::Console(c) => match c.action(&spec.start, &plies.moves, pos) {
            Action::Move(mv) => Turn::Move(Answer {
                text: mv.clone(),
                line: mv,
                elapsed_ms: t0.elapsed().as_millis() as u64,
                cpu_ms: None,
                info: SearchInfo::default(),
                fallback: None,
            }),
            Action::TakeBack(n) => Turn::TakeBack(n),
            action @ (Action::Resign | Action::Quit(_)) => {
                let who = Side::from(side);
                let detail = match action {
                    Action::Quit(why) => format!("{who} left the game ({why})"),
                    _ => format!("{who} resigned"),
                };
                Turn::End(Some(End {
                    winner: Some(side.other()),
                    reason: Reason::Resign,
                    offender: None,
                    detail: Some(detail),
                    overrun_ms: None,
                }))
            }
        },
        Mover::Builtin(b) => {
            let cpu0 = thread_cpu();
            let (mv, info) = b.choose(pos, &clock.search_limits(i));
            let cpu_ms = thread_cpu()
                .zip(cpu0)
                .map(|(a, b)| a.saturating_sub(b).as_millis() as u64);
            if crate::signals::interrupted() {
                return Turn::End(None);
            }
            let mv = mv.unwrap_or_default();
            Turn::Move(Answer {
                text: mv.clone(),
                line: format!("bestmove {mv}"),
                elapsed_ms: t0.elapsed().as_millis() as u64,
                cpu_ms,
                info,
                fallback: None,
            })
        }
        Mover::External(e) => {
            if let Err(f) = e.ping(t.ping_ms) {
                return Turn::End(End::fault(side, f));
            }
            let position = Command::position_fen(&spec.start.fen(), &plies.moves);
            let go = clock.go_command(i);
            match e.think(&position.to_string(), &go.to_string(), clock.budget(i), t) {
                Ok(r) => Turn::Move(Answer {
                    text: r.mv,
                    line: r.line,
                    elapsed_ms: r.elapsed_ms,
                    cpu_ms: r.cpu_ms,
                    info: r.info,
                    fallback: r.fallback,
                }),
                Err(f) => Turn::End(End::fault(side, f)),
            }
        }
    }
}

/// Plays the game from `pos` until it ends (`None`: interrupted): each
/// ply, the end by the rules, then the mover's answer, checked by the rules
/// and the clock, then played and told to the console seats.
fn play_moves(
    spec: &GameSpec,
    players: &mut [Option<Mover>; 2],
    pos: &mut AnyPosition,
    clock: &mut GameClock,
    settings: &Settings,
    plies: &mut Plies,
) -> Option<End> {
    let t = &settings.timeouts;
    loop {
        if let Some(end) = rules_end(pos, plies.moves.len(), settings.max_plies) {
            return Some(end);
        }
        let side = pos.side_to_move();
        let i = side.index();
        if !matches!(players[i], Some(Mover::Console(_))) {
            tell(players, |c| c.waiting(pos));
        }
        let Some(player) = players[i].as_mut() else {
            return End::fault(side, Fault::Crash("no player".into()));
        };
        let answer = match ask(spec, player, pos, plies, clock, t) {
            Turn::Move(answer) => answer,
            Turn::End(end) => return end,
            Turn::TakeBack(n) => {
                if let Err(end) = take_back(spec, pos, plies, n) {
                    return end;
                }
                continue;
            }
        };
        // A person has no clock.
        let timed = !matches!(players[i], Some(Mover::Console(_)));
        let (mv, next) = match check(pos, plies, clock, settings, timed, &answer) {
            Ok(checked) => checked,
            Err(end) => return end,
        };
        let before = *pos;
        *pos = next;
        let Answer {
            elapsed_ms: elapsed,
            cpu_ms,
            info,
            ..
        } = answer;
        tell(players, |c| {
            c.played(&before, &mv.to_string(), &info, elapsed)
        });
        plies.push(mv.to_string(), elapsed, cpu_ms, info);
    }
}

/// Takes back the last `n` plies: `pos` is replayed from the start.
fn take_back(
    spec: &GameSpec,
    pos: &mut AnyPosition,
    plies: &mut Plies,
    n: usize,
) -> Result<(), Option<End>> {
    let side = pos.side_to_move();
    plies.truncate(plies.moves.len().saturating_sub(n));
    *pos = spec.start;
    for m in &plies.moves {
        if pos.play_text(m).is_err() {
            return Err(End::fault(side, Fault::Crash("bad take-back".into())));
        }
    }
    Ok(())
}

/// The mover's `answer` in `pos` checked: parsed (`malformed`), played by
/// the rules (`illegal`), charged to its clock when `timed` (`timeout`, or
/// late when lenient), and counted when its program did not choose it
/// (`replaced`). The move and the position after it, or the end it makes.
fn check(
    pos: &AnyPosition,
    plies: &mut Plies,
    clock: &mut GameClock,
    settings: &Settings,
    timed: bool,
    answer: &Answer,
) -> Result<(AnyMove, AnyPosition), Option<End>> {
    let t = &settings.timeouts;
    let side = pos.side_to_move();
    let i = side.index();
    let (line, elapsed) = (&answer.line, answer.elapsed_ms);
    let mv = match pos.parse_move(&answer.text) {
        Ok(mv) => mv,
        Err(_) => return Err(End::fault(side, Fault::Malformed(line.clone()))),
    };
    let mut next = *pos;
    if let Err(err) = next.play(mv) {
        let why = match err {
            MoveError::Illegal { why, .. } => why,
            MoveError::Syntax { .. } => "not a move of this game",
        };
        return Err(End::fault(side, Fault::Illegal(format!("{line} ({why})"))));
    }
    let charged = match timed {
        false => Ok(()),
        true => clock.charge(i, elapsed, t.margin_ms),
    };
    if let Err(overrun) = charged {
        if !t.lenient {
            // The late move is not played: the game ends before it.
            return Err(End::fault(
                side,
                Fault::Timeout {
                    overrun_ms: overrun,
                    detail: format!("{line} after {elapsed} ms"),
                },
            ));
        }
        plies.late.push(Late {
            ply: plies.moves.len(),
            overrun_ms: overrun,
        });
    }
    if let Some(reason) = &answer.fallback {
        if let Some(end) = replaced(plies, side, mv, reason, line, settings.on_replaced) {
            // The move is not played: the game ends before it.
            return Err(Some(end));
        }
    }
    Ok((mv, next))
}

/// Counts `mv`, which `side`'s program did not choose (`reason`, from its
/// `line`); the end of the game when that costs it the game.
fn replaced(
    plies: &mut Plies,
    side: Player,
    mv: AnyMove,
    reason: &str,
    line: &str,
    on_replaced: OnReplaced,
) -> Option<End> {
    let me: Side = side.into();
    plies.replaced.push(ReplacedMove {
        ply: plies.moves.len(),
        side: me,
        mv: mv.to_string(),
        reason: reason.to_string(),
    });
    let nth = plies.replaced_by(me);
    if !on_replaced.loses(nth) {
        return None;
    }
    Some(End {
        winner: Some(side.other()),
        reason: Reason::Replaced,
        offender: Some(Offender::Side(me)),
        detail: Some(format!(
            "{line}: not chosen by its program ({reason}){}",
            match on_replaced {
                OnReplaced::Strikes(n) => format!("; strike {nth} of {n}"),
                _ => String::new(),
            }
        )),
        overrun_ms: None,
    })
}

/// The CPU time of the calling thread (a built-in player's move).
fn thread_cpu() -> Option<std::time::Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec we own.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (r == 0).then(|| std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

fn write_log(
    spec: &GameSpec,
    players: &[Option<Mover>; 2],
    end: &End,
    settings: &Settings,
) -> Option<String> {
    use std::io::Write;
    let dir = settings.log_dir.as_ref()?;
    std::fs::create_dir_all(dir).ok()?;
    let path = dir.join(format!("{}.log", spec.key));
    // Streamed to the file: each engine's log is bounded, and never copied.
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
        writeln!(
            out,
            "game {} {}\np1: {}\np2: {}\nstart: {}\nend: {} {}",
            spec.key,
            spec.start.game(),
            spec.names[0],
            spec.names[1],
            spec.start.fen(),
            end.reason,
            end.detail.as_deref().unwrap_or("")
        )?;
        writeln!(
            out,
            "columns: ms since the game started, > sent, < stdout, ! stderr, # arbiter"
        )?;
        for (i, p) in players.iter().enumerate() {
            writeln!(out, "\n== p{} {} ==", i + 1, spec.names[i])?;
            match p {
                Some(Mover::External(e)) => e.log.write_to(&mut out)?,
                Some(Mover::Builtin(_)) => writeln!(out, "(built-in player)")?,
                Some(Mover::Console(_)) => writeln!(out, "(a person)")?,
                None => writeln!(out, "(not started)")?,
            }
        }
        out.flush()
    };
    write().ok()?;
    Some(path.display().to_string())
}
