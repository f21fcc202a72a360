//! Words for people, in their language, through Project Fluent: every
//! visible word of a page (the feedback pages, the teacher's page, the
//! championship page) and of a check's findings is a message of
//! `arbiter/locales/<lang>/*.ftl` (Portuguese, `pt`; English, `en`), built
//! into the binary so it needs no file at run time.
//!
//! What the code says is [`Words`]: a message id and its arguments, kept as
//! data (a check's findings are stored so, and said in the terminal in
//! English, on a student's page in Portuguese). An argument is a number
//! (which also chooses a plural), nested words, a text already in the
//! reader's language, or *code* ([`Arg::Code`]: what a program printed, a
//! command, a move, a file's name), which pages set apart in `<code>` and
//! never translate.
//!
//! A translator edits only the `.ftl` files: plurals are Fluent selectors
//! (`{ $n -> [one] 1 jogo *[other] { $n } jogos }`, by the CLDR rules of
//! the file's locale: `pt-PT` and `en`), and the decimal separator of the
//! language is the message `decimal-separator`. The tests check that both
//! languages hold the same messages, every one the code asks for.
//!
//! ```text
//! let t = Texts::new("pt")?;
//! t.get("faults-count", &[("n", 3.into())])   // "3 jogos perdidos por falta."
//! t.plain(&words!("check-isready-none", ms = 100u64))
//! t.number(14.25, 1)                          // "14,3"
//! ```

use anyhow::{bail, Result};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// The languages: the option's word, the locale of the plural rules, the
/// translation files.
pub(crate) const LANGUAGES: [(&str, &str, [&str; 4]); 2] = [
    (
        "pt",
        "pt-PT",
        [
            include_str!("../locales/pt/grade.ftl"),
            include_str!("../locales/pt/check.ftl"),
            include_str!("../locales/pt/report.ftl"),
            include_str!("../locales/pt/recognise.ftl"),
        ],
    ),
    (
        "en",
        "en",
        [
            include_str!("../locales/en/grade.ftl"),
            include_str!("../locales/en/check.ftl"),
            include_str!("../locales/en/report.ftl"),
            include_str!("../locales/en/recognise.ftl"),
        ],
    ),
];

/// One argument of a message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Arg {
    /// Code: what a program printed, a command, a move, a file's name;
    /// shown as it is (in `<code>` on a page), never translated.
    Code(String),
    /// A text already in the reader's language (a teacher's reason), or a
    /// number written for it.
    Text(String),
    /// A number (it chooses the plural).
    Number(f64),
    /// Words said in the same language.
    Words(Box<Words>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Code(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Code(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Code(s.clone())
    }
}

impl From<Words> for Arg {
    fn from(w: Words) -> Arg {
        Arg::Words(Box::new(w))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(u32, u64, usize, i64, f64);

/// Words to say: a message id and its arguments, said in a language when
/// shown ([`Texts::plain`], [`Texts::pieces`]). The empty id says nothing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Words {
    pub(crate) id: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) args: Vec<(String, Arg)>,
}

impl Words {
    /// Nothing to say.
    pub(crate) fn none() -> Words {
        Words::default()
    }

    /// The message `id`, without arguments.
    pub(crate) fn from_id(id: &str) -> Words {
        Words {
            id: id.to_string(),
            args: Vec::new(),
        }
    }

    /// Whether there is nothing to say.
    pub(crate) fn is_empty(&self) -> bool {
        self.id.is_empty()
    }
}

/// `words!("id", name = value, …)`: [`Words`] with its arguments (a text is
/// code, a number a number, words nested; `Arg::Text(…)` for a text in the
/// reader's language).
macro_rules! words {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Words {
            id: ($id).to_string(),
            args: vec![$((stringify!($name).to_string(), $crate::i18n::Arg::from($value))),*],
        }
    };
}
pub(crate) use words;

/// A piece of a message said: plain text in the language, or code.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Piece {
    Plain(String),
    Code(String),
}

/// The messages of one language.
pub(crate) struct Texts {
    lang: &'static str,
    bundle: FluentBundle<FluentResource>,
    decimal: String,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texts").field("lang", &self.lang).finish()
    }
}

/// Marks a code argument inside a formatted message: `\u{E000}<n>\u{E001}`.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// The text before the first code marker of `text`, that code, and the
/// text after it.
fn next_marker<'a>(text: &'a str, codes: &'a [String]) -> Option<(&'a str, &'a str, &'a str)> {
    let open = text.find(OPEN)?;
    let after = &text[open + OPEN.len_utf8()..];
    let close = after.find(CLOSE)?;
    let code = after[..close]
        .parse::<usize>()
        .ok()
        .and_then(|k| codes.get(k))
        .map_or("", String::as_str);
    Some((&text[..open], code, &after[close + CLOSE.len_utf8()..]))
}

/// The English texts, made once (the terminal's language).
pub(crate) fn english() -> &'static Texts {
    static EN: OnceLock<Texts> = OnceLock::new();
    EN.get_or_init(|| Texts::new("en").expect("the English texts parse (tested)"))
}

