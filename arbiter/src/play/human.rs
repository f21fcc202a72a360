//! `arbiter play`: a person against an engine, at a terminal.
//!
//! The person is a [`Console`] seat of the ordinary game loop
//! ([`crate::play::game::play`]): the engine is run, timed and judged exactly as in
//! a match, every move of the person is checked by the same rules, and the
//! game is saved in the same results line and readable record.
//!
//! Input (any case): a move — a square (`e5`), `row column` (`5 5`), an arc
//! (`h1.2`, `h 1 2`, `v 2 3`, `(arco-horizontal 1 2)`) — or a command:
//! `help`, `moves`, `board`, `hint`, `undo`, `resign`, `quit`. End of input
//! (Ctrl-D) or Ctrl-C at the prompt leaves the game (a loss, saved).
//!
//! At a terminal, a line typed before the board it would apply to is shown
//! (while the engine thinks) is discarded, and the person told; input from a
//! pipe is a script and is read in order. A run of forced passes shows the
//! board once. The legal-move list wraps between moves at the terminal's
//! width (80 columns without a terminal).

use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, SearchInfo, Timeouts};
use crate::engines::config::{BuiltinKind, Entrant, Kind};
use crate::play::clock::TimeControl;
use crate::play::game::{self, Action, Console, GameSpec, Seat, Settings};
use crate::results::board_view::{self, style, Paint};
use crate::results::record::{GameKey, GameRecord};
use crate::results::result::{Reason, Side, Winner};
use crate::results::{journal, report};
use crate::signals;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{SystemTime, UNIX_EPOCH};
use tabula::game::{PersonPlay, Player};
use tabula::games::{AnyPosition, GameId};
use tabula::search::Limits;
use tabula::{with_game, with_game_id};

/// Default results file (JSONL, appended), in the current folder.
pub(crate) const DEFAULT_RESULTS: &str = "arbiter-play.jsonl";
/// Default readable records file (appended), in the current folder.
pub(crate) const DEFAULT_RECORDS: &str = "arbiter-play.txt";

/// `arbiter play` options.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    #[arg(long, help = format!(
        "Game id: {} (default {}, or the game of --fen)",
        GameId::listed(false, "or"),
        GameId::ALL[0]
    ))]
    pub(crate) game: Option<String>,
    /// The opponent: builtin:tabula, builtin:greedy, builtin:random or a command line.
    #[arg(long, default_value = "builtin:tabula")]
    pub(crate) engine: String,
    /// Your side: p1 moves first.
    #[arg(long = "as", value_enum, default_value_t = Side::P1)]
    pub(crate) side: Side,
    /// The engine's time per move (ms).
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::movetime)]
    pub(crate) movetime: u64,
    /// The engine's depth per move, instead of a move time.
    #[arg(long, value_parser = crate::limits::depth)]
    pub(crate) depth: Option<u32>,
    /// Seed of the random start board (default: from the clock, printed).
    #[arg(long, conflicts_with = "fen")]
    pub(crate) seed: Option<u64>,
    /// Start position: a position string (`knight …`, `dots 2x2 …`) or any
    /// setup spec (`random dots 3 2x2`).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    #[command(flatten)]
    pub(crate) params: crate::params::ParamArgs,
    /// Search time of `hint` (ms, builtin:tabula).
    #[arg(long, default_value_t = 500, value_parser = crate::limits::movetime)]
    pub(crate) hint_time: u64,
    /// Your name in the records.
    #[arg(long, default_value = "human")]
    pub(crate) name: String,
    /// Results file (JSONL, appended) [default: arbiter-play.jsonl].
    #[arg(long)]
    pub(crate) results: Option<PathBuf>,
    /// Readable game record (appended) [default: arbiter-play.txt].
    #[arg(long)]
    pub(crate) records: Option<PathBuf>,
    /// A web page of every game of the results file (standings, charts, a
    /// replay of each game), rewritten after the game.
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,
    /// No colours (also without a terminal, or with NO_COLOR set).
    #[arg(long)]
    pub(crate) no_color: bool,
    /// Handshake deadline of an external engine (ms).
    #[arg(long, default_value_t = 10_000, value_parser = crate::limits::deadline)]
    pub(crate) startup_timeout: u64,
    #[command(flatten)]
    pub(crate) sandbox: crate::engines::sandbox::SandboxArgs,
}

