//! The course's years, as data: every `games/<game>.course` of the Lisp
//! kit (`adapters/lisp/games/`), the same files the kit reads for its
//! presets (`project.lisp`, `course-presets`). Each holds one game: the
//! contract of every year that played it (the entry, its arguments, the
//! estado's shape, the view, the base, the clock; the preset named
//! `<year>-<game>`), the other estado shapes real projects of those years
//! used (`:seen`), and the words its projects use (to tell a project of
//! another game). A new course year is one entry in its game's file; this
//! module names no game.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use tabula::games::{GameId, GameSetup};

use crate::lisp::{print, read_forms, Form};

/// The folder of the Lisp kit (`adapters/lisp`): `$TABULA_KIT_DIR` when
/// set, else the repository's as seen when the arbiter was built.
pub(crate) fn kit_dir() -> PathBuf {
    let dir = match std::env::var_os("TABULA_KIT_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/lisp"),
    };
    // The sandbox shows the files a command names: by their real paths.
    dir.canonicalize().unwrap_or(dir)
}

/// One year's contract: a preset of the kit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Preset {
    /// `2023-knight`.
    pub(crate) name: String,
    /// The academic year's first year (2023 for 2023/24).
    pub(crate) year: u32,
    /// The game id (`tabula::games::GameId::as_str`).
    pub(crate) game: String,
    /// The entry's name (`jogar`).
    pub(crate) entry: String,
    /// The entry's arguments, as the kit's keywords (`:estado`).
    pub(crate) args: Vec<String>,
    /// The estado's shape, as Lisp text.
    pub(crate) estado: String,
    /// `:view`, when the contract has one (`:rotate-for-2`).
    pub(crate) view: Option<String>,
    /// `:symbols`, as Lisp text.
    pub(crate) symbols: Option<String>,
    /// How moves written as `(l c)` count (0 or 1).
    pub(crate) base: u32,
    /// Other estado shapes that real projects of the year used.
    pub(crate) seen: Vec<String>,
    /// The game's parameters of the year's statement (`variant=2017`).
    pub(crate) params: Vec<String>,
}

impl Preset {
    /// `game` (this preset's game or its puzzle) with the year's
    /// parameters.
    pub(crate) fn setup(&self, game: GameId) -> Result<GameSetup> {
        let mut setup = GameSetup::new(game);
        for pair in &self.params {
            setup
                .set_pair(pair)
                .map_err(|e| anyhow::anyhow!("the {} preset's :params {pair}: {e}", self.name))?;
        }
        Ok(setup)
    }
}

/// One game of the course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Game {
    pub(crate) id: String,
    /// Games whose projects share the estado (the knight, the bishop and
    /// the rook): never "another game" to each other.
    pub(crate) family: String,
    /// Words (names of its statements) its projects use.
    pub(crate) words: Vec<String>,
    /// How its projects write a player (`:side` 1 / 2, `:piece` -1 / -2,
    /// `:sign` 1 / -1, `:symbol`), likeliest first.
    pub(crate) players: Vec<String>,
    /// Its years, oldest first.
    pub(crate) presets: Vec<Preset>,
}

/// Every game of the course.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Course {
    pub(crate) games: Vec<Game>,
}

impl Course {
    /// Reads `<kit>/games/*.course`.
    pub(crate) fn load(kit: &Path) -> Result<Course> {
        let dir = kit.join("games");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("the course's data files: cannot read '{}'", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "course"))
            .collect();
        files.sort();
        let mut games = Vec::new();
        for f in &files {
            let text = std::fs::read_to_string(f)
                .with_context(|| format!("cannot read '{}'", f.display()))?;
            games.push(read_game(&text).with_context(|| format!("'{}'", f.display()))?);
        }
        if games.is_empty() {
            bail!("no course data file (*.course) in '{}'", dir.display());
        }
        Ok(Course { games })
    }

    /// The game `id`, if the course played it.
    pub(crate) fn game(&self, id: &str) -> Option<&Game> {
        self.games.iter().find(|g| g.id == id)
    }

    /// Every preset, oldest year first (a year of several games in the
    /// files' order), as the kit lists them.
    pub(crate) fn presets(&self) -> Vec<&Preset> {
        let mut all: Vec<&Preset> = self.games.iter().flat_map(|g| &g.presets).collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        all
    }

    /// The family of `game` (itself when it has none).
    pub(crate) fn family<'a>(&'a self, game: &'a str) -> &'a str {
        self.game(game).map_or(game, |g| g.family.as_str())
    }

    /// `game` with the parameters of the year's statement (the latest
    /// year's without `year`; the defaults for a game of no preset).
    pub(crate) fn setup(&self, game: GameId, year: Option<u32>) -> Result<GameSetup> {
        let duel = if game.is_puzzle() {
            game.sibling()
        } else {
            game
        };
        match self.choose(duel.as_str(), year).0 {
            Some(p) => p.setup(game),
            None => Ok(GameSetup::new(game)),
        }
    }

    /// The preset for `game` and `year`: (the preset, how it was chosen, a
    /// warning).
    pub(crate) fn choose(&self, game: &str, year: Option<u32>) -> Choice<'_> {
        let presets = self.presets();
        let latest = presets.iter().rev().find(|p| p.game == game).copied();
        let short = |y: u32| format!("{y}/{:02}", (y + 1) % 100);
        let Some(year) = year else {
            return match latest {
                Some(p) => (
                    Some(p),
                    format!("no --year: the latest {game} contract, {}", short(p.year)),
                    None,
                ),
                None => (None, String::new(), Some(no_preset(game))),
            };
        };
        if let Some(p) = presets.iter().find(|p| p.game == game && p.year == year) {
            return (
                Some(p),
                format!("--year {year}: the {} contract", short(year)),
                None,
            );
        }
        let that_year: Vec<&str> = presets
            .iter()
            .filter(|p| p.year == year)
            .map(|p| p.game.as_str())
            .collect();
        let why = if that_year.is_empty() {
            format!("no preset for {year}")
        } else {
            format!(
                "{} played {}, not {game}",
                short(year),
                that_year.join(", ")
            )
        };
        match latest {
            Some(p) => (
                Some(p),
                format!("the latest {game} contract, {} ({why})", short(p.year)),
                Some(format!(
                    "--year {year}: {why}: the latest {game} preset, {}, used",
                    p.name
                )),
            ),
            None => (
                None,
                String::new(),
                Some(format!("--year {year}: {why}; {}", no_preset(game))),
            ),
        }
    }
}

