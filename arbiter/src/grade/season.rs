//! `arbiter grade` from end to end: the steps of [`super`] in order, each
//! submission carried through all of them whatever happened to the others,
//! and a closing summary.
//!
//! Everything a submission brings runs in the sandbox, which `grade`
//! requires: it says so, and refuses to start when the sandbox cannot be
//! enforced here. One clock: the check and the championship both use the
//! season's `--movetime` and its one `--margin`. A rerun of the same
//! command reuses what is done: the intake refreshes the copies, the
//! descriptions keep the teacher's edits, a check is reused while the
//! submission's files and description are unchanged, the teacher's
//! `overrides.toml` is read again, and the championship resumes by pairing
//! (a changed admitted set plays only the games it lacks) with its
//! analysis.

use super::championship::{self, Asked, Clock, Costs, DesignKind};
use super::copies::{self, Copies};
use super::evidence;
use super::intake::{self, Limits};
use super::recognise;
use super::rubric::Rubric;
use super::shards;
use super::{admission, checks, feedback, teacher};
use super::{Entry, Evidence, Grade, Graded, Recognition, Status, Submission};
use crate::check::CheckOptions;
use crate::engines::config::{Entrant, ExternalSpec, Kind};
use crate::engines::sandbox::{Confinement, Mode, SandboxArgs};
use crate::i18n::Texts;
use crate::out::plural;
use crate::play::clock::TimeControl;
use crate::results::html::{self, PageInfo};
use crate::results::record::GameRecord;
use crate::results::stats::Scoring;
use crate::run::shard::Shard;
use crate::signals;
use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tabula::games::{GameId, GameSetup};

/// The reference gates every submission plays, weakest first; the first
/// is the rating's anchor (0).
pub(crate) const GATES: [&str; 3] = ["builtin:random", "builtin:greedy", "builtin:tabula:depth=3"];

/// `arbiter grade` options.
#[derive(clap::Args, Debug)]
pub struct GradeArgs {
    /// The download: a folder with one submission per top-level folder or
    /// archive (Moodle's "download all submissions" layout), or that
    /// download's archive.
    pub(crate) input: PathBuf,
    /// The game.
    #[arg(long)]
    pub(crate) game: String,
    /// The year whose statement the projects follow (its preset, e.g.
    /// 2023 for the knight of 2023/24); default: the game's latest.
    #[arg(long, value_name = "YYYY")]
    pub(crate) year: Option<u32>,
    /// Time of each move (ms), in the check and in the championship.
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::movetime)]
    pub(crate) movetime: u64,
    /// Allowed beyond a move's time (ms), in the check and in the
    /// championship (the tournament's default).
    #[arg(long, default_value_t = 100, value_parser = crate::limits::slack)]
    pub(crate) margin: u64,
    /// Who plays whom: `round-robin` (every entrant against every other),
    /// or `linear` (every submission against every gate, then `--rounds`
    /// rounds of a Swiss paired by rating). Default: the round robin while
    /// it costs a submission no more games than the linear season (up to
    /// 5 submissions with the default boards), the linear season above.
    #[arg(long, value_enum, value_name = "DESIGN")]
    pub(crate) design: Option<championship::DesignKind>,
    /// The linear season's Swiss rounds (each submission meets `--rounds`
    /// classmates).
    #[arg(long, default_value_t = championship::LINEAR_ROUNDS, value_parser = crate::limits::rounds)]
    pub(crate) rounds: u32,
    /// Boards of each pairing of two submissions (both colours on each:
    /// two games a board); default 2 in the round robin, 1 a round in the
    /// linear season.
    #[arg(long, value_parser = crate::limits::boards)]
    pub(crate) boards: Option<u32>,
    /// Boards of each pairing with a reference gate, and of the gates
    /// among themselves: what places each submission on the rating;
    /// default 4 in the round robin, 2 in the linear season.
    #[arg(long, value_parser = crate::limits::boards)]
    pub(crate) gate_boards: Option<u32>,
    /// The folder of everything written (created; a rerun resumes it).
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// The pages' language: pt (Portuguese) or en.
    #[arg(long, default_value = "pt")]
    pub(crate) lang: String,
    /// The rubric (TOML; default: the documented default rubric).
    #[arg(long, value_name = "FILE")]
    pub(crate) rubric: Option<PathBuf>,
    /// Earlier years' projects for the copy check: a project's folder, or
    /// a folder of projects (one a subfolder).
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub(crate) past: Vec<PathBuf>,
    /// No analysis of the games by the reference (faster; no accuracy, no
    /// worst moves on the feedback pages).
    #[arg(long)]
    pub(crate) no_analysis: bool,
    /// Games (and checks) run at once (default: the number of cores).
    #[arg(long, value_parser = crate::limits::concurrency)]
    pub(crate) concurrency: Option<usize>,
    /// Memory of each submission's engine, all its processes (MiB).
    #[arg(long, default_value_t = 2048, value_name = "MIB")]
    pub(crate) sandbox_memory: u64,
    /// No progress bars.
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Stop before the championship: the intake, the recognition, the
    /// checks and the admissions done and kept, for `--shard` runs on
    /// other machines (see README, "A season over several machines").
    #[arg(long, conflicts_with = "shard")]
    pub(crate) prepare: bool,
    /// Play only shard K of N (1-based, e.g. 2/4) of the championship's
    /// first round not yet complete, into `<out>/shards/K-of-N.jsonl`, and
    /// stop: no grades. Needs a season prepared (`--prepare`) in the same
    /// folder, seen at the same path; the command without `--shard` then
    /// adds every shard's games and grades.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<Shard>,
}

