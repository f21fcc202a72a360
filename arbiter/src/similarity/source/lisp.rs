//! Common Lisp at the level of the reader: the tokens a program is made of,
//! normalised so that what a disguise changes does not show.
//!
//! Dropped: `;` comments, `#| … |#` block comments (nested), docstrings (a
//! string first in the body of `defun`, `defmacro`, `defmethod`,
//! `defgeneric` when more forms follow it, and the fourth element of
//! `defvar`, `defparameter`, `defconstant`). Abstracted: every symbol that is
//! not one of Common Lisp's (the names of the program: `ID`), keywords that
//! are not standard keyword arguments (`:KW`), numbers (`NUM`), strings
//! (`STR`), characters (`CHR`). Kept as they are: parentheses, `'`, `` ` ``,
//! `,`, `,@`, `#'`, `#(`, `#+`/`#-`, and the standard special forms, macros
//! and well-known functions (`defun`, `let`, `cond`, `loop`, `aref`, …),
//! which carry the program's structure. Symbols are case-folded, as the
//! reader does.
//!
//! Against a copier's edits: synonyms are one token (`first` is `car`,
//! `rest` is `cdr`, `setq` is `setf`, `let*` is `let`, `defparameter` is
//! `defvar`, `eq`/`equal` are `eql`, `null` is `not`, `labels` is `flet`,
//! `collecting` is `collect` …, [`SYNONYMS`]); and a standard function's
//! name where a function is not called (`(let ((list …)) …)`, `(f count)`:
//! a variable of that name) is a name of the program, `ID` — so renaming a
//! variable to `list` or `count` changes nothing. Where a function is
//! called (after `(`, `'` or `#'`) and the words of `loop`, declarations,
//! lambda lists and constants ([`ANYWHERE`]) keep their name.
//!
//! ```text
//! (defun Score (b) "doc" (aref b 0))  →  ( defun ID ( ID ) ( aref ID NUM ) )
//! (defun pontos (list) (first list))  →  ( defun ID ( ID ) ( car ID ) )
//! ```

use super::Token;
use crate::lisp::{Raw, Reader};

