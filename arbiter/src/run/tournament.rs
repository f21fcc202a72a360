//! Tournaments: the schedule (round robin or gauntlet, colour-swapped pairs of
//! games on the same board), the workers that play it concurrently, and the
//! journal that makes it resumable.
//!
//! Every game has a key `r<round>-p<pairing>-b<board>-c<colour>`; the whole
//! schedule, its boards and its entrants are hashed into a fingerprint kept in
//! every results line. Running the same command again skips the keys already
//! in the journal, so an interrupted tournament resumes where it stopped, and
//! since built-in players are seeded from the key, the final results are the
//! same as those of an uninterrupted run.
//!
//! A worker plays the games of one board (both colours) in a row and keeps
//! the two engines running between them; an engine at fault is killed and a
//! fresh one is started for its next game. Each game lost by a fault is told
//! on stderr as it ends (who, why, after how many moves, the traffic log).

use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::engines::config::{Entrant, Kind};
use crate::play::clock::TimeControl;
use crate::play::game::{self, GameSpec, Seat, Settings};
use crate::results::journal::{self, Journal};
use crate::results::record::{GameKey, GameRecord};
use crate::results::report::{self, plural};
use crate::results::result::Side;
use crate::results::sprt;
use crate::results::stats;
use crate::run::shard::{self, PlanLine, Shard};
use crate::run::verify;
use crate::signals;
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Mutex;
use tabula::game::{AnyPosition, GameId, Starts};
use tabula::setup;
use tabula::with_game_id;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Every entrant against every other.
    RoundRobin,
    /// Every entrant against the first one (the reference).
    Gauntlet,
    /// `--rounds` rounds, each pairing entrants of similar score who have not
    /// met yet.
    Swiss,
}

/// Where start boards come from.
#[derive(Clone, Debug)]
pub enum Boards {
    /// `random <game> <seed + i>` for board i (of the given size, for a game
    /// whose random boards take one: Dots).
    Seeded {
        seed: u64,
        dots_size: Option<(usize, usize)>,
    },
    /// Positions read from a file, used in turn.
    List(Vec<AnyPosition>),
}

impl Boards {
    /// Board number `i` of game `game`.
    pub(crate) fn board(&self, game: GameId, i: u64) -> Result<AnyPosition> {
        match self {
            Boards::Seeded { seed, dots_size } => {
                let s = seed.wrapping_add(i);
                let sized = with_game_id!(game, G => G::RANDOM_SIZED);
                let spec = match dots_size {
                    Some((r, c)) if sized => format!("random {game} {s} {r}x{c}"),
                    _ => format!("random {game} {s}"),
                };
                setup::parse_spec(&spec, Some(game)).map_err(|e| anyhow::anyhow!("{e}"))
            }
            Boards::List(list) => Ok(list[(i % list.len() as u64) as usize]),
        }
    }

    /// Reads a file of start positions ([`setup::read_board_file`]: one
    /// position string per line — `fen …`, a bare FEN, `random …` — and `#`
    /// comments, whole lines or line ends).
    pub(crate) fn from_file(path: &Path, game: GameId) -> Result<Boards> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read boards file '{}'", path.display()))?;
        let list = setup::read_board_file(&text, game).map_err(|e| match e {
            setup::BoardFileError::WrongGame(..) => {
                anyhow::anyhow!("{}: {e} in a {game} tournament", path.display())
            }
            _ => anyhow::anyhow!("boards file '{}': {e}", path.display()),
        })?;
        Ok(Boards::List(list))
    }
}

/// A tournament to play.
#[derive(Clone, Debug)]
pub struct Plan {
    pub(crate) game: GameId,
    pub(crate) entrants: Vec<Entrant>,
    pub(crate) pairings: Vec<(usize, usize)>,
    /// Every game of the schedule: key, player 1, player 2, start board.
    pub(crate) games: Vec<(GameKey, usize, usize, AnyPosition)>,
    pub(crate) tc: TimeControl,
    pub(crate) seed: u64,
    pub(crate) fingerprint: String,
    /// `Some` when only a shard of the plan is kept in `games`: the shard,
    /// every key of the whole plan and the shard of each.
    pub(crate) shard: Option<(Shard, Vec<String>, Vec<u32>)>,
    /// Every game of the tournament is planned (false for a Swiss round:
    /// the journal may hold the games of other rounds).
    pub(crate) whole: bool,
}