/// A season under way: its settings, checked before anything runs.
pub(crate) struct Season<'a> {
    pub(crate) args: &'a GradeArgs,
    pub(crate) game: GameId,
    pub(crate) texts: Texts,
    pub(crate) rubric: Rubric,
    pub(crate) out: PathBuf,
    sandbox: SandboxArgs,
    threads: usize,
    /// The game with the parameters of the year's statement (the 2017
    /// Blokus variant), for the check and the championship.
    setup: GameSetup,
    /// Held while the season runs ([`shards::Locks`]).
    _locks: shards::Locks,
}

/// `arbiter grade`.
pub fn run(args: GradeArgs, command: &[String]) -> Result<ExitCode> {
    let season = Season::open(&args)?;
    let (mut entries, prepared) = match args.shard {
        Some(_) => {
            let p = shards::load(&season.out)?;
            // The flags first: other flags would also miss the kept checks.
            let flags = shards::Championship {
                flags: season.flags(),
                admitted: p.championship.admitted.clone(),
            };
            shards::same_championship(&flags, &p.championship)?;
            (season.prepared(p.submissions), Some(p.championship))
        }
        None => (season.intake_and_recognise()?, None),
    };
    if crate::signals::interrupted() {
        crate::errln!(
            "arbiter: interrupted during the recognition; run the same command again to go on"
        );
        return Ok(ExitCode::from(130));
    }
    if !season.check(&mut entries)? {
        crate::errln!(
            "arbiter: interrupted during the checks; run the same command again to go on"
        );
        return Ok(ExitCode::from(130));
    }
    let overrides = admission::read_overrides(&season.out)?;
    for e in entries.iter_mut() {
        e.verdict = admission::verdict(e, &overrides);
    }
    tell_unknown_overrides(&entries, &overrides);
    let defined = season.defined(&entries);
    if let (Some(shard), Some(prepared)) = (args.shard, &prepared) {
        shards::same_championship(&defined, prepared)?;
        return season.play_shard(&entries, command, shard);
    }
    shards::save(&season.out, kept_for_shards(&entries), defined)?;
    if args.prepare {
        season.tell_prepared(&entries);
        return Ok(ExitCode::SUCCESS);
    }
    season.absorb_shards()?;
    let played = season.championship(&entries, command, None)?;
    if signals::interrupted() {
        crate::errln!(
            "arbiter: interrupted; the games played are saved in {}. Run the same command \
             again to go on.",
            season.journal().display()
        );
        return Ok(ExitCode::from(130));
    }
    let graded = season.grades(&entries, &played)?;
    let copies = season.copies(&entries);
    season.pages(&entries, &graded, &played, copies.as_ref())?;
    summary(&entries, &graded, &season.out);
    Ok(ExitCode::SUCCESS)
}

