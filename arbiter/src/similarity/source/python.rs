//! Python as its tokenizer sees it (the rules of the `tokenize` module:
//! logical lines, indentation, brackets that join lines, string prefixes
//! and triple quotes), normalised so that what a disguise changes does not
//! show.
//!
//! Dropped: comments, blank lines, and every statement made of string
//! literals alone — docstrings (the first statement of a module, `def` or
//! `class`) and the strings students use as block comments, which have no
//! effect either. Abstracted: names (`ID`, except the keywords and the
//! well-known built-ins and methods, which carry structure), numbers
//! (`NUM`), strings and f-strings (`STR`). Kept: operators, brackets, and
//! the block structure as `;` (end of a logical line, or `;`), `{`
//! (indent) and `}` (dedent), so reformatting inside a statement changes
//! nothing.
//!
//! ```text
//! def soma(xs):\n    """Adds."""\n    return sum(xs)  # total
//!   →  def ID ( ID ) : ; { return sum ( ID ) ; }
//! ```
//!
//! Limits: f-strings are one `STR` (the expressions inside are not read);
//! the soft keywords `match`, `case` and `_` are names.

use super::Token;

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Built-ins, conventional names and common methods: kept as written.
const KNOWN: &[&str] = &[
    "self",
    "cls",
    "len",
    "range",
    "enumerate",
    "zip",
    "min",
    "max",
    "abs",
    "sum",
    "sorted",
    "reversed",
    "list",
    "dict",
    "set",
    "tuple",
    "int",
    "float",
    "str",
    "bool",
    "print",
    "isinstance",
    "any",
    "all",
    "map",
    "filter",
    "iter",
    "next",
    "open",
    "round",
    "super",
    "object",
    "input",
    "Exception",
    "ValueError",
    "KeyError",
    "IndexError",
    "TypeError",
    "StopIteration",
    "NotImplementedError",
    "append",
    "extend",
    "pop",
    "insert",
    "remove",
    "items",
    "keys",
    "values",
    "get",
    "copy",
    "deepcopy",
    "join",
    "split",
    "strip",
    "format",
    "sort",
    "index",
    "count",
    "add",
    "update",
    "__init__",
    "__name__",
    "__main__",
    "__repr__",
    "__str__",
    "__eq__",
    "__hash__",
    "__lt__",
    "math",
    "random",
    "time",
    "sys",
    "inf",
    "flush",
    "stdin",
    "stdout",
    "readline",
    "write",
];

const OPERATORS3: &[&str] = &["**=", "//=", ">>=", "<<=", "...", "!="];
const OPERATORS2: &[&str] = &[
    "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
    "^=", "@=", ":=",
];

/// The normalised tokens of a Python source.
pub(crate) fn tokens(src: &str) -> Vec<Token> {
    let mut lexer = Lexer::new(src);
    while lexer.i < lexer.s.len() {
        if lexer.at_start && lexer.depth == 0 {
            match lexer.indentation() {
                LineStart::Tokens => {}
                LineStart::Blank => continue,
                LineStart::End => break,
            }
        }
        lexer.token();
    }
    lexer.finish()
}

/// What the start of a logical line holds.
enum LineStart {
    /// Tokens, from the lexer's position on.
    Tokens,
    /// Nothing: a blank or comment line, read past.
    Blank,
    /// Nothing more: only blanks to the end of the source.
    End,
}

/// The state the tokenizer carries through the source.
struct Lexer {
    s: Vec<char>,
    /// The index of the next character.
    i: usize,
    /// The physical line of the next character (from 1).
    line: u32,
    /// How many brackets are open (lines inside them are joined).
    depth: usize,
    /// The columns of the open blocks, outermost first.
    indents: Vec<usize>,
    /// Whether the next character begins a logical line.
    at_start: bool,
    /// The logical lines ended so far.
    lines: Vec<Vec<Token>>,
    /// The tokens of the logical line being read.
    current: Vec<Token>,
}

impl Lexer {
    fn new(src: &str) -> Self {
        Lexer {
            s: src.chars().collect(),
            i: 0,
            line: 1,
            depth: 0,
            indents: vec![0],
            at_start: true,
            lines: Vec::new(),
            current: Vec::new(),
        }
    }