impl Texts {
    /// The texts of `lang` (`pt` or `en`).
    pub(crate) fn new(lang: &str) -> Result<Texts> {
        let Some(&(word, locale, sources)) = LANGUAGES.iter().find(|l| l.0 == lang) else {
            bail!(
                "no texts in the language '{lang}' (known: {})",
                LANGUAGES.map(|l| l.0).join(", ")
            );
        };
        let id: LanguageIdentifier = locale
            .parse()
            .map_err(|e| anyhow::anyhow!("locale {locale}: {e}"))?;
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Plain text: the pages escape it; no bidi isolation marks.
        bundle.set_use_isolating(false);
        for source in sources {
            let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errors)| {
                anyhow::anyhow!("locales/{word}: a file does not parse: {errors:?}")
            })?;
            if let Err(errors) = bundle.add_resource(resource) {
                bail!("locales/{word}: {errors:?}");
            }
        }
        let mut texts = Texts {
            lang: word,
            bundle,
            decimal: ".".into(),
        };
        texts.decimal = texts.get("decimal-separator", &[]);
        Ok(texts)
    }

    /// The language's word (`pt`, `en`): the pages' `lang` attribute.
    pub(crate) fn lang(&self) -> &'static str {
        self.lang
    }

    /// The message `id` with its arguments, code as it is. A message
    /// missing from the files (the tests forbid it) is written as its id,
    /// with a warning.
    pub(crate) fn get(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let words = Words {
            id: id.to_string(),
            args: args
                .iter()
                .map(|(n, a)| (n.to_string(), a.clone()))
                .collect(),
        };
        self.plain(&words)
    }

    /// `words` said, code as it is (the terminal's way).
    pub(crate) fn plain(&self, words: &Words) -> String {
        let mut codes = Vec::new();
        let text = self.format(words, &mut codes);
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some((before, code, after)) = next_marker(rest, &codes) {
            out.push_str(before);
            out.push_str(code);
            rest = after;
        }
        out.push_str(rest);
        out
    }

    /// `words` said, in pieces (a page's way): plain text, and code — a
    /// code argument, or what the message itself puts between backticks
    /// (`` `isready` ``; the backticks are left out).
    pub(crate) fn pieces(&self, words: &Words) -> Vec<Piece> {
        let mut codes = Vec::new();
        let text = self.format(words, &mut codes);
        let mut out: Vec<Piece> = Vec::new();
        let mut push = |code: bool, s: &str| {
            if s.is_empty() {
                return;
            }
            match (out.last_mut(), code) {
                (Some(Piece::Code(c)), true) => c.push_str(s),
                (Some(Piece::Plain(p)), false) => p.push_str(s),
                _ => out.push(if code {
                    Piece::Code(s.to_string())
                } else {
                    Piece::Plain(s.to_string())
                }),
            }
        };
        let mut in_ticks = false;
        let mut rest = text.as_str();
        loop {
            let (before, code, after) = match next_marker(rest, &codes) {
                Some(m) => (m.0, Some(m.1), m.2),
                None => (rest, None, ""),
            };
            for (k, part) in before.split('`').enumerate() {
                if k > 0 {
                    in_ticks = !in_ticks;
                }
                push(in_ticks, part);
            }
            match code {
                Some(code) => push(true, code),
                None => break,
            }
            rest = after;
        }
        out
    }

    /// The message formatted, each code argument a marker into `codes`.
    fn format(&self, words: &Words, codes: &mut Vec<String>) -> String {
        if words.is_empty() {
            return String::new();
        }
        let Some(pattern) = self.bundle.get_message(&words.id).and_then(|m| m.value()) else {
            log::warn!("no message '{}' in locales/{}", words.id, self.lang);
            return words.id.clone();
        };
        let mut args = FluentArgs::new();
        for (name, arg) in &words.args {
            let value = match arg {
                Arg::Code(s) => {
                    codes.push(s.clone());
                    FluentValue::from(format!("{OPEN}{}{CLOSE}", codes.len() - 1))
                }
                Arg::Text(s) => FluentValue::from(s.clone()),
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Words(w) => FluentValue::from(self.format(w, codes)),
            };
            args.set(name.clone(), value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&args), &mut errors)
            .into_owned();
        if !errors.is_empty() {
            log::warn!("message '{}' ({}): {errors:?}", words.id, self.lang);
        }
        text
    }

    /// `x` with `decimals` decimals and the language's separator
    /// (`14,3` in Portuguese).
    pub(crate) fn number(&self, x: f64, decimals: usize) -> String {
        let text = format!("{:.decimals$}", x + 0.0);
        if self.decimal == "." {
            text
        } else {
            text.replace('.', &self.decimal)
        }
    }
}

