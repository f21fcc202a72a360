//! Recognition: what one [`Submission`] is as an engine ([`Recognition`]).
//!
//! - **A Lisp project** (any `.lisp`, `.lsp`, `.cl`, `.l` file; backups and
//!   compiled files are never read): its description for the kit,
//!   `<out>/submissions/<name>/projeto.tabula`, beside `files/` (never
//!   inside), each key followed by a comment saying how it was found and how
//!   sure ([`Sureness`]). What is read (the sources, with the similarity
//!   room's Lisp reader: `source.rs`):
//!   - `:preset`: `--year`'s contract for the game, else the game's latest
//!     (`presets.rs`); a year that played another game is a warning.
//!   - `:entry`: the preset's `jogar`, defined in any package (any case).
//!     Failing that, the other entry the kit runs (the `node-global`
//!     pattern of adapters/README.md): a "computer move" function (a name
//!     with `computador`, `jogada`, …), its `:args` read from its
//!     parameters' names, its answer left in a global it sets
//!     (`:answer (:global "*jogada*")`).
//!   - `:args`, `:symbols`, `:estado`, `:view`: the entry's parameters read
//!     by name (`estado`/`no` → `:estado`, `simbolo` → `:symbol`, `tab` →
//!     the bare board, so a program that guesses its side:
//!     `:view :mover-first`, …), written only when they differ from the
//!     preset; `:symbols` from a `case` on the symbol parameter.
//!   - `:files`: the files the kit loads, in order. A file another file
//!     loads (`load` / `compile-file` at load time, by file name whatever the
//!     path, as the kit finds it) is not listed: its loader loads it. The
//!     others are listed, those whose definitions the others use first, the
//!     entry's file last; a file none of whose definitions the entry
//!     reaches (a Projeto 1 left in) is left out, with a warning.
//!   - `:aliases`: a name called but defined nowhere (not Common Lisp's:
//!     `cl-symbols.txt`, the 978 external symbols) matched to a defined
//!     name that takes as many arguments and is a small edit away (or one
//!     hyphenated word more or less): a guess, with a warning.
//!   - `:globals`: a global declared without a value and set only by a
//!     function that reads the keyboard, called at load time (a menu): the
//!     scratch folder when its name says a folder; other values are left to
//!     the teacher (a warning).
//!   - `:depth-global`: a global named for the depth that the entry's
//!     search sets.
//!   - `:clock` is never written: the kit decides the units at run time
//!     (adapters/README.md, "Clock units"); a comment in the description
//!     says what the source will make it decide.
//! - **A program**: a Python file with a protocol loop (it names `ugi` /
//!   `bestmove` / `isready`, or is the one `__main__` script) →
//!   `python3 <file>`; an ELF executable → `./<file>`. Both run in the
//!   submission's `files/` folder; the handshake is confirmed by the check.
//! - **Nothing runnable**: refused by the intake, empty, no source, a
//!   project of another game (named by that game's words, e.g. `arco`,
//!   `caixas` in a knight championship), no entry.
//!
//! **A teacher's edits are kept.** The description written is also kept as
//! `projeto.tabula.generated`; when `projeto.tabula` no longer equals it
//! (or exists without it), it is the teacher's: it is read back as
//! [`Sureness::Given`] lines and never overwritten; what a fresh reading
//! would add is a warning.

mod presets;
mod source;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

use tabula::games::GameId;

use super::{DescLine, Engine, Recognition, Submission, Sureness};
use presets::Preset;
use source::{Def, FileFacts, Form};

/// The description's file name, beside the submission's `files/`.
pub(crate) const DESCRIPTION: &str = "projeto.tabula";
/// The copy of what was generated, to tell a teacher's edit.
const GENERATED: &str = "projeto.tabula.generated";

/// Recognises a submission and, for a Lisp project, writes (or keeps) its
/// description in `desc_dir`.
pub(crate) fn recognise(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
) -> Recognition {
    let nothing = |reason: String, fix: &str| Recognition {
        engine: Engine::Nothing {
            reason,
            fix: fix.to_string(),
        },
        warnings: Vec::new(),
    };
    if !sub.refused.is_empty() {
        return nothing(
            format!("refused at intake: {}", sub.refused.join("; ")),
            "hand in again without it (an archive of the project's own files)",
        );
    }
    let all = list_files(&sub.files);
    if all.is_empty() {
        return nothing("empty: no file".into(), "hand in the project's files");
    }
    let desc = desc_dir.join(DESCRIPTION);
    if let Some(kept) = teachers(&desc, &desc_dir.join(GENERATED)) {
        return kept_description(sub, game, year, desc_dir, desc, kept);
    }
    let found = fresh(sub, game, year, desc_dir, &all);
    if let Engine::Lisp { lines, .. } = &found.engine {
        if let Err(e) = write_description(desc_dir, &sub.name, lines, &found.comments) {
            return nothing(
                format!("cannot write {}: {e}", desc.display()),
                "make the output folder writable",
            );
        }
    }
    if let Some((reason, fix)) = found.unrunnable {
        return Recognition {
            engine: Engine::Nothing { reason, fix },
            warnings: found.warnings,
        };
    }
    Recognition {
        engine: found.engine,
        warnings: found.warnings,
    }
}

/// A fresh reading of the files: the engine, and for a Lisp project the
/// comments after the list and why it cannot run yet.
struct Fresh {
    engine: Engine,
    warnings: Vec<String>,
    comments: Vec<String>,
    /// A Lisp project whose description is written but that cannot run as
    /// it is (no entry): Nothing, with this reason and fix.
    unrunnable: Option<(String, String)>,
}

