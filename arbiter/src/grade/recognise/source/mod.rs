//! A Lisp project's files as the recognition reads them: the forms of the
//! `lisp` room's reader, one top-level form at a time
//! ([`crate::lisp::Forms`]), walked once per file (`walk.rs`) for what the
//! kit will meet when it loads it and what the entry's candidates are made
//! of: definitions (with their lambda lists, defaults, the values their
//! parameters are compared with, the list a constructor builds), calls
//! (with their argument counts), globals defined, read and set, packages,
//! `load` / `compile-file` of other files, top-level forms that run at load
//! time, the clock's reads.
//!
//! **Bounded.** A file costs its text and one top-level form at a time; the
//! names recorded are capped ([`MAX_ENTRIES`], far above any real project:
//! a file past it is a generated one, and says so); the walk stops at the
//! recognition's deadline.

mod walk;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

pub(crate) use crate::lisp::{decode, print, quote, read_forms, Form};

/// Names recorded per file (calls, symbols, words, each definition's
/// calls and globals, all together): a real project has a few thousand.
pub(super) const MAX_ENTRIES: usize = 400_000;
/// Definitions recorded per file.
pub(super) const MAX_DEFS: usize = 20_000;

/// A function (or macro) the project defines.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Def {
    pub(crate) name: String,
    pub(crate) line: u32,
    /// The package it was defined in (`cl-user` before any `in-package`).
    pub(crate) package: String,
    /// The required and optional parameters' names.
    pub(crate) params: Vec<String>,
    /// Each optional parameter's default as written (`None`: none given,
    /// or a required parameter).
    pub(crate) defaults: Vec<Option<String>>,
    pub(crate) required: usize,
    pub(crate) optional: usize,
    /// `&rest`, `&body` or `&key`: any count above the required.
    pub(crate) rest: bool,
    /// Names it calls (or takes as `#'f`).
    pub(crate) calls: BTreeSet<String>,
    /// Globals (`*x*`) it reads or sets.
    pub(crate) globals: BTreeSet<String>,
    /// Globals it sets (`setf`, `setq`, `incf`, …).
    pub(crate) sets: BTreeSet<String>,
    /// Globals it sets to a value written as is (`(setq *pontos1* 0)`):
    /// (global, value).
    pub(crate) assigns: Vec<(String, String)>,
    /// It reads the standard input (`read`, `read-line`, …): a menu.
    pub(crate) reads_input: bool,
    /// It prints (`format t`, `print`, `princ`, …).
    pub(crate) prints: bool,
    /// `case` keys on a parameter: (parameter, keys).
    pub(crate) cases: Vec<(String, Vec<String>)>,
    /// Values a parameter is compared with (`(= jogador -1)`,
    /// `(eq simbolo 'x)`): (parameter, the value as written).
    pub(crate) compared: Vec<(String, String)>,
    /// The list its body ends by building (`(list tabuleiro pai 0)`):
    /// the shape a constructor gives.
    pub(crate) builds: Option<Form>,
    /// Top-level forms of its body (0: empty, an unfinished function).
    pub(crate) body_forms: usize,
    /// An accessor: its body takes element k of its one parameter
    /// (`(defun no-tabuleiro (no) (first no))`: 0).
    pub(crate) accessor: Option<usize>,
}

impl Def {
    /// Does a call with `n` arguments fit its lambda list?
    pub(crate) fn takes(&self, n: usize) -> bool {
        n >= self.required && (self.rest || n <= self.required + self.optional)
    }

    /// Does it call itself?
    pub(crate) fn recursive(&self) -> bool {
        self.calls.contains(&self.name)
    }
}

/// The first call of a name that is not a local function.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Call {
    /// The line of its first call.
    pub(crate) line: u32,
    /// The argument counts it is called with (`#'f` adds none).
    pub(crate) args: BTreeSet<usize>,
}

/// One global defined by `defvar`, `defparameter` or `defconstant`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Global {
    pub(crate) name: String,
    pub(crate) line: u32,
    /// `(defvar *x*)`: no value until something sets it.
    pub(crate) unbound: bool,
}