impl Plan {
    /// Builds the schedule. `games_per_pairing`: `None` for both colours on
    /// each of `boards` boards per round; `Some(n)` for a match of n games
    /// (n/2 boards, the last board played once when n is odd).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: GameId,
        entrants: Vec<Entrant>,
        format: Format,
        rounds: u32,
        boards_per_round: u32,
        games_per_pairing: Option<u32>,
        boards: &Boards,
        tc: TimeControl,
        seed: u64,
    ) -> Result<Plan> {
        if game.is_puzzle() {
            bail!(
                "{game} is a single-player puzzle: tournaments are for {}",
                GameId::listed(false, "or")
            );
        }
        if entrants.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        // The size first: nothing is allocated for a plan too large.
        let n = entrants.len() as u64;
        let npairings = match format {
            Format::RoundRobin => n * (n - 1) / 2,
            _ => n - 1,
        };
        let per_pairing = match games_per_pairing {
            Some(g) => g as u64,
            None => 2 * boards_per_round as u64,
        };
        let size = npairings
            .saturating_mul(per_pairing)
            .saturating_mul(rounds as u64);
        crate::limits::check_plan(entrants.len(), size)?;
        let pairings: Vec<(usize, usize)> = match format {
            Format::RoundRobin => (0..entrants.len())
                .flat_map(|a| (a + 1..entrants.len()).map(move |b| (a, b)))
                .collect(),
            Format::Gauntlet => (1..entrants.len()).map(|b| (0, b)).collect(),
            Format::Swiss => bail!("a Swiss tournament is planned round by round (Plan::round)"),
        };
        let (nboards, last_once) = match games_per_pairing {
            Some(n) => (n.div_ceil(2), n % 2 == 1),
            None => (boards_per_round, false),
        };
        let mut games = Vec::new();
        for round in 0..rounds {
            schedule_round(
                &mut games, game, &pairings, round, nboards, last_once, boards,
            )?;
        }
        Ok(Plan::finish(
            game, entrants, pairings, games, tc, seed, true,
        ))
    }

    /// One round with the given pairings (Swiss), `boards_per_round` boards
    /// each, both colours.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn round(
        game: GameId,
        entrants: Vec<Entrant>,
        pairings: Vec<(usize, usize)>,
        round: u32,
        boards_per_round: u32,
        boards: &Boards,
        tc: TimeControl,
        seed: u64,
    ) -> Result<Plan> {
        let mut games = Vec::new();
        schedule_round(
            &mut games,
            game,
            &pairings,
            round,
            boards_per_round,
            false,
            boards,
        )?;
        Ok(Plan::finish(
            game, entrants, pairings, games, tc, seed, false,
        ))
    }

    fn finish(
        game: GameId,
        entrants: Vec<Entrant>,
        pairings: Vec<(usize, usize)>,
        games: Vec<(GameKey, usize, usize, AnyPosition)>,
        tc: TimeControl,
        seed: u64,
        whole: bool,
    ) -> Plan {
        let mut plan = Plan {
            game,
            entrants,
            pairings,
            games,
            tc,
            seed,
            fingerprint: String::new(),
            shard: None,
            whole,
        };
        plan.fingerprint = plan.compute_fingerprint();
        plan
    }

    fn compute_fingerprint(&self) -> String {
        let mut h = Fnv::new();
        h.write(self.game.as_str());
        h.write(&self.seed.to_string());
        for e in &self.entrants {
            h.write(&e.name);
            h.write(&e.describe());
            h.write(&self.control_of(e).to_string());
        }
        for (key, p1, p2, start) in &self.games {
            h.write(&format!("{key} {p1} {p2} {}", start.fen()));
        }
        format!("{:016x}", h.0)
    }

    /// The time control of an entrant (its own override, else the plan's).
    pub(crate) fn control_of(&self, e: &Entrant) -> TimeControl {
        if let Some(ms) = e.time.movetime {
            TimeControl::Movetime(ms)
        } else if let Some(n) = e.time.nodes {
            TimeControl::Nodes(n)
        } else if let Some(d) = e.time.depth {
            TimeControl::Depth(d)
        } else {
            self.tc
        }
    }

    /// Keeps only the games of `shard` (whole boards, dealt in schedule
    /// order: see [`crate::run::shard`]); the fingerprint stays that of the
    /// whole plan, so the shards' journals merge.
    pub(crate) fn keep_shard(&mut self, shard: Shard) {
        let owners = self.owners(shard.n);
        let keys: Vec<String> = self.games.iter().map(|g| g.0.to_string()).collect();
        let mut own = owners.iter();
        self.games.retain(|_| own.next() == Some(&shard.k));
        self.shard = Some((shard, keys, owners));
    }

    /// The shard (1-based) of each game among `n` (see [`shard::deal`]).
    pub(crate) fn owners(&self, n: u32) -> Vec<u32> {
        let games: Vec<(GameKey, usize, usize)> =
            self.games.iter().map(|g| (g.0, g.1, g.2)).collect();
        shard::deal(&games, n)
    }

    /// The entrants' names.
    pub(crate) fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.name.clone()).collect()
    }

    fn spec(&self, i: usize) -> GameSpec {
        let (key, p1, p2, start) = self.games[i];
        GameSpec {
            tournament: self.fingerprint.clone(),
            key,
            start,
            names: [
                self.entrants[p1].name.clone(),
                self.entrants[p2].name.clone(),
            ],
            tc: [
                self.control_of(&self.entrants[p1]),
                self.control_of(&self.entrants[p2]),
            ],
        }
    }
}