fn fresh(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    all: &[PathBuf],
) -> Fresh {
    let nothing = |reason: String, fix: String| Fresh {
        engine: Engine::Nothing { reason, fix },
        warnings: Vec::new(),
        comments: Vec::new(),
        unrunnable: None,
    };
    let lisp: Vec<&PathBuf> = all.iter().filter(|p| is_lisp_source(p)).collect();
    let mut lisp_plan = None;
    if !lisp.is_empty() {
        let files = read_lisp(&sub.files, &lisp);
        let duel = if game.is_puzzle() {
            game.sibling()
        } else {
            game
        };
        match plan_lisp(&files, duel.as_str(), year) {
            Ok(mut plan) if plan.entry_found => {
                let own: Vec<String> = all
                    .iter()
                    .filter(|p| extension(p) == "tabula")
                    .map(|p| p.display().to_string())
                    .collect();
                if !own.is_empty() {
                    plan.warnings.push(format!(
                        "the submission carries its own description ({}): compare it with {DESCRIPTION}",
                        own.join(", ")
                    ));
                }
                return Fresh {
                    engine: Engine::Lisp {
                        description: desc_dir.join(DESCRIPTION),
                        lines: plan.lines,
                    },
                    warnings: plan.warnings,
                    comments: plan.comments,
                    unrunnable: None,
                };
            }
            Ok(plan) => lisp_plan = Some(plan),
            Err((reason, fix)) => return nothing(reason, fix),
        }
    }
    if let Some((command, how)) = program(&sub.files, all) {
        return Fresh {
            engine: Engine::Program { command, how },
            warnings: Vec::new(),
            comments: Vec::new(),
            unrunnable: None,
        };
    }
    if let Some(plan) = lisp_plan {
        let entry = plan.entry_name.clone();
        return Fresh {
            engine: Engine::Lisp {
                description: desc_dir.join(DESCRIPTION),
                lines: plan.lines,
            },
            warnings: plan.warnings,
            comments: plan.comments,
            unrunnable: Some((
                format!("no function {entry} in the Lisp files, nor another entry the kit runs"),
                format!(
                    "name the function to call in {DESCRIPTION} (:entry \"…\" and its :args), then rerun"
                ),
            )),
        };
    }
    let shown: Vec<String> = all
        .iter()
        .take(5)
        .map(|p| p.display().to_string())
        .collect();
    nothing(
        format!(
            "no Lisp source, no Python program, no executable ({}{})",
            shown.join(", "),
            if all.len() > 5 { ", …" } else { "" }
        ),
        "hand in the project's source files (.lisp) or a program that speaks the protocol".into(),
    )
}

/// The files under `dir`, relative to it, in name order.
fn list_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
        let Ok(read) = fs::read_dir(dir) else { return };
        let mut entries: Vec<_> = read.filter_map(|e| e.ok()).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let path = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() && depth < 40 => walk(root, &path, out, depth + 1),
                Ok(t) if t.is_file() => {
                    out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf())
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out, 0);
    out
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default()
}

fn is_lisp_source(path: &Path) -> bool {
    matches!(extension(path).as_str(), "lisp" | "lsp" | "cl" | "l")
}

/// A Lisp file of the project and what it holds.
struct LispFile {
    /// Relative to the description: `files/jogo.lisp`.
    rel: String,
    /// The file name (`jogo.LISP`).
    name: String,
    /// Its name without type, lower case: what a `load` finds it by.
    stem: String,
    /// Its folder, relative to `files/`.
    dir: PathBuf,
    facts: FileFacts,
}

fn read_lisp(root: &Path, paths: &[&PathBuf]) -> Vec<LispFile> {
    paths
        .iter()
        .map(|rel| {
            let text = source::decode(&fs::read(root.join(rel)).unwrap_or_default());
            let name = rel
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            LispFile {
                rel: format!("files/{}", rel.display()),
                stem: source::path_words(&name).0,
                name,
                dir: rel.parent().map(Path::to_path_buf).unwrap_or_default(),
                facts: source::analyse(&text),
            }
        })
        .collect()
}

/// What a Lisp project's reading gave.
struct LispPlan {
    lines: Vec<DescLine>,
    warnings: Vec<String>,
    /// Comments written after the description's list.
    comments: Vec<String>,
    entry_found: bool,
    entry_name: String,
}

fn line(key: &str, value: impl Into<String>, how: impl Into<String>, sure: Sureness) -> DescLine {
    DescLine {
        key: key.into(),
        value: value.into(),
        how: how.into(),
        sure,
    }
}

/// Words each game's projects use (names of their statements), by game id;
/// knight, bishop and torre are one family (the same estado).
const GAME_WORDS: &[(&str, &[&str])] = &[
    ("knight", &["cavalo", "cavalos", "saltos", "knight"]),
    ("bishop", &["bispo", "bispos", "bishop"]),
    ("torre", &["torre", "torres", "rook"]),
    (
        "dots",
        &[
            "arco",
            "arcos",
            "caixa",
            "caixas",
            "arco-horizontal",
            "arco-vertical",
        ],
    ),
    (
        "blokus",
        &[
            "blokus", "peca-a", "peca-b", "peca-c", "peca-c-1", "peca-c-2",
        ],
    ),
    (
        "adjiboto",
        &[
            "adji", "adjiboto", "semear", "sementes", "semente", "cova", "covas",
        ],
    ),
    (
        "quatro",
        &["quatro", "redonda", "quadrada", "oca", "cheia", "reserva"],
    ),
    ("solitario", &["solitario", "pino", "pinos"]),
    ("galo3d", &["galo", "galo3d", "cubo"]),
];

