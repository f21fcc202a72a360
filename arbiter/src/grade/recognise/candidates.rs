//! Candidate descriptions: every way of calling the project the source
//! suggests (an entry, its arguments, the estado's shape, the view), in the
//! order to try them, likeliest first; and for each, the ways of reading
//! its answer (the value it returns, or a global it sets; a board, or a
//! move written from 0 or 1), which one call tells apart.

use std::collections::BTreeSet;

use super::course::{Game, Preset};
use super::entry::{arg_lists, entries, Context, Entry};
use super::files::LispFile;
use super::load::reach;
use super::shapes::shapes;

/// Candidates tried at most per submission.
pub(super) const MAX_CANDIDATES: usize = 300;

/// One way of calling the project.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Candidate {
    /// The entry's name as defined (lower case).
    pub(super) entry: String,
    /// Its package, when it is not `cl-user`.
    pub(super) package: Option<String>,
    /// Where it is defined (`jogo.lisp:51`).
    pub(super) at: String,
    /// The index of its file.
    pub(super) file: usize,
    /// The arguments, as the description writes them.
    pub(super) args: Vec<String>,
    /// The estado's shape, as Lisp text.
    pub(super) estado: String,
    /// `:as-is`, `:mover-first`, `:rotate-for-2`.
    pub(super) view: String,
    /// `:symbols`, as Lisp text.
    pub(super) symbols: Option<String>,
    /// Globals the entry's code sets that may hold its move.
    pub(super) globals: Vec<String>,
    /// How each part was found: the entry, the arguments, the shape.
    pub(super) how: [String; 3],
    /// The entry's rank among the entries (0: likeliest).
    pub(super) rank: usize,
}

/// One way of reading the answer of a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Reading {
    /// A global the call set, else the value it returned.
    pub(super) global: Option<String>,
    /// How rows and columns of a move count.
    pub(super) base: u32,
}

impl Candidate {
    /// The readings of its answer, the `base` of the year first.
    pub(super) fn readings(&self, base: u32) -> Vec<Reading> {
        let mut out = Vec::new();
        for global in std::iter::once(None).chain(self.globals.iter().cloned().map(Some)) {
            for b in [base, 1 - base.min(1)] {
                out.push(Reading {
                    global: global.clone(),
                    base: b,
                });
            }
        }
        out
    }

    /// The same call with another view.
    pub(super) fn with_view(&self, view: &str) -> Candidate {
        let mut c = self.clone();
        c.view = view.to_string();
        c
    }
}

/// Globals that `entry`'s code sets, likeliest holders of a move first.
fn answer_globals(files: &[LispFile], entry: &Entry) -> Vec<String> {
    let reached = reach(files, &entry.def.name);
    let mut set: BTreeSet<&str> = BTreeSet::new();
    for f in files {
        for d in &f.facts.defs {
            if reached.contains(&d.name) {
                set.extend(d.sets.iter().map(String::as_str));
            }
        }
    }
    let likely = |g: &str| {
        [
            "jogada",
            "move",
            "play",
            "melhor",
            "best",
            "resultado",
            "result",
            "escolha",
            "proxim",
            "next",
            "no",
            "node",
            "estado",
            "state",
            "tabuleiro",
            "board",
        ]
        .iter()
        .any(|w| g.contains(w))
    };
    let mut out: Vec<String> = set
        .iter()
        .filter(|g| likely(g))
        .map(|g| g.to_string())
        .collect();
    out.sort_by_key(|g| {
        !["jogada", "move", "play", "melhor", "best"]
            .iter()
            .any(|w| g.contains(w))
    });
    out.truncate(3);
    out
}

