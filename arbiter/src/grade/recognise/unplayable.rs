//! Why a submission cannot play, each reason its own, with what would
//! make it playable: words for the student (Portuguese by default) and the
//! teacher, through Fluent (`arbiter/locales/<lang>/recognise.ftl`, the
//! messages `unplayable-<kind>` and `unplayable-<kind>-fix`).

use crate::i18n::{Arg, Texts, Words};

/// Why nothing of a submission can play.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Unplayable {
    /// Refused by the intake.
    Refused { why: String },
    /// No file at all.
    Empty,
    /// No Lisp source, no Python program, no executable.
    NoSource { files: String },
    /// A project of another game.
    AnotherGame {
        other: String,
        words: String,
        game: String,
    },
    /// The year's entry is the menu: no parameters, it reads the keyboard.
    Menu { entry: String },
    /// The year's entry plays a whole game (a loop to the end).
    WholeGame { entry: String, params: String },
    /// The functions that would play are empty or unfinished.
    Unfinished { names: String },
    /// A Projeto 1 (the puzzle's search) handed in for the championship.
    ProjectOne { files: String },
    /// A search with no second player anywhere in the code (phase 2 read
    /// as a puzzle): the functions tried.
    OnePlayer { entries: String },
    /// Functions the entries tried reach do not compile (SBCL's error on
    /// the first): each fails whenever it runs.
    DoesNotCompile { functions: String, why: String },
    /// The entry answered every call without a move (how it answered).
    NoMove {
        entry: String,
        calls: usize,
        answer: String,
    },
    /// The entry read the keyboard in every call: it asks for a human's
    /// move.
    AsksHuman { entry: String, calls: usize },
    /// The code uses a package that no file defines.
    MissingPackage { package: String, uses: String },
    /// No function that could make one computer move.
    NoEntry { entry: String },
    /// The project does not load (where, why).
    DoesNotLoad { why: String },
    /// Every way of calling it that was tried failed.
    NothingPlays {
        tried: usize,
        error: String,
        entries: String,
    },
    /// The recognition itself failed (a bug of the arbiter, logged), not
    /// anything of the project.
    RecognitionFailed,
}