fn family(game: &str) -> &[&str] {
    match game {
        "knight" | "bishop" | "torre" => &["knight", "bishop", "torre"],
        "dots" => &["dots"],
        "blokus" => &["blokus"],
        "adjiboto" => &["adjiboto"],
        "quatro" => &["quatro"],
        "solitario" => &["solitario"],
        "galo3d" => &["galo3d"],
        _ => &[],
    }
}

/// The game words found, per family head.
fn game_words(files: &[LispFile]) -> BTreeMap<&'static str, BTreeSet<&'static str>> {
    let mut found: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (game, words) in GAME_WORDS {
        let head = family(game)[0];
        for w in *words {
            if files
                .iter()
                .any(|f| f.facts.words.contains(*w) || f.facts.symbols.contains(*w))
            {
                found.entry(head).or_default().insert(w);
            }
        }
    }
    found
}

/// Reads a Lisp project: `Err((reason, fix))` when it is another game's.
fn plan_lisp(
    files: &[LispFile],
    game: &str,
    year: Option<u32>,
) -> Result<LispPlan, (String, String)> {
    let mut lines = Vec::new();
    let mut warnings = Vec::new();
    let mut comments = Vec::new();

    // Another game's project?
    let words = game_words(files);
    let own = family(game)
        .first()
        .and_then(|h| words.get(h))
        .map_or(0, BTreeSet::len);
    if let Some((other, w)) = words
        .iter()
        .filter(|(g, _)| family(game).first() != Some(g))
        .max_by_key(|(_, w)| w.len())
    {
        let list: Vec<&str> = w.iter().copied().collect();
        if own == 0 && w.len() >= 2 {
            return Err((
                format!(
                    "a project of another game: {other} (its words: {}), not {game}",
                    list.join(", ")
                ),
                format!("hand in the {game} project"),
            ));
        }
        if w.len() >= own + 3 {
            warnings.push(format!(
                "more of {other}'s words ({}) than of {game}'s: another game's project?",
                list.join(", ")
            ));
        }
    }

    // The preset.
    let (preset, how, warning) = presets::choose(game, year);
    warnings.extend(warning);
    if let Some(p) = preset {
        let sure = if year == Some(p.year) {
            Sureness::Certain
        } else {
            Sureness::Likely
        };
        lines.push(line(":preset", source::quote(p.name), how, sure));
    }

    // The entry.
    let entry_name = "jogar";
    let entry = find_entry(files, entry_name, &mut warnings);
    let reachable = entry.as_ref().map(|e| reach(files, &e.def));

    // The files.
    let (listed, files_how, never) = load_order(
        files,
        entry.as_ref().map(|e| e.file),
        reachable.as_ref(),
        &mut warnings,
    );
    let value = format!(
        "({})",
        listed
            .iter()
            .map(|&i| source::quote(&files[i].rel))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let files_sure = if never.is_empty() && listed.len() == 1 {
        Sureness::Certain
    } else {
        Sureness::Likely
    };
    lines.push(line(":files", value, files_how, files_sure));

    let Some(entry) = entry else {
        warnings.push(format!(
            "no function {entry_name} defined, nor a computer-move function: set :entry and :args in {DESCRIPTION}"
        ));
        return Ok(LispPlan {
            lines,
            warnings,
            comments,
            entry_found: false,
            entry_name: entry_name.into(),
        });
    };
    let def = &entry.def;
    let at = format!("{}:{}", files[entry.file].name, def.line);
    lines.push(line(
        ":entry",
        source::quote(&def.name),
        format!(
            "{}{} defined in {at} (package {})",
            entry.how, def.name, def.package
        ),
        entry.sure,
    ));

    entry_call(&entry, preset.as_ref(), &mut lines, &mut warnings);
    aliases(files, &mut lines, &mut warnings);
    globals(
        files,
        reachable.as_ref().expect("an entry"),
        &mut lines,
        &mut warnings,
    );
    menus(files, &mut warnings);
    comments.push(clock_comment(files));
    Ok(LispPlan {
        lines,
        warnings,
        comments,
        entry_found: true,
        entry_name: entry_name.into(),
    })
}

/// The entry found: where, and how.
struct Entry {
    file: usize,
    def: Def,
    how: String,
    sure: Sureness,
    /// Not the preset's `jogar`: a computer-move function.
    alternative: bool,
}

fn defs_named<'a>(files: &'a [LispFile], name: &str) -> Vec<(usize, &'a Def)> {
    files
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.facts.defs.iter().map(move |d| (i, d)))
        .filter(|(_, d)| d.name == name)
        .collect()
}

