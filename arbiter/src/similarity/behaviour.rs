//! Behavioural similarity, as chess engines' clone detection does it: every
//! engine answers the same fixed positions, and two engines that choose the
//! same move far more often than independent engines do are likely one
//! engine.
//!
//! - **Positions** come from real play: seeded games of the reference search,
//!   greedy and random players (`tabula::analysis::sample`) from the game's
//!   seeded random starts; a few positions of each game with at least two
//!   legal moves. They are written to a positions file (one position string
//!   a line) and read back on the next run, so the run is reproducible.
//! - **Answers** are journaled (`<out>.answers.jsonl`: engine, position,
//!   limit, move); a rerun asks only what is missing. Engines are asked
//!   `--concurrency` at a time, each once per position. A move the rules
//!   refuse, or none, is no answer: that position does not count for that
//!   engine.
//! - **The chance model** (`chance.rs`): the pool of the reference players
//!   — random, greedy, the Tabula search at depths 1 to 4, a plain
//!   alpha-beta (score difference, moves in the rules' order) at depths 1
//!   to 4 — and the class, the judged pair left out; each engine's
//!   sharpness; the pair's expected agreement, binomial variance and the
//!   game's pair-to-pair spread give z.
//! - **Flagged**: `z ≥` the game's threshold (`data/similarity.tsv`, chosen
//!   and measured by `arbiter bench-similarity`), not explained by a
//!   canonical reference, on at least [`MIN_POSITIONS`] positions. **Score**:
//!   the excess agreement `(agree − e)/(1 − e)`, 0–1.

use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, Timeouts};
use crate::engines::config::{BuiltinKind, Entrant, Kind, TimeOverride};
use anyhow::{bail, Context, Result};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tabula::analysis::sample::{self, Player};
use tabula::games::{AnyPosition, GameSetup};
use tabula::protocol::command::Command;
use tabula::search::Limits;

/// A pair is judged on at least this many positions both answered.
pub(crate) const MIN_POSITIONS: usize = 30;
/// Positions sampled from one game.
const PER_GAME: usize = 3;
/// The deadline given to the reference players' depth-limited searches (ms).
const REFERENCE_MS: u64 = 5_000;

/// Nodes of a plain reference's search (it stops there, at its last
/// complete depth).
const PLAIN_NODES: u64 = 300_000;

/// The reference players of the chance model: (name, family, who); the
/// canonical ones (all but random) explain two engines that play as they
/// do.
pub(crate) fn references() -> Vec<(String, &'static str, Who)> {
    let builtin = |kind| Who::Engine {
        kind: Kind::Builtin(kind),
        time: TimeOverride::default(),
    };
    let mut refs = vec![
        (
            "ref:random".to_string(),
            "random",
            builtin(BuiltinKind::Random),
        ),
        (
            "ref:greedy".to_string(),
            "greedy",
            builtin(BuiltinKind::Greedy),
        ),
    ];
    for depth in 1..=4 {
        refs.push((
            format!("ref:tabula-d{depth}"),
            "tabula",
            builtin(BuiltinKind::Tabula {
                depth: Some(depth),
                nodes: None,
                movetime: None,
                material: false,
            }),
        ));
    }
    for depth in 1..=4 {
        refs.push((
            format!("ref:plain-d{depth}"),
            "plain",
            Who::Student(super::zoo::Student::plain(depth, PLAIN_NODES)),
        ));
    }
    refs
}

/// The fixed positions: read from `file` when it holds positions of this
/// game made with the same header, else sampled and written there.
pub(crate) fn positions(
    setup: &GameSetup,
    n: usize,
    seed: u64,
    file: &Path,
) -> Result<Vec<AnyPosition>> {
    let game = setup.game();
    let header = format!(
        "# arbiter similarity positions: game {game}, seed {seed}, {n} positions \
         (from seeded games of the reference search, greedy and random players)"
    );
    if let Ok(text) = std::fs::read_to_string(file) {
        let same = text.lines().next() == Some(header.as_str());
        let given = !text.starts_with("# arbiter similarity positions:");
        if same || given {
            let mut out = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let pos = AnyPosition::from_fen(line)
                    .map_err(|e| anyhow::anyhow!("{}:{}: {e}", file.display(), i + 1))?;
                if pos.game() != game {
                    bail!(
                        "{}:{}: a position of {}, not {game}",
                        file.display(),
                        i + 1,
                        pos.game()
                    );
                }
                out.push(pos);
            }
            if out.is_empty() {
                bail!("{}: no positions", file.display());
            }
            return Ok(out);
        }
    }
    let out: Vec<AnyPosition> = sample_positions(setup, n, seed)
        .into_iter()
        .map(|p| p.0)
        .collect();
    let mut text = header + "\n";
    for p in &out {
        text.push_str(&p.fen());
        text.push('\n');
    }
    std::fs::write(file, text).with_context(|| format!("cannot write {}", file.display()))?;
    Ok(out)
}

