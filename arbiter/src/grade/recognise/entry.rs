//! The functions that may make one computer move, and how to call each:
//! read from the source, to be tried by the experiment.
//!
//! - **Entries**: the year's entry (`jogar`) in any package; functions
//!   named for the computer's move in Portuguese or English
//!   (`jogada-computador`, `jogar-pc`, `computer-moves`, `ai-turn`,
//!   `comp-play`); wrappers of a search (`negamax`, `alfabeta`); functions
//!   with a time-like parameter. A function with no parameter (a menu), one
//!   that reads the keyboard, an empty one, is never an entry.
//! - **Arguments**: each parameter's role from its name, whether it is
//!   optional and its default, and what the body compares it with (`-1` /
//!   `-2`: the piece; `1` / `2`: the side; `1` / `-1`: a sign; `'x`: a
//!   symbol); names run together (`maxTurn`: t / nil; `maxPlayer`: the
//!   side, `minPlayer`: its opponent); a parameter named as a function the
//!   project defines (`no-pai`): that function.

use std::collections::BTreeSet;

use super::files::LispFile;
use super::source::Def;

/// An entry function found.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) file: usize,
    pub(super) def: Def,
    /// Higher is likelier.
    pub(super) score: i32,
    pub(super) why: String,
}

const COMPUTER: &[&str] = &[
    "computador",
    "cpu",
    "pc",
    "maquina",
    "computer",
    "ia",
    "ai",
    "comp",
    "bot",
    "cc",
];
const MOVE: &[&str] = &[
    "jogada", "jogar", "joga", "jogue", "move", "moves", "play", "turn", "lance", "turno",
];
const SEARCH: &[&str] = &[
    "negamax",
    "alfabeta",
    "alphabeta",
    "minimax",
    "alfa",
    "alpha",
    "nega",
    "minmax",
    "melhor",
    "best",
];
const HUMAN: &[&str] = &["humano", "human", "jogador-humano", "utilizador", "user"];

/// Words of a name: hyphenated, and camel case as the reader folded it
/// (`ai-turn`, `comp-play`, `jogadacomputador` stays one word).
fn words(name: &str) -> Vec<&str> {
    name.split(['-', '_', '.'])
        .filter(|w| !w.is_empty())
        .collect()
}

fn has(words: &[&str], list: &[&str]) -> bool {
    words.iter().any(|w| list.contains(w))
}

/// Words of a time taken, or a moment (`tempo-inicial`, `start-time`):
/// not a time to use.
fn moment(w: &[&str]) -> bool {
    has(
        w,
        &[
            "inicial",
            "inicio",
            "start",
            "begin",
            "gasto",
            "decorrido",
            "used",
            "elapsed",
            "agora",
            "now",
            "atual",
            "actual",
        ],
    )
}

/// Words of a depth.
const DEPTH: &[&str] = &["profundidade", "prof", "depth", "nivel", "level", "altura"];

/// Words of a parameter that holds the position (a state, a node, a
/// board).
const POSITION: &[&str] = &[
    "estado",
    "state",
    "no",
    "node",
    "posicao",
    "position",
    "tabuleiro",
    "tab",
    "board",
    "t",
    "e",
    "s",
    "jogo",
    "game",
    "n",
];

/// Words of a parameter that takes a function of the project (the
/// utility, the successors, the operators), and the words of the
/// functions it may be.
const FUNCTIONS: &[(&[&str], &[&str])] = &[
    (
        &[
            "utilidade",
            "heuristica",
            "avaliacao",
            "avaliar",
            "eval",
            "utility",
            "heuristic",
            "evaluation",
            "avalia",
        ],
        &[
            "utilidade",
            "heuristica",
            "avaliacao",
            "avaliar",
            "avalia",
            "eval",
            "utility",
            "heuristic",
        ],
    ),
    (
        &["sucessores", "successors", "expandir", "expand", "gerar"],
        &["sucessores", "successors", "expandir", "expand"],
    ),
    (&["operadores", "operators"], &["operadores", "operators"]),
];

