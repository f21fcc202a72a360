//! A Lisp project, step by step: another game's words; the year's preset;
//! the candidates the source suggests; the files the kit loads; aliases,
//! globals, the clock the source shows; the experiment that tries the
//! candidates (when a [`Lab`] is given); the description's lines from the
//! best one, marked certain only when it played every position; and, when
//! nothing played, the precise reason.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

use super::candidates::{candidates, Candidate, Reading};
use super::clock::{self, Clock};
use super::course::{Course, Preset};
use super::describe::line;
use super::entry::entries;
use super::experiment::{self, Best, Outcome, Setup};
use super::files::LispFile;
use super::globals::{globals, menus, Globals};
use super::load::{load_order, reach_near};
use super::names::{aliases, Alias};
use super::probe::Lab;
use super::shapes::initial_functions;
use super::source::quote;
use super::unplayable::Unplayable;
use super::why_not;
use crate::grade::{DescLine, Experiment, Sureness};

/// What a Lisp project's recognition gives.
pub(super) struct Project {
    pub(super) lines: Vec<DescLine>,
    pub(super) warnings: Vec<String>,
    /// Comments written after the description's list.
    pub(super) comments: Vec<String>,
    /// Why it cannot play, when nothing played (or nothing could).
    pub(super) unplayable: Option<Unplayable>,
    pub(super) experiment: Option<Experiment>,
}

/// The static reading shared by the candidates.
struct Reading0<'a> {
    files: &'a [LispFile],
    preset: Option<&'a Preset>,
    listed: Vec<usize>,
    files_line: DescLine,
    aliases: Vec<Alias>,
    globals: Globals,
    clock: (Option<Clock>, String),
}

/// Recognises the Lisp project `files` for `game` (a duel's id).
pub(super) fn project(
    files: &[LispFile],
    game: &str,
    year: Option<u32>,
    course: &Course,
    lab: Option<(&Lab, &Path)>,
    deadline: Instant,
) -> Result<Project, Unplayable> {
    let mut warnings = Vec::new();
    why_not::another_game(files, game, course, &mut warnings)?;
    let (preset, preset_how, warning) = course.choose(game, year);
    warnings.extend(warning);
    let mut lines = Vec::new();
    if let Some(p) = preset {
        let sure = if year == Some(p.year) {
            Sureness::Certain
        } else {
            Sureness::Likely
        };
        lines.push(line(":preset", quote(&p.name), preset_how, sure));
    }
    let base = static_reading(files, preset, course, game, deadline, &mut warnings);
    lines.push(base.files_line.clone());
    let game_data = course.game(game);
    let make = |dynamic: &[(String, String)]| candidates(files, preset, game_data, dynamic);
    let first = make(&[]);
    let outcome = match (lab, first.is_empty()) {
        (Some((lab, desc_dir)), false) => {
            let setup = Setup {
                description: probe_description(&base),
                initial: initial_functions(files),
                base: preset.map_or(0, |p| p.base),
                clock: base.clock.0,
                clock_why: base.clock.1.clone(),
                raw_internal: clock::raw_internal(files),
                movetime: lab.movetime,
                views: [":mover-first".to_string()]
                    .into_iter()
                    .chain(preset.and_then(|p| p.view.clone()))
                    .chain(std::iter::once(":as-is".to_string()))
                    .collect(),
                preset: preset.map(|p| p.name.clone()),
            };
            let id = tabula::games::GameId::ALL
                .into_iter()
                .find(|g| g.as_str() == game);
            // The positions of the year's statement (its variant).
            let game_setup = |id| {
                preset
                    .and_then(|p| p.setup(id).ok())
                    .unwrap_or_else(|| tabula::games::GameSetup::new(id))
            };
            id.map(|id| experiment::run(lab, desc_dir, &setup, game_setup(id), &make, deadline))
        }
        _ => None,
    };
    let comments = comments(&base, outcome.as_ref());
    for note in outcome.iter().flat_map(|o| &o.notes) {
        warnings.push(format!("the kit, loading the project: {note}"));
    }
    let mut project = Project {
        lines,
        warnings,
        comments,
        unplayable: None,
        experiment: outcome.as_ref().map(evidence),
    };
    let best = outcome.as_ref().and_then(|o| o.best.as_ref());
    match (best, first.first()) {
        (Some(b), _) if b.legal > 0 => {
            describe(&mut project, &base, &b.candidate, &b.reading, Some(b))
        }
        (_, Some(c)) => {
            let reading = Reading {
                global: None,
                base: preset.map_or(0, |p| p.base),
            };
            describe(&mut project, &base, c, &reading, None);
            if let Some(o) = &outcome {
                project.unplayable = why_not::nothing_played(files, preset, o, &first);
                if project.unplayable.is_none() {
                    if let Some(f) = &o.failure {
                        project
                            .warnings
                            .push(format!("the experiment could not run ({f}): the description is read from the source only"));
                    }
                }
            }
        }
        (None, None) => {
            project.unplayable = Some(why_not::no_entry(files, preset));
        }
        (Some(_), None) => {}
    }
    Ok(project)
}

