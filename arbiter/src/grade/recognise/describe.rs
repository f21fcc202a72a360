//! The description file, `projeto.tabula`, in the season's folder beside
//! the submission's `files/`: written from what was recognised (each key
//! followed by a comment saying how it was found and how sure), kept as it
//! is once a teacher edited it (`projeto.tabula.generated` keeps what was
//! written, to tell), and read back (a description that does not read says
//! where, by line and column).

use std::fs;
use std::path::Path;

use super::source::{decode, print, read_forms, Form};
use crate::grade::{DescLine, Sureness};
use crate::lisp::{line_column, Raw, Reader};

/// The description's file name, beside the submission's `files/`.
pub(crate) const DESCRIPTION: &str = "projeto.tabula";
/// The copy of what was generated, to tell a teacher's edit.
pub(crate) const GENERATED: &str = "projeto.tabula.generated";

pub(super) fn line(
    key: &str,
    value: impl Into<String>,
    how: impl Into<String>,
    sure: Sureness,
) -> DescLine {
    DescLine {
        key: key.into(),
        value: value.into(),
        how: how.into(),
        sure,
    }
}

pub(super) fn sure_word(sure: Sureness) -> &'static str {
    match sure {
        Sureness::Given => "given",
        Sureness::Certain => "certain",
        Sureness::Likely => "likely",
        Sureness::Guess => "guess",
    }
}

/// The description's text.
pub(super) fn description_text(name: &str, lines: &[DescLine], comments: &[String]) -> String {
    let mut out = format!(
        ";;;; {DESCRIPTION} of {name}\n\
         ;;;; Written by `arbiter grade`: how the Tabula kit (adapters/lisp/run.lisp)\n\
         ;;;; loads and calls this submission (adapters/README.md, \"Projects as\n\
         ;;;; they are handed in\"). After each key: how it was found, and\n\
         ;;;; how sure (certain: verified by playing; likely; guess: check it).\n\
         ;;;; To change it, edit this file: once it differs from {GENERATED},\n\
         ;;;; reruns keep it as it is. Delete both to have it written anew.\n"
    );
    for (i, l) in lines.iter().enumerate() {
        let open = if i == 0 { "(" } else { " " };
        let how = l.how.replace('\n', " ");
        out.push_str(&format!(
            "{open}{} {} ; {how} ({})\n",
            l.key,
            l.value,
            sure_word(l.sure)
        ));
    }
    if lines.is_empty() {
        out.push('(');
    }
    out.push_str(")\n");
    for c in comments {
        out.push_str(&wrap_comment(c));
    }
    out
}

fn wrap_comment(text: &str) -> String {
    let mut out = String::new();
    let mut current = String::from(";;");
    for word in text.split_whitespace() {
        if current.len() + word.len() + 1 > 78 && current.len() > 2 {
            out.push_str(&current);
            out.push('\n');
            current = String::from(";;");
        }
        current.push(' ');
        current.push_str(word);
    }
    out.push_str(&current);
    out.push('\n');
    out
}

pub(super) fn write_description(
    desc_dir: &Path,
    name: &str,
    lines: &[DescLine],
    comments: &[String],
) -> std::io::Result<()> {
    fs::create_dir_all(desc_dir)?;
    let text = description_text(name, lines, comments);
    fs::write(desc_dir.join(DESCRIPTION), &text)?;
    fs::write(desc_dir.join(GENERATED), &text)
}

/// The teacher's description: its text, when it is not what was generated.
pub(super) fn teachers(desc: &Path, generated: &Path) -> Option<String> {
    let text = fs::read(desc).ok()?;
    match fs::read(generated) {
        Ok(ours) if ours == text => None,
        _ => Some(decode(text)),
    }
}

/// Where the parentheses of `text` do not match: `line:column: why`.
fn unmatched(text: &str) -> Option<String> {
    let mut open = Vec::new();
    for t in Reader::new(text) {
        match t.raw {
            Raw::Open => open.push(t.offset),
            Raw::Close if open.pop().is_none() => {
                let (l, c) = line_column(text, t.offset);
                return Some(format!("{l}:{c}: this ) closes nothing"));
            }
            _ => {}
        }
    }
    open.pop().map(|at| {
        let (l, c) = line_column(text, at);
        format!("{l}:{c}: this ( is never closed")
    })
}

/// The description's lines as Lisp reads them, or why it does not read
/// (with the line and column).
pub(crate) fn read_description(text: &str) -> Result<Vec<(String, String)>, String> {
    if let Some(e) = unmatched(text) {
        return Err(e);
    }
    let forms = read_forms(text);
    let Some(Form::List(items, line)) = forms.first() else {
        return Err("expected one list (:key value …)".into());
    };
    if items.len() % 2 != 0 {
        let last = items.last().map_or(*line, Form::line);
        return Err(format!(
            "{last}: expected (:key value …): a key without its value"
        ));
    }
    items
        .chunks(2)
        .map(|kv| match kv[0].atom() {
            Some(k) if k.starts_with(':') => Ok((k.to_string(), print(&kv[1]))),
            _ => Err(format!("{}: {} is not a key", kv[0].line(), print(&kv[0]))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_description_says_where() {
        assert_eq!(
            read_description("(:preset \"2023-knight\"\n :files (\"a.lisp\"\n :entry \"jogar\")"),
            Err("1:1: this ( is never closed".into())
        );
        assert_eq!(
            read_description("(:entry \"jogar\"))"),
            Err("1:17: this ) closes nothing".into())
        );
        assert_eq!(
            read_description("(:entry\n \"jogar\" :files)"),
            Err("2: expected (:key value …): a key without its value".into())
        );
        assert_eq!(
            read_description("(:entry \"jogar\" files (\"a\"))"),
            Err("1: files is not a key".into())
        );
    }
}
