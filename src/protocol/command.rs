//! Pure parsing of protocol lines into [`Command`]s.
//!
//! Nothing here touches the engine: a line becomes a [`Command`] or a
//! [`CommandError`] that says what was wrong and why, ready to be sent back as
//! `info string error <message>`. Keywords are case-insensitive; words are
//! separated by any whitespace.
//!
//! [`VERBS`] is the one list of commands: the parser dispatches through it,
//! and `help` and the unknown-command error are written from it, so a command
//! cannot be accepted without being listed.
//!
//! ```
//! use tabula::protocol::command::{Command, Query};
//! use tabula::search::Limits;
//!
//! assert_eq!(Command::parse("isready 42").unwrap(), Some(Command::IsReady(Some("42".into()))));
//! assert_eq!(Command::parse("query p1turn").unwrap(), Some(Command::Query(Query::P1Turn)));
//! let Some(Command::Go(limits)) = Command::parse("go movetime 500").unwrap() else { panic!() };
//! assert_eq!(limits, Limits { movetime: Some(500), ..Limits::default() });
//! assert!(Command::parse("go movetime soon").unwrap_err().to_string().contains("movetime"));
//! assert_eq!(Command::parse("   ").unwrap(), None);
//! ```

use crate::puzzle::SolveOptions;
use crate::search::{Clock, Limits};
use std::fmt;

/// One command of the protocol (see protocol.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi` (`uci` when `uci` is true): identify and list the options.
    Hello { uci: bool },
    /// `isready [token]`.
    IsReady(Option<String>),
    /// `uginewgame` / `ucinewgame`.
    NewGame,
    /// `setoption name <name> value <value>` (the value may hold spaces).
    SetOption { name: String, value: String },
    /// `position <spec> [moves …]`: the words after `position`, resolved by
    /// [`crate::setup::parse_words`] against the current game.
    Position(Vec<String>),
    /// `go …`.
    Go(Limits),
    /// `stop`.
    Stop,
    /// `perft <depth>`.
    Perft(u32),
    /// `query gameover|p1turn|result`.
    Query(Query),
    /// `solve [options]`.
    Solve(SolveOptions),
    /// `show`: the board for people.
    Show,
    /// `help`: the commands, one a line.
    Help,
    /// `quit`.
    Quit,
}