impl<'a> Season<'a> {
    /// Checks the arguments, the rubric and the sandbox; makes `--out`.
    fn open(args: &'a GradeArgs) -> Result<Season<'a>> {
        let game: GameId = args
            .game
            .parse()
            .map_err(|e| anyhow::anyhow!("--game: {e}"))?;
        if game.is_puzzle() {
            bail!("--game {game} is a puzzle: grade runs a championship of a two-player game");
        }
        let texts = Texts::new(&args.lang)?;
        let rubric = match &args.rubric {
            Some(path) => Rubric::load(path)?,
            None => Rubric::default(),
        };
        check_rubric(&rubric, args)?;
        if !args.input.exists() {
            bail!("no download at '{}'", args.input.display());
        }
        intake::check_paths(&args.input, &args.out, args.rubric.as_deref())?;
        // Absolute, as the engines' commands name it (and every shard must).
        let out = std::path::absolute(&args.out)
            .with_context(|| format!("cannot read the path '{}'", args.out.display()))?;
        std::fs::create_dir_all(&out)
            .with_context(|| format!("cannot create the folder '{}'", out.display()))?;
        let locks = shards::Locks::take(&out, args.shard)?;
        let sandbox = SandboxArgs {
            sandbox: Mode::On,
            freeze_idle: false,
            sandbox_memory: args.sandbox_memory,
            sandbox_pids: 256,
            sandbox_cpus: None,
        };
        // The sandbox first: nothing of a submission runs without it.
        let mut probe = [probe_entrant(&out)];
        // (Described as the championship runs it, frozen while idle.)
        let championship = SandboxArgs {
            freeze_idle: true,
            ..sandbox.clone()
        };
        let header = championship.apply(&mut probe, &[]).context(
            "grade runs every submission in the sandbox, which cannot be enforced here \
             (install bubblewrap, and run where cgroups v2 can be delegated; see README, \
             \"Running untrusted code\")",
        )?;
        crate::outln!(
            "arbiter grade: every submission runs in the sandbox, nothing of it outside ({}; \
             in the championship only: the recognition and the check run it unfrozen)",
            header.unwrap_or_default()
        );
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Season {
            args,
            game,
            texts,
            rubric,
            out,
            sandbox,
            threads: args.concurrency.unwrap_or(cores).max(1),
            setup: recognise::Course::load(&recognise::kit_dir())?.setup(game, args.year)?,
            _locks: locks,
        })
    }

