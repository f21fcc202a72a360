//! The engine's reply lines, formatted from the engine's results (pure
//! functions: the loop only decides when to send them).
//!
//! ```
//! use tabula::protocol::reply;
//! use tabula::search::Iteration;
//!
//! let it = Iteration { depth: 2, seldepth: 3, score: -4, nodes: 1500, time_ms: 3,
//!                      pv: vec!["c3".into(), "d8".into()], ..Iteration::default() };
//! assert_eq!(reply::iteration(&it),
//!            "info depth 2 seldepth 3 score cp -4 nodes 1500 nps 500000 time 3 hashfull 0 pv c3 d8");
//! assert_eq!(reply::error("go: no position"), "info string error go: no position");
//! ```

use super::command::VERBS;
use crate::games::AnyMove;
use crate::search::{Iteration, Stats};
use std::fmt;

/// Nodes per second, from a node count and milliseconds (0 ms counts as 1).
pub fn nps(nodes: u64, time_ms: u64) -> u64 {
    (nodes as u128 * 1000 / time_ms.max(1) as u128).min(u64::MAX as u128) as u64
}

/// `info depth … seldepth … score cp <x> [exact] nodes … nps … time … hashfull … pv …`
/// for one completed iteration; `exact` marks a proven score.
pub fn iteration(it: &Iteration) -> String {
    Reply::Info(Info::Search(SearchLine {
        depth: Some(it.depth),
        seldepth: Some(it.seldepth),
        score: Some(i64::from(it.score)),
        exact: it.exact,
        nodes: Some(it.nodes),
        nps: Some(nps(it.nodes, it.time_ms)),
        time: Some(it.time_ms),
        hashfull: Some(u64::from(it.hashfull)),
        pv: it.pv.iter().map(|mv| one_line(mv)).collect(),
    }))
    .to_string()
}

/// `info string stats nodes <n> alphacuts <a> betacuts <b> tthits <h> time <ms>`:
/// the course's statistics, once per search.
pub fn stats(s: &Stats) -> String {
    let pairs = [
        ("nodes", s.nodes),
        ("alphacuts", s.alpha_cuts),
        ("betacuts", s.beta_cuts),
        ("tthits", s.tt_hits),
        ("time", s.time_ms),
    ];
    Reply::Info(Info::Stats(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    ))
    .to_string()
}

/// `bestmove <move>`, or `bestmove none` when the game is over.
pub fn bestmove(best: Option<AnyMove>) -> String {
    Reply::BestMove(best.map(|mv| mv.to_string())).to_string()
}

/// `info string error <message>`, always on one line.
pub fn error(message: &str) -> String {
    Reply::Info(Info::Error(message.to_string())).to_string()
}

/// `info string <message>`, always on one line.
pub fn string(message: &str) -> String {
    Reply::Info(Info::String(message.to_string())).to_string()
}

/// `readyok [token]`.
pub fn readyok(token: Option<&str>) -> String {
    Reply::ReadyOk(token.map(str::to_string)).to_string()
}

/// `response <answer>`.
pub fn response(answer: &str) -> String {
    Reply::Response(answer.to_string()).to_string()
}

/// The answer to `help`: one line per command, its synopsis then what it
/// does (for people, like `show`).
pub fn help() -> Vec<String> {
    VERBS
        .iter()
        .map(|v| format!("{:<36} {}", v.usage, v.about))
        .collect()
}

/// Text with line breaks (and other control characters) turned into spaces,
/// so that one reply is always one line.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The first words of the replies (a `perft` line starts with a move).
pub const REPLY_WORDS: [&str; 11] = [
    "id",
    "option",
    "ugiok",
    "uciok",
    "readyok",
    "info",
    "bestmove",
    "response",
    "perft",
    "solution",
    "nosolution",
];

/// One line an engine sends (protocol.md §4): read leniently from any
/// engine (unknown `info` fields are skipped, as in UCI) and written
/// canonically. Parsing a written reply gives it back; the engine, the
/// arbiter's client, `arbiter check` and the mock engine all speak through
/// it.
///
/// ```
/// use tabula::protocol::reply::{Info, Reply, SearchLine};
///
/// let line = "info depth 3 currmove e4 score cp -2 nodes 90 pv a1 b3";
/// let Ok(Reply::Info(Info::Search(s))) = line.parse::<Reply>() else { panic!() };
/// assert_eq!((s.depth, s.score, s.nodes), (Some(3), Some(-2), Some(90)));
/// assert_eq!(s.pv, ["a1", "b3"]);
/// assert_eq!("bestmove none".parse::<Reply>(), Ok(Reply::BestMove(None)));
/// assert!("DEBUG my moves".parse::<Reply>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `id <field> <value>` (`name`, `author`).
    Id { field: String, value: String },
    /// `option …`: the declaration after the word, as sent.
    Option(String),
    /// `ugiok` (`uciok` when `uci`).
    HelloOk { uci: bool },
    /// `readyok [token]`.
    ReadyOk(Option<String>),
    /// `info …`.
    Info(Info),
    /// `bestmove <move>`; `None` for `bestmove none`.
    BestMove(Option<String>),
    /// `response <answer>`.
    Response(String),
    /// `<move> <count>`: one line of `perft`.
    PerftMove { mv: String, count: u64 },
    /// `perft <depth> <total>`: the last line of `perft`.
    Perft { depth: u32, total: u64 },
    /// `solution …`: the fields after the word, as sent.
    Solution(String),
    /// `nosolution …`: the fields after the word, as sent.
    NoSolution(String),
}

