//! `arbiter grade` from end to end: the steps of [`super`] in order, each
//! submission carried through all of them whatever happened to the others,
//! and a closing summary.
//!
//! Everything a submission brings runs in the sandbox, which `grade`
//! requires: it says so, and refuses to start when the sandbox cannot be
//! enforced here. A rerun of the same command reuses what is done: the
//! intake refreshes the copies, the descriptions keep the teacher's edits,
//! a check is reused while the submission's files and description are
//! unchanged (so the entrants, and the championship's fingerprint, stay the
//! same), and the championship and its analysis resume from their journals.

use super::evidence;
use super::feedback::{write_feedback, FeedbackInput};
use super::i18n::Texts;
use super::intake::{self, Limits};
use super::recognise;
use super::rubric::Rubric;
use super::{Engine, Evidence, Finding, Grade, Recognition, Status, Submission, Tag, Verdict};
use crate::check::{run_kept, CheckOptions};
use crate::engines::client::Timeouts;
use crate::engines::config::{Entrant, ExternalSpec, Kind};
use crate::engines::sandbox::{Mode, SandboxArgs};
use crate::out::plural;
use crate::play::clock::TimeControl;
use crate::play::game::Settings;
use crate::results::analysis::Analyses;
use crate::results::html::{self, PageInfo};
use crate::results::record::GameRecord;
use crate::results::result::OnReplaced;
use crate::results::stats::Scoring;
use crate::run::analyse::AnalyseOptions;
use crate::run::boards::{self, BoardSet};
use crate::run::plan::{Format, Setup};
use crate::run::tournament::{self, RunOptions};
use crate::signals;
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use tabula::game::{GameId, GameSetup};

/// The reference gates every submission plays, weakest first.
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
    /// Time of each move of the championship (ms).
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::movetime)]
    pub(crate) movetime: u64,
    /// Boards of each pairing (both colours on each: two games a board).
    #[arg(long, default_value_t = 2, value_parser = crate::limits::boards)]
    pub(crate) boards: u32,
    /// The folder of everything written (created; a rerun resumes it).
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// The feedback pages' language: pt (Portuguese) or en.
    #[arg(long, default_value = "pt")]
    pub(crate) lang: String,
    /// The rubric (TOML; default: the documented default rubric).
    #[arg(long, value_name = "FILE")]
    pub(crate) rubric: Option<PathBuf>,
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
}

/// A check as kept in `check/<name>.json`: reused while the submission's
/// files and description (its `key`) are unchanged.
#[derive(Serialize, Deserialize)]
struct KeptCheck {
    key: String,
    findings: Vec<(String, String, String, String)>,
    text: String,
}

fn tag_of(word: &str) -> Tag {
    match word {
        "ok" => Tag::Ok,
        "warn" => Tag::Warn,
        "FAIL" => Tag::Fail,
        _ => Tag::Skip,
    }
}

/// One submission carried through the season.
struct Entry {
    sub: Submission,
    recognition: Option<Recognition>,
    /// Why the sandbox cannot run its engine, if it cannot.
    sandbox_problem: Option<String>,
    findings: Vec<Finding>,
    verdict: Verdict,
}