/// `n` positions from seeded games, at least two legal moves each, each
/// with whether it is the first position of its game.
pub(crate) fn sample_positions(setup: &GameSetup, n: usize, seed: u64) -> Vec<(AnyPosition, bool)> {
    let depth = |d| {
        Player::Reference(Limits {
            depth: Some(d),
            ..Limits::default()
        })
    };
    let pairings = [
        [depth(2), Player::Greedy],
        [Player::Greedy, Player::Random],
        [depth(1), depth(2)],
        [Player::Random, depth(2)],
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out: Vec<(AnyPosition, bool)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for g in 0..(20 * n as u64 + 100) {
        if out.len() >= n {
            break;
        }
        let start_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
        let Some(start) = setup.random(start_seed).or_else(|| setup.startpos()) else {
            break;
        };
        let players = &pairings[g as usize % pairings.len()];
        let moves = sample::play(&start, players, start_seed);
        let mut pos = start;
        let mut along = vec![(pos, true)];
        for m in moves {
            if pos.play(m).is_err() {
                break;
            }
            along.push((pos, false));
        }
        along.retain(|p| !p.0.is_over() && p.0.legal_moves().len() >= 2);
        for _ in 0..PER_GAME.min(along.len()) {
            let p = along[(rng.next_u64() % along.len() as u64) as usize];
            if out.len() < n && seen.insert(p.0.fen()) {
                out.push(p);
            }
        }
    }
    out
}

/// One journaled answer.
#[derive(Serialize, Deserialize)]
struct Answer {
    engine: String,
    fen: String,
    limit: String,
    #[serde(rename = "move")]
    mv: Option<String>,
}

/// Who answers: an engine of the class (or a reference), or a synthetic
/// student of the benchmark.
#[derive(Clone, Debug)]
pub(crate) enum Who {
    Engine { kind: Kind, time: TimeOverride },
    Student(super::zoo::Student),
}

/// A player that answers, by name.
#[derive(Clone, Debug)]
pub(crate) struct Answerer {
    pub(crate) name: String,
    pub(crate) who: Who,
}

impl Answerer {
    pub(crate) fn entrant(e: &Entrant) -> Answerer {
        Answerer {
            name: e.name.clone(),
            who: Who::Engine {
                kind: e.kind.clone(),
                time: e.time,
            },
        }
    }

    pub(crate) fn student(name: String, s: super::zoo::Student) -> Answerer {
        Answerer {
            name,
            who: Who::Student(s),
        }
    }

    /// The `go` limits and the time one answer may take (`None`: no time
    /// limit, the cap of `Timeouts`).
    fn limits(time: TimeOverride, movetime: u64) -> (Limits, Option<u64>) {
        if time.depth.is_some() || time.nodes.is_some() {
            let l = Limits {
                depth: time.depth,
                nodes: time.nodes,
                ..Limits::default()
            };
            return (l, None);
        }
        let ms = time.movetime.unwrap_or(movetime);
        let l = Limits {
            movetime: Some(ms),
            ..Limits::default()
        };
        (l, Some(ms))
    }

    /// The limit as journaled.
    fn limit_word(&self, movetime: u64) -> String {
        match &self.who {
            Who::Student(s) => s.to_string(),
            Who::Engine {
                kind: Kind::Builtin(BuiltinKind::Tabula { depth: Some(d), .. }),
                ..
            } => format!("depth {d}"),
            Who::Engine {
                kind: Kind::Builtin(BuiltinKind::Random | BuiltinKind::Greedy),
                ..
            } => "instant".into(),
            Who::Engine { time, .. } => Command::Go(Answerer::limits(*time, movetime).0)
                .to_string()
                .trim_start_matches("go ")
                .to_string(),
        }
    }
}

/// What the run needs besides the players.
pub(crate) struct Run<'a> {
    pub(crate) positions: &'a [AnyPosition],
    pub(crate) movetime: u64,
    pub(crate) seed: u64,
    pub(crate) timeouts: Timeouts,
    pub(crate) journal: PathBuf,
    /// Engines asked at once.
    pub(crate) concurrency: usize,
    /// The positions (as position strings) that are the first of their
    /// game (a synthetic student's opening is played there).
    pub(crate) starts: HashSet<String>,
}

