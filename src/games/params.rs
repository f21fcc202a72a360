//! A game and its parameters' values: [`GameSetup`], a game id with a value
//! for each parameter it declares (the Dots board size, the Blokus rules
//! variant, the Adji-boto puzzle's capture row, the Solitário duel's
//! readings), and [`Setups`], one for every game.
//!
//! A game declares its parameters once, in its folder, as the typed value
//! [`Starts::Params`] (a type implementing [`Params`], whose
//! [`Params::DECLARED`] lists each [`Param`]: name, values, default, help:
//! [`crate::game::params`]); the registry carries it in an [`AnyParams`]
//! and hands it back typed ([`GameSetup::typed`], by a `match` the table
//! writes).
//! Everything else is generated from the declarations: the engine's
//! `option` lines and `setoption` ([`Setups`]), the arbiter's
//! `--param NAME=VALUE`, the position specifications' built-in starts
//! ([`crate::setup`]) and the problems of a variant. No code outside the
//! game's folder names a parameter.
//!
//! ```
//! use tabula::games::{GameId, GameSetup};
//!
//! let mut setup = GameSetup::new(GameId::Dots);
//! setup.set("size", "3x4").unwrap();
//! assert_eq!(setup.to_string(), "dots size=3x4");
//! assert_eq!(setup.random(7).unwrap().fen().split(' ').nth(1), Some("3x4"));
//! let err = setup.set("Variant", "2017").unwrap_err();
//! assert_eq!(err.to_string(), "dots has no parameter 'Variant' (its parameters: Size)");
//! ```

use super::any::AnyPosition;
use super::registry::{AnyParams, GameId, Registered};
use crate::game::{Param, Params, Starts};
use crate::with_game_id;
use std::fmt;

