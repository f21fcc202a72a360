//! `:files`: which of the project's Lisp files the kit loads, in which
//! order. A file another file loads (`load` / `compile-file` at load time,
//! by file name whatever the path, as the kit finds it) is not listed: its
//! loader loads it. The others are listed, those whose definitions the
//! others use first, the entry's file last; a file that brings nothing
//! the entry reaches, or only what the files kept already define (a
//! Projeto 1 left in beside its phase 2), is left out, with a warning.

use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

use super::files::LispFile;
use super::source::Def;

/// The definitions named `name`, with their files.
pub(super) fn defs_named<'a>(files: &'a [LispFile], name: &str) -> Vec<(usize, &'a Def)> {
    files
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.facts.defs.iter().map(move |d| (i, d)))
        .filter(|(_, d)| d.name == name)
        .collect()
}

/// The names the entry reaches (functions and globals), through every
/// file's definitions.
pub(super) fn reach(files: &[LispFile], entry: &str) -> BTreeSet<String> {
    reach_near(files, entry, None)
}

/// The names the entry reaches, each name followed through its
/// definitions in the folder `near` when that folder defines it, else
/// through every file's (a Projeto 1 beside phase 2 defines the same
/// names, and what its own versions call is not phase 2's concern).
pub(super) fn reach_near(files: &[LispFile], entry: &str, near: Option<&Path>) -> BTreeSet<String> {
    let mut seen = BTreeSet::from([entry.to_string()]);
    let mut queue = VecDeque::from([entry.to_string()]);
    while let Some(name) = queue.pop_front() {
        let defs = defs_named(files, &name);
        let here: Vec<_> = defs
            .iter()
            .filter(|(i, _)| near.is_some_and(|d| files[*i].dir == d))
            .copied()
            .collect();
        let defs = if here.is_empty() { defs } else { here };
        for (_, d) in defs {
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

/// Who loads whom at load time.
struct Graph {
    loads: Vec<Vec<usize>>,
    loaded_by: Vec<Option<usize>>,
}

impl Graph {
    /// Loads made at load time: at the top, or in a function called there.
    fn new(files: &[LispFile], warnings: &mut Vec<String>) -> Graph {
        let mut g = Graph {
            loads: vec![Vec::new(); files.len()],
            loaded_by: vec![None; files.len()],
        };
        for (i, f) in files.iter().enumerate() {
            let top: BTreeSet<&str> = f.facts.top_calls.iter().map(|(n, _)| n.as_str()).collect();
            for l in &f.facts.loads {
                if l.within.as_deref().is_some_and(|w| !top.contains(w)) {
                    continue;
                }
                match loaded_file(files, i, &l.stem) {
                    Some(j) if j != i => {
                        if !g.loads[i].contains(&j) {
                            g.loads[i].push(j);
                        }
                        g.loaded_by[j].get_or_insert(i);
                    }
                    Some(_) => {}
                    None => warnings.push(format!(
                        "{}:{} loads {}: no such file in the submission",
                        f.name, l.line, l.written
                    )),
                }
            }
        }
        g
    }

    /// What `root` brings: itself and the files it loads, in turn.
    fn closure(&self, root: usize) -> Vec<usize> {
        let mut out = vec![root];
        let mut k = 0;
        while k < out.len() {
            for &j in &self.loads[out[k]] {
                if !out.contains(&j) {
                    out.push(j);
                }
            }
            k += 1;
        }
        out
    }
}

fn defines(files: &[LispFile], i: usize) -> BTreeSet<String> {
    let f = &files[i].facts;
    f.defs
        .iter()
        .map(|d| d.name.clone())
        .chain(f.globals.iter().map(|g| g.name.clone()))
        .chain(f.packages.iter().map(|p| format!("package {p}")))
        .collect()
}

fn uses(files: &[LispFile], i: usize) -> BTreeSet<String> {
    let f = &files[i].facts;
    f.calls
        .keys()
        .cloned()
        .chain(f.defs.iter().flat_map(|d| d.globals.iter().cloned()))
        .chain(f.top_refs.iter().cloned())
        .chain(f.in_packages.iter().map(|p| format!("package {p}")))
        .collect()
}

/// `:files`: (the files listed, how, the files left out).
pub(super) fn load_order(
    files: &[LispFile],
    entry_file: Option<usize>,
    reachable: Option<&BTreeSet<String>>,
    warnings: &mut Vec<String>,
) -> (Vec<usize>, String, Vec<usize>) {
    let graph = Graph::new(files, warnings);
    let roots: Vec<usize> = (0..files.len())
        .filter(|&i| graph.loaded_by[i].is_none())
        .collect();
    // A file in a loop of loads has no root: take the entry's file.
    let mut roots = if roots.is_empty() {
        vec![entry_file.unwrap_or(0)]
    } else {
        roots
    };
    let left_out = match (entry_file, reachable) {
        (Some(e), Some(r)) => leave_out(files, &graph, &mut roots, e, r),
        _ => Vec::new(),
    };
    for &r in &left_out {
        warnings.push(format!(
            "{} is not loaded: nothing {} reaches is defined in it (or in what it loads) that the files loaded do not define",
            files[r].rel,
            entry_file.map_or("the entry".to_string(), |e| format!(
                "the entry in {}",
                files[e].name
            ))
        ));
    }
    let order = order(files, &graph, roots, entry_file);
    let how = explain(files, &graph, &order, entry_file);
    (order, how, left_out)
}

/// Leaves out of `roots` those that bring nothing the entry reaches that
/// the files kept do not already define (a Projeto 1 left beside its
/// phase 2, a draft, an older copy): returns them. Kept first: the entry's
/// root; then, in turn, the root bringing most of what is still missing
/// (ties: the one in the entry's folder, then the first).
fn leave_out(
    files: &[LispFile],
    graph: &Graph,
    roots: &mut Vec<usize>,
    entry_file: usize,
    reachable: &BTreeSet<String>,
) -> Vec<usize> {
    let entry_root = roots
        .iter()
        .copied()
        .find(|&r| graph.closure(r).contains(&entry_file));
    let needed_packages: BTreeSet<String> = entry_root
        .into_iter()
        .flat_map(|r| graph.closure(r))
        .flat_map(|i| {
            files[i]
                .facts
                .in_packages
                .iter()
                .map(|p| format!("package {p}"))
        })
        .collect();
    let brings = |r: usize| -> BTreeSet<String> {
        graph
            .closure(r)
            .iter()
            .flat_map(|&i| defines(files, i))
            .filter(|n| reachable.contains(n) || needed_packages.contains(n))
            .collect()
    };
    let mut covered: BTreeSet<String> = entry_root.map(brings).unwrap_or_default();
    let mut kept: Vec<usize> = entry_root.into_iter().collect();
    loop {
        let best = roots
            .iter()
            .copied()
            .filter(|r| !kept.contains(r))
            .map(|r| {
                let new = brings(r).difference(&covered).count();
                let near = files[r].dir == files[entry_file].dir;
                (r, new, near)
            })
            .filter(|&(_, new, _)| new > 0)
            .max_by_key(|&(r, new, near)| (new, near, std::cmp::Reverse(r)));
        let Some((r, _, _)) = best else { break };
        covered.extend(brings(r));
        kept.push(r);
    }
    let left_out: Vec<usize> = roots
        .iter()
        .copied()
        .filter(|r| !kept.contains(r))
        .collect();
    roots.retain(|r| kept.contains(r));
    left_out
}

/// The roots in the order their definitions are used, the entry's last.
fn order(
    files: &[LispFile],
    graph: &Graph,
    mut rest: Vec<usize>,
    entry_file: Option<usize>,
) -> Vec<usize> {
    let mut order = Vec::new();
    while !rest.is_empty() {
        let brings: Vec<(BTreeSet<String>, BTreeSet<String>)> = rest
            .iter()
            .map(|&r| {
                let c = graph.closure(r);
                (
                    c.iter().flat_map(|&i| defines(files, i)).collect(),
                    c.iter().flat_map(|&i| uses(files, i)).collect(),
                )
            })
            .collect();
        let needs_other = |k: usize| {
            let own = &brings[k].0;
            brings.iter().enumerate().any(|(m, other)| {
                m != k
                    && brings[k]
                        .1
                        .iter()
                        .any(|n| !own.contains(n) && other.0.contains(n))
            })
        };
        let entry_root = |r: usize| entry_file.is_some_and(|e| graph.closure(r).contains(&e));
        let pick = (0..rest.len())
            .find(|&k| !needs_other(k) && !entry_root(rest[k]))
            .or_else(|| (0..rest.len()).find(|&k| !needs_other(k)))
            .or_else(|| (0..rest.len()).find(|&k| !entry_root(rest[k])))
            .unwrap_or(0);
        order.push(rest.remove(pick));
    }
    order
}

fn explain(
    files: &[LispFile],
    graph: &Graph,
    order: &[usize],
    entry_file: Option<usize>,
) -> String {
    let mut how = Vec::new();
    for &r in order {
        let c = graph.closure(r);
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
    how.join("; ")
}
