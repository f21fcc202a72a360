//! Entrants: who plays, read from the command line or from a config file.
//!
//! On the command line an engine is either `builtin:<name>[:key=value,…]` or a
//! command line run through the shell (`"python3 my_engine.py"`). A config file
//! (TOML, or JSON when its name ends in `.json`) lists engines with every
//! detail:
//!
//! ```toml
//! [[engine]]
//! name = "alice"                 # defaults to the command
//! command = "python3"            # or "builtin:tabula:depth=4"
//! args = ["alice.py"]            # given: run directly; absent: via `sh -c`
//! dir = "students/alice"         # working directory
//! env = { PYTHONUNBUFFERED = "1" }
//! options = { Hash = 16 }        # sent as `setoption`, checked at preflight
//! movetime = 2000                # per-engine override of the time control
//! startup_timeout = 20000        # ms for the handshake
//! sandbox = "on"                # overrides --sandbox (auto, on, off)
//! writable = false               # in the sandbox: may write in `dir`
//! [engine.limits]
//! memory_mb = 512                # RLIMIT_AS
//! cpu_seconds = 600              # RLIMIT_CPU
//! processes = 64                 # RLIMIT_NPROC (per user; not enforced for root)
//! ```

use crate::engines::sandbox::{Confinement, EngineSandbox, Mode};
use crate::limits;
use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;
use serde_value::DeserializerError;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// An in-process player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinKind {
    /// A uniformly random legal move (seeded).
    Random,
    /// The move that scores most at once; ties broken at random (seeded).
    Greedy,
    /// The Tabula search with a strength setting; with no limit it uses the
    /// match's time control, and with one it still answers by the match's
    /// deadline.
    Tabula {
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        /// `eval=material`: the course's evaluation, the score difference
        /// alone (Tabula's terms off), for a weaker player of the same depth.
        material: bool,
    },
}

impl BuiltinKind {
    /// The player as fingerprints hash it: as its derived `Debug` before
    /// `eval` was a setting (so older journals keep their fingerprint),
    /// `eval: material` added when set.
    pub(crate) fn describe(&self) -> String {
        match self {
            BuiltinKind::Random => "Random".into(),
            BuiltinKind::Greedy => "Greedy".into(),
            BuiltinKind::Tabula {
                depth,
                nodes,
                movetime,
                material,
            } => {
                let eval = if *material { ", eval: material" } else { "" };
                format!(
                    "Tabula {{ depth: {depth:?}, nodes: {nodes:?}, movetime: {movetime:?}{eval} }}"
                )
            }
        }
    }
}

impl BuiltinKind {
    /// Parses the part after `builtin:`.
    pub(crate) fn parse(text: &str) -> Result<BuiltinKind> {
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        let mut kv = Vec::new();
        for item in params.split([',', ':']).filter(|s| !s.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| anyhow!("builtin:{text}: expected key=value, found '{item}'"))?;
            kv.push((k.to_ascii_lowercase(), v.to_string()));
        }
        match name.to_ascii_lowercase().as_str() {
            "random" | "greedy" => {
                if let Some((k, _)) = kv.first() {
                    bail!("builtin:{name} takes no setting (found '{k}')");
                }
                Ok(if name.eq_ignore_ascii_case("random") {
                    BuiltinKind::Random
                } else {
                    BuiltinKind::Greedy
                })
            }
            "tabula" => {
                let (mut depth, mut nodes, mut movetime) = (None, None, None);
                let mut material = false;
                for (k, v) in kv {
                    let bad =
                        || anyhow!("builtin:tabula: {k} must be a positive integer, found '{v}'");
                    let what = format!("builtin:tabula: {k}");
                    match k.as_str() {
                        "depth" => {
                            let d = v.parse().map_err(|_| bad())?;
                            limits::check(&what, d, 1, limits::MAX_DEPTH, "plies")?;
                            depth = Some(d);
                        }
                        "nodes" => {
                            let n = v.parse().map_err(|_| bad())?;
                            limits::check(&what, n, 1, limits::MAX_NODES, "nodes")?;
                            nodes = Some(n);
                        }
                        "movetime" => {
                            let ms = v.parse().map_err(|_| bad())?;
                            limits::check(&what, ms, 1, limits::MAX_MOVE_MS, "milliseconds")?;
                            movetime = Some(ms);
                        }
                        "eval" => {
                            material = match v.to_ascii_lowercase().as_str() {
                                "material" => true,
                                "full" => false,
                                _ => bail!("builtin:tabula: eval must be full or material, found '{v}'"),
                            };
                        }
                        _ => bail!("builtin:tabula: unknown setting '{k}' (expected depth, nodes, movetime or eval)"),
                    }
                }
                Ok(BuiltinKind::Tabula {
                    depth,
                    nodes,
                    movetime,
                    material,
                })
            }
            other => bail!("unknown built-in player '{other}' (expected random, greedy or tabula)"),
        }
    }
}