fn find_entry(files: &[LispFile], name: &str, warnings: &mut Vec<String>) -> Option<Entry> {
    let hits = defs_named(files, name);
    if let Some(&(file, def)) = hits.last() {
        let sure = if hits.len() == 1 {
            Sureness::Certain
        } else {
            let places: Vec<String> = hits
                .iter()
                .map(|(i, d)| format!("{}:{}", files[*i].name, d.line))
                .collect();
            warnings.push(format!(
                "{name} is defined {} times ({}): the last one is taken",
                hits.len(),
                places.join(", ")
            ));
            Sureness::Likely
        };
        return Some(Entry {
            file,
            def: def.clone(),
            how: String::new(),
            sure,
            alternative: false,
        });
    }
    // The node-global pattern: a computer-move function.
    let mut scored: Vec<(i32, usize, &Def)> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        for d in &f.facts.defs {
            let words: Vec<&str> = d.name.split('-').collect();
            let mut score = 0;
            if words.iter().any(|w| {
                matches!(
                    *w,
                    "computador" | "cpu" | "pc" | "maquina" | "computer" | "ia"
                )
            }) {
                score += 3;
            }
            if words.iter().any(|w| {
                matches!(
                    *w,
                    "jogada" | "jogar" | "joga" | "jogue" | "move" | "play" | "lance"
                )
            }) {
                score += 2;
            }
            if d.sets
                .iter()
                .any(|g| g.contains("jogada") || g.contains("move"))
            {
                score += 2;
            }
            if score >= 4 && d.required > 0 {
                scored.push((score, i, d));
            }
        }
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    let &(best, file, def) = scored.first()?;
    let ties: Vec<&str> = scored
        .iter()
        .filter(|s| s.0 == best)
        .map(|s| s.2.name.as_str())
        .collect();
    let sure = if ties.len() == 1 {
        Sureness::Likely
    } else {
        warnings.push(format!(
            "no {name}; several computer-move functions: {} (the first taken)",
            ties.join(", ")
        ));
        Sureness::Guess
    };
    warnings.push(format!(
        "no {name}: {} taken as the entry (a computer-move function): check :entry, :args, :estado, :base",
        def.name
    ));
    Some(Entry {
        file,
        def: def.clone(),
        how: format!("no {name}: a computer-move function, "),
        sure,
        alternative: true,
    })
}

/// The kit's argument keyword for a parameter's name.
fn arg_of(param: &str) -> Option<&'static str> {
    let p = param.trim_matches(['*', '_']);
    let words: Vec<&str> = p.split('-').collect();
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    if has(&["tempo", "time", "ms", "milisegundos", "limite"]) {
        Some(":tempo")
    } else if has(&["simbolo", "symbol", "sim"]) {
        Some(":symbol")
    } else if has(&["profundidade", "prof", "depth", "nivel", "p"]) {
        Some("3")
    } else if has(&["adversario", "oponente", "opponent"]) {
        Some(":opponent")
    } else if has(&["peca", "piece"]) {
        Some(":piece")
    } else if has(&["jogador", "player", "lado", "side", "vez", "cor"]) {
        Some(":side")
    } else if has(&[
        "estado",
        "state",
        "no",
        "node",
        "posicao",
        "tabuleiro",
        "tab",
        "board",
        "t",
    ]) {
        Some(":estado")
    } else {
        None
    }
}

/// Is this parameter the bare board (not an estado)?
fn bare_board_param(param: &str) -> bool {
    matches!(
        param,
        "tab" | "tabuleiro" | "board" | "tabuleiro-atual" | "tab-atual"
    )
}

/// `:args`, `:symbols`, `:estado`, `:view`, `:answer` from the entry's
/// parameters, where they differ from the preset.
fn entry_call(
    entry: &Entry,
    preset: Option<&Preset>,
    lines: &mut Vec<DescLine>,
    warnings: &mut Vec<String>,
) {
    let def = &entry.def;
    let preset_args: Vec<&str> = preset.map_or(vec![":estado", ":tempo"], |p| p.args.to_vec());
    let args: Option<Vec<&str>> = def.params.iter().map(|p| arg_of(p)).collect();
    let params = format!("({})", def.params.join(" "));
    match args {
        Some(args) if args == preset_args => {}
        Some(args) if !args.is_empty() => {
            let sure = if entry.alternative || args.contains(&"3") {
                Sureness::Guess
            } else {
                Sureness::Likely
            };
            let depth = if args.contains(&"3") {
                "; 3 a depth: change it"
            } else {
                ""
            };
            lines.push(line(
                ":args",
                format!("({})", args.join(" ")),
                format!(
                    "read from the parameters {params}, not the preset's ({}){depth}",
                    preset_args.join(" ")
                ),
                sure,
            ));
            if args.contains(&":symbol") {
                let symbol_param = def
                    .params
                    .iter()
                    .find(|p| arg_of(p) == Some(":symbol"))
                    .cloned()
                    .unwrap_or_default();
                match def
                    .cases
                    .iter()
                    .find(|(v, k)| *v == symbol_param && k.len() == 2)
                {
                    Some((_, keys)) => lines.push(line(
                        ":symbols",
                        format!("({})", keys.join(" ")),
                        format!(
                            "the case on {symbol_param} in {}: player 1's first",
                            def.name
                        ),
                        Sureness::Guess,
                    )),
                    None => warnings.push(format!(
                        "{} takes a symbol ({symbol_param}): set :symbols (player 1's, player 2's)",
                        def.name
                    )),
                }
            }
        }
        _ => warnings.push(format!(
            "{} takes {params}, not read: check :args (the preset passes {})",
            def.name,
            preset_args.join(" ")
        )),
    }
    let first = def.params.first().map(String::as_str).unwrap_or("");
    let preset_bare = preset.is_some_and(|p| p.estado == ":board");
    if bare_board_param(first) && !preset_bare && !entry.alternative {
        lines.push(line(
            ":estado",
            ":board",
            format!(
                "{} takes {first}: the bare board, not the preset's estado",
                def.name
            ),
            Sureness::Guess,
        ));
        lines.push(line(
            ":view",
            ":mover-first",
            "a bare board does not say who moves: the program guesses it, so it is always shown as player 1",
            Sureness::Guess,
        ));
        warnings.push(format!(
            "{} takes the bare board ({first}): :estado :board and :view :mover-first are guesses",
            def.name
        ));
    }
    if entry.alternative {
        let answer = def
            .sets
            .iter()
            .find(|g| g.contains("jogada") || g.contains("move"))
            .or_else(|| def.sets.iter().next());
        match answer {
            Some(g) => lines.push(line(
                ":answer",
                format!("(:global {})", source::quote(g)),
                format!("{} leaves its move in {g}", def.name),
                Sureness::Likely,
            )),
            None => warnings.push(format!("{}: where is its move? set :answer", def.name)),
        }
        let shape = preset.map_or("(:board :side :score1 :score2)", |p| p.estado);
        warnings.push(format!(
            "{} takes {first}: is it the estado {shape}? set :estado (e.g. a node (:board nil :score1 :score2)) and :base (rows from 0 or 1)",
            def.name
        ));
    }
}