impl Unplayable {
    /// The Fluent message of the reason (its fix: `<id>-fix`).
    pub(crate) fn id(&self) -> &'static str {
        match self {
            Unplayable::Refused { .. } => "unplayable-refused",
            Unplayable::Empty => "unplayable-empty",
            Unplayable::NoSource { .. } => "unplayable-no-source",
            Unplayable::AnotherGame { .. } => "unplayable-another-game",
            Unplayable::Menu { .. } => "unplayable-menu",
            Unplayable::WholeGame { .. } => "unplayable-whole-game",
            Unplayable::Unfinished { .. } => "unplayable-unfinished",
            Unplayable::ProjectOne { .. } => "unplayable-project-one",
            Unplayable::OnePlayer { .. } => "unplayable-one-player",
            Unplayable::DoesNotCompile { .. } => "unplayable-does-not-compile",
            Unplayable::NoMove { .. } => "unplayable-no-move",
            Unplayable::AsksHuman { .. } => "unplayable-asks-human",
            Unplayable::MissingPackage { .. } => "unplayable-missing-package",
            Unplayable::NoEntry { .. } => "unplayable-no-entry",
            Unplayable::DoesNotLoad { .. } => "unplayable-does-not-load",
            Unplayable::NothingPlays { .. } => "unplayable-nothing-plays",
            Unplayable::RecognitionFailed => "unplayable-recognition-failed",
        }
    }

    /// The message's arguments.
    pub(crate) fn args(&self) -> Vec<(&'static str, Arg)> {
        // Names, files, errors: code, shown as they are.
        let t = |s: &String| Arg::Code(s.clone());
        match self {
            Unplayable::Refused { why } => vec![("why", t(why))],
            Unplayable::Empty | Unplayable::RecognitionFailed => Vec::new(),
            Unplayable::NoSource { files } => vec![("files", t(files))],
            Unplayable::AnotherGame { other, words, game } => {
                vec![("other", t(other)), ("words", t(words)), ("game", t(game))]
            }
            Unplayable::Menu { entry } => vec![("entry", t(entry))],
            Unplayable::WholeGame { entry, params } => {
                vec![("entry", t(entry)), ("params", t(params))]
            }
            Unplayable::Unfinished { names } => vec![("names", t(names))],
            Unplayable::ProjectOne { files } => vec![("files", t(files))],
            Unplayable::OnePlayer { entries } => vec![("entries", t(entries))],
            Unplayable::DoesNotCompile { functions, why } => {
                vec![("functions", t(functions)), ("why", t(why))]
            }
            Unplayable::NoMove {
                entry,
                calls,
                answer,
            } => {
                // The kit's words for the commonest answers, said in the
                // reader's language; any other answer shown as it is.
                let how = if answer.contains("answered NIL") {
                    "nil"
                } else if answer.contains("unchanged") {
                    "unchanged"
                } else {
                    "other"
                };
                vec![
                    ("entry", t(entry)),
                    ("n", Arg::Number(*calls as f64)),
                    ("how", Arg::Text(how.into())),
                    ("answer", t(answer)),
                ]
            }
            Unplayable::AsksHuman { entry, calls } => {
                vec![("entry", t(entry)), ("n", Arg::Number(*calls as f64))]
            }
            Unplayable::MissingPackage { package, uses } => {
                vec![("package", t(package)), ("uses", t(uses))]
            }
            Unplayable::NoEntry { entry } => vec![("entry", t(entry))],
            Unplayable::DoesNotLoad { why } => vec![("why", t(why))],
            Unplayable::NothingPlays {
                tried,
                error,
                entries,
            } => vec![
                ("n", Arg::Number(*tried as f64)),
                ("error", t(error)),
                ("entries", t(entries)),
            ],
        }
    }

    /// Why, as words to say (a page says them in its language).
    pub(crate) fn words(&self) -> Words {
        self.message(self.id().to_string())
    }

    /// What would make it playable, as words to say.
    pub(crate) fn fix_words(&self) -> Words {
        self.message(format!("{}-fix", self.id()))
    }

    fn message(&self, id: String) -> Words {
        Words {
            id,
            args: self
                .args()
                .into_iter()
                .map(|(n, a)| (n.to_string(), a))
                .collect(),
        }
    }

    /// Why, in the language of `t`.
    pub(crate) fn reason(&self, t: &Texts) -> String {
        t.plain(&self.words())
    }

    /// What would make it playable, in the language of `t`.
    pub(crate) fn fix(&self, t: &Texts) -> String {
        t.plain(&self.fix_words())
    }

    /// (why, fix) in English: the teacher's notes and the summary.
    pub(crate) fn english(&self) -> (String, String) {
        let t = crate::i18n::english();
        (self.reason(t), self.fix(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Unplayable> {
        let s = |x: &str| x.to_string();
        vec![
            Unplayable::Refused { why: s("a bomb") },
            Unplayable::Empty,
            Unplayable::NoSource { files: s("a.txt") },
            Unplayable::AnotherGame {
                other: s("dots"),
                words: s("arco, caixa"),
                game: s("knight"),
            },
            Unplayable::Menu { entry: s("jogar") },
            Unplayable::WholeGame {
                entry: s("jogar"),
                params: s("(no jogador tempo)"),
            },
            Unplayable::Unfinished {
                names: s("negamax"),
            },
            Unplayable::ProjectOne {
                files: s("procura.lisp"),
            },
            Unplayable::OnePlayer {
                entries: s("alfabeta"),
            },
            Unplayable::DoesNotCompile {
                functions: s("ajuda (jogo.lisp:12)"),
                why: s("The LET* binding spec (A 1 2) is malformed."),
            },
            Unplayable::NoMove {
                entry: s("jogar"),
                calls: 12,
                answer: s("it answered NIL"),
            },
            Unplayable::AsksHuman {
                entry: s("jogar"),
                calls: 6,
            },
            Unplayable::MissingPackage {
                package: s("p2"),
                uses: s("p2::f"),
            },
            Unplayable::NoEntry { entry: s("jogar") },
            Unplayable::DoesNotLoad {
                why: s("a.lisp:3: x"),
            },
            Unplayable::NothingPlays {
                tried: 3,
                error: s("TYPE-ERROR"),
                entries: s("jogar"),
            },
            Unplayable::RecognitionFailed,
        ]
    }

    #[test]
    fn every_reason_has_its_words_and_fix_in_both_languages() {
        for lang in ["pt", "en"] {
            let t = Texts::new(lang).unwrap();
            for u in all() {
                let (why, fix) = (u.reason(&t), u.fix(&t));
                assert!(!why.contains("unplayable-"), "{lang}: {why}");
                assert!(!fix.contains("unplayable-"), "{lang}: {fix}");
                assert!(why.len() > 20 && fix.len() > 20, "{lang}: {why} / {fix}");
            }
        }
        let t = Texts::new("pt").unwrap();
        assert_eq!(
            Unplayable::Menu { entry: "jogar".into() }.reason(&t),
            "a função jogar é o menu, sem argumentos; o campeonato chama (jogar estado tempo) e espera a jogada do computador"
        );
    }
}