    /// Steps 1 and 2: the intake, then what each submission is: its
    /// recognition, a Lisp project's tried in a sandboxed SBCL (within
    /// [`RECOGNITION_BUDGET`]), `threads` submissions at a time.
    fn intake_and_recognise(&self) -> Result<Vec<Entry>> {
        let subs = intake::read(&self.args.input, &self.out, &Limits::default())?;
        if subs.is_empty() {
            bail!("no submission in '{}'", self.args.input.display());
        }
        crate::outln!(
            "{} in {}",
            plural(subs.len(), "submission"),
            self.args.input.display()
        );
        let course = recognise::Course::load(&recognise::kit_dir())?;
        // Every submission's folder is hidden from the others' experiments.
        let mut protected = protected_files(&self.out);
        protected.extend(
            subs.iter()
                .map(|s| checks::submission_dir(&self.out, &s.name)),
        );
        let lab = recognise::Lab {
            sandbox: self.sandbox.clone(),
            protected,
            kit: recognise::kit_dir(),
            movetime: self.args.movetime,
            budget: RECOGNITION_BUDGET,
        };
        let bar = bar(self.args.quiet, subs.len(), "recognised");
        let found = tabula::pool::run(subs.len(), self.threads, signals::interrupted, |i| {
            let sub = &subs[i];
            let desc_dir = checks::submission_dir(&self.out, &sub.name);
            let r = sub.refused.is_empty().then(|| {
                recognise::recognise(
                    sub,
                    self.game,
                    self.args.year,
                    &desc_dir,
                    &course,
                    Some(&lab),
                )
            });
            bar.inc(1);
            r
        });
        bar.finish_and_clear();
        // Not started (interrupted): no recognition; panicked: said as the
        // submission's own outcome.
        let found = found
            .into_iter()
            .zip(&subs)
            .map(|(outcome, sub)| match outcome {
                None => None,
                Some(Ok(r)) => r,
                Some(Err(_)) => {
                    crate::outln!(
                        "the recognition of {} failed (a bug: see the log)",
                        crate::names::shown(&sub.name)
                    );
                    Some(Recognition::failed())
                }
            });
        let found: Vec<Option<Recognition>> = found.collect();
        let entries: Vec<Entry> = subs
            .into_iter()
            .zip(found)
            .map(|(sub, recognition)| Entry::new(sub, recognition))
            .collect();
        report_recognition(&entries);
        Ok(entries)
    }

    /// The championship's design as asked.
    fn asked(&self) -> Asked {
        Asked {
            design: self.args.design,
            rounds: self.args.rounds,
            boards: self.args.boards,
            gate_boards: self.args.gate_boards,
        }
    }

    /// The season's clock.
    fn clock(&self) -> Clock {
        Clock {
            movetime: self.args.movetime,
            margin: self.args.margin,
        }
    }

    /// The championship's journal (`results.jsonl`).
    fn journal(&self) -> PathBuf {
        self.out.join("results.jsonl")
    }

    /// Step 3: each engine confined and checked at the season's clock.
    /// False when interrupted.
    fn check(&self, entries: &mut [Entry]) -> Result<bool> {
        checks::confine(
            entries,
            &self.sandbox,
            &self.out,
            &protected_files(&self.out),
        );
        let opts = CheckOptions {
            setup: self.setup,
            sample_params: false,
            seed: 1,
            movetime: self.args.movetime,
            timeouts: self.clock().timeouts(),
            positions: 20,
            solve_ms: 3000,
            // Set per submission by `checks` (the season's `check/logs/`).
            log_dir: None,
        };
        let bar = bar(self.args.quiet, entries.len(), "checked");
        let may_run = self.args.shard.is_none();
        checks::check_all(entries, &opts, &self.out, self.threads, &bar, may_run)?;
        bar.finish_and_clear();
        Ok(!signals::interrupted())
    }

    /// Step 4: the championship of the admitted and the gates (with
    /// `shard`, that shard's share of a round only).
    fn championship(
        &self,
        entries: &[Entry],
        command: &[String],
        shard: Option<Shard>,
    ) -> Result<championship::Played> {
        let admitted: Vec<(Entrant, String)> = entries
            .iter()
            .filter(|e| e.verdict.status == Status::Admitted)
            .filter_map(|e| {
                let spec = frozen_while_idle(e.engine.clone()?);
                let key = e.check.as_ref().map_or(String::new(), |c| c.key.clone());
                Some((entrant(&e.sub.name, spec), format!("{}\n{key}", e.sub.name)))
            })
            .collect();
        if admitted.is_empty() {
            crate::outln!("no submission admitted: no championship");
            return Ok(championship::Played {
                records: Vec::new(),
                analyses: None,
                games: 0,
                adopted: 0,
                costs: Costs::of(&self.asked(), 0, GATES.len()),
                share: None,
            });
        }
        let asked = self.asked();
        let design = championship::choose(&asked, admitted.len(), GATES.len());
        let mut costs = Costs::of(&asked, admitted.len(), GATES.len());
        costs.played = Some(design.kind());
        crate::outln!(
            "championship: the {} design, {} games ({} a submission at most); the {} would \
             play {}",
            design.kind().as_str(),
            design.games(admitted.len(), GATES.len()),
            design.per_submission(admitted.len(), GATES.len()),
            match design.kind() {
                DesignKind::RoundRobin => "linear season",
                DesignKind::Linear => "round robin",
            },
            match design.kind() {
                DesignKind::RoundRobin => costs.linear.0,
                DesignKind::Linear => costs.round_robin.0,
            },
        );
        let season = self.journal();
        let options = championship::Options {
            game: self.game,
            setup: self.setup,
            clock: self.clock(),
            design: design.as_ref(),
            results: match shard {
                Some(s) => shards::journal_of(&self.out, s),
                None => season.clone(),
            },
            analyse: !self.args.no_analysis,
            threads: self.threads,
            progress: !self.args.quiet,
            command: command.to_vec(),
            shard: shard.map(|s| {
                let mut all = vec![season];
                all.extend(shards::journals(&self.out));
                (s, all)
            }),
        };
        let mut played = championship::play(admitted, &GATES, &options)?;
        played.costs = costs;
        Ok(played)
    }