/// What a line typed by the person means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    Help,
    Moves,
    Board,
    Hint,
    Undo,
    Resign,
    Quit,
    /// A legal move, in the game's notation.
    Move(String),
}

/// Reads a line typed by the person in `pos`: a command, or a move that is
/// legal in `pos` (in the game's notation). `Err` says what is wrong.
pub(crate) fn parse_input(pos: &AnyPosition, line: &str) -> Result<Input, String> {
    let text = line.trim().to_ascii_lowercase();
    let command = match text.as_str() {
        "help" | "?" => Some(Input::Help),
        "moves" | "m" | "legal" => Some(Input::Moves),
        "board" | "b" | "show" => Some(Input::Board),
        "hint" => Some(Input::Hint),
        "undo" | "u" | "takeback" | "back" => Some(Input::Undo),
        "resign" => Some(Input::Resign),
        "quit" | "q" | "exit" => Some(Input::Quit),
        _ => None,
    };
    if let Some(c) = command {
        return Ok(c);
    }
    if text.is_empty() {
        return Err("type a move, or help".into());
    }
    // The move keeps its case: Adji-boto's course letters are
    // case-sensitive (A..F the bottom row, a..f the top row).
    let cleaned: String = line
        .trim()
        .chars()
        .map(|c| if "(),;".contains(c) { ' ' } else { c })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let candidate = with_game!(pos, p => p.person_move(&words)).map_err(|how| {
        format!(
            "'{}' is not a move or a command: {how}; type help",
            line.trim()
        )
    })?;
    match pos.parse_legal(&candidate) {
        Ok(mv) => Ok(Input::Move(mv.to_string())),
        Err(e) => Err(format!("{e} (type help)")),
    }
}

/// The help text for `game`.
pub(crate) fn help_text(game: GameId) -> String {
    let moves = with_game_id!(game, G => G::MOVE_HELP);
    format!(
        "Moves:\n{moves}Commands:\n\
         \x20 moves     list the legal moves            board   show the board again\n\
         \x20 hint      ask builtin:tabula for a move   undo    take back your last move\n\
         \x20                                          (and the engine's reply)\n\
         \x20 resign    give up (the game is saved)    quit    leave (= resign, saved)\n\
         \x20 help      this text                      Ctrl-D  end of input (= quit)\n"
    )
}

/// Lines typed by the person, read on their own thread so that Ctrl-C is
/// seen while waiting.
struct Keyboard {
    lines: Receiver<Option<String>>,
    closed: bool,
    /// Stdin is a terminal (a person types), not a pipe (a script).
    terminal: bool,
}

