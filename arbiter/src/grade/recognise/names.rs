//! `:aliases`: a name the entry's code calls but that is defined nowhere
//! (not Common Lisp's: `cl-symbols.txt`, the 978 external symbols) matched
//! to a defined name that takes as many arguments and is a small edit away
//! (or a few hyphenated words more or less: `negamax` for
//! `negamax-alfa-beta`; or the same words in another order): a guess, which the experiment confirms by playing. The work is
//! bounded: at most [`MAX_MISSING`] missing names, each edit distance cut
//! off at the largest distance that would still count.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use super::files::LispFile;
use super::source::Def;

/// Missing names looked at (the first called, in file order).
const MAX_MISSING: usize = 40;

/// The CL symbols (`cl-symbols.txt`).
fn common_lisp() -> BTreeSet<&'static str> {
    include_str!("../cl-symbols.txt")
        .lines()
        .filter(|l| !l.starts_with(';') && !l.is_empty())
        .collect()
}

/// Names the implementations have outside COMMON-LISP that a student
/// calls unqualified (SBCL's and LispWorks' `quit`, …): never an alias.
const IMPLEMENTATION: &[&str] = &["quit", "exit", "gc", "getenv", "run-program", "bye"];

/// The edit distance between `a` and `b`, or `None` when it is over `max`.
fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    if a.chars().count().abs_diff(b.chars().count()) > max {
        return None;
    }
    let d = strsim::levenshtein(a, b);
    (d <= max).then_some(d)
}

/// How near a defined name is to a missing one (`None`: not near).
pub(super) fn nearness(missing: &str, defined: &str) -> Option<usize> {
    let max = (missing.len().min(defined.len()) / 5).max(1);
    if let Some(d) = distance(missing, defined, max) {
        return Some(d);
    }
    // One hyphenated word more or less (avaliar-jogadas / avaliar), or the
    // same words in another order.
    let m: Vec<&str> = missing.split('-').collect();
    let n: Vec<&str> = defined.split('-').collect();
    let (long, short) = if m.len() > n.len() {
        (&m, &n)
    } else {
        (&n, &m)
    };
    let extra = long.len() - short.len();
    if (1..=3).contains(&extra) && short.concat().len() >= 4 {
        // Keeping the first words (the verb, `negamax` of
        // `negamax-alfa-beta`) is likelier than the last.
        if long.starts_with(short) {
            return Some(9 + extra);
        }
        if extra == 1 && long.ends_with(short) {
            return Some(11);
        }
    }
    let mut ms = m.clone();
    let mut ns = n.clone();
    ms.sort_unstable();
    ns.sort_unstable();
    (m.len() > 1 && ms == ns).then_some(5)
}

/// A proposed alias: (missing, defined, where the missing one is called).
pub(super) struct Alias {
    pub(super) missing: String,
    pub(super) to: String,
    pub(super) at: String,
}

/// The names called but defined nowhere, among those `reached` (the
/// entries' code), each with the place of its first call and its argument
/// counts: (the proposals, warnings about the rest).
pub(super) fn aliases(
    files: &[LispFile],
    reached: &BTreeSet<String>,
    deadline: Instant,
) -> (Vec<Alias>, Vec<String>) {
    let cl = common_lisp();
    let defined: BTreeMap<&str, &Def> = files
        .iter()
        .flat_map(|f| f.facts.defs.iter())
        .map(|d| (d.name.as_str(), d))
        .collect();
    let locals: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.locals.iter().map(String::as_str))
        .collect();
    let mut missing: BTreeMap<&str, (String, BTreeSet<usize>)> = BTreeMap::new();
    for f in files {
        for (name, c) in &f.facts.calls {
            let n = name.as_str();
            if defined.contains_key(n)
                || locals.contains(n)
                || cl.contains(n)
                || IMPLEMENTATION.contains(&n)
                || !reached.contains(n)
            {
                continue;
            }
            if missing.len() >= MAX_MISSING && !missing.contains_key(n) {
                continue;
            }
            let e = missing
                .entry(n)
                .or_insert_with(|| (format!("{}:{}", f.name, c.line), BTreeSet::new()));
            e.1.extend(&c.args);
        }
    }
    let mut found = Vec::new();
    let mut warnings = Vec::new();
    for (name, (at, counts)) in missing {
        if Instant::now() >= deadline {
            warnings.push("the search for aliases stopped at the time limit".into());
            break;
        }
        let mut near: Vec<(usize, &str)> = defined
            .values()
            .filter(|d| counts.iter().all(|&n| d.takes(n)))
            .filter_map(|d| nearness(name, &d.name).map(|k| (k, d.name.as_str())))
            .collect();
        near.sort();
        match near.first() {
            Some(&(_, to)) => {
                let others: Vec<&str> = near[1..].iter().take(3).map(|n| n.1).collect();
                warnings.push(format!(
                    "{name} is called at {at} but defined nowhere: proposed as an alias of {to}{}",
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!(" (also near: {})", others.join(", "))
                    }
                ));
                found.push(Alias {
                    missing: name.to_string(),
                    to: to.to_string(),
                    at,
                });
            }
            None => warnings.push(format!(
                "{name} is called at {at} but defined nowhere, and no defined name is near: a call of it fails"
            )),
        }
    }
    (found, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names() {
        assert_eq!(nearness("negamax", "negamax-alfa-beta"), Some(11));
        assert_eq!(nearness("avaliar-jogadas", "avaliar"), Some(10));
        assert_eq!(nearness("jogada-computador", "jogadas-computador"), Some(1));
        assert_eq!(nearness("computador-jogada", "jogada-computador"), Some(5));
        assert_eq!(distance("abc", "abd", 1), Some(1));
        assert_eq!(distance(&"a".repeat(300), &"b".repeat(300), 60), None);
    }
}
