//! The season's checks: each submission's engine, confined by the sandbox
//! on its own (one the sandbox cannot run is told, the others go on), goes
//! through `arbiter check`'s layers at the season's own clock (its move
//! time and margin), `threads` at a time. A check is kept in
//! `check/<name>.json` (its text in `check/<name>.txt`, its games' traffic
//! in `check/logs/<name>/`) and reused while nothing it was made of changed
//! ([`content_key`]).

use super::{Engine, Entry, Finding};
use crate::check::{run_kept, CheckOptions};
use crate::engines::config::{Entrant, ExternalSpec, Kind};
use crate::engines::sandbox::SandboxArgs;
use crate::signals;
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The layout of a kept check: a check kept by another layout runs again.
const LAYOUT: &str = "layout 3";

/// A check as kept in `check/<name>.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Kept {
    /// What it was made of ([`content_key`]): the same key, the same check.
    pub(crate) key: String,
    pub(crate) findings: Vec<Finding>,
    /// The engine answered its handshake.
    pub(crate) handshake: bool,
    /// Legal moves of its own program over the whole check.
    pub(crate) own_legal: u32,
    /// The check's lines, as `arbiter check` prints them.
    pub(crate) text: String,
}

/// The folder of a submission's season files: `<out>/submissions/<name>`.
pub(crate) fn submission_dir(out: &Path, name: &str) -> PathBuf {
    out.join("submissions").join(name)
}

/// The command that runs a submission's engine, in its folder (`None`:
/// nothing runnable).
pub(crate) fn spec_of(e: &Entry, out: &Path) -> Option<ExternalSpec> {
    let dir = submission_dir(out, &e.sub.name);
    match &e.recognition.as_ref()?.engine {
        Engine::Lisp { description, .. } => {
            let kit = super::recognise::kit_dir();
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
            spec.dir = Some(absolute(&e.sub.files));
            Some(spec)
        }
        Engine::Nothing { .. } => None,
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Confines each entry's engine on its own: `engine` set, or
/// `sandbox_problem` when the sandbox cannot run it. Every submission's
/// folder and the arbiter's own files (`protected`) are hidden from every
/// engine.
pub(crate) fn confine(
    entries: &mut [Entry],
    sandbox: &SandboxArgs,
    out: &Path,
    protected: &[PathBuf],
) {
    let mut hidden = protected.to_vec();
    hidden.extend(entries.iter().map(|e| submission_dir(out, &e.sub.name)));
    for e in entries.iter_mut() {
        let Some(spec) = spec_of(e, out) else {
            continue;
        };
        let mut one = [Entrant {
            name: e.sub.name.clone(),
            kind: Kind::External(spec),
            time: Default::default(),
        }];
        match sandbox.apply(&mut one, &hidden) {
            Ok(_) => {
                let [entrant] = one;
                if let Kind::External(spec) = entrant.kind {
                    e.engine = Some(spec);
                }
            }
            Err(why) => e.sandbox_problem = Some(format!("{why:#}")),
        }
    }
}

/// Checks every confined engine, `threads` at a time (a kept check
/// reused), each with its traffic logs in `check/logs/<name>/`.
pub(crate) fn check_all(
    entries: &mut [Entry],
    opts: &CheckOptions,
    out: &Path,
    threads: usize,
    bar: &ProgressBar,
    may_run: bool,
) -> anyhow::Result<()> {
    let dir = out.join("check");
    std::fs::create_dir_all(&dir)?;
    if !may_run {
        // A shard: the kept checks, read once, or nothing.
        let mut missing: Vec<&str> = Vec::new();
        let found: Vec<Option<Kept>> = entries
            .iter()
            .map(|e| {
                let spec = e.engine.as_ref()?;
                let key = content_key(&submission_dir(out, &e.sub.name), opts, spec);
                let k = kept(&key, &e.sub.name, &dir);
                if k.is_none() {
                    missing.push(e.sub.name.as_str());
                }
                k
            })
            .collect();
        if !missing.is_empty() {
            anyhow::bail!(
                "--shard: no kept check of {} in '{}' (a shard never checks, since a check \
                 may come out differently on another machine): run the command with \
                 --prepare again on one machine, then the shards",
                missing
                    .iter()
                    .map(|n| crate::names::shown(n))
                    .collect::<Vec<_>>()
                    .join(", "),
                dir.display()
            );
        }
        for (e, k) in entries.iter_mut().zip(found) {
            e.check = k;
        }
        return Ok(());
    }
    let shared: &[Entry] = entries;
    let results = tabula::pool::run(shared.len(), threads, signals::interrupted, |i| {
        let e = &shared[i];
        let kept = e
            .engine
            .as_ref()
            .map(|spec| check(spec, &e.sub.name, opts, out, &dir));
        bar.inc(1);
        kept
    });
    for (e, outcome) in entries.iter_mut().zip(results) {
        e.check = match outcome {
            None => None,
            Some(Ok(kept)) => kept,
            Some(Err(panicked)) => {
                anyhow::bail!("the check of {}: {panicked}", e.sub.name)
            }
        };
    }
    Ok(())
}

/// The check of one submission's engine: reused from `check/<name>.json`
/// while its key is unchanged, else run (sandboxed, quietly) and kept
/// there, its text in `check/<name>.txt`.
fn check(spec: &ExternalSpec, name: &str, opts: &CheckOptions, out: &Path, dir: &Path) -> Kept {
    let key = content_key(&submission_dir(out, name), opts, spec);
    if let Some(kept) = kept(&key, name, dir) {
        return kept;
    }
    let kept_path = dir.join(format!("{name}.json"));
    // The traffic logs stay in the season folder (`check/logs/<name>/`).
    let opts = CheckOptions {
        log_dir: Some(dir.join("logs")),
        ..opts.clone()
    };
    let (_, checked) = run_kept(spec, name, &opts, true);
    let kept = Kept {
        key,
        findings: checked.findings,
        handshake: checked.handshake,
        own_legal: checked.own_legal,
        text: checked.text,
    };
    if !signals::interrupted() {
        // (Not kept: the check runs again next time; said, never silent.)
        let json = serde_json::to_string(&kept).unwrap_or_default();
        let txt = dir.join(format!("{name}.txt"));
        for (path, body) in [(&kept_path, json.as_str()), (&txt, kept.text.as_str())] {
            if let Err(e) = std::fs::write(path, body) {
                log::warn!("cannot keep the check in {}: {e}", path.display());
            }
        }
    }
    kept
}

/// The check of one submission kept in `check/<name>.json` (`dir`), when
/// it was made under `key` (its [`content_key`]).
fn kept(key: &str, name: &str, dir: &Path) -> Option<Kept> {
    std::fs::read_to_string(dir.join(format!("{name}.json")))
        .ok()
        .and_then(|t| serde_json::from_str::<Kept>(&t).ok())
        .filter(|k| k.key == key)
}

/// A hash of every file under `dir` (names and contents), the engine's
/// command, its sandbox's limits, the kit and the check's settings: the
/// same while nothing changed (a new toolchain may change the hash: then
/// the checks simply run again). Also the submission's identity in the
/// championship (a changed submission plays its games again).
pub(crate) fn content_key(dir: &Path, opts: &CheckOptions, spec: &ExternalSpec) -> String {
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    let mut h = DefaultHasher::new();
    LAYOUT.hash(&mut h);
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