/// `arbiter grade`.
pub fn run(args: GradeArgs, command: &[String]) -> Result<ExitCode> {
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
    for gate in &rubric.gates {
        if !GATES.contains(&gate.name.as_str()) {
            bail!(
                "the rubric's gate '{}' is not one of the championship's gates ({}): \
                 every submission would get 0 for it",
                gate.name,
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
    if !args.input.exists() {
        bail!("no download at '{}'", args.input.display());
    }
    let out = &args.out;
    std::fs::create_dir_all(out)
        .with_context(|| format!("cannot create the folder '{}'", out.display()))?;
    let sandbox = SandboxArgs {
        sandbox: Mode::On,
        freeze_idle: false,
        sandbox_memory: args.sandbox_memory,
        sandbox_pids: 256,
        sandbox_cpus: None,
    };
    // The sandbox first: nothing of a submission runs without it.
    let mut probe = [probe_entrant(out)];
    let header = sandbox.apply(&mut probe, &[]).context(
        "grade runs every submission in the sandbox, which cannot be enforced here \
         (install bubblewrap, and run where cgroups v2 can be delegated; see README, \
         \"Running untrusted code\")",
    )?;
    crate::outln!(
        "arbiter grade: every submission runs in the sandbox, nothing of it outside ({})",
        header.unwrap_or_default()
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.concurrency.unwrap_or(cores).max(1);

    // 1. Intake.
    let subs = intake::read(&args.input, out, &Limits::default())?;
    if subs.is_empty() {
        bail!("no submission in '{}'", args.input.display());
    }
    crate::outln!(
        "{} in {}",
        plural(subs.len(), "submission"),
        args.input.display()
    );

    // 2. and 3. Recognition and checks, sandboxed, `threads` submissions
    // at a time: each is recognised (its experiment bounded), then checked.
    let check_dir = out.join("check");
    std::fs::create_dir_all(&check_dir)?;
    let opts = CheckOptions {
        setup: GameSetup::new(game),
        sample_params: false,
        seed: 1,
        movetime: args.movetime.min(1000),
        timeouts: Timeouts {
            startup_ms: 20_000,
            margin_ms: 250,
            ..Timeouts::default()
        },
        positions: 20,
        solve_ms: 3000,
    };
    let steps = Steps {
        args: &args,
        game,
        out,
        sandbox: &sandbox,
        course: recognise::Course::load(&recognise::kit_dir())?,
        opts: &opts,
        check_dir: &check_dir,
    };
    let (mut entries, confined) = steps.recognise_and_check(subs, threads);
    if signals::interrupted() {
        crate::errln!(
            "arbiter: interrupted during the recognition and the checks; run the same command \
             again to go on"
        );
        return Ok(ExitCode::from(130));
    }
    report_recognition(&entries);
    for e in entries.iter_mut() {
        e.verdict = verdict(e);
    }

    // 4. The championship.
    let admitted: Vec<Entrant> = confined
        .into_iter()
        .filter(|c| {
            entries
                .iter()
                .any(|e| e.sub.name == c.name && e.verdict.status != Status::Excluded)
        })
        .collect();
    let names: Vec<String> = admitted.iter().map(|e| e.name.clone()).collect();
    let gates: Vec<String> = GATES.iter().map(|g| g.to_string()).collect();
    let results_file = out.join("results.jsonl");
    let (records, analyses) = if names.is_empty() {
        crate::outln!("no submission admitted: no championship");
        (Vec::new(), None)
    } else {
        let mut entrants = admitted;
        for g in GATES {
            entrants.push(Entrant::from_cli(g)?);
        }
        championship(&args, game, entrants, &results_file, threads, command)?
    };
    if signals::interrupted() {
        crate::errln!(
            "arbiter: interrupted; the games played are saved in {}. Run the same command \
             again to go on.",
            results_file.display()
        );
        return Ok(ExitCode::from(130));
    }

    // 5. Grades.
    let evidence: Vec<Evidence> = evidence::gather(&names, &gates, &records, analyses.as_ref());
    let mut graded: Vec<(Submission, Verdict, Grade)> = Vec::new();
    let mut with_evidence: Vec<(Submission, Option<Evidence>, Grade)> = Vec::new();
    for e in &entries {
        let ev = evidence.iter().find(|ev| ev.name == e.sub.name);
        let grade = match ev {
            Some(ev) => rubric.grade(ev),
            None => rubric.excluded(),
        };
        graded.push((e.sub.clone(), e.verdict.clone(), grade.clone()));
        with_evidence.push((e.sub.clone(), ev.cloned(), grade));
    }
    super::csv::write_grades(&out.join("grades.csv"), &graded)?;
    super::csv::write_evidence(&out.join("evidence.csv"), &with_evidence)?;

    // 6. Pages.
    let mut all_names = names.clone();
    all_names.extend(gates.iter().cloned());
    let info = PageInfo {
        title: html::title(
            game,
            &all_names,
            &TimeControl::Movetime(args.movetime).to_string(),
        ),
        names: all_names,
        scoring: Scoring::Points,
        folder: None,
        similarity: None,
    };
    html::write(&out.join("report.html"), &info, &records, analyses.as_ref())?;
    let index = |r: &GameRecord| {
        records
            .iter()
            .position(|x| x.tournament == r.tournament && x.key == r.key)
    };
    for (e, (_, _, grade)) in entries.iter().zip(&graded) {
        let own: Vec<GameRecord> = records
            .iter()
            .filter(|r| r.p1 == e.sub.name || r.p2 == e.sub.name)
            .cloned()
            .collect();
        let input = FeedbackInput {
            submission: &e.sub,
            recognition: e.recognition.as_ref(),
            findings: &e.findings,
            verdict: &e.verdict,
            records: &own,
            game_index: &index,
            analyses: analyses.as_ref(),
            evidence: evidence.iter().find(|ev| ev.name == e.sub.name),
            grade,
            championship: "../report.html",
        };
        let page = out.join("feedback").join(format!("{}.html", e.sub.name));
        write_feedback(&page, &input, &texts)?;
    }

    // 7. The summary.
    summary(&entries, &graded, out);
    Ok(ExitCode::SUCCESS)
}

/// Time of one submission's recognition, its experiment included.
const RECOGNITION_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);

/// What recognising and checking a submission needs.
struct Steps<'a> {
    args: &'a GradeArgs,
    game: GameId,
    out: &'a Path,
    sandbox: &'a SandboxArgs,
    course: recognise::Course,
    opts: &'a CheckOptions,
    check_dir: &'a Path,
}

/// One submission recognised and checked.
struct Done {
    recognition: Option<Recognition>,
    sandbox_problem: Option<String>,
    findings: Vec<Finding>,
    /// Its engine, confined (for the championship).
    entrant: Option<Entrant>,
}

impl Steps<'_> {
    /// Every submission recognised then checked, `threads` at a time (a
    /// Ctrl-C stops taking new ones): the entries, and the confined engines.
    fn recognise_and_check(
        &self,
        subs: Vec<Submission>,
        threads: usize,
    ) -> (Vec<Entry>, Vec<Entrant>) {
        let out = self.out;
        // Every submission's folder is hidden from the others.
        let mut protected = protected_files(out);
        protected.extend(subs.iter().map(|s| out.join("submissions").join(&s.name)));
        let lab = recognise::Lab {
            sandbox: self.sandbox.clone(),
            protected: protected.clone(),
            kit: recognise::kit_dir(),
            movetime: self.args.movetime,
            budget: RECOGNITION_BUDGET,
        };
        let bar = bar(self.args.quiet, subs.len(), "recognised and checked");
        let queue = Mutex::new((0..subs.len()).rev().collect::<Vec<_>>());
        let done: Mutex<Vec<Option<Done>>> = Mutex::new((0..subs.len()).map(|_| None).collect());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    if signals::interrupted() {
                        break;
                    }
                    let Some(i) = queue.lock().ok().and_then(|mut q| q.pop()) else {
                        break;
                    };
                    let d = self.one(&subs[i], &lab, &protected);
                    if let Ok(mut all) = done.lock() {
                        all[i] = Some(d);
                    }
                    bar.inc(1);
                });
            }
        });
        bar.finish_and_clear();
        let mut confined = Vec::new();
        let entries = subs
            .into_iter()
            .zip(done.into_inner().unwrap_or_default())
            .map(|(sub, d)| {
                let d = d.unwrap_or(Done {
                    recognition: None,
                    sandbox_problem: None,
                    findings: Vec::new(),
                    entrant: None,
                });
                confined.extend(d.entrant);
                Entry {
                    sub,
                    recognition: d.recognition,
                    sandbox_problem: d.sandbox_problem,
                    findings: d.findings,
                    verdict: Verdict {
                        status: Status::Excluded,
                        reasons: Vec::new(),
                        fix: String::new(),
                    },
                }
            })
            .collect();
        (entries, confined)
    }

    /// One submission: recognised, its engine confined (one the sandbox
    /// cannot run is told, the others go on), checked.
    fn one(&self, sub: &Submission, lab: &recognise::Lab, protected: &[PathBuf]) -> Done {
        let desc_dir = self.out.join("submissions").join(&sub.name);
        let recognition = sub.refused.is_empty().then(|| {
            recognise::recognise(
                sub,
                self.game,
                self.args.year,
                &desc_dir,
                &self.course,
                Some(lab),
            )
        });
        let mut done = Done {
            recognition,
            sandbox_problem: None,
            findings: Vec::new(),
            entrant: None,
        };
        let Some(spec) = spec_of(sub, done.recognition.as_ref(), self.out) else {
            return done;
        };
        let mut entrant = Entrant {
            name: sub.name.clone(),
            kind: Kind::External(spec),
            time: Default::default(),
        };
        if let Err(e) = self
            .sandbox
            .apply(std::slice::from_mut(&mut entrant), protected)
        {
            done.sandbox_problem = Some(format!("{e:#}"));
            return done;
        }
        if signals::interrupted() {
            return done;
        }
        if let Kind::External(spec) = &entrant.kind {
            done.findings = check(spec, &sub.name, self.opts, self.out, self.check_dir);
        }
        done.entrant = Some(entrant);
        done
    }
}

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
            "recognition: {} in {:.1} s (the longest {:.1} s, {name})",
            plural(times.len(), "submission"),
            total.as_secs_f64(),
            longest.as_secs_f64()
        );
    }
}

