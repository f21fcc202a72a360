//! Common Lisp's reader at the level of tokens, streaming: [`Reader`] walks
//! a text once and hands out one [`Token`] at a time, each borrowing its
//! text from the source when it can, so that reading a file costs nothing
//! in proportion to its size beyond the text itself.
//!
//! What it knows: parentheses, `'`, `` ` ``, `,`, `,@`, `#'`, `#(`, `#+`,
//! `#-`, `#.` (prefixes of the next datum), strings with their escapes,
//! characters (`#\a`, `#\Space`, `#\(`), `|…|` symbols, `;` and nested
//! `#| … |#` comments (dropped), and atoms (symbols and numbers, as
//! written). Everything it does not know is an atom up to the next
//! character that ends one.

use std::borrow::Cow;

/// A token as the reader sees it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Raw<'a> {
    Open,
    Close,
    /// A prefix that reads the next datum: `'`, `` ` ``, `,`, `,@`, `#'`,
    /// `#(` (followed by its `Open`), `#+`, `#-`, `#.`.
    Prefix(&'static str),
    /// A string, its text with the escapes removed.
    Str(Cow<'a, str>),
    Char,
    /// A symbol or a number, as written.
    Atom(&'a str),
    /// A symbol with `\` or `|…|` escapes.
    Escaped,
}

/// One token and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token<'a> {
    /// Its line, from 1.
    pub(crate) line: u32,
    /// Its first byte in the text.
    pub(crate) offset: usize,
    pub(crate) raw: Raw<'a>,
}

/// The tokens of a text, in order.
pub(crate) struct Reader<'a> {
    src: &'a str,
    bytes: &'a [u8],
    i: usize,
    line: u32,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(src: &'a str) -> Reader<'a> {
        Reader {
            src,
            bytes: src.as_bytes(),
            i: 0,
            line: 1,
        }
    }

    /// The character at byte `i` (the text is UTF-8: decoded when not
    /// ASCII).
    fn char_at(&self, i: usize) -> Option<char> {
        match self.bytes.get(i) {
            Some(&b) if b < 0x80 => Some(char::from(b)),
            Some(_) => self.src[i..].chars().next(),
            None => None,
        }
    }

    /// Past the character at `self.i`, counting lines.
    fn step(&mut self) {
        match self.char_at(self.i) {
            Some('\n') => {
                self.line += 1;
                self.i += 1;
            }
            Some(c) => self.i += c.len_utf8(),
            None => {}
        }
    }

    fn peek_byte(&self, k: usize) -> Option<u8> {
        self.bytes.get(self.i + k).copied()
    }

    /// `#| … |#`, nested, from just after the opening `#|`.
    fn block_comment(&mut self) {
        let mut depth = 1;
        while self.i < self.bytes.len() && depth > 0 {
            match (self.bytes[self.i], self.peek_byte(1)) {
                (b'|', Some(b'#')) => {
                    depth -= 1;
                    self.i += 2;
                }
                (b'#', Some(b'|')) => {
                    depth += 1;
                    self.i += 2;
                }
                _ => self.step(),
            }
        }
    }

    /// A string, from just after its opening `"`.
    fn string(&mut self) -> Raw<'a> {
        let start = self.i;
        let mut owned: Option<String> = None;
        while self.i < self.bytes.len() && self.bytes[self.i] != b'"' {
            if self.bytes[self.i] == b'\\' {
                let text = owned.get_or_insert_with(|| self.src[start..self.i].to_string());
                self.i += 1;
                if let Some(c) = self.char_at(self.i) {
                    text.push(c);
                    self.step();
                }
                continue;
            }
            let at = self.i;
            self.step();
            if let Some(text) = owned.as_mut() {
                text.push_str(&self.src[at..self.i]);
            }
        }
        let end = self.i;
        self.i = (self.i + 1).min(self.bytes.len());
        Raw::Str(match owned {
            Some(text) => Cow::Owned(text),
            None => Cow::Borrowed(&self.src[start..end]),
        })
    }

    /// What follows a `#`.
    fn sharp(&mut self) -> Raw<'a> {
        let next = self.peek_byte(1);
        match next {
            Some(b'\\') => {
                // A character: `#\a`, `#\Space`, `#\(`.
                self.i += 2;
                self.step();
                self.skip_constituents();
                Raw::Char
            }
            Some(b'\'') => {
                self.i += 2;
                Raw::Prefix("#'")
            }
            Some(b'(') => {
                // `#(`: the prefix now, its `(` read next.
                self.i += 1;
                Raw::Prefix("#(")
            }
            Some(b'+') | Some(b'-') | Some(b'.') => {
                self.i += 2;
                Raw::Prefix(match next {
                    Some(b'+') => "#+",
                    Some(b'-') => "#-",
                    _ => "#.",
                })
            }
            _ => {
                // `#x1F`, `#b101`, `#*101`, `#:sym`, `#2A(…)`: one atom.
                let start = self.i;
                self.i += 1;
                self.skip_constituents();
                Raw::Atom(&self.src[start..self.i])
            }
        }
    }

    fn skip_constituents(&mut self) {
        while let Some(c) = self.char_at(self.i) {
            if terminates(c) {
                break;
            }
            self.step();
        }
    }

    /// An atom, or an escaped symbol.
    fn atom(&mut self) -> Raw<'a> {
        let start = self.i;
        let mut escaped = false;
        while let Some(c) = self.char_at(self.i) {
            if terminates(c) {
                break;
            }
            if c == '\\' {
                escaped = true;
                self.i += 1;
            } else if c == '|' {
                escaped = true;
                self.bar_symbol();
                continue;
            }
            self.step();
        }
        if escaped {
            Raw::Escaped
        } else {
            Raw::Atom(&self.src[start..self.i])
        }
    }

    /// `|…|`, from its opening `|`: past the closing one.
    fn bar_symbol(&mut self) {
        self.i += 1;
        while self.i < self.bytes.len() && self.bytes[self.i] != b'|' {
            self.step();
        }
        self.i = (self.i + 1).min(self.bytes.len());
    }
}