/// The names the entry reaches (functions and globals), through every
/// file's definitions.
fn reach(files: &[LispFile], entry: &Def) -> BTreeSet<String> {
    let mut seen = BTreeSet::from([entry.name.clone()]);
    let mut queue = VecDeque::from([entry.name.clone()]);
    while let Some(name) = queue.pop_front() {
        for (_, d) in defs_named(files, &name) {
            for next in d.calls.iter().chain(&d.globals) {
                if seen.insert(next.clone()) {
                    queue.push_back(next.clone());
                }
            }
        }
    }
    seen
}

/// The project file a `load` of `stem` from the file `from` finds (the
/// same folder first, then any).
fn loaded_file(files: &[LispFile], from: usize, stem: &str) -> Option<usize> {
    let same = files
        .iter()
        .position(|f| f.stem == stem && f.dir == files[from].dir);
    same.or_else(|| files.iter().position(|f| f.stem == stem))
}

/// `:files`: (the files listed, how, the files left out).
fn load_order(
    files: &[LispFile],
    entry_file: Option<usize>,
    reachable: Option<&BTreeSet<String>>,
    warnings: &mut Vec<String>,
) -> (Vec<usize>, String, Vec<usize>) {
    // Loads made at load time: at the top, or in a function called there.
    let mut loads: Vec<Vec<usize>> = vec![Vec::new(); files.len()];
    let mut loaded_by: Vec<Option<usize>> = vec![None; files.len()];
    for (i, f) in files.iter().enumerate() {
        let top: BTreeSet<&str> = f.facts.top_calls.iter().map(|(n, _)| n.as_str()).collect();
        for l in &f.facts.loads {
            if l.within.as_deref().is_some_and(|w| !top.contains(w)) {
                continue;
            }
            match loaded_file(files, i, &l.stem) {
                Some(j) if j != i => {
                    if !loads[i].contains(&j) {
                        loads[i].push(j);
                    }
                    loaded_by[j].get_or_insert(i);
                }
                Some(_) => {}
                None => warnings.push(format!(
                    "{}:{} loads {}: no such file in the submission",
                    f.name, l.line, l.written
                )),
            }
        }
    }
    // What each file brings, with the files it loads.
    let closure = |root: usize| -> Vec<usize> {
        let mut out = vec![root];
        let mut k = 0;
        while k < out.len() {
            for &j in &loads[out[k]] {
                if !out.contains(&j) {
                    out.push(j);
                }
            }
            k += 1;
        }
        out
    };
    let roots: Vec<usize> = (0..files.len())
        .filter(|&i| loaded_by[i].is_none())
        .collect();
    // A file in a loop of loads has no root: take the entry's file.
    let mut roots = if roots.is_empty() {
        vec![entry_file.unwrap_or(0)]
    } else {
        roots
    };
    let defines = |i: usize| -> BTreeSet<String> {
        let f = &files[i].facts;
        f.defs
            .iter()
            .map(|d| d.name.clone())
            .chain(f.globals.iter().map(|g| g.name.clone()))
            .chain(f.packages.iter().map(|p| format!("package {p}")))
            .collect()
    };
    let uses = |i: usize| -> BTreeSet<String> {
        let f = &files[i].facts;
        f.calls
            .iter()
            .map(|c| c.name.clone())
            .chain(f.defs.iter().flat_map(|d| d.globals.iter().cloned()))
            .chain(f.top_refs.iter().cloned())
            .chain(f.in_packages.iter().map(|p| format!("package {p}")))
            .collect()
    };
    // Leave out what the entry never reaches.
    let mut left_out = Vec::new();
    if let (Some(entry_file), Some(reachable)) = (entry_file, reachable) {
        let entry_root = roots
            .iter()
            .copied()
            .find(|&r| closure(r).contains(&entry_file));
        let needed_packages: BTreeSet<String> = roots
            .iter()
            .filter(|&&r| Some(r) == entry_root)
            .flat_map(|&r| closure(r))
            .flat_map(|i| {
                files[i]
                    .facts
                    .in_packages
                    .iter()
                    .map(|p| format!("package {p}"))
            })
            .collect();
        roots.retain(|&r| {
            let keep = Some(r) == entry_root
                || closure(r).iter().any(|&i| {
                    let d = defines(i);
                    d.iter()
                        .any(|n| reachable.contains(n) || needed_packages.contains(n))
                });
            if !keep {
                left_out.push(r);
            }
            keep
        });
    }
    for &r in &left_out {
        warnings.push(format!(
            "{} is not loaded: nothing {} reaches is defined in it (or in what it loads)",
            files[r].rel,
            entry_file.map_or("the entry".to_string(), |e| format!(
                "the entry in {}",
                files[e].name
            ))
        ));
    }
    // Order: what others use first, the entry's file last.
    let mut order = Vec::new();
    let mut rest = roots.clone();
    while !rest.is_empty() {
        let brings: Vec<(usize, BTreeSet<String>, BTreeSet<String>)> = rest
            .iter()
            .map(|&r| {
                let c = closure(r);
                (
                    r,
                    c.iter().flat_map(|&i| defines(i)).collect(),
                    c.iter().flat_map(|&i| uses(i)).collect(),
                )
            })
            .collect();
        let needs_other = |k: usize| {
            let own = &brings[k].1;
            brings.iter().enumerate().any(|(m, other)| {
                m != k
                    && brings[k]
                        .2
                        .iter()
                        .any(|n| !own.contains(n) && other.1.contains(n))
            })
        };
        let entry_root = |r: usize| entry_file.is_some_and(|e| closure(r).contains(&e));
        let pick = (0..rest.len())
            .find(|&k| !needs_other(k) && !entry_root(rest[k]))
            .or_else(|| (0..rest.len()).find(|&k| !needs_other(k)))
            .or_else(|| (0..rest.len()).find(|&k| !entry_root(rest[k])))
            .unwrap_or(0);
        order.push(rest.remove(pick));
    }
    let mut how = Vec::new();
    for &r in &order {
        let c = closure(r);
        if c.len() > 1 {
            let by: Vec<&str> = c[1..].iter().map(|&i| files[i].name.as_str()).collect();
            how.push(format!("{} loads {}", files[r].name, by.join(", ")));
        }
    }
    if order.len() > 1 {
        how.push("in the order their definitions are used, the entry's file last".into());
    }
    if how.is_empty() {
        how.push(match entry_file {
            Some(e) if order == [e] => format!("{} defines the entry", files[e].name),
            _ => "the project's Lisp files".into(),
        });
    }
    (order, how.join("; "), left_out)
}

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