/// What every candidate shares: the files and their order, aliases,
/// globals, the clock's source reading.
fn static_reading<'a>(
    files: &'a [LispFile],
    preset: Option<&'a Preset>,
    course: &Course,
    game: &str,
    deadline: Instant,
    warnings: &mut Vec<String>,
) -> Reading0<'a> {
    let entry_name = preset.map_or("jogar", |p| p.entry.as_str());
    let arity = preset.map_or(2, |p| p.args.len());
    let found = entries(files, entry_name, arity, 8);
    let top = found.first();
    // What any entry reaches: the experiment may keep any of them. An
    // entry in another folder than the likeliest one's counts only when
    // the likeliest reaches it (a Projeto 1's searches beside phase 2 do
    // not make Projeto 1 loaded); names are followed in each entry's own
    // folder first.
    let near = |e: &super::entry::Entry| Some(files[e.file].dir.as_path());
    let top_reach = top.map(|t| reach_near(files, &t.def.name, near(t)));
    let mut reached: BTreeSet<String> = BTreeSet::new();
    for e in &found {
        let beside = top.is_some_and(|t| files[t.file].dir == files[e.file].dir);
        let called = top_reach.as_ref().is_some_and(|r| r.contains(&e.def.name));
        if beside || called {
            reached.extend(reach_near(files, &e.def.name, near(e)));
        }
    }
    let (listed, files_how, never) =
        load_order(files, top.map(|e| e.file), top.map(|_| &reached), warnings);
    let value = format!(
        "({})",
        listed
            .iter()
            .map(|&i| quote(&files[i].rel))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let sure = if never.is_empty() && listed.len() == 1 {
        Sureness::Certain
    } else {
        Sureness::Likely
    };
    let (aliases, alias_warnings) = aliases(files, &reached, deadline);
    warnings.extend(alias_warnings);
    let globals = globals(files, &reached, warnings);
    menus(files, warnings);
    let _ = (course, game);
    Reading0 {
        files,
        preset,
        listed,
        files_line: line(":files", value, files_how, sure),
        aliases,
        globals,
        clock: clock::from_source(files),
    }
}

/// The probe's description: what every candidate shares.
fn probe_description(base: &Reading0) -> String {
    let files: Vec<String> = base
        .listed
        .iter()
        .map(|&i| quote(&base.files[i].rel))
        .collect();
    let mut text = format!("(:files ({})", files.join(" "));
    if !base.aliases.is_empty() {
        let pairs: Vec<String> = base
            .aliases
            .iter()
            .map(|a| format!("({} {})", a.missing, a.to))
            .collect();
        text.push_str(&format!(" :aliases ({})", pairs.join(" ")));
    }
    if let Some((g, _)) = &base.globals.scratch {
        text.push_str(&format!(" :globals {g}"));
    }
    text.push_str(")\n");
    text
}

/// The experiment's evidence for the teacher and the rubric.
fn evidence(o: &Outcome) -> Experiment {
    let verdicts: Vec<(String, String)> = o
        .best
        .as_ref()
        .map(|b| {
            b.verdicts
                .iter()
                .map(|(what, v)| (what.clone(), v.describe()))
                .collect()
        })
        .unwrap_or_default();
    Experiment {
        positions: o.best.as_ref().map_or(o.spots, |b| b.verdicts.len()),
        legal: o.best.as_ref().map_or(0, |b| b.legal),
        verdicts,
        candidates: o.candidates,
        calls: o.calls,
        time: o.elapsed,
        failure: o.failure.clone(),
    }
}

/// The description's lines for candidate `c` read as `reading`; certain
/// only when `best` played every position.
fn describe(
    p: &mut Project,
    base: &Reading0,
    c: &Candidate,
    reading: &Reading,
    best: Option<&Best>,
) {
    let sure = match best {
        Some(b) if b.legal == b.verdicts.len() => Sureness::Certain,
        Some(_) => Sureness::Likely,
        None if c.rank == 0 && c.how[0].contains("the year's entry") => Sureness::Likely,
        None => Sureness::Guess,
    };
    let played = best.map_or(String::new(), |b| {
        format!(
            "; legal moves of its own in {} of {} probe positions",
            b.legal,
            b.verdicts.len()
        )
    });
    p.lines.push(line(
        ":entry",
        quote(&c.entry),
        format!("{} at {}{played}", c.how[0], c.at),
        sure,
    ));
    if let Some(pkg) = &c.package {
        p.lines.push(line(
            ":package",
            quote(pkg),
            format!("{} is defined in the package {pkg}", c.entry),
            sure,
        ));
    }
    call_lines(p, base.preset, c, reading, sure);
    shared_lines(p, base);
    if let Some((clock, why, verified)) = best.and_then(|b| b.clock.clone()) {
        let s = if verified {
            Sureness::Certain
        } else {
            Sureness::Likely
        };
        p.lines
            .push(line(":clock", clock.keyword(), why.clone(), s));
        p.lines.push(line(
            ":clock-why",
            quote(&why),
            "said by the kit before its first move",
            s,
        ));
    }
    if let Some(cpu) = clock::cpu(base.files) {
        p.warnings.push(cpu);
    }
}

