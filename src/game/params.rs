//! A game's parameters as the game declares them: the settings it takes in
//! its own folder (a board size, a rules variant, a capture row, a reading
//! the rules leave open), each a [`Param`] (name, values, default, help),
//! gathered in the typed value [`Params`] that the game names as
//! [`Starts::Params`](super::Starts::Params).
//!
//! This is the vocabulary only: the games layer carries a game and its
//! values ([`crate::games::GameSetup`]) and generates from the declarations
//! the engine's options, the arbiter's `--param NAME=VALUE` and the
//! position specifications' built-in starts. No code outside the game's
//! folder names a parameter.
//!
//! ```
//! use tabula::game::{Param, Params, Values};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
//! struct Wide(bool);
//!
//! impl Params for Wide {
//!     const DECLARED: &'static [Param] = &[Param {
//!         name: "Wide",
//!         values: Values::Choice(&["no", "yes"]),
//!         default: "no",
//!         help: "a wider board",
//!         in_random: false,
//!         samples: &[],
//!     }];
//!     fn set(&mut self, index: usize, value: &str) -> Result<(), String> {
//!         self.0 = Self::DECLARED[index].choice(value)? == 1;
//!         Ok(())
//!     }
//!     fn get(&self, _index: usize) -> String {
//!         ["no", "yes"][self.0 as usize].to_string()
//!     }
//! }
//!
//! let mut wide = Wide::default();
//! wide.set(0, "YES").unwrap();
//! assert_eq!(wide.get(0), "yes");
//! assert_eq!(wide.set(0, "maybe").unwrap_err(), "expected no or yes, found 'maybe'");
//! assert_eq!(Wide::DECLARED[0].option_line(), "name Wide type combo default no var no var yes");
//! ```

use std::fmt;

/// One parameter a game declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The name: the engine option's (`Variant`) and, in any case, the
    /// arbiter's `--param variant=…`.
    pub name: &'static str,
    /// The values it takes.
    pub values: Values,
    /// The default value, as written.
    pub default: &'static str,
    /// One line for the help and the documentation.
    pub help: &'static str,
    /// May be given as the word after the seed of `position random <game>
    /// <seed>` (the Dots size).
    pub in_random: bool,
    /// Values a check of an engine samples boards of when the parameter
    /// is not given (`arbiter check`'s rule conformance: the Dots sizes);
    /// empty: the default only.
    pub samples: &'static [&'static str],
}

/// The values a [`Param`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// One of these words (any case on input); an engine `combo` option.
    Choice(&'static [&'static str]),
    /// A value of this shape (`<rows>x<cols>, each 1..10`); an engine
    /// `string` option.
    Text(&'static str),
}

impl Param {
    /// The declaration of the engine's `option` line (the words after
    /// `option`).
    pub fn option_line(&self) -> String {
        match self.values {
            Values::Choice(words) => {
                let vars: Vec<String> = words.iter().map(|w| format!("var {w}")).collect();
                format!(
                    "name {} type combo default {} {}",
                    self.name,
                    self.default,
                    vars.join(" ")
                )
            }
            Values::Text(_) => format!("name {} type string default {}", self.name, self.default),
        }
    }

    /// What the parameter takes, for messages: `any or opposite`,
    /// `<rows>x<cols>, each 1..10`.
    pub fn takes(&self) -> String {
        match self.values {
            Values::Choice(words) => match words {
                [] => String::new(),
                [one] => (*one).to_string(),
                [head @ .., last] => format!("{} or {last}", head.join(", ")),
            },
            Values::Text(shape) => shape.to_string(),
        }
    }

    /// The index of `value` among a [`Values::Choice`]'s words (any case),
    /// or the message for a refused value.
    pub fn choice(&self, value: &str) -> Result<usize, String> {
        let value = value.trim();
        let words = match self.values {
            Values::Choice(words) => words,
            Values::Text(_) => &[],
        };
        words
            .iter()
            .position(|w| w.eq_ignore_ascii_case(value))
            .ok_or_else(|| self.refusal(value))
    }

    /// The message for a refused value: `expected any or opposite, found 'x'`.
    pub fn refusal(&self, value: &str) -> String {
        format!("expected {}, found '{}'", self.takes(), value.trim())
    }
}

/// The typed parameters of a game: its [`Starts::Params`](super::Starts::Params).
///
/// `set` and `get` address a parameter by its index in
/// [`Params::DECLARED`]; [`GameSetup`](crate::games::GameSetup) finds the
/// index by name.
pub trait Params: Copy + Default + Eq + fmt::Debug + Send + Sync + 'static {
    /// The parameters, in the order of the engine's options.
    const DECLARED: &'static [Param];

    /// Sets parameter `index` from its text (trimmed by the caller), or
    /// says what it takes ([`Param::refusal`]).
    fn set(&mut self, index: usize, value: &str) -> Result<(), String>;

    /// The value of parameter `index`, as [`Params::set`] reads it.
    fn get(&self, index: usize) -> String;
}

/// A game without parameters.
impl Params for () {
    const DECLARED: &'static [Param] = &[];

    fn set(&mut self, _index: usize, _value: &str) -> Result<(), String> {
        Err("the game has no parameters".to_string())
    }

    fn get(&self, _index: usize) -> String {
        String::new()
    }
}
