//! Behavioural similarity, as chess engines' clone detection does it: every
//! engine answers the same fixed positions, and two engines that choose the
//! same move far more often than independent engines of their strength do
//! are likely one engine.
//!
//! - **Positions** come from real play: seeded games of the reference search,
//!   greedy and random players (`tabula::analysis::sample`) from the game's
//!   seeded random starts; a few positions of each game with at least two
//!   legal moves. They are written to a positions file (one position string
//!   a line) and read back on the next run, so the run is reproducible.
//! - **Answers** are journaled (`<out>.answers.jsonl`: engine, position,
//!   limit, move); a rerun asks only what is missing. A move the rules refuse,
//!   or none, is no answer: that position does not count for that engine.
//! - **Chance model.** Independent reference players — `random`, `greedy`
//!   and the Tabula search at depths 1 to 4 — answer the same positions.
//!   An engine's *strength* `s` is its agreement with the deepest reference.
//!   Two independent engines agree when both find that move, or when both
//!   choose the same other move: expected agreement `e = s_a s_b + q (1 −
//!   s_a)(1 − s_b)`, with `q` fitted (least squares) on the reference pairs.
//!   The spread is the binomial one of `n` positions plus the model's own
//!   (the residuals of the reference pairs): `sd² = e(1 − e)/n + σ²`.
//! - **Score** of a pair: the excess agreement `(agree − e)/(1 − e)`,
//!   0–1 (0: no more than chance; 1: every answer the same). **Flagged**:
//!   `z = (agree − e)/sd ≥` [`Z_THRESHOLD`] and score ≥ [`MIN_EXCESS`].

use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, Timeouts};
use crate::engines::config::{BuiltinKind, Entrant, Kind, TimeOverride};
use anyhow::{bail, Context, Result};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use tabula::analysis::sample::{self, Player};
use tabula::games::{AnyPosition, GameSetup};
use tabula::protocol::command::Command;
use tabula::search::Limits;

/// A pair is flagged from this z-score on (with [`MIN_EXCESS`]).
pub(crate) const Z_THRESHOLD: f64 = 4.0;
/// … and this excess agreement over chance.
pub(crate) const MIN_EXCESS: f64 = 0.5;
/// Positions sampled from one game.
const PER_GAME: usize = 3;
/// The deadline given to the reference players' depth-limited searches (ms).
const REFERENCE_MS: u64 = 5_000;