/// An entrant that only asks whether the sandbox can be enforced.
fn probe_entrant(out: &Path) -> Entrant {
    let mut spec = ExternalSpec::shell("true");
    spec.dir = Some(out.to_path_buf());
    Entrant {
        name: "sandbox probe".into(),
        kind: Kind::External(spec),
        time: Default::default(),
    }
}

/// The arbiter's own files in `out`, which no engine may see.
fn protected_files(out: &Path) -> Vec<PathBuf> {
    [
        "results.jsonl",
        "results.analysis.jsonl",
        "results.jsonl.logs",
        "grades.csv",
        "evidence.csv",
        "report.html",
        "check",
        "feedback",
        "download",
    ]
    .iter()
    .map(|f| out.join(f))
    .collect()
}

/// The command that runs a submission's engine, in its folder.
fn spec_of(
    sub: &Submission,
    recognition: Option<&Recognition>,
    out: &Path,
) -> Option<ExternalSpec> {
    let dir = out.join("submissions").join(&sub.name);
    match &recognition?.engine {
        Engine::Lisp { description, .. } => {
            let kit = recognise::kit_dir();
            let mut spec = ExternalSpec::shell("sbcl");
            spec.shell = false;
            spec.args = vec![
                "--script".into(),
                kit.join("run.lisp").display().to_string(),
                absolute(description).display().to_string(),
            ];
            spec.dir = Some(absolute(&dir));
            Some(spec)
        }
        Engine::Program { command, .. } => {
            let mut spec = ExternalSpec::shell(command);
            spec.dir = Some(absolute(&sub.files));
            Some(spec)
        }
        Engine::Nothing { .. } => None,
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The check of one submission's engine: reused from `check/<name>.json`
/// while its files and description are unchanged, else run (sandboxed,
/// quietly) and kept there, its text in `check/<name>.txt`.
fn check(
    spec: &ExternalSpec,
    name: &str,
    opts: &CheckOptions,
    out: &Path,
    dir: &Path,
) -> Vec<Finding> {
    let key = content_key(&out.join("submissions").join(name), opts, spec);
    let kept_path = dir.join(format!("{name}.json"));
    if let Some(kept) = std::fs::read_to_string(&kept_path)
        .ok()
        .and_then(|t| serde_json::from_str::<KeptCheck>(&t).ok())
        .filter(|k| k.key == key)
    {
        return kept
            .findings
            .into_iter()
            .map(|(tag, what, note, fix)| Finding {
                tag: tag_of(&tag),
                what,
                note,
                fix,
            })
            .collect();
    }
    let (_, checked) = run_kept(spec, name, opts, true);
    if !signals::interrupted() {
        let kept = KeptCheck {
            key,
            findings: checked
                .findings
                .iter()
                .map(|f| {
                    (
                        f.tag.as_str().to_string(),
                        f.what.clone(),
                        f.note.clone(),
                        f.fix.clone(),
                    )
                })
                .collect(),
            text: checked.text.clone(),
        };
        if let Ok(json) = serde_json::to_string(&kept) {
            let _ = std::fs::write(&kept_path, json);
        }
        let _ = std::fs::write(dir.join(format!("{name}.txt")), &checked.text);
    }
    checked.findings
}

/// A hash of every file under `dir` (names and contents), the engine's
/// command, its sandbox's limits, the kit and the check's settings: the
/// same while nothing changed (a new toolchain may change the hash: then
/// the checks simply run again).
fn content_key(dir: &Path, opts: &CheckOptions, spec: &ExternalSpec) -> String {
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    let mut h = DefaultHasher::new();
    for f in &files {
        // The kit's clock decision is written there by the engine itself.
        if f.to_string_lossy().ends_with(".tabula-clock") {
            continue;
        }
        f.strip_prefix(dir).unwrap_or(f).hash(&mut h);
        std::fs::read(f).unwrap_or_default().hash(&mut h);
    }
    (
        opts.movetime,
        opts.positions,
        opts.seed,
        opts.game().as_str(),
    )
        .hash(&mut h);
    (opts.solve_ms, format!("{:?}", opts.timeouts)).hash(&mut h);
    (&spec.program, &spec.args, &spec.dir).hash(&mut h);
    if let Some(c) = &spec.confine {
        (c.memory_mb, c.pids, c.millicores).hash(&mut h);
    }
    // The kit that runs a Lisp project: a new kit checks again.
    for arg in &spec.args {
        let path = Path::new(arg);
        if path.extension().is_some_and(|e| e == "lisp") {
            if let Some(kit) = path.parent() {
                for f in ["run.lisp", "project.lisp", "tabula.lisp"] {
                    std::fs::read(kit.join(f)).unwrap_or_default().hash(&mut h);
                }
            }
        }
    }
    format!("{:016x}", h.finish())
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => collect(&p, out),
            Ok(t) if t.is_file() => out.push(p),
            _ => {}
        }
    }
}

