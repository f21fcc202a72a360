//! A Lisp project's files as the recognition reads them: forms from the
//! similarity room's reader ([`crate::similarity::source::lisp::read`]),
//! then one walk per file that notes what the kit will meet when it loads
//! it: definitions (with their lambda lists), calls (with their argument
//! counts), globals defined, read and set, packages, `load` /
//! `compile-file` of other files, top-level forms that run at load time,
//! the clock's reads.
//!
//! The walk knows the binding forms (`let`, `flet`, `do`, `loop`'s
//! destructuring, `case` keys, …) so that a binding is not taken for a
//! call; quoted data is not code. `#+` / `#-` are read as SBCL reads them.

use std::collections::BTreeSet;

use crate::similarity::source::lisp::{read, Raw};

/// A datum as read.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Form {
    List(Vec<Form>, u32),
    /// A symbol or a number, lower case as the reader folds it.
    Atom(String, u32),
    Str(String, u32),
    /// `'x`, `` `x ``.
    Quoted(Box<Form>),
    /// `#'x`.
    Function(Box<Form>),
    /// A character, a vector, `#.`, an escaped symbol.
    Other,
}

impl Form {
    pub(super) fn line(&self) -> u32 {
        match self {
            Form::List(_, l) | Form::Atom(_, l) | Form::Str(_, l) => *l,
            Form::Quoted(f) | Form::Function(f) => f.line(),
            Form::Other => 0,
        }
    }

    pub(super) fn atom(&self) -> Option<&str> {
        match self {
            Form::Atom(a, _) => Some(a),
            _ => None,
        }
    }

    pub(super) fn list(&self) -> Option<&[Form]> {
        match self {
            Form::List(items, _) => Some(items),
            Form::Atom(a, _) if a == "nil" => Some(&[]),
            _ => None,
        }
    }
}

/// Lisp text as the kit writes a description's values.
pub(super) fn print(form: &Form) -> String {
    match form {
        Form::List(items, _) => {
            let inner: Vec<String> = items.iter().map(print).collect();
            format!("({})", inner.join(" "))
        }
        Form::Atom(a, _) => a.clone(),
        Form::Str(s, _) => quote(s),
        Form::Quoted(f) => format!("'{}", print(f)),
        Form::Function(f) => format!("#'{}", print(f)),
        Form::Other => "?".into(),
    }
}

/// A Lisp string literal.
pub(super) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The text of a source file as the kit reads it: UTF-8 when it decodes,
/// else Latin-1.
pub(super) fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// The forms of a text (a stray `)` is skipped, an unclosed list ends at
/// the end of the text).
pub(super) fn read_forms(text: &str) -> Vec<Form> {
    let raw = read(text);
    let mut i = 0;
    let mut out = Vec::new();
    while i < raw.len() {
        if raw[i].1 == Raw::Close {
            i += 1;
            continue;
        }
        if let Some(form) = datum(&raw, &mut i) {
            out.push(form);
        }
    }
    out
}

/// The features SBCL on Linux has that a course project may test.
const FEATURES: &[&str] = &[
    "sbcl",
    "common-lisp",
    "ansi-cl",
    "x86-64",
    "unix",
    "linux",
    "64-bit",
    "little-endian",
    "sb-thread",
    "sb-unicode",
    "ieee-floating-point",
];

fn feature(expr: &Form) -> bool {
    match expr {
        Form::Atom(a, _) => FEATURES.contains(&a.trim_start_matches(':')),
        Form::List(items, _) => {
            let rest = items.get(1..).unwrap_or(&[]);
            match items
                .first()
                .and_then(Form::atom)
                .map(|a| a.trim_start_matches(':'))
            {
                Some("and") => rest.iter().all(feature),
                Some("or") => rest.iter().any(feature),
                Some("not") => !rest.iter().any(feature),
                _ => false,
            }
        }
        _ => false,
    }
}

/// The datum at `i` (advanced past it); `None` for one SBCL would not read
/// (`#-sbcl …`) or at the end.
fn datum(raw: &[(u32, Raw)], i: &mut usize) -> Option<Form> {
    datum_at(raw, i, 0)
}

