//! The record of one game: the line of the results journal
//! ([`GameRecord`]), its key in the tournament ([`GameKey`]), the late
//! moves and the moves their programs did not choose.
//!
//! A key is written `r<round>-p<pairing>-b<board>-c<colour>`, and a results
//! line spells its numbers out besides (`"key":"r0-p1-b2-c1","round":0,
//! "pairing":1,"board":2,"colour":1`): the text is the key, the numbers are
//! kept as read and must agree with it (resume checks).

use crate::engines::client::SearchInfo;
use crate::results::result::{Offender, Reason, Side, Winner};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use tabula::games::AnyPosition;

/// Where a game sits in a tournament: the key of the journal. Keys order
/// by their numbers (round, pairing, board, colour), not as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameKey {
    pub(crate) round: u32,
    pub(crate) pairing: u32,
    pub(crate) board: u32,
    /// 0: the pairing's first entrant is player 1; 1: colours swapped.
    pub(crate) colour: u32,
}

impl GameKey {
    /// The pair of colour-swapped games the game belongs to: its round,
    /// pairing and board (both colours share them).
    pub(crate) fn pair(&self) -> (u32, u32, u32) {
        (self.round, self.pairing, self.board)
    }
}

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{}-p{}-b{}-c{}",
            self.round, self.pairing, self.board, self.colour
        )
    }
}

impl FromStr for GameKey {
    type Err = BadKey;

    /// `r<round>-p<pairing>-b<board>-c<colour>` back into a key.
    fn from_str(text: &str) -> Result<GameKey, BadKey> {
        let mut parts = text.split('-');
        let mut field =
            |tag: char| -> Option<u32> { parts.next()?.strip_prefix(tag)?.parse().ok() };
        let key = (|| {
            Some(GameKey {
                round: field('r')?,
                pairing: field('p')?,
                board: field('b')?,
                colour: field('c')?,
            })
        })();
        match key {
            Some(key) if parts.next().is_none() => Ok(key),
            _ => Err(BadKey(text.to_string())),
        }
    }
}

/// A text that is not a game key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadKey(String);

impl fmt::Display for BadKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a game key (r<round>-p<pairing>-b<board>-c<colour>)",
            self.0
        )
    }
}

impl std::error::Error for BadKey {}

/// A key is written as its text.
impl Serialize for GameKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameKey, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// A key as the four numbers a results line spells out besides its text
/// (`"round":0,"pairing":1,"board":2,"colour":1`).
mod key_numbers {
    use super::GameKey;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Numbers {
        round: u32,
        pairing: u32,
        board: u32,
        colour: u32,
    }

    pub(super) fn serialize<S: Serializer>(key: &GameKey, s: S) -> Result<S::Ok, S::Error> {
        Numbers {
            round: key.round,
            pairing: key.pairing,
            board: key.board,
            colour: key.colour,
        }
        .serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKey, D::Error> {
        let n = Numbers::deserialize(d)?;
        Ok(GameKey {
            round: n.round,
            pairing: n.pairing,
            board: n.board,
            colour: n.colour,
        })
    }
}

/// A move that came later than its budget (lenient policy).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Late {
    /// 0-based ply.
    pub(crate) ply: usize,
    pub(crate) overrun_ms: u64,
}

/// A move its program did not choose: the adapter said so (`info string
/// fallback <reason>`) before its `bestmove`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ReplacedMove {
    /// 0-based ply (the move was not played when it lost the game).
    pub(crate) ply: usize,
    pub(crate) side: Side,
    /// The move the adapter answered.
    #[serde(rename = "move")]
    pub(crate) mv: String,
    /// The adapter's reason (`error …`, `illegal …`, `nomove …`, …).
    pub(crate) reason: String,
}

/// The moves a player was asked for where it had a choice (more than one
/// legal move: a forced pass, or a lone legal move, is nobody's choice) and
/// how many of them its own program chose. Not its own: a move an adapter
/// made in its place (`info string fallback`), and the move a fault ended
/// the game on (an illegal or malformed answer, no answer in time, a crash).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct OwnMoves {
    pub(crate) asked: u32,
    pub(crate) own: u32,
}

impl OwnMoves {
    /// Adds another game's count.
    pub(crate) fn add(&mut self, other: OwnMoves) {
        self.asked += other.asked;
        self.own += other.own;
    }

    /// The share of its own moves (0–1), `None` before any move asked.
    pub(crate) fn share(&self) -> Option<f64> {
        (self.asked > 0).then(|| f64::from(self.own) / f64::from(self.asked))
    }
}