    /// A shard's submissions: the preparing run's, with their recognitions
    /// (never recognised again here: see [`shards`]).
    fn prepared(&self, subs: Vec<(Submission, Option<Recognition>)>) -> Vec<Entry> {
        crate::outln!(
            "{} prepared in {}",
            plural(subs.len(), "submission"),
            self.out.display()
        );
        subs.into_iter()
            .map(|(sub, recognition)| Entry::new(sub, recognition))
            .collect()
    }

    /// What defines this run's championship: the flags that make its plan,
    /// and who is admitted.
    fn defined(&self, entries: &[Entry]) -> shards::Championship {
        let mut admitted: Vec<String> = entries
            .iter()
            .filter(|e| e.plays())
            .map(|e| e.sub.name.clone())
            .collect();
        admitted.sort();
        shards::Championship {
            flags: self.flags(),
            admitted,
        }
    }

    /// The flags that make the championship's plan, as `name value` words.
    fn flags(&self) -> Vec<String> {
        let a = self.args;
        let flags = [
            ("--game", self.game.to_string()),
            ("--year", format!("{:?}", a.year)),
            ("--movetime", a.movetime.to_string()),
            ("--margin", a.margin.to_string()),
            ("--design", format!("{:?}", a.design)),
            ("--rounds", a.rounds.to_string()),
            ("--boards", format!("{:?}", a.boards)),
            ("--gate-boards", format!("{:?}", a.gate_boards)),
            ("--no-analysis", a.no_analysis.to_string()),
            ("--sandbox-memory", a.sandbox_memory.to_string()),
        ];
        flags.iter().map(|(k, v)| format!("{k} {v}")).collect()
    }

    /// What `--prepare` leaves: the admitted, the championship's games,
    /// and how to play them in shards.
    fn tell_prepared(&self, entries: &[Entry]) {
        let admitted = entries.iter().filter(|e| e.plays()).count();
        let asked = self.asked();
        let design = championship::choose(&asked, admitted, GATES.len());
        crate::outln!(
            "prepared: {admitted} of {} admitted; the championship ({} design) plays {} games \
             in {}.\nPlay it in shards, on machines that see {} at this path: the same \
             command with --shard K/N instead of --prepare, each K of 1..N (each plays its \
             share of the first round not yet complete, and stops; run the shards again for \
             each next round); then the command without --shard adds their games, plays \
             any still missing, and grades.",
            entries.len(),
            design.kind().as_str(),
            design.games(admitted, GATES.len()),
            plural(design.rounds() as usize, "round"),
            self.out.display()
        );
    }