/// One command word: its synopsis and one line of help (for `help`), and
/// the parser of its arguments.
pub struct Verb {
    /// The command word (matched case-insensitively).
    pub name: &'static str,
    /// The synopsis: the word and its arguments.
    pub usage: &'static str,
    /// What it does, in one line.
    pub about: &'static str,
    /// Parses the words after the command word (given the command word).
    parse: fn(&'static str, &[&str]) -> Result<Command, CommandError>,
}

/// Every command of the protocol, in the order of `help`.
pub const VERBS: &[Verb] = &[
    Verb {
        name: "ugi",
        usage: "ugi",
        about: "identify the engine and list its options, then ugiok",
        parse: |name, rest| no_args(name, rest, Command::Hello { uci: false }),
    },
    Verb {
        name: "uci",
        usage: "uci",
        about: "the same as ugi, ending with uciok",
        parse: |name, rest| no_args(name, rest, Command::Hello { uci: true }),
    },
    Verb {
        name: "isready",
        usage: "isready [token]",
        about: "answered by readyok [token], at once even during a job",
        parse: |name, rest| match rest {
            [] => Ok(Command::IsReady(None)),
            [token] => Ok(Command::IsReady(Some(token.to_string()))),
            [_, extra, ..] => Err(unexpected(name, extra)),
        },
    },
    Verb {
        name: "uginewgame",
        usage: "uginewgame",
        about: "a new game: forget what the search learnt",
        parse: |name, rest| no_args(name, rest, Command::NewGame),
    },
    Verb {
        name: "ucinewgame",
        usage: "ucinewgame",
        about: "the same as uginewgame",
        parse: |name, rest| no_args(name, rest, Command::NewGame),
    },
    Verb {
        name: "setoption",
        usage: "setoption name <name> value <value>",
        about: "set the option Hash, Game or MoveOverhead",
        parse: |_, rest| parse_setoption(rest),
    },
    Verb {
        name: "position",
        usage: "position fen <FEN> | startpos | random <game> <seed> | problem <game> <name> \
                [moves <m>…]",
        about: "set the current position",
        parse: |name, rest| {
            if rest.is_empty() {
                return Err(CommandError::Missing {
                    command: name,
                    what: "the position: fen <string>, startpos, random <game> <seed> \
                           or problem <game> <name>",
                });
            }
            Ok(Command::Position(
                rest.iter().map(|w| w.to_string()).collect(),
            ))
        },
    },
    Verb {
        name: "go",
        usage: "go [movetime <ms>] [depth <d>] [nodes <n>] [infinite] \
                [p1time <ms> p2time <ms> [p1inc <ms> p2inc <ms>]]",
        about: "search the position: info lines, then bestmove",
        parse: |_, rest| parse_go(rest).map(Command::Go),
    },
    Verb {
        name: "stop",
        usage: "stop",
        about: "end the running job at once (its final line follows)",
        parse: |name, rest| no_args(name, rest, Command::Stop),
    },
    Verb {
        name: "perft",
        usage: "perft <depth>",
        about: "count the leaves of the game tree below each move, then the total",
        parse: |_, rest| parse_perft(rest).map(Command::Perft),
    },
    Verb {
        name: "query",
        usage: "query gameover | p1turn | result",
        about: "answered by response <answer>",
        parse: |_, rest| parse_query(rest).map(Command::Query),
    },
    Verb {
        name: "solve",
        usage: "solve [algorithm <a>] [heuristic <h>] [target <n>] [depth <d>] [nodes <n>] \
                [movetime <ms>] [memory <MiB>] [memnodes <n>]",
        about: "solve the current puzzle: info lines, then solution or nosolution",
        parse: |name, rest| {
            SolveOptions::parse(rest)
                .map(Command::Solve)
                .map_err(|e| CommandError::Invalid {
                    command: name,
                    message: e.detail(),
                })
        },
    },
    Verb {
        name: "show",
        usage: "show",
        about: "draw the current position for people",
        parse: |name, rest| no_args(name, rest, Command::Show),
    },
    Verb {
        name: "help",
        usage: "help",
        about: "this list (protocol.md describes every command)",
        parse: |name, rest| no_args(name, rest, Command::Help),
    },
    Verb {
        name: "quit",
        usage: "quit",
        about: "stop any job and exit",
        parse: |name, rest| no_args(name, rest, Command::Quit),
    },
];

/// The questions of `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `gameover`: is the game over?
    GameOver,
    /// `p1turn`: is player 1 to move?
    P1Turn,
    /// `result`: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

/// A line that is not a valid command: what was wrong and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is not a command.
    Unknown(String),
    /// A command that takes no arguments was given some.
    Unexpected { command: &'static str, word: String },
    /// A required argument is missing.
    Missing {
        command: &'static str,
        what: &'static str,
    },
    /// An argument is not a number in the allowed range.
    Number {
        command: &'static str,
        field: String,
        found: String,
        expected: &'static str,
    },
    /// The same keyword twice.
    Repeated { command: &'static str, word: String },
    /// Anything else, with its explanation.
    Invalid {
        command: &'static str,
        message: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => {
                let names: Vec<&str> = VERBS.iter().map(|v| v.name).collect();
                let (last, others) = names.split_last().expect("commands");
                write!(
                    f,
                    "unknown command '{word}' (expected {} or {last})",
                    others.join(", ")
                )
            }
            CommandError::Unexpected { command, word } => {
                write!(f, "{command}: unexpected '{word}'")
            }
            CommandError::Missing { command, what } => write!(f, "{command}: missing {what}"),
            CommandError::Number {
                command,
                field,
                found,
                expected,
            } => write!(f, "{command}: {field} must be {expected}, found '{found}'"),
            CommandError::Repeated { command, word } => {
                write!(f, "{command}: '{word}' given twice")
            }
            CommandError::Invalid { command, message } => write!(f, "{command}: {message}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl Command {
    /// Parses one line. `Ok(None)` for a line with nothing but whitespace
    /// (which the protocol ignores).
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return Ok(None);
        };
        let verb = VERBS
            .iter()
            .find(|v| v.name.eq_ignore_ascii_case(head))
            .ok_or_else(|| CommandError::Unknown(printable(head)))?;
        let command = (verb.parse)(verb.name, rest)?;
        Ok(Some(command))
    }
}

/// The canonical line of a command: what [`Command::parse`] reads back as
/// the same command (`go` with no limit is written `go infinite`). Clients —
/// the arbiter, `arbiter check`, the mock engine — write their commands
/// through this, so both ends of the wire share one vocabulary.
///
/// ```
/// use tabula::protocol::command::Command;
/// use tabula::search::Limits;
///
/// let go = Command::Go(Limits { movetime: Some(500), ..Limits::default() });
/// assert_eq!(go.to_string(), "go movetime 500");
/// let position = Command::Position(vec!["random".into(), "dots".into(), "7".into()]);
/// assert_eq!(position.to_string(), "position random dots 7");
/// assert_eq!(Command::parse(&position.to_string()).unwrap(), Some(position));
/// ```
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hello { uci: false } => f.write_str("ugi"),
            Command::Hello { uci: true } => f.write_str("uci"),
            Command::IsReady(None) => f.write_str("isready"),
            Command::IsReady(Some(token)) => write!(f, "isready {token}"),
            Command::NewGame => f.write_str("uginewgame"),
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::Position(words) => write!(f, "position {}", words.join(" ")),
            Command::Go(limits) => write_go(f, limits),
            Command::Stop => f.write_str("stop"),
            Command::Perft(depth) => write!(f, "perft {depth}"),
            Command::Query(q) => write!(f, "query {q}"),
            Command::Solve(opts) => write_solve(f, opts),
            Command::Show => f.write_str("show"),
            Command::Help => f.write_str("help"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

/// `go` and its limits, in the order of the synopsis.
fn write_go(f: &mut fmt::Formatter<'_>, limits: &Limits) -> fmt::Result {
    f.write_str("go")?;
    if let Some(ms) = limits.movetime {
        write!(f, " movetime {ms}")?;
    }
    if let Some(d) = limits.depth {
        write!(f, " depth {d}")?;
    }
    if let Some(n) = limits.nodes {
        write!(f, " nodes {n}")?;
    }
    let bounded = limits.movetime.is_some()
        || limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.clock.is_some();
    if limits.infinite || !bounded {
        f.write_str(" infinite")?;
    }
    if let Some(Clock { time_ms, inc_ms }) = limits.clock {
        write!(f, " p1time {} p2time {}", time_ms[0], time_ms[1])?;
        if inc_ms != [0, 0] {
            write!(f, " p1inc {} p2inc {}", inc_ms[0], inc_ms[1])?;
        }
    }
    Ok(())
}

/// `solve` and the options given, in the order of the synopsis.
fn write_solve(f: &mut fmt::Formatter<'_>, opts: &SolveOptions) -> fmt::Result {
    f.write_str("solve")?;
    let words = [
        ("algorithm", opts.algorithm.map(|a| a.to_string())),
        ("heuristic", opts.heuristic.clone()),
    ];
    for (key, value) in words {
        if let Some(v) = value {
            write!(f, " {key} {v}")?;
        }
    }
    let numbers = [
        ("target", opts.target.map(u64::from)),
        ("depth", opts.depth.map(u64::from)),
        ("nodes", opts.nodes),
        ("movetime", opts.movetime),
        ("memory", opts.memory_mib),
        ("memnodes", opts.memory_nodes),
    ];
    for (key, value) in numbers {
        if let Some(n) = value {
            write!(f, " {key} {n}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
        })
    }
}

impl Command {
    /// `position fen <fen> [moves <m>…]`: a position string and the moves
    /// played from it.
    ///
    /// ```
    /// use tabula::protocol::command::Command;
    ///
    /// let c = Command::position_fen("dots 2x2 00/00/00 00/00/00 1 0 0", &["h1.1"]);
    /// assert_eq!(c.to_string(), "position fen dots 2x2 00/00/00 00/00/00 1 0 0 moves h1.1");
    /// ```
    pub fn position_fen<M: AsRef<str>>(fen: &str, moves: &[M]) -> Command {
        let mut words: Vec<String> = std::iter::once("fen")
            .chain(fen.split_whitespace())
            .map(str::to_string)
            .collect();
        if !moves.is_empty() {
            words.push("moves".into());
            words.extend(moves.iter().map(|m| m.as_ref().to_string()));
        }
        Command::Position(words)
    }
}

/// A word for an error message: control characters escaped, at most 40 chars.
fn printable(word: &str) -> String {
    let mut out: String = word
        .chars()
        .take(40)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if word.chars().count() > 40 {
        out.push('…');
    }
    out
}

fn unexpected(command: &'static str, word: &str) -> CommandError {
    CommandError::Unexpected {
        command,
        word: printable(word),
    }
}

fn no_args(command: &'static str, rest: &[&str], cmd: Command) -> Result<Command, CommandError> {
    match rest.first() {
        None => Ok(cmd),
        Some(word) => Err(unexpected(command, word)),
    }
}

/// `setoption name <N…> value <V…>`: names and values may hold spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    const CMD: &str = "setoption";
    match rest.first() {
        Some(w) if w.eq_ignore_ascii_case("name") => {}
        Some(w) => return Err(unexpected(CMD, w)),
        None => {
            return Err(CommandError::Missing {
                command: CMD,
                what: "'name <option> value <value>'",
            })
        }
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if name.is_empty() {
        return Err(CommandError::Missing {
            command: CMD,
            what: "the option's name after 'name'",
        });
    }
    let name = name.join(" ");
    if value_at.is_none() {
        return Err(CommandError::Invalid {
            command: CMD,
            message: format!(
                "missing 'value <value>' after the name '{}'",
                printable(&name)
            ),
        });
    }
    if value.is_empty() {
        return Err(CommandError::Missing {
            command: CMD,
            what: "the value after 'value'",
        });
    }
    Ok(Command::SetOption {
        name,
        value: value.join(" "),
    })
}

fn number<T: std::str::FromStr>(
    command: &'static str,
    field: &str,
    word: Option<&&str>,
    expected: &'static str,
) -> Result<T, CommandError> {
    let word = word.ok_or_else(|| CommandError::Number {
        command,
        field: field.to_string(),
        found: String::new(),
        expected,
    })?;
    word.parse().map_err(|_| CommandError::Number {
        command,
        field: field.to_string(),
        found: printable(word),
        expected,
    })
}

/// The words after `go`, into search limits (like viridithas's `parse_go`).
///
/// Accepts `movetime`, `depth`, `nodes`, `infinite`, `p1time`, `p2time`,
/// `p1inc`, `p2inc` (and the UCI aliases `wtime`, `btime`, `winc`, `binc`).
/// A bare `go` is `go infinite`. Clock times may be negative (a flagged clock
/// in some interfaces) and count as 0.
pub fn parse_go(words: &[&str]) -> Result<Limits, CommandError> {
    const CMD: &str = "go";
    const POSITIVE: &str = "an integer 1..18446744073709551615";
    const MS: &str = "an integer number of milliseconds";
    let mut limits = Limits::default();
    let mut seen: Vec<String> = Vec::new();
    let mut times: [Option<u64>; 2] = [None, None];
    let mut incs: [Option<u64>; 2] = [None, None];
    let mut i = 0;
    while i < words.len() {
        let key = words[i].to_ascii_lowercase();
        let canonical = match key.as_str() {
            "wtime" => "p1time",
            "btime" => "p2time",
            "winc" => "p1inc",
            "binc" => "p2inc",
            k => k,
        }
        .to_string();
        if seen.contains(&canonical) {
            return Err(CommandError::Repeated {
                command: CMD,
                word: printable(words[i]),
            });
        }
        let value = words.get(i + 1);
        match canonical.as_str() {
            "infinite" => {
                limits.infinite = true;
                i += 1;
            }
            "movetime" | "depth" | "nodes" => {
                let n: u64 = number(CMD, &canonical, value, POSITIVE)?;
                if n == 0 {
                    return Err(CommandError::Number {
                        command: CMD,
                        field: canonical,
                        found: "0".into(),
                        expected: POSITIVE,
                    });
                }
                match canonical.as_str() {
                    "movetime" => limits.movetime = Some(n),
                    "nodes" => limits.nodes = Some(n),
                    _ => {
                        limits.depth = Some(u32::try_from(n).map_err(|_| CommandError::Number {
                            command: CMD,
                            field: "depth".into(),
                            found: n.to_string(),
                            expected: "an integer 1..4294967295",
                        })?)
                    }
                }
                i += 2;
            }
            "p1time" | "p2time" | "p1inc" | "p2inc" => {
                let n: i64 = number(CMD, &canonical, value, MS)?;
                let n = n.max(0) as u64;
                let who = usize::from(canonical.starts_with("p2"));
                if canonical.ends_with("time") {
                    times[who] = Some(n);
                } else {
                    incs[who] = Some(n);
                }
                i += 2;
            }
            _ => {
                return Err(CommandError::Invalid {
                    command: CMD,
                    message: format!(
                        "unknown option '{}' (expected movetime, depth, nodes, infinite, \
                         p1time, p2time, p1inc or p2inc)",
                        printable(words[i])
                    ),
                })
            }
        }
        seen.push(canonical);
    }
    let any_clock = times.iter().chain(&incs).any(Option::is_some);
    if any_clock {
        let (Some(t1), Some(t2)) = (times[0], times[1]) else {
            return Err(CommandError::Invalid {
                command: CMD,
                message: "a clock needs both p1time and p2time".into(),
            });
        };
        limits.clock = Some(Clock {
            time_ms: [t1, t2],
            inc_ms: [incs[0].unwrap_or(0), incs[1].unwrap_or(0)],
        });
    }
    if words.is_empty() {
        limits.infinite = true;
    }
    Ok(limits)
}

fn parse_perft(rest: &[&str]) -> Result<u32, CommandError> {
    if rest.is_empty() {
        return Err(CommandError::Missing {
            command: "perft",
            what: "the depth",
        });
    }
    let depth = number("perft", "depth", rest.first(), "an integer 0..4294967295")?;
    if let Some(extra) = rest.get(1) {
        return Err(unexpected("perft", extra));
    }
    Ok(depth)
}

fn parse_query(rest: &[&str]) -> Result<Query, CommandError> {
    let what = rest.first().ok_or(CommandError::Missing {
        command: "query",
        what: "the question: gameover, p1turn or result",
    })?;
    let query = match what.to_ascii_lowercase().as_str() {
        "gameover" => Query::GameOver,
        "p1turn" => Query::P1Turn,
        "result" => Query::Result,
        _ => {
            return Err(CommandError::Invalid {
                command: "query",
                message: format!(
                    "unknown question '{}' (expected gameover, p1turn or result)",
                    printable(what)
                ),
            })
        }
    };
    if let Some(extra) = rest.get(1) {
        return Err(unexpected("query", extra));
    }
    Ok(query)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        Command::parse(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?}: empty"))
    }

    fn err(line: &str) -> String {
        match Command::parse(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("ugi"), Command::Hello { uci: false });
        assert_eq!(ok("UCI"), Command::Hello { uci: true });
        assert_eq!(ok("isready"), Command::IsReady(None));
        assert_eq!(ok("isready abc"), Command::IsReady(Some("abc".into())));
        assert_eq!(ok("uginewgame"), Command::NewGame);
        assert_eq!(ok("ucinewgame"), Command::NewGame);
        assert_eq!(ok("  stop \t"), Command::Stop);
        assert_eq!(ok("show"), Command::Show);
        assert_eq!(ok("Help"), Command::Help);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("perft 3"), Command::Perft(3));
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query RESULT"), Command::Query(Query::Result));
        assert_eq!(Command::parse("").unwrap(), None);
        assert_eq!(Command::parse(" \t\r").unwrap(), None);
    }

    #[test]
    fn position_keeps_its_words() {
        assert_eq!(
            ok("position startpos moves h1.1 v1.1"),
            Command::Position(vec![
                "startpos".into(),
                "moves".into(),
                "h1.1".into(),
                "v1.1".into()
            ])
        );
        assert!(err("position").contains("missing the position"));
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            ok("setoption name Hash value 64"),
            Command::SetOption {
                name: "Hash".into(),
                value: "64".into()
            }
        );
        assert_eq!(
            ok("setoption name Move Overhead value 1 2"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: "1 2".into()
            }
        );
        assert!(err("setoption").contains("missing"));
        assert!(err("setoption Hash 3").contains("unexpected 'Hash'"));
        assert!(err("setoption name value 3").contains("option's name"));
        assert!(err("setoption name Hash").contains("missing 'value"));
        assert!(err("setoption name Hash value").contains("value after"));
    }