impl Keyboard {
    fn stdin() -> Keyboard {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            loop {
                let mut line = String::new();
                match lock.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(_) => {
                        if tx.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Keyboard {
            lines: rx,
            closed: false,
            terminal: std::io::stdin().is_terminal(),
        }
    }

    /// At a terminal, the non-blank lines typed and not yet read (a script
    /// on a pipe keeps them). An end of input among them is kept.
    fn typed_ahead(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while self.terminal && !self.closed {
            match self.lines.try_recv() {
                Ok(Some(l)) if l.trim().is_empty() => {}
                Ok(Some(l)) => lines.push(l.trim().to_string()),
                Ok(None) | Err(TryRecvError::Disconnected) => self.closed = true,
                Err(TryRecvError::Empty) => break,
            }
        }
        lines
    }

    /// The next line; `Err` with why there is none (end of input, Ctrl-C).
    fn line(&mut self) -> Result<String, &'static str> {
        if self.closed {
            return Err("end of input");
        }
        loop {
            if signals::interrupted() {
                return Err("interrupted");
            }
            match self.lines.recv_timeout(signals::POLL) {
                Ok(Some(l)) => return Ok(l),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    self.closed = true;
                    return Err("end of input");
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }
}

/// The person's seat.
struct Person {
    side: Player,
    opponent: String,
    paint: Paint,
    keys: Keyboard,
    hint: Builtin,
    /// A board has been shown.
    shown: bool,
    /// The person is in a run of forced passes (its board was shown).
    passing: bool,
}

fn side_label(p: Player) -> &'static str {
    Side::from(p).as_str()
}

/// Who moved at each ply of `history`.
fn movers(start: &AnyPosition, history: &[String]) -> Vec<Player> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(history.len());
    for m in history {
        out.push(pos.side_to_move());
        if pos.play_text(m).is_err() {
            break;
        }
    }
    out
}

/// `depth 7, score +12 for it, nodes 12345, 230 ms` from what an engine
/// reported; `whose` says whose view the score is (the side that searched).
pub(crate) fn thinking_summary(info: &SearchInfo, elapsed_ms: u64, whose: &str) -> String {
    let mut parts = Vec::new();
    if let Some(d) = info.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(s) = info.score {
        parts.push(format!("score {s:+} {whose}"));
    }
    if let Some(n) = info.nodes {
        parts.push(format!("nodes {n}"));
    }
    parts.push(format!(
        "{} ms",
        info.time.unwrap_or(elapsed_ms).max(elapsed_ms)
    ));
    parts.join(", ")
}

/// `head` and then `words`, a space before each, broken between words so
/// that no line is longer than `width` columns (unless one word alone is);
/// the next lines start with two spaces.
pub(crate) fn wrap_list(head: &str, words: &[String], width: usize) -> String {
    const INDENT: &str = "  ";
    let mut out = head.to_string();
    let mut column = head.chars().count();
    for w in words {
        let len = w.chars().count();
        // Every line holds something (the head or a word) when this is asked.
        if column + 1 + len > width {
            out.push('\n');
            out.push_str(INDENT);
            column = INDENT.len();
        }
        out.push(' ');
        out.push_str(w);
        column += 1 + len;
    }
    out
}

/// The width of the terminal on stdout; 80 columns without one.
fn terminal_width() -> usize {
    const DEFAULT: usize = 80;
    if !std::io::stdout().is_terminal() {
        return DEFAULT;
    }
    // SAFETY: TIOCGWINSZ fills the winsize it is given, nothing else.
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    match size.ws_col {
        cols if ok && cols > 0 => usize::from(cols),
        _ => DEFAULT,
    }
}

/// Prints a line for the person, at once. A closed stdout (the reader of a
/// pipe gone) is no reason to stop: the game goes on and is saved.
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// `you` for the person's side `me`, else the opponent's name.
fn seat_name(p: Player, me: Player, opponent: &str) -> String {
    if p == me {
        "you".to_string()
    } else {
        opponent.to_string()
    }
}

/// The end of a game for the person playing `me` against `opponent`: why it
/// ended and the result in the game's own terms (boxes, points); the final
/// score.
pub(crate) fn game_over_lines(
    game: GameId,
    record: &GameRecord,
    me: Player,
    opponent: &str,
) -> [String; 2] {
    let (unit, normal_end) = with_game_id!(game, G => (G::SCORE_UNIT, G::NORMAL_END));
    let why = match (record.reason, &record.detail) {
        (Reason::Normal, _) => normal_end.to_string(),
        (Reason::Resign, Some(d)) => d.clone(),
        (r, Some(d)) => format!("{r}: {d}"),
        (r, None) => r.to_string(),
    };
    let scores = [record.score1, record.score2];
    let amount = |n: u32| match unit {
        Some([one, _]) if n == 1 => format!("1 {one}"),
        Some([_, many]) => format!("{n} {many}"),
        None => n.to_string(),
    };
    // A game without points is won or drawn, not won by a score.
    let on_score = record.reason.on_score() && unit.is_some();
    let winner = match record.winner {
        Winner::Side(Side::P1) => Some(Player::One),
        Winner::Side(Side::P2) => Some(Player::Two),
        Winner::Draw => None,
    };
    let result = match winner {
        Some(w) => {
            let wins = match seat_name(w, me, opponent) {
                you if w == me => format!("{you} win"),
                them => format!("{them} wins"),
            };
            if on_score {
                let (a, b) = (scores[w.index()], scores[w.other().index()]);
                format!("{wins} by {} to {b}", amount(a))
            } else {
                wins
            }
        }
        None if on_score => format!("a draw at {} each", amount(scores[0])),
        None => "a draw".to_string(),
    };
    [
        format!("Game over: {why}; {result}."),
        format!(
            "Final score: p1 ({}) {} - {} p2 ({}), {}.",
            seat_name(Player::One, me, opponent),
            scores[0],
            scores[1],
            seat_name(Player::Two, me, opponent),
            crate::out::plural(record.moves.len(), "ply")
        ),
    ]
}

impl Person {
    fn say(&self, text: &str) {
        say(text);
    }