/// Lists nested deeper than this are read as [`Form::Other`] without
/// looking inside: a file of 200,000 `(` cannot exhaust the stack.
const MAX_DEPTH: usize = 256;

/// [`datum`] at nesting `depth`.
fn datum_at(raw: &[(u32, Raw)], i: &mut usize, depth: usize) -> Option<Form> {
    if depth >= MAX_DEPTH {
        skip_datum(raw, i);
        return Some(Form::Other);
    }
    let datum = |raw: &[(u32, Raw)], i: &mut usize| datum_at(raw, i, depth + 1);
    let (line, token) = raw.get(*i)?;
    let line = *line;
    *i += 1;
    match token {
        Raw::Open => {
            let mut items = Vec::new();
            while *i < raw.len() && raw[*i].1 != Raw::Close {
                if let Some(f) = datum(raw, i) {
                    items.push(f);
                }
            }
            *i += 1;
            Some(Form::List(items, line))
        }
        Raw::Close => None,
        Raw::Prefix(p) => match *p {
            "'" | "`" => datum(raw, i).map(|f| Form::Quoted(Box::new(f))),
            "," | ",@" => datum(raw, i),
            "#'" => datum(raw, i).map(|f| Form::Function(Box::new(f))),
            "#(" => {
                datum(raw, i);
                Some(Form::Other)
            }
            "#+" | "#-" => {
                let expr = datum(raw, i)?;
                let keep = feature(&expr) == (*p == "#+");
                let guarded = datum(raw, i);
                if keep {
                    guarded
                } else {
                    None
                }
            }
            _ => {
                datum(raw, i);
                Some(Form::Other)
            }
        },
        Raw::Str(s) => Some(Form::Str(s.clone(), line)),
        Raw::Atom(a) => Some(Form::Atom(a.to_lowercase(), line)),
        Raw::Char | Raw::Escaped => Some(Form::Other),
    }
}

/// Steps over the datum at `i` without reading it (no recursion).
fn skip_datum(raw: &[(u32, Raw)], i: &mut usize) {
    let mut open = 0usize;
    while let Some((_, token)) = raw.get(*i) {
        *i += 1;
        match token {
            Raw::Open => open += 1,
            Raw::Close if open == 0 => return,
            Raw::Close => open -= 1,
            // Its datum follows.
            Raw::Prefix(_) => continue,
            _ => {}
        }
        if open == 0 {
            return;
        }
    }
}

/// A function (or macro) the project defines.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Def {
    pub(super) name: String,
    pub(super) line: u32,
    /// The package it was defined in (`cl-user` before any `in-package`).
    pub(super) package: String,
    /// The required and optional parameters' names.
    pub(super) params: Vec<String>,
    pub(super) required: usize,
    pub(super) optional: usize,
    /// `&rest`, `&body` or `&key`: any count above the required.
    pub(super) rest: bool,
    /// Names it calls (or takes as `#'f`).
    pub(super) calls: BTreeSet<String>,
    /// Globals (`*x*`) it reads or sets.
    pub(super) globals: BTreeSet<String>,
    /// Globals it sets (`setf`, `setq`, `incf`, …).
    pub(super) sets: BTreeSet<String>,
    /// It reads the standard input (`read`, `read-line`, …): a menu.
    pub(super) reads_input: bool,
    /// `case` keys on a parameter: (parameter, keys).
    pub(super) cases: Vec<(String, Vec<String>)>,
}

impl Def {
    /// Does a call with `n` arguments fit its lambda list?
    pub(super) fn takes(&self, n: usize) -> bool {
        n >= self.required && (self.rest || n <= self.required + self.optional)
    }
}

/// A call of a name that is not a local function.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Call {
    pub(super) name: String,
    pub(super) line: u32,
    /// Its arguments (`None`: `#'f`).
    pub(super) args: Option<usize>,
}

/// One global defined by `defvar`, `defparameter` or `defconstant`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Global {
    pub(super) name: String,
    pub(super) line: u32,
    /// `(defvar *x*)`: no value until something sets it.
    pub(super) unbound: bool,
}