/// Levenshtein distance.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// How near a defined name is to a missing one (`None`: not near).
fn nearness(missing: &str, defined: &str) -> Option<usize> {
    let d = distance(missing, defined);
    if d <= (missing.len().min(defined.len()) / 5).max(1) {
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
    if long.len() == short.len() + 1 {
        // Keeping the first word (the verb) is likelier than the last.
        if long.starts_with(short) {
            return Some(10);
        }
        if long.ends_with(short) {
            return Some(11);
        }
    }
    let mut ms = m.clone();
    let mut ns = n.clone();
    ms.sort_unstable();
    ns.sort_unstable();
    (m.len() > 1 && ms == ns).then_some(5)
}

/// `:aliases` for names called but defined nowhere.
fn aliases(files: &[LispFile], lines: &mut Vec<DescLine>, warnings: &mut Vec<String>) {
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
    // Each missing name: where first called, and with how many arguments.
    let mut missing: BTreeMap<&str, (String, BTreeSet<usize>)> = BTreeMap::new();
    for f in files {
        for c in &f.facts.calls {
            let n = c.name.as_str();
            if defined.contains_key(n)
                || locals.contains(n)
                || cl.contains(n)
                || IMPLEMENTATION.contains(&n)
            {
                continue;
            }
            let e = missing
                .entry(n)
                .or_insert_with(|| (format!("{}:{}", f.name, c.line), BTreeSet::new()));
            e.1.extend(c.args);
        }
    }
    let mut pairs = Vec::new();
    let mut hows = Vec::new();
    for (name, (at, counts)) in missing {
        let mut near: Vec<(usize, &str)> = defined
            .values()
            .filter(|d| counts.iter().all(|&n| d.takes(n)))
            .filter_map(|d| nearness(name, &d.name).map(|k| (k, d.name.as_str())))
            .collect();
        near.sort();
        match near.first() {
            Some(&(_, to)) => {
                pairs.push(format!("({name} {to})"));
                hows.push(format!("{name} (called at {at}) is defined nowhere; {to} is near"));
                let others: Vec<&str> = near[1..].iter().map(|n| n.1).collect();
                warnings.push(format!(
                    "{name} is called at {at} but defined nowhere: proposed as an alias of {to}{}",
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!(" (also near: {})", others.join(", "))
                    }
                ));
            }
            None => warnings.push(format!(
                "{name} is called at {at} but defined nowhere, and no defined name is near: a call of it fails"
            )),
        }
    }
    if !pairs.is_empty() {
        lines.push(line(
            ":aliases",
            format!("({})", pairs.join(" ")),
            hows.join("; "),
            Sureness::Guess,
        ));
    }
}

