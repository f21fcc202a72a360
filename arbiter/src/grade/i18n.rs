//! The texts of the pages `arbiter grade` writes for students, in their
//! language, through Project Fluent: every visible word of a feedback page
//! is a message of `arbiter/locales/<lang>/grade.ftl` (Portuguese, `pt`, by
//! default; English, `en`), built into the binary so it needs no file at
//! run time.
//!
//! A translator edits only the `.ftl` files: plurals are Fluent selectors
//! (`{ $n -> [one] 1 jogo *[other] { $n } jogos }`, by the CLDR rules of
//! the file's locale: `pt-PT` and `en`), and the decimal separator of the
//! language is the message `decimal-separator`. The tests check that both
//! files hold the same messages and every message the code asks for.
//!
//! ```text
//! let t = Texts::new("pt")?;
//! t.get("faults-count", &[("n", 3.into())])   // "3 jogos perdidos por falta."
//! t.number(14.25, 1)                          // "14,3"
//! ```

use anyhow::{bail, Result};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The languages: the option's word, the locale of the plural rules, the
/// translation file.
pub(crate) const LANGUAGES: [(&str, &str, &str); 2] = [
    ("pt", "pt-PT", include_str!("../../locales/pt/grade.ftl")),
    ("en", "en", include_str!("../../locales/en/grade.ftl")),
];

/// The recognition's texts of each language (why a submission cannot
/// play: `recognise/unplayable.rs`), added to the same bundle.
pub(crate) const RECOGNISE: [(&str, &str); 2] = [
    ("pt", include_str!("../../locales/pt/recognise.ftl")),
    ("en", include_str!("../../locales/en/recognise.ftl")),
];

/// One argument of a message: a text or a number (numbers choose plurals).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Arg {
    Text(String),
    Number(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(n as f64)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(f64::from(n))
    }
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