    #[test]
    fn go_limits() {
        let go = |line: &str| match ok(line) {
            Command::Go(l) => l,
            c => panic!("{c:?}"),
        };
        assert_eq!(
            go("go"),
            Limits {
                infinite: true,
                ..Limits::default()
            }
        );
        assert_eq!(go("go depth 7").depth, Some(7));
        assert_eq!(go("go nodes 1000").nodes, Some(1000));
        assert_eq!(go("go movetime 250").movetime, Some(250));
        assert!(go("go infinite").infinite);
        let both = go("go depth 3 movetime 100");
        assert_eq!((both.depth, both.movetime), (Some(3), Some(100)));
        assert_eq!(
            go("go p1time 1000 p2time 2000 p1inc 10 p2inc 20").clock,
            Some(Clock {
                time_ms: [1000, 2000],
                inc_ms: [10, 20]
            })
        );
        assert_eq!(
            go("go wtime -5 btime 300").clock,
            Some(Clock {
                time_ms: [0, 300],
                inc_ms: [0, 0]
            })
        );
    }

    #[test]
    fn go_errors_name_the_field() {
        for (line, needle) in [
            ("go movetime", "movetime must be"),
            ("go movetime abc", "found 'abc'"),
            ("go movetime -3", "movetime must be"),
            ("go movetime 0", "found '0'"),
            ("go depth 99999999999", "depth must be"),
            ("go nodes 1e6", "nodes must be"),
            ("go movetime 18446744073709551616", "movetime must be"),
            ("go depth 3 depth 4", "'depth' given twice"),
            ("go p1time 100", "both p1time and p2time"),
            ("go p1inc 5", "both p1time and p2time"),
            ("go wtime 100 p1time 100 p2time 5", "given twice"),
            ("go ponder", "unknown option 'ponder'"),
            ("go p2time x p1time 3", "p2time must be"),
        ] {
            let e = err(line);
            assert!(e.starts_with("go: "), "{line:?}: {e}");
            assert!(e.contains(needle), "{line:?}: {e}");
        }
    }

