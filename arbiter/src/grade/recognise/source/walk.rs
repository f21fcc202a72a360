//! The walk of one file's forms (see `mod.rs`). It knows the binding
//! forms (`let`, `flet`, `do`, `loop`'s destructuring, `case` keys, …) so
//! that a binding is not taken for a call; quoted data is not code.

use std::collections::BTreeSet;
use std::time::Instant;

use super::{
    is_number, own_name, path_words, quote, ClockUse, Def, FileFacts, Form, Global, Load, Unit,
    MAX_DEFS, MAX_ENTRIES,
};
use crate::lisp::Forms;

/// Reads one file's facts, stopping at `deadline`.
pub(super) fn analyse(text: &str, deadline: Instant) -> FileFacts {
    let mut walk = Walk {
        facts: FileFacts::default(),
        package: "cl-user".into(),
        def: None,
        entries: 0,
    };
    let mut forms = Forms::new(text);
    for (k, form) in forms.by_ref().enumerate() {
        if k % 64 == 0 && Instant::now() >= deadline {
            walk.facts.unfinished = true;
            break;
        }
        walk.top(&form);
    }
    walk.facts.skipped = forms.skipped;
    walk.facts
}

struct Walk {
    facts: FileFacts,
    package: String,
    /// The index of the definition being walked.
    def: Option<usize>,
    /// Names recorded so far (against [`MAX_ENTRIES`]).
    entries: usize,
}

const INPUT: &[&str] = &[
    "read",
    "read-line",
    "read-char",
    "read-preserving-whitespace",
    "y-or-n-p",
    "yes-or-no-p",
];

const OUTPUT: &[&str] = &[
    "print",
    "princ",
    "prin1",
    "terpri",
    "write",
    "write-line",
    "pprint",
];

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

/// The units a top-level form that reads the clock shows.
fn clock_unit(form: &Form) -> Option<(Unit, bool)> {
    let mut seen = BTreeSet::new();
    symbols_in(form, &mut |a| {
        let name = a.rsplit(':').next().unwrap_or(a);
        if matches!(
            name,
            "get-internal-real-time"
                | "get-internal-run-time"
                | "get-universal-time"
                | "internal-time-units-per-second"
        ) || matches!(name, "1000" | "1000.0" | "1000.0d0")
        {
            seen.insert(name.to_string());
        }
    });
    let run = seen.contains("get-internal-run-time");
    let internal = run || seen.contains("get-internal-real-time");
    let universal = seen.contains("get-universal-time");
    let converts = seen.contains("internal-time-units-per-second");
    let thousand = seen.iter().any(|s| s.starts_with("1000"));
    let internal_unit = internal.then_some(if converts { Unit::Ms } else { Unit::Internal });
    let universal_unit = universal.then_some(if thousand { Unit::Ms } else { Unit::Seconds });
    let unit = match (internal_unit, universal_unit) {
        (None, None) => return None,
        (Some(u), None) | (None, Some(u)) => u,
        (Some(a), Some(b)) if a == b => a,
        _ => Unit::Mixed,
    };
    Some((unit, run))
}

