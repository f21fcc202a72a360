//! One call's answer, as the probe reported it, judged by the rules
//! library: each move the project produced is parsed and checked legal in
//! the position (the arbiter judges, never the kit).

use super::spots::Spot;
use crate::grade::recognise::candidates::{Candidate, Reading};
use crate::lisp::quote;

/// What one call of the project did.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::grade::recognise) enum Called {
    /// It answered: the answer (brief), and per reading its move or why
    /// none.
    Answer {
        ms: u64,
        answer: String,
        readings: Vec<Result<String, String>>,
    },
    /// It signalled a condition.
    Error { ms: u64, text: String },
    /// Cut off at the limit.
    Late { ms: u64 },
    /// The probe died or stopped answering.
    Gone(String),
}

impl Called {
    pub(in crate::grade::recognise) fn ms(&self) -> u64 {
        match self {
            Called::Answer { ms, .. } | Called::Error { ms, .. } | Called::Late { ms } => *ms,
            Called::Gone(_) => 0,
        }
    }
}

/// The verdict on one position under one reading.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::grade::recognise) enum Verdict {
    /// A legal move of its own.
    Legal(String),
    /// A move the rules refuse, or that is not a move of the game.
    Illegal(String, String),
    /// No move in its answer (why).
    NoMove(String),
    /// It signalled a condition.
    Error(String),
    /// Not within the limit.
    Late,
}

impl Verdict {
    pub(in crate::grade::recognise) fn legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }

    /// The verdict in a few words (for the description and the notes).
    pub(in crate::grade::recognise) fn describe(&self) -> String {
        match self {
            Verdict::Legal(m) => format!("legal {m}"),
            Verdict::Illegal(m, why) => format!("{m} refused ({why})"),
            Verdict::NoMove(why) => format!("no move ({why})"),
            Verdict::Error(e) => format!("error: {e}"),
            Verdict::Late => "late".into(),
        }
    }
}

/// The probe's request for one call of `c` on `spot`.
pub(in crate::grade::recognise) fn request(
    c: &Candidate,
    readings: &[Reading],
    spot: &Spot,
    (tempo, limit, clock): (u64, u64, &str),
    preset: Option<&str>,
) -> String {
    let readings: Vec<String> = readings
        .iter()
        .map(|r| {
            format!(
                "({} {})",
                r.global.as_deref().map_or("nil".into(), quote),
                r.base
            )
        })
        .collect();
    format!(
        "(:try :fen {} :tempo {tempo} :limit {limit} :clock {clock} :preset {} :entry {} \
         :package {} :args ({}) :estado {} :view {} :symbols {} :readings ({}))",
        quote(&spot.fen),
        preset.map_or("nil".into(), quote),
        quote(&c.entry),
        c.package.as_deref().map_or("nil".into(), quote),
        c.args.join(" "),
        c.estado,
        c.view,
        c.symbols.as_deref().unwrap_or("nil"),
        readings.join(" ")
    )
}

/// The probe's answer to a `:try`.
pub(in crate::grade::recognise) fn parse(lines: &[String], readings: usize) -> Called {
    let mut called = Called::Gone("no answer".into());
    let mut found: Vec<Result<String, String>> = vec![Err("not read".into()); readings];
    for line in lines {
        let words: Vec<&str> = line.splitn(5, ' ').collect();
        match words.as_slice() {
            ["tried", _, ms, "late"] => {
                called = Called::Late {
                    ms: ms.parse().unwrap_or(0),
                }
            }
            ["tried", _, ms, "error", text] => {
                called = Called::Error {
                    ms: ms.parse().unwrap_or(0),
                    text: text.to_string(),
                }
            }
            ["tried", _, ms, "answer", text] => {
                called = Called::Answer {
                    ms: ms.parse().unwrap_or(0),
                    answer: text.to_string(),
                    readings: Vec::new(),
                }
            }
            ["reading", _, k, kind, rest] => {
                if let Some(slot) = k.parse::<usize>().ok().and_then(|k| found.get_mut(k)) {
                    *slot = if *kind == "move" {
                        Ok(rest.to_string())
                    } else {
                        Err(rest.to_string())
                    };
                }
            }
            _ => {}
        }
    }
    if let Called::Answer { readings, .. } = &mut called {
        *readings = found;
    }
    called
}

/// The verdict on `spot` of reading `k` of a call.
pub(in crate::grade::recognise) fn verdict(called: &Called, k: usize, spot: &Spot) -> Verdict {
    match called {
        Called::Late { .. } => Verdict::Late,
        Called::Error { text, .. } => Verdict::Error(text.clone()),
        Called::Gone(why) => Verdict::Error(why.clone()),
        Called::Answer { readings, .. } => match readings.get(k) {
            Some(Ok(m)) => match spot.pos.parse_legal(m) {
                Ok(_) => Verdict::Legal(m.clone()),
                Err(e) => Verdict::Illegal(m.clone(), e.to_string()),
            },
            Some(Err(why)) => Verdict::NoMove(why.clone()),
            None => Verdict::NoMove("not read".into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read() {
        let lines: Vec<String> = [
            "tried 3 12 answer ((x))",
            "reading 3 0 move e5",
            "reading 3 1 none the board unchanged",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            parse(&lines, 2),
            Called::Answer {
                ms: 12,
                answer: "((x))".into(),
                readings: vec![Ok("e5".into()), Err("the board unchanged".into())]
            }
        );
        assert_eq!(
            parse(&["tried 4 2000 late".to_string()], 1),
            Called::Late { ms: 2000 }
        );
        assert_eq!(
            parse(&["tried 4 3 error jogar signalled X: y z".to_string()], 1),
            Called::Error {
                ms: 3,
                text: "jogar signalled X: y z".into()
            }
        );
    }
}