/// `:globals` (a menu's) and `:depth-global`.
fn globals(
    files: &[LispFile],
    reachable: &BTreeSet<String>,
    lines: &mut Vec<DescLine>,
    warnings: &mut Vec<String>,
) {
    let defs: Vec<&Def> = files.iter().flat_map(|f| f.facts.defs.iter()).collect();
    let top_calls: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.top_calls.iter().map(|(n, _)| n.as_str()))
        .collect();
    let mut pairs = Vec::new();
    let mut hows = Vec::new();
    for f in files {
        for g in f.facts.globals.iter().filter(|g| g.unbound) {
            if !reachable.contains(&g.name) {
                continue;
            }
            let setters: Vec<&&Def> = defs.iter().filter(|d| d.sets.contains(&g.name)).collect();
            let Some(menu) = setters
                .iter()
                .find(|d| d.reads_input && top_calls.contains(d.name.as_str()))
            else {
                continue;
            };
            if setters.iter().any(|d| reachable.contains(&d.name)) {
                continue;
            }
            let bare = g.name.trim_matches('*');
            if bare.split('-').any(|w| {
                matches!(
                    w,
                    "pasta" | "path" | "dir" | "diretorio" | "directorio" | "caminho" | "folder"
                )
            }) {
                pairs.push(format!("({} :scratch)", g.name));
                hows.push(format!(
                    "{} (a folder) is set only by the menu {} ({}), which reads the keyboard at load time",
                    g.name, menu.name, f.name
                ));
            } else {
                warnings.push(format!(
                    "{} is set only by the menu {} ({}), which reads the keyboard at load time: give its value in :globals, e.g. ({} 3)",
                    g.name, menu.name, f.name, g.name
                ));
            }
        }
    }
    if !pairs.is_empty() {
        lines.push(line(
            ":globals",
            format!("({})", pairs.join(" ")),
            hows.join("; "),
            Sureness::Guess,
        ));
    }
    let depth: Vec<&str> = defs
        .iter()
        .filter(|d| reachable.contains(&d.name))
        .flat_map(|d| d.sets.iter())
        .filter(|g| {
            g.trim_matches('*')
                .split('-')
                .any(|w| matches!(w, "profundidade" | "depth" | "prof"))
        })
        .map(String::as_str)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if let [g] = depth.as_slice() {
        lines.push(line(
            ":depth-global",
            source::quote(g),
            format!("the entry's search sets {g}"),
            Sureness::Likely,
        ));
    }
}

/// Top-level calls of functions that read the keyboard: the kit skips
/// them (they read the end of the input and fail).
fn menus(files: &[LispFile], warnings: &mut Vec<String>) {
    for f in files {
        for (name, at) in &f.facts.top_calls {
            let reads = files
                .iter()
                .flat_map(|g| g.facts.defs.iter())
                .any(|d| d.name == *name && d.reads_input);
            if reads {
                warnings.push(format!(
                    "{}:{at} calls {name} at load time, which reads the keyboard (a menu): the kit skips it; what it would set must come from :globals",
                    f.name
                ));
            }
        }
    }
}

/// What the kit will decide of the clock from this source (its rule,
/// `source-clock` in project.lisp), as a comment.
fn clock_comment(files: &[LispFile]) -> String {
    let uses: Vec<&source::ClockUse> = files.iter().flat_map(|f| f.facts.clock.iter()).collect();
    let converts_anywhere = files.iter().any(|f| f.facts.converts_anywhere);
    let names: Vec<&str> = uses.iter().map(|u| u.name.as_str()).collect();
    let decision = if uses.is_empty() {
        "the source never reads the clock: milliseconds".to_string()
    } else if uses.iter().all(|u| u.converts) {
        format!(
            "the source converts where it reads the clock ({}): milliseconds",
            names.join(", ")
        )
    } else if !converts_anywhere {
        format!(
            "the source compares raw clock differences with tempo ({}): raw units, confirmed by the probe",
            names.join(", ")
        )
    } else {
        format!(
            "the source converts in some forms only ({}): a probe at the first moves",
            names.join(", ")
        )
    };
    let cpu = if uses.iter().any(|u| u.run_time) {
        "; it times itself with get-internal-run-time (CPU time): run it on an idle machine"
    } else {
        ""
    };
    format!(
        ":clock is left to the kit, which decides it when it loads the project (adapters/README.md, \"Clock units\"): {decision}{cpu}. Set :clock :ms or :internal only to overrule it."
    )
}

/// A Python program with a protocol loop, or an ELF executable: (command,
/// how).
fn program(root: &Path, all: &[PathBuf]) -> Option<(String, String)> {
    let words = [
        "ugi", "uci", "bestmove", "isready", "readyok", "ugiok", "uciok",
    ];
    let mut scripts: Vec<(usize, bool, &PathBuf)> = all
        .iter()
        .filter(|p| extension(p) == "py")
        .map(|p| {
            let text = source::decode(&fs::read(root.join(p)).unwrap_or_default());
            let protocol = words.iter().filter(|w| contains_word(&text, w)).count();
            let main = text.contains("__name__") && text.contains("__main__");
            (protocol, main, p)
        })
        .collect();
    scripts.sort_by_key(|s| std::cmp::Reverse((s.0, s.1)));
    let py_count = scripts.len();
    if let Some(&(protocol, main, path)) = scripts.first() {
        let runnable = protocol >= 2 || main || py_count == 1;
        if runnable {
            let sure = if protocol >= 2 && scripts.get(1).is_none_or(|s| s.0 < protocol) {
                "likely"
            } else {
                "guess"
            };
            let why = if protocol >= 2 {
                format!("a Python protocol loop ({protocol} of the protocol's words)")
            } else if main {
                "the Python script with a __main__ (no protocol words seen)".to_string()
            } else {
                "the only Python file".to_string()
            };
            return Some((
                format!("python3 {}", shell_word(&path.display().to_string())),
                format!(
                    "{why} in {}; the handshake is confirmed by the check ({sure})",
                    path.display()
                ),
            ));
        }
    }
    let elf = all.iter().find(|p| {
        let mut head = [0u8; 4];
        fs::File::open(root.join(p))
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
            .is_ok()
            && head == *b"\x7fELF"
    })?;
    // The intake's copy lost the execute bit; it runs in the sandbox only.
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(root.join(elf), fs::Permissions::from_mode(0o755));
    }
    Some((
        format!("./{}", shell_word(&elf.display().to_string())),
        format!(
            "an ELF executable, {}; the handshake is confirmed by the check (guess)",
            elf.display()
        ),
    ))
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        edge(before) && edge(after)
    })
}