    fn push(&mut self, text: &str, line: u32) {
        self.current.push(Token {
            text: text.to_string(),
            line,
        })
    }

    /// Ends the logical line (`;`), keeping it unless it is strings alone.
    fn end_line(&mut self) {
        let current = &mut self.current;
        let statement = current.iter().filter(|t| t.text != "{" && t.text != "}");
        let strings_only = statement.clone().all(|t| t.text == "STR");
        if statement.count() == 0 {
            self.lines.push(std::mem::take(current));
            return;
        }
        if strings_only {
            current.retain(|t| t.text != "STR");
        } else {
            current.push(Token {
                text: ";".into(),
                line: self.line,
            });
        }
        self.lines.push(std::mem::take(current));
    }

    /// Reads the indentation of a new logical line (tabs to multiples of
    /// 8), opening or closing blocks as it changes.
    fn indentation(&mut self) -> LineStart {
        let s = &self.s;
        let mut col = 0;
        let mut j = self.i;
        while j < s.len() && matches!(s[j], ' ' | '\t' | '\x0c') {
            col = if s[j] == '\t' {
                (col / 8 + 1) * 8
            } else {
                col + 1
            };
            j += 1;
        }
        if j >= s.len() {
            return LineStart::End;
        }
        if matches!(s[j], '#' | '\n' | '\r') {
            // A blank or comment line: no tokens.
            while j < s.len() && s[j] != '\n' {
                j += 1;
            }
            self.i = j + 1;
            self.line += 1;
            return LineStart::Blank;
        }
        let top = *self.indents.last().unwrap_or(&0);
        if col > top {
            self.indents.push(col);
            self.push("{", self.line);
        }
        while col < *self.indents.last().unwrap_or(&0) {
            self.indents.pop();
            self.push("}", self.line);
        }
        self.i = j;
        self.at_start = false;
        LineStart::Tokens
    }

    /// Reads the token (or the line break, blank or comment) at the
    /// lexer's position.
    fn token(&mut self) {
        let s = &self.s;
        let i = self.i;
        let c = s[i];
        match c {
            '\n' => {
                if self.depth == 0 {
                    self.end_line();
                    self.at_start = true;
                }
                self.line += 1;
                self.i += 1;
            }
            '\\' if s.get(i + 1) == Some(&'\n') => {
                self.line += 1;
                self.i += 2;
            }
            '\\' if s.get(i + 1) == Some(&'\r') && s.get(i + 2) == Some(&'\n') => {
                self.line += 1;
                self.i += 3;
            }
            c if c.is_whitespace() => self.i += 1,
            '#' => {
                while self.i < s.len() && s[self.i] != '\n' {
                    self.i += 1;
                }
            }
            '\'' | '"' => self.string(),
            c if c.is_ascii_digit()
                || (c == '.' && s.get(i + 1).is_some_and(char::is_ascii_digit)) =>
            {
                self.number()
            }
            c if c.is_alphabetic() || c == '_' => self.word(),
            _ => self.operator(),
        }
    }

    /// A string (its opening quote at the lexer's position) as `STR`.
    fn string(&mut self) {
        let here = self.line;
        self.i = string(&self.s, self.i, &mut self.line);
        self.push("STR", here);
    }

    /// A number, with its exponent's sign, as `NUM`.
    fn number(&mut self) {
        let s = &self.s;
        let mut i = self.i;
        while i < s.len() {
            let d = s[i];
            let exponent_sign = matches!(d, '+' | '-')
                && matches!(s[i - 1], 'e' | 'E')
                && !s[..i]
                    .iter()
                    .rev()
                    .take_while(|c| c.is_alphanumeric() || **c == '.')
                    .any(|c| matches!(c, 'x' | 'X'));
            if d.is_alphanumeric() || d == '_' || d == '.' || exponent_sign {
                i += 1;
            } else {
                break;
            }
        }
        self.i = i;
        self.push("NUM", self.line);
    }