/// The kinds of `info` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// `info depth … score cp … pv …`: one search iteration.
    Search(SearchLine),
    /// `info string stats <key> <value> …`: the course's statistics.
    Stats(Vec<(String, String)>),
    /// `info string error <message>`: a refused line.
    Error(String),
    /// Any other `info string <text>`.
    String(String),
}

/// The fields of an `info` search line; each absent unless sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLine {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// `score cp <x>`: points, side to move minus opponent.
    pub score: Option<i64>,
    /// `exact` after the score: the score is proven.
    pub exact: bool,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub hashfull: Option<u64>,
    /// The principal variation (`pv` and every word after it).
    pub pv: Vec<String>,
}

/// A line that is not a reply of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAReply(pub String);

impl fmt::Display for NotAReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a reply of the protocol: '{}'", one_line(&self.0))
    }
}

impl std::error::Error for NotAReply {}

/// The first word of `text` and what follows it (leading white space
/// removed, the rest kept as sent).
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(at) => (&text[..at], text[at..].trim_start()),
        None => (text, ""),
    }
}

impl std::str::FromStr for Reply {
    type Err = NotAReply;

    fn from_str(line: &str) -> Result<Reply, NotAReply> {
        let line = line.trim_end_matches(['\n', '\r']);
        let not = || NotAReply(line.to_string());
        let (head, rest) = split_word(line);
        let words: Vec<&str> = rest.split_whitespace().collect();
        let text = || rest.trim_end().to_string();
        Ok(match head {
            "id" => {
                let (field, value) = split_word(rest);
                if field.is_empty() {
                    return Err(not());
                }
                Reply::Id {
                    field: field.to_string(),
                    value: value.trim_end().to_string(),
                }
            }
            "option" => Reply::Option(text()),
            // Anything after the word is ignored, as UCI GUIs do.
            "ugiok" | "uciok" => Reply::HelloOk {
                uci: head == "uciok",
            },
            "readyok" => match words[..] {
                [] => Reply::ReadyOk(None),
                [token] => Reply::ReadyOk(Some(token.to_string())),
                _ => return Err(not()),
            },
            "info" => Reply::Info(Info::parse(rest)),
            "bestmove" => match words.first() {
                Some(&"none") | Some(&"(none)") => Reply::BestMove(None),
                Some(mv) => Reply::BestMove(Some(mv.to_string())),
                None => return Err(not()),
            },
            "response" => Reply::Response(text()),
            "perft" => match words[..] {
                [d, n] => Reply::Perft {
                    depth: d.parse().map_err(|_| not())?,
                    total: n.parse().map_err(|_| not())?,
                },
                _ => return Err(not()),
            },
            "solution" => Reply::Solution(text()),
            "nosolution" => Reply::NoSolution(text()),
            mv => match words[..] {
                [count] if !mv.is_empty() => Reply::PerftMove {
                    mv: mv.to_string(),
                    count: count.parse().map_err(|_| not())?,
                },
                _ => return Err(not()),
            },
        })
    }
}

impl Info {
    /// The words after `info`.
    fn parse(rest: &str) -> Info {
        let (head, text) = split_word(rest);
        if head == "string" {
            let (kind, message) = split_word(text);
            return match kind {
                "error" => Info::Error(message.trim_end().to_string()),
                "stats" => {
                    let words: Vec<&str> = message.split_whitespace().collect();
                    Info::Stats(
                        words
                            .chunks(2)
                            .map(|p| (p[0].to_string(), p.get(1).unwrap_or(&"").to_string()))
                            .collect(),
                    )
                }
                _ => Info::String(text.trim_end().to_string()),
            };
        }
        Info::Search(SearchLine::parse(rest))
    }
}