    fn error(&self, text: &str) {
        self.say(&self.paint.paint(text, style::ERROR));
    }

    fn legal_line(&self, pos: &AnyPosition) -> String {
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let head = format!("Legal moves ({}):", moves.len());
        wrap_list(&head, &moves, terminal_width())
    }

    /// The board and the status line; with `legal`, the legal moves.
    fn show(&mut self, start: &AnyPosition, history: &[String], pos: &AnyPosition, legal: bool) {
        self.shown = true;
        let owners = board_view::box_owners(start, history);
        let before = board_view::before_last(start, history);
        let last = before.as_ref().map(|(b, m)| (b, m.as_str()));
        let board = board_view::render(pos, last, &owners, &self.paint, true);
        let [a, b] = pos.scores();
        let who = |p: Player| seat_name(p, self.side, &self.opponent);
        let status = format!(
            "Ply {}   Score: p1 ({}) {a} - {b} p2 ({})   {} to move ({})",
            history.len(),
            who(Player::One),
            who(Player::Two),
            side_label(pos.side_to_move()),
            who(pos.side_to_move()),
        );
        let mut text = format!("\n{board}{}", self.paint.paint(&status, style::BOLD));
        if legal {
            text.push('\n');
            text.push_str(&self.legal_line(pos));
        }
        self.say(&text);
    }

    /// Tells the person that the lines typed ahead were dropped.
    fn discard(&self, lines: &[String]) {
        for line in lines {
            self.error(&format!(
                "Discarded '{line}': it was typed before this board was shown. \
                 Type it again if you still want it."
            ));
        }
    }

    /// A forced pass: the board and a word at the first of a run, then
    /// nothing until the person can move again.
    fn forced_pass(
        &mut self,
        start: &AnyPosition,
        history: &[String],
        pos: &AnyPosition,
    ) -> Action {
        if !self.passing {
            self.passing = true;
            self.show(start, history, pos, false);
            self.say(
                "You have no legal move: you pass, and will pass until you can move \
                 again (the rules force it).",
            );
        }
        Action::Move("pass".into())
    }

    fn hint(&mut self, pos: &AnyPosition) {
        self.say("Thinking about a hint...");
        let (mv, info) = self.hint.choose(pos, &Limits::default());
        match mv {
            Some(m) => self.say(&format!(
                "Hint: builtin:tabula suggests {} ({})",
                self.paint.paint(&m, style::BOLD),
                thinking_summary(&info, 0, "for you")
            )),
            None => self.say("Hint: no move (the game is over)"),
        }
    }
}

impl Console for Person {
    fn action(&mut self, start: &AnyPosition, history: &[String], pos: &AnyPosition) -> Action {
        let stale = self.keys.typed_ahead();
        let legal = pos.legal_moves();
        if legal.len() == 1 && legal[0].is_pass() {
            self.discard(&stale);
            return self.forced_pass(start, history, pos);
        }
        self.passing = false;
        self.show(start, history, pos, true);
        self.discard(&stale);
        loop {
            {
                let mut out = std::io::stdout().lock();
                let _ = write!(out, "Your move (or help)> ");
                let _ = out.flush();
            }
            let line = match self.keys.line() {
                Ok(l) => l,
                Err(why) => {
                    self.say(&format!(
                        "\n{why}: you leave the game (it counts as resigning)."
                    ));
                    return Action::Quit(why.to_string());
                }
            };
            match parse_input(pos, &line) {
                Ok(Input::Move(m)) => return Action::Move(m),
                Ok(Input::Help) => self.say(&help_text(pos.game())),
                Ok(Input::Moves) => self.say(&self.legal_line(pos)),
                Ok(Input::Board) => self.show(start, history, pos, true),
                Ok(Input::Hint) => self.hint(pos),
                Ok(Input::Resign) => {
                    self.say("You resign.");
                    return Action::Resign;
                }
                Ok(Input::Quit) => {
                    self.say("You leave the game (it counts as resigning).");
                    return Action::Quit("quit".into());
                }
                Ok(Input::Undo) => {
                    // Back to before your last real move (passes and the
                    // engine's replies after it go too).
                    let who = movers(start, history);
                    let last = (0..history.len())
                        .rev()
                        .find(|&k| who.get(k) == Some(&self.side) && history[k] != "pass");
                    match last {
                        Some(k) => {
                            let n = history.len() - k;
                            self.say(&format!(
                                "Taking back {}: {}",
                                crate::out::plural(n, "ply"),
                                history[k..].join(" ")
                            ));
                            return Action::TakeBack(n);
                        }
                        None => self.error("Nothing to take back: you have not moved yet."),
                    }
                }
                Err(e) => self.error(&e),
            }
        }
    }

