//! The estado's shapes to try, likeliest first: the bare board when the
//! entry's parameter is named for it; the year's preset; the node the
//! project's own constructor builds (`(defun cria-no (tabuleiro pai …)
//! (list tabuleiro pai …))`, each parameter's role read from its name); the
//! shapes the project's initial-state functions build (the experiment calls
//! them); the shapes the course's years used (`:estado` and `:seen` of
//! every year of the game in its `.course` file); a few general ones. A
//! shape with `:side` comes in each way the game's projects write a player
//! (`:players` of its `.course` file: the knight's `-1` / `-2` pieces,
//! Quatro's `1` / `-1`).

use super::course::Game;
use super::files::LispFile;
use super::source::{print, Def, Form};

/// General shapes, tried last.
const GENERAL: &[&str] = &[
    ":board",
    "(:board :side :score1 :score2)",
    "(:board (:score1 :score2))",
    "(:board :side)",
];

/// Is this parameter named for the bare board?
pub(super) fn bare_board_param(param: &str) -> bool {
    matches!(
        param,
        "tab" | "tabuleiro" | "board" | "tabuleiro-atual" | "tab-atual" | "table" | "tabul"
    )
}

/// A constructor parameter's place in a shape: the board, the player, the
/// scores; a number (0) for a depth or a value; else `unknown` (`nil`, a
/// parent, a list of moves; or `0`).
fn role(param: &str, unknown: &str) -> String {
    let w: Vec<&str> = param.trim_matches('*').split('-').collect();
    // Names run together (`pontos1`, `pontuacaoMax`) read by their stems.
    let stem = |stems: &[&str]| w.iter().any(|x| stems.iter().any(|s| x.starts_with(s)));
    let scores = ["pontos", "score", "pontuacao", "caixas", "points"];
    let first = param.ends_with('1') || stem(&["max", "j1", "jogador1", "player1", "branco"]);
    let second = param.ends_with('2') || stem(&["min", "j2", "jogador2", "player2", "preto"]);
    let stock = stem(&["pecas", "pieces", "reserva", "stock"]);
    if stem(&["tabuleiro", "tab", "board", "estado", "state", "table"]) {
        ":board".into()
    } else if stock && (first || second) {
        // A player's pieces left (Blokus): `pecas-jogador-1`.
        if first { ":pieces1" } else { ":pieces2" }.into()
    } else if stem(&["jogador", "player", "vez", "turno", "lado"]) && !stem(&scores) {
        ":side".into()
    } else if stem(&["peca", "piece"]) {
        ":piece".into()
    } else if stem(&scores) && first {
        ":score1".into()
    } else if stem(&scores) && second {
        ":score2".into()
    } else if stem(&[
        "profundidade",
        "prof",
        "depth",
        "nivel",
        "valor",
        "value",
        "heuristica",
        "custo",
        "cost",
        "utilidade",
        "avaliacao",
    ]) || stem(&scores)
        || matches!(param, "f" | "g" | "h")
    {
        "0".into()
    } else {
        unknown.into()
    }
}

/// The default of the optional parameter `param` of `def`, when it is a
/// value a shape can hold as written (a number, a string, `nil`, `t`, a
/// keyword, a quoted symbol: `'max` gives `max`).
fn default_of(def: &Def, param: &str) -> Option<String> {
    let k = def.params.iter().position(|p| p == param)?;
    let d = def.defaults.get(k)?.as_deref()?;
    let symbol = |x: &str| {
        !x.is_empty()
            && x.chars()
                .all(|c| c.is_alphanumeric() || "-_*+<>=/!?.".contains(c))
    };
    match d.strip_prefix('\'') {
        Some(q) if symbol(q) => Some(q.to_string()),
        Some(_) => None,
        None if super::source::is_number(d)
            || matches!(d, "nil" | "t")
            || (d.starts_with(':') && symbol(&d[1..]))
            || (d.starts_with('"') && d.ends_with('"') && d.len() >= 2) =>
        {
            Some(d.to_string())
        }
        None => None,
    }
}