/// One player's move on each position (`None`: no legal answer).
type Moves = Vec<Option<String>>;

/// The answers of the journal, by (engine, position, limit).
type Known = HashMap<(String, String, String), Option<String>>;

/// Every player's move on every position (`None`: no legal answer), the
/// players asked `run.concurrency` at a time, each answer journaled as it
/// comes (a rerun asks only what is missing).
pub(crate) fn answers(
    run: &Run,
    players: &[Answerer],
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Moves>> {
    let mut known = Known::new();
    if let Ok(text) = std::fs::read_to_string(&run.journal) {
        for line in text.lines() {
            if let Ok(a) = serde_json::from_str::<Answer>(line) {
                known.insert((a.engine, a.fen, a.limit), a.mv);
            }
        }
    }
    let journal = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&run.journal)
        .with_context(|| format!("cannot write {}", run.journal.display()))?;
    let journal = Mutex::new(journal);
    let fens: Vec<String> = run.positions.iter().map(AnyPosition::fen).collect();
    let failed = AtomicBool::new(false);
    let all = tabula::pool::run(
        players.len(),
        run.concurrency,
        || failed.load(Ordering::Relaxed),
        |i| {
            let got = ask_all(run, &players[i], &fens, &known, &journal, progress);
            if got.is_err() {
                // Stop the others before their next player.
                failed.store(true, Ordering::Relaxed);
            }
            got
        },
    );
    let mut out = Vec::with_capacity(players.len());
    for outcome in all {
        match outcome {
            Some(got) => out.push(got??),
            None => bail!(
                "interrupted; the answers so far are kept in {}",
                run.journal.display()
            ),
        }
    }
    Ok(out)
}

/// One player's answers: those of the journal, the others asked.
fn ask_all(
    run: &Run,
    p: &Answerer,
    fens: &[String],
    known: &Known,
    journal: &Mutex<std::fs::File>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Moves> {
    let limit = p.limit_word(run.movetime);
    let mut got: Vec<Option<Option<String>>> = fens
        .iter()
        .map(|f| {
            known
                .get(&(p.name.clone(), f.clone(), limit.clone()))
                .cloned()
        })
        .collect();
    let missing: Vec<usize> = (0..fens.len()).filter(|&i| got[i].is_none()).collect();
    if !missing.is_empty() {
        progress(&format!("{}: {} positions", p.name, missing.len()));
    }
    let mut ask = Asker::new(p, run);
    for i in missing {
        if crate::signals::INTERRUPTED.load(Ordering::SeqCst) {
            ask.finish(run.timeouts.grace_ms);
            bail!(
                "interrupted; the answers so far are kept in {}",
                run.journal.display()
            );
        }
        let pos = &run.positions[i];
        let mv = ask
            .answer(pos, run.starts.contains(&fens[i]))
            .and_then(|m| pos.parse_legal(&m).ok())
            .map(|m| m.to_string());
        let line = Answer {
            engine: p.name.clone(),
            fen: fens[i].clone(),
            limit: limit.clone(),
            mv: mv.clone(),
        };
        let text = serde_json::to_string(&line)?;
        writeln!(journal.lock().unwrap_or_else(|e| e.into_inner()), "{text}")?;
        got[i] = Some(mv);
    }
    ask.finish(run.timeouts.grace_ms);
    Ok(got.into_iter().map(Option::flatten).collect())
}

/// Asks one player, restarting an external engine after a fault (at most
/// [`RESTARTS`] times).
struct Asker<'a> {
    player: &'a Answerer,
    run: &'a Run<'a>,
    builtin: Option<Builtin>,
    engine: Option<Engine>,
    restarts: usize,
}

const RESTARTS: usize = 3;