impl Texts {
    /// The texts of `lang` (`pt` or `en`).
    pub(crate) fn new(lang: &str) -> Result<Texts> {
        let Some(&(word, locale, source)) = LANGUAGES.iter().find(|l| l.0 == lang) else {
            bail!(
                "no texts in the language '{lang}' (known: {})",
                LANGUAGES.map(|l| l.0).join(", ")
            );
        };
        let id: LanguageIdentifier = locale
            .parse()
            .map_err(|e| anyhow::anyhow!("locale {locale}: {e}"))?;
        let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errors)| {
            anyhow::anyhow!("locales/{word}/grade.ftl does not parse: {errors:?}")
        })?;
        let mut bundle = FluentBundle::new(vec![id]);
        // Plain text: the pages escape it; no bidi isolation marks.
        bundle.set_use_isolating(false);
        if let Err(errors) = bundle.add_resource(resource) {
            bail!("locales/{word}/grade.ftl: {errors:?}");
        }
        if let Some(&(_, recognise)) = RECOGNISE.iter().find(|r| r.0 == word) {
            let resource = FluentResource::try_new(recognise.to_string()).map_err(|(_, e)| {
                anyhow::anyhow!("locales/{word}/recognise.ftl does not parse: {e:?}")
            })?;
            if let Err(errors) = bundle.add_resource(resource) {
                bail!("locales/{word}/recognise.ftl: {errors:?}");
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

    /// The message `id` with its arguments. A message missing from the
    /// file (the tests forbid it) is written as its id, with a warning.
    pub(crate) fn get(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            log::warn!("no message '{id}' in locales/{}/grade.ftl", self.lang);
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            match arg {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.as_str())),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned();
        if !errors.is_empty() {
            log::warn!("message '{id}' ({}): {errors:?}", self.lang);
        }
        text
    }

    /// `x` with `decimals` decimals and the language's separator
    /// (`14,3` in Portuguese).
    pub(crate) fn number(&self, x: f64, decimals: usize) -> String {
        let text = format!("{x:.decimals$}");
        if self.decimal == "." {
            text
        } else {
            text.replace('.', &self.decimal)
        }
    }

    /// `text` with each decimal point between two digits written with the
    /// language's separator (a rubric's `why`: `0.83 ≥ 0.75` → `0,83 ≥
    /// 0,75`).
    pub(crate) fn decimals_in(&self, text: &str) -> String {
        if self.decimal == "." {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        for (k, &c) in chars.iter().enumerate() {
            let between_digits = k > 0
                && chars[k - 1].is_ascii_digit()
                && chars.get(k + 1).is_some_and(char::is_ascii_digit);
            if c == '.' && between_digits {
                out.push_str(&self.decimal);
            } else {
                out.push(c);
            }
        }
        out
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

    /// The ids the code asks for: every `.get("…"` (a line break may
    /// follow the parenthesis) in the files that write pages.
    fn used_ids() -> BTreeSet<String> {
        let sources = [include_str!("feedback.rs"), include_str!("i18n.rs")];
        let mut ids = BTreeSet::new();
        for source in sources {
            for part in source.split(".get(").skip(1) {
                let Some(part) = part.trim_start().strip_prefix('"') else {
                    continue;
                };
                let id: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if part[id.len()..].starts_with('"') && !id.is_empty() {
                    ids.insert(id);
                }
            }
        }
        ids
    }

    #[test]
    fn both_languages_have_the_same_messages_and_every_one_the_code_uses() {
        let files: Vec<(&str, BTreeSet<String>)> = LANGUAGES
            .iter()
            .map(|(word, _, source)| (*word, ids(source).into_iter().collect()))
            .collect();
        for (word, source) in LANGUAGES.map(|l| (l.0, l.2)) {
            let list = ids(source);
            let set: BTreeSet<&String> = list.iter().collect();
            assert_eq!(set.len(), list.len(), "{word}: a message twice");
        }
        let (pt, en) = (&files[0].1, &files[1].1);
        assert_eq!(
            pt.difference(en).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "in pt, not in en"
        );
        assert_eq!(
            en.difference(pt).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "in en, not in pt"
        );
        let used = used_ids();
        assert!(used.len() > 40, "the scan finds the ids: {used:?}");
        let missing: Vec<&String> = used.difference(pt).collect();
        assert!(missing.is_empty(), "used but in no file: {missing:?}");
        let unused: Vec<&String> = pt.difference(&used).collect();
        assert!(unused.is_empty(), "in the files, never used: {unused:?}");
    }

    #[test]
    fn every_message_formats_without_error_in_both_languages() {
        for (word, _, source) in LANGUAGES {
            let t = Texts::new(word).unwrap();
            for id in ids(source) {
                let pattern = t.bundle.get_message(&id).unwrap().value().unwrap();
                let mut args = FluentArgs::new();
                for name in ["n", "step", "ranked"] {
                    args.set(name, FluentValue::from(2.0));
                }
                for name in [
                    "submission",
                    "file",
                    "command",
                    "reason",
                    "fix",
                    "game",
                    "opponent",
                    "ply",
                    "gate",
                    "grade",
                    "max",
                    "games",
                    "points",
                    "rank",
                    "best",
                    "played",
                    "drop",
                    "share",
                    "sum",
                ] {
                    args.set(name, FluentValue::from("x"));
                }
                let mut errors = Vec::new();
                let text = t.bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{word} {id}: {errors:?}");
                assert!(!text.trim().is_empty(), "{word} {id} is empty");
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let pt = Texts::new("pt").unwrap();
        let en = Texts::new("en").unwrap();
        let count = |t: &Texts, n: u32| t.get("faults-count", &[("n", n.into())]);
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
    fn numbers_take_the_language_separator() {
        let pt = Texts::new("pt").unwrap();
        let en = Texts::new("en").unwrap();
        assert_eq!(pt.number(14.26, 1), "14,3");
        assert_eq!(en.number(0.5, 2), "0.50");
        assert_eq!(
            pt.decimals_in("0.83 ≥ 0.75 · LOS 99.1 % · builtin:tabula:depth=2 v1.x"),
            "0,83 ≥ 0,75 · LOS 99,1 % · builtin:tabula:depth=2 v1.x"
        );
        assert_eq!(en.decimals_in("0.83"), "0.83");
    }

    #[test]
    fn an_unknown_language_lists_the_known_ones() {
        let e = Texts::new("fr").unwrap_err().to_string();
        assert_eq!(e, "no texts in the language 'fr' (known: pt, en)");
        assert_eq!(Texts::new("en").unwrap().lang(), "en");
    }
}
