//! The precise reason a Lisp project cannot play: another game's project
//! (its words); the year's entry that is a menu or a whole game; empty or
//! unfinished functions (empty ones the tried entries reach); a Projeto 1
//! handed in; a package no file defines (an `in-package` is not a
//! definition); a search with no second player anywhere (phase 2 read as
//! a puzzle); a project that does not load; functions the entries reach
//! that SBCL cannot compile; an entry that answers
//! without a move, or asks for a person's move, in every call; and, when
//! the code suggested ways of calling it, that none played (with the
//! commonest error).

use std::collections::{BTreeMap, BTreeSet};

use super::candidates::Candidate;
use super::course::{Course, Preset};
use super::experiment::Outcome;
use super::files::LispFile;
use super::load::{defs_named, reach};
use super::unplayable::Unplayable;

/// The game words found, per family.
fn game_words(files: &[LispFile], course: &Course) -> BTreeMap<String, BTreeSet<String>> {
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for g in &course.games {
        for w in &g.words {
            if files
                .iter()
                .any(|f| f.facts.words.contains(w) || f.facts.symbols.contains(w))
            {
                found.entry(g.family.clone()).or_default().insert(w.clone());
            }
        }
    }
    found
}

/// `Err` when the project is another game's (its words, none of ours); a
/// warning when another game's words outnumber ours.
pub(super) fn another_game(
    files: &[LispFile],
    game: &str,
    course: &Course,
    warnings: &mut Vec<String>,
) -> Result<(), Unplayable> {
    let words = game_words(files, course);
    let family = course.family(game);
    let own = words.get(family).map_or(0, BTreeSet::len);
    let Some((other, w)) = words
        .iter()
        .filter(|(g, _)| g.as_str() != family)
        .max_by_key(|(_, w)| w.len())
    else {
        return Ok(());
    };
    let list: Vec<&str> = w.iter().map(String::as_str).collect();
    if own == 0 && w.len() >= 2 {
        return Err(Unplayable::AnotherGame {
            other: other.clone(),
            words: list.join(", "),
            game: game.to_string(),
        });
    }
    if w.len() >= own + 3 {
        warnings.push(format!(
            "more of {other}'s words ({}) than of {game}'s: another game's project?",
            list.join(", ")
        ));
    }
    Ok(())
}

/// The year's entry, when it is defined but cannot be one: a menu (no
/// parameters, or it reads the keyboard) or a whole game.
fn entry_misused(files: &[LispFile], preset: Option<&Preset>) -> Option<Unplayable> {
    let name = preset.map_or("jogar", |p| p.entry.as_str());
    let arity = preset.map_or(2, |p| p.args.len());
    let (_, def) = defs_named(files, name).last().copied()?;
    if def.required == 0 || (def.reads_input && def.required < arity) {
        return Some(Unplayable::Menu {
            entry: name.to_string(),
        });
    }
    let loops = def.recursive()
        || def
            .calls
            .iter()
            .any(|c| c.contains("jogo") || c.contains("game") || c.contains("loop"));
    if def.required != arity && loops && (def.prints || def.reads_input) {
        return Some(Unplayable::WholeGame {
            entry: name.to_string(),
            params: format!("({})", def.params.join(" ")),
        });
    }
    None
}

/// Empty functions: their names (among those `within` names, when given).
fn empty_functions(files: &[LispFile], within: Option<&BTreeSet<String>>) -> Vec<String> {
    let mut empty: Vec<String> = files
        .iter()
        .flat_map(|f| f.facts.defs.iter())
        .filter(|d| d.body_forms == 0 && !d.rest)
        .filter(|d| within.is_none_or(|w| w.contains(&d.name)))
        .map(|d| d.name.clone())
        .collect();
    empty.sort();
    empty.dedup();
    empty
}

/// A Projeto 1: the puzzle's search and none of the game's (the files).
fn project_one(files: &[LispFile]) -> Option<String> {
    let words: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.words.iter().map(String::as_str))
        .collect();
    let game_search = [
        "negamax",
        "alfabeta",
        "alphabeta",
        "minimax",
        "alfa",
        "alpha",
        "nega",
        "minmax",
    ];
    let puzzle = [
        "bfs",
        "dfs",
        "abertos",
        "fechados",
        "a*",
        "a-asterisco",
        "sucessores",
        "heuristica",
        "ida*",
        "sma*",
        "largura",
        "profundidade",
    ];
    if game_search.iter().any(|w| words.contains(w))
        || puzzle.iter().filter(|w| words.contains(*w)).count() < 2
    {
        return None;
    }
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    Some(names.join(", "))
}

/// No year's entry and no second player anywhere in the code: no name
/// says a player, an opponent, a turn or who plays (phase 2 read as a
/// puzzle).
fn one_player(files: &[LispFile], entry: &str) -> bool {
    if !defs_named(files, entry).is_empty() {
        return false;
    }
    const TWO: &[&str] = &[
        "jogador",
        "jogadores",
        "player",
        "players",
        "adversario",
        "oponente",
        "opponent",
        "turno",
        "turn",
        "vez",
        "humano",
        "human",
        "computador",
        "computer",
        "cpu",
        "pc",
        "bot",
        "side",
        "lado",
    ];
    !files
        .iter()
        .any(|f| TWO.iter().any(|w| f.facts.words.contains(*w)))
}