/// Common Lisp's symbols that carry structure (special forms, macros,
/// functions, lambda-list keywords and `loop`'s words), lower case.
const KNOWN: &[&str] = &[
    "defun",
    "defmacro",
    "defvar",
    "defparameter",
    "defconstant",
    "defstruct",
    "defclass",
    "defmethod",
    "defgeneric",
    "defpackage",
    "in-package",
    "lambda",
    "let",
    "let*",
    "flet",
    "labels",
    "macrolet",
    "progn",
    "prog1",
    "prog2",
    "block",
    "return",
    "return-from",
    "tagbody",
    "go",
    "if",
    "when",
    "unless",
    "cond",
    "case",
    "ecase",
    "typecase",
    "etypecase",
    "and",
    "or",
    "not",
    "null",
    "eq",
    "eql",
    "equal",
    "equalp",
    "=",
    "/=",
    "<",
    ">",
    "<=",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "1+",
    "1-",
    "mod",
    "rem",
    "floor",
    "ceiling",
    "truncate",
    "round",
    "abs",
    "max",
    "min",
    "zerop",
    "plusp",
    "minusp",
    "evenp",
    "oddp",
    "expt",
    "sqrt",
    "random",
    "setf",
    "setq",
    "psetf",
    "incf",
    "decf",
    "push",
    "pop",
    "pushnew",
    "car",
    "cdr",
    "caar",
    "cadr",
    "cdar",
    "cddr",
    "caddr",
    "cdddr",
    "cadddr",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "rest",
    "last",
    "butlast",
    "nth",
    "nthcdr",
    "cons",
    "list",
    "list*",
    "append",
    "reverse",
    "nreverse",
    "length",
    "elt",
    "aref",
    "svref",
    "make-array",
    "array-dimension",
    "array-dimensions",
    "copy-list",
    "copy-seq",
    "copy-tree",
    "subseq",
    "remove",
    "remove-if",
    "remove-if-not",
    "delete",
    "delete-if",
    "member",
    "find",
    "find-if",
    "position",
    "position-if",
    "count",
    "count-if",
    "some",
    "every",
    "notany",
    "mapcar",
    "mapc",
    "mapcan",
    "maplist",
    "reduce",
    "sort",
    "stable-sort",
    "assoc",
    "rassoc",
    "gethash",
    "make-hash-table",
    "remhash",
    "maphash",
    "funcall",
    "apply",
    "values",
    "multiple-value-bind",
    "multiple-value-list",
    "loop",
    "do",
    "do*",
    "dolist",
    "dotimes",
    "for",
    "in",
    "from",
    "to",
    "below",
    "above",
    "by",
    "collect",
    "collecting",
    "appending",
    "sum",
    "summing",
    "maximize",
    "minimize",
    "into",
    "finally",
    "while",
    "until",
    "repeat",
    "across",
    "being",
    "the",
    "hash-keys",
    "hash-values",
    "of",
    "with",
    "initially",
    "always",
    "never",
    "thereis",
    "doing",
    "else",
    "end",
    "downto",
    "upfrom",
    "on",
    "declare",
    "ignore",
    "ignorable",
    "type",
    "fixnum",
    "optimize",
    "speed",
    "safety",
    "function",
    "quote",
    "format",
    "t",
    "nil",
    "print",
    "princ",
    "prin1",
    "terpri",
    "write-line",
    "read",
    "read-line",
    "error",
    "assert",
    "handler-case",
    "ignore-errors",
    "unwind-protect",
    "catch",
    "throw",
    "string=",
    "string-equal",
    "char=",
    "concatenate",
    "coerce",
    "intern",
    "symbol-name",
    "numberp",
    "integerp",
    "listp",
    "consp",
    "atom",
    "symbolp",
    "stringp",
    "vectorp",
    "arrayp",
    "characterp",
    "functionp",
    "&optional",
    "&rest",
    "&key",
    "&aux",
    "&body",
    "&allow-other-keys",
    "nconc",
    "fill",
    "replace",
    "vector",
    "make-list",
    "make-string",
    "char",
    "string",
    "code-char",
    "char-code",
    "parse-integer",
    "write-to-string",
    "with-output-to-string",
    "get-universal-time",
    "get-internal-real-time",
    "internal-time-units-per-second",
    "most-positive-fixnum",
    "most-negative-fixnum",
    "identity",
    "constantly",
    "complement",
    "gensym",
    "eval",
    "equalp",
    "array-total-size",
    "row-major-aref",
    "hash-table-count",
    "clrhash",
    "setf",
    "destructuring-bind",
];

/// Keyword arguments of the standard functions: kept (a program's own
/// keywords are `:KW`).
const KNOWN_KEYWORDS: &[&str] = &[
    ":initial-element",
    ":initial-contents",
    ":element-type",
    ":adjustable",
    ":fill-pointer",
    ":test",
    ":key",
    ":from-end",
    ":start",
    ":end",
    ":count",
    ":initial-value",
    ":use",
    ":export",
    ":documentation",
    ":accessor",
    ":initarg",
    ":initform",
    ":reader",
    ":writer",
    ":type",
    ":size",
];

/// Synonyms a copier swaps: each written as the first (lower case).
pub(crate) const SYNONYMS: &[(&str, &str)] = &[
    ("first", "car"),
    ("rest", "cdr"),
    ("second", "cadr"),
    ("third", "caddr"),
    ("fourth", "cadddr"),
    ("setq", "setf"),
    ("psetq", "psetf"),
    ("let*", "let"),
    ("do*", "do"),
    ("labels", "flet"),
    ("defparameter", "defvar"),
    ("eq", "eql"),
    ("equal", "eql"),
    ("equalp", "eql"),
    ("null", "not"),
    ("string-equal", "string="),
    ("collecting", "collect"),
    ("summing", "sum"),
    ("appending", "append"),
    ("counting", "count"),
    ("maximizing", "maximize"),
    ("minimizing", "minimize"),
    ("as", "for"),
    ("upfrom", "from"),
];