/// The verdict on a submission from its intake, recognition and check.
fn verdict(e: &Entry) -> Verdict {
    let excluded = |reasons: Vec<String>, fix: &str| Verdict {
        status: Status::Excluded,
        reasons,
        fix: fix.to_string(),
    };
    if !e.sub.refused.is_empty() {
        return excluded(
            e.sub.refused.clone(),
            "hand in a plain zip of the project's source files",
        );
    }
    let Some(rec) = &e.recognition else {
        return excluded(vec!["not recognised".into()], "");
    };
    if let Engine::Nothing { reason, fix } = &rec.engine {
        return excluded(vec![reason.clone()], fix);
    }
    if let Some(why) = &e.sandbox_problem {
        return excluded(
            vec![format!("the sandbox cannot run it: {why}")],
            "make the program and its interpreter reachable inside the sandbox",
        );
    }
    let fails: Vec<&Finding> = e.findings.iter().filter(|f| f.tag == Tag::Fail).collect();
    if let Some(first) = fails.first() {
        let mut reasons: Vec<String> = fails
            .iter()
            .map(|f| format!("check: {}: {}", f.what, f.note))
            .collect();
        reasons.dedup();
        return excluded(reasons, &first.fix);
    }
    if e.findings.is_empty() {
        return excluded(
            vec!["not checked (interrupted, or the engine could not be started)".into()],
            "run the same command again",
        );
    }
    let mut warnings: Vec<String> = rec.warnings.clone();
    warnings.extend(
        e.findings
            .iter()
            .filter(|f| f.tag == Tag::Warn)
            .map(|f| format!("check: {}: {}", f.what, f.note)),
    );
    warnings.extend(e.sub.notes.iter().cloned());
    Verdict {
        status: if warnings.is_empty() {
            Status::Admitted
        } else {
            Status::AdmittedWithWarnings
        },
        reasons: warnings,
        fix: String::new(),
    }
}

