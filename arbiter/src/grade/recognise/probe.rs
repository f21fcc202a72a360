//! The one SBCL of a submission's experiment: the kit's
//! `adapters/lisp/probe.lisp`, run in the sandbox exactly as the
//! submission's engine will be (its folder, its limits, every other
//! submission hidden), which loads the project once and answers requests
//! one line at a time (the protocol is in probe.lisp's opening comment).
//! Every wait has a deadline; a probe that stops answering is killed.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::engines::config::{Entrant, ExternalSpec, Kind};
use crate::engines::process::{Event, Proc, Stream};
use crate::engines::sandbox::SandboxArgs;
use crate::signals;

/// Where and how a submission's experiment runs: the season's sandbox, the
/// files no submission may see, the kit, the championship's move time and
/// the time budget of one submission's recognition.
#[derive(Clone, Debug)]
pub(crate) struct Lab {
    pub(crate) sandbox: SandboxArgs,
    pub(crate) protected: Vec<PathBuf>,
    pub(crate) kit: PathBuf,
    /// The championship's move time (ms).
    pub(crate) movetime: u64,
    /// A submission's whole recognition, its static reading included.
    pub(crate) budget: Duration,
}

/// The load notes kept (a project may neutralise a form per line).
const MAX_LOAD_NOTES: usize = 200;

/// The probe's file: beside the description, in the season's folder.
pub(super) const PROBE_FILE: &str = "probe.tabula";

/// A running probe.
pub(super) struct Probe {
    proc: Proc,
    /// The project's loading, as the probe timed it (ms).
    pub(super) load_ms: u64,
    /// The kit's lines on standard error (what it neutralised, the
    /// project's own output), the last ones.
    pub(super) stderr: Vec<String>,
    /// What the kit neutralised loading the project (its `tabula: load:`
    /// lines, the prefix cut), the first ones: kept whatever the project
    /// prints after them.
    pub(super) load_notes: Vec<String>,
    next_id: u64,
}

/// What one request got.
pub(super) enum Reply {
    /// The answer's lines, `done` left out.
    Lines(Vec<String>),
    /// The probe died or stopped answering (why).
    Gone(String),
}

impl Probe {
    /// Starts the probe on `desc_dir/probe.tabula` and waits for the
    /// project to load (until `deadline`): the probe, or why it could not.
    pub(super) fn start(lab: &Lab, desc_dir: &Path, deadline: Instant) -> Result<Probe, String> {
        let mut spec = ExternalSpec::shell("sbcl");
        spec.shell = false;
        spec.args = vec![
            "--script".into(),
            lab.kit.join("probe.lisp").display().to_string(),
            absolute(&desc_dir.join(PROBE_FILE)).display().to_string(),
        ];
        spec.dir = Some(absolute(desc_dir));
        let mut entrant = Entrant {
            name: "recognition".into(),
            kind: Kind::External(spec),
            time: Default::default(),
        };
        lab.sandbox
            .apply(std::slice::from_mut(&mut entrant), &lab.protected)
            .map_err(|e| format!("the sandbox cannot run the probe: {e:#}"))?;
        let Kind::External(spec) = &entrant.kind else {
            return Err("no command".into());
        };
        let proc = Proc::spawn(spec).map_err(|e| format!("cannot start sbcl: {e}"))?;
        let mut probe = Probe {
            proc,
            load_ms: 0,
            stderr: Vec::new(),
            load_notes: Vec::new(),
            next_id: 1,
        };
        match probe.read_until(deadline, |l| {
            l.starts_with("ready ") || l.starts_with("failed ")
        }) {
            Ok(lines) => {
                let last = lines.last().cloned().unwrap_or_default();
                if let Some(ms) = last.strip_prefix("ready ") {
                    probe.load_ms = ms.trim().parse().unwrap_or(0);
                    Ok(probe)
                } else {
                    Err(last.trim_start_matches("failed ").to_string())
                }
            }
            Err(why) => Err(why),
        }
    }

    /// Lines of standard output until one that `end` accepts (included),
    /// or why none came by `deadline`.
    fn read_until(
        &mut self,
        deadline: Instant,
        end: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            if signals::interrupted() {
                return Err("interrupted".into());
            }
            let now = Instant::now();
            if now >= deadline {
                return Err("no answer in time".into());
            }
            let wait = (deadline - now).min(Duration::from_millis(100));
            match self.proc.events.recv_timeout(wait) {
                Ok(Event::Line(Stream::Out, _, line)) => {
                    let done = end(&line);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Ok(Event::Line(Stream::Err, _, line)) => {
                    if let Some(note) = line.strip_prefix("tabula: load: ") {
                        if self.load_notes.len() < MAX_LOAD_NOTES {
                            self.load_notes.push(note.to_string());
                        }
                    }
                    if self.stderr.len() >= 200 {
                        self.stderr.remove(0);
                    }
                    self.stderr.push(line);
                }
                Ok(Event::Eof(Stream::Out)) => {
                    let status = self.proc.wait_exit(Duration::from_millis(500));
                    let last = self.stderr.last().cloned().unwrap_or_default();
                    return Err(format!(
                        "the probe ended ({}){}",
                        crate::engines::process::describe_status(status),
                        if last.is_empty() {
                            String::new()
                        } else {
                            format!(": {last}")
                        }
                    ));
                }
                Ok(Event::Eof(Stream::Err)) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err("the probe's output closed".into())
                }
            }
        }
    }

    /// Sends one request (a plist without its `:id`), waits up to `wait`
    /// for its answer.
    pub(super) fn ask(&mut self, request: &str, wait: Duration) -> Reply {
        let id = self.next_id;
        self.next_id += 1;
        let line = match request.strip_prefix('(') {
            Some(rest) => {
                let (head, tail) = rest.split_once(' ').unwrap_or((rest, ""));
                format!("({head} :id {id} {tail}")
            }
            None => request.to_string(),
        };
        if let Err(e) = self.proc.send(&line) {
            return Reply::Gone(format!("cannot write to the probe: {e}"));
        }
        let done = format!("done {id}");
        match self.read_until(Instant::now() + wait, |l| l == done) {
            Ok(mut lines) => {
                lines.pop();
                Reply::Lines(lines)
            }
            Err(why) => {
                self.proc.kill();
                Reply::Gone(why)
            }
        }
    }

    /// Ends the probe.
    pub(super) fn stop(mut self) {
        let _ = self.proc.send("(:quit)");
        if self.proc.wait_exit(Duration::from_millis(300)).is_none() {
            self.proc.kill();
        }
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}