/// A `load` or `compile-file` of a file.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Load {
    /// As written (`"C:\\…\\jogo.LISP"`).
    pub(crate) written: String,
    /// Its file name without folders and type, lower case (`jogo`).
    pub(crate) stem: String,
    pub(crate) line: u32,
    /// In the body of this function (else at the top level).
    pub(crate) within: Option<String>,
}

/// The units a form that reads the clock shows (the kit's rule,
/// `note-clock-use` in project.lisp).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Unit {
    /// It converts: `internal-time-units-per-second`, or 1000 beside
    /// `get-universal-time`.
    Ms,
    /// A raw `get-internal-real-time` / `get-internal-run-time` difference.
    Internal,
    /// A raw `get-universal-time` difference (whole seconds).
    Seconds,
    /// Both kinds, in different units.
    Mixed,
}

/// A top-level form that reads the clock.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ClockUse {
    /// The defined name, or `a top-level form`.
    pub(crate) name: String,
    pub(crate) run_time: bool,
    pub(crate) unit: Unit,
}

/// What one file holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FileFacts {
    pub(crate) defs: Vec<Def>,
    /// `flet` / `labels` / `macrolet` names (file-wide: a call of one is
    /// never "defined nowhere").
    pub(crate) locals: BTreeSet<String>,
    /// Every name called that is not a local function.
    pub(crate) calls: BTreeMap<String, Call>,
    pub(crate) globals: Vec<Global>,
    /// Packages defined (`defpackage`, `make-package`) and entered
    /// (`in-package`).
    pub(crate) packages: BTreeSet<String>,
    pub(crate) in_packages: BTreeSet<String>,
    /// Names written `pkg::name` or `pkg:name` (not of the implementation):
    /// the packages.
    pub(crate) qualifiers: BTreeSet<String>,
    pub(crate) loads: Vec<Load>,
    /// Calls made at load time (top-level forms that are calls).
    pub(crate) top_calls: Vec<(String, u32)>,
    /// Names used by top-level forms outside definitions.
    pub(crate) top_refs: BTreeSet<String>,
    /// Globals given a value at load time (`defvar` with a value,
    /// `defparameter`, a top-level `setf`).
    pub(crate) valued: BTreeSet<String>,
    /// Every symbol's hyphen-separated words (for another game's names).
    pub(crate) words: BTreeSet<String>,
    /// Every symbol named, whole (`peca-c-1`).
    pub(crate) symbols: BTreeSet<String>,
    pub(crate) clock: Vec<ClockUse>,
    pub(crate) converts_anywhere: bool,
    /// Lines of top-level forms too large to read.
    pub(crate) skipped: Vec<u32>,
    /// More names than [`MAX_ENTRIES`]: the rest was not recorded.
    pub(crate) capped: bool,
    /// The deadline came before the end of the file.
    pub(crate) unfinished: bool,
}

/// Reads one file's facts, stopping at `deadline`.
pub(crate) fn analyse(text: &str, deadline: Instant) -> FileFacts {
    walk::analyse(text, deadline)
}

/// The file name of a path written any way (`C:\…\jogo.LISP`,
/// `"C:IA;JOGO.LISP"`): (stem, type), lower case.
pub(crate) fn path_words(written: &str) -> (String, String) {
    let text = written.replace('\\', "/");
    let file = text.rsplit(['/', ':', ';']).next().unwrap_or("");
    match file.rfind('.') {
        Some(dot) if dot > 0 => (file[..dot].to_lowercase(), file[dot + 1..].to_lowercase()),
        _ => (file.to_lowercase(), String::new()),
    }
}

/// Packages of the implementation and of LispWorks: a call through one of
/// them is the kit's business (stubbed or real), never an alias.
pub(crate) fn foreign(package: &str) -> bool {
    matches!(
        package,
        "cl" | "common-lisp"
            | "cl-user"
            | "common-lisp-user"
            | "keyword"
            | "hcl"
            | "lw"
            | "lispworks"
            | "capi"
            | "mp"
            | "sys"
            | "system"
            | "dspec"
            | "editor"
            | "ext"
            | "uiop"
            | "asdf"
            | "ql"
    ) || package.starts_with("sb-")
}