/// The championship of the admitted submissions and the gates: round
/// robin, pair scoring, balanced boards when the game has them, replaced
/// moves counted (the rubric weighs their share), resumed from its
/// journal, analysed unless `--no-analysis`.
fn championship(
    args: &GradeArgs,
    game: GameId,
    entrants: Vec<Entrant>,
    results: &Path,
    threads: usize,
    command: &[String],
) -> Result<(Vec<GameRecord>, Option<Analyses>)> {
    let setup = GameSetup::new(game);
    let set = if boards::balanced_set_path(game).is_ok() {
        BoardSet::Balanced
    } else {
        BoardSet::Seeded
    };
    let board_source = boards::source(setup, set, None, 1)?;
    let mut log_dir = results.as_os_str().to_owned();
    log_dir.push(".logs");
    let opts = RunOptions {
        concurrency: threads,
        results: Some(results.to_path_buf()),
        settings: Settings {
            timeouts: Timeouts {
                startup_ms: 20_000,
                ..Timeouts::default()
            },
            max_plies: 10_000,
            debug: false,
            log_dir: Some(PathBuf::from(log_dir)),
            on_replaced: OnReplaced::Count,
        },
        progress: !args.quiet,
        sprt: None,
        command: command.to_vec(),
        live: None,
        analyse: (!args.no_analysis).then(|| AnalyseOptions {
            settings: Default::default(),
            file: Some(html::analysis_beside(results)),
            threads,
        }),
    };
    let setup = Setup {
        game,
        entrants,
        format: Format::RoundRobin,
        rounds: 1,
        boards: args.boards,
        match_games: None,
        board_source,
        tc: TimeControl::Movetime(args.movetime),
        seed: 1,
        scoring: Scoring::Points,
        shard: None,
    };
    let result = tournament::play(setup, &opts)?;
    Ok((result.records, result.analyses))
}