    /// `--shard`: this shard's share of the first round not yet complete.
    fn play_shard(&self, entries: &[Entry], command: &[String], s: Shard) -> Result<ExitCode> {
        let played = self.championship(entries, command, Some(s))?;
        let journal = shards::journal_of(&self.out, s);
        if played.costs.played.is_none() {
            crate::outln!("shard {s}: no submission is admitted: nothing to play");
            return Ok(ExitCode::SUCCESS);
        }
        match played.share {
            Some(share) if share.interrupted => {
                crate::errln!(
                    "arbiter: interrupted; shard {s}'s games are saved in {}. Run the same \
                     command again to go on.",
                    journal.display()
                );
                Ok(ExitCode::from(130))
            }
            Some(shards::Share {
                round: Some(round),
                played,
                of,
                ..
            }) => {
                crate::outln!(
                    "shard {s}: round {round}: {played} of its {} games played, in {}. When \
                     every shard has played its share, run the shards again for the next \
                     round, or the command without --shard to grade (it plays what is still \
                     missing).",
                    of,
                    journal.display()
                );
                Ok(ExitCode::SUCCESS)
            }
            _ => {
                crate::outln!(
                    "shard {s}: every round of the championship is played: run the command \
                     without --shard to grade"
                );
                Ok(ExitCode::SUCCESS)
            }
        }
    }

    /// The shards' games (and analyses) added to the season's journal.
    fn absorb_shards(&self) -> Result<()> {
        let results = self.journal();
        let analysis = html::analysis_beside(&results);
        let a = shards::absorb(&self.out, &results, &analysis)?;
        if a.journals > 0 {
            let mut left = Vec::new();
            if a.untrusted > 0 {
                left.push(format!(
                    "{} that do not replay",
                    plural(a.untrusted, "line")
                ));
            }
            if a.conflicts > 0 {
                left.push(format!(
                    "{} recorded twice, differently",
                    plural(a.conflicts, "game")
                ));
            }
            crate::outln!(
                "shards: {} added from {} ({} with their analysis){}",
                plural(a.games, "game"),
                plural(a.journals, "journal"),
                a.analysed,
                if left.is_empty() {
                    String::new()
                } else {
                    format!("; left out, played again: {}", left.join(", "))
                }
            );
        }
        Ok(())
    }

    /// Step 5: the evidence and the grade of each, `grades.csv` and
    /// `evidence.csv`.
    fn grades(&self, entries: &[Entry], played: &championship::Played) -> Result<Graded> {
        let names: Vec<String> = entries
            .iter()
            .filter(|e| e.plays())
            .map(|e| e.sub.name.clone())
            .collect();
        let gates: Vec<String> = GATES.iter().map(|g| g.to_string()).collect();
        let all = evidence::gather(
            &names,
            &gates,
            &played.records,
            played.analyses.as_ref(),
            self.rubric.rating.sure,
        );
        let evidence: Vec<Option<Evidence>> = entries
            .iter()
            .map(|e| all.iter().find(|ev| ev.name == e.sub.name).cloned())
            .collect();
        let grades: Vec<Grade> = evidence
            .iter()
            .map(|ev| match ev {
                Some(ev) => self.rubric.grade(ev),
                None => self.rubric.excluded(),
            })
            .collect();
        let rows: Vec<(&Entry, &Grade)> = entries.iter().zip(&grades).collect();
        super::csv::write_grades(
            &self.out.join("grades.csv"),
            &rows,
            std::time::SystemTime::now(),
        )?;
        let rows: Vec<(&Entry, Option<&Evidence>, &Grade)> = entries
            .iter()
            .zip(&evidence)
            .zip(&grades)
            .map(|((e, ev), g)| (e, ev.as_ref(), g))
            .collect();
        super::csv::write_evidence(&self.out.join("evidence.csv"), &rows)?;
        Ok(Graded { evidence, grades })
    }

    /// The copy check (a failure is told, never a reason to stop).
    fn copies(&self, entries: &[Entry]) -> Option<Copies> {
        let found = copies::check(entries, &self.args.past).and_then(|c| {
            copies::write_csv(&self.out.join("copies.csv"), &c)?;
            Ok(c)
        });
        match found {
            Ok(c) => Some(c),
            Err(e) => {
                crate::errln!("arbiter: the copy check could not run: {e:#}");
                None
            }
        }
    }