/// The reference players of the chance model: (name, player); the deepest
/// search last.
pub(crate) fn references() -> Vec<(String, &'static str, BuiltinKind)> {
    let mut refs = vec![
        ("ref:random".to_string(), "random", BuiltinKind::Random),
        ("ref:greedy".to_string(), "greedy", BuiltinKind::Greedy),
    ];
    for depth in 1..=4 {
        refs.push((
            format!("ref:tabula-d{depth}"),
            "tabula",
            BuiltinKind::Tabula {
                depth: Some(depth),
                nodes: None,
                movetime: None,
                material: false,
            },
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
    let out = sample_positions(setup, n, seed);
    let mut text = header + "\n";
    for p in &out {
        text.push_str(&p.fen());
        text.push('\n');
    }
    std::fs::write(file, text).with_context(|| format!("cannot write {}", file.display()))?;
    Ok(out)
}

/// `n` positions from seeded games, at least two legal moves each.
fn sample_positions(setup: &GameSetup, n: usize, seed: u64) -> Vec<AnyPosition> {
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
    let mut out: Vec<AnyPosition> = Vec::new();
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
        let mut along = vec![pos];
        for m in moves {
            if pos.play(m).is_err() {
                break;
            }
            along.push(pos);
        }
        along.retain(|p| !p.is_over() && p.legal_moves().len() >= 2);
        for _ in 0..PER_GAME.min(along.len()) {
            let p = along[(rng.next_u64() % along.len() as u64) as usize];
            if out.len() < n && seen.insert(p.fen()) {
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

/// A player that answers: an entrant of the class, or a reference.
pub(crate) struct Answerer {
    pub(crate) name: String,
    pub(crate) kind: Kind,
    time: TimeOverride,
}

impl Answerer {
    pub(crate) fn entrant(e: &Entrant) -> Answerer {
        Answerer {
            name: e.name.clone(),
            kind: e.kind.clone(),
            time: e.time,
        }
    }

    pub(crate) fn reference(name: String, kind: BuiltinKind) -> Answerer {
        Answerer {
            name,
            kind: Kind::Builtin(kind),
            time: TimeOverride::default(),
        }
    }

    /// The `go` limits and the time one answer may take (`None`: no time
    /// limit, the cap of `Timeouts`).
    fn limits(&self, movetime: u64) -> (Limits, Option<u64>) {
        let t = self.time;
        if t.depth.is_some() || t.nodes.is_some() {
            let l = Limits {
                depth: t.depth,
                nodes: t.nodes,
                ..Limits::default()
            };
            return (l, None);
        }
        let ms = t.movetime.unwrap_or(movetime);
        let l = Limits {
            movetime: Some(ms),
            ..Limits::default()
        };
        (l, Some(ms))
    }

    /// The limit as journaled.
    fn limit_word(&self, movetime: u64) -> String {
        match &self.kind {
            Kind::Builtin(BuiltinKind::Tabula { depth: Some(d), .. }) => format!("depth {d}"),
            Kind::Builtin(BuiltinKind::Random | BuiltinKind::Greedy) => "instant".into(),
            _ => Command::Go(self.limits(movetime).0)
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
}

/// Every player's move on every position (`None`: no legal answer).
pub(crate) fn answers(
    run: &Run,
    players: &[Answerer],
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<Vec<Option<String>>>> {
    let mut known: HashMap<(String, String, String), Option<String>> = HashMap::new();
    if let Ok(text) = std::fs::read_to_string(&run.journal) {
        for line in text.lines() {
            if let Ok(a) = serde_json::from_str::<Answer>(line) {
                known.insert((a.engine, a.fen, a.limit), a.mv);
            }
        }
    }
    let mut journal = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&run.journal)
        .with_context(|| format!("cannot write {}", run.journal.display()))?;
    let fens: Vec<String> = run.positions.iter().map(AnyPosition::fen).collect();
    let mut all = Vec::new();
    for p in players {
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
            if crate::signals::INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
                bail!(
                    "interrupted; the answers so far are kept in {}",
                    run.journal.display()
                );
            }
            let pos = &run.positions[i];
            let mv = ask
                .answer(pos)
                .and_then(|m| pos.parse_legal(&m).ok())
                .map(|m| m.to_string());
            let line = Answer {
                engine: p.name.clone(),
                fen: fens[i].clone(),
                limit: limit.clone(),
                mv: mv.clone(),
            };
            writeln!(journal, "{}", serde_json::to_string(&line)?)?;
            got[i] = Some(mv);
        }
        ask.finish(run.timeouts.grace_ms);
        all.push(got.into_iter().map(Option::flatten).collect());
    }
    Ok(all)
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
        let builtin = match &player.kind {
            // Each player its own seed: two random choosers seeded alike
            // would agree on every tie.
            Kind::Builtin(b) => Some(Builtin::new(
                b,
                run.seed ^ super::source::winnow::token_hash(&player.name),
            )),
            Kind::External(_) => None,
        };
        Asker {
            player,
            run,
            builtin,
            engine: None,
            restarts: 0,
        }
    }

    fn answer(&mut self, pos: &AnyPosition) -> Option<String> {
        let (limits, budget) = self.player.limits(self.run.movetime);
        if let Some(b) = &mut self.builtin {
            let deadline = Limits {
                movetime: Some(REFERENCE_MS.max(self.run.movetime)),
                ..Limits::default()
            };
            let l = if matches!(
                self.player.kind,
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
        let Kind::External(spec) = &self.player.kind else {
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

/// The share of positions both answered on which they chose the same move,
/// and how many both answered.
pub(crate) fn agreement(x: &[Option<String>], y: &[Option<String>]) -> (f64, usize) {
    let both: Vec<bool> = x
        .iter()
        .zip(y)
        .filter_map(|(a, b)| Some(a.as_ref()? == b.as_ref()?))
        .collect();
    let n = both.len();
    let same = both.iter().filter(|&&s| s).count();
    (if n == 0 { 0.0 } else { same as f64 / n as f64 }, n)
}

/// The chance model fitted on the reference players' answers.
#[derive(Clone, Debug)]
pub(crate) struct Chance {
    /// The deepest reference's answers (strength is agreement with them).
    top: Vec<Option<String>>,
    /// For each position, the chance that two players who both miss the
    /// top move choose the same other move (`None`: the top did not answer).
    pub(crate) coincide: Vec<Option<f64>>,
    /// Spread of the independent reference pairs around the model, beyond
    /// the binomial one.
    pub(crate) sigma: f64,
    /// The independent reference pairs: (a, b, agreement, z by leave-one-out).
    pub(crate) reference_pairs: Vec<(String, String, f64, f64)>,
}

/// Pseudo-count of every legal move in a position's distribution of the
/// moves other than the top one.
const PRIOR: f64 = 0.5;

impl Chance {
    /// Fits the model on `refs` (name, family, answers; the deepest last)
    /// with the number of legal moves of each position. Only pairs of
    /// different families (the searches at several depths are one family)
    /// are independent: only they set the spread.
    pub(crate) fn fit(refs: &[(String, String, Vec<Option<String>>)], legal: &[usize]) -> Chance {
        let top = refs.last().map(|r| r.2.clone()).unwrap_or_default();
        let coincide = (0..legal.len())
            .map(|p| {
                let best = top.get(p)?.as_ref()?;
                let mut counts: HashMap<&str, f64> = HashMap::new();
                for r in &refs[..refs.len() - 1] {
                    if let Some(m) = r.2[p].as_ref().filter(|m| *m != best) {
                        *counts.entry(m.as_str()).or_default() += 1.0;
                    }
                }
                let others = legal[p].saturating_sub(1).max(1) as f64;
                let total: f64 = counts.values().sum::<f64>() + PRIOR * others;
                let unseen = (others - counts.len() as f64).max(0.0);
                let squares: f64 = counts.values().map(|c| (c + PRIOR).powi(2)).sum::<f64>()
                    + unseen * PRIOR * PRIOR;
                Some(squares / (total * total))
            })
            .collect();
        let mut model = Chance {
            top,
            coincide,
            sigma: 0.0,
            reference_pairs: Vec::new(),
        };
        let mut pairs = Vec::new();
        for i in 0..refs.len() {
            for j in i + 1..refs.len() {
                if refs[i].1 != refs[j].1 {
                    let judged = model.judge(&refs[i].2, &refs[j].2);
                    pairs.push((i, j, judged));
                }
            }
        }
        let excess = |skip: Option<(usize, usize)>| -> f64 {
            let kept: Vec<&(usize, usize, Judged)> = pairs
                .iter()
                .filter(|p| skip.is_none_or(|(a, b)| p.0 != a && p.0 != b && p.1 != a && p.1 != b))
                .collect();
            let ss: f64 = kept
                .iter()
                .map(|(_, _, j)| {
                    let binomial = j.expected * (1.0 - j.expected) / j.positions.max(1) as f64;
                    ((j.agreement - j.expected).powi(2) - binomial).max(0.0)
                })
                .sum();
            (ss / kept.len().max(1) as f64).sqrt()
        };
        for &(i, j, _) in &pairs {
            let loo = Chance {
                sigma: excess(Some((i, j))),
                ..model.clone()
            };
            let judged = loo.judge(&refs[i].2, &refs[j].2);
            model.reference_pairs.push((
                refs[i].0.clone(),
                refs[j].0.clone(),
                judged.agreement,
                judged.z,
            ));
        }
        model.sigma = excess(None);
        model
    }

    /// The strength of a player: its agreement with the deepest reference.
    pub(crate) fn strength(&self, x: &[Option<String>]) -> f64 {
        agreement(x, &self.top).0
    }

    /// The evidence of one pair: on the positions both answered (and the top
    /// did), each agrees by chance with `s_a s_b + (1 − s_a)(1 − s_b) c_p`.
    pub(crate) fn judge(&self, x: &[Option<String>], y: &[Option<String>]) -> Judged {
        let (sa, sb) = (self.strength(x), self.strength(y));
        let (mut n, mut same, mut expected) = (0usize, 0usize, 0.0);
        for p in 0..x.len().min(y.len()) {
            let (Some(a), Some(b), Some(Some(c))) = (&x[p], &y[p], self.coincide.get(p)) else {
                continue;
            };
            n += 1;
            same += usize::from(a == b);
            expected += sa * sb + (1.0 - sa) * (1.0 - sb) * c;
        }
        let agree = if n == 0 { 0.0 } else { same as f64 / n as f64 };
        let expected = if n == 0 {
            0.0
        } else {
            (expected / n as f64).clamp(0.0, 0.999)
        };
        let sd = (expected * (1.0 - expected) / n.max(1) as f64 + self.sigma.powi(2))
            .sqrt()
            .max(1e-3);
        let z = (agree - expected) / sd;
        let score = ((agree - expected) / (1.0 - expected)).clamp(0.0, 1.0);
        Judged {
            agreement: agree,
            expected,
            z,
            score,
            positions: n,
            flagged: n > 0 && z >= Z_THRESHOLD && score >= MIN_EXCESS,
        }
    }
}

/// The behavioural evidence of one pair.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Judged {
    pub(crate) agreement: f64,
    pub(crate) expected: f64,
    pub(crate) z: f64,
    pub(crate) score: f64,
    pub(crate) positions: usize,
    pub(crate) flagged: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(s: &str) -> Vec<Option<String>> {
        s.chars()
            .map(|c| (c != '.').then(|| c.to_string()))
            .collect()
    }

    #[test]
    fn agreement_counts_positions_both_answered() {
        assert_eq!(agreement(&moves("abca"), &moves("abda")), (0.75, 4));
        assert_eq!(agreement(&moves("ab.a"), &moves("abd.")), (1.0, 2));
    }

    #[test]
    fn a_copy_stands_out_of_the_chance_model() {
        // Positions of 5 legal moves; the top plays "a"; players of several
        // strengths play "a" or one of four other moves at random.
        let n = 200;
        let make = |strength: f64, salt: u64| -> Vec<Option<String>> {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(salt);
            (0..n)
                .map(|_| {
                    let best = (rng.next_u64() % 1000) as f64 / 1000.0 < strength;
                    Some(if best {
                        "a".into()
                    } else {
                        format!("m{}", rng.next_u64() % 4)
                    })
                })
                .collect()
        };
        let refs: Vec<(String, String, Vec<Option<String>>)> = [0.2, 0.4, 0.6, 0.7, 0.8]
            .iter()
            .enumerate()
            .map(|(i, &s)| (format!("r{i}"), format!("f{i}"), make(s, i as u64)))
            .chain([("top".into(), "top".into(), vec![Some("a".to_string()); n])])
            .collect();
        let chance = Chance::fit(&refs, &vec![5; n]);
        let original = make(0.5, 42);
        let independent = make(0.5, 43);
        let copy: Vec<Option<String>> = original
            .iter()
            .enumerate()
            .map(|(i, m)| {
                if i % 10 == 0 {
                    Some("x".into())
                } else {
                    m.clone()
                }
            })
            .collect();
        let c = chance.judge(&original, &copy);
        let i = chance.judge(&original, &independent);
        assert!((i.expected - (0.25 + 0.25 * 0.25)).abs() < 0.05, "{i:?}");
        assert!(c.flagged && c.z > 8.0, "{c:?}");
        assert!(!i.flagged && i.z < 2.5, "{i:?}");
        assert!(chance.reference_pairs.iter().all(|p| p.3 < Z_THRESHOLD));
    }
}