/// Resource limits applied to an engine process (rlimits set before `exec`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ResourceLimits {
    /// Address space in MiB (`RLIMIT_AS`).
    pub(crate) memory_mb: Option<u64>,
    /// CPU time in seconds over the process's whole life (`RLIMIT_CPU`).
    pub(crate) cpu_seconds: Option<u64>,
    /// Processes of the user (`RLIMIT_NPROC`; root is exempt).
    pub(crate) processes: Option<u64>,
}

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program, or the whole command line when `shell` is true.
    pub(crate) program: String,
    pub(crate) args: Vec<String>,
    /// Run `program` through `sh -c`.
    pub(crate) shell: bool,
    pub(crate) dir: Option<PathBuf>,
    pub(crate) env: Vec<(String, String)>,
    /// `setoption` name/value pairs, checked against the engine's `option` lines.
    pub(crate) options: Vec<(String, String)>,
    pub(crate) limits: ResourceLimits,
    /// Handshake deadline override (ms).
    pub(crate) startup_ms: Option<u64>,
    /// The sandbox settings of the config file.
    pub(crate) sandbox: EngineSandbox,
    /// How the engine is confined (set by [`crate::engines::sandbox::SandboxArgs::apply`]).
    pub(crate) confine: Option<Arc<Confinement>>,
}

impl ExternalSpec {
    /// A command line for the shell.
    pub fn shell(command: &str) -> ExternalSpec {
        ExternalSpec {
            program: command.to_string(),
            args: Vec::new(),
            shell: true,
            dir: None,
            env: Vec::new(),
            options: Vec::new(),
            limits: ResourceLimits::default(),
            startup_ms: None,
            sandbox: EngineSandbox::default(),
            confine: None,
        }
    }

    /// Checks that the program can be found (the first word for a shell
    /// command), so that a typo is refused before any game starts.
    pub(crate) fn check_program(&self) -> Result<()> {
        if let Some(dir) = &self.dir {
            if !dir.is_dir() {
                bail!("working directory '{}' does not exist", dir.display());
            }
        }
        let word = if self.shell {
            match first_shell_word(&self.program) {
                Some(w) => w,
                None => bail!("empty engine command"),
            }
        } else {
            self.program.clone()
        };
        if find_program(&word, self.dir.as_deref()).is_none() {
            bail!("engine program '{word}' not found (not a file, not on PATH)");
        }
        Ok(())
    }
}

/// Every problem found with the entrants before the first game, one line
/// each (`engine 'alice': …`): a class's mistakes are fixed in one go, not
/// one per run. One problem prints as its line; more print as a list and a
/// count.
#[derive(Debug, Default)]
pub(crate) struct Problems(pub(crate) Vec<String>);

impl Problems {
    /// Adds the problem `e` of the entrant `name` (its whole chain of
    /// causes on one line).
    pub(crate) fn add(&mut self, name: &str, e: &anyhow::Error) {
        let line = format!("{e:#}");
        let prefix = format!("engine '{name}'");
        self.0.push(if line.starts_with(&prefix) {
            line
        } else {
            format!("{prefix}: {line}")
        });
    }

    /// `Ok` when nothing was found, else the whole list as one error.
    pub(crate) fn into_result(self) -> Result<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(anyhow::Error::new(self))
        }
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => f.write_str(one),
            all => {
                writeln!(f, "the entrants are not ready:")?;
                for p in all {
                    writeln!(f, "  {p}")?;
                }
                write!(
                    f,
                    "{} problems (every entrant checked): fix them and run again",
                    all.len()
                )
            }
        }
    }
}