/// The words of each parameter of `def`.
fn param_words(def: &Def) -> impl Iterator<Item = Vec<&str>> {
    def.params.iter().map(|p| words(p.trim_matches(['*', '_'])))
}

/// Is this parameter's name time-like?
pub(super) fn time_like(param: &str) -> bool {
    let p = param.trim_matches(['*', '_']);
    let w = words(p);
    // A time taken, or a moment: not a time to use; a depth's limit
    // (`profundidade-limite`) is not a time's.
    if moment(&w) || has(&w, DEPTH) {
        return false;
    }
    has(
        &w,
        &[
            "tempo",
            "time",
            "ms",
            "milisegundos",
            "milissegundos",
            "limite",
            "timeout",
            "templimite",
            "timelimit",
            "tempolimite",
            "duracao",
        ],
    )
}

/// How likely `def` is an entry that makes one computer move (`None`:
/// not one), and why.
fn score(def: &Def, preset_entry: &str, preset_arity: usize) -> Option<(i32, String)> {
    if def.required == 0 || def.body_forms == 0 {
        return None;
    }
    let w = words(&def.name);
    let mut score = 0;
    let mut why = Vec::new();
    if def.name == preset_entry {
        score += 100 - 10 * (def.required.abs_diff(preset_arity) as i32);
        why.push(format!("the year's entry, {preset_entry}"));
    }
    if has(&w, COMPUTER) {
        score += 40;
        why.push("named for the computer".to_string());
    }
    if has(&w, MOVE) && def.name != preset_entry {
        score += 25;
        why.push("named for a move".to_string());
    }
    if has(&w, SEARCH) {
        score += 30;
        why.push("a search".to_string());
    }
    if def.params.iter().any(|p| time_like(p)) {
        score += 15;
        why.push("a time-like parameter".to_string());
    }
    if def
        .sets
        .iter()
        .any(|g| g.contains("jogada") || g.contains("move") || g.contains("play"))
    {
        score += 10;
        why.push("sets a global for the move".to_string());
    }
    // A search given a depth and the project's functions (its utility,
    // its operators) as arguments: what its callers hand it is all it
    // needs to choose a move.
    let takes_functions = param_words(def).any(|p| {
        FUNCTIONS
            .iter()
            .any(|(names, _)| p.iter().any(|x| names.contains(x)))
    });
    let takes_depth = param_words(def).any(|p| stems_in(&p, DEPTH));
    if takes_functions && takes_depth {
        score += 20;
        why.push("takes a depth and the project's functions".to_string());
    }
    // No parameter names the position: a helper of a search (it compares
    // values, checks a bound), not a move's maker.
    if !param_words(def).any(|p| has(&p, POSITION)) {
        score -= 30;
    }
    if has(&w, HUMAN) || def.reads_input {
        score -= 60;
    }
    if has(
        &w,
        &[
            "sucessores",
            "successors",
            "expandir",
            "expand",
            "gerar",
            "gera",
            "filhos",
        ],
    ) {
        // The moves it could make, not the one it makes.
        score -= 40;
    }
    if def.recursive() && def.prints {
        // A whole game, played to its end.
        score -= 20;
    }
    (score >= 30).then(|| (score, why.join(", ")))
}

/// The entries, likeliest first (at most `max`).
pub(super) fn entries(
    files: &[LispFile],
    preset_entry: &str,
    preset_arity: usize,
    max: usize,
) -> Vec<Entry> {
    let mut found: Vec<Entry> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        for d in &f.facts.defs {
            let Some((score, why)) = score(d, preset_entry, preset_arity) else {
                continue;
            };
            // The last definition of a name is the one Lisp keeps.
            found.retain(|e| e.def.name != d.name);
            found.push(Entry {
                file: i,
                def: d.clone(),
                score,
                why,
            });
        }
    }
    found.sort_by_key(|e| std::cmp::Reverse(e.score));
    found.truncate(max);
    found
}