/// `:symbols` for a call that passes a symbol: the keys the entry compares
/// its symbol with, else the year's.
fn symbols_of(entry: &Entry, args: &[String], preset: Option<&Preset>) -> Option<String> {
    let k = args.iter().position(|a| a == ":symbol")?;
    let param = entry.def.params.get(k)?;
    let keys: Vec<String> = entry
        .def
        .cases
        .iter()
        .filter(|(q, keys)| q == param && keys.len() == 2)
        .flat_map(|(_, keys)| keys.clone())
        .chain(
            entry
                .def
                .compared
                .iter()
                .filter(|(q, _)| q == param)
                .map(|(_, v)| v.trim_start_matches('\'').to_string()),
        )
        .take(2)
        .collect();
    if keys.len() == 2 {
        Some(format!("({})", keys.join(" ")))
    } else {
        preset
            .and_then(|p| p.symbols.clone())
            .or_else(|| Some("(\"X\" \"O\")".into()))
    }
}

/// Every candidate, likeliest first: `dynamic` are the shapes the
/// project's initial-state functions built (shape, how).
pub(super) fn candidates(
    files: &[LispFile],
    preset: Option<&Preset>,
    game: Option<&Game>,
    dynamic: &[(String, String)],
) -> Vec<Candidate> {
    let entry_name = preset.map_or("jogar", |p| p.entry.as_str());
    let arity = preset.map_or(2, |p| p.args.len());
    let players: Vec<String> = game.map_or_else(|| vec![":side".into()], |g| g.players.clone());
    let view = preset
        .and_then(|p| p.view.clone())
        .unwrap_or_else(|| ":as-is".into());
    let defined: BTreeSet<String> = files
        .iter()
        .flat_map(|f| f.facts.defs.iter().map(|d| d.name.clone()))
        .collect();
    // Packages the project defines (an `in-package` of another is
    // ignored by the kit, as LispWorks does).
    let packages: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.packages.iter().map(String::as_str))
        .collect();
    let ctx = Context {
        players: &players,
        defined: &defined,
    };
    let mut out: Vec<(usize, usize, usize, Candidate)> = Vec::new();
    for (rank, e) in entries(files, entry_name, arity, 8).iter().enumerate() {
        let globals = answer_globals(files, e);
        for (a, (args, args_how)) in arg_lists(&e.def, 4, &ctx).into_iter().enumerate() {
            let estado_param = args
                .iter()
                .position(|x| x == ":estado")
                .and_then(|k| e.def.params.get(k))
                .cloned()
                .unwrap_or_default();
            let shapes = if estado_param.is_empty() {
                vec![(
                    preset.map_or(":board".into(), |p| p.estado.clone()),
                    "no estado argument".into(),
                )]
            } else {
                shapes(
                    files,
                    &estado_param,
                    preset.map(|p| p.estado.as_str()),
                    dynamic,
                    game,
                )
            };
            // A program told its side sees the board as it is.
            let tells_side = args.iter().chain(std::iter::once(&String::new())).any(|a| {
                matches!(
                    a.as_str(),
                    ":side" | ":piece" | ":sign" | ":opponent" | ":opponent-piece" | ":symbol"
                )
            });
            for (s, (estado, estado_how)) in shapes.into_iter().enumerate() {
                let shows_side = [":side", ":piece", ":sign"]
                    .iter()
                    .any(|k| estado.contains(k));
                let view = if tells_side || shows_side {
                    ":as-is".to_string()
                } else {
                    view.clone()
                };
                let c = Candidate {
                    entry: e.def.name.clone(),
                    package: packages
                        .contains(e.def.package.as_str())
                        .then(|| e.def.package.clone()),
                    at: format!("{}:{}", files[e.file].name, e.def.line),
                    file: e.file,
                    symbols: symbols_of(e, &args, preset),
                    args: args.clone(),
                    estado,
                    view,
                    globals: globals.clone(),
                    how: [e.why.clone(), args_how.clone(), estado_how],
                    rank,
                };
                out.push((rank, s, a, c));
            }
        }
    }
    // The likeliest shapes of every entry before the other shapes.
    out.sort_by_key(|(rank, s, a, _)| (*s / 4, *rank, *s, *a));
    out.into_iter().map(|x| x.3).take(MAX_CANDIDATES).collect()
}