    #[test]
    fn other_errors() {
        for (line, needle) in [
            ("hello", "unknown command 'hello'"),
            ("ugi now", "ugi: unexpected 'now'"),
            ("isready a b", "unexpected 'b'"),
            ("stop it", "stop: unexpected"),
            ("quit now", "quit: unexpected"),
            ("perft", "perft: missing the depth"),
            ("perft x", "depth must be"),
            ("perft -1", "depth must be"),
            ("perft 3 4", "unexpected '4'"),
            ("query", "missing the question"),
            ("query winner", "unknown question 'winner'"),
            ("query result now", "unexpected 'now'"),
            ("show board", "show: unexpected"),
            ("help go", "help: unexpected 'go'"),
            ("\u{1}\u{2}", "unknown command '\\u{1}\\u{2}'"),
        ] {
            let e = err(line);
            assert!(e.contains(needle), "{line:?}: {e}");
        }
        let long = "x".repeat(1000);
        assert!(err(&long).len() < 250);
        assert!(err("hello").ends_with(", show, help or quit)"));
    }

    /// Random commands of every kind, as the parser can produce them.
    pub(crate) mod arbitrary {
        use super::*;
        use crate::puzzle::Algorithm;
        use rand::seq::SliceRandom;
        use rand::Rng;

        /// A word of 1–8 characters from a protocol-ish alphabet.
        pub fn word<R: Rng + ?Sized>(rng: &mut R) -> String {
            const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCXYZ0123456789,/.-@_";
            let n = rng.gen_range(1..=8);
            (0..n)
                .map(|_| *CHARS.choose(rng).unwrap() as char)
                .collect()
        }