    fn waiting(&mut self, pos: &AnyPosition) {
        if !self.shown {
            // The engine moves first: the start board.
            self.show(pos, &[], pos, false);
        }
        if pos.side_to_move() != self.side {
            self.say(&format!("{} is thinking...", self.opponent));
        }
    }

    fn played(&mut self, before: &AnyPosition, mv: &str, info: &SearchInfo, elapsed_ms: u64) {
        let mover = before.side_to_move();
        let mut after = *before;
        let gain = match after.play_text(mv) {
            Ok(_) => after.scores()[mover.index()] - before.scores()[mover.index()],
            Err(_) => 0,
        };
        if mover == self.side {
            // A pass is forced, and said when the run of passes starts.
            if mv != "pass" {
                self.say(&format!("You play {mv} (+{gain})."));
            }
        } else {
            self.say(&format!(
                "{} plays {} (+{gain}).   Engine: {}",
                self.opponent,
                self.paint.paint(mv, style::BOLD),
                thinking_summary(info, elapsed_ms, "for it")
            ));
        }
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The start position of a `play` command.
fn start_position(args: &PlayArgs) -> Result<(AnyPosition, String, u64)> {
    let game: Option<GameId> = match &args.game {
        Some(g) => Some(g.parse().map_err(|e| anyhow::anyhow!("--game: {e}"))?),
        None => None,
    };
    let mut seed = args.seed.unwrap_or(1);
    let (pos, how) = if let Some(fen) = &args.fen {
        let pos =
            tabula::setup::parse_spec(fen, game).map_err(|e| anyhow::anyhow!("--fen: {e}"))?;
        (pos, format!("--fen '{}'", pos.fen()))
    } else {
        let game = game.unwrap_or(GameId::ALL[0]);
        seed = args.seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64 % 1_000_000)
        });
        let setup = args.params.setup(game)?;
        if args.params.dots_size.is_some() && setup.get("size").is_none() {
            bail!("--dots-size is for a game whose boards have a size (dots)");
        }
        let pos = setup
            .random(seed)
            .ok_or_else(|| anyhow::anyhow!("random: {game} has no random start"))?;
        let mut how = format!("--game {game} --seed {seed}");
        for pair in setup.changed() {
            how.push_str(&format!(" --param {pair}"));
        }
        (pos, how)
    };
    if let Some(g) = game {
        if pos.game() != g {
            bail!("--fen is a {} position, not {g}", pos.game());
        }
    }
    if pos.game().is_puzzle() {
        bail!(
            "{} is a puzzle: play {}",
            pos.game(),
            GameId::listed(false, "or")
        );
    }
    if pos.is_over() {
        bail!("the game is already over on this board");
    }
    Ok((pos, how, seed))
}

