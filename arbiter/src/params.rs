//! The game's parameters on the command line: `--param NAME=VALUE`
//! (repeatable) and its alias `--dots-size RxC`, read into a
//! [`GameSetup`]. The names, values and help come from the games'
//! declarations ([`tabula::game::params`]); nothing here names a game.

use anyhow::{anyhow, Result};
use clap::Args;
use tabula::games::{GameId, GameSetup, Setups};

/// `--param` and `--dots-size`, flattened into a command's arguments.
#[derive(Args, Clone, Debug, Default)]
pub struct ParamArgs {
    #[arg(long = "param", value_name = "NAME=VALUE", help = param_help())]
    pub params: Vec<String>,
    /// Board size of seeded boards, `<rows>x<cols>`: `--param size=RxC`
    /// for a game whose boards have a size (dots, default 5x6); ignored by
    /// the others.
    #[arg(long, value_name = "RxC")]
    pub dots_size: Option<String>,
}

impl ParamArgs {
    /// The setup of `game` with the parameters given (every other at its
    /// default).
    pub fn setup(&self, game: GameId) -> Result<GameSetup> {
        let mut setup = GameSetup::new(game);
        if let Some(size) = &self.dots_size {
            if setup.get("size").is_some() {
                setup
                    .set("size", size)
                    .map_err(|e| anyhow!("--dots-size: {e}"))?;
            }
        }
        for pair in &self.params {
            setup
                .set_pair(pair)
                .map_err(|e| anyhow!("--param {pair}: {e}"))?;
        }
        Ok(setup)
    }

    /// True when no parameter was given (each is at its default because
    /// nobody asked otherwise).
    pub fn none_given(&self) -> bool {
        self.params.is_empty() && self.dots_size.is_none()
    }
}

/// The help of `--param`: every parameter of every game, from the
/// declarations.
pub(crate) fn param_help() -> String {
    let mut lines = vec!["A parameter of the game, NAME=VALUE (repeatable):".to_string()];
    for param in Setups::declared() {
        let games: Vec<&str> = GameId::ALL
            .iter()
            .filter(|&&g| GameSetup::new(g).get(param.name).is_some())
            .map(|g| g.as_str())
            .collect();
        lines.push(format!(
            "{}={} ({}; default {}): {}",
            param.name.to_ascii_lowercase(),
            param.takes().replace(" or ", "|"),
            games.join(", "),
            param.default,
            param.help
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_and_the_alias_make_the_setup() {
        let args = ParamArgs {
            params: vec!["variant=2017".into()],
            dots_size: Some("3x3".into()),
        };
        // The alias is ignored by a game without a size; --param is not.
        let blokus = args.setup(GameId::Blokus).unwrap();
        assert_eq!(blokus.to_string(), "blokus variant=2017");
        let err = args.setup(GameId::Dots).unwrap_err().to_string();
        assert!(
            err.starts_with("--param variant=2017: dots has no parameter"),
            "{err}"
        );
        let dots = ParamArgs {
            params: vec![],
            dots_size: Some("3x3".into()),
        };
        assert_eq!(
            dots.setup(GameId::Dots).unwrap().to_string(),
            "dots size=3x3"
        );
        let bad = ParamArgs {
            params: vec![],
            dots_size: Some("0x3".into()),
        };
        assert!(bad
            .setup(GameId::Dots)
            .unwrap_err()
            .to_string()
            .contains("--dots-size"));
        assert!(param_help().contains("variant=2021|2017 (blokus, blokus-solo"));
    }
}
