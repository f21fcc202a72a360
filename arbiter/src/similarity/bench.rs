//! `arbiter bench-similarity`: the behaviour check measured, per game, on
//! engines whose relations are known.
//!
//! - **Independent engines**: the reference players (random, greedy, the
//!   Tabula search at depths 1–4: one family), `--students` synthetic
//!   students drawn independently (`zoo.rs`: each its own depth, node
//!   budget, evaluation and move order), and the engines of `--engines`
//!   (the example engines, real projects under the kit), each its own
//!   family. Every pair of two families is an independent pair: the
//!   distribution of z over them, and how many pass the threshold, is the
//!   false-alarm rate, with its 95 % upper bound (Clopper–Pearson).
//! - **Changed copies**: the first `--copies` students, each copied once
//!   per [`Change`] (another depth, another time per move, one evaluation
//!   weight, a random tie-break, another first move); the share of
//!   (original, copy) pairs flagged is the detection rate of that change.
//!
//! Each engine answers the game's positions once (journaled in `--out`, so
//! a rerun resumes); the copies are judged in a class of the independent
//! engines and that one copy, as a copy is found in a real class.

use super::behaviour::{self, Answerer, Run};
use super::measure::{self, Dump, Member, Role};
use super::null::{self, Null};
use super::zoo::{Change, Student};
use crate::engines::client::Timeouts;
use crate::engines::config::{dedup_names, load_file};
use crate::engines::sandbox::SandboxArgs;
use crate::out::plural;
use crate::{errln, outln};
use anyhow::{bail, Context, Result};
use clap::Args;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tabula::games::{AnyPosition, GameId, GameSetup};