/// Appends the games of one round: for each board, each pairing, both
/// colours (one when `last_once` and on the last board).
fn schedule_round(
    games: &mut Vec<(GameKey, usize, usize, AnyPosition)>,
    game: GameId,
    pairings: &[(usize, usize)],
    round: u32,
    nboards: u32,
    last_once: bool,
    boards: &Boards,
) -> Result<()> {
    for b in 0..nboards {
        let start = boards.board(game, round as u64 * nboards as u64 + b as u64)?;
        for (p, &(x, y)) in pairings.iter().enumerate() {
            let colours = if last_once && b + 1 == nboards { 1 } else { 2 };
            for colour in 0..colours {
                let key = GameKey {
                    round,
                    pairing: p as u32,
                    board: b,
                    colour,
                };
                let (p1, p2) = if colour == 0 { (x, y) } else { (y, x) };
                games.push((key, p1, p2, start));
            }
        }
    }
    Ok(())
}

/// Swiss pairings for the next round: entrants ranked by points (game
/// points, or with `Scoring::Points` pair points then margins, then game
/// points; then by their order in the list), each paired with the next-ranked entrant it has
/// not met yet (a rematch only when nothing else is left); with an odd
/// number, the lowest-ranked unpaired entrant sits the round out (no points).
pub(crate) fn swiss_pairings(
    names: &[String],
    records: &[GameRecord],
    scoring: stats::Scoring,
) -> Vec<(usize, usize)> {
    let pairs = stats::pairs(records);
    let pair_points = |i: usize| -> (f64, i64) {
        let mut total = (0.0, 0);
        for (result, margin) in pairs.iter().filter_map(|p| p.of(&names[i])) {
            total = (total.0 + result, total.1 + margin);
        }
        match scoring {
            stats::Scoring::Games => (0.0, 0),
            stats::Scoring::Points => total,
        }
    };
    let points = |i: usize| -> f64 {
        records
            .iter()
            .map(|r| {
                let side = if r.p1 == names[i] {
                    Side::P1
                } else if r.p2 == names[i] {
                    Side::P2
                } else {
                    return 0.0;
                };
                r.winner.points(side)
            })
            .sum()
    };
    let met = |a: usize, b: usize| {
        records.iter().any(|r| {
            (r.p1 == names[a] && r.p2 == names[b]) || (r.p1 == names[b] && r.p2 == names[a])
        })
    };
    let mut ranking: Vec<usize> = (0..names.len()).collect();
    let pts: Vec<f64> = (0..names.len()).map(points).collect();
    let by_pairs: Vec<(f64, i64)> = (0..names.len()).map(pair_points).collect();
    ranking.sort_by(|&a, &b| {
        by_pairs[b]
            .0
            .total_cmp(&by_pairs[a].0)
            .then(by_pairs[b].1.cmp(&by_pairs[a].1))
            .then(pts[b].total_cmp(&pts[a]))
            .then(a.cmp(&b))
    });
    let mut paired = vec![false; names.len()];
    let mut pairings = Vec::new();
    for (k, &a) in ranking.iter().enumerate() {
        if paired[a] {
            continue;
        }
        let rest: Vec<usize> = ranking[k + 1..]
            .iter()
            .copied()
            .filter(|&b| !paired[b])
            .collect();
        let Some(b) = rest
            .iter()
            .copied()
            .find(|&b| !met(a, b))
            .or(rest.first().copied())
        else {
            continue; // the bye
        };
        paired[a] = true;
        paired[b] = true;
        pairings.push((a, b));
    }
    pairings
}