impl std::error::Error for Problems {}

/// The first word of a shell command, skipping `VAR=value` assignments and
/// `exec`; `None` for an empty command.
pub(crate) fn first_shell_word(command: &str) -> Option<String> {
    command
        .split_whitespace()
        .find(|w| (!w.contains('=') || w.starts_with('=')) && *w != "exec")
        .map(|w| w.trim_matches(['"', '\'']).to_string())
}

/// Resolves a program like the shell would: a path if it has a `/`, else a
/// search of `PATH`; shell built-ins and keywords are accepted as they are.
pub(crate) fn find_program(word: &str, dir: Option<&Path>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &Path| {
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if word.contains('/') {
        let p = match dir {
            Some(d) if Path::new(word).is_relative() => d.join(word),
            _ => PathBuf::from(word),
        };
        return runnable(&p).then_some(p);
    }
    if matches!(word, "cd" | "exec" | "env" | "." | "source" | "(" | "{") {
        return Some(PathBuf::from(word));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(word))
        .find(|p| runnable(p))
}

/// What an entrant is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Builtin(BuiltinKind),
    External(ExternalSpec),
}

/// Per-engine overrides of the match's time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TimeOverride {
    pub(crate) movetime: Option<u64>,
    pub(crate) nodes: Option<u64>,
    pub(crate) depth: Option<u32>,
}

/// A player of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    pub kind: Kind,
    pub(crate) time: TimeOverride,
}

impl Entrant {
    /// An entrant from a command-line word: `builtin:…` or a shell command.
    pub fn from_cli(text: &str) -> Result<Entrant> {
        let text = text.trim();
        if text.is_empty() {
            bail!("empty engine command");
        }
        let kind = match strip_prefix_ci(text, "builtin:") {
            Some(rest) => Kind::Builtin(BuiltinKind::parse(rest)?),
            None => Kind::External(ExternalSpec::shell(text)),
        };
        Ok(Entrant {
            name: text.to_string(),
            kind,
            time: TimeOverride::default(),
        })
    }

    /// The command as written, for fingerprints and messages.
    pub(crate) fn describe(&self) -> String {
        match &self.kind {
            Kind::Builtin(b) => b.describe(),
            Kind::External(s) => {
                let mut d = s.program.clone();
                for a in &s.args {
                    d.push(' ');
                    d.push_str(a);
                }
                d
            }
        }
    }
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    (text.len() >= prefix.len() && text[..prefix.len()].eq_ignore_ascii_case(prefix))
        .then(|| &text[prefix.len()..])
}