fn shell_word(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-/+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn sure_word(sure: Sureness) -> &'static str {
    match sure {
        Sureness::Given => "given",
        Sureness::Certain => "certain",
        Sureness::Likely => "likely",
        Sureness::Guess => "guess",
    }
}

/// The description's text.
fn description_text(name: &str, lines: &[DescLine], comments: &[String]) -> String {
    let mut out = format!(
        ";;;; {DESCRIPTION} of {name}\n\
         ;;;; Written by `arbiter grade`: how the Tabula kit (adapters/lisp/run.lisp)\n\
         ;;;; loads and calls this submission (adapters/README.md, \"Projects as\n\
         ;;;; they are handed in\"). After each key: how it was found, and\n\
         ;;;; how sure (certain; likely; guess: check it). To change it, edit this file:\n\
         ;;;; once it differs from {GENERATED}, reruns keep it as it is.\n\
         ;;;; Delete both to have it written anew.\n"
    );
    for (i, l) in lines.iter().enumerate() {
        let open = if i == 0 { "(" } else { " " };
        let how = l.how.replace('\n', " ");
        out.push_str(&format!(
            "{open}{} {} ; {how} ({})\n",
            l.key,
            l.value,
            sure_word(l.sure)
        ));
    }
    if lines.is_empty() {
        out.push('(');
    }
    out.push_str(")\n");
    for c in comments {
        out.push_str(&wrap_comment(c));
    }
    out
}

fn wrap_comment(text: &str) -> String {
    let mut out = String::new();
    let mut current = String::from(";;");
    for word in text.split_whitespace() {
        if current.len() + word.len() + 1 > 78 && current.len() > 2 {
            out.push_str(&current);
            out.push('\n');
            current = String::from(";;");
        }
        current.push(' ');
        current.push_str(word);
    }
    out.push_str(&current);
    out.push('\n');
    out
}

fn write_description(
    desc_dir: &Path,
    name: &str,
    lines: &[DescLine],
    comments: &[String],
) -> std::io::Result<()> {
    fs::create_dir_all(desc_dir)?;
    let text = description_text(name, lines, comments);
    fs::write(desc_dir.join(DESCRIPTION), &text)?;
    fs::write(desc_dir.join(GENERATED), &text)
}

/// The teacher's description: its text, when it is not what was generated.
fn teachers(desc: &Path, generated: &Path) -> Option<String> {
    let text = fs::read(desc).ok()?;
    match fs::read(generated) {
        Ok(ours) if ours == text => None,
        _ => Some(source::decode(&text)),
    }
}

/// The description's lines as Lisp reads them, or why it does not read.
fn read_description(text: &str) -> Result<Vec<(String, String)>, String> {
    let raw = crate::similarity::source::lisp::read(text);
    let opens = raw
        .iter()
        .filter(|(_, r)| *r == crate::similarity::source::lisp::Raw::Open)
        .count();
    let closes = raw
        .iter()
        .filter(|(_, r)| *r == crate::similarity::source::lisp::Raw::Close)
        .count();
    if opens != closes {
        return Err(format!("{opens} ( for {closes} )"));
    }
    let forms = source::read_forms(text);
    let Some(Form::List(items, _)) = forms.first() else {
        return Err("expected one list (:key value …)".into());
    };
    if items.len() % 2 != 0 {
        return Err("expected (:key value …): a key without its value".into());
    }
    items
        .chunks(2)
        .map(|kv| match kv[0].atom() {
            Some(k) if k.starts_with(':') => Ok((k.to_string(), source::print(&kv[1]))),
            _ => Err(format!("{} is not a key", source::print(&kv[0]))),
        })
        .collect()
}

/// A description the teacher wrote or edited: kept, read as given.
fn kept_description(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    desc: PathBuf,
    text: String,
) -> Recognition {
    let pairs = match read_description(&text) {
        Ok(pairs) => pairs,
        Err(e) => {
            return Recognition {
                engine: Engine::Nothing {
                    reason: format!("{DESCRIPTION} (edited by hand) does not read: {e}"),
                    fix: format!(
                        "correct it, or delete it and {GENERATED} to have it written anew"
                    ),
                },
                warnings: Vec::new(),
            }
        }
    };
    let lines: Vec<DescLine> = pairs
        .iter()
        .map(|(k, v)| {
            line(
                k,
                v.clone(),
                format!("the teacher's, in {DESCRIPTION}"),
                Sureness::Given,
            )
        })
        .collect();
    let mut warnings = vec![format!(
        "{DESCRIPTION} was edited by hand: kept as it is (delete it and {GENERATED} to have it written anew)"
    )];
    // What a fresh reading would add.
    let all = list_files(&sub.files);
    if let Engine::Lisp {
        lines: fresh_lines, ..
    } = fresh(sub, game, year, desc_dir, &all).engine
    {
        for f in fresh_lines {
            if !lines.iter().any(|l| l.key == f.key) {
                warnings.push(format!(
                    "a fresh reading also finds {} {} ({}: {}), not in the edited description",
                    f.key,
                    f.value,
                    sure_word(f.sure),
                    f.how
                ));
            }
        }
    }
    Recognition {
        engine: Engine::Lisp {
            description: desc,
            lines,
        },
        warnings,
    }
}

#[cfg(test)]
mod tests;