/// (the preset, how it was chosen, a warning).
pub(crate) type Choice<'a> = (Option<&'a Preset>, String, Option<String>);

fn no_preset(game: &str) -> String {
    format!("no course year played {game}: no preset")
}

/// The value of `key` in a plist.
fn get<'a>(plist: &'a [Form], key: &str) -> Option<&'a Form> {
    plist
        .chunks(2)
        .find(|kv| kv[0].atom() == Some(key))
        .and_then(|kv| kv.get(1))
}

fn text_of(form: &Form) -> Option<String> {
    match form {
        Form::Str(s, _) => Some(s.clone()),
        Form::Atom(a, _) => Some(a.trim_start_matches(':').to_string()),
        _ => None,
    }
}

/// One `.course` file.
fn read_game(text: &str) -> Result<Game> {
    let forms = read_forms(text);
    let Some(plist) = forms.first().and_then(Form::list) else {
        bail!("expected one list (:game … :words … :years …)");
    };
    let id = get(plist, ":game").and_then(text_of).context("no :game")?;
    let family = get(plist, ":family")
        .and_then(text_of)
        .unwrap_or_else(|| id.clone());
    let words = get(plist, ":words")
        .and_then(Form::list)
        .unwrap_or(&[])
        .iter()
        .filter_map(text_of)
        .collect();
    let mut players: Vec<String> = get(plist, ":players")
        .and_then(Form::list)
        .unwrap_or(&[])
        .iter()
        .map(print)
        .collect();
    if players.is_empty() {
        players.push(":side".into());
    }
    let mut presets = Vec::new();
    for year in get(plist, ":years").and_then(Form::list).unwrap_or(&[]) {
        let y = year.list().context("a year that is not a list")?;
        presets.push(read_year(&id, y)?);
    }
    Ok(Game {
        id,
        family,
        words,
        players,
        presets,
    })
}

fn read_year(game: &str, y: &[Form]) -> Result<Preset> {
    let year: u32 = get(y, ":year")
        .and_then(Form::atom)
        .and_then(|a| a.parse().ok())
        .context("a year without :year")?;
    let args = get(y, ":args")
        .and_then(Form::list)
        .unwrap_or(&[])
        .iter()
        .map(print)
        .collect();
    Ok(Preset {
        name: format!("{year}-{game}"),
        year,
        game: game.to_string(),
        entry: get(y, ":entry")
            .and_then(text_of)
            .unwrap_or_else(|| "jogar".into()),
        args,
        estado: get(y, ":estado").map_or_else(|| ":board".into(), print),
        view: get(y, ":view").map(print),
        symbols: get(y, ":symbols").map(print),
        base: get(y, ":base")
            .and_then(Form::atom)
            .and_then(|a| a.parse().ok())
            .unwrap_or(0),
        seen: get(y, ":seen")
            .and_then(Form::list)
            .unwrap_or(&[])
            .iter()
            .map(print)
            .collect(),
        params: get(y, ":params")
            .and_then(Form::list)
            .unwrap_or(&[])
            .iter()
            .filter_map(text_of)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> Course {
        Course::load(&kit_dir()).unwrap()
    }

    #[test]
    fn every_course_file_reads_and_names_a_game_of_the_library() {
        let c = course();
        assert!(c.presets().len() >= 13);
        for p in c.presets() {
            assert!(
                tabula::games::GameId::ALL
                    .iter()
                    .any(|g| g.as_str() == p.game),
                "{}",
                p.game
            );
            assert!(p.args.contains(&":estado".to_string()), "{p:?}");
        }
        for g in &c.games {
            assert!(!g.words.is_empty(), "{}", g.id);
            assert!(c.game(&g.family).is_some(), "{}", g.family);
        }
    }

    #[test]
    fn year_and_game_choose_the_preset() {
        let c = course();
        let knight = c.games.iter().find(|g| g.presets.len() == 2).unwrap();
        let (first, last) = (&knight.presets[0], &knight.presets[1]);
        assert_eq!(c.choose(&knight.id, Some(first.year)).0, Some(first));
        assert_eq!(c.choose(&knight.id, None).0, Some(last));
        let (p, _, warning) = c.choose(&knight.id, Some(1990));
        assert_eq!(p, Some(last));
        assert!(warning.unwrap().contains("no preset for 1990"));
        assert_eq!(c.choose("no-such-game", None).0, None);
    }
}