/// A package used as `pkg::name` that no file defines (an `in-package`
/// of it is not a definition: the kit, like LispWorks, ignores it and the
/// forms after it stay in `COMMON-LISP-USER`).
fn missing_package(files: &[LispFile]) -> Option<Unplayable> {
    let defined: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.packages.iter())
        .map(String::as_str)
        .collect();
    let used: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.qualifiers.iter())
        .map(String::as_str)
        .collect();
    let package = used.into_iter().find(|p| !defined.contains(p))?;
    let uses: Vec<&str> = files
        .iter()
        .filter(|f| f.facts.qualifiers.contains(package))
        .map(|f| f.name.as_str())
        .collect();
    Some(Unplayable::MissingPackage {
        package: package.to_string(),
        uses: uses.join(", "),
    })
}

/// An entry that was called and never made a move: the year's entry (when
/// it was tried) answered all its calls, two at least, without a move, or
/// read the keyboard in all of them; or, without the year's entry, every
/// entry tried answered all its calls without a move.
fn no_move(o: &Outcome, entry: &str, tried: &[&str]) -> Option<Unplayable> {
    if let Some(c) = o.by_entry.get(entry).filter(|c| c.calls >= 2) {
        if c.keyboard == c.calls {
            return Some(Unplayable::AsksHuman {
                entry: entry.to_string(),
                calls: c.calls,
            });
        }
        if c.no_move == c.calls {
            return Some(Unplayable::NoMove {
                entry: entry.to_string(),
                calls: c.calls,
                answer: c.no_move_why.clone().unwrap_or_default(),
            });
        }
        return None;
    }
    let all: usize = o.by_entry.values().map(|c| c.calls).sum();
    let none: usize = o.by_entry.values().map(|c| c.no_move).sum();
    (all >= 2 && none == all).then(|| Unplayable::NoMove {
        entry: tried.iter().take(3).copied().collect::<Vec<_>>().join(", "),
        calls: all,
        answer: o
            .by_entry
            .values()
            .find_map(|c| c.no_move_why.clone())
            .unwrap_or_default(),
    })
}

/// Definitions the tried entries reach that SBCL could not compile (each
/// fails whenever it runs): the first three, with the first one's why.
fn does_not_compile(o: &Outcome, reached: &BTreeSet<String>) -> Option<Unplayable> {
    let broken: Vec<_> = o
        .uncompiled
        .iter()
        .filter_map(|u| {
            let names: Vec<&str> = u
                .names
                .iter()
                .filter(|n| reached.contains(*n))
                .map(String::as_str)
                .collect();
            (!names.is_empty()).then(|| (u, names.join(", ")))
        })
        .collect();
    let (first, _) = broken.first()?;
    let functions: Vec<String> = broken
        .iter()
        .take(3)
        .map(|(u, names)| format!("{names} ({}:{})", u.file, u.line))
        .collect();
    Some(Unplayable::DoesNotCompile {
        functions: functions.join(", "),
        why: first.why.clone(),
    })
}

/// Why no candidate was found at all.
pub(super) fn no_entry(files: &[LispFile], preset: Option<&Preset>) -> Unplayable {
    if let Some(u) = entry_misused(files, preset) {
        return u;
    }
    if let Some(files) = project_one(files) {
        return Unplayable::ProjectOne { files };
    }
    let empty = empty_functions(files, None);
    if !empty.is_empty() {
        return Unplayable::Unfinished {
            names: empty.join(", "),
        };
    }
    Unplayable::NoEntry {
        entry: preset.map_or("jogar", |p| p.entry.as_str()).to_string(),
    }
}

/// Why none of `tried` played (`None`: the experiment could not tell, the
/// check decides).
pub(super) fn nothing_played(
    files: &[LispFile],
    preset: Option<&Preset>,
    o: &Outcome,
    tried: &[Candidate],
) -> Option<Unplayable> {
    if let Some(f) = &o.failure {
        if let Some(why) = f.strip_prefix("could not load the project: ") {
            return Some(Unplayable::DoesNotLoad {
                why: why.to_string(),
            });
        }
        return None;
    }
    if o.interrupted || (o.candidates == 0 && o.out_of_time) {
        return None;
    }
    let entries: Vec<&str> = {
        let mut e: Vec<&str> = tried.iter().map(|c| c.entry.as_str()).collect();
        e.sort_unstable();
        e.dedup();
        e
    };
    let tried_names = entries.clone();
    let entry = preset.map_or("jogar", |p| p.entry.as_str());
    // The year's entry misused, and nothing else to call.
    if entries.iter().all(|e| *e == entry) {
        if let Some(u) = entry_misused(files, preset) {
            return Some(u);
        }
    }
    if let Some(files) = project_one(files) {
        return Some(Unplayable::ProjectOne { files });
    }
    if let Some(u) = missing_package(files) {
        return Some(u);
    }
    let entries: Vec<&str> = {
        let mut e: Vec<&str> = tried.iter().map(|c| c.entry.as_str()).collect();
        e.dedup();
        e.truncate(3);
        e
    };
    let error = o.errors.first().map_or_else(
        || "every answer held no move".to_string(),
        |(e, _)| e.clone(),
    );
    // Empty functions the tried entries reach: unfinished, whatever the
    // errors (with no error, any empty function).
    let reached: BTreeSet<String> = tried.iter().flat_map(|c| reach(files, &c.entry)).collect();
    let within = (!o.errors.is_empty()).then_some(&reached);
    let empty = empty_functions(files, within);
    if !empty.is_empty() {
        return Some(Unplayable::Unfinished {
            names: empty.join(", "),
        });
    }
    if let Some(u) = does_not_compile(o, &reached) {
        return Some(u);
    }
    if let Some(u) = no_move(o, entry, &tried_names) {
        return Some(u);
    }
    if one_player(files, entry) {
        return Some(Unplayable::OnePlayer {
            entries: tried_names.join(", "),
        });
    }
    Some(Unplayable::NothingPlays {
        tried: o.candidates.max(1),
        error,
        entries: entries.join(", "),
    })
}