/// `arbiter bench-similarity`'s command line.
#[derive(Args, Clone, Debug)]
pub struct BenchSimilarityArgs {
    /// The games (comma-separated; default: every two-player game).
    #[arg(long, value_delimiter = ',')]
    pub games: Vec<String>,
    /// Positions each engine answers.
    #[arg(long, default_value_t = 200, value_parser = crate::limits::positions)]
    pub positions: usize,
    /// Synthetic students drawn independently.
    #[arg(long, default_value_t = 50)]
    pub students: usize,
    /// Students copied, once per change.
    #[arg(long, default_value_t = 20)]
    pub copies: usize,
    /// More independent engines, for one game: `GAME:FILE` (a class file:
    /// the example engines, real projects under the kit). Repeatable.
    #[arg(long, value_name = "GAME:FILE")]
    pub engines: Vec<String>,
    /// Time per position of the engines of --engines (ms).
    #[arg(long, default_value_t = 100, value_parser = crate::limits::movetime)]
    pub movetime: u64,
    /// Seed of the positions and of the students.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Engines asked at once (default: the machine's cores).
    #[arg(long, value_parser = crate::limits::concurrency)]
    pub concurrency: Option<usize>,
    /// The folder of the journals, the answers and the report.
    #[arg(long)]
    pub out: PathBuf,
    /// Write the measured lines into this table (data/similarity.tsv; the
    /// lines of the other games are kept).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Runs `arbiter bench-similarity`.
pub fn run(args: BenchSimilarityArgs) -> Result<ExitCode> {
    let games: Vec<GameId> = if args.games.is_empty() {
        GameId::ALL.into_iter().filter(|g| !g.is_puzzle()).collect()
    } else {
        let mut v = Vec::new();
        for g in &args.games {
            let id: GameId = g.parse().map_err(|e| anyhow::anyhow!("--games: {e}"))?;
            if id.is_puzzle() {
                bail!("--games {id}: a puzzle; behaviour is compared on two-player games");
            }
            v.push(id);
        }
        v
    };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut lines = Vec::new();
    for game in games {
        let started = Instant::now();
        let dump = gather(&args, game)?;
        let path = args.out.join(format!("{game}.bench.json"));
        std::fs::write(&path, serde_json::to_string(&dump)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
        outln!(
            "{game}: {} answered {} in {:.0} s ({})",
            plural(dump.members.len(), "engine"),
            plural(dump.fens.len(), "position"),
            started.elapsed().as_secs_f64(),
            path.display()
        );
        let m = measure::measure(&dump, game);
        report(&m);
        lines.push(m.null);
    }
    if let Some(path) = &args.table {
        write_table(path, &lines, &args)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One game's figures on the terminal.
fn report(m: &measure::Measured) {
    let n = &m.null;
    outln!(
        "  threshold z {:.1}: chosen above the {} pairs of one half (largest z {:.2}); \
         τ {:.4}; {} independent pairs explained by a canonical reference",
        n.threshold,
        m.chosen_on,
        m.chosen_max,
        n.tau,
        m.explained
    );
    outln!("  false alarms: {}", n.words());
    let q = |f: f64| m.zs[((f * m.zs.len() as f64) as usize).min(m.zs.len().saturating_sub(1))];
    if !m.zs.is_empty() {
        let above = |t: f64| m.zs.iter().filter(|&&z| z >= t).count();
        let normal = |t: f64| 0.5 * libm_erfc(t / std::f64::consts::SQRT_2) * m.zs.len() as f64;
        outln!(
            "  z of the measuring half: median {:.2}, 90 % {:.2}, 99 % {:.2}, 99.9 % {:.2}, \
             largest {:.2}; at or above 2, 3, 4: {}, {}, {} (a normal z: {:.1}, {:.1}, {:.2})",
            q(0.5),
            q(0.9),
            q(0.99),
            q(0.999),
            m.zs[m.zs.len() - 1],
            above(2.0),
            above(3.0),
            above(4.0),
            normal(2.0),
            normal(3.0),
            normal(4.0)
        );
    }
    for (z, agree, a, b) in &m.largest {
        outln!("    z {z:.2}, {:.0} % agree: {a} – {b}", 100.0 * agree);
    }
    for (change, v) in &m.copies {
        let found = v.iter().filter(|x| x.0).count();
        outln!(
            "  copies, {}: {found} of {} flagged ({:.0} %), z median {:.1}, smallest {:.1}",
            change.word(),
            v.len(),
            100.0 * found as f64 / v.len().max(1) as f64,
            v[v.len() / 2].1,
            v[0].1
        );
    }
}

/// The complementary error function (Abramowitz and Stegun 7.1.26, error
/// below 1.5e-7): the normal tail for the report's comparison.
fn libm_erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let e = poly * (-x * x).exp();
    if x >= 0.0 {
        e
    } else {
        2.0 - e
    }
}

/// Writes the measured lines into `path`, keeping its other games' lines.
fn write_table(path: &std::path::Path, lines: &[Null], args: &BenchSimilarityArgs) -> Result<()> {
    let kept: Vec<Null> = std::fs::read_to_string(path)
        .ok()
        .and_then(|t| Null::parse(&t).ok())
        .unwrap_or_default();
    let mut text = String::from(
        "# The behaviour check's measured false-alarm rates (README, \"Checking for copied\n\
         # work\"): per game, the pair-to-pair spread tau of the chance model, the z threshold\n\
         # chosen on one half of the benchmark's independent pairs, and on the other half the\n\
         # pairs that reached it, with the 95 % upper bound (Clopper-Pearson) of the rate.\n",
    );
    text.push_str(&format!(
        "# Made by: arbiter bench-similarity --positions {} --students {} --copies {} --seed {}{}\n",
        args.positions,
        args.students,
        args.copies,
        args.seed,
        if args.engines.is_empty() {
            String::new()
        } else {
            format!(" and {} --engines", args.engines.len())
        }
    ));
    text.push_str(null::HEADER);
    text.push('\n');
    for game in GameId::ALL {
        if let Some(l) = lines.iter().chain(&kept).find(|l| l.game == game) {
            text.push_str(&l.line());
            text.push('\n');
        }
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The engines of one game and their answers.
fn gather(args: &BenchSimilarityArgs, game: GameId) -> Result<Dump> {
    let setup = GameSetup::new(game);
    let sampled = behaviour::sample_positions(&setup, args.positions, args.seed);
    let positions: Vec<AnyPosition> = sampled.iter().map(|p| p.0).collect();
    let starts: HashSet<String> = sampled.iter().filter(|p| p.1).map(|p| p.0.fen()).collect();
    let (players, meta) = members(args, game)?;
    let run = Run {
        positions: &positions,
        movetime: args.movetime,
        seed: args.seed,
        timeouts: Timeouts {
            startup_ms: 20_000,
            ..Timeouts::default()
        },
        journal: args.out.join(format!("{game}.answers.jsonl")),
        concurrency: args.concurrency.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        starts,
    };
    let progress = |s: &str| errln!("bench-similarity {game}: {s}");
    let answers = behaviour::answers(&run, &players, &progress)?;
    let members = meta
        .into_iter()
        .zip(players)
        .zip(answers)
        .map(|(((family, role), p), answers)| Member {
            name: p.name,
            family,
            role,
            answers,
        })
        .collect();
    Ok(Dump {
        game: game.to_string(),
        fens: positions.iter().map(AnyPosition::fen).collect(),
        legal: positions.iter().map(|p| p.legal_moves().len()).collect(),
        first: sampled.iter().map(|p| p.1).collect(),
        members,
    })
}

/// An engine's family and role in the bench.
type Meta = (String, Role);

/// The players of one game: the references, the students, the engines of
/// `--engines` for it, the copies; with their family and role.
fn members(args: &BenchSimilarityArgs, game: GameId) -> Result<(Vec<Answerer>, Vec<Meta>)> {
    let mut players = Vec::new();
    let mut meta = Vec::new();
    for (name, family, who) in behaviour::references() {
        players.push(Answerer { name, who });
        meta.push((family.to_string(), Role::Reference));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed ^ 0x5354_5544);
    let students: Vec<Student> = (0..args.students)
        .map(|_| Student::draw(&mut rng))
        .collect();
    let first_student = players.len();
    for (i, s) in students.iter().enumerate() {
        players.push(Answerer::student(format!("student-{i:03}"), s.clone()));
        // One program at several depths or times is one family.
        meta.push((s.program(), Role::Independent));
    }
    let mut entrants = Vec::new();
    for spec in &args.engines {
        let Some((g, file)) = spec.split_once(':') else {
            bail!("--engines {spec}: expected GAME:FILE");
        };
        let id: GameId = g
            .parse()
            .map_err(|e| anyhow::anyhow!("--engines {spec}: {e}"))?;
        if id == game {
            entrants.extend(load_file(std::path::Path::new(file))?);
        }
    }
    dedup_names(&mut entrants);
    if let Some(header) = args
        .sandbox
        .apply(&mut entrants, std::slice::from_ref(&args.out))?
    {
        outln!("{header}");
    }
    for e in &entrants {
        players.push(Answerer::entrant(e));
        meta.push((e.name.clone(), Role::Independent));
    }
    for (i, s) in students.iter().take(args.copies).enumerate() {
        for change in Change::ALL {
            let copy = s.changed(change, &mut rng);
            players.push(Answerer::student(
                format!("student-{i:03}~{}", change.word().replace(' ', "-")),
                copy,
            ));
            meta.push((
                s.program(),
                Role::Copy {
                    of: first_student + i,
                    change,
                },
            ));
        }
    }
    Ok((players, meta))
}
