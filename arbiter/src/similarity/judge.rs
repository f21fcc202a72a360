//! The behaviour run of `arbiter similarity --game`: the class's engines
//! and the reference players answer the positions (`behaviour.rs`), the
//! chance model is fitted on all of them (`chance.rs`) and every pair of
//! the class is judged against the game's measured threshold (`null.rs`).

use super::behaviour::{self, Answerer, Judged};
use super::chance::Model;
use super::null::Null;
use super::SimilarityArgs;
use crate::engines::client::Timeouts;
use crate::engines::config::{dedup_names, load_file, Entrant};
use crate::out::plural;
use crate::{errln, outln};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use tabula::games::{AnyPosition, GameId};

/// What the behaviour run leaves for the report and the page.
pub(crate) struct BehaviourRun {
    pub(crate) game: GameId,
    pub(crate) names: Vec<String>,
    /// Each engine's sharpness (β) and agreement with the deepest Tabula
    /// reference.
    pub(crate) sharpness: Vec<f64>,
    pub(crate) strength: Vec<f64>,
    /// The game's measured rate and threshold.
    pub(crate) null: Null,
    /// The independent reference pairs, judged as the class is.
    pub(crate) reference_pairs: Vec<(String, String, Judged)>,
    /// Every pair of the class: (a, b, evidence).
    pub(crate) pairs: Vec<(usize, usize, Judged)>,
    pub(crate) positions: usize,
    pub(crate) positions_file: PathBuf,
}

/// The engines of the command line (class files expanded), the class files.
fn entrants(args: &SimilarityArgs) -> Result<(Vec<Entrant>, Vec<PathBuf>)> {
    let mut entrants = Vec::new();
    let mut files = Vec::new();
    for e in &args.engines {
        let path = Path::new(e);
        let class = path.is_file()
            && path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("toml") || x.eq_ignore_ascii_case("json"));
        if class {
            entrants.extend(load_file(path)?);
            files.push(path.to_path_buf());
        } else {
            entrants.push(Entrant::from_cli(e)?);
        }
    }
    dedup_names(&mut entrants);
    if entrants.len() < 2 {
        bail!("behaviour needs at least two engines");
    }
    Ok((entrants, files))
}

/// Runs the behaviour check of `args`.
pub(crate) fn run(args: &SimilarityArgs) -> Result<BehaviourRun> {
    let Some(game) = &args.game else {
        bail!("engines given without --game");
    };
    let game: GameId = game.parse().map_err(|e| anyhow::anyhow!("--game: {e}"))?;
    if game.is_puzzle() {
        bail!("--game {game}: a puzzle; behaviour is compared on two-player games");
    }
    let (mut entrants, files) = entrants(args)?;
    let positions_file = args
        .positions_file
        .clone()
        .unwrap_or_else(|| super::side_file(&args.out, ".positions.txt"));
    let journal = super::side_file(&args.out, ".answers.jsonl");
    let mut protected = files;
    protected.extend([args.out.clone(), journal.clone(), positions_file.clone()]);
    protected.extend(args.html.iter().cloned());
    if let Some(header) = args.sandbox.apply(&mut entrants, &protected)? {
        outln!("{header}");
    }
    let setup = args.params.setup(game)?;
    let positions = behaviour::positions(&setup, args.positions, args.seed, &positions_file)?;
    let concurrency = args.concurrency.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    outln!(
        "behaviour: {} of {game} ({}), {}, {} ms a position, {concurrency} at a time",
        plural(positions.len(), "position"),
        positions_file.display(),
        plural(entrants.len(), "engine"),
        args.movetime
    );
    let run = behaviour::Run {
        positions: &positions,
        movetime: args.movetime,
        seed: args.seed,
        timeouts: Timeouts {
            startup_ms: args.startup_timeout,
            margin_ms: args.margin,
            ..Timeouts::default()
        },
        journal,
        concurrency,
        starts: Default::default(),
    };
    let refs = behaviour::references();
    let mut players: Vec<Answerer> = refs
        .iter()
        .map(|(n, _, who)| Answerer {
            name: n.clone(),
            who: who.clone(),
        })
        .collect();
    players.extend(entrants.iter().map(Answerer::entrant));
    let progress = |s: &str| errln!("similarity: {s}");
    let answers = behaviour::answers(&run, &players, &progress)?;
    for (e, a) in entrants.iter().zip(&answers[refs.len()..]) {
        let answered = a.iter().filter(|m| m.is_some()).count();
        if answered < positions.len() {
            errln!(
                "similarity: {} answered {answered} of {} positions (faults are in the log above)",
                e.name,
                positions.len()
            );
        }
    }
    let families: Vec<&str> = refs.iter().map(|r| r.1).collect();
    Ok(judge(
        game,
        &positions,
        &answers,
        &families,
        &entrants,
        positions_file,
    ))
}

/// Judges every pair of the class (the engines after the references in
/// `answers`) and the independent reference pairs.
fn judge(
    game: GameId,
    positions: &[AnyPosition],
    answers: &[Vec<Option<String>>],
    families: &[&str],
    entrants: &[Entrant],
    positions_file: PathBuf,
) -> BehaviourRun {
    let null = Null::of(game);
    let r = families.len();
    let legal: Vec<usize> = positions.iter().map(|p| p.legal_moves().len()).collect();
    let names: Vec<String> = behaviour::references()
        .into_iter()
        .map(|x| x.0)
        .chain(entrants.iter().map(|e| e.name.clone()))
        .collect();
    let canonical: Vec<(usize, String)> = (0..r)
        .filter(|&i| families[i] != "random")
        .map(|i| (i, names[i].clone()))
        .collect();
    let mut model = Model::new(answers, &legal, None, canonical, null.tau);
    let class: Vec<(usize, usize)> = (r..answers.len())
        .flat_map(|a| (a + 1..answers.len()).map(move |b| (a, b)))
        .collect();
    model.measure_spread(&class);
    let pairs = class
        .iter()
        .map(|&(a, b)| (a - r, b - r, Judged::of(&model, a, b, &null)))
        .collect();
    let mut reference_pairs = Vec::new();
    for a in 0..r {
        for b in a + 1..r {
            if families[a] != families[b] {
                let j = Judged::of(&model, a, b, &null);
                reference_pairs.push((names[a].clone(), names[b].clone(), j));
            }
        }
    }
    let above = reference_pairs
        .iter()
        .filter(|p| p.2.z >= null.threshold)
        .count();
    outln!(
        "chance model: the game's spread τ {:.3}; threshold z {:.1}; {above} of {} independent \
         reference pairs above it; {}",
        null.tau,
        null.threshold,
        reference_pairs.len(),
        null.words()
    );
    let top = names.iter().position(|n| n == "ref:tabula-d4").unwrap_or(0);
    BehaviourRun {
        game,
        sharpness: (r..answers.len()).map(|a| model.sharpness(a)).collect(),
        strength: (r..answers.len())
            .map(|a| model.agreement(a, top))
            .collect(),
        names: names[r..].to_vec(),
        null,
        reference_pairs,
        pairs,
        positions: positions.len(),
        positions_file,
    }
}