/// `:args`, `:estado`, `:view`, `:symbols`, `:answer`, `:base` where they
/// differ from the preset.
fn call_lines(
    p: &mut Project,
    preset: Option<&Preset>,
    c: &Candidate,
    reading: &Reading,
    sure: Sureness,
) {
    let args = format!("({})", c.args.join(" "));
    let preset_args = preset.map(|x| format!("({})", x.args.join(" ")));
    if preset_args.as_deref() != Some(args.as_str()) {
        p.lines.push(line(":args", args, c.how[1].clone(), sure));
    }
    if preset.map(|x| x.estado.as_str()) != Some(c.estado.as_str()) {
        p.lines
            .push(line(":estado", c.estado.clone(), c.how[2].clone(), sure));
    }
    let preset_view = preset
        .and_then(|x| x.view.clone())
        .unwrap_or_else(|| ":as-is".into());
    if c.view != preset_view {
        p.lines.push(line(
            ":view",
            c.view.clone(),
            "player 2 is shown the game as player 1: the program plays player 1 whatever its side",
            sure,
        ));
    }
    if let Some(s) = &c.symbols {
        if preset.and_then(|x| x.symbols.as_ref()) != Some(s) {
            p.lines.push(line(
                ":symbols",
                s.clone(),
                "the symbols it compares with",
                sure,
            ));
        }
    }
    if let Some(g) = &reading.global {
        p.lines.push(line(
            ":answer",
            format!("(:global {})", quote(g)),
            format!("{} leaves its move in {g}", c.entry),
            sure,
        ));
    }
    if reading.base != preset.map_or(0, |x| x.base) {
        p.lines.push(line(
            ":base",
            reading.base.to_string(),
            "its moves count rows and columns from this",
            sure,
        ));
    }
}

/// `:aliases`, `:globals`, `:depth-global`.
fn shared_lines(p: &mut Project, base: &Reading0) {
    if !base.aliases.is_empty() {
        let pairs: Vec<String> = base
            .aliases
            .iter()
            .map(|a| format!("({} {})", a.missing, a.to))
            .collect();
        let hows: Vec<String> = base
            .aliases
            .iter()
            .map(|a| {
                format!(
                    "{} (called at {}) is defined nowhere; {} is near",
                    a.missing, a.at, a.to
                )
            })
            .collect();
        p.lines.push(line(
            ":aliases",
            format!("({})", pairs.join(" ")),
            hows.join("; "),
            Sureness::Guess,
        ));
    }
    if let Some((value, how)) = &base.globals.scratch {
        p.lines.push(line(
            ":globals",
            value.clone(),
            how.clone(),
            Sureness::Guess,
        ));
    }
    if let Some((value, how)) = &base.globals.depth {
        p.lines.push(line(
            ":depth-global",
            value.clone(),
            how.clone(),
            Sureness::Likely,
        ));
    }
}

/// The comments after the list: the clock, and what the experiment tried.
fn comments(base: &Reading0, outcome: Option<&Outcome>) -> Vec<String> {
    let mut out = Vec::new();
    match outcome {
        None => out.push(format!(
            "Not tried (read from the source only). The clock: {}; the kit decides it when it loads the project (adapters/README.md, \"Clock units\").",
            base.clock.1
        )),
        Some(o) => {
            let mut text = format!(
                "Tried in a sandboxed SBCL: {} way{} of calling it, {} call{}, in {:.1} s.",
                o.candidates,
                if o.candidates == 1 { "" } else { "s" },
                o.calls,
                if o.calls == 1 { "" } else { "s" },
                o.elapsed.as_secs_f64()
            );
            if let Some(f) = &o.failure {
                text.push_str(&format!(" It could not run: {f}."));
            }
            if let Some(b) = &o.best {
                text.push_str(&format!(
                    " Kept: legal moves of its own in {} of {} probe positions ({}).",
                    b.legal,
                    b.verdicts.len(),
                    b.verdicts
                        .iter()
                        .map(|(what, v)| format!("{what}: {}", v.describe()))
                        .collect::<Vec<_>>()
                        .join("; ")
                ));
            }
            if let Some(b) = &o.best {
                text.push_str(&format!(" Its slowest answer: {} ms.", b.slowest));
            }
            if o.out_of_time {
                text.push_str(" The search stopped at its time limit.");
            }
            if let Some((e, n)) = o.errors.first() {
                text.push_str(&format!(" The commonest error ({n} calls): {e}."));
            }
            out.push(text);
        }
    }
    out
}