impl SearchLine {
    /// The fields of an `info` line; unknown ones (`currmove e4`,
    /// `multipv 1`) are skipped a word at a time; `pv` takes the rest, and
    /// `string` ends the fields.
    fn parse(rest: &str) -> SearchLine {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut s = SearchLine::default();
        let mut i = 0;
        while i < words.len() {
            let next = words.get(i + 1);
            let num = || next.and_then(|w| w.parse::<u64>().ok());
            let taken = match words[i] {
                "depth" => num()
                    .and_then(|n| u32::try_from(n).ok())
                    .map(|n| s.depth = Some(n)),
                "seldepth" => num()
                    .and_then(|n| u32::try_from(n).ok())
                    .map(|n| s.seldepth = Some(n)),
                "nodes" => num().map(|n| s.nodes = Some(n)),
                "nps" => num().map(|n| s.nps = Some(n)),
                "time" => num().map(|n| s.time = Some(n)),
                "hashfull" => num().map(|n| s.hashfull = Some(n)),
                "score" if next == Some(&"cp") => {
                    match words.get(i + 2).and_then(|w| w.parse().ok()) {
                        Some(v) => {
                            s.score = Some(v);
                            i += 1;
                            Some(())
                        }
                        None => None,
                    }
                }
                "exact" => {
                    s.exact = true;
                    i += 1;
                    continue;
                }
                "pv" => {
                    s.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                    break;
                }
                // As in UCI, `string` takes the rest of the line.
                "string" => break,
                _ => None,
            };
            i += if taken.is_some() { 2 } else { 1 };
        }
        s
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id { field, value } => write!(f, "id {field} {}", one_line(value)),
            Reply::Option(decl) => write!(f, "option {}", one_line(decl)),
            Reply::HelloOk { uci: false } => f.write_str("ugiok"),
            Reply::HelloOk { uci: true } => f.write_str("uciok"),
            Reply::ReadyOk(None) => f.write_str("readyok"),
            Reply::ReadyOk(Some(token)) => write!(f, "readyok {token}"),
            Reply::Info(info) => write!(f, "info {info}"),
            Reply::BestMove(None) => f.write_str("bestmove none"),
            Reply::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Reply::Response(answer) => write!(f, "response {}", one_line(answer)),
            Reply::PerftMove { mv, count } => write!(f, "{mv} {count}"),
            Reply::Perft { depth, total } => write!(f, "perft {depth} {total}"),
            Reply::Solution(fields) => write!(f, "solution {}", one_line(fields)),
            Reply::NoSolution(fields) => write!(f, "nosolution {}", one_line(fields)),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::Search(s) => s.fmt(f),
            Info::Stats(pairs) => {
                f.write_str("string stats")?;
                for (key, value) in pairs {
                    write!(f, " {key} {value}")?;
                }
                Ok(())
            }
            Info::Error(message) => write!(f, "string error {}", one_line(message)),
            Info::String(text) => write!(f, "string {}", one_line(text)),
        }
    }
}