/// A parameter's role: the kit's argument keyword or a value, in the order
/// to try.
fn roles(def: &Def, k: usize, ctx: &Context) -> Vec<String> {
    let param = &def.params[k];
    let w = words(param.trim_matches(['*', '_']));
    if let Some(f) = function_role(param, &w, ctx.defined) {
        return f;
    }
    let mut r = player_or_other(def, param, &w, ctx.players);
    // A parameter named as a function the project defines (`no-pai`,
    // passed `'no-pai` by the project's own calls): that function first.
    if param.contains('-') && ctx.defined.contains(param) {
        r.insert(0, param.clone());
    }
    r
}

/// What the argument lists are made of beyond the definition: how the
/// game's projects write a player, the functions the project defines.
pub(super) struct Context<'a> {
    pub(super) players: &'a [String],
    pub(super) defined: &'a BTreeSet<String>,
}

/// A parameter that takes a function of the project (`f-utilidade`,
/// `sucessores`, `operadores`): the defined functions its name points to,
/// as symbols (or `(:call f)`, the list a function of no parameters
/// gives).
fn function_role(param: &str, w: &[&str], defined: &BTreeSet<String>) -> Option<Vec<String>> {
    let functional = w
        .first()
        .is_some_and(|x| matches!(*x, "f" | "fn" | "func" | "funcao" | "function"));
    for (names, targets) in FUNCTIONS {
        if !w.iter().any(|x| names.contains(x)) {
            continue;
        }
        let mut found: Vec<&String> = defined
            .iter()
            .filter(|d| targets.iter().any(|t| d.split('-').any(|x| x == *t)))
            .collect();
        // The function the parameter is named after first (`funcao-utilidade`
        // for `funcao-utilidade`), then those sharing its words.
        found.sort_by_key(|d| {
            (
                d.as_str() != param,
                !d.split('-').any(|x| w.contains(&x)),
                d.len(),
                d.as_str(),
            )
        });
        found.truncate(2);
        if found.is_empty() {
            continue;
        }
        let operators = names.contains(&"operadores");
        return Some(
            found
                .into_iter()
                .map(|f| {
                    if operators {
                        format!("(:call {})", crate::lisp::quote(f))
                    } else {
                        f.clone()
                    }
                })
                .collect(),
        );
    }
    let _ = functional;
    None
}

fn player_or_other(def: &Def, param: &str, w: &[&str], players: &[String]) -> Vec<String> {
    let values: Vec<&str> = def
        .compared
        .iter()
        .filter(|(q, _)| q == param)
        .map(|(_, v)| v.as_str())
        .chain(
            def.cases
                .iter()
                .filter(|(q, _)| q == param)
                .flat_map(|(_, keys)| keys.iter().map(String::as_str)),
        )
        .collect();
    let one = |list: &[&str]| vec![list[0].to_string()];
    let stem = |stems: &[&str]| stems_in(w, stems);
    if moment(w) {
        // A moment (when the search started): its default, the clock now,
        // is the only right value.
        return Vec::new();
    }
    if time_like(param) || (stem(&["tempo", "time"]) && !stem(&["tempoinicial", "timestart"])) {
        return one(&[":tempo"]);
    }
    if has(w, &["simbolo", "symbol", "sim", "marca"]) || values.iter().any(|v| v.starts_with('\''))
    {
        return one(&[":symbol"]);
    }
    if has(w, &["p", "d"]) || stem(DEPTH) {
        // A depth: a middling one, then one that always answers in time.
        return vec!["3".into(), "1".into()];
    }
    if has(w, &["a"]) || stem(&["alfa", "alpha"]) {
        return vec!["-1000000".into()];
    }
    if has(w, &["b"]) || stem(&["beta"]) {
        return vec!["1000000".into()];
    }
    if stem(&["adversario", "oponente", "opponent", "outro"]) {
        return vec![":opponent".into(), ":opponent-piece".into()];
    }
    if let Some(order) = player_order(&values, w, players) {
        return order;
    }
    if has(w, POSITION) {
        return vec![":estado".into()];
    }
    if has(w, &["pai", "parent"]) {
        return vec!["nil".into()];
    }
    Vec::new()
}

/// Whether a word of `w` starts with one of `stems`: names run together
/// (`profLimite`, `tempoLimite`) read by their stems.
fn stems_in(w: &[&str], stems: &[&str]) -> bool {
    w.iter().any(|x| stems.iter().any(|s| x.starts_with(s)))
}

