//! Data as the Lisp reader builds them from [`super::reader`]'s tokens:
//! [`Forms`] hands out one top-level [`Form`] at a time, so a file is never
//! held as a tree (each form is dropped before the next is read), and a form
//! larger than [`MAX_NODES`] is stepped over unread (its line kept in
//! [`Forms::skipped`]). `#+` / `#-` are read as SBCL on Linux reads them.

use super::reader::{Raw, Reader, Token};

/// A datum as read.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Form {
    List(Vec<Form>, u32),
    /// A symbol or a number, lower case as the reader folds it.
    Atom(String, u32),
    Str(String, u32),
    /// `'x`, `` `x ``.
    Quoted(Box<Form>),
    /// `#'x`.
    Function(Box<Form>),
    /// A character, a vector, `#.`, an escaped symbol, a form too large.
    Other,
}

impl Form {
    pub(crate) fn line(&self) -> u32 {
        match self {
            Form::List(_, l) | Form::Atom(_, l) | Form::Str(_, l) => *l,
            Form::Quoted(f) | Form::Function(f) => f.line(),
            Form::Other => 0,
        }
    }

    pub(crate) fn atom(&self) -> Option<&str> {
        match self {
            Form::Atom(a, _) => Some(a),
            _ => None,
        }
    }

    pub(crate) fn list(&self) -> Option<&[Form]> {
        match self {
            Form::List(items, _) => Some(items),
            Form::Atom(a, _) if a == "nil" => Some(&[]),
            _ => None,
        }
    }
}

/// Lisp text of a form, as a description's values are written.
pub(crate) fn print(form: &Form) -> String {
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
pub(crate) fn quote(s: &str) -> String {
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
pub(crate) fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
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

/// Lists nested deeper than this are read as [`Form::Other`] without
/// looking inside: a file of 200,000 `(` cannot exhaust the stack.
pub(crate) const MAX_DEPTH: usize = 256;
/// A top-level form of more datums than this is stepped over unread (a
/// student's largest function has a few thousand).
pub(crate) const MAX_NODES: usize = 200_000;

/// The top-level forms of a text, one at a time (a stray `)` is skipped,
/// an unclosed list ends at the end of the text).
pub(crate) struct Forms<'a> {
    tokens: std::iter::Peekable<Reader<'a>>,
    /// Datums of the form being read.
    nodes: usize,
    /// Lists open in the form being read.
    open: usize,
    /// The form being read was too large: the rest of it was stepped over.
    overflow: bool,
    /// The lines of the top-level forms stepped over for their size.
    pub(crate) skipped: Vec<u32>,
}

impl<'a> Forms<'a> {
    pub(crate) fn new(text: &'a str) -> Forms<'a> {
        Forms {
            tokens: Reader::new(text).peekable(),
            nodes: 0,
            open: 0,
            overflow: false,
            skipped: Vec::new(),
        }
    }

    /// The datum at the reader (advanced past it); `None` for one SBCL
    /// would not read (`#-sbcl …`) or at the end.
    fn datum(&mut self, depth: usize) -> Option<Form> {
        if self.overflow {
            return Some(Form::Other);
        }
        if self.nodes >= MAX_NODES {
            self.skip_form();
            return Some(Form::Other);
        }
        if depth >= MAX_DEPTH {
            self.skip_datum();
            return Some(Form::Other);
        }
        self.nodes += 1;
        let Token { line, raw, .. } = self.tokens.next()?;
        match raw {
            Raw::Open => {
                self.open += 1;
                let mut items = Vec::new();
                while !self.overflow && self.tokens.peek().is_some_and(|t| t.raw != Raw::Close) {
                    if let Some(f) = self.datum(depth + 1) {
                        items.push(f);
                    }
                }
                if !self.overflow {
                    self.tokens.next();
                    self.open -= 1;
                }
                Some(Form::List(items, line))
            }
            Raw::Close => None,
            Raw::Prefix(p) => self.prefixed(p, depth),
            Raw::Str(s) => Some(Form::Str(s.into_owned(), line)),
            Raw::Atom(a) => Some(Form::Atom(a.to_lowercase(), line)),
            Raw::Char | Raw::Escaped => Some(Form::Other),
        }
    }

    fn prefixed(&mut self, p: &str, depth: usize) -> Option<Form> {
        match p {
            "'" | "`" => self.datum(depth + 1).map(|f| Form::Quoted(Box::new(f))),
            "," | ",@" => self.datum(depth + 1),
            "#'" => self.datum(depth + 1).map(|f| Form::Function(Box::new(f))),
            "#+" | "#-" => {
                let expr = self.datum(depth + 1)?;
                let keep = feature(&expr) == (p == "#+");
                let guarded = self.datum(depth + 1);
                if keep {
                    guarded
                } else {
                    None
                }
            }
            _ => {
                self.datum(depth + 1);
                Some(Form::Other)
            }
        }
    }

    /// Steps over the datum at the reader without reading it (no
    /// recursion).
    fn skip_datum(&mut self) {
        let mut open = 0usize;
        for Token { raw, .. } in self.tokens.by_ref() {
            match raw {
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

    /// Steps over the rest of the top-level form being read (its open
    /// lists closed), and marks it too large.
    fn skip_form(&mut self) {
        self.overflow = true;
        while self.open > 0 {
            match self.tokens.next().map(|t| t.raw) {
                Some(Raw::Open) => self.open += 1,
                Some(Raw::Close) => self.open -= 1,
                Some(_) => {}
                None => break,
            }
        }
    }
}

impl Iterator for Forms<'_> {
    type Item = Form;

    fn next(&mut self) -> Option<Form> {
        loop {
            let token = self.tokens.peek()?;
            if token.raw == Raw::Close {
                self.tokens.next();
                continue;
            }
            let line = token.line;
            (self.nodes, self.open, self.overflow) = (0, 0, false);
            match self.datum(0) {
                Some(form) if self.overflow => {
                    self.skipped.push(line);
                    drop(form);
                    return Some(Form::Other);
                }
                Some(form) => return Some(form),
                None => continue,
            }
        }
    }
}

/// Every top-level form of a small text (a description, a data file).
pub(crate) fn read_forms(text: &str) -> Vec<Form> {
    Forms::new(text).collect()
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
        let forms = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || read_forms(&text))
            .unwrap()
            .join()
            .expect("no stack overflow");
        assert_eq!(forms.len(), 2);
        assert_eq!(print(&forms[1]), "(defun jogar (e tempo) e)");
    }

    #[test]
    fn features_are_read_as_sbcl_reads_them() {
        let forms = read_forms("#-sbcl (lw) #+sbcl (sb) #+(or lispworks unix) 'x ) (y #'z)");
        let printed: Vec<String> = forms.iter().map(print).collect();
        assert_eq!(printed, ["(sb)", "'x", "(y #'z)"]);
    }

    #[test]
    fn a_form_too_large_is_stepped_over_and_named() {
        let big = format!("(defun big () (list {}))", "1 ".repeat(MAX_NODES + 10));
        let text = format!("(a)\n{big}\n(b)");
        let mut forms = Forms::new(&text);
        let read: Vec<String> = forms.by_ref().map(|f| print(&f)).collect();
        assert_eq!(read, ["(a)", "?", "(b)"]);
        assert_eq!(forms.skipped, [2]);
    }
}
