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
use crate::game::AnyMove;
use crate::search::{Iteration, Stats};

/// Nodes per second, from a node count and milliseconds (0 ms counts as 1).
pub fn nps(nodes: u64, time_ms: u64) -> u64 {
    (nodes as u128 * 1000 / time_ms.max(1) as u128).min(u64::MAX as u128) as u64
}

/// `info depth … seldepth … score cp <x> [exact] nodes … nps … time … hashfull … pv …`
/// for one completed iteration; `exact` marks a proven score.
pub fn iteration(it: &Iteration) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score cp {}{} nodes {} nps {} time {} hashfull {}",
        it.depth,
        it.seldepth,
        it.score,
        if it.exact { " exact" } else { "" },
        it.nodes,
        nps(it.nodes, it.time_ms),
        it.time_ms,
        it.hashfull
    );
    if !it.pv.is_empty() {
        line.push_str(" pv");
        for mv in &it.pv {
            line.push(' ');
            line.push_str(&one_line(mv));
        }
    }
    line
}

/// `info string stats nodes <n> alphacuts <a> betacuts <b> tthits <h> time <ms>`:
/// the course's statistics, once per search.
pub fn stats(s: &Stats) -> String {
    format!(
        "info string stats nodes {} alphacuts {} betacuts {} tthits {} time {}",
        s.nodes, s.alpha_cuts, s.beta_cuts, s.tt_hits, s.time_ms
    )
}

/// `bestmove <move>`, or `bestmove none` when the game is over.
pub fn bestmove(best: Option<AnyMove>) -> String {
    match best {
        Some(mv) => format!("bestmove {mv}"),
        None => "bestmove none".to_string(),
    }
}

/// `info string error <message>`, always on one line.
pub fn error(message: &str) -> String {
    format!("info string error {}", one_line(message))
}

/// `info string <message>`, always on one line.
pub fn string(message: &str) -> String {
    format!("info string {}", one_line(message))
}

/// `readyok [token]`.
pub fn readyok(token: Option<&str>) -> String {
    match token {
        Some(t) => format!("readyok {t}"),
        None => "readyok".to_string(),
    }
}

/// `response <answer>`.
pub fn response(answer: &str) -> String {
    format!("response {answer}")
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
}