/// Characters that end an atom.
pub(crate) fn terminates(c: char) -> bool {
    c.is_whitespace() || "()'`,\";".contains(c)
}

impl<'a> Iterator for Reader<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let c = self.char_at(self.i)?;
            let (line, offset) = (self.line, self.i);
            let token = |raw| Some(Token { line, offset, raw });
            match c {
                c if c.is_whitespace() => self.step(),
                ';' => {
                    while self.i < self.bytes.len() && self.bytes[self.i] != b'\n' {
                        self.step();
                    }
                }
                '#' if self.peek_byte(1) == Some(b'|') => {
                    self.i += 2;
                    self.block_comment();
                }
                '(' | ')' | '\'' | '`' => {
                    self.i += 1;
                    return token(match c {
                        '(' => Raw::Open,
                        ')' => Raw::Close,
                        '\'' => Raw::Prefix("'"),
                        _ => Raw::Prefix("`"),
                    });
                }
                ',' => {
                    let at = self.peek_byte(1) == Some(b'@');
                    self.i += if at { 2 } else { 1 };
                    return token(Raw::Prefix(if at { ",@" } else { "," }));
                }
                '"' => {
                    self.i += 1;
                    return token(self.string());
                }
                '#' => return token(self.sharp()),
                '|' => {
                    self.bar_symbol();
                    return token(Raw::Escaped);
                }
                _ => return token(self.atom()),
            }
        }
    }
}

/// The line and column (both from 1; the column in characters) of the
/// byte `offset` of `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raws(src: &str) -> Vec<Raw<'_>> {
        Reader::new(src).map(|t| t.raw).collect()
    }

    #[test]
    fn tokens_strings_characters_and_comments() {
        let r = raws("(defun f (x) \"a \\\"q\\\" b\" #\\( #'g) ; c \"\n#| #| |# |# 'x |a b| c\\d");
        assert_eq!(
            r,
            vec![
                Raw::Open,
                Raw::Atom("defun"),
                Raw::Atom("f"),
                Raw::Open,
                Raw::Atom("x"),
                Raw::Close,
                Raw::Str(Cow::Owned("a \"q\" b".into())),
                Raw::Char,
                Raw::Prefix("#'"),
                Raw::Atom("g"),
                Raw::Close,
                Raw::Prefix("'"),
                Raw::Atom("x"),
                Raw::Escaped,
                Raw::Escaped,
            ]
        );
    }

    #[test]
    fn lines_and_offsets_count_every_line_end() {
        let text = "(a\n \"x\ny\"\n  b)";
        let tokens: Vec<(u32, usize)> = Reader::new(text).map(|t| (t.line, t.offset)).collect();
        assert_eq!(tokens, vec![(1, 0), (1, 1), (2, 4), (4, 12), (4, 13)]);
        assert_eq!(line_column(text, 12), (4, 3));
        assert_eq!(line_column("é(", 2), (1, 2));
    }

    #[test]
    fn an_unclosed_string_or_comment_ends_at_the_end() {
        assert_eq!(raws("\"abc"), vec![Raw::Str(Cow::Borrowed("abc"))]);
        assert_eq!(raws("#| never closed"), vec![]);
        assert_eq!(raws("#\\"), vec![Raw::Char]);
        assert_eq!(raws("ção"), vec![Raw::Atom("ção")]);
    }
}