impl<'a> Asker<'a> {
    fn new(player: &'a Answerer, run: &'a Run<'a>) -> Asker<'a> {
        let builtin = match &player.who {
            // Each player its own seed: two random choosers seeded alike
            // would agree on every tie.
            Who::Engine {
                kind: Kind::Builtin(b),
                ..
            } => Some(Builtin::new(
                b,
                run.seed ^ super::source::winnow::token_hash(&player.name),
            )),
            _ => None,
        };
        Asker {
            player,
            run,
            builtin,
            engine: None,
            restarts: 0,
        }
    }

    fn answer(&mut self, pos: &AnyPosition, first: bool) -> Option<String> {
        let (kind, time) = match &self.player.who {
            Who::Student(s) => return s.choose(pos, first),
            Who::Engine { kind, time } => (kind, *time),
        };
        let (limits, budget) = Answerer::limits(time, self.run.movetime);
        if let Some(b) = &mut self.builtin {
            let deadline = Limits {
                movetime: Some(REFERENCE_MS.max(self.run.movetime)),
                ..Limits::default()
            };
            let l = if matches!(
                kind,
                Kind::Builtin(BuiltinKind::Tabula {
                    depth: None,
                    nodes: None,
                    movetime: None,
                    ..
                })
            ) {
                limits
            } else {
                deadline
            };
            return b.choose(pos, &l).0;
        }
        let Kind::External(spec) = kind else {
            return None;
        };
        if self.engine.is_none() {
            if self.restarts > RESTARTS {
                return None;
            }
            self.restarts += 1;
            match Engine::start(spec, &self.run.timeouts) {
                Ok(e) => self.engine = Some(e),
                Err(f) => {
                    log::warn!("{}: {f}", self.player.name);
                    return None;
                }
            }
        }
        self.think(pos, limits, budget)
    }

    /// An external engine's answer on `pos`.
    fn think(&mut self, pos: &AnyPosition, limits: Limits, budget: Option<u64>) -> Option<String> {
        let engine = self.engine.as_mut()?;
        let position = Command::position_fen(&pos.fen(), &[] as &[&str]).to_string();
        let go = Command::Go(limits).to_string();
        let reply = engine
            .new_game()
            .and_then(|()| engine.think(&position, &go, budget, &self.run.timeouts));
        match reply {
            // A move the adapter chose in the program's place (the first
            // legal move, for a project that failed) is not the engine's:
            // two broken projects would agree on it everywhere.
            Ok(r) if r.fallback.is_some() => {
                log::debug!(
                    "{}: fallback on {} ({}): not counted",
                    self.player.name,
                    pos.fen(),
                    r.fallback.unwrap_or_default()
                );
                None
            }
            Ok(r) => Some(r.mv),
            Err(f) => {
                log::warn!("{}: {f} on {}", self.player.name, pos.fen());
                if let Some(e) = self.engine.take() {
                    e.kill();
                }
                None
            }
        }
    }

    fn finish(self, grace_ms: u64) {
        if let Some(e) = self.engine {
            e.quit(grace_ms);
        }
    }
}

/// The behavioural evidence of one pair.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Judged {
    pub(crate) agreement: f64,
    /// The expected agreement of independent engines.
    pub(crate) expected: f64,
    pub(crate) z: f64,
    /// The excess agreement `(agree − e)/(1 − e)`, 0–1.
    pub(crate) score: f64,
    pub(crate) positions: usize,
    /// The canonical reference both play as, if one explains them.
    pub(crate) explained: Option<String>,
    /// How many of the benchmark's independent pairs reached this z, and
    /// the 95 % bound of that share (`None`: z below 2, usual).
    pub(crate) chance: Option<(usize, f64)>,
    pub(crate) flagged: bool,
}

impl Judged {
    /// The pair `(a, b)` of `model` judged against the game's measured
    /// threshold and null distribution.
    pub(crate) fn of(
        model: &super::chance::Model,
        a: usize,
        b: usize,
        null: &super::null::Null,
    ) -> Judged {
        let (z, raw) = model.z(a, b);
        let n = raw.positions.max(1) as f64;
        let agreement = raw.same / n;
        let expected = (raw.expected / n).clamp(0.0, 0.999);
        let explained = model.explained(a, b).map(str::to_string);
        Judged {
            agreement,
            expected,
            z,
            score: ((agreement - expected) / (1.0 - expected)).clamp(0.0, 1.0),
            positions: raw.positions,
            flagged: raw.positions >= MIN_POSITIONS && z >= null.threshold && explained.is_none(),
            chance: null.chance(z),
            explained,
        }
    }
}