/// Known symbols that keep their name wherever they stand: `loop`'s words,
/// lambda-list keywords, declarations and constants (the other known
/// symbols are functions and macros: named only where they are called;
/// `loop`'s `sum`, `count` and `append` too, as they are common names of
/// variables).
const ANYWHERE: &[&str] = &[
    "t",
    "nil",
    "otherwise",
    "for",
    "in",
    "from",
    "to",
    "below",
    "above",
    "by",
    "collect",
    "maximize",
    "minimize",
    "into",
    "finally",
    "while",
    "until",
    "repeat",
    "across",
    "being",
    "the",
    "hash-keys",
    "hash-values",
    "of",
    "with",
    "initially",
    "always",
    "never",
    "thereis",
    "doing",
    "do",
    "else",
    "end",
    "downto",
    "on",
    "when",
    "unless",
    "if",
    "and",
    "return",
    "declare",
    "ignore",
    "ignorable",
    "type",
    "fixnum",
    "optimize",
    "speed",
    "safety",
    "&optional",
    "&rest",
    "&key",
    "&aux",
    "&body",
    "&allow-other-keys",
    "most-positive-fixnum",
    "most-negative-fixnum",
    "internal-time-units-per-second",
];

/// The normalised tokens of a Lisp source.
pub(crate) fn tokens(src: &str) -> Vec<Token> {
    let raw = read(src);
    let mut dropped = docstrings(&raw);
    dropped.sort_unstable();
    let mut bound = bindings(&raw);
    bound.sort_unstable();
    let mut out = Vec::with_capacity(raw.len());
    let mut called = false;
    for (i, (line, r)) in raw.iter().enumerate() {
        if dropped.binary_search(&i).is_err() {
            let binding = bound.binary_search(&i).is_ok();
            out.push(Token {
                text: normalise(r, called && !binding),
                line: *line,
            });
        }
        // The next symbol is called (or named as a function) after `(`,
        // `'` and `#'`.
        called = matches!(r, Raw::Open | Raw::Prefix("'" | "#'"));
    }
    out
}

/// The normalised text of a token; `called`: a symbol there names a
/// function (after `(`, `'`, `#'`).
fn normalise(r: &Raw, called: bool) -> String {
    match r {
        Raw::Open => "(".into(),
        Raw::Close => ")".into(),
        Raw::Prefix(p) => (*p).into(),
        Raw::Str(_) => "STR".into(),
        Raw::Char => "CHR".into(),
        Raw::Escaped => "ID".into(),
        Raw::Atom(a) => {
            let a = a.to_lowercase();
            if is_number(&a) {
                return "NUM".into();
            }
            if a.starts_with(':') {
                return if KNOWN_KEYWORDS.contains(&a.as_str()) {
                    a
                } else {
                    ":KW".into()
                };
            }
            let name = a.strip_prefix("cl:").unwrap_or(&a);
            let name = SYNONYMS
                .iter()
                .find(|(s, _)| *s == name)
                .map_or(name, |(_, canonical)| canonical);
            let known = KNOWN.contains(&name) || SYNONYMS.iter().any(|(_, c)| *c == name);
            if known && (called || ANYWHERE.contains(&name)) {
                name.into()
            } else {
                "ID".into()
            }
        }
    }
}