/// A player's alternatives, in order, for a parameter named by the words
/// `w` (a turn, a side, a piece, a colour) or compared with `values` a
/// player's pieces or signs are; `None` when it is not a player.
fn player_order(values: &[&str], w: &[&str], players: &[String]) -> Option<Vec<String>> {
    let stem = |stems: &[&str]| stems_in(w, stems);
    // Names run together (`maxPlayer`, `minJogador`, `maxTurn`): whose
    // turn it is (t / nil), the player maximising, the one minimising.
    let folded = |heads: &[&str], tails: &[&str]| {
        w.iter()
            .any(|x| heads.iter().any(|h| x.starts_with(h)) && tails.iter().any(|t| x.ends_with(t)))
    };
    let turn = folded(&["max", "min"], &["turn", "turno", "vez"]);
    let max_player = folded(&["max"], &["player", "jogador"]);
    let min_player = folded(&["min"], &["player", "jogador"]);
    let player = has(
        w,
        &[
            "vez", "cor", "turno", "j1", "jog", "lado", "side", "row", "linha",
        ],
    ) || stem(&[
        "jogador", "player", "peca", "piece", "color", "colour", "playing",
    ]) || turn
        || max_player
        || min_player;
    let pieces = values.contains(&"-2");
    let signs = values.contains(&"-1") && values.contains(&"1");
    let sides = values.contains(&"2");
    if !(player || pieces || signs || sides) {
        return None;
    }
    if turn && values.is_empty() {
        return Some(vec!["t".into(), "nil".into()]);
    }
    // The player maximising is the side to move, the one minimising its
    // opponent (else a flag, t / nil).
    if (max_player || min_player) && values.is_empty() {
        let side = if max_player { ":side" } else { ":opponent" };
        return Some(vec![side.into(), "t".into(), "nil".into()]);
    }
    if stem(&["max", "maximizar", "maximizing", "jogadormax"]) && values.is_empty() {
        return Some(vec!["t".into(), "nil".into()]);
    }
    let mut order: Vec<String> = match (pieces, signs, sides) {
        (true, _, _) => vec![":piece".into(), ":side".into()],
        (_, true, _) => vec![":sign".into(), ":piece".into()],
        (_, _, true) => vec![":side".into(), ":piece".into()],
        _ if stem(&["peca", "piece"]) => vec![":piece".into(), ":side".into()],
        _ => players.to_vec(),
    };
    // A side numbered the other way round (its player 1 plays the
    // rows the statement gives player 2): the opponent's number.
    if order[0] == ":side" {
        order.insert(1, ":opponent".into());
    }
    for p in [":side", ":piece", ":sign"] {
        if !order.iter().any(|o| o == p) {
            order.push(p.into());
        }
    }
    // A negamax's colour: 1 whatever the side.
    if stem(&["cor", "color", "colour", "sinal", "sign"]) {
        order.push("1".into());
    }
    Some(order)
}

/// A default written as a value the description can pass as is.
fn literal(default: &str) -> bool {
    super::source::is_number(default)
        || matches!(default, "nil" | "t")
        || default.starts_with(':')
        || default.starts_with('"')
}

/// The role of parameter `k` for an argument list: its alternatives.
fn alternatives(def: &Def, k: usize, ctx: &Context, estado_given: bool) -> Vec<String> {
    let optional = k >= def.required;
    // A depth of 0 or nil by default searches nothing: not a default to keep.
    let default = def.defaults[k]
        .as_deref()
        .filter(|d| literal(d) && !matches!(*d, "0" | "nil"));
    let r = roles(def, k, ctx);
    match (r.first(), default) {
        // A depth, a bound: the project's own default, when written (a
        // depth also at 1, which always answers in time).
        (Some(first), Some(d)) if optional && !first.starts_with(':') => {
            let mut v = vec![d.to_string()];
            if r.len() > 1 && r[1] == "1" && d != "1" {
                v.push("1".into());
            }
            v
        }
        (Some(_), _) => r,
        (None, Some(d)) if optional => vec![d.to_string()],
        (None, _) if !optional && !estado_given => vec![":estado".into()],
        // An unknown parameter of a championship-like entry (an estado and
        // a tempo): maybe the player.
        (None, _) if !optional && def.params.iter().any(|p| time_like(p)) => {
            let mut v = vec!["nil".to_string()];
            v.extend(ctx.players.iter().cloned());
            v
        }
        (None, _) => vec!["nil".into()],
    }
}