/// 64-bit FNV-1a, for fingerprints and per-game seeds (stable everywhere).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, s: &str) {
        for b in s.bytes().chain([0xff]) {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The seed of a built-in player in one game.
pub(crate) fn player_seed(seed: u64, key: &GameKey, side: usize) -> u64 {
    let mut h = Fnv::new();
    h.write(&format!("{seed} {key} {side}"));
    h.0
}

/// How to run a plan.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub concurrency: usize,
    pub results: Option<PathBuf>,
    pub settings: Settings,
    pub progress: bool,
    /// A sequential test that ends the run once decided (a match only):
    /// the games of the boards being played are finished, no new board is
    /// started.
    pub sprt: Option<sprt::Watch>,
    /// The command line, recorded in a sharded journal's plan line (the
    /// command that resumes the shard).
    pub command: Vec<String>,
    /// A web page rewritten as games finish (`--html-live`).
    pub live: Option<crate::results::html::Live>,
}

/// What a run produced.
pub struct RunResult {
    /// Every finished game of the plan (from the journal and from this run),
    /// in key order.
    pub records: Vec<GameRecord>,
    /// Games resumed from the journal.
    pub resumed: usize,
    /// Journal lines not trusted (see `run::verify`), told on stderr.
    pub rejected: usize,
    /// True when Ctrl-C stopped the run before the end.
    pub interrupted: bool,
    /// Games of the plan.
    pub total: usize,
    /// The sequential test at the end (with `--sprt`).
    pub sprt: Option<sprt::Watch>,
    /// A sharded Swiss: the round (0-based) whose share this run played;
    /// the next round waits for every shard's results.
    pub waiting_round: Option<u32>,
}

/// Refuses, before any game, an engine that cannot be found or that does
/// not declare a configured option. An engine that fails its handshake here
/// only gets a warning: it will lose its games by `startup`.
pub(crate) fn preflight(plan: &Plan, timeouts: &Timeouts) -> Result<()> {
    for e in &plan.entrants {
        let Kind::External(spec) = &e.kind else {
            continue;
        };
        spec.check_program()
            .with_context(|| format!("engine '{}'", e.name))?;
        if spec.options.is_empty() {
            continue;
        }
        match Engine::start(spec, timeouts) {
            Ok(engine) => {
                let unknown = engine.unknown_options(spec);
                let declared = engine.options.join(", ");
                engine.quit(timeouts.grace_ms);
                if !unknown.is_empty() {
                    bail!(
                        "engine '{}': unknown option(s) {} (it declares: {})",
                        e.name,
                        unknown.join(", "),
                        if declared.is_empty() {
                            "none"
                        } else {
                            &declared
                        }
                    );
                }
            }
            Err(Fault::Interrupted) => bail!("interrupted"),
            Err(f) => log::warn!("engine '{}' failed its handshake at preflight: {f}", e.name),
        }
    }
    Ok(())
}