/// One line of the results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Fingerprint of the tournament (game, boards, entrants, time control).
    pub(crate) tournament: String,
    /// Where the game sits in the tournament, written
    /// `r<round>-p<pairing>-b<board>-c<colour>`.
    pub key: GameKey,
    /// The key's numbers as the line spells them out besides (`round`,
    /// `pairing`, `board`, `colour`): those of `key`, or the line is not
    /// trusted on resume.
    #[serde(flatten, with = "key_numbers")]
    pub(crate) numbers: GameKey,
    pub(crate) game: String,
    pub p1: String,
    pub p2: String,
    /// `p1`, `p2` or `draw`.
    pub winner: Winner,
    /// `normal`, `illegal`, `malformed`, `timeout`, `stall`, `crash`,
    /// `startup`, `maxlength`, `resign`.
    pub reason: Reason,
    /// The side at fault, if any (`p1`, `p2`, or `both` for a double startup failure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offender: Option<Offender>,
    /// The offending line verbatim, the exit status, … (faults only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) overrun_ms: Option<u64>,
    pub start: String,
    pub moves: Vec<String>,
    pub(crate) score1: u32,
    pub(crate) score2: u32,
    /// Thinking time of each move (ms; the engine's `go` to `bestmove`).
    pub times_ms: Vec<u64>,
    /// CPU time of each move (ms): an engine's, all its processes, since its
    /// last move (pondering included unless `--freeze-idle`); a built-in
    /// player's thread's; `null` for a person. Absent in older journals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) cpu_ms: Vec<Option<u64>>,
    /// The mover's last reported depth, score, nodes and cuts for each move.
    pub(crate) info: Vec<SearchInfo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) late: Vec<Late>,
    /// The engine traffic of the game, when kept (faults, or `--debug`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) log: Option<String>,
    pub(crate) duration_ms: u64,
    /// How many moves of player 1 / player 2 their programs did not choose
    /// (always written; absent only in journals older than the count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) replaced1: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) replaced2: Option<u32>,
    /// Each of those moves, with the adapter's reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) replaced: Vec<ReplacedMove>,
}

impl GameRecord {
    /// The moves `side` was asked for where it had a choice, and how many
    /// of them its own program chose: see [`OwnMoves`], the one definition
    /// the check, the standings, the summary, the evidence and the rubric
    /// use.
    pub(crate) fn own_moves(&self, side: Side) -> OwnMoves {
        let mut out = OwnMoves::default();
        let Ok(mut pos) = AnyPosition::from_fen(&self.start) else {
            return out;
        };
        let not_chosen: Vec<usize> = self
            .replaced
            .iter()
            .filter(|r| r.side == side)
            .map(|r| r.ply)
            .collect();
        let ask = |pos: &AnyPosition| {
            Side::from(pos.side_to_move()) == side && pos.legal_moves().len() > 1
        };
        for (ply, m) in self.moves.iter().enumerate() {
            if ask(&pos) {
                out.asked += 1;
                out.own += u32::from(!not_chosen.contains(&ply));
            }
            if pos.play_text(m).is_err() {
                return out;
            }
        }
        // The move a fault ended the game on: asked for, never its own.
        let faulted = self.offender.is_some_and(|o| o.includes(side)) && self.reason.is_fault();
        if faulted && ask(&pos) {
            out.asked += 1;
        }
        out
    }

    /// The fields that a replay of the same game must reproduce (everything
    /// but times and log paths).
    pub(crate) fn same_game(&self, other: &GameRecord) -> bool {
        (
            &self.key,
            &self.p1,
            &self.p2,
            &self.winner,
            &self.reason,
            &self.start,
            &self.moves,
        ) == (
            &other.key,
            &other.p1,
            &other.p2,
            &other.winner,
            &other.reason,
            &other.start,
            &other.moves,
        ) && (self.score1, self.score2) == (other.score1, other.score2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_order_by_their_numbers() {
        let k = GameKey {
            round: 2,
            pairing: 13,
            board: 4,
            colour: 1,
        };
        assert_eq!(k.to_string(), "r2-p13-b4-c1");
        assert_eq!(k.to_string().parse::<GameKey>().ok(), Some(k));
        assert!("r1-p2-b3".parse::<GameKey>().is_err());
        assert!("r1-p2-b3-c0-x".parse::<GameKey>().is_err());
        let key = |s: &str| s.parse::<GameKey>().unwrap();
        assert!(key("r2-p0-b0-c0") < key("r10-p0-b0-c0"), "not as text");
        assert!(key("r0-p9-b0-c1") < key("r0-p10-b0-c0"));
        assert_eq!(serde_json::to_string(&k).unwrap(), "\"r2-p13-b4-c1\"");
    }

    #[test]
    fn a_line_spells_the_key_out_and_is_written_back_as_read() {
        let line = include_str!("../../tests/data/journal.jsonl")
            .lines()
            .next()
            .unwrap();
        let r: GameRecord = serde_json::from_str(line).unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), line, "byte for byte");
        assert_eq!(r.numbers, r.key);
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["key"], r.key.to_string());
        v["board"] = (r.key.board + 1).into();
        let odd: GameRecord = serde_json::from_str(&v.to_string()).unwrap();
        assert_eq!(odd.key, r.key, "the text is the key");
        assert_ne!(odd.numbers, odd.key);
        assert_eq!(serde_json::to_value(&odd).unwrap(), v);
    }
}