/// An option value as written in a config file.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum OptionValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Float(x) => write!(f, "{x}"),
            OptionValue::Text(s) => f.write_str(s),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineEntry {
    name: Option<String>,
    command: String,
    args: Option<Vec<String>>,
    dir: Option<PathBuf>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    #[serde(default)]
    options: BTreeMap<String, OptionValue>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    startup_timeout: Option<u64>,
    #[serde(default)]
    limits: ResourceLimits,
    sandbox: Option<Mode>,
    #[serde(default)]
    writable: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineFile {
    #[serde(alias = "engines")]
    engine: Vec<EngineEntry>,
}

/// Reads the engines of a config file (TOML, or JSON for `*.json`). Relative
/// working directories are taken from the file's folder.
pub fn load_file(path: &Path) -> Result<Vec<Entrant>> {
    let text = crate::paths::read_to_string(path)
        .with_context(|| format!("cannot read engine file '{}'", path.display()))?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let file =
        parse_file(&text, json).map_err(|e| anyhow!("engine file '{}', {e}", path.display()))?;
    if file.engine.len() > limits::MAX_ENGINES {
        bail!(
            "engine file '{}': {} engines, a tournament takes at most {}",
            path.display(),
            file.engine.len(),
            limits::MAX_ENGINES
        );
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let mut entrants = Vec::new();
    let mut problems = Problems::default();
    for e in file.engine {
        let name = e.name.clone().unwrap_or_else(|| e.command.clone());
        match entry_to_entrant(e, base) {
            Ok(entrant) => entrants.push(entrant),
            Err(why) => problems.add(&name, &why),
        }
    }
    problems
        .into_result()
        .with_context(|| format!("engine file '{}'", path.display()))?;
    Ok(entrants)
}

/// Parses a class file; a mistake is told by its line and, for the common
/// ones, with what to write instead (see [`explain`]).
fn parse_file(text: &str, json: bool) -> std::result::Result<EngineFile, String> {
    let (line, message) = if json {
        let e = match serde_json::from_str(text) {
            Ok(file) => return Ok(file),
            Err(e) => e,
        };
        // serde_json ends its message with " at line L column C".
        let full = e.to_string();
        let message = full
            .rfind(" at line ")
            .map_or(full.as_str(), |at| &full[..at])
            .to_string();
        (
            (e.line() > 0).then_some((e.line(), Some(e.column()))),
            message,
        )
    } else {
        let e = match toml::from_str(text) {
            Ok(file) => return Ok(file),
            Err(e) => e,
        };
        let line = e
            .span()
            .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
        (line.map(|l| (l, None)), e.message().trim().to_string())
    };
    // The same file read again as a tree, then into the entrants: the
    // mistake as serde's own kind (the parser's message says where).
    let kind = if json {
        serde_json::from_str::<serde_value::Value>(text).ok()
    } else {
        toml::from_str::<serde_value::Value>(text).ok()
    }
    .and_then(|tree| tree.deserialize_into::<EngineFile>().err());
    // The tree's keys are sorted: of several unknown keys, the one the
    // parser met first (on its line) is told, else the line of the key
    // the tree names.
    let (kind, line) = match kind {
        Some(DeserializerError::UnknownField(key, known)) => {
            let first = line
                .and_then(|(l, _)| text.lines().nth(l - 1))
                .and_then(|l| written_key(l, json))
                .filter(|k| !known.contains(&k.as_str()));
            match first {
                Some(first) => (Some(DeserializerError::UnknownField(first, known)), line),
                None => {
                    let line = key_line(text, &key, json).map_or(line, |l| Some((l, None)));
                    (Some(DeserializerError::UnknownField(key, known)), line)
                }
            }
        }
        kind => (kind, line),
    };
    let shown = line
        .and_then(|(l, _)| text.lines().nth(l - 1))
        .map(str::trim);
    let message = match &kind {
        Some(kind) => explain(kind, text, shown, json).unwrap_or(message),
        None => message,
    };
    Err(match (line, shown) {
        (Some((l, Some(c))), _) => format!("line {l}, column {c}: {message}"),
        (Some((l, None)), Some(t)) if !t.is_empty() && t.chars().count() <= 60 => {
            format!("line {l} (`{t}`): {message}")
        }
        (Some((l, None)), _) => format!("line {l}: {message}"),
        _ => message,
    })
}

/// The key that `line` writes (`key = …` in TOML, `"key": …` in JSON).
fn written_key(line: &str, json: bool) -> Option<String> {
    if json {
        let (_, rest) = line.split_once('"')?;
        let (key, after) = rest.split_once('"')?;
        return after.trim_start().starts_with(':').then(|| key.to_string());
    }
    let (key, _) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    (!key.is_empty() && !key.starts_with('[')).then(|| key.to_string())
}

/// The first line of `text` that writes the key `key` (`key =` in TOML,
/// `"key":` in JSON).
fn key_line(text: &str, key: &str, json: bool) -> Option<usize> {
    let quoted = format!("\"{key}\"");
    let written = |l: &str| {
        let rest = if json {
            l.find(&quoted).map(|at| &l[at + quoted.len()..])
        } else {
            l.trim_start().strip_prefix(key)
        };
        rest.is_some_and(|r| r.trim_start().starts_with(if json { ':' } else { '=' }))
    };
    text.lines().position(written).map(|i| i + 1)
}

/// The keys of an `[[engine]]` table, for messages.
const ENTRY_KEYS: &str = "name, command, args, dir, env, options, movetime, nodes, depth, \
                          startup_timeout, sandbox, writable, [engine.limits]";

/// Says what to write instead, for the mistakes a teacher makes first:
/// `[engine]` for `[[engine]]`, a key misspelt, no `command`, keys outside
/// any `[[engine]]`, both `engine` and `engines`; `None` for the others
/// (the parser's own message is told). `text` is the file, `line` the
/// text of the line the parser names.
fn explain(kind: &DeserializerError, text: &str, line: Option<&str>, json: bool) -> Option<String> {
    let header = if json {
        "an \"engine\" object"
    } else {
        "an [[engine]]"
    };
    Some(match kind {
        DeserializerError::InvalidType(serde_value::Unexpected::Map, expected)
            if expected.contains("sequence") && single_table(text, line, json) =>
        {
            if json {
                "\"engine\" is a single object, but it lists the entrants: write \
                 \"engine\": [ {…}, {…} ], one object per entrant"
                    .to_string()
            } else {
                format!(
                    "`{}` is a single table, but the file lists the entrants: write \
                     `[[engine]]` (two brackets) above each entrant's keys, one per entrant",
                    line.unwrap_or("[engine]")
                )
            }
        }
        DeserializerError::UnknownField(key, known) if known.contains(&"engine") => format!(
            "unknown key '{key}' outside any engine: each entrant's keys go under \
             its own {} header (the file holds only engines)",
            if json {
                "\"engine\": [ … ]"
            } else {
                "[[engine]]"
            }
        ),
        DeserializerError::UnknownField(key, known) => {
            // A slip of a letter or two, or a key cut short (`memory`).
            let lower = key.to_ascii_lowercase();
            let near = known
                .iter()
                .filter(|k| {
                    strsim::levenshtein(k, &lower) <= 2
                        || (lower.len() >= 3 && k.starts_with(&lower))
                })
                .min_by_key(|k| strsim::levenshtein(k, &lower));
            let hint = near.map_or(String::new(), |k| format!(" (did you mean '{k}'?)"));
            let list = if known.contains(&"command") && !json {
                ENTRY_KEYS.to_string()
            } else {
                known.join(", ")
            };
            format!("unknown key '{key}'{hint}; the keys here are {list}")
        }
        DeserializerError::MissingField("command") => format!(
            "{header} without `command`: every entrant needs the program to run, \
             e.g. command = \"python3 alice.py\" or command = \"builtin:greedy\""
        ),
        DeserializerError::MissingField("engine") if json => {
            "no engines: write {\"engine\": [ {\"name\": …, \"command\": …}, … ]}".to_string()
        }
        DeserializerError::MissingField("engine") => {
            "no engines: write `[[engine]]` and its `command = …` for each entrant".to_string()
        }
        DeserializerError::DuplicateField("engine") => {
            "both `engine` and `engines`: list every entrant under one of them".to_string()
        }
        _ => return None,
    })
}

/// True when the entrants were written as one table (`[engine]`) or one
/// JSON object: `line` is the line the parser names.
fn single_table(text: &str, line: Option<&str>, json: bool) -> bool {
    if json {
        return serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| {
            ["engine", "engines"]
                .iter()
                .any(|k| v.get(k).is_some_and(serde_json::Value::is_object))
        });
    }
    line.is_some_and(|l| {
        let inner: String = l.chars().filter(|c| !c.is_whitespace()).collect();
        inner == "[engine]" || inner == "[engines]"
    })
}

/// Refuses the numbers of a config entry out of their ranges (see
/// [`crate::limits`]).
fn check_entry(e: &EngineEntry, name: &str) -> Result<()> {
    let what = |field: &str| format!("engine '{name}': {field}");
    if let Some(ms) = e.movetime {
        limits::check(
            &what("movetime"),
            ms,
            1,
            limits::MAX_MOVE_MS,
            "milliseconds",
        )?;
    }
    if let Some(n) = e.nodes {
        limits::check(&what("nodes"), n, 1, limits::MAX_NODES, "nodes")?;
    }
    if let Some(d) = e.depth {
        limits::check(&what("depth"), d, 1, limits::MAX_DEPTH, "plies")?;
    }
    if let Some(ms) = e.startup_timeout {
        limits::check(
            &what("startup_timeout"),
            ms,
            1,
            limits::MAX_WAIT_MS,
            "milliseconds",
        )?;
    }
    let l = &e.limits;
    if let Some(mb) = l.memory_mb {
        limits::check(&what("limits.memory_mb"), mb, 16, 1 << 20, "MiB")?;
    }
    if let Some(s) = l.cpu_seconds {
        limits::check(&what("limits.cpu_seconds"), s, 1, 31_536_000, "seconds")?;
    }
    if let Some(n) = l.processes {
        limits::check(&what("limits.processes"), n, 1, 4_194_304, "processes")?;
    }
    Ok(())
}

fn entry_to_entrant(e: EngineEntry, base: &Path) -> Result<Entrant> {
    check_entry(&e, e.name.as_deref().unwrap_or(&e.command))?;
    let time = TimeOverride {
        movetime: e.movetime,
        nodes: e.nodes,
        depth: e.depth,
    };
    let name = e.name.clone().unwrap_or_else(|| e.command.clone());
    if let Some(rest) = strip_prefix_ci(&e.command, "builtin:") {
        return Ok(Entrant {
            name,
            kind: Kind::Builtin(BuiltinKind::parse(rest)?),
            time,
        });
    }
    let dir = e
        .dir
        .map(|d| if d.is_relative() { base.join(d) } else { d });
    let spec = ExternalSpec {
        shell: e.args.is_none(),
        program: e.command,
        args: e.args.unwrap_or_default(),
        dir,
        env: e.env.into_iter().collect(),
        options: e
            .options
            .into_iter()
            .map(|(k, v)| (k, v.to_string()))
            .collect(),
        limits: e.limits,
        startup_ms: e.startup_timeout,
        sandbox: EngineSandbox {
            mode: e.sandbox,
            writable: e.writable,
        },
        confine: None,
    };
    Ok(Entrant {
        name,
        kind: Kind::External(spec),
        time,
    })
}

/// Makes entrant names unique by suffixing `#2`, `#3`, … to repeats.
pub fn dedup_names(entrants: &mut [Entrant]) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for e in entrants.iter_mut() {
        let n = seen.entry(e.name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            e.name = format!("{}#{}", e.name, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entrant_from_the_command_line() {
        let e = Entrant::from_cli("builtin:tabula:depth=3").unwrap();
        assert!(matches!(
            e.kind,
            Kind::Builtin(BuiltinKind::Tabula { depth: Some(3), .. })
        ));
        assert!(Entrant::from_cli("builtin:chess").is_err());
    }

    #[test]
    fn builtins_parse_and_refuse() {
        assert_eq!(BuiltinKind::parse("random").unwrap(), BuiltinKind::Random);
        assert_eq!(BuiltinKind::parse("Greedy").unwrap(), BuiltinKind::Greedy);
        assert_eq!(
            BuiltinKind::parse("tabula:nodes=100,depth=2").unwrap(),
            BuiltinKind::Tabula {
                depth: Some(2),
                nodes: Some(100),
                movetime: None,
                material: false,
            }
        );
        let material = BuiltinKind::parse("tabula:depth=4:eval=material").unwrap();
        assert!(matches!(
            material,
            BuiltinKind::Tabula {
                depth: Some(4),
                material: true,
                ..
            }
        ));
        // Fingerprints of journals made before `eval` was a setting hold.
        assert_eq!(
            BuiltinKind::parse("tabula:depth=3").unwrap().describe(),
            "Tabula { depth: Some(3), nodes: None, movetime: None }"
        );
        assert_eq!(
            material.describe(),
            "Tabula { depth: Some(4), nodes: None, movetime: None, eval: material }"
        );
        for bad in [
            "tabula:depth=x",
            "tabula:speed=1",
            "tabula:eval=chess",
            "random:depth=1",
            "alpha",
        ] {
            assert!(BuiltinKind::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn toml_and_json_files() {
        let dir = std::env::temp_dir().join(format!("arbiter-cfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let toml_path = dir.join("e.toml");
        std::fs::write(
            &toml_path,
            r#"
[[engine]]
name = "alice"
command = "python3"
args = ["alice.py"]
env = { PYTHONUNBUFFERED = "1" }
options = { Hash = 16, Ponder = false }
movetime = 2000
sandbox = "on"
writable = true
[engine.limits]
memory_mb = 256

[[engine]]
command = "builtin:greedy"
"#,
        )
        .unwrap();
        let es = load_file(&toml_path).unwrap();
        assert_eq!(es.len(), 2);
        assert_eq!(es[0].name, "alice");
        assert_eq!(es[0].time.movetime, Some(2000));
        let Kind::External(spec) = &es[0].kind else {
            panic!("external expected")
        };
        assert!(!spec.shell);
        assert_eq!(
            spec.options,
            vec![
                ("Hash".into(), "16".into()),
                ("Ponder".into(), "false".into())
            ]
        );
        assert_eq!(spec.limits.memory_mb, Some(256));
        assert_eq!(
            spec.sandbox,
            EngineSandbox {
                mode: Some(Mode::On),
                writable: true
            }
        );
        assert_eq!(es[1].kind, Kind::Builtin(BuiltinKind::Greedy));

        let json_path = dir.join("e.json");
        std::fs::write(
            &json_path,
            r#"{"engine":[{"name":"b","command":"./b --fast"}]}"#,
        )
        .unwrap();
        let es = load_file(&json_path).unwrap();
        assert!(matches!(&es[0].kind, Kind::External(s) if s.shell));

        std::fs::write(&toml_path, "[[engine]]\ncommand = \"x\"\ncolour = 1\n").unwrap();
        let err = format!("{:#}", load_file(&toml_path).unwrap_err());
        assert!(err.contains("colour"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn mistakes_are_explained() {
        let toml = |text: &str| parse_file(text, false).unwrap_err();
        let e = toml("[engine]\ncommand = \"x\"\n");
        assert!(e.starts_with("line 1 (`[engine]`): "), "{e}");
        assert!(e.contains("write `[[engine]]`"), "{e}");
        // A table where a list of arguments belongs is not the same mistake.
        let e = toml("[[engine]]\ncommand = \"x\"\n[engine.args]\na = 1\n");
        assert!(!e.contains("[[engine]]` (two brackets)"), "{e}");
        let e = parse_file(
            r#"{"engine": [{"command": "x", "args": {"a": "b"}}]}"#,
            true,
        )
        .unwrap_err();
        assert!(!e.contains("single object"), "{e}");
        let e = toml("[[engine]]\ncommand = \"x\"\nmovetme = 5\n");
        assert!(e.contains("did you mean 'movetime'?"), "{e}");
        let e = toml("[[engine]]\ncommand = \"x\"\ncolour = 1\n");
        assert!(!e.contains("did you mean"), "{e}");
        assert!(e.contains("the keys here are name, command"), "{e}");
        // Two unknown keys: the first written is told, on its line.
        let e = toml("[[engine]]\ncommand = \"x\"\nzeta = 1\nalfa = 2\n");
        assert!(
            e.starts_with("line 3 (`zeta = 1`): unknown key 'zeta'"),
            "{e}"
        );
        let e = parse_file(
            "{\"engine\": [\n{\"command\": \"x\",\n \"zeta\": 1, \"alfa\": 2}]}",
            true,
        )
        .unwrap_err();
        assert!(e.contains("unknown key 'zeta'"), "{e}");
        assert_eq!(written_key("  \"bb\" = 2", false).as_deref(), Some("bb"));
        assert_eq!(written_key("[engine.limits]", false), None);
        assert_eq!(written_key(" {\"bb\" : 1}", true).as_deref(), Some("bb"));
        assert_eq!(key_line("a = 1\n  bb= 2\nbbb = 3", "bb", false), Some(2));
        assert_eq!(key_line("{\"x\": [\n {\"bb\" : 1}]}", "bb", true), Some(2));
        assert_eq!(key_line("bbb = 1", "bb", false), None);
    }

    #[test]
    fn program_lookup() {
        assert!(ExternalSpec::shell("sh -c true").check_program().is_ok());
        assert!(ExternalSpec::shell("FOO=1 sh").check_program().is_ok());
        assert!(ExternalSpec::shell("/no/such/engine --x")
            .check_program()
            .is_err());
        assert!(ExternalSpec::shell("no-such-engine-xyz")
            .check_program()
            .is_err());
    }
}