fn bar(quiet: bool, len: usize, what: &str) -> ProgressBar {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(len as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30.cyan/blue}} {{pos}}/{{len}} submissions {what} [{{elapsed_precise}}]"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// The closing summary: one line per submission, the counts, where every
/// file is.
fn summary(entries: &[Entry], graded: &[(Submission, Verdict, Grade)], out: &Path) {
    let width = entries
        .iter()
        .map(|e| e.sub.name.chars().count())
        .max()
        .unwrap_or(10)
        .min(40);
    crate::outln!();
    for (e, (_, v, g)) in entries.iter().zip(graded) {
        let grade = g.total.map_or("-".into(), |t| format!("{t:.1}"));
        let reason = v.reasons.first().cloned().unwrap_or_default();
        let mut name: String = e.sub.name.chars().take(width).collect();
        if e.sub.name.chars().count() > width {
            name.pop();
            name.push('…');
        }
        crate::outln!(
            "{name:<width$}  {:<8}  {grade:>5}  {}",
            v.status.as_str(),
            reason.chars().take(100).collect::<String>()
        );
    }
    let admitted = graded
        .iter()
        .filter(|(_, v, _)| v.status != Status::Excluded)
        .count();
    let warned = graded
        .iter()
        .filter(|(_, v, _)| v.status == Status::AdmittedWithWarnings)
        .count();
    crate::outln!(
        "\n{}: {admitted} admitted ({warned} with warnings), {} excluded",
        plural(graded.len(), "submission"),
        graded.len() - admitted
    );
    crate::outln!(
        "grades: {}\nevidence: {}\nchampionship page: {}\nfeedback pages: {}\nchecks: {}\n\
         descriptions (edit them and run again): {}",
        out.join("grades.csv").display(),
        out.join("evidence.csv").display(),
        out.join("report.html").display(),
        out.join("feedback").display(),
        out.join("check").display(),
        out.join("submissions").display(),
    );
}