/// The shape a constructor's `(list …)` gives, its parameters by role
/// (`unknown` for a role not told by the name); a parameter named for the
/// estado given `estado` when the project builds its estado with another
/// constructor.
fn constructed(def: &Def, estado: Option<&str>, unknown: &str) -> Option<String> {
    fn shape(form: &Form, def: &Def, estado: Option<&str>, unknown: &str) -> String {
        match form {
            Form::List(items, _) if items.first().and_then(Form::atom) == Some("list") => {
                let inner: Vec<String> = items[1..]
                    .iter()
                    .map(|f| shape(f, def, estado, unknown))
                    .collect();
                format!("({})", inner.join(" "))
            }
            Form::Atom(a, _) if def.params.contains(a) => match estado {
                Some(e) if matches!(a.as_str(), "estado" | "state" | "e") => e.to_string(),
                _ => match (role(a, unknown), default_of(def, a)) {
                    // A part its name does not tell: the constructor's own
                    // default (`(tipo-no 'max)`: a root is a max node).
                    (r, Some(d)) if r == unknown => d,
                    (r, _) => r,
                },
            },
            Form::Atom(a, _) => a.clone(),
            Form::Quoted(q) => print(q),
            _ => "nil".into(),
        }
    }
    let built = def.builds.as_ref()?;
    let text = shape(built, def, estado, unknown);
    text.contains(":board").then_some(text)
}