/// Plays the plan (resuming from the journal), `opts.concurrency` games at a time.
pub fn run(plan: &Plan, opts: &RunOptions) -> Result<RunResult> {
    let mut done: Vec<GameRecord> = Vec::new();
    let mut rejected = 0;
    let mut journal = None;
    if let Some(path) = &opts.results {
        let loaded = journal::load(path, &plan.fingerprint)?;
        if loaded.bad > 0 {
            log::warn!(
                "{}: {} skipped (not a results line)",
                path.display(),
                plural(loaded.bad, "line")
            );
        }
        if loaded.other > 0 && loaded.done.is_empty() {
            log::warn!(
                "{}: {} of another tournament (other engines, boards or time control) \
                 in this file, not counted here",
                path.display(),
                plural(loaded.other, "game")
            );
        }
        let checked = verify::verify(plan, loaded.done, &loaded.lines, plan.whole);
        done = checked.good;
        rejected = checked.rejected.len();
        if !checked.rejected.is_empty() {
            let lines: Vec<(usize, String)> = checked
                .rejected
                .iter()
                .map(|r| (r.line, format!("game {}: {}", r.key, r.why)))
                .collect();
            let aside = journal::quarantine(path, &lines)?;
            for r in &checked.rejected {
                log::warn!(
                    "{} line {}, game {}: {}; not counted, the game is played again \
                     (the line is moved to {})",
                    path.display(),
                    r.line + 1,
                    r.key,
                    r.why,
                    aside.display()
                );
            }
        }
        let mut j = Journal::open(path)?;
        if let Some((shard, keys, owners)) = &plan.shard {
            let line = PlanLine {
                tournament: plan.fingerprint.clone(),
                game: plan.game.to_string(),
                shard: *shard,
                names: plan.names(),
                keys: keys.clone(),
                owners: owners.clone(),
                command: opts.command.clone(),
            }
            .to_line();
            if !loaded.plans.contains(&line) {
                j.append_line(&line)?;
            }
        }
        journal = Some(j);
    }
    let resumed = done.len();
    let mut watch = opts.sprt.clone();
    if let Some(w) = watch.as_mut() {
        done.iter().for_each(|r| w.add(r));
    }
    let decided = |w: &Option<sprt::Watch>| w.as_ref().is_some_and(|w| w.decided().is_some());
    let done_keys: std::collections::HashSet<String> = done.iter().map(|r| r.key.clone()).collect();

    // Jobs: the games of one board of one pairing (both colours).
    let keys: Vec<GameKey> = plan.games.iter().map(|g| g.0).collect();
    let mut jobs: VecDeque<Vec<usize>> = VecDeque::new();
    let mut last_board = None;
    for ((i, key), board) in keys.iter().enumerate().zip(shard::board_numbers(&keys)) {
        if done_keys.contains(&key.to_string()) {
            continue;
        }
        match jobs.back_mut() {
            Some(job) if last_board == Some(board) => job.push(i),
            _ => jobs.push_back(vec![i]),
        }
        last_board = Some(board);
    }
    if decided(&watch) {
        jobs.clear();
    }
    let total = plan.games.len();
    let names = plan.names();
    let message = |records: &[GameRecord], w: &Option<sprt::Watch>| match w {
        Some(w) => format!("{}  {}", w.status(), leaders(&names, records)),
        None => leaders(&names, records),
    };
    let bar = if opts.progress {
        ProgressBar::new(total as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games [{elapsed_precise} eta {eta}] {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(resumed as u64);
    bar.set_message(message(&done, &watch));

    let queue = Mutex::new(jobs);
    let workers = opts.concurrency.max(1);
    // Bounded: a worker waits while its finished game is not yet journaled,
    // so the journal, the progress and the SPRT never lag the games.
    let (tx, rx) = mpsc::sync_channel::<GameRecord>(workers);
    let mut shown = std::time::Instant::now();
    let mut records = done;
    let mut write_error = None;
    let mut live = opts.live.clone();
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let queue = &queue;
            s.spawn(move || worker(plan, opts, queue, tx));
        }
        drop(tx);
        loop {
            match rx.recv_timeout(signals::POLL) {
                Ok(r) => {
                    if let Some(j) = journal.as_mut() {
                        if let Err(e) = j.append(&r) {
                            write_error.get_or_insert(e);
                            signals::INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
                        }
                    }
                    if let Some(line) = report::fault_line(&r) {
                        bar.suspend(|| log::warn!("{line}"));
                    }
                    if let Some(w) = watch.as_mut() {
                        w.add(&r);
                        if decided(&watch) {
                            // Finish the boards under way, start no other.
                            if let Ok(mut q) = queue.lock() {
                                q.clear();
                            }
                        }
                    }
                    records.push(r);
                    if let Some(page) = live.as_mut() {
                        page.game_finished(&records);
                    }
                    bar.inc(1);
                    // The leaders take a pass over every game: not more
                    // than five times a second.
                    if opts.progress && shown.elapsed() >= std::time::Duration::from_millis(200) {
                        bar.set_message(message(&records, &watch));
                        shown = std::time::Instant::now();
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    let order: std::collections::HashMap<String, usize> = (plan.games.iter().enumerate())
        .map(|(i, g)| (g.0.to_string(), i))
        .collect();
    records.sort_by_key(|r| order.get(&r.key).copied().unwrap_or(usize::MAX));
    Ok(RunResult {
        interrupted: records.len() < total && signals::interrupted() && !decided(&watch),
        records,
        resumed,
        rejected,
        total,
        sprt: watch,
        waiting_round: None,
    })
}

/// A whole tournament, as the command line gives it.
pub struct Setup {
    pub game: GameId,
    pub entrants: Vec<Entrant>,
    pub format: Format,
    /// Rounds (Swiss: each paired on the results so far).
    pub rounds: u32,
    /// Boards per round and pairing (both colours on each).
    pub boards: u32,
    /// `Some(n)`: a match of n games, instead of `boards` (see [`Plan::new`]).
    pub match_games: Option<u32>,
    pub board_source: Boards,
    pub tc: TimeControl,
    pub seed: u64,
    /// How a Swiss ranks before pairing.
    pub scoring: stats::Scoring,
    /// Play only this share of the plan (see `run::shard`).
    pub shard: Option<Shard>,
}

/// The plan a tournament starts with, whole (not sharded): every game of
/// a round robin or gauntlet; the first round of a Swiss (the next ones are
/// paired on the results).
pub fn first_plan(setup: &Setup) -> Result<Plan> {
    if setup.format == Format::Swiss {
        if setup.entrants.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        check_swiss_size(setup)?;
        return swiss_round(setup, 0, &[]);
    }
    Plan::new(
        setup.game,
        setup.entrants.clone(),
        setup.format,
        setup.rounds,
        setup.boards,
        setup.match_games,
        &setup.board_source,
        setup.tc,
        setup.seed,
    )
}

/// Refuses a Swiss too large (see [`crate::limits::check_plan`]).
fn check_swiss_size(setup: &Setup) -> Result<()> {
    let size = (setup.entrants.len() as u64 / 2)
        .saturating_mul(2 * setup.boards as u64)
        .saturating_mul(setup.rounds as u64);
    crate::limits::check_plan(setup.entrants.len(), size)
}

/// Round `round` of a Swiss, paired on the results so far.
fn swiss_round(setup: &Setup, round: u32, records: &[GameRecord]) -> Result<Plan> {
    let names: Vec<String> = setup.entrants.iter().map(|e| e.name.clone()).collect();
    Plan::round(
        setup.game,
        setup.entrants.clone(),
        swiss_pairings(&names, records, setup.scoring),
        round,
        setup.boards,
        &setup.board_source,
        setup.tc,
        setup.seed,
    )
}

/// Plays a whole tournament: a Swiss round by round, each round paired on
/// the results of the rounds before (every round shares the first round's
/// fingerprint, so the journal knows the whole tournament); any other format
/// as one [`Plan`]. Returns the run over every round and the pairings played
/// (each pair once, lower index first, sorted).
pub fn play(setup: Setup, opts: &RunOptions) -> Result<(RunResult, Vec<(usize, usize)>)> {
    let (rounds, boards, shard) = (setup.rounds, setup.boards, setup.shard);
    if shard.is_some() && opts.results.is_none() {
        bail!(
            "--shard needs --results: the shard's journal, put together later by `arbiter merge`"
        );
    }
    let names: Vec<String> = setup.entrants.iter().map(|e| e.name.clone()).collect();
    let mut waiting_round = None;
    let mut records = Vec::new();
    let mut pairings = Vec::new();
    let (mut resumed, mut rejected, mut total, mut interrupted) = (0, 0, 0, false);
    let mut sprt = None;
    if setup.format == Format::Swiss {
        if names.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        check_swiss_size(&setup)?;
        let mut swiss_id: Option<String> = None;
        for round in 0..rounds {
            let mut plan = swiss_round(&setup, round, &records)?;
            // Every round shares the first round's fingerprint (its pairings
            // depend on nothing), so the journal knows the whole tournament.
            match &swiss_id {
                None => {
                    preflight(&plan, &opts.settings.timeouts)?;
                    swiss_id = Some(plan.fingerprint.clone());
                }
                Some(id) => plan.fingerprint = id.clone(),
            }
            if let (Some(s), Some(path)) = (shard, &opts.results) {
                // A round whose games are all in the journal (every shard's,
                // merged into it) is done; the first other one is played,
                // this shard's share only, and the run stops there: the next
                // round's pairings need every shard's results.
                let loaded = journal::load(path, &plan.fingerprint)?;
                let done = verify::verify(&plan, loaded.done, &loaded.lines, false).good;
                if done.len() < plan.games.len() {
                    plan.keep_shard(s);
                    waiting_round = Some(round);
                } else {
                    pairings.extend(plan.pairings.iter().copied());
                    resumed += done.len();
                    total += done.len();
                    records.extend(done);
                    continue;
                }
            }
            let mut round_opts = opts.clone();
            if let Some(page) = round_opts.live.as_mut() {
                page.earlier = records.clone();
            }
            let result = run(&plan, &round_opts)?;
            pairings.extend(plan.pairings.iter().copied());
            records.extend(result.records);
            resumed += result.resumed;
            rejected += result.rejected;
            total += result.total;
            if waiting_round.is_some() {
                interrupted = result.interrupted;
                break;
            }
            if result.interrupted {
                interrupted = true;
                total = (rounds as usize) * (names.len() / 2) * (boards as usize) * 2;
                break;
            }
        }
    } else {
        let mut plan = first_plan(&setup)?;
        preflight(&plan, &opts.settings.timeouts)?;
        if let Some(s) = shard {
            plan.keep_shard(s);
        }
        let result = run(&plan, opts)?;
        pairings = plan.pairings.clone();
        records = result.records;
        resumed = result.resumed;
        rejected = result.rejected;
        total = result.total;
        interrupted = result.interrupted;
        sprt = result.sprt;
    }
    let mut pairings: Vec<(usize, usize)> = pairings
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    pairings.sort_unstable();
    pairings.dedup();
    let run = RunResult {
        records,
        resumed,
        rejected,
        interrupted,
        total,
        sprt,
        waiting_round,
    };
    Ok((run, pairings))
}

fn leaders(names: &[String], records: &[GameRecord]) -> String {
    stats::standings(names, records, stats::Scoring::Games)
        .iter()
        .take(3)
        .map(|s| format!("{} {:.1}/{}", s.name, s.score.points, s.games))
        .collect::<Vec<_>>()
        .join("  ")
}

/// One worker: takes boards off the queue and plays their games, keeping the
/// engines of the current pairing running between games.
fn worker(
    plan: &Plan,
    opts: &RunOptions,
    queue: &Mutex<VecDeque<Vec<usize>>>,
    tx: mpsc::SyncSender<GameRecord>,
) {
    let timeouts = opts.settings.timeouts;
    let mut cache: Vec<(usize, Engine)> = Vec::new();
    'jobs: loop {
        if signals::interrupted() {
            break;
        }
        let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
            break;
        };
        for gi in job {
            if signals::interrupted() {
                break 'jobs;
            }
            let (key, p1, p2, _) = plan.games[gi];
            // Engines of other entrants are no longer needed.
            let mut keep = Vec::new();
            for (idx, e) in cache.drain(..) {
                if idx == p1 || idx == p2 {
                    keep.push((idx, e));
                } else {
                    e.quit(timeouts.grace_ms);
                }
            }
            cache = keep;
            let mut seat_of = |side: usize, who: usize| -> Seat {
                match &plan.entrants[who].kind {
                    Kind::Builtin(b) => {
                        Seat::Builtin(Builtin::new(b, player_seed(plan.seed, &key, side)))
                    }
                    Kind::External(spec) => {
                        let found = cache.iter().position(|(i, _)| *i == who);
                        match found {
                            Some(at) => Seat::External(Ok(cache.remove(at).1)),
                            None => Seat::External(Engine::start(spec, &timeouts)),
                        }
                    }
                }
            };
            let seats = [seat_of(0, p1), seat_of(1, p2)];
            let played = game::play(&plan.spec(gi), seats, &opts.settings);
            let [e1, e2] = played.seats;
            for (who, e) in [(p1, e1), (p2, e2)] {
                if let Some(e) = e {
                    cache.push((who, e));
                }
            }
            match played.record {
                Some(r) => {
                    if tx.send(r).is_err() {
                        break 'jobs;
                    }
                }
                None => break 'jobs,
            }
        }
    }
    for (_, e) in cache {
        if signals::interrupted() {
            e.kill();
        } else {
            e.quit(timeouts.grace_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrants(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|i| {
                let mut e = Entrant::from_cli("builtin:random").unwrap();
                e.name = format!("e{i}");
                e
            })
            .collect()
    }

    fn plan(n: usize, format: Format, games: Option<u32>, seed: u64) -> Plan {
        let boards = Boards::Seeded {
            seed,
            dots_size: None,
        };
        Plan::new(
            GameId::Knight,
            entrants(n),
            format,
            2,
            3,
            games,
            &boards,
            TimeControl::Movetime(100),
            seed,
        )
        .unwrap()
    }

    #[test]
    fn schedules_have_the_right_size_and_unique_keys() {
        let rr = plan(4, Format::RoundRobin, None, 1);
        assert_eq!(rr.pairings.len(), 6);
        assert_eq!(rr.games.len(), 6 * 2 * 3 * 2);
        let g = plan(4, Format::Gauntlet, None, 1);
        assert_eq!(g.pairings, vec![(0, 1), (0, 2), (0, 3)]);
        let m = plan(2, Format::RoundRobin, Some(5), 1);
        assert_eq!(m.games.len(), 2 * 5, "5 games per round, 2 rounds");
        let keys: std::collections::HashSet<String> =
            rr.games.iter().map(|g| g.0.to_string()).collect();
        assert_eq!(keys.len(), rr.games.len());
        // Both colours of a board share the start and swap the players.
        let (k0, a0, b0, s0) = rr.games[0];
        let (k1, a1, b1, s1) = rr.games[1];
        assert_eq!((k0.colour, k1.colour), (0, 1));
        assert_eq!((a0, b0), (b1, a1));
        assert_eq!(s0, s1);
    }

    #[test]
    fn fingerprint_follows_the_configuration() {
        let a = plan(3, Format::RoundRobin, None, 1);
        assert_eq!(
            a.fingerprint,
            plan(3, Format::RoundRobin, None, 1).fingerprint
        );
        assert_ne!(
            a.fingerprint,
            plan(3, Format::RoundRobin, None, 2).fingerprint
        );
        assert_ne!(
            a.fingerprint,
            plan(3, Format::Gauntlet, None, 1).fingerprint
        );
        assert_ne!(
            player_seed(1, &a.games[0].0, 0),
            player_seed(1, &a.games[0].0, 1)
        );
    }

    #[test]
    fn puzzles_and_lone_entrants_are_refused() {
        let boards = Boards::Seeded {
            seed: 1,
            dots_size: None,
        };
        let tc = TimeControl::Movetime(1);
        let f = Format::RoundRobin;
        assert!(Plan::new(
            GameId::Knight,
            entrants(4),
            Format::Swiss,
            1,
            1,
            None,
            &boards,
            tc,
            1
        )
        .is_err());
        assert!(Plan::new(
            GameId::KnightSolo,
            entrants(2),
            f,
            1,
            1,
            None,
            &boards,
            tc,
            1
        )
        .is_err());
        assert!(Plan::new(GameId::Knight, entrants(1), f, 1, 1, None, &boards, tc, 1).is_err());
    }
}

#[cfg(test)]
mod swiss_tests {
    use super::*;

    fn rec(p1: &str, p2: &str, winner: &str) -> GameRecord {
        crate::results::stats::tests::rec(p1, p2, winner, 0)
    }

    #[test]
    fn a_swiss_under_duplicate_scoring_ranks_by_pairs() {
        let names: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let game = |p1: &str, p2: &str, s1: u32, s2: u32, pairing: u32, colour: u32| {
            let mut r = rec(p1, p2, if s1 > s2 { "p1" } else { "p2" });
            (r.score1, r.score2, r.pairing, r.colour) = (s1, s2, pairing, colour);
            r
        };
        // a and b win a game each, b by far more; c wins both against d.
        let rs = vec![
            game("a", "b", 11, 10, 0, 0),
            game("b", "a", 50, 10, 0, 1),
            game("c", "d", 40, 10, 1, 0),
            game("d", "c", 10, 40, 1, 1),
        ];
        // Games: c 2, a 1, b 1, d 0 (a before b by the list) → c-a, b-d.
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Games),
            vec![(2, 0), (1, 3)]
        );
        // Pairs: c 1, b 1 (margin +39), a 0, d 0 → c-b, a-d.
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Points),
            vec![(2, 1), (0, 3)]
        );
    }

    #[test]
    fn swiss_pairs_by_score_and_avoids_rematches() {
        let names: Vec<String> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Round 1 in list order; e sits out.
        assert_eq!(
            swiss_pairings(&names, &[], stats::Scoring::Games),
            vec![(0, 1), (2, 3)]
        );
        // b and d won: b, d first (b before d by list order); a met b already.
        let rs = vec![rec("a", "b", "p2"), rec("c", "d", "p2")];
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Games),
            vec![(1, 3), (0, 2)]
        );
    }
}