/// The fields in the order of protocol.md §4, each only when present.
impl fmt::Display for SearchLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        let mut field = |f: &mut fmt::Formatter<'_>, key: &str, value: Option<String>| {
            if let Some(v) = value {
                write!(f, "{sep}{key} {v}")?;
                sep = " ";
            }
            Ok(())
        };
        field(f, "depth", self.depth.map(|v| v.to_string()))?;
        field(f, "seldepth", self.seldepth.map(|v| v.to_string()))?;
        let exact = if self.exact { " exact" } else { "" };
        field(f, "score", self.score.map(|v| format!("cp {v}{exact}")))?;
        field(f, "nodes", self.nodes.map(|v| v.to_string()))?;
        field(f, "nps", self.nps.map(|v| v.to_string()))?;
        field(f, "time", self.time.map(|v| v.to_string()))?;
        field(f, "hashfull", self.hashfull.map(|v| v.to_string()))?;
        if !self.pv.is_empty() {
            field(f, "pv", Some(self.pv.join(" ")))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_line_shape() {
        let it = Iteration {
            depth: 5,
            seldepth: 9,
            score: 12,
            exact: true,
            nodes: 0,
            time_ms: 0,
            hashfull: 7,
            pv: vec![],
        };
        assert_eq!(
            iteration(&it),
            "info depth 5 seldepth 9 score cp 12 exact nodes 0 nps 0 time 0 hashfull 7"
        );
        assert_eq!(nps(u64::MAX, 0), u64::MAX);
    }

    #[test]
    fn replies_are_single_lines() {
        assert_eq!(error("a\nb\r"), "info string error a b ");
        assert_eq!(readyok(Some("x1")), "readyok x1");
        assert_eq!(bestmove(None), "bestmove none");
        assert_eq!(
            stats(&Stats {
                nodes: 1,
                alpha_cuts: 2,
                beta_cuts: 3,
                tt_hits: 4,
                time_ms: 5
            }),
            "info string stats nodes 1 alphacuts 2 betacuts 3 tthits 4 time 5"
        );
    }

    /// Random replies of every kind, as an engine writes them.
    fn arbitrary(rng: &mut impl rand::Rng) -> Reply {
        use crate::protocol::command::tests::arbitrary::word;
        use rand::Rng;
        // Free text: words that a reader cannot mistake for a field.
        let text = |rng: &mut dyn rand::RngCore| -> String {
            let n = rng.gen_range(1..=5);
            std::iter::repeat_with(|| word(rng))
                .filter(|w| !["error", "stats"].contains(&w.as_str()))
                .take(n)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let some = |rng: &mut dyn rand::RngCore| rng.gen_bool(0.6).then(|| rng.gen::<u64>());
        let small = |rng: &mut dyn rand::RngCore| rng.gen_bool(0.6).then(|| rng.gen::<u32>());
        match rng.gen_range(0..14) {
            0 => Reply::Id {
                field: ["name", "author"][rng.gen_range(0..2)].to_string(),
                value: text(rng),
            },
            1 => Reply::Option(text(rng)),
            2 => Reply::HelloOk { uci: rng.gen() },
            3 => Reply::ReadyOk(rng.gen_bool(0.5).then(|| word(rng))),
            4 => {
                let score = rng.gen_bool(0.7).then(|| rng.gen::<i64>());
                let pv_len = rng.gen_range(0..4);
                Reply::Info(Info::Search(SearchLine {
                    depth: small(rng),
                    seldepth: small(rng),
                    score,
                    exact: score.is_some() && rng.gen(),
                    nodes: some(rng),
                    nps: some(rng),
                    time: some(rng),
                    hashfull: some(rng),
                    pv: std::iter::repeat_with(|| word(rng)).take(pv_len).collect(),
                }))
            }
            5 => Reply::Info(Info::Stats(
                (0..rng.gen_range(0..5))
                    .map(|_| (word(rng), rng.gen::<u32>().to_string()))
                    .collect(),
            )),
            6 => Reply::Info(Info::Error(text(rng))),
            7 => Reply::Info(Info::String(text(rng))),
            8 => Reply::BestMove(rng.gen_bool(0.8).then(|| word(rng)).filter(|w| w != "none")),
            9 => Reply::Response(text(rng)),
            10 => Reply::PerftMove {
                mv: word(rng),
                count: rng.gen(),
            },
            11 => Reply::Perft {
                depth: rng.gen(),
                total: rng.gen(),
            },
            12 => Reply::Solution(text(rng)),
            _ => Reply::NoSolution(text(rng)),
        }
    }

    #[test]
    fn every_reply_round_trips_through_its_line() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..20_000 {
            let reply = arbitrary(&mut rng);
            let line = reply.to_string();
            if let Reply::PerftMove { mv, .. } = &reply {
                // A move spelled like a reply word is read as that reply.
                if line.parse::<Reply>() != Ok(reply.clone()) {
                    assert!(REPLY_WORDS.contains(&mv.as_str()), "{line}");
                    continue;
                }
            }
            assert_eq!(line.parse::<Reply>(), Ok(reply), "{line}");
        }
    }

    #[test]
    fn the_engines_lines_read_back_as_what_they_say() {
        let it = Iteration {
            depth: 5,
            seldepth: 9,
            score: -12,
            exact: true,
            nodes: 40,
            time_ms: 2,
            hashfull: 7,
            pv: vec!["a1".into(), "h2.3".into()],
        };
        let Ok(Reply::Info(Info::Search(s))) = iteration(&it).parse::<Reply>() else {
            panic!("{}", iteration(&it))
        };
        assert_eq!(
            (s.depth, s.seldepth, s.score, s.exact, s.nodes, s.nps, s.time, s.hashfull),
            (
                Some(5),
                Some(9),
                Some(-12),
                true,
                Some(40),
                Some(20_000),
                Some(2),
                Some(7)
            )
        );
        assert_eq!(s.pv, ["a1", "h2.3"]);
        assert_eq!(
            error("go: no position").parse(),
            Ok(Reply::Info(Info::Error("go: no position".into())))
        );
        assert_eq!(bestmove(None).parse(), Ok(Reply::BestMove(None)));
        // What students' engines send: UCI extras are skipped, not fatal.
        let Ok(Reply::Info(Info::Search(s))) =
            "info depth 2 multipv 1 score cp 7 currmove e4 nodes 9 pv e4 e5".parse::<Reply>()
        else {
            panic!()
        };
        assert_eq!(
            (s.depth, s.score, s.nodes, s.pv.len()),
            (Some(2), Some(7), Some(9), 2)
        );
        for stray in [
            "",
            "DEBUG my moves",
            "bestmove",
            "readyok a b",
            "perft x 3",
            "e4 many",
        ] {
            assert!(stray.parse::<Reply>().is_err(), "{stray:?}");
        }
    }
}