/// A `load` or `compile-file` of a file.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Load {
    /// As written (`"C:\\…\\jogo.LISP"`).
    pub(super) written: String,
    /// Its file name without folders and type, lower case (`jogo`).
    pub(super) stem: String,
    pub(super) line: u32,
    /// In the body of this function (else at the top level).
    pub(super) within: Option<String>,
}

/// A top-level form that reads the clock.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ClockUse {
    /// The defined name, or `a top-level form`.
    pub(super) name: String,
    pub(super) run_time: bool,
    pub(super) converts: bool,
}

/// What one file holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct FileFacts {
    pub(super) defs: Vec<Def>,
    /// `flet` / `labels` / `macrolet` names (file-wide: a call of one is
    /// never "defined nowhere").
    pub(super) locals: BTreeSet<String>,
    pub(super) calls: Vec<Call>,
    pub(super) globals: Vec<Global>,
    /// Packages defined (`defpackage`, `make-package`) and entered
    /// (`in-package`).
    pub(super) packages: BTreeSet<String>,
    pub(super) in_packages: BTreeSet<String>,
    pub(super) loads: Vec<Load>,
    /// Calls made at load time (top-level forms that are calls).
    pub(super) top_calls: Vec<(String, u32)>,
    /// Names used by top-level forms outside definitions.
    pub(super) top_refs: BTreeSet<String>,
    /// Every symbol's hyphen-separated words (for another game's names).
    pub(super) words: BTreeSet<String>,
    /// Every symbol named, whole (`peca-c-1`).
    pub(super) symbols: BTreeSet<String>,
    pub(super) clock: Vec<ClockUse>,
    pub(super) converts_anywhere: bool,
}