/// The message ids of a translation file, in order.
#[cfg(test)]
pub(crate) fn ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The files that say things.
    const SOURCES: &[&str] = &[
        include_str!("check/mod.rs"),
        include_str!("check/common.rs"),
        include_str!("check/conformance.rs"),
        include_str!("check/first_move.rs"),
        include_str!("check/games.rs"),
        include_str!("check/isready.rs"),
        include_str!("check/malformed.rs"),
        include_str!("check/solve.rs"),
        include_str!("check/startup.rs"),
        include_str!("check/stdout.rs"),
        include_str!("check/timed.rs"),
        include_str!("grade/feedback.rs"),
        include_str!("grade/teacher.rs"),
        include_str!("grade/page.rs"),
        include_str!("grade/sample.rs"),
        include_str!("results/html/mod.rs"),
        include_str!("results/html/charts.rs"),
    ];

    /// The ids the code asks for: every `"<prefix>-…"` string literal of
    /// the files that say things, where a prefix is a locale file's.
    fn used_ids() -> BTreeSet<String> {
        let mut ids = BTreeSet::new();
        for source in SOURCES {
            for part in source.split('"').skip(1).step_by(2) {
                let known = [
                    "check-", "hint-", "what-", "grade-", "page-", "report-", "t-",
                ];
                if known.iter().any(|p| part.starts_with(p))
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                {
                    ids.insert(part.to_string());
                }
            }
        }
        ids
    }

    fn all_ids(word: &str) -> Vec<String> {
        let (_, _, sources) = LANGUAGES.iter().find(|l| l.0 == word).unwrap();
        sources.iter().flat_map(|s| ids(s)).collect()
    }

    #[test]
    fn both_languages_have_the_same_messages_and_every_one_the_code_uses() {
        for (word, _, _) in LANGUAGES {
            let list = all_ids(word);
            let set: BTreeSet<&String> = list.iter().collect();
            assert_eq!(set.len(), list.len(), "{word}: a message twice");
        }
        let pt: BTreeSet<String> = all_ids("pt").into_iter().collect();
        let en: BTreeSet<String> = all_ids("en").into_iter().collect();
        assert_eq!(
            pt.difference(&en).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "in pt, not in en"
        );
        assert_eq!(
            en.difference(&pt).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "in en, not in pt"
        );
        let used = used_ids();
        assert!(used.len() > 100, "the scan finds the ids: {used:?}");
        let missing: Vec<&String> = used.difference(&pt).collect();
        assert!(missing.is_empty(), "used but in no file: {missing:?}");
    }

    #[test]
    fn every_message_formats_in_both_languages() {
        for (word, _, _) in LANGUAGES {
            let t = Texts::new(word).unwrap();
            for id in all_ids(word) {
                let pattern = t.bundle.get_message(&id).unwrap().value().unwrap();
                let mut args = FluentArgs::new();
                for name in ["n", "ms", "count", "ranked", "games", "m", "k"] {
                    args.set(name, FluentValue::from(2.0));
                }
                let mut errors = Vec::new();
                let text = t.bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(!text.trim().is_empty(), "{word} {id} is empty");
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let pt = Texts::new("pt").unwrap();
        let en = Texts::new("en").unwrap();
        let count = |t: &Texts, n: u32| t.get("page-faults-count", &[("n", n.into())]);
        assert_eq!(count(&pt, 1), "Um jogo perdido por falta.");
        assert_eq!(count(&pt, 3), "3 jogos perdidos por falta.");
        assert_eq!(
            count(&pt, 0),
            "0 jogos perdidos por falta.",
            "pt-PT: 0 is plural"
        );
        assert_eq!(count(&en, 1), "One game lost by a fault.");
        assert_eq!(count(&en, 160), "160 games lost by a fault.");
    }

    #[test]
    fn code_is_set_apart_and_words_nest() {
        let en = Texts::new("en").unwrap();
        let w = words!(
            "check-stdout-stray",
            count = 2u32,
            seen = 5u32,
            shown = words!("check-stdout-line", line = "DEBUG {x}"),
            after = words!("check-stdout-after", sent = "go movetime 5")
        );
        let pieces = en.pieces(&w);
        assert!(
            pieces.contains(&Piece::Code("DEBUG {x}".into())),
            "{pieces:?}"
        );
        assert!(
            pieces.contains(&Piece::Code("go movetime 5".into())),
            "{pieces:?}"
        );
        assert_eq!(
            en.plain(&w),
            "2 of 5 lines are not protocol replies; the first: 'DEBUG {x}' (after `go movetime 5`)"
        );
        assert_eq!(en.plain(&Words::none()), "");
    }

    #[test]
    fn numbers_take_the_language_separator() {
        let pt = Texts::new("pt").unwrap();
        let en = Texts::new("en").unwrap();
        assert_eq!(pt.number(14.26, 1), "14,3");
        assert_eq!(en.number(0.5, 2), "0.50");
        assert_eq!(pt.number(-0.0, 0), "0");
    }

    #[test]
    fn an_unknown_language_lists_the_known_ones() {
        let e = Texts::new("fr").unwrap_err().to_string();
        assert_eq!(e, "no texts in the language 'fr' (known: pt, en)");
        assert_eq!(Texts::new("en").unwrap().lang(), "en");
    }
}
