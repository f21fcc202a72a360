//! What a menu or a game's start would have set: `:globals` (a global the
//! entry's code uses with no value when the project loads: the scratch
//! folder when its name says a folder, else the value some function sets
//! it to) and `:depth-global` (a global named for the depth that the
//! entry's search sets); and the menus the kit skips at load time.

use std::collections::BTreeSet;

use super::files::LispFile;
use super::source::{quote, Def};

/// What the globals give the description.
#[derive(Default)]
pub(super) struct Globals {
    /// `((*path* :scratch) (*pontos1* 0))`, with how it was found.
    pub(super) scratch: Option<(String, String)>,
    /// `"*profundidade*"`, with how it was found.
    pub(super) depth: Option<(String, String)>,
}

const FOLDER: &[&str] = &[
    "pasta",
    "path",
    "dir",
    "diretorio",
    "directorio",
    "diretoria",
    "caminho",
    "folder",
];

/// `:globals` and `:depth-global` for the names the entry reaches: a
/// global the entry's code uses that has no value at load time (declared
/// without one, or never declared) and that some function sets to a value
/// written as is (a menu, a game's start): that value; a folder's name: the
/// scratch folder.
pub(super) fn globals(
    files: &[LispFile],
    reachable: &BTreeSet<String>,
    warnings: &mut Vec<String>,
) -> Globals {
    let defs: Vec<&Def> = files.iter().flat_map(|f| f.facts.defs.iter()).collect();
    let valued: BTreeSet<&str> = files
        .iter()
        .flat_map(|f| f.facts.valued.iter().map(String::as_str))
        .collect();
    let used: BTreeSet<&str> = defs
        .iter()
        .filter(|d| reachable.contains(&d.name))
        .flat_map(|d| d.globals.iter().map(String::as_str))
        .collect();
    let mut pairs = Vec::new();
    let mut hows = Vec::new();
    for g in used.iter().filter(|g| !valued.contains(*g)) {
        let bare = g.trim_matches('*');
        let setter = defs
            .iter()
            .find_map(|d| d.assigns.iter().find(|(n, _)| n == g).map(|(_, v)| (d, v)));
        if bare.split('-').any(|w| FOLDER.contains(&w)) {
            pairs.push(format!("({g} :scratch)"));
            hows.push(format!(
                "{g} (a folder) has no value when the project loads"
            ));
        } else if let Some((d, v)) = setter {
            pairs.push(format!("({g} {v})"));
            hows.push(format!(
                "{g} has no value when the project loads; {} sets it to {v}",
                d.name
            ));
        } else if bare
            .split('-')
            .any(|w| matches!(w, "nivel" | "profundidade" | "depth" | "level" | "prof"))
        {
            pairs.push(format!("({g} 3)"));
            hows.push(format!(
                "{g} (a depth) has no value when the project loads: 3"
            ));
        } else if defs.iter().any(|d| d.sets.contains(*g) && d.reads_input) {
            warnings.push(format!(
                "{g} is set only by a menu, which reads the keyboard: give its value in :globals, e.g. ({g} 3)"
            ));
        }
    }
    let scratch = (!pairs.is_empty()).then(|| (format!("({})", pairs.join(" ")), hows.join("; ")));
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
    let depth = match depth.as_slice() {
        [g] => Some((quote(g), format!("the entry's search sets {g}"))),
        _ => None,
    };
    Globals { scratch, depth }
}

/// Top-level calls of functions that read the keyboard: the kit skips
/// them (they read the end of the input and fail).
pub(super) fn menus(files: &[LispFile], warnings: &mut Vec<String>) {
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