/// The name of a symbol without its package, or `None` for a keyword, a
/// number, or a symbol of a foreign package.
pub(crate) fn own_name(atom: &str) -> Option<String> {
    if atom.starts_with(':') || atom.starts_with('#') || is_number(atom) {
        return None;
    }
    match atom.split_once(':') {
        Some((pkg, name)) => {
            let name = name.trim_start_matches(':');
            if foreign(pkg) && pkg != "cl-user" && pkg != "common-lisp-user" {
                None
            } else {
                Some(name.to_string())
            }
        }
        None => Some(atom.to_string()),
    }
}

pub(crate) fn is_number(a: &str) -> bool {
    let body = a.strip_prefix(['+', '-']).unwrap_or(a);
    body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && body.bytes().any(|b| b.is_ascii_digit())
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'/' || b == b'+' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn read(text: &str) -> FileFacts {
        analyse(text, Instant::now() + Duration::from_secs(60))
    }

    #[test]
    fn bindings_are_not_calls_and_loads_are_found() {
        let facts = read(
            "(in-package :p1)\n(load \"C:\\\\IA\\\\jogo.LISP\")\n\
             (defun f (a &optional (b 4) &key c)\n  (let ((x (g a))) (loop for (dl dc) in *s* collect (h dl)))\n  \
             (flet ((k (y) y)) (k 1))\n  (case a (:x 1) (:o 2))\n  (when (= a -1) (setf *best* 3)) '(not-a-call 1))\n\
             #-sbcl (lispworks-only)\n(menu)",
        );
        let calls: BTreeSet<&str> = facts.calls.keys().map(String::as_str).collect();
        for name in ["g", "h", "k", "menu"] {
            assert!(calls.contains(name), "{calls:?}");
        }
        for name in ["not-a-call", "dl", "x", "lispworks-only", "c"] {
            assert!(!calls.contains(name), "{calls:?}");
        }
        let f = &facts.defs[0];
        assert_eq!((f.required, f.optional, f.rest), (1, 1, true));
        assert_eq!(f.defaults, [None, Some("4".to_string())]);
        assert_eq!(f.package, "p1");
        assert!(f.sets.contains("*best*") && f.globals.contains("*s*"));
        assert_eq!(
            f.cases,
            [("a".to_string(), vec![":x".to_string(), ":o".to_string()])]
        );
        assert_eq!(f.compared, [("a".to_string(), "-1".to_string())]);
        assert_eq!(facts.loads[0].stem, "jogo");
        assert_eq!(facts.top_calls, [("menu".to_string(), 9)]);
        assert!(facts.locals.contains("k"));
    }

    #[test]
    fn a_constructor_and_the_clock_units() {
        let facts = read(
            "(defun cria-no (tab &optional (prof 0) pai) (list tab prof pai 0 0))\n\
             (defun f (tempo) (let ((t0 (get-universal-time))) (> (- (get-universal-time) t0) tempo)))\n\
             (defun g (tempo) (> (- (get-universal-time) 0) (/ tempo 1000)))\n\
             (defun h () (get-internal-real-time))",
        );
        assert_eq!(
            facts.defs[0].builds.as_ref().map(print).as_deref(),
            Some("(list tab prof pai 0 0)")
        );
        let units: Vec<Unit> = facts.clock.iter().map(|c| c.unit).collect();
        assert_eq!(units, [Unit::Seconds, Unit::Ms, Unit::Internal]);
    }

    #[test]
    fn many_names_are_capped_and_the_deadline_stops_the_walk() {
        let text: String = (0..MAX_ENTRIES + 10).map(|i| format!("(f{i})")).collect();
        let facts = read(&text);
        assert!(facts.capped);
        assert!(facts.calls.len() <= MAX_ENTRIES);
        let facts = analyse(&text, Instant::now());
        assert!(facts.unfinished);
    }
}