/// A parameter that could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// The game declares no parameter of that name.
    Unknown { game: GameId, name: String },
    /// No game declares a parameter of that name.
    UnknownAnywhere(String),
    /// The value is refused; `why` says what the parameter takes.
    Value { name: &'static str, why: String },
    /// Not `NAME=VALUE`.
    Syntax(String),
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown { game, name } => {
                let names: Vec<&str> = GameSetup::new(*game)
                    .declared()
                    .iter()
                    .map(|p| p.name)
                    .collect();
                if names.is_empty() {
                    write!(f, "{game} has no parameters (found '{name}')")
                } else {
                    write!(
                        f,
                        "{game} has no parameter '{name}' (its parameters: {})",
                        names.join(", ")
                    )
                }
            }
            ParamError::UnknownAnywhere(name) => {
                write!(f, "no game has a parameter '{name}'")
            }
            ParamError::Value { name, why } => write!(f, "{name}: {why}"),
            ParamError::Syntax(text) => {
                write!(f, "expected NAME=VALUE (such as size=3x3), found '{text}'")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// A game and a value for each of its parameters: what a built-in start
/// (`startpos`, `random`, a course problem) is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    params: AnyParams,
}

impl GameSetup {
    /// `game` with every parameter at its default.
    pub fn new(game: GameId) -> GameSetup {
        GameSetup {
            params: AnyParams::default_of(game),
        }
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.params.game()
    }

    /// The parameters the game declares.
    pub fn declared(&self) -> &'static [Param] {
        with_game_id!(self.game(), G => <<G as Starts>::Params as Params>::DECLARED)
    }

    /// The declaration named `name` (any case) and its index.
    fn find(&self, name: &str) -> Result<(usize, &'static Param), ParamError> {
        self.declared()
            .iter()
            .enumerate()
            .find(|(_, p)| p.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| ParamError::Unknown {
                game: self.game(),
                name: name.trim().to_string(),
            })
    }

    /// Sets the parameter `name` (any case) to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let (index, param) = self.find(name)?;
        self.params
            .set(index, value.trim())
            .map_err(|why| ParamError::Value {
                name: param.name,
                why,
            })
    }

    /// Sets a parameter from `NAME=VALUE` (the arbiter's `--param`).
    pub fn set_pair(&mut self, pair: &str) -> Result<(), ParamError> {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| ParamError::Syntax(pair.to_string()))?;
        self.set(name, value)
    }

    /// The value of the parameter `name` (any case), if the game has it.
    pub fn get(&self, name: &str) -> Option<String> {
        let (index, _) = self.find(name).ok()?;
        Some(self.params.get(index))
    }

    /// Every parameter with its value, in declaration order.
    pub fn values(&self) -> Vec<(&'static Param, String)> {
        (self.declared().iter().enumerate())
            .map(|(i, p)| (p, self.params.get(i)))
            .collect()
    }

    /// The parameters not at their default, as `name=value` (lowercase
    /// names): what tells this setup from [`GameSetup::new`].
    pub fn changed(&self) -> Vec<String> {
        self.values()
            .into_iter()
            .filter(|(p, v)| !p.default.eq_ignore_ascii_case(v))
            .map(|(p, v)| format!("{}={v}", p.name.to_ascii_lowercase()))
            .collect()
    }

    /// The same values carried to `game` (its sibling, say): each parameter
    /// `game` declares under the same name takes this setup's value.
    pub fn for_game(&self, game: GameId) -> GameSetup {
        let mut other = GameSetup::new(game);
        for (param, value) in self.values() {
            // A same-named declaration takes the same values (tested).
            let _ = other.set(param.name, &value);
        }
        other
    }

    /// The game's fixed start (`position startpos`), if it has one.
    pub fn startpos(&self) -> Option<AnyPosition> {
        self.params.startpos()
    }

    /// The seeded random start (`position random <game> <seed>`), if the
    /// game has random starts.
    pub fn random(&self, seed: u64) -> Option<AnyPosition> {
        self.params.random(seed)
    }

    /// Applies the parameters to a start read from elsewhere (a course
    /// problem): the Adji-boto puzzle's capture row, say. A position of
    /// another game is left as it is.
    pub fn apply(&self, pos: &mut AnyPosition) {
        self.params.apply(pos);
    }

    /// The typed parameters, when `G` is the game's state type (the caller
    /// knows it from [`GameSetup::game`]); `None` for another game's type.
    pub fn typed<G: Registered>(&self) -> Option<G::Params> {
        G::params(&self.params)
    }

    /// The parameter that `position random` takes after the seed, if any.
    pub fn random_word(&self) -> Option<&'static Param> {
        self.declared().iter().find(|p| p.in_random)
    }
}

impl fmt::Display for GameSetup {
    /// `dots size=3x4`: the game id, then the parameters not at their
    /// default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game().as_str())?;
        for pair in self.changed() {
            write!(f, " {pair}")?;
        }
        Ok(())
    }
}

impl From<GameId> for GameSetup {
    fn from(game: GameId) -> GameSetup {
        GameSetup::new(game)
    }
}

/// The parameters of every game: what the engine's options set. A
/// parameter name declared by several games (the Blokus `Variant`, by the
/// duel and the puzzle) sets it in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setups {
    each: Vec<GameSetup>,
}

impl Default for Setups {
    fn default() -> Setups {
        Setups {
            each: GameId::ALL.iter().map(|&g| GameSetup::new(g)).collect(),
        }
    }
}

impl Setups {
    /// The setup of `game`.
    pub fn of(&self, game: GameId) -> GameSetup {
        let i = GameId::ALL.iter().position(|&g| g == game).unwrap_or(0);
        self.each
            .get(i)
            .copied()
            .unwrap_or_else(|| GameSetup::new(game))
    }