        fn words(rng: &mut impl Rng, max: usize, avoid: &str) -> Vec<String> {
            let n = rng.gen_range(1..=max);
            std::iter::repeat_with(|| word(rng))
                .filter(|w| !w.eq_ignore_ascii_case(avoid))
                .take(n)
                .collect()
        }

        fn limits(rng: &mut impl Rng) -> Limits {
            let mut l = Limits::default();
            let maybe = |rng: &mut dyn rand::RngCore, hi: u64| {
                rng.gen_bool(0.4).then(|| rng.gen_range(1..=hi))
            };
            l.movetime = maybe(rng, u64::MAX);
            l.depth = maybe(rng, u64::from(u32::MAX)).map(|d| d as u32);
            l.nodes = maybe(rng, u64::MAX);
            if rng.gen_bool(0.3) {
                let inc = rng.gen_bool(0.5);
                let ms = |rng: &mut dyn rand::RngCore| rng.gen_range(0..=i64::MAX as u64);
                l.clock = Some(Clock {
                    time_ms: [ms(rng), ms(rng)],
                    inc_ms: if inc { [ms(rng), ms(rng)] } else { [0, 0] },
                });
            }
            let bounded =
                l.movetime.is_some() || l.depth.is_some() || l.nodes.is_some() || l.clock.is_some();
            l.infinite = !bounded || rng.gen_bool(0.3);
            l
        }