/// Whether an atom reads as a number: an integer, a ratio or a decimal
/// (`-12`, `3/4`, `1.5e3`, `.5`, `2d0`), or one in a radix (`#x1f`,
/// `#b101`, `#o17`, `#36rZ`), the atom lowercased.
fn is_number(a: &str) -> bool {
    if let Some(radix) = a.strip_prefix('#') {
        let digits = match radix.as_bytes().first() {
            Some(b'x' | b'b' | b'o') => &radix[1..],
            Some(b'0'..=b'9') => match radix.split_once('r') {
                Some((base, rest)) if digits(base) => rest,
                _ => return false,
            },
            _ => return false,
        };
        let digits = digits.strip_prefix(['+', '-']).unwrap_or(digits);
        return !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_alphanumeric());
    }
    let body = a.strip_prefix(['+', '-']).unwrap_or(a);
    let body = body.strip_suffix('.').unwrap_or(body);
    if body.is_empty() {
        return false;
    }
    if let Some((n, d)) = body.split_once('/') {
        return digits(n) && digits(d);
    }
    let (mantissa, exponent) = match body.find(['e', 'd', 'f', 's', 'l']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mantissa_ok =
        (digits(int) && (frac.is_empty() || digits(frac))) || (int.is_empty() && digits(frac));
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exponent_ok
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The reader's tokens with their lines (1-based).
fn read(src: &str) -> Vec<(u32, Raw<'_>)> {
    Reader::new(src).map(|t| (t.line, t.raw)).collect()
}

/// The indices of the docstrings among the reader's tokens.
fn docstrings(raw: &[(u32, Raw)]) -> Vec<usize> {
    let mut dropped = Vec::new();
    let head = |i: usize| match raw.get(i) {
        Some((_, Raw::Atom(a))) => Some(a.to_lowercase()),
        _ => None,
    };
    for i in 0..raw.len() {
        if raw[i].1 != Raw::Open {
            continue;
        }
        let Some(op) = head(i + 1) else { continue };
        let op = op.strip_prefix("cl:").unwrap_or(&op).to_string();
        match op.as_str() {
            "defun" | "defmacro" | "defmethod" | "defgeneric" => {
                // The name (a symbol, or `(setf name)`), method qualifiers,
                // the lambda list.
                let mut j = skip_datum(raw, i + 2);
                while matches!(raw.get(j), Some((_, Raw::Atom(_)))) {
                    j += 1;
                }
                if raw.get(j).map(|r| &r.1) != Some(&Raw::Open) {
                    continue;
                }
                j = skip_datum(raw, j);
                let followed = raw.get(j + 1).is_some_and(|r| r.1 != Raw::Close);
                if matches!(raw.get(j), Some((_, Raw::Str(_)))) && followed {
                    dropped.push(j);
                }
            }
            "defvar" | "defparameter" | "defconstant" => {
                let j = skip_datum(raw, skip_datum(raw, i + 2));
                let last = raw.get(j + 1).is_some_and(|r| r.1 == Raw::Close);
                if matches!(raw.get(j), Some((_, Raw::Str(_)))) && last {
                    dropped.push(j);
                }
            }
            _ => {}
        }
    }
    dropped
}

/// The indices of the symbols that name a variable where it is bound: the
/// lambda lists of `defun`, `defmacro`, `lambda`, `flet`/`labels`
/// functions, `multiple-value-bind` and `destructuring-bind`, and the
/// bindings of `let`, `let*`, `do`, `do*`, `dolist`, `dotimes`.
fn bindings(raw: &[(u32, Raw)]) -> Vec<usize> {
    let mut out = Vec::new();
    let head = |i: usize| match raw.get(i) {
        Some((_, Raw::Atom(a))) => Some(a.to_lowercase()),
        _ => None,
    };
    let open = |i: usize| matches!(raw.get(i), Some((_, Raw::Open)));
    for i in 0..raw.len() {
        if !open(i) {
            continue;
        }
        let Some(op) = head(i + 1) else { continue };
        match op.strip_prefix("cl:").unwrap_or(&op) {
            "defun" | "defmacro" => {
                let j = skip_datum(raw, i + 2);
                if open(j) {
                    names_of(raw, j, &mut out);
                }
            }
            "lambda"
            | "let"
            | "let*"
            | "do"
            | "do*"
            | "multiple-value-bind"
            | "destructuring-bind"
                if open(i + 2) =>
            {
                names_of(raw, i + 2, &mut out);
            }
            "dolist" | "dotimes" if open(i + 2) && head(i + 3).is_some() => out.push(i + 3),
            "flet" | "labels" if open(i + 2) => {
                // Each function: `(name (lambda list) body…)`.
                let end = skip_datum(raw, i + 2);
                let mut j = i + 3;
                while j < end && open(j) {
                    let ll = skip_datum(raw, j + 1);
                    if open(ll) {
                        names_of(raw, ll, &mut out);
                    }
                    j = skip_datum(raw, j);
                }
            }
            _ => {}
        }
    }
    out
}

/// The names a list of bindings or a lambda list starting at `j` (its `(`)
/// binds: each element a symbol (not a `&` keyword) or a list whose first
/// element is one.
fn names_of(raw: &[(u32, Raw)], j: usize, out: &mut Vec<usize>) {
    let end = skip_datum(raw, j).saturating_sub(1);
    let mut k = j + 1;
    while k < end {
        match &raw[k].1 {
            Raw::Atom(a) if !a.starts_with('&') => out.push(k),
            Raw::Open if matches!(raw.get(k + 1), Some((_, Raw::Atom(_)))) => out.push(k + 1),
            _ => {}
        }
        k = skip_datum(raw, k).max(k + 1);
    }
}

/// The index after the datum that starts at `i`.
fn skip_datum(raw: &[(u32, Raw)], mut i: usize) -> usize {
    while let Some((_, Raw::Prefix(p))) = raw.get(i) {
        i += 1;
        if *p == "#(" {
            // The `(` that follows is the vector's.
            break;
        }
        if matches!(*p, "#+" | "#-") {
            // The feature expression, then the datum it guards.
            i = skip_datum(raw, i);
        }
    }
    match raw.get(i) {
        Some((_, Raw::Open)) => {
            let mut depth = 0usize;
            while i < raw.len() {
                match raw[i].1 {
                    Raw::Open => depth += 1,
                    Raw::Close => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            i
        }
        Some(_) => i + 1,
        None => i,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        tokens(src).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn comments_docstrings_and_names_do_not_show() {
        let a = "(defun Score (b) \"The score.\" ; count\n  (aref b 0))";
        let b =
            "#| another\n #| nested |# comment |#\n(DEFUN pontos (Tabuleiro)\n (AREF tabuleiro 7))";
        assert_eq!(texts(a), texts(b));
        assert_eq!(texts(a).join(" "), "( defun ID ( ID ) ( aref ID NUM ) )");
    }

    #[test]
    fn synonyms_and_standard_names_used_as_variables_do_not_show() {
        let a = "(defun f (l) (let* ((n 0)) (setq n (first l)) (when (null l) (return-from f n))))";
        let b = "(defun g (list) (let ((count 0)) (setf count (car list)) (when (not list) (return-from g count))))";
        assert_eq!(texts(a), texts(b));
        assert_eq!(
            texts(a).join(" "),
            "( defun ID ( ID ) ( let ( ( ID NUM ) ) ( setf ID ( car ID ) ) \
             ( when ( not ID ) ( return-from ID ID ) ) ) )"
        );
        // Called, quoted as a function, or a word of loop: the name stays.
        assert_eq!(
            texts("(mapcar #'first (loop for x in xs collecting (list x)))").join(" "),
            "( mapcar #' car ( loop for ID in ID collect ( list ID ) ) )"
        );
    }

    #[test]
    fn a_string_alone_in_a_body_is_the_value_not_a_docstring() {
        assert_eq!(
            texts("(defun f () \"x\")").join(" "),
            "( defun ID ( ) STR )"
        );
        assert_eq!(
            texts("(defparameter *x* 1 \"doc\")").join(" "),
            "( defvar ID NUM )"
        );
        assert_eq!(
            texts("(defparameter *x* \"value\")").join(" "),
            "( defvar ID STR )"
        );
    }

    #[test]
    fn reader_syntax() {
        assert_eq!(
            texts("`(,a ,@b) #'car #\\( #x1F 3/4 -2.5e3 :test :mine |Odd Name| #(1 2)").join(" "),
            "` ( , ID ,@ ID ) #' car CHR NUM NUM NUM :test :KW ID #( ( NUM NUM )"
        );
        let lines: Vec<u32> = tokens("(a\n \"two\nlines\"\n b)")
            .iter()
            .map(|t| t.line)
            .collect();
        assert_eq!(lines, [1, 1, 2, 4, 4]);
    }
}
