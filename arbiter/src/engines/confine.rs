//! Which engines are confined, and how: `--sandbox` applied to the
//! entrants ([`SandboxArgs::apply`]), what the sandbox would not be able to
//! run found before the first game, and the view of an engine's files that
//! the check and every start share ([`view_of`]). The layers themselves are
//! in [`crate::engines::sandbox`].
//!
//! What each engine does not see of what its view shows: the folder of
//! every file the arbiter writes (masked whole, so that a file written
//! there later, or replaced by a rename, is never seen; made before the
//! first engine starts), the other engines' own places (a config's `dir`,
//! or the folders of the files an engine's command names), and the config
//! files. A file the arbiter writes directly in a folder an engine sees as
//! its own cannot be hidden that way: it is refused before anything is
//! written, with the fix.

use crate::engines::config::{self, Entrant, ExternalSpec, Kind, Problems};
use crate::engines::sandbox::{
    absolute, bwrap, environment, probe, Confinement, Mode, Probe, SandboxArgs,
};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl SandboxArgs {
    /// Sets the confinement of every external entrant. `protected` are the
    /// arbiter's files and folders (results, logs, records, summary, pages,
    /// analysis) that no engine may see, and other engines' folders: a
    /// folder is masked (unless it is the engine's own, or holds it), a
    /// file (or a path not made yet) has its folder masked. Returns the
    /// header line saying what is enforced (`None` when no engine is
    /// confined); an error when `on` cannot be enforced, or when a file
    /// the arbiter writes lies directly in a folder an engine sees whole.
    pub fn apply(&self, entrants: &mut [Entrant], protected: &[PathBuf]) -> Result<Option<String>> {
        self.apply_hiding(entrants, protected, &[])
    }

    /// [`SandboxArgs::apply`], with `inputs`: files the arbiter reads and
    /// never writes (config files), covered by `/dev/null` wherever an
    /// engine sees them.
    pub fn apply_hiding(
        &self,
        entrants: &mut [Entrant],
        protected: &[PathBuf],
        inputs: &[PathBuf],
    ) -> Result<Option<String>> {
        self.check_limits()?;
        let outputs: Vec<PathBuf> = protected.iter().map(|p| absolute(p)).collect();
        let covered: Vec<PathBuf> = inputs.iter().map(|p| absolute(p)).collect();
        let folders = masked_folders(&outputs);
        // Each engine's own places, hidden from the others.
        let places: Vec<Vec<PathBuf>> = entrants
            .iter()
            .map(|e| match &e.kind {
                Kind::External(s) => own_places(s),
                Kind::Builtin(_) => Vec::new(),
            })
            .collect();
        let mut header = None;
        let mut free = Vec::new();
        let mut writable = Vec::new();
        let mut notes = Vec::new();
        // Every entrant's problems, told at once (with the programs not
        // found, which the tournament's preflight would tell next).
        let mut problems = Problems::default();
        for (i, e) in entrants.iter_mut().enumerate() {
            let Kind::External(spec) = &mut e.kind else {
                continue;
            };
            let mine = &places[i];
            let hidden = hidden_from(i, &folders, &places);
            let mode = spec.sandbox.mode.unwrap_or(self.sandbox);
            if mode == Mode::Off {
                spec.confine = None;
                free.push(e.name.clone());
                continue;
            }
            if spec.dir.is_none() && std::env::current_dir().is_ok_and(|d| d == Path::new("/")) {
                problems.0.push(format!(
                    "engine '{}' would see the whole file system in the sandbox: an engine \
                     given on the command line sees the current folder, here /; run the \
                     arbiter from another folder or give the engine a `dir` in a config file",
                    e.name
                ));
                continue;
            }
            let found = probe();
            if mode == Mode::On {
                self.require_enforceable(&e.name, found)?;
            }
            let c = self.confinement(found, spec.sandbox.writable, hidden, covered.clone());
            let checked = preflight(&e.name, spec, &c)
                .and_then(|note| hide_outputs(&e.name, spec, &c, &outputs, mine).map(|()| note));
            match checked {
                Ok(Some(note)) => notes.push(note),
                Ok(None) => {}
                Err(why) => problems.add(&e.name, &why),
            }
            if c.writable {
                writable.push(e.name.clone());
            }
            header.get_or_insert_with(|| {
                let read_only = Confinement {
                    writable: false,
                    ..c.clone()
                };
                format!("sandbox {mode}: {}", read_only.describe())
            });
            spec.confine = Some(Arc::new(c));
        }
        if !problems.0.is_empty() {
            return refuse(problems, entrants).map(|()| None);
        }
        self.finish_header(header, &writable, &free, &notes)
    }

    /// Refuses limits no engine could run under.
    fn check_limits(&self) -> Result<()> {
        if self.sandbox_pids == 0 || self.sandbox_memory == 0 {
            bail!("--sandbox-pids and --sandbox-memory must be at least 1");
        }
        if let Some(c) = self.sandbox_cpus.filter(|c| !(0.01..=1024.0).contains(c)) {
            bail!("--sandbox-cpus must be between 0.01 and 1024 cores, found {c}");
        }
        Ok(())
    }

    /// With `--sandbox on`: an error naming every layer that `found` says
    /// cannot be enforced for engine `name`.
    fn require_enforceable(&self, name: &str, found: &Probe) -> Result<()> {
        let missing: Vec<String> = [
            found
                .bwrap
                .as_ref()
                .err()
                .map(|e| format!("bubblewrap: {e}")),
            found.cgroup.as_ref().err().map(|e| format!("cgroups: {e}")),
            found
                .cgroup
                .as_ref()
                .ok()
                .filter(|h| self.sandbox_cpus.is_some() && !h.limits_cpu())
                .map(|_| "--sandbox-cpus: no cgroup cpu controller".to_string()),
            found
                .seccomp
                .as_ref()
                .err()
                .map(|e| format!("seccomp: {e}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !missing.is_empty() {
            bail!(
                "--sandbox on cannot be enforced for engine '{name}': {}",
                missing.join("; ")
            );
        }
        Ok(())
    }

    /// The confinement of one engine: the layers `found`, these limits,
    /// and the paths it does not see.
    fn confinement(
        &self,
        found: &Probe,
        writable: bool,
        hidden: Vec<PathBuf>,
        covered: Vec<PathBuf>,
    ) -> Confinement {
        Confinement {
            bwrap: found.bwrap.clone().ok(),
            cgroup: found.cgroup.clone().ok(),
            memory_mb: self.sandbox_memory,
            pids: self.sandbox_pids,
            millicores: self.sandbox_cpus.map(|c| (c * 1000.0).round() as u64),
            freeze_idle: self.freeze_idle,
            run_as: found.run_as,
            writable,
            hidden,
            covered,
            seccomp: found.seccomp.is_ok(),
        }
    }

    /// The header line (`None` when no engine is confined), completed with
    /// the engines whose folder is writable, those not confined and the
    /// notes; an error when `--freeze-idle` would have nothing to stop.
    fn finish_header(
        &self,
        mut header: Option<String>,
        writable: &[String],
        free: &[String],
        notes: &[String],
    ) -> Result<Option<String>> {
        match &mut header {
            None if self.freeze_idle => {
                bail!("--freeze-idle stops sandboxed engines: add --sandbox on (or auto)")
            }
            Some(h) => {
                if !writable.is_empty() {
                    h.push_str(&format!("; own folder writable: {}", writable.join(", ")));
                }
                if !free.is_empty() {
                    h.push_str(&format!("; NOT confined: {}", free.join(", ")));
                }
                for n in notes {
                    h.push_str(&format!("\nsandbox note: {n}"));
                }
            }
            None => {}
        }
        Ok(header)
    }
}

/// The error of `problems`, with the programs of `entrants` not found
/// (which the tournament's preflight would tell next).
fn refuse(mut problems: Problems, entrants: &[Entrant]) -> Result<()> {
    for e in entrants {
        if let Kind::External(spec) = &e.kind {
            if let Err(why) = spec.check_program() {
                problems.add(&e.name, &why);
            }
        }
    }
    problems.into_result()
}

/// The folders masked for the arbiter's files: a folder itself, a file's
/// (or a path not made yet) parent.
fn masked_folders(outputs: &[PathBuf]) -> Vec<PathBuf> {
    outputs
        .iter()
        .map(|o| match o.parent() {
            Some(parent) if !o.is_dir() => parent.to_path_buf(),
            _ => o.clone(),
        })
        .collect()
}

/// What entrant `i` does not see: the masked `folders` and the other
/// entrants' `places`, never a place of its own nor one that holds one
/// (two engines of one program share its folder).
fn hidden_from(i: usize, folders: &[PathBuf], places: &[Vec<PathBuf>]) -> Vec<PathBuf> {
    let mine = &places[i];
    let not_mine = |h: &&PathBuf| !mine.iter().any(|p| p.starts_with(h));
    let mut hidden: Vec<PathBuf> = folders.iter().filter(not_mine).cloned().collect();
    for (j, theirs) in places.iter().enumerate() {
        if j != i {
            hidden.extend(theirs.iter().filter(not_mine).cloned());
        }
    }
    hidden
}

/// The places the engine of `spec` calls its own, hidden from the other
/// engines: its config's `dir`, else (an engine given on the command line,
/// whose folder is the current one) the folders of the files its command
/// names.
fn own_places(spec: &ExternalSpec) -> Vec<PathBuf> {
    if let Some(dir) = &spec.dir {
        return vec![absolute(dir)];
    }
    let Ok(cwd) = std::env::current_dir() else {
        return Vec::new();
    };
    let words: Vec<String> = spec
        .program
        .split_whitespace()
        .chain(spec.args.iter().map(String::as_str))
        .map(str::to_string)
        .collect();
    bwrap::places_named(&words, &cwd)
}

/// Before the engine of `spec` first starts: refuses a file the arbiter
/// writes (`outputs`) directly in a folder the engine sees whole (its own
/// folder, a script's folder, one of its `own` places, a system folder),
/// where it could read it; makes the folders of the others that lie in its
/// view, so that they are masked from the start (a file made later in a
/// masked folder is never seen).
fn hide_outputs(
    name: &str,
    spec: &ExternalSpec,
    c: &Confinement,
    outputs: &[PathBuf],
    own: &[PathBuf],
) -> Result<()> {
    if c.bwrap.is_none() {
        return Ok(()); // the whole file system is in view
    }
    let view = view_of(spec)?;
    for o in outputs.iter().filter(|o| !o.is_dir() && view.contains(o)) {
        let folder = o.parent().unwrap_or(o);
        let system = bwrap::SYSTEM.iter().any(|s| Path::new(s) == folder);
        let mine = own.iter().any(|p| p.starts_with(folder));
        if !(view.is_own(folder) || mine || system) {
            continue;
        }
        let whose = if folder == view.dir && spec.dir.is_none() {
            "the current folder, which an engine given on the command line sees as its own"
        } else if folder == view.dir {
            "the engine's own folder"
        } else if system {
            "a system folder every engine sees"
        } else {
            "a folder the engine's command names, which it sees whole"
        };
        bail!(
            "engine '{name}' would see {}, which the arbiter writes during the run: it lies in \
             {} ({whose}). Write it in another folder (a folder inside the engine's is hidden \
             from it), or run the arbiter from another folder",
            o.display(),
            folder.display()
        );
    }
    for h in c
        .hidden
        .iter()
        .filter(|h| view.contains(h) && !view.is_own(h) && !h.exists())
    {
        std::fs::create_dir_all(h).with_context(|| {
            format!(
                "cannot make the folder {} (hidden from engine '{name}')",
                h.display()
            )
        })?;
    }
    Ok(())
}

/// What the engine of `spec` sees besides the system: its folder (the
/// config's `dir`, else the current folder) and what its command line names
/// ([`bwrap::files_named`]). The same view is checked before the first game
/// and bound at every start.
pub(crate) fn view_of(spec: &ExternalSpec) -> std::io::Result<bwrap::View> {
    let dir = match &spec.dir {
        Some(d) => absolute(d),
        None => std::env::current_dir()?,
    };
    let words: Vec<String> = spec
        .program
        .split_whitespace()
        .chain(spec.args.iter().map(String::as_str))
        .map(str::to_string)
        .collect();
    Ok(bwrap::View::new(&dir, &bwrap::files_named(&words)))
}

/// What the sandbox will not be able to run, found before the first game:
/// a folder or file that `nobody` cannot read (run as root), a program in a
/// place the engine's view does not show. An error names the path and the
/// fix; a note says what runs instead of a program it cannot show.
fn preflight(name: &str, spec: &ExternalSpec, c: &Confinement) -> Result<Option<String>> {
    let view = view_of(spec)?;
    if let Some((uid, _)) = c.run_as {
        readable_by_nobody(name, &view, c, uid)?;
    }
    if c.bwrap.is_none() {
        return Ok(None); // the whole file system is in view
    }
    program_in_view(name, spec, c, &view)
}

/// Run as root, the engine runs as `nobody` (user `uid`): an error when
/// nobody cannot reach and read the engine's folder (and write it, when
/// `writable`), or read a file its command names.
fn readable_by_nobody(name: &str, view: &bwrap::View, c: &Confinement, uid: u32) -> Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = view.dir.clone();
    // nobody's rights: as the owner when it owns it, else as "other".
    let denied = |p: &Path, need: u32| {
        p.metadata().is_ok_and(|m| {
            let mode = m.permissions().mode();
            let bits = if m.uid() == uid {
                (mode >> 6) & 7
            } else {
                mode & 7
            };
            bits & need != need
        })
    };
    // Without bubblewrap nothing is bound as root: nobody walks the
    // whole path to the folder itself.
    let blocked = c.bwrap.is_none().then(|| {
        dir.ancestors()
            .skip(1)
            .find(|a| denied(a, 0o1))
            .map(Path::to_path_buf)
    });
    if let Some(Some(a)) = blocked {
        bail!(
            "engine '{name}': the engine runs as the user nobody (the arbiter is root, and \
             there is no bubblewrap to show it its folder), who cannot cross {} on the way \
             to {}: `chmod o+x` every folder on that path, move the engine, or install \
             bubblewrap",
            a.display(),
            dir.display()
        );
    }
    if denied(&dir, 0o5) {
        bail!(
            "engine '{name}': the sandbox runs it as the user nobody (the arbiter is root), who cannot read its folder {} (mode {:o}): make it readable, e.g. `chmod -R o+rX {}`, or run the arbiter as another user",
            dir.display(),
            dir.metadata().map(|m| m.permissions().mode() & 0o7777).unwrap_or(0),
            dir.display()
        );
    }
    if c.writable && denied(&dir, 0o2) {
        bail!(
            "engine '{name}': `writable = true`, but the sandbox's user nobody cannot write in its folder {}: `chown -R nobody {}` (or chmod o+w)",
            dir.display(),
            dir.display()
        );
    }
    for f in &view.files {
        if denied(f, if f.is_dir() { 0o5 } else { 0o4 }) {
            bail!(
                "engine '{name}': the sandbox's user nobody cannot read {}: `chmod o+r {}`",
                f.display(),
                f.display()
            );
        }
    }
    Ok(())
}

/// Bubblewrap shows the engine only its view: an error when the program
/// its command runs by name is found outside it, and nothing of that name
/// is inside; a note when something else of that name runs instead.
fn program_in_view(
    name: &str,
    spec: &ExternalSpec,
    c: &Confinement,
    view: &bwrap::View,
) -> Result<Option<String>> {
    let dir = view.dir.clone();
    let Some(word) = config::first_shell_word(&spec.program) else {
        return Ok(None);
    };
    let word = if spec.shell {
        word
    } else {
        spec.program.clone()
    };
    if word.contains('/') {
        return Ok(None); // a path: in the view, or bound (files_named)
    }
    let Some(found) = config::find_program(&word, spec.dir.as_deref()) else {
        return Ok(None); // a built-in word, or refused by check_program
    };
    if !found.is_absolute() || view.shows(&found) {
        return Ok(None);
    }
    let inside = environment(c, &dir)
        .into_iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, p)| p)
        .unwrap_or_default();
    let instead = std::env::split_paths(&inside)
        .map(|d| d.join(&word))
        .find(|p| p.is_file());
    let place = found.parent().unwrap_or(&found).display().to_string();
    match instead {
        Some(other) => Ok(Some(format!(
            "engine '{name}': `{word}` is {} here, in {place}, which the sandbox does not show; in the sandbox it runs {} (give the full path of the program you mean)",
            found.display(),
            other.display()
        ))),
        None => bail!(
            "engine '{name}': its program `{word}` is {}, in {place}, which the sandbox does not show (it shows only the system folders, the engine's folder {} and files named by absolute path; /tmp is its own): install the program in a system folder, put it in the engine's folder, or name a standalone program by its absolute path",
            found.display(),
            dir.display()
        ),
    }
}