    /// Step 6: the championship page, one page per submission, the
    /// teacher's page.
    fn pages(
        &self,
        entries: &[Entry],
        graded: &Graded,
        played: &championship::Played,
        copies: Option<&Copies>,
    ) -> Result<()> {
        let records = &played.records;
        let mut names: Vec<String> = entries
            .iter()
            .filter(|e| {
                records
                    .iter()
                    .any(|r| r.p1 == e.sub.name || r.p2 == e.sub.name)
            })
            .map(|e| e.sub.name.clone())
            .collect();
        names.extend(GATES.iter().map(|g| g.to_string()));
        let info = PageInfo {
            title: html::title(
                self.game,
                &names,
                &TimeControl::Movetime(self.args.movetime).to_string(),
            ),
            names,
            scoring: Scoring::Points,
            folder: None,
            similarity: None,
            lang: self.texts.lang().to_string(),
        };
        html::write(
            &self.out.join("report.html"),
            &info,
            records,
            played.analyses.as_ref(),
        )?;
        let index = |r: &GameRecord| {
            records
                .iter()
                .position(|x| x.tournament == r.tournament && x.key == r.key)
        };
        for (k, e) in entries.iter().enumerate() {
            let own: Vec<GameRecord> = records
                .iter()
                .filter(|r| r.p1 == e.sub.name || r.p2 == e.sub.name)
                .cloned()
                .collect();
            let page = feedback::Page {
                entry: e,
                records: &own,
                game_index: &index,
                analyses: played.analyses.as_ref(),
                evidence: graded.evidence[k].as_ref(),
                grade: &graded.grades[k],
                season: &self.out,
            };
            let path = self
                .out
                .join("feedback")
                .join(format!("{}.html", e.sub.name));
            feedback::write(&path, &page, &self.texts)?;
        }
        let page = teacher::Page {
            entries,
            graded,
            played,
            copies,
            rubric: &self.rubric,
        };
        teacher::write(&self.out.join("teacher.html"), &page, &self.texts)
    }
}

/// What a shard reuses of this run: each submission and its recognition.
fn kept_for_shards(entries: &[Entry]) -> Vec<(Submission, Option<Recognition>)> {
    entries
        .iter()
        .map(|e| (e.sub.clone(), e.recognition.clone()))
        .collect()
}

/// The rubric's gates are the championship's; its accuracy needs the
/// analysis.
fn check_rubric(rubric: &Rubric, args: &GradeArgs) -> Result<()> {
    let named = rubric
        .gates
        .iter()
        .map(|g| g.name.as_str())
        .chain([rubric.own_moves.against.as_str()]);
    for gate in named {
        if !GATES.contains(&gate) {
            bail!(
                "the rubric's gate '{gate}' is not one of the championship's gates ({}): \
                 every submission would get 0 for it",
                GATES.join(", ")
            );
        }
    }
    if args.no_analysis && rubric.accuracy.points > 0.0 {
        bail!(
            "the rubric gives {} points for accuracy, which needs the analysis: leave out \
             --no-analysis, or give accuracy 0 points",
            rubric.accuracy.points
        );
    }
    Ok(())
}

/// An override naming no submission is told (a typo would go unseen).
fn tell_unknown_overrides(entries: &[Entry], overrides: &[admission::Override]) {
    for o in overrides {
        if !entries.iter().any(|e| e.sub.name == o.submission) {
            crate::errln!(
                "arbiter: {}: no submission '{}' (its override changes nothing)",
                admission::FILE,
                o.submission
            );
        }
    }
}

/// A confined engine as the championship plays it: frozen from its
/// `bestmove` until its next turn (the cgroup freezer, else SIGSTOP), so
/// that no engine thinks on its opponent's time and, at `--concurrency`
/// games at once, no game steals another's cores. The recognition and the
/// check run it unfrozen (a probe's notes come after its answers).
fn frozen_while_idle(mut spec: ExternalSpec) -> ExternalSpec {
    if let Some(c) = &spec.confine {
        let mut frozen = Confinement::clone(c);
        frozen.freeze_idle = true;
        spec.confine = Some(std::sync::Arc::new(frozen));
    }
    spec
}