impl Walk {
    /// Room for one more name?
    fn room(&mut self) -> bool {
        if self.entries >= MAX_ENTRIES {
            self.facts.capped = true;
            return false;
        }
        self.entries += 1;
        true
    }

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
                if !defining && !is_special(head) && self.facts.top_calls.len() < 10_000 {
                    self.facts.top_calls.push((name, form.line()));
                }
            }
        }
        self.walk(form);
    }

    fn note_clock(&mut self, form: &Form) {
        let converts = {
            let mut c = false;
            symbols_in(form, &mut |a| {
                c |= a.rsplit(':').next() == Some("internal-time-units-per-second")
            });
            c
        };
        self.facts.converts_anywhere |= converts;
        let Some((unit, run_time)) = clock_unit(form) else {
            return;
        };
        let name = match form {
            Form::List(items, _) => items.get(1).and_then(Form::atom).map(str::to_string),
            _ => None,
        };
        if self.facts.clock.len() < 1000 {
            self.facts.clock.push(ClockUse {
                name: name.unwrap_or_else(|| "a top-level form".into()),
                run_time,
                unit,
            });
        }
    }

    fn words_of(&mut self, name: &str) {
        for word in name.trim_matches(['*', '+', '%']).split('-') {
            if !word.is_empty() && !self.facts.words.contains(word) && self.room() {
                self.facts.words.insert(word.to_string());
            }
        }
        if !self.facts.symbols.contains(name) && self.room() {
            self.facts.symbols.insert(name.to_string());
        }
    }

    fn symbol(&mut self, atom: &str) {
        if let Some((pkg, _)) = atom.split_once(':') {
            let pkg = pkg.trim_start_matches('#');
            if !pkg.is_empty()
                && !super::foreign(pkg)
                && !self.facts.qualifiers.contains(pkg)
                && self.room()
            {
                self.facts.qualifiers.insert(pkg.to_string());
            }
        }
        let Some(name) = own_name(atom) else { return };
        self.words_of(&name);
        if name.len() > 2 && name.starts_with('*') && name.ends_with('*') {
            match self.def {
                Some(d) => {
                    if !self.facts.defs[d].globals.contains(&name) && self.room() {
                        self.facts.defs[d].globals.insert(name);
                    }
                }
                None => {
                    if !self.facts.top_refs.contains(&name) && self.room() {
                        self.facts.top_refs.insert(name);
                    }
                }
            }
        }
    }

    fn call(&mut self, name: String, line: u32, args: Option<usize>) {
        match self.def {
            Some(d) => {
                if !self.facts.defs[d].calls.contains(&name) && self.room() {
                    self.facts.defs[d].calls.insert(name.clone());
                }
            }
            None => {
                if !self.facts.top_refs.contains(&name) && self.room() {
                    self.facts.top_refs.insert(name.clone());
                }
            }
        }
        if let Some(c) = self.facts.calls.get_mut(&name) {
            c.args.extend(args);
        } else if self.room() {
            self.facts.calls.insert(
                name,
                super::Call {
                    line,
                    args: args.into_iter().collect(),
                },
            );
        }
    }

    fn set_global(&mut self, place: &Form) {
        if let Some(a) = place.atom() {
            self.symbol(a);
            if let (Some(d), Some(name)) = (self.def, own_name(a)) {
                if name.starts_with('*') && !self.facts.defs[d].sets.contains(&name) && self.room()
                {
                    self.facts.defs[d].sets.insert(name);
                }
            }
        } else {
            self.walk(place);
        }
    }

    /// `(setq *x* 0)`: a literal value of a global, recorded.
    fn assigned(&mut self, place: &Form, value: &Form) {
        let Some(name) = place.atom().and_then(own_name) else {
            return;
        };
        if !(name.len() > 2 && name.starts_with('*') && name.ends_with('*')) {
            return;
        }
        let literal = match value {
            Form::Atom(a, _) if is_number(a) || a == "nil" || a == "t" || a.starts_with(':') => {
                Some(a.clone())
            }
            Form::Str(s, _) => Some(quote(s)),
            Form::Quoted(q) => Some(format!("'{}", super::print(q))),
            _ => None,
        };
        match self.def {
            Some(d) => {
                let def = &mut self.facts.defs[d];
                if let Some(v) = literal {
                    if def.assigns.len() < 64 && !def.assigns.iter().any(|(g, _)| *g == name) {
                        def.assigns.push((name, v));
                    }
                }
            }
            None => {
                if self.room() {
                    self.facts.valued.insert(name);
                }
            }
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
                let mut names = Vec::new();
                symbols_in(inner, &mut |a| names.extend(own_name(a)));
                for name in names {
                    self.words_of(&name);
                }
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
        if self.definition(op, rest, line)
            || self.binding(op, rest)
            || self.control(op, rest)
            || self.setter(op, rest, line)
        {
            return;
        }
        match own_name(head) {
            Some(name) if !is_number(head) => {
                if let Some(d) = self.def {
                    let def = &mut self.facts.defs[d];
                    def.reads_input |= INPUT.contains(&name.as_str());
                    def.prints |= OUTPUT.contains(&name.as_str())
                        || (name == "format" && rest.first().and_then(Form::atom) == Some("t"));
                }
                self.compared(&name, rest);
                self.symbol(head);
                self.call(name, line, Some(rest.len()));
            }
            _ => {}
        }
        self.walk_all(rest);
    }

    /// `(= jogador -1)`, `(eq simbolo 'x)`: what a parameter is compared
    /// with.
    fn compared(&mut self, op: &str, rest: &[Form]) {
        if !matches!(op, "=" | "eql" | "eq" | "equal" | "equalp" | "/=") || rest.len() != 2 {
            return;
        }
        let Some(d) = self.def else { return };
        let literal = |f: &Form| match f {
            Form::Atom(a, _) if is_number(a) || a.starts_with(':') => Some(a.clone()),
            Form::Quoted(q) => q.atom().map(|a| format!("'{a}")),
            Form::Str(s, _) => Some(quote(s)),
            _ => None,
        };
        let def = &mut self.facts.defs[d];
        for (a, b) in [(&rest[0], &rest[1]), (&rest[1], &rest[0])] {
            if let (Some(p), Some(v)) = (a.atom(), literal(b)) {
                if def.params.iter().any(|q| q == p)
                    && !def.compared.iter().any(|(q, w)| q == p && *w == v)
                    && def.compared.len() < 64
                {
                    def.compared.push((p.to_string(), v));
                }
            }
        }
    }

    /// Definitions, packages, loads: true when `op` was one.
    fn definition(&mut self, op: &str, rest: &[Form], line: u32) -> bool {
        match op {
            "defun" | "defmacro" | "defmethod" | "defgeneric" => self.defun(op, rest, line),
            "defvar" | "defparameter" | "defconstant" => {
                if let Some(name) = rest.first().and_then(Form::atom).and_then(own_name) {
                    if self.facts.globals.len() < MAX_DEFS {
                        self.facts.globals.push(Global {
                            name: name.clone(),
                            line,
                            unbound: rest.len() < 2,
                        });
                    }
                    // A value at load time: not one a function gives
                    // when it runs (a menu's `(defparameter *path* p)`).
                    if rest.len() >= 2 && self.def.is_none() && self.room() {
                        self.facts.valued.insert(name.clone());
                    }
                    self.words_of(&name);
                }
                if let Some(value) = rest.get(1) {
                    self.walk(value);
                }
            }
            "defstruct" => self.defstruct(rest, line),
            "defpackage" | "make-package" => {
                if let Some(name) = rest.first().and_then(package_name) {
                    self.facts.packages.insert(name);
                }
            }
            "in-package" => {
                if let Some(name) = rest.first().and_then(package_name) {
                    self.facts.in_packages.insert(name.clone());
                    // The kit follows it only when some file defines the
                    // package (else LispWorks' way: ignored); the
                    // description names a package only when one does.
                    self.package = name;
                }
            }
            "load" | "compile-file" => self.load(rest, line),
            "quote" | "declare" | "declaim" | "proclaim" => {}
            "function" => {
                if let Some(f) = rest.first() {
                    self.walk(&Form::Function(Box::new(f.clone())));
                }
            }
            _ => return false,
        }
        true
    }

    fn load(&mut self, rest: &[Form], line: u32) {
        let mut strings = Vec::new();
        strings_in(rest, &mut strings);
        for written in strings {
            let (stem, _) = path_words(&written);
            if stem.is_empty()
                || self.facts.loads.len() >= 1000
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

    /// Binding forms: true when `op` was one.
    fn binding(&mut self, op: &str, rest: &[Form]) -> bool {
        let tail = |k: usize| rest.get(k..).unwrap_or(&[]);
        match op {
            "let" | "let*" | "symbol-macrolet" => {
                for binding in rest.first().and_then(Form::list).unwrap_or(&[]) {
                    if let Some(b) = binding.list() {
                        self.walk_all(b.get(1..).unwrap_or(&[]));
                    }
                }
                self.walk_all(tail(1));
            }
            "flet" | "labels" | "macrolet" => {
                for local in rest.first().and_then(Form::list).unwrap_or(&[]) {
                    if let Some(l) = local.list() {
                        if let Some(name) = l.first().and_then(Form::atom).and_then(own_name) {
                            if self.room() {
                                self.facts.locals.insert(name);
                            }
                        }
                        self.walk_all(l.get(2..).unwrap_or(&[]));
                    }
                }
                self.walk_all(tail(1));
            }
            "lambda"
            | "destructuring-bind"
            | "multiple-value-bind"
            | "multiple-value-setq"
            | "return-from"
            | "block"
            | "the"
            | "eval-when" => self.walk_all(tail(1)),
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
                self.walk_all(tail(1));
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
                self.walk_all(tail(2));
            }
            "loop" => self.loop_form(rest),
            _ => return false,
        }
        true
    }

    fn loop_form(&mut self, rest: &[Form]) {
        let mut skip_next = false;
        for item in rest {
            if skip_next && matches!(item, Form::List(..)) {
                skip_next = false;
                continue;
            }
            skip_next = item
                .atom()
                .is_some_and(|a| matches!(a.trim_start_matches(':'), "for" | "as" | "with"));
            self.walk(item);
        }
    }

    /// Conditionals and handlers: true when `op` was one.
    fn control(&mut self, op: &str, rest: &[Form]) -> bool {
        match op {
            "cond" => {
                for clause in rest {
                    match clause.list() {
                        Some(c) => self.walk_all(c),
                        None => self.walk(clause),
                    }
                }
            }
            "case" | "ecase" | "ccase" | "typecase" | "etypecase" | "ctypecase" => {
                self.case_form(rest)
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
            _ => return false,
        }
        true
    }

    fn case_form(&mut self, rest: &[Form]) {
        let Some(key) = rest.first() else { return };
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
            if self.facts.defs[d].cases.len() < 64 {
                self.facts.defs[d].cases.push((var.to_string(), keys));
            }
        }
        for clause in rest.get(1..).unwrap_or(&[]) {
            if let Some(c) = clause.list() {
                self.walk_all(c.get(1..).unwrap_or(&[]));
            }
        }
    }

    /// Assignments and calls through `funcall`: true when `op` was one.
    fn setter(&mut self, op: &str, rest: &[Form], line: u32) -> bool {
        match op {
            "setf" | "setq" | "psetf" | "psetq" => {
                for pair in rest.chunks(2) {
                    self.set_global(&pair[0]);
                    if let Some(v) = pair.get(1) {
                        self.assigned(&pair[0], v);
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
            _ => return false,
        }
        true
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
        let mut def = lambda_list(rest.get(k).and_then(Form::list).unwrap_or(&[]));
        def.name = name.clone();
        def.line = line;
        def.package = self.package.clone();
        let body = body_of(rest.get(k + 1..).unwrap_or(&[]));
        def.body_forms = body.len();
        if let ([only], [param]) = (body, def.params.as_slice()) {
            def.accessor = element_of(only, param);
        }
        def.builds = body
            .last()
            .filter(|f| {
                f.list()
                    .and_then(|l| l.first())
                    .and_then(Form::atom)
                    .is_some_and(|h| h == "list")
            })
            .cloned();
        self.words_of(&name);
        if self.facts.defs.len() >= MAX_DEFS {
            self.facts.capped = true;
            let outer = self.def.take();
            self.walk_all(body);
            self.def = outer;
            return;
        }
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
        for o in options.iter().filter_map(Form::list) {
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
            if self.facts.defs.len() < MAX_DEFS {
                self.facts.defs.push(Def {
                    name: n,
                    line,
                    package: self.package.clone(),
                    rest: true,
                    body_forms: 1,
                    ..Def::default()
                });
            }
        }
    }
}

/// A definition's lambda list: its parameters, counts and defaults.
fn lambda_list(list: &[Form]) -> Def {
    let mut def = Def::default();
    let mut section = "";
    for p in list {
        let (p_name, default) = match p {
            Form::Atom(a, _) => (a.clone(), None),
            Form::List(l, _) => (
                l.first().and_then(Form::atom).unwrap_or("").to_string(),
                l.get(1).map(super::print),
            ),
            _ => (String::new(), None),
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
                def.defaults.push(None);
            }
            "optional" => {
                def.optional += 1;
                def.params.push(p_name);
                def.defaults.push(default);
            }
            _ => {}
        }
    }
    def
}

/// `(second no)`, `(nth 2 no)`, `(car no)`: which element of `param` a
/// form takes.
fn element_of(form: &Form, param: &str) -> Option<usize> {
    let items = form.list()?;
    let head = items.first()?.atom()?;
    let of_param = |f: Option<&Form>| f.and_then(Form::atom) == Some(param);
    let k = match head {
        "first" | "car" => 0,
        "second" | "cadr" => 1,
        "third" | "caddr" => 2,
        "fourth" | "cadddr" => 3,
        "fifth" => 4,
        "sixth" => 5,
        "seventh" => 6,
        "eighth" => 7,
        "nth" => {
            let k = items.get(1)?.atom()?.parse().ok()?;
            return of_param(items.get(2)).then_some(k);
        }
        _ => return None,
    };
    (items.len() == 2 && of_param(items.get(1))).then_some(k)
}

/// A function's body without its docstring and declarations.
fn body_of(forms: &[Form]) -> &[Form] {
    let mut start = 0;
    while start < forms.len() {
        let doc = matches!(forms[start], Form::Str(..)) && start + 1 < forms.len();
        let declare = forms[start]
            .list()
            .and_then(|l| l.first())
            .and_then(Form::atom)
            .is_some_and(|h| h == "declare");
        if !(doc || declare) {
            break;
        }
        start += 1;
    }
    &forms[start..]
}