        fn solve(rng: &mut impl Rng) -> SolveOptions {
            let mut o = SolveOptions::default();
            if rng.gen_bool(0.5) {
                o.algorithm = Some(*Algorithm::ALL.choose(rng).unwrap());
            }
            if rng.gen_bool(0.5) {
                o.heuristic = Some(word(rng).to_ascii_lowercase());
            }
            let n = |rng: &mut dyn rand::RngCore| rng.gen_bool(0.4).then(|| rng.gen::<u32>());
            o.target = n(rng);
            o.depth = n(rng);
            o.nodes = n(rng).map(u64::from);
            o.movetime = n(rng).map(u64::from);
            o.memory_mib = n(rng).map(u64::from);
            o.memory_nodes = n(rng).map(u64::from);
            o
        }

        pub fn command(rng: &mut impl Rng) -> Command {
            match rng.gen_range(0..15) {
                0 => Command::Hello { uci: rng.gen() },
                1 => Command::IsReady(None),
                2 => Command::IsReady(Some(word(rng))),
                3 => Command::NewGame,
                4 => Command::SetOption {
                    name: words(rng, 2, "value").join(" "),
                    value: words(rng, 2, "").join(" "),
                },
                5 => Command::Position(words(rng, 6, "")),
                6 => Command::Go(limits(rng)),
                7 => Command::Stop,
                8 => Command::Perft(rng.gen()),
                9 => Command::Query(
                    *[Query::GameOver, Query::P1Turn, Query::Result]
                        .choose(rng)
                        .unwrap(),
                ),
                10 => Command::Solve(solve(rng)),
                11 => Command::Show,
                12 => Command::Help,
                13 => Command::Quit,
                _ => Command::Go(Limits {
                    infinite: true,
                    ..Limits::default()
                }),
            }
        }
    }

    #[test]
    fn every_command_round_trips_through_its_line() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let mut kinds = std::collections::HashSet::new();
        for _ in 0..20_000 {
            let command = arbitrary::command(&mut rng);
            let line = command.to_string();
            assert_eq!(ok(&line), command, "{line}");
            kinds.insert(line.split(' ').next().unwrap().to_string());
        }
        // Every verb but the aliases' second spelling was generated.
        for v in VERBS.iter().filter(|v| v.name != "ucinewgame") {
            assert!(kinds.contains(v.name), "{} never generated", v.name);
        }
        // What the parser reads, written and read again, is the same command.
        for line in [
            "go",
            "GO MOVETIME 5 wtime 3 btime 4",
            "setoption name A b value c  d",
            "solve target 3",
        ] {
            let once = ok(line);
            assert_eq!(ok(&once.to_string()), once, "{line}");
        }
    }
}