    /// Sets `name` to `value` in every game that declares it. Nothing is
    /// changed when a game refuses the value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let mut each = self.each.clone();
        let mut found = false;
        for setup in &mut each {
            match setup.set(name, value) {
                Ok(()) => found = true,
                Err(ParamError::Unknown { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if !found {
            return Err(ParamError::UnknownAnywhere(name.trim().to_string()));
        }
        self.each = each;
        Ok(())
    }

    /// Does some game declare a parameter `name` (any case)?
    pub fn has(&self, name: &str) -> bool {
        Setups::declared()
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// Every parameter of every game, each name once, in the order of the
    /// registry: the engine's options.
    pub fn declared() -> Vec<&'static Param> {
        let mut all: Vec<&'static Param> = Vec::new();
        for &game in &GameId::ALL {
            for param in GameSetup::new(game).declared() {
                if !all.iter().any(|p| p.name.eq_ignore_ascii_case(param.name)) {
                    all.push(param);
                }
            }
        }
        all
    }
}

impl From<GameSetup> for Setups {
    /// Defaults, but `setup` for its game and its values for every other
    /// game that declares the same names (the sibling).
    fn from(setup: GameSetup) -> Setups {
        Setups {
            each: GameId::ALL
                .iter()
                .map(|&g| {
                    if g == setup.game() {
                        setup
                    } else {
                        setup.for_game(g)
                    }
                })
                .collect(),
        }
    }
}

impl AnyParams {
    fn set(&mut self, index: usize, value: &str) -> Result<(), String> {
        crate::with_params!(self, p, _G => p.set(index, value))
    }

    fn get(&self, index: usize) -> String {
        crate::with_params!(self, p, _G => p.get(index))
    }

    fn startpos(&self) -> Option<AnyPosition> {
        crate::with_params!(self, p, G => G::startpos(p).map(|mut pos| {
            pos.apply(p);
            AnyPosition::from(pos)
        }))
    }

    fn random(&self, seed: u64) -> Option<AnyPosition> {
        crate::with_params!(self, p, G => G::random(seed, p).map(|mut pos| {
            pos.apply(p);
            AnyPosition::from(pos)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Values;

    #[test]
    fn same_named_parameters_agree_across_games() {
        for &a in &GameId::ALL {
            for &b in &GameId::ALL {
                for p in GameSetup::new(a).declared() {
                    for q in GameSetup::new(b).declared() {
                        if p.name.eq_ignore_ascii_case(q.name) {
                            assert_eq!(p, q, "{a} and {b} declare {} differently", p.name);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_declared_value_round_trips_and_the_default_is_default() {
        for &game in &GameId::ALL {
            let setup = GameSetup::new(game);
            assert!(setup.changed().is_empty(), "{game}: {:?}", setup.changed());
            for param in setup.declared() {
                assert!(!param.help.is_empty(), "{game} {}", param.name);
                assert_eq!(setup.get(param.name).as_deref(), Some(param.default));
                if let Values::Choice(words) = param.values {
                    for word in words {
                        let mut s = setup;
                        s.set(param.name, &word.to_ascii_uppercase()).unwrap();
                        assert_eq!(s.get(param.name).as_deref(), Some(*word));
                        assert_eq!(s == setup, word == &param.default, "{game} {word}");
                    }
                }
                let mut s = setup;
                let err = s.set(param.name, "nonsense").unwrap_err().to_string();
                assert!(
                    err.contains("expected") && err.contains("nonsense"),
                    "{err}"
                );
                assert_eq!(s, setup, "a refused value changes nothing");
            }
        }
    }

    #[test]
    fn setups_set_a_name_in_every_game_that_declares_it() {
        let mut all = Setups::default();
        let declared = Setups::declared();
        assert!(declared.len() >= 5, "{declared:?}");
        for param in declared {
            if let Values::Choice(words) = param.values {
                all.set(param.name, words[words.len() - 1]).unwrap();
            }
        }
        let changed = GameId::ALL
            .iter()
            .filter(|&&g| !all.of(g).changed().is_empty())
            .count();
        assert!(changed >= 4, "{changed}");
        assert!(matches!(
            all.set("NoSuchThing", "1"),
            Err(ParamError::UnknownAnywhere(_))
        ));
    }

    #[test]
    fn pairs_and_display() {
        let mut s = GameSetup::new(GameId::Knight);
        assert_eq!(s.to_string(), "knight");
        assert!(matches!(s.set_pair("size"), Err(ParamError::Syntax(_))));
        assert!(s
            .set_pair("size=3x3")
            .unwrap_err()
            .to_string()
            .contains("no parameters"));
    }
}