/// The championship's entrant of a confined engine.
fn entrant(name: &str, spec: ExternalSpec) -> Entrant {
    Entrant {
        name: name.to_string(),
        kind: Kind::External(spec),
        time: Default::default(),
    }
}

/// Time of one submission's recognition, its experiment included.
const RECOGNITION_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);

/// How long the recognition took: the total, the longest.
fn report_recognition(entries: &[Entry]) {
    let times: Vec<(&str, std::time::Duration)> = entries
        .iter()
        .filter_map(|e| {
            e.recognition
                .as_ref()
                .map(|r| (e.sub.name.as_str(), r.time))
        })
        .collect();
    let total: std::time::Duration = times.iter().map(|t| t.1).sum();
    if let Some((name, longest)) = times.iter().max_by_key(|t| t.1) {
        crate::outln!(
            "recognition: {} in {:.1} s (the longest {:.1} s, {})",
            plural(times.len(), "submission"),
            total.as_secs_f64(),
            longest.as_secs_f64(),
            crate::names::shown(name)
        );
    }
}

/// An entrant that only asks whether the sandbox can be enforced.
fn probe_entrant(out: &Path) -> Entrant {
    let mut spec = ExternalSpec::shell("true");
    spec.dir = Some(out.to_path_buf());
    entrant("sandbox probe", spec)
}

/// The arbiter's own files in `out`, which no engine may see.
fn protected_files(out: &Path) -> Vec<PathBuf> {
    let journal = out.join("results.jsonl");
    [
        "results.jsonl",
        "results.analysis.jsonl",
        "results.jsonl.logs",
        "grades.csv",
        "evidence.csv",
        "copies.csv",
        "report.html",
        "teacher.html",
        admission::FILE,
        shards::PREPARED,
        shards::SHARDS,
        "check",
        "feedback",
        "download",
    ]
    .iter()
    .map(|f| out.join(f))
    .chain([crate::run::resume::identities_path(&journal)])
    .collect()
}

fn bar(quiet: bool, len: usize, what: &str) -> ProgressBar {
    crate::out::progress_bar(!quiet, len as u64, &format!("submissions {what}"))
}

/// The closing summary: one line per submission, the counts, where every
/// file is.
fn summary(entries: &[Entry], graded: &Graded, out: &Path) {
    let width = entries
        .iter()
        .map(|e| e.sub.name.chars().count())
        .max()
        .unwrap_or(10)
        .min(40);
    crate::outln!();
    for (e, g) in entries.iter().zip(&graded.grades) {
        let grade = g.total.map_or("-".into(), |t| format!("{t:.1}"));
        let reason = super::csv::reason(e);
        let mut name: String = e.sub.name.chars().take(width).collect();
        if e.sub.name.chars().count() > width {
            name.pop();
            name.push('…');
        }
        crate::outln!(
            "{name:<width$}  {:<8}  {grade:>5}  {}",
            e.verdict.status.as_str(),
            reason.chars().take(100).collect::<String>()
        );
    }
    let admitted = entries
        .iter()
        .filter(|e| e.verdict.status == Status::Admitted)
        .count();
    crate::outln!(
        "\n{}: {admitted} admitted, {} excluded",
        plural(entries.len(), "submission"),
        entries.len() - admitted
    );
    crate::outln!(
        "grades: {}\nevidence: {}\nteacher's page (verdicts, recognition, overrides, copies): {}\n\
         championship page: {}\nfeedback pages: {}\nchecks: {}\n\
         descriptions (edit them and run again): {}\noverrides (admit or exclude, and run again): {}",
        out.join("grades.csv").display(),
        out.join("evidence.csv").display(),
        out.join("teacher.html").display(),
        out.join("report.html").display(),
        out.join("feedback").display(),
        out.join("check").display(),
        out.join("submissions").display(),
        out.join(admission::FILE).display(),
    );
}