/// Does passing this optional parameter matter (a player, a symbol, a
/// tempo the required ones do not give)?
fn needed(def: &Def, k: usize, ctx: &Context, tempo_given: bool) -> bool {
    // A depth is given one: its default may search nothing (0, nil) or
    // more than a move's time allows (its answer then the leaf of a long
    // line); 1 always answers in time.
    roles(def, k, ctx).first().is_some_and(|r| {
        (r.starts_with(':') && r != ":estado" && r != ":tempo")
            || (r == ":tempo" && !tempo_given)
            || r == "3"
    })
}

/// Argument lists to try for `def`, likeliest first (at most `max`), each
/// with how it was read: the optional parameters that matter passed (the
/// earlier ones by their defaults), then none of them (the defaults do
/// the rest: a program that always plays one side is shown the game
/// as that side).
pub(super) fn arg_lists(def: &Def, max: usize, ctx: &Context) -> Vec<(Vec<String>, String)> {
    let mut per: Vec<Vec<String>> = Vec::new();
    let mut estado_given = false;
    for k in 0..def.required {
        let r = alternatives(def, k, ctx, estado_given);
        estado_given |= r[0] == ":estado";
        per.push(r);
    }
    let tempo_given = per.iter().any(|r| r[0] == ":tempo");
    // An optional parameter of no role whose default is computed (the
    // clock when the search started): only its default is right, so the
    // arguments passed stop before it.
    let computed = (def.required..def.params.len())
        .find(|&k| {
            def.defaults[k].as_deref().is_some_and(|d| !literal(d)) && roles(def, k, ctx).is_empty()
        })
        .unwrap_or(def.params.len());
    let last_needed = (def.required..computed)
        .filter(|&k| needed(def, k, ctx, tempo_given))
        .max();
    let mut shapes: Vec<Vec<Vec<String>>> = Vec::new();
    if let Some(last) = last_needed {
        let mut with = per.clone();
        for k in def.required..=last {
            with.push(alternatives(def, k, ctx, true));
        }
        shapes.push(with);
    }
    shapes.push(per);
    let mut lists: Vec<Vec<String>> = Vec::new();
    for alternatives in shapes {
        lists.extend(product(&alternatives, max));
    }
    lists.dedup();
    lists.truncate(max * 2);
    let params = format!("({})", def.params.join(" "));
    lists
        .into_iter()
        .map(|l| (l, format!("read from {}'s parameters {params}", def.name)))
        .collect()
}

/// Choices of one alternative per parameter (at most `max`): every
/// parameter's first; then one parameter's second, for each parameter in
/// turn (so that a later parameter's alternative, a player's side or its
/// opponent, is tried as soon as an earlier one's); then two at once, the
/// earlier parameters first.
fn product(per: &[Vec<String>], max: usize) -> Vec<Vec<String>> {
    if per.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    let first: Vec<String> = per.iter().map(|a| a[0].clone()).collect();
    let mut lists = vec![first.clone()];
    let push = |l: Vec<String>, lists: &mut Vec<Vec<String>>| {
        if lists.len() < max && !lists.contains(&l) {
            lists.push(l);
        }
    };
    let widest = per.iter().map(Vec::len).max().unwrap_or(1);
    for i in 1..widest {
        for (k, alternatives) in per.iter().enumerate() {
            if let Some(a) = alternatives.get(i) {
                let mut l = first.clone();
                l[k] = a.clone();
                push(l, &mut lists);
            }
        }
    }
    for j in 1..per.len() {
        for k in 0..j {
            if let (Some(a), Some(b)) = (per[k].get(1), per[j].get(1)) {
                let mut l = first.clone();
                l[k] = a.clone();
                l[j] = b.clone();
                push(l, &mut lists);
            }
        }
    }
    lists
}