/// Runs `arbiter play`. Exit code 0 when the game was played (whatever the
/// result), 2 for bad arguments, 130 when interrupted during the engine's turn.
pub fn run(args: PlayArgs) -> Result<ExitCode> {
    // The seed of the board also seeds the built-in players.
    let (start, mut how, seed) = start_position(&args)?;
    let color = !args.no_color
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::io::stdout().is_terminal();
    let paint = Paint { color };
    let entrant = confined_engine(&args)?;
    let timeouts = Timeouts {
        startup_ms: args.startup_timeout,
        ..Timeouts::default()
    };
    let engine_seat = engine_seat(&entrant, seed, &timeouts)?;
    let me = match args.side {
        Side::P1 => Player::One,
        Side::P2 => Player::Two,
    };
    let person = Person::new(&args, me, &entrant.name, paint, seed);
    let results = args
        .results
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_RESULTS));
    let records = args
        .records
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_RECORDS));
    let tc = match args.depth {
        Some(d) => TimeControl::Depth(d),
        None => TimeControl::Movetime(args.movetime),
    };
    let mut names = [args.name.clone(), entrant.name.clone()];
    let mut seats = [Seat::Console(Box::new(person)), engine_seat];
    if me == Player::Two {
        names.swap(0, 1);
        seats.swap(0, 1);
        how.push_str(" --as p2");
    }
    say(&format!(
        "{} vs {}: {} (you are {}). The same board again: arbiter play {how}\n\
         Type help for the commands. The game is saved to {} and {}.",
        names[0],
        names[1],
        start.game(),
        side_label(me),
        results.display(),
        records.display()
    ));
    let spec = GameSpec {
        tournament: format!("play-{}", now_secs()),
        key: GameKey {
            round: 0,
            pairing: 0,
            board: 0,
            colour: me.index() as u32,
        },
        start,
        names,
        tc: [tc, tc],
    };
    let settings = settings(timeouts, &results);
    let played = game::play(&spec, seats, &settings);
    for e in played.seats.into_iter().flatten() {
        e.quit(timeouts.grace_ms);
    }
    let Some(record) = played.record else {
        crate::errln!("arbiter: interrupted during the engine's turn; the game is not saved");
        return Ok(ExitCode::from(130));
    };
    show_end(&start, &record, &paint, me, &entrant.name);
    save(&record, &results, &records, args.html.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// The engine of a `play` command, confined as `--sandbox` says (the
/// header saying how is printed).
fn confined_engine(args: &PlayArgs) -> Result<Entrant> {
    let mut entrants = [Entrant::from_cli(&args.engine)?];
    // Its files lie in the current folder, which an engine given on the
    // command line sees: the journal is made before the engine starts and
    // covered (it is appended in place), the records are written once the
    // engine is gone; both are covered when they exist.
    let results = args.results.clone().unwrap_or(DEFAULT_RESULTS.into());
    let covered = [
        results.clone(),
        args.records.clone().unwrap_or(DEFAULT_RECORDS.into()),
    ];
    if args.sandbox.sandbox != crate::engines::sandbox::Mode::Off && !results.exists() {
        if let Some(dir) = results.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::File::create(&results)?;
    }
    if let Some(header) = args.sandbox.apply_hiding(&mut entrants, &[], &covered)? {
        crate::outln!("{header}");
    }
    let [entrant] = entrants;
    Ok(entrant)
}

/// The seat of the engine: a built-in player (seeded with `seed`), or the
/// external engine started.
fn engine_seat(entrant: &Entrant, seed: u64, timeouts: &Timeouts) -> Result<Seat> {
    Ok(match &entrant.kind {
        Kind::Builtin(b) => Seat::Builtin(Builtin::new(b, seed)),
        Kind::External(spec) => {
            spec.check_program()?;
            let e = Engine::start(spec, timeouts)
                .map_err(|f| anyhow::anyhow!("the engine could not start: {f}"))?;
            Seat::External(Ok(e))
        }
    })
}

/// How a `play` game is refereed: the engine's traffic logs kept next to
/// the journal `results`.
fn settings(timeouts: Timeouts, results: &Path) -> Settings {
    let mut log_dir = results.to_path_buf().into_os_string();
    log_dir.push(".logs");
    Settings {
        timeouts,
        max_plies: 10_000,
        debug: false,
        log_dir: Some(PathBuf::from(log_dir)),
        on_replaced: crate::results::result::OnReplaced::Lose,
    }
}

impl Person {
    /// The person of a `play` command, playing `side` against `opponent`.
    fn new(args: &PlayArgs, side: Player, opponent: &str, paint: Paint, seed: u64) -> Person {
        Person {
            side,
            opponent: opponent.to_string(),
            paint,
            keys: Keyboard::stdin(),
            hint: Builtin::new(
                &BuiltinKind::Tabula {
                    depth: None,
                    nodes: None,
                    movetime: Some(args.hint_time),
                    material: false,
                },
                seed,
            ),
            shown: false,
            passing: false,
        }
    }
}

/// Saves the game: its results line (appended to the journal `results`),
/// its readable record, and the page of the journal's games when `html`
/// names one.
fn save(record: &GameRecord, results: &Path, records: &Path, html: Option<&Path>) -> Result<()> {
    journal::Journal::open(results)
        .and_then(|mut j| j.append(record))
        .context("saving the results line")?;
    report::write_records(records, std::slice::from_ref(record))?;
    say(&format!(
        "Saved: {} (results line) and {} (readable record).",
        results.display(),
        records.display()
    ));
    if let Some(page) = html {
        let results = results.to_path_buf();
        let games = crate::results::html::load_journals(std::slice::from_ref(&results))?;
        let title = format!("arbiter play: {}", results.display());
        let info = crate::results::html::PageInfo::of_records(&title, &games, Default::default());
        crate::results::html::write(page, &info, &games, None)?;
        say(&format!(
            "The games of {} as a page: {}",
            results.display(),
            page.display()
        ));
    }
    Ok(())
}

/// The final board, why the game ended, its result and the final score.
fn show_end(start: &AnyPosition, record: &GameRecord, paint: &Paint, me: Player, opponent: &str) {
    let end = board_view::replayed(start, &record.moves);
    let owners = board_view::box_owners(start, &record.moves);
    let last = board_view::before_last(start, &record.moves);
    let [verdict, score] = game_over_lines(start.game(), record, me, opponent);
    say(&format!(
        "\n{}\n{}\n{score}",
        board_view::render(
            &end,
            last.as_ref().map(|(b, m)| (b, m.as_str())),
            &owners,
            paint,
            false
        ),
        paint.paint(&verdict, style::BOLD)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_moves_are_read_leniently() {
        use tabula::games::AnyPosition;

        let pos = AnyPosition::from_fen("dots 1x1 0/0 0/0 1 0 0").unwrap();
        assert_eq!(parse_input(&pos, "H 1 1"), Ok(Input::Move("h1.1".into())));
        assert_eq!(parse_input(&pos, "v1.2"), Ok(Input::Move("v1.2".into())));
        assert_eq!(parse_input(&pos, "Undo"), Ok(Input::Undo));
        assert!(parse_input(&pos, "h 3 1").is_err());
    }

    #[test]
    fn lists_wrap_under_their_heading() {
        let moves: Vec<String> = ["h1.1", "h1.2", "v1.1"].map(String::from).to_vec();
        assert_eq!(
            wrap_list("Legal moves (3):", &moves, 26),
            "Legal moves (3): h1.1 h1.2\n   v1.1"
        );
    }

    #[test]
    fn squares_by_name_or_row_and_column() {
        // Knight seed 7: the legal moves are b3 d3 e2 a2.
        let pos = tabula::setup::parse_spec("random knight 7", None).unwrap();
        let mv = |s: &str| parse_input(&pos, s);
        assert_eq!(mv("3 2"), Ok(Input::Move("b3".into())));
        assert_eq!(mv(" B3 "), Ok(Input::Move("b3".into())));
        assert_eq!(mv("2 5"), Ok(Input::Move("e2".into())));
        assert_eq!(mv("(2, 1)"), Ok(Input::Move("a2".into())));
        assert_eq!(mv("HINT"), Ok(Input::Hint));
        for bad in ["1 1", "pass", "0 2", "3 2 1", "k", "", "é5", "99 99"] {
            assert!(mv(bad).is_err(), "{bad}");
        }
        assert!(mv("1 1").unwrap_err().contains("illegal move 'a1'"));
        assert_eq!(mv("b"), Ok(Input::Board));
    }

    #[test]
    fn adjiboto_course_letters_keep_their_case() {
        // Player 2 to move: C is b3 (bottom row); c would be t4 (top row).
        let pos =
            tabula::setup::parse_spec("fen adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 2 0 0", None).unwrap();
        let mv = |s: &str| parse_input(&pos, s);
        assert_eq!(mv("C"), Ok(Input::Move("b3".into())));
        assert_eq!(mv("(1 5)"), Ok(Input::Move("b6".into())));
        assert_eq!(mv("B4"), Ok(Input::Move("b4".into())));
        assert!(mv("c").unwrap_err().contains("illegal move 't4'"));
        // Dots arcs in capitals still read.
        let dots = tabula::setup::parse_spec("fen dots 1x1 0/0 0/0 1 0 0", None).unwrap();
        assert_eq!(parse_input(&dots, "H 1 1"), Ok(Input::Move("h1.1".into())));
    }

    #[test]
    fn the_move_list_wraps_between_moves() {
        let pos = tabula::setup::parse_spec("random dots 9", None).unwrap();
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let head = format!("Legal moves ({}):", moves.len());
        for width in [20, 40, 80, 120, 400] {
            let text = wrap_list(&head, &moves, width);
            let lines: Vec<&str> = text.lines().collect();
            assert!(
                lines.iter().all(|l| l.chars().count() <= width),
                "{width}:\n{text}"
            );
            assert!(lines[1..].iter().all(|l| l.starts_with("   ")), "{text}");
            // Every move whole, in order: nothing split across lines.
            let words: Vec<&str> = text[head.len()..].split_whitespace().collect();
            assert_eq!(words, moves, "{width}");
            // Each line but the last is full: the next move would not fit.
            for (k, l) in lines.iter().enumerate().skip(1) {
                let next = l.split_whitespace().next().unwrap();
                assert!(
                    lines[k - 1].chars().count() + 1 + next.len() > width,
                    "{text}"
                );
            }
        }
        assert_eq!(
            wrap_list("Legal moves (1):", &["pass".into()], 80),
            "Legal moves (1): pass"
        );
        // A word wider than the line still gets a line of its own.
        let long = ["abcdefghij".to_string(), "k".to_string()];
        assert_eq!(wrap_list("x:", &long, 5), "x:\n   abcdefghij\n   k");
    }

    fn record(game: &str, reason: &str, winner: &str, scores: [u32; 2]) -> GameRecord {
        GameRecord {
            tournament: "play-1".into(),
            key: "r0-p0-b0-c0".parse().unwrap(),
            numbers: "r0-p0-b0-c0".parse().unwrap(),
            game: game.into(),
            p1: "human".into(),
            p2: "builtin:tabula".into(),
            winner: winner.parse().unwrap(),
            reason: reason.parse().unwrap(),
            offender: None,
            detail: (reason == "resign").then(|| "p1 resigned".into()),
            overrun_ms: None,
            start: String::new(),
            moves: vec!["h1.1".into()],
            score1: scores[0],
            score2: scores[1],
            times_ms: vec![0],
            cpu_ms: vec![],
            info: vec![SearchInfo::default()],
            late: Vec::new(),
            log: None,
            duration_ms: 0,
            replaced1: None,
            replaced2: None,
            replaced: Vec::new(),
        }
    }

    #[test]
    fn the_end_says_why_and_the_result_in_the_games_terms() {
        let end = |game, reason, winner, scores, me| {
            game_over_lines(
                game,
                &record("x", reason, winner, scores),
                me,
                "builtin:tabula",
            )
        };
        let [why, score] = end(GameId::Dots, "normal", "p2", [3, 6], Player::One);
        assert_eq!(
            why,
            "Game over: every arc is drawn; builtin:tabula wins by 6 boxes to 3."
        );
        assert_eq!(
            score,
            "Final score: p1 (you) 3 - 6 p2 (builtin:tabula), 1 ply."
        );
        let [why, score] = end(GameId::Dots, "normal", "p2", [0, 1], Player::Two);
        assert_eq!(why, "Game over: every arc is drawn; you win by 1 box to 0.");
        assert_eq!(
            score,
            "Final score: p1 (builtin:tabula) 0 - 1 p2 (you), 1 ply."
        );
        let [why, _] = end(GameId::Dots, "normal", "draw", [2, 2], Player::One);
        assert_eq!(
            why,
            "Game over: every arc is drawn; a draw at 2 boxes each."
        );
        let [why, _] = end(GameId::Knight, "normal", "p1", [312, 250], Player::One);
        assert_eq!(
            why,
            "Game over: neither side can move; you win by 312 points to 250."
        );
        let [why, _] = end(GameId::Bishop, "resign", "p2", [40, 10], Player::One);
        assert_eq!(why, "Game over: p1 resigned; builtin:tabula wins.");
    }

    #[test]
    fn arcs_in_every_form() {
        let pos = AnyPosition::from_fen("dots 2x2 00/00/00 00/00/00 1 0 0").unwrap();
        let mv = |s: &str| parse_input(&pos, s);
        for (typed, arc) in [
            ("h1.2", "h1.2"),
            ("H 1 2", "h1.2"),
            ("h1 2", "h1.2"),
            ("(arco-horizontal 3 1)", "h3.1"),
            ("v2.3", "v2.3"),
            ("V 2 3", "v2.3"),
            ("(arco-vertical 3 2)", "v2.3"),
        ] {
            assert_eq!(mv(typed), Ok(Input::Move(arc.into())), "{typed}");
        }
        for bad in ["h12", "h1.3", "v3.1", "x1.1", "hello", "h 1", "1 2"] {
            assert!(mv(bad).is_err(), "{bad}");
        }
    }
}