/// Packages of the implementation and of LispWorks: a call through one of
/// them is the kit's business (stubbed or real), never an alias.
fn foreign(package: &str) -> bool {
    matches!(
        package,
        "cl" | "common-lisp"
            | "cl-user"
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
pub(super) fn own_name(atom: &str) -> Option<String> {
    if atom.starts_with(':') || atom.starts_with('#') || is_number(atom) {
        return None;
    }
    match atom.split_once(':') {
        Some((pkg, name)) => {
            let name = name.trim_start_matches(':');
            if foreign(pkg) && pkg != "cl-user" {
                None
            } else {
                Some(name.to_string())
            }
        }
        None => Some(atom.to_string()),
    }
}

fn is_number(a: &str) -> bool {
    let body = a.strip_prefix(['+', '-']).unwrap_or(a);
    body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && body.bytes().any(|b| b.is_ascii_digit())
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'/' || b == b'+' || b == b'-')
}

fn package_name(form: &Form) -> Option<String> {
    match form {
        Form::Atom(a, _) => Some(
            a.trim_start_matches('#')
                .trim_start_matches(':')
                .to_string(),
        ),
        Form::Str(s, _) => Some(s.to_lowercase()),
        Form::Quoted(f) => package_name(f),
        _ => None,
    }
}

/// The file name of a path written any way (`C:\…\jogo.LISP`,
/// `"C:IA;JOGO.LISP"`): (stem, type), lower case.
pub(super) fn path_words(written: &str) -> (String, String) {
    let text = written.replace('\\', "/");
    let file = text.rsplit(['/', ':', ';']).next().unwrap_or("");
    match file.rfind('.') {
        Some(dot) if dot > 0 => (file[..dot].to_lowercase(), file[dot + 1..].to_lowercase()),
        _ => (file.to_lowercase(), String::new()),
    }
}

/// Reads one file's facts.
pub(super) fn analyse(text: &str) -> FileFacts {
    let mut walk = Walk {
        facts: FileFacts::default(),
        package: "cl-user".into(),
        def: None,
    };
    for form in read_forms(text) {
        walk.top(&form);
    }
    walk.facts
}

struct Walk {
    facts: FileFacts,
    package: String,
    /// The index of the definition being walked.
    def: Option<usize>,
}

const INPUT: &[&str] = &[
    "read",
    "read-line",
    "read-char",
    "read-preserving-whitespace",
    "y-or-n-p",
    "yes-or-no-p",
];

impl Walk {
    fn top(&mut self, form: &Form) {
        self.note_clock(form);
        if let Form::List(items, _) = form {
            let head = items.first().and_then(Form::atom).unwrap_or("");
            if matches!(head, "progn" | "eval-when" | "locally") {
                let skip = usize::from(head == "eval-when") + 1;
                for f in items.iter().skip(skip) {
                    self.top(f);
                }
                return;
            }
            if let Some(name) = own_name(head) {
                let defining = head.starts_with("def")
                    || matches!(
                        head,
                        "in-package" | "load" | "compile-file" | "declaim" | "proclaim"
                    );
                if !defining && !is_special(head) {
                    self.facts.top_calls.push((name, form.line()));
                }
            }
        }
        self.walk(form);
    }

    fn note_clock(&mut self, form: &Form) {
        let mut seen = BTreeSet::new();
        symbols_in(form, &mut |a| {
            if let Some(name) = a.rsplit(':').next() {
                if matches!(
                    name,
                    "get-internal-real-time"
                        | "get-internal-run-time"
                        | "internal-time-units-per-second"
                ) {
                    seen.insert(name.to_string());
                }
            }
        });
        let converts = seen.contains("internal-time-units-per-second");
        self.facts.converts_anywhere |= converts;
        let real = seen.contains("get-internal-real-time");
        let run = seen.contains("get-internal-run-time");
        if real || run {
            let name = match form {
                Form::List(items, _) => items.get(1).and_then(Form::atom).map(str::to_string),
                _ => None,
            };
            self.facts.clock.push(ClockUse {
                name: name.unwrap_or_else(|| "a top-level form".into()),
                run_time: run,
                converts,
            });
        }
    }

    fn symbol(&mut self, atom: &str) {
        let Some(name) = own_name(atom) else { return };
        for word in name.trim_matches(['*', '+', '%']).split('-') {
            if !word.is_empty() {
                self.facts.words.insert(word.to_string());
            }
        }
        self.facts.symbols.insert(name.clone());
        if name.len() > 2 && name.starts_with('*') && name.ends_with('*') {
            match self.def {
                Some(d) => {
                    self.facts.defs[d].globals.insert(name);
                }
                None => {
                    self.facts.top_refs.insert(name);
                }
            }
        }
    }

    fn call(&mut self, name: String, line: u32, args: Option<usize>) {
        match self.def {
            Some(d) => {
                self.facts.defs[d].calls.insert(name.clone());
            }
            None => {
                self.facts.top_refs.insert(name.clone());
            }
        }
        self.facts.calls.push(Call { name, line, args });
    }

    fn set_global(&mut self, place: &Form) {
        if let Some(a) = place.atom() {
            self.symbol(a);
            if let (Some(d), Some(name)) = (self.def, own_name(a)) {
                if name.starts_with('*') {
                    self.facts.defs[d].sets.insert(name);
                }
            }
        } else {
            self.walk(place);
        }
    }

    fn walk_all(&mut self, forms: &[Form]) {
        for f in forms {
            self.walk(f);
        }
    }

    fn walk(&mut self, form: &Form) {
        match form {
            Form::List(items, line) => self.list(items, *line),
            Form::Atom(a, _) => self.symbol(a),
            Form::Function(inner) => match inner.as_ref() {
                Form::Atom(a, line) => {
                    if let Some(name) = own_name(a) {
                        self.symbol(a);
                        self.call(name, *line, None);
                    }
                }
                other => self.walk(other),
            },
            Form::Quoted(inner) => {
                // Data, but its symbols are still the project's words.
                symbols_in(inner, &mut |a| {
                    if let Some(name) = own_name(a) {
                        for word in name.trim_matches(['*', '+', '%']).split('-') {
                            if !word.is_empty() {
                                self.facts.words.insert(word.to_string());
                            }
                        }
                        self.facts.symbols.insert(name);
                    }
                });
            }
            Form::Str(..) | Form::Other => {}
        }
    }

    fn list(&mut self, items: &[Form], line: u32) {
        let Some(first) = items.first() else { return };
        let Some(head) = first.atom() else {
            // ((lambda …) …) or data.
            self.walk_all(items);
            return;
        };
        let rest = &items[1..];
        let op = head.strip_prefix("cl:").unwrap_or(head);
        match op {
            "defun" | "defmacro" | "defmethod" | "defgeneric" => self.defun(op, rest, line),
            "defvar" | "defparameter" | "defconstant" => {
                if let Some(name) = rest.first().and_then(Form::atom).and_then(own_name) {
                    self.facts.globals.push(Global {
                        name: name.clone(),
                        line,
                        unbound: rest.len() < 2,
                    });
                    self.facts.symbols.insert(name);
                }
                if let Some(value) = rest.get(1) {
                    self.walk(value);
                }
            }
            "defstruct" => self.defstruct(rest, line),
            "defpackage" => {
                if let Some(name) = rest.first().and_then(package_name) {
                    self.facts.packages.insert(name);
                }
            }
            "make-package" => {
                if let Some(name) = rest.first().and_then(package_name) {
                    self.facts.packages.insert(name);
                }
            }
            "in-package" => {
                if let Some(name) = rest.first().and_then(package_name) {
                    self.facts.in_packages.insert(name.clone());
                    self.package = name;
                }
            }
            "load" | "compile-file" => {
                let mut strings = Vec::new();
                strings_in(rest, &mut strings);
                for written in strings {
                    let (stem, _) = path_words(&written);
                    if stem.is_empty()
                        || self
                            .facts
                            .loads
                            .iter()
                            .any(|l| l.line == line && l.stem == stem)
                    {
                        continue;
                    }
                    let within = self.def.map(|d| self.facts.defs[d].name.clone());
                    self.facts.loads.push(Load {
                        written,
                        stem,
                        line,
                        within,
                    });
                }
                self.walk_all(rest);
            }
            "quote" | "declare" | "declaim" | "proclaim" => {}
            "function" => {
                if let Some(f) = rest.first() {
                    self.walk(&Form::Function(Box::new(f.clone())));
                }
            }
            "let" | "let*" | "symbol-macrolet" => {
                for binding in rest.first().and_then(Form::list).unwrap_or(&[]) {
                    if let Some(b) = binding.list() {
                        self.walk_all(b.get(1..).unwrap_or(&[]));
                    }
                }
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            "flet" | "labels" | "macrolet" => {
                for local in rest.first().and_then(Form::list).unwrap_or(&[]) {
                    if let Some(l) = local.list() {
                        if let Some(name) = l.first().and_then(Form::atom).and_then(own_name) {
                            self.facts.locals.insert(name);
                        }
                        self.walk_all(l.get(2..).unwrap_or(&[]));
                    }
                }
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            "lambda"
            | "destructuring-bind"
            | "multiple-value-bind"
            | "multiple-value-setq"
            | "return-from"
            | "block"
            | "the"
            | "eval-when" => {
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            "dolist"
            | "dotimes"
            | "with-open-file"
            | "with-open-stream"
            | "with-input-from-string"
            | "with-output-to-string"
            | "do-symbols"
            | "do-external-symbols" => {
                if let Some(spec) = rest.first().and_then(Form::list) {
                    self.walk_all(spec.get(1..).unwrap_or(&[]));
                }
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            "do" | "do*" => {
                for spec in rest.first().and_then(Form::list).unwrap_or(&[]) {
                    if let Some(s) = spec.list() {
                        self.walk_all(s.get(1..).unwrap_or(&[]));
                    }
                }
                if let Some(end) = rest.get(1).and_then(Form::list) {
                    self.walk_all(end);
                }
                self.walk_all(rest.get(2..).unwrap_or(&[]));
            }
            "cond" => {
                for clause in rest {
                    match clause.list() {
                        Some(c) => self.walk_all(c),
                        None => self.walk(clause),
                    }
                }
            }
            "case" | "ecase" | "ccase" | "typecase" | "etypecase" | "ctypecase" => {
                if let Some(key) = rest.first() {
                    self.walk(key);
                    let keys: Vec<String> = rest[1..]
                        .iter()
                        .filter_map(|c| c.list().and_then(|c| c.first()))
                        .filter_map(|k| match k {
                            Form::Atom(a, _) if a != "t" && a != "otherwise" => Some(a.clone()),
                            Form::Str(s, _) => Some(quote(s)),
                            _ => None,
                        })
                        .collect();
                    if let (Some(var), Some(d)) = (key.atom(), self.def) {
                        self.facts.defs[d].cases.push((var.to_string(), keys));
                    }
                }
                for clause in rest.get(1..).unwrap_or(&[]) {
                    if let Some(c) = clause.list() {
                        self.walk_all(c.get(1..).unwrap_or(&[]));
                    }
                }
            }
            "handler-case" => {
                if let Some(f) = rest.first() {
                    self.walk(f);
                }
                for clause in rest.get(1..).unwrap_or(&[]) {
                    if let Some(c) = clause.list() {
                        self.walk_all(c.get(2..).unwrap_or(&[]));
                    }
                }
            }
            "loop" => {
                let mut skip_next = false;
                for item in rest {
                    if skip_next && matches!(item, Form::List(..)) {
                        skip_next = false;
                        continue;
                    }
                    skip_next = item.atom().is_some_and(|a| {
                        matches!(a.trim_start_matches(':'), "for" | "as" | "with")
                    });
                    self.walk(item);
                }
            }
            "setf" | "setq" | "psetf" | "psetq" => {
                for pair in rest.chunks(2) {
                    self.set_global(&pair[0]);
                    if let Some(v) = pair.get(1) {
                        self.walk(v);
                    }
                }
            }
            "incf" | "decf" => {
                if let Some(place) = rest.first() {
                    self.set_global(place);
                }
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            "push" | "pushnew" => {
                if let Some(place) = rest.get(1) {
                    self.set_global(place);
                }
                if let Some(v) = rest.first() {
                    self.walk(v);
                }
                self.walk_all(rest.get(2..).unwrap_or(&[]));
            }
            "funcall" | "apply" => {
                if let Some(Form::Quoted(inner)) = rest.first() {
                    if let Some(name) = inner.atom().and_then(own_name) {
                        self.call(name, line, Some(rest.len() - 1));
                    }
                } else if let Some(f) = rest.first() {
                    self.walk(f);
                }
                self.walk_all(rest.get(1..).unwrap_or(&[]));
            }
            _ => {
                match own_name(head) {
                    Some(name) if !is_number(head) => {
                        if INPUT.contains(&name.as_str()) {
                            if let Some(d) = self.def {
                                self.facts.defs[d].reads_input = true;
                            }
                        }
                        self.symbol(head);
                        self.call(name, line, Some(rest.len()));
                    }
                    _ => {}
                }
                self.walk_all(rest);
            }
        }
    }

    fn defun(&mut self, op: &str, rest: &[Form], line: u32) {
        let Some(name) = rest.first().and_then(Form::atom).and_then(own_name) else {
            // (defun (setf x) …): walk the body only.
            self.walk_all(rest.get(2..).unwrap_or(&[]));
            return;
        };
        let mut k = 1;
        while op == "defmethod" && rest.get(k).is_some_and(|f| f.atom().is_some()) {
            k += 1;
        }
        let lambda_list = rest.get(k).and_then(Form::list).unwrap_or(&[]);
        let mut def = Def {
            name: name.clone(),
            line,
            package: self.package.clone(),
            ..Def::default()
        };
        let mut section = "";
        for p in lambda_list {
            let p_name = match p {
                Form::Atom(a, _) => a.clone(),
                Form::List(l, _) => l.first().and_then(Form::atom).unwrap_or("").to_string(),
                _ => String::new(),
            };
            if p_name.starts_with('&') {
                section = match p_name.as_str() {
                    "&optional" => "optional",
                    "&rest" | "&body" | "&key" => {
                        def.rest = true;
                        "rest"
                    }
                    _ => "aux",
                };
                continue;
            }
            match section {
                "" => {
                    def.required += 1;
                    def.params.push(p_name);
                }
                "optional" => {
                    def.optional += 1;
                    def.params.push(p_name);
                }
                _ => {}
            }
        }
        self.facts.symbols.insert(name);
        self.facts.defs.push(def);
        let outer = self.def.replace(self.facts.defs.len() - 1);
        if op != "defgeneric" {
            self.walk_all(rest.get(k + 1..).unwrap_or(&[]));
        }
        self.def = outer;
    }

    fn defstruct(&mut self, rest: &[Form], line: u32) {
        let (name, options) = match rest.first() {
            Some(Form::Atom(a, _)) => (own_name(a), &[][..]),
            Some(Form::List(l, _)) => (
                l.first().and_then(Form::atom).and_then(own_name),
                l.get(1..).unwrap_or(&[]),
            ),
            _ => (None, &[][..]),
        };
        let Some(name) = name else { return };
        let mut conc = format!("{name}-");
        for option in options {
            if let Some(o) = option.list() {
                if o.first().and_then(Form::atom) == Some(":conc-name") {
                    conc = o
                        .get(1)
                        .and_then(|f| match f {
                            Form::Atom(a, _) if a == "nil" => Some(String::new()),
                            Form::Atom(a, _) => Some(a.trim_start_matches(':').to_string()),
                            Form::Str(s, _) => Some(s.to_lowercase()),
                            _ => None,
                        })
                        .unwrap_or_default();
                }
            }
        }
        let mut names = vec![
            format!("make-{name}"),
            format!("copy-{name}"),
            format!("{name}-p"),
        ];
        for slot in rest.get(1..).unwrap_or(&[]) {
            let slot = match slot {
                Form::Atom(a, _) => Some(a.clone()),
                Form::List(l, _) => l.first().and_then(Form::atom).map(str::to_string),
                _ => None,
            };
            if let Some(s) = slot {
                names.push(format!("{conc}{s}"));
            }
        }
        for n in names {
            self.facts.defs.push(Def {
                name: n,
                line,
                package: self.package.clone(),
                rest: true,
                ..Def::default()
            });
        }
    }
}

/// Heads that are not calls made at load time.
fn is_special(head: &str) -> bool {
    matches!(
        head,
        "setf" | "setq" | "let" | "let*" | "progn" | "when" | "unless" | "if" | "quote"
    )
}

fn symbols_in(form: &Form, f: &mut dyn FnMut(&str)) {
    match form {
        Form::List(items, _) => {
            for i in items {
                symbols_in(i, f);
            }
        }
        Form::Atom(a, _) => f(a),
        Form::Quoted(i) | Form::Function(i) => symbols_in(i, f),
        _ => {}
    }
}

fn strings_in(forms: &[Form], out: &mut Vec<String>) {
    for form in forms {
        match form {
            Form::Str(s, _) => out.push(s.clone()),
            Form::List(items, _) => strings_in(items, out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deeply_nested_file_is_read_without_exhausting_the_stack() {
        // In a thread with a small stack, as a crafted submission would try.
        let text = format!(
            "{}{}\n(defun jogar (e tempo) e)",
            "(".repeat(200_000),
            ")".repeat(200_000)
        );
        let facts = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || analyse(&text))
            .unwrap()
            .join()
            .expect("no stack overflow");
        assert!(
            facts.defs.iter().any(|d| d.name == "jogar"),
            "the form after it is read"
        );
    }

    #[test]
    fn bindings_are_not_calls_and_loads_are_found() {
        let facts = analyse(
            "(in-package :p1)\n(load \"C:\\\\IA\\\\jogo.LISP\")\n\
             (defun f (a &optional b &key c)\n  (let ((x (g a))) (loop for (dl dc) in *s* collect (h dl)))\n  \
             (flet ((k (y) y)) (k 1))\n  (case a (:x 1) (:o 2))\n  (setf *best* 3) '(not-a-call 1))\n\
             #-sbcl (lispworks-only)\n(menu)",
        );
        let calls: BTreeSet<&str> = facts.calls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(calls, BTreeSet::from(["g", "h", "k", "menu"]));
        let f = &facts.defs[0];
        assert_eq!((f.required, f.optional, f.rest), (1, 1, true));
        assert_eq!(f.package, "p1");
        assert!(f.sets.contains("*best*") && f.globals.contains("*s*"));
        assert_eq!(
            f.cases,
            [("a".to_string(), vec![":x".to_string(), ":o".to_string()])]
        );
        assert_eq!(facts.loads[0].stem, "jogo");
        assert_eq!(facts.top_calls, [("menu".to_string(), 9)]);
        assert!(facts.locals.contains("k"));
    }
}
