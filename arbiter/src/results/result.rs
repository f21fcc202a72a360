//! The vocabulary of a game's result: [`Side`], [`Winner`], [`Reason`] and
//! [`Offender`]. Each is written in the results journal (and the records,
//! summaries and reports) as the lower-case word it always was — `p1`,
//! `draw`, `maxlength`, `both` — so journals written before these types
//! load and write back byte for byte.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use tabula::game::Player;

/// A word that is not one of a type's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWord {
    /// What was expected (`a side`, `a reason`, …).
    pub(crate) what: &'static str,
    pub(crate) found: String,
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not {}", self.found, self.what)
    }
}

impl std::error::Error for UnknownWord {}

/// Display, FromStr and serde as one of a fixed list of words.
macro_rules! words {
    ($ty:ty, $what:literal, { $($variant:pat => $word:literal),+ $(,)? }) => {
        impl $ty {
            /// The word of the journal.
            pub fn as_str(&self) -> &'static str {
                match self {
                    $($variant => $word),+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $ty {
            type Err = UnknownWord;

            fn from_str(s: &str) -> Result<Self, UnknownWord> {
                <$ty>::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == s)
                    .ok_or_else(|| UnknownWord { what: $what, found: s.to_string() })
            }
        }

        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let word = std::borrow::Cow::<'de, str>::deserialize(d)?;
                word.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

/// A side of a game: player 1 (`p1`, who moves first) or player 2 (`p2`);
/// also the side a person plays (`arbiter play --as`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Side {
    /// Player 1 (moves first).
    P1,
    /// Player 2.
    P2,
}

words!(Side, "a side (p1 or p2)", { Side::P1 => "p1", Side::P2 => "p2" });

impl Side {
    /// Both sides, player 1 first.
    pub(crate) const ALL: [Side; 2] = [Side::P1, Side::P2];

    /// The other side.
    pub(crate) fn other(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }
}

impl From<Player> for Side {
    fn from(p: Player) -> Side {
        match p {
            Player::One => Side::P1,
            Player::Two => Side::P2,
        }
    }
}

/// Who won: a side, or nobody (`draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Side(Side),
    Draw,
}

words!(Winner, "a winner (p1, p2 or draw)", {
    Winner::Side(Side::P1) => "p1",
    Winner::Side(Side::P2) => "p2",
    Winner::Draw => "draw",
});

impl Winner {
    /// Every winner.
    pub(crate) const ALL: [Winner; 3] =
        [Winner::Side(Side::P1), Winner::Side(Side::P2), Winner::Draw];

    /// The winner of an outcome on the board (`None`: a draw).
    pub(crate) fn of(player: Option<Player>) -> Winner {
        player.map_or(Winner::Draw, |p| Winner::Side(p.into()))
    }

    /// Points of `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub(crate) fn points(self, side: Side) -> f64 {
        match self {
            Winner::Draw => 0.5,
            Winner::Side(s) if s == side => 1.0,
            Winner::Side(_) => 0.0,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The game is over by the rules (the score decides).
    Normal,
    /// A move the rules refuse.
    Illegal,
    /// A `bestmove` line that is not a move of the game.
    Malformed,
    /// A move later than its budget (strict policy), or none at all.
    Timeout,
    /// No `readyok` before a move.
    Stall,
    /// The engine exited or closed its output.
    Crash,
    /// The engine failed its handshake (both: a draw).
    Startup,
    /// Adjudicated on the score at the ply limit.
    MaxLength,
    /// A person resigned or left (`arbiter play`).
    Resign,
    /// A move its program did not choose (the adapter's `info string
    /// fallback …`), under `--on-replaced lose` or past its strikes.
    Replaced,
}

words!(Reason, "a reason", {
    Reason::Normal => "normal",
    Reason::Illegal => "illegal",
    Reason::Malformed => "malformed",
    Reason::Timeout => "timeout",
    Reason::Stall => "stall",
    Reason::Crash => "crash",
    Reason::Startup => "startup",
    Reason::MaxLength => "maxlength",
    Reason::Resign => "resign",
    Reason::Replaced => "replaced",
});

impl Reason {
    /// Every reason.
    pub(crate) const ALL: [Reason; 10] = [
        Reason::Normal,
        Reason::Illegal,
        Reason::Malformed,
        Reason::Timeout,
        Reason::Stall,
        Reason::Crash,
        Reason::Startup,
        Reason::MaxLength,
        Reason::Resign,
        Reason::Replaced,
    ];

    /// Whether the score on the board decides the game (not a fault or a
    /// resignation).
    pub(crate) fn on_score(self) -> bool {
        matches!(self, Reason::Normal | Reason::MaxLength)
    }

    /// Whether the offender's program failed to give a move of its own
    /// (everything but the score deciding and a person resigning).
    pub(crate) fn is_fault(self) -> bool {
        !self.on_score() && self != Reason::Resign
    }
}

/// Who was at fault: one side, or both (a double startup failure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offender {
    Side(Side),
    Both,
}

words!(Offender, "an offender (p1, p2 or both)", {
    Offender::Side(Side::P1) => "p1",
    Offender::Side(Side::P2) => "p2",
    Offender::Both => "both",
});

impl Offender {
    /// Every offender.
    pub(crate) const ALL: [Offender; 3] = [
        Offender::Side(Side::P1),
        Offender::Side(Side::P2),
        Offender::Both,
    ];

    /// Whether `side` is at fault.
    pub(crate) fn includes(self, side: Side) -> bool {
        self == Offender::Both || self == Offender::Side(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_serialise_and_parse() {
        assert_eq!(
            serde_json::to_string(&Reason::MaxLength).unwrap(),
            "\"maxlength\""
        );
        assert_eq!("p2".parse::<Winner>(), Ok(Winner::Side(Side::P2)));
        assert_eq!(Winner::Draw.to_string(), "draw");
    }

    #[test]
    fn every_word_round_trips_through_text_and_json() {
        fn check<T>(all: &[T])
        where
            T: FromStr<Err = UnknownWord> + fmt::Display + Serialize + PartialEq + fmt::Debug,
            T: for<'de> Deserialize<'de>,
        {
            for v in all {
                let word = v.to_string();
                assert_eq!(word.parse::<T>().as_ref(), Ok(v));
                let json = serde_json::to_string(v).unwrap();
                assert_eq!(json, format!("\"{word}\""));
                assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), v);
            }
        }
        check(&Side::ALL);
        check(&[Winner::Side(Side::P1), Winner::Side(Side::P2), Winner::Draw]);
        check(&Reason::ALL);
        check(&[
            Offender::Side(Side::P1),
            Offender::Side(Side::P2),
            Offender::Both,
        ]);
        assert_eq!(
            "P1".parse::<Side>().unwrap_err().to_string(),
            "'P1' is not a side (p1 or p2)"
        );
        assert!(serde_json::from_str::<Reason>("\"adjourned\"").is_err());
    }

    #[test]
    fn points_and_fault() {
        assert_eq!(Winner::Side(Side::P1).points(Side::P1), 1.0);
        assert_eq!(Winner::Side(Side::P1).points(Side::P2), 0.0);
        assert_eq!(Winner::Draw.points(Side::P2), 0.5);
        assert!(Offender::Both.includes(Side::P1) && Offender::Both.includes(Side::P2));
        assert!(!Offender::Side(Side::P2).includes(Side::P1));
        assert_eq!(Side::P1.other(), Side::P2);
        assert_eq!(Winner::of(Some(Player::Two)), Winner::Side(Side::P2));
        assert_eq!(Winner::of(None), Winner::Draw);
    }
}

/// What a move costs that its program did not choose (an adapter's
/// `info string fallback …`): `lose` (the game, at the first one), `strikes=N`
/// (at the N-th of a game) or `count` (only recorded).
///
/// ```
/// use arbiter::OnReplaced;
///
/// assert_eq!("strikes=3".parse::<OnReplaced>(), Ok(OnReplaced::Strikes(3)));
/// assert!(OnReplaced::Strikes(3).loses(3) && !OnReplaced::Strikes(3).loses(2));
/// assert!(OnReplaced::Lose.loses(1) && !OnReplaced::Count.loses(100));
/// assert_eq!(OnReplaced::Count.to_string(), "count");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnReplaced {
    Lose,
    Strikes(u32),
    Count,
}

impl OnReplaced {
    /// Whether a side's `nth` replaced move (1-based) of a game loses it.
    pub fn loses(self, nth: u32) -> bool {
        match self {
            OnReplaced::Lose => true,
            OnReplaced::Strikes(n) => nth >= n,
            OnReplaced::Count => false,
        }
    }
}

impl fmt::Display for OnReplaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnReplaced::Lose => f.write_str("lose"),
            OnReplaced::Strikes(n) => write!(f, "strikes={n}"),
            OnReplaced::Count => f.write_str("count"),
        }
    }
}

impl FromStr for OnReplaced {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "lose" => Ok(OnReplaced::Lose),
            "count" => Ok(OnReplaced::Count),
            _ => match s.strip_prefix("strikes=").map(str::parse::<u32>) {
                Some(Ok(n)) if (1..=1000).contains(&n) => Ok(OnReplaced::Strikes(n)),
                _ => Err(format!(
                    "'{s}': expected lose, count or strikes=N (N from 1 to 1000)"
                )),
            },
        }
    }
}