    /// A name: a string's prefix, a keyword or known name as written, any
    /// other as `ID`.
    fn word(&mut self) {
        let s = &self.s;
        let start = self.i;
        let mut i = start;
        while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
            i += 1;
        }
        let word: String = s[start..i].iter().collect();
        let prefix = word.len() <= 2
            && word.chars().all(|c| "rRbBuUfF".contains(c))
            && matches!(s.get(i), Some('\'' | '"'));
        self.i = i;
        if prefix {
            self.string();
        } else if KEYWORDS.contains(&word.as_str()) || KNOWN.contains(&word.as_str()) {
            self.push(&word, self.line);
        } else {
            self.push("ID", self.line);
        }
    }

    /// An operator or bracket (the longest that matches); `;` outside
    /// brackets ends the logical line.
    fn operator(&mut self) {
        let s = &self.s;
        let i = self.i;
        let c = s[i];
        let rest: String = s[i..(i + 3).min(s.len())].iter().collect();
        let op = OPERATORS3
            .iter()
            .chain(OPERATORS2)
            .find(|o| rest.starts_with(**o))
            .map(|o| o.to_string())
            .unwrap_or_else(|| c.to_string());
        self.i += op.chars().count();
        match op.as_str() {
            "(" | "[" | "{" => self.depth += 1,
            ")" | "]" | "}" => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        if op == ";" && self.depth == 0 {
            self.end_line();
        } else {
            // Brackets are told from the block marks `{` `}`.
            let shown = match op.as_str() {
                "{" => "{{",
                "}" => "}}",
                o => o,
            };
            self.push(shown, self.line);
        }
    }

    /// Ends the last line and closes the blocks still open.
    fn finish(mut self) -> Vec<Token> {
        self.end_line();
        let last = self
            .lines
            .iter()
            .flatten()
            .last()
            .map_or(self.line, |t| t.line);
        for _ in 1..self.indents.len() {
            self.push("}", last);
        }
        self.lines.push(self.current);
        self.lines.concat()
    }
}

/// Reads the string whose opening quote is at `i`; returns the index after
/// its closing quote (or the end of its line when it is not closed).
fn string(s: &[char], mut i: usize, line: &mut u32) -> usize {
    let q = s[i];
    let triple = s.get(i + 1) == Some(&q) && s.get(i + 2) == Some(&q);
    i += if triple { 3 } else { 1 };
    while i < s.len() {
        match s[i] {
            '\\' => {
                if s.get(i + 1) == Some(&'\n') {
                    *line += 1;
                }
                i += 2;
            }
            '\n' if !triple => return i,
            '\n' => {
                *line += 1;
                i += 1;
            }
            c if c == q => {
                if !triple {
                    return i + 1;
                }
                if s.get(i + 1) == Some(&q) && s.get(i + 2) == Some(&q) {
                    return i + 3;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> String {
        tokens(src)
            .into_iter()
            .map(|t| t.text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn docstrings_comments_and_names_do_not_show() {
        let a = "\"\"\"Module.\"\"\"\n\ndef soma(xs):\n    \"\"\"Adds.\n\n    More.\"\"\"\n    # total\n    return sum(xs)  # yes\n";
        let b = "def total(numbers):\n\treturn sum(\n\t\tnumbers)\n";
        assert_eq!(texts(a), texts(b));
        assert_eq!(texts(a), "def ID ( ID ) : ; { return sum ( ID ) ; }");
    }

    #[test]
    fn strings_numbers_and_operators() {
        assert_eq!(
            texts("x = rb'a\\'b' + f\"{y}\" + '''t\n'''; z **= 0x1F + 1e-3 + .5\n"),
            "ID = STR + STR + STR ; ID **= NUM + NUM + NUM ;"
        );
        assert_eq!(texts("d = {1: [a, b]}\n"), "ID = {{ NUM : [ ID , ID ] }} ;");
    }

    #[test]
    fn lines_of_tokens() {
        let t = tokens("a = '''x\ny'''\nif a:\n    b = 1\n");
        let lines: Vec<(String, u32)> = t.into_iter().map(|t| (t.text, t.line)).collect();
        assert_eq!(lines[0], ("ID".into(), 1));
        assert_eq!(lines[2], ("STR".into(), 1));
        assert_eq!(lines[4], ("if".into(), 3));
        assert_eq!(lines.last().unwrap(), &("}".to_string(), 4));
    }
}