/// Every shape the project's constructors build: (shape, how).
fn constructors(files: &[LispFile]) -> Vec<(String, String)> {
    let defs: Vec<&Def> = files
        .iter()
        .flat_map(|f| f.facts.defs.iter())
        .filter(|d| constructor(d))
        .collect();
    let estados: Vec<(String, &str)> = defs
        .iter()
        .filter(|d| d.name.contains("estado") || d.name.contains("state"))
        .filter_map(|d| constructed(d, None, "nil").map(|s| (s, d.name.as_str())))
        .collect();
    let mut out: Vec<(String, String)> = Vec::new();
    for unknown in ["nil", "0"] {
        for d in &defs {
            let nests = d
                .params
                .iter()
                .any(|p| matches!(p.as_str(), "estado" | "state" | "e"));
            if nests && !(d.name.contains("estado") || d.name.contains("state")) {
                for (e, from) in &estados {
                    if let Some(s) = constructed(d, Some(e), unknown) {
                        out.push((
                            s,
                            format!("the node {} builds of the estado {from} builds", d.name),
                        ));
                    }
                }
            }
            if let Some(s) = constructed(d, None, unknown) {
                out.push((s, format!("the node {} builds", d.name)));
            }
        }
    }
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// The shapes the project's accessors tell (`(defun no-tabuleiro (estado)
/// (first estado))`, `(defun no-jogador (estado) (fourth estado))`): per
/// parameter name, each element's role from the accessor's name; an
/// element named for the estado nested when the estado has its own.
fn accessed(files: &[LispFile]) -> Vec<(String, String)> {
    use std::collections::BTreeMap;
    let mut layouts: BTreeMap<&str, BTreeMap<usize, String>> = BTreeMap::new();
    for d in files.iter().flat_map(|f| f.facts.defs.iter()) {
        let Some(k) = d.accessor else { continue };
        let field: Vec<&str> = d.name.split('-').collect();
        let field = match field.first() {
            Some(&("no" | "estado" | "node" | "state" | "get" | "nodo")) if field.len() > 1 => {
                field[1..].join("-")
            }
            _ => d.name.clone(),
        };
        if k < 12 {
            layouts
                .entry(d.params[0].as_str())
                .or_default()
                .entry(k)
                .or_insert(field);
        }
    }
    let shape = |fields: &BTreeMap<usize, String>, estado: Option<&str>, unknown: &str| {
        let n = fields.keys().max().map_or(0, |m| m + 1);
        let inner: Vec<String> = (0..n)
            .map(|k| match fields.get(&k) {
                Some(f) if matches!(f.as_str(), "estado" | "state") && estado.is_some() => {
                    estado.unwrap_or_default().to_string()
                }
                Some(f) => role(f, unknown),
                None => unknown.to_string(),
            })
            .collect();
        format!("({})", inner.join(" "))
    };
    let estado = ["estado", "state", "e"]
        .iter()
        .find_map(|p| layouts.get(p))
        .filter(|l| l.len() >= 2)
        .map(|l| shape(l, None, "nil"));
    let mut out = Vec::new();
    for unknown in ["nil", "0"] {
        for (param, fields) in &layouts {
            if fields.len() < 2 {
                continue;
            }
            let s = shape(fields, estado.as_deref(), unknown);
            if s.contains(":board") {
                out.push((s, format!("the accessors of {param} tell it")));
            }
        }
    }
    out
}

/// Is `def` a constructor of nodes or estados (by its name)?
fn constructor(def: &Def) -> bool {
    let w: Vec<&str> = def.name.split('-').collect();
    let has = |list: &[&str]| w.iter().any(|x| list.contains(x));
    has(&["no", "node", "estado", "state", "nodo"])
        && has(&[
            "cria",
            "criar",
            "make",
            "novo",
            "new",
            "construir",
            "gera",
            "gerar",
            "constroi",
        ])
}

/// Functions that build the start: called by the experiment (no
/// arguments).
pub(super) fn initial_functions(files: &[LispFile]) -> Vec<String> {
    let mut out: Vec<String> = files
        .iter()
        .flat_map(|f| f.facts.defs.iter())
        .filter(|d| d.required == 0 && !d.reads_input && d.body_forms > 0)
        .filter(|d| {
            let w: Vec<&str> = d.name.split('-').collect();
            w.iter().any(|x| {
                matches!(
                    *x,
                    "inicial"
                        | "initial"
                        | "inicio"
                        | "start"
                        | "novo"
                        | "new"
                        | "criar"
                        | "teste"
                        | "test"
                        | "exemplo"
                        | "example"
                )
            }) && w.iter().any(|x| {
                matches!(
                    *x,
                    "no" | "node" | "estado" | "state" | "jogo" | "game" | "tabuleiro" | "board"
                )
            })
        })
        .map(|d| d.name.clone())
        .collect();
    out.sort();
    out.dedup();
    out.truncate(4);
    out
}

/// The shapes to try for an entry whose estado parameter is `param`:
/// (shape, how it was found), likeliest first, each once.
pub(super) fn shapes(
    files: &[LispFile],
    param: &str,
    preset: Option<&str>,
    dynamic: &[(String, String)],
    game: Option<&Game>,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |shape: String, how: String| {
        if !out.iter().any(|(s, _)| *s == shape) {
            out.push((shape, how));
        }
    };
    if bare_board_param(param) {
        add(
            ":board".into(),
            format!("the parameter {param}: the bare board"),
        );
    }
    let built: Vec<(String, String)> = dynamic
        .iter()
        .cloned()
        .chain(accessed(files))
        .chain(constructors(files))
        .collect();
    // A parameter named for a node takes the project's own nodes first.
    let node = matches!(
        param,
        "no" | "node" | "n" | "nodo" | "no-atual" | "no-inicial"
    );
    if node {
        for (s, how) in built.iter().cloned() {
            add(s, how);
        }
    }
    if let Some(p) = preset {
        add(p.to_string(), "the year's contract".into());
    }
    for (s, how) in built {
        add(s, how);
    }
    for p in game.map(|g| g.presets.as_slice()).unwrap_or(&[]) {
        add(p.estado.clone(), format!("the contract of {}", p.name));
        for s in &p.seen {
            add(
                s.clone(),
                format!("a shape real projects of {} used", p.name),
            );
        }
    }
    for s in GENERAL {
        add(s.to_string(), "a shape of the course".into());
    }
    // The other ways of writing the player, each right after its shape.
    let players: Vec<String> = game.map_or_else(|| vec![":side".into()], |g| g.players.clone());
    let originals: Vec<String> = out.iter().map(|(s, _)| s.clone()).collect();
    let mut with_twins = Vec::new();
    for (s, how) in out {
        if !s.contains(":side") {
            with_twins.push((s, how));
            continue;
        }
        for (k, p) in players.iter().enumerate() {
            let twin = s.replace(":side", p);
            if (k == 0 || !originals.contains(&twin)) && !with_twins.iter().any(|(t, _)| *t == twin)
            {
                let why = if *p == ":side" {
                    how.clone()
                } else {
                    format!("{how}, the player as {p}")
                };
                with_twins.push((twin, why));
            }
        }
        if !players.iter().any(|p| p == ":side") {
            with_twins.push((s, how));
        }
    }
    with_twins
}
