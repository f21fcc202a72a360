//! The analysis file: every move of every game judged by the reference
//! (`arbiter analyse`, `--analyse`), one JSON object per line, and what the
//! standings, the terminal and the page make of it.
//!
//! A file is a header line, then each game's lines together: one line per
//! move (`"type":"move"`, with the `ply` field) and a closing summary of the
//! game (`"type":"game"`, no `ply`). A game counts only once its summary is
//! there: a run stopped halfway leaves the moves of its last game without
//! one, and the next run analyses that game again and appends it (the last
//! complete copy of a game wins). `docs/analysis.md` says what each number
//! means; `spec/interface.md` fixes the move lines' names.
//!
//! A game is found by its tournament's fingerprint and its key, and only
//! when the moves analysed are the moves of its record: an analysis never
//! speaks for another game.
//!
//! A line that is not an analysis line (edited by hand, garbled) is
//! skipped with a warning, and its game counts as not analysed; the next
//! run that appends to the file moves it to `<file>.rejected` and analyses
//! that game again, as it does after a torn line. Only a file whose first
//! line is no analysis line at all is refused (a results file given by
//! mistake).
//!
//! A move its program did not choose (the adapter answered in its place,
//! [`GameRecord::replaced`]) is judged like the others and marked
//! `"replaced": true`; it does not count in its player's accuracy or
//! blunders (they are the program's, and that move was not).

use crate::out::plural;
use crate::results::record::{GameKey, GameRecord};
use crate::results::result::Side;
use anyhow::{bail, Context, Result};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use tabula::analysis::{GameAnalysis, MoveAnalysis, MoveClass, Settings, SideSummary};
use tabula::game::Player;

/// The version of the file's layout (the header's `format`).
pub(crate) const FORMAT: u32 = 1;

/// One line of an analysis file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(crate) enum Line {
    Header(Header),
    Move(MoveLine),
    Game(GameLine),
}

/// The first line: how the games were analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Header {
    pub(crate) format: u32,
    /// `tabula <version>`.
    pub(crate) reference: String,
    /// The analyser's settings as [`Settings`] writes them
    /// (`nodes=default hash=16 only_move=on`): a rerun with other settings
    /// does not append to this file.
    pub(crate) settings: String,
    /// Nodes per search (`null`: each game's own default, or a movetime).
    pub(crate) nodes: Option<u64>,
    /// Milliseconds per search (`null`: a node budget).
    pub(crate) movetime: Option<u64>,
    /// True when a rerun gives the same file (a node budget).
    pub(crate) deterministic: bool,
    /// The game accuracy's formula ([`tabula::analysis::GAME_ACCURACY_FORMULA`]);
    /// absent in files written before it was named, whose games' accuracy
    /// is then computed again from their moves.
    #[serde(default)]
    pub(crate) accuracy: Option<String>,
}

impl Header {
    /// The header of an analysis made with `settings`.
    pub(crate) fn of(settings: &Settings) -> Header {
        use tabula::analysis::Budget;
        let (nodes, movetime) = match settings.budget {
            Budget::Default => (None, None),
            Budget::Nodes(n) => (Some(n), None),
            Budget::Movetime(ms) => (None, Some(ms)),
        };
        Header {
            format: FORMAT,
            reference: format!("tabula {}", env!("CARGO_PKG_VERSION")),
            settings: settings.to_string(),
            nodes,
            movetime,
            deterministic: settings.budget.is_deterministic(),
            accuracy: Some(tabula::analysis::GAME_ACCURACY_FORMULA.to_string()),
        }
    }
}

/// The judgement of one move (the fields `spec/interface.md` names, and
/// the scores behind them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct MoveLine {
    /// The fingerprint of the game's tournament (its results line's).
    pub(crate) tournament: String,
    pub(crate) key: GameKey,
    /// 0-based index into the game's moves.
    pub(crate) ply: usize,
    pub(crate) side: Side,
    #[serde(rename = "move")]
    pub(crate) played: String,
    pub(crate) best: String,
    /// The mover's winning chances (0–100) before and after the move.
    pub(crate) win_before: f64,
    pub(crate) win_after: f64,
    pub(crate) accuracy: f64,
    #[serde(with = "class_word")]
    pub(crate) class: MoveClass,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) missed_win: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) only_move: bool,
    /// Not the program's choice: the adapter answered in its place.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) replaced: bool,
    /// The reference's scores for the mover (the game's points).
    pub(crate) score_before: i32,
    pub(crate) score_after: i32,
    pub(crate) exact_before: bool,
    pub(crate) exact_after: bool,
    pub(crate) points_lost: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
}

impl MoveLine {
    /// The drop in the mover's winning chances (points of win %).
    pub(crate) fn drop(&self) -> f64 {
        (self.win_before - self.win_after).max(0.0)
    }

    /// The reference proved the move bad: the position lost after it, or a
    /// proven win thrown away.
    pub(crate) fn proven_bad(&self) -> bool {
        self.missed_win || (self.exact_after && self.score_after < 0)
    }

    /// A move the page and the feedback mark: an inaccuracy or worse.
    pub(crate) fn is_marked(&self) -> bool {
        self.class >= MoveClass::Inaccuracy
    }
}

/// The summary of one game, after its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct GameLine {
    pub(crate) tournament: String,
    pub(crate) key: GameKey,
    pub(crate) game: String,
    pub(crate) p1: String,
    pub(crate) p2: String,
    /// Moves analysed (the record's).
    pub(crate) plies: usize,
    /// The ply of the largest drop in a mover's winning chances.
    pub(crate) turning_point: Option<usize>,
    /// Player 1's summary, then player 2's (their own moves only).
    pub(crate) sides: [SideLine; 2],
    pub(crate) nodes: u64,
}

/// One player's moves in a game, as judged.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct SideLine {
    /// Moves counted (its program's own).
    pub(crate) moves: u32,
    /// Moves its program did not choose (not counted).
    #[serde(default)]
    pub(crate) replaced: u32,
    /// Game accuracy, 0–100 (`null` without a counted move).
    pub(crate) accuracy: Option<f64>,
    pub(crate) best: u32,
    pub(crate) good: u32,
    pub(crate) inaccuracies: u32,
    pub(crate) mistakes: u32,
    pub(crate) blunders: u32,
    pub(crate) missed_wins: u32,
    pub(crate) only_moves: u32,
    pub(crate) points_lost: i64,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One decimal: the file is read by people too, and a tenth of a percent
/// is all the model can tell.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A class as its word (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).
mod class_word {
    use super::*;

    pub(super) fn serialize<S: Serializer>(class: &MoveClass, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(class.as_str())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<MoveClass, D::Error> {
        let word = String::deserialize(d)?;
        word.parse().map_err(de::Error::custom)
    }
}

/// The plies of `record` its programs did not choose.
fn replaced_plies(record: &GameRecord) -> Vec<usize> {
    record.replaced.iter().map(|r| r.ply).collect()
}

/// The lines of `record`'s analysis: one per move, then the game's.
pub(crate) fn lines_of(record: &GameRecord, analysis: &GameAnalysis) -> Vec<Line> {
    let replaced = replaced_plies(record);
    let own = |m: &MoveAnalysis| !replaced.contains(&m.ply);
    let mut lines: Vec<Line> = analysis
        .moves
        .iter()
        .map(|m| {
            Line::Move(MoveLine {
                tournament: record.tournament.clone(),
                key: record.key,
                ply: m.ply,
                side: Side::from(m.side),
                played: m.played.to_string(),
                best: m.best.to_string(),
                win_before: tenth(m.win_before),
                win_after: tenth(m.win_after),
                accuracy: tenth(m.accuracy),
                class: m.class,
                missed_win: m.missed_win,
                only_move: m.only_move,
                replaced: !own(m),
                score_before: m.score_before,
                score_after: m.score_after,
                exact_before: m.exact_before,
                exact_after: m.exact_after,
                points_lost: m.points_lost,
                depth: m.depth,
                nodes: m.nodes,
            })
        })
        .collect();
    let side = |player: Player| {
        let s: SideSummary = analysis.summary(player, own);
        SideLine {
            moves: s.moves,
            replaced: analysis
                .moves
                .iter()
                .filter(|m| m.side == player && !own(m))
                .count() as u32,
            accuracy: s.accuracy.map(tenth),
            best: s.best,
            good: s.good,
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
            missed_wins: s.missed_wins,
            only_moves: s.only_moves,
            points_lost: s.points_lost,
        }
    };
    lines.push(Line::Game(GameLine {
        tournament: record.tournament.clone(),
        key: record.key,
        game: record.game.clone(),
        p1: record.p1.clone(),
        p2: record.p2.clone(),
        plies: analysis.moves.len(),
        turning_point: analysis.turning_point,
        sides: [side(Player::One), side(Player::Two)],
        nodes: analysis.nodes,
    }));
    lines
}

/// `lines` as the text appended to a file (one JSON object per line).
pub(crate) fn to_text(lines: &[Line]) -> String {
    let mut text = String::new();
    for line in lines {
        if let Ok(json) = serde_json::to_string(line) {
            text.push_str(&json);
            text.push('\n');
        }
    }
    text
}

/// One analysed game: its moves' judgements, in order, and its summary.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Review {
    pub(crate) moves: Vec<MoveLine>,
    pub(crate) game: GameLine,
}

impl Review {
    /// Its lines as a file holds them: the moves in order, then the
    /// summary.
    pub(crate) fn lines(&self) -> Vec<Line> {
        let moves = self.moves.iter().cloned().map(Line::Move);
        moves.chain([Line::Game(self.game.clone())]).collect()
    }

    /// Each side's game accuracy computed again from the moves, by this
    /// arbiter's formula (a file written under another one).
    fn recompute_accuracy(&mut self) {
        let series = self.p1_series();
        let accuracies: Vec<f64> = self.moves.iter().map(|m| m.accuracy).collect();
        for side in [Side::P1, Side::P2] {
            let mine: Vec<bool> = self
                .moves
                .iter()
                .map(|m| m.side == side && !m.replaced)
                .collect();
            self.game.sides[side as usize].accuracy =
                tabula::analysis::game_accuracy(&series, &accuracies, &mine).map(tenth);
        }
    }

    /// The summary of `side`.
    pub(crate) fn side(&self, side: Side) -> &SideLine {
        &self.game.sides[side as usize]
    }

    /// Player 1's winning chances at each position (the start first, the
    /// position after the last move last).
    pub(crate) fn p1_series(&self) -> Vec<f64> {
        let player = |side: Side| match side {
            Side::P1 => Player::One,
            Side::P2 => Player::Two,
        };
        let moves = self.moves.iter();
        tabula::analysis::p1_series(moves.map(|m| (player(m.side), m.win_before, m.win_after)))
            .into_iter()
            .map(tenth)
            .collect()
    }
}

/// The games of one or more analysis files, by tournament and key.
#[derive(Clone, Debug, Default)]
pub struct Analyses {
    /// The first file's header (`None` for an empty store).
    pub(crate) header: Option<Header>,
    games: HashMap<(String, GameKey), Review>,
}

impl Analyses {
    /// Reads `path` (its complete games; a torn last line, as left by a
    /// run that was stopped, is skipped). A file that does not exist is an
    /// empty store.
    pub fn load(path: &Path) -> Result<Analyses> {
        let mut store = Analyses::default();
        store.read(path)?;
        Ok(store)
    }

    /// Reads `paths` into one store.
    pub fn load_all(paths: &[impl AsRef<Path>]) -> Result<Analyses> {
        let mut store = Analyses::default();
        for p in paths {
            store.read(p.as_ref())?;
        }
        Ok(store)
    }

    fn read(&mut self, path: &Path) -> Result<()> {
        let bytes = match crate::paths::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
        };
        let text = String::from_utf8_lossy(&bytes);
        let mut pending: HashMap<(String, GameKey), Vec<MoveLine>> = HashMap::new();
        let lines: Vec<&str> = text.lines().collect();
        // A last line without its line end was torn by a stopped run (the
        // writer cuts it off before appending): not read, even when whole.
        let last_torn = !text.is_empty() && !text.ends_with('\n');
        let mut first = true;
        // Games analysed under another accuracy formula than this one's.
        let mut stale = false;
        for (n, text) in lines.iter().enumerate() {
            if text.trim().is_empty() || (last_torn && n + 1 == lines.len()) {
                continue;
            }
            let line: Line = match serde_json::from_str(text) {
                Ok(line) => line,
                Err(e) if first => bail!(
                    "'{}' line {}: not an analysis line ({e}); is it an analysis file \
                     (written by `arbiter analyse` or --analyse)?",
                    path.display(),
                    n + 1
                ),
                Err(e) => {
                    log::warn!(
                        "'{}' line {}: not an analysis line ({e}): skipped (its game counts \
                         as not analysed)",
                        path.display(),
                        n + 1
                    );
                    continue;
                }
            };
            first = false;
            match line {
                Line::Header(h) => {
                    if h.format != FORMAT {
                        bail!(
                            "'{}': analysis format {} (this arbiter reads format {FORMAT}): \
                             analyse the games again",
                            path.display(),
                            h.format
                        );
                    }
                    stale = h.accuracy.as_deref() != Some(tabula::analysis::GAME_ACCURACY_FORMULA);
                    if stale {
                        log::info!(
                            "'{}': analysed under {} accuracy formula: each game's accuracy \
                             is computed again from its moves",
                            path.display(),
                            h.accuracy
                                .as_deref()
                                .map_or("an earlier, unnamed".to_string(), |f| format!(
                                    "another ({f})"
                                ))
                        );
                    }
                    self.header.get_or_insert(h);
                }
                Line::Move(m) => {
                    let moves = pending.entry((m.tournament.clone(), m.key)).or_default();
                    if m.ply == 0 {
                        // A game analysed again after a stop: its new copy.
                        moves.clear();
                    }
                    moves.push(m);
                }
                Line::Game(g) => {
                    let id = (g.tournament.clone(), g.key);
                    let mut moves = pending.remove(&id).unwrap_or_default();
                    moves.sort_by_key(|m| m.ply);
                    moves.dedup_by_key(|m| m.ply);
                    let whole =
                        moves.len() == g.plies && moves.iter().enumerate().all(|(i, m)| m.ply == i);
                    if whole {
                        let mut review = Review { moves, game: g };
                        if stale {
                            review.recompute_accuracy();
                        }
                        self.games.insert(id, review);
                    }
                }
            }
        }
        Ok(())
    }

    /// Games held.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// True when no game is held.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Adds `other`'s games (and its header if this store has none).
    pub(crate) fn extend(&mut self, other: Analyses) {
        if self.header.is_none() {
            self.header = other.header;
        }
        self.games.extend(other.games);
    }

    /// Adds (or replaces) a game from its lines (as [`lines_of`] makes them).
    pub(crate) fn insert(&mut self, lines: Vec<Line>) {
        let mut moves = Vec::new();
        for line in lines {
            match line {
                Line::Move(m) => moves.push(m),
                Line::Game(g) => {
                    self.games
                        .insert((g.tournament.clone(), g.key), Review { moves, game: g });
                    return;
                }
                Line::Header(_) => {}
            }
        }
    }

    /// The analysis of `record`: held, and of the same moves.
    pub(crate) fn get(&self, record: &GameRecord) -> Option<&Review> {
        let review = self.games.get(&(record.tournament.clone(), record.key))?;
        let same = review.moves.len() == record.moves.len()
            && review
                .moves
                .iter()
                .zip(&record.moves)
                .all(|(m, r)| &m.played == r)
            && (review.game.p1.as_str(), review.game.p2.as_str())
                == (record.p1.as_str(), record.p2.as_str());
        same.then_some(review)
    }

    /// True when `record` is analysed.
    pub(crate) fn has(&self, record: &GameRecord) -> bool {
        self.get(record).is_some()
    }
}

/// An analysis file being appended to: its header checked against the
/// settings (or written), then each game's lines at once.
pub(crate) struct Writer {
    file: std::fs::File,
    path: std::path::PathBuf,
}

impl Writer {
    /// Opens `path` for appending games analysed with `settings`. A file
    /// analysed with other settings is refused (the analyses would not
    /// agree); a new or empty file gets the header.
    pub(crate) fn open(path: &Path, settings: &Settings, existing: &Analyses) -> Result<Writer> {
        Writer::open_with_header(path, Header::of(settings), existing)
    }

    /// [`Writer::open`] for games analysed under `header` (another run's
    /// analyses, copied).
    pub(crate) fn open_with_header(
        path: &Path,
        header: Header,
        existing: &Analyses,
    ) -> Result<Writer> {
        if let Some(old) = &existing.header {
            if old.reference != header.reference {
                bail!(
                    "'{}' holds an analysis by {}; this is {}: its win chances may differ, \
                     so the analysis goes to another file (or delete this one)",
                    path.display(),
                    old.reference,
                    header.reference
                );
            }
            if old.settings != header.settings {
                bail!(
                    "'{}' holds an analysis made with {}; this run asks for {}: use the same \
                     settings to go on with it, or another file",
                    path.display(),
                    old.settings,
                    header.settings
                );
            }
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
        }
        crate::paths::regular_or_absent(path)
            .with_context(|| format!("cannot open the analysis file '{}'", path.display()))?;
        repair(path)?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open the analysis file '{}'", path.display()))?;
        let empty = file.metadata().map(|m| m.len() == 0).unwrap_or(true);
        if empty || existing.header.is_none() {
            // A file without a header (empty, or only a torn line) starts anew.
            if !empty {
                file.set_len(0)
                    .with_context(|| format!("cannot rewrite '{}'", path.display()))?;
            }
            let text = to_text(&[Line::Header(header)]);
            file.write_all(text.as_bytes())
                .with_context(|| format!("cannot write '{}'", path.display()))?;
        }
        Ok(Writer {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one game's lines (in one write, flushed).
    pub(crate) fn append(&mut self, lines: &[Line]) -> Result<()> {
        self.file
            .write_all(to_text(lines).as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("cannot write the analysis file '{}'", self.path.display()))
    }
}

/// Makes the file at `path` one an uninterrupted run would have written:
/// what a stopped run left after its last complete game (a torn line, the
/// moves of a game without its summary) is cut off, and a line that is not
/// an analysis line is moved to `<path>.rejected`; the games they touched
/// are analysed again. A file whose first line is not an analysis header
/// is refused, untouched.
fn repair(path: &Path) -> Result<()> {
    let text = std::fs::read(path).unwrap_or_default();
    if let Some(end) = text.iter().position(|&b| b == b'\n') {
        let header = serde_json::from_slice::<Line>(&text[..end])
            .is_ok_and(|l| matches!(l, Line::Header(_)));
        if !header {
            bail!(
                "'{}' is not an analysis file (its first line is not an analysis \
                 header): the analysis goes to a file of its own",
                path.display()
            );
        }
    }
    let whole = complete_prefix(&text);
    let mut kept: Vec<u8> = Vec::with_capacity(whole);
    let mut aside = String::new();
    for (n, line) in text[..whole].split_inclusive(|&b| b == b'\n').enumerate() {
        match serde_json::from_slice::<Line>(line) {
            Ok(_) => kept.extend_from_slice(line),
            Err(_) if line.iter().all(u8::is_ascii_whitespace) => {}
            Err(e) => {
                log::warn!(
                    "'{}' line {}: not an analysis line ({e}): moved to {}.rejected, its \
                     game is analysed again",
                    path.display(),
                    n + 1,
                    path.display()
                );
                aside.push_str(&format!(
                    "# line {}: not an analysis line ({e})\n{}",
                    n + 1,
                    String::from_utf8_lossy(line)
                ));
            }
        }
    }
    if kept.len() == text.len() {
        return Ok(());
    }
    if !aside.is_empty() {
        let mut name = path.as_os_str().to_owned();
        name.push(".rejected");
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&name)
            .and_then(|mut f| f.write_all(aside.as_bytes()))
            .with_context(|| format!("cannot write '{}'", Path::new(&name).display()))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, &kept)
        .and_then(|()| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot rewrite '{}'", path.display()))
}

/// The length of `text` up to the end of its last header or game line.
fn complete_prefix(text: &[u8]) -> usize {
    let mut end = 0;
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            let line = &text[start..i];
            if line.starts_with(b"{\"type\":\"game\"") || line.starts_with(b"{\"type\":\"header\"")
            {
                end = i + 1;
            }
            start = i + 1;
        }
    }
    end
}

/// One entrant's analysed moves over a championship.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct EntrantAnalysis {
    pub(crate) name: String,
    /// Games analysed.
    pub(crate) games: u32,
    /// Its counted moves (its program's own).
    pub(crate) moves: u32,
    /// The mean of its game accuracies.
    pub(crate) accuracy: Option<f64>,
    pub(crate) inaccuracies: u32,
    pub(crate) mistakes: u32,
    pub(crate) blunders: u32,
    pub(crate) missed_wins: u32,
    pub(crate) points_lost: i64,
}

impl EntrantAnalysis {
    /// Points lost per counted move.
    pub(crate) fn points_per_move(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.points_lost as f64 / f64::from(self.moves)
        }
    }
}

/// Each of `names`' analysed games summed up, in the order of `names`.
pub(crate) fn by_entrant(
    names: &[String],
    records: &[GameRecord],
    analyses: &Analyses,
) -> Vec<EntrantAnalysis> {
    names
        .iter()
        .map(|name| {
            let mut e = EntrantAnalysis {
                name: name.clone(),
                ..EntrantAnalysis::default()
            };
            let mut accuracies = Vec::new();
            for r in records {
                let Some(review) = analyses.get(r) else {
                    continue;
                };
                for (side, player) in [(Side::P1, &r.p1), (Side::P2, &r.p2)] {
                    if player != name {
                        continue;
                    }
                    let s = review.side(side);
                    e.games += 1;
                    e.moves += s.moves;
                    e.inaccuracies += s.inaccuracies;
                    e.mistakes += s.mistakes;
                    e.blunders += s.blunders;
                    e.missed_wins += s.missed_wins;
                    e.points_lost += s.points_lost;
                    accuracies.extend(s.accuracy);
                }
            }
            if !accuracies.is_empty() {
                e.accuracy = Some(accuracies.iter().sum::<f64>() / accuracies.len() as f64);
            }
            e
        })
        .collect()
}

/// A move of the championship, for a list of the worst.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Worst<'a> {
    /// Index of the game in the records.
    pub(crate) game: usize,
    pub(crate) line: &'a MoveLine,
}

/// `name`'s `n` worst own moves (largest drop in its winning chances,
/// marked moves only; the earliest game first among equals). A side's
/// first move of a game is left out unless the reference proved it bad
/// ([`MoveLine::proven_bad`]): the score of an opening is an estimate from
/// far away (analyses written before the engine capped first moves still
/// carry them as blunders).
pub(crate) fn worst_moves<'a>(
    name: &str,
    records: &[GameRecord],
    analyses: &'a Analyses,
    n: usize,
) -> Vec<Worst<'a>> {
    let mut all = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let Some(review) = analyses.get(r) else {
            continue;
        };
        let mut moved = [false; 2];
        for m in &review.moves {
            let side = usize::from(m.side == Side::P2);
            let first = !std::mem::replace(&mut moved[side], true);
            let mine = match m.side {
                Side::P1 => &r.p1,
                Side::P2 => &r.p2,
            } == name;
            if mine && !m.replaced && m.is_marked() && (!first || m.proven_bad()) {
                all.push(Worst { game: i, line: m });
            }
        }
    }
    all.sort_by(|a, b| {
        b.line
            .drop()
            .total_cmp(&a.line.drop())
            .then(a.game.cmp(&b.game))
            .then(a.line.ply.cmp(&b.line.ply))
    });
    all.truncate(n);
    all
}

/// The terminal's table after the standings: each entrant's accuracy and
/// marked moves (empty when no game is analysed).
pub fn table(names: &[String], records: &[GameRecord], analyses: &Analyses) -> String {
    let rows = by_entrant(names, records, analyses);
    let analysed = records.iter().filter(|r| analyses.has(r)).count();
    if analysed == 0 {
        return String::new();
    }
    let width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let mut out = format!(
        "Analysis by the reference ({} of {}):\n{:<width$}  {:>5}  {:>8}  {:>7}  {:>8}  {:>11}  {:>11}  {:>8}\n",
        plural(analysed, "game"),
        records.len(),
        "engine",
        "games",
        "accuracy",
        "blunder",
        "mistake",
        "inaccuracy",
        "missed win",
        "pts/move",
    );
    let mut sorted: Vec<&EntrantAnalysis> = rows.iter().collect();
    sorted.sort_by(|a, b| {
        b.accuracy
            .unwrap_or(-1.0)
            .total_cmp(&a.accuracy.unwrap_or(-1.0))
    });
    for r in sorted {
        let _ = writeln!(
            out,
            "{:<width$}  {:>5}  {:>8}  {:>7}  {:>8}  {:>11}  {:>11}  {:>8.2}",
            r.name,
            r.games,
            r.accuracy.map_or("-".into(), |a| format!("{a:.1}")),
            r.blunders,
            r.mistakes,
            r.inaccuracies,
            r.missed_wins,
            r.points_per_move(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::analysis::{Analyser, Budget};
    use tabula::games::AnyPosition;

    fn record() -> GameRecord {
        let line = include_str!("../../tests/data/journal.jsonl")
            .lines()
            .next()
            .unwrap();
        serde_json::from_str(line).unwrap()
    }

    fn lines() -> Vec<Line> {
        let r = record();
        let settings = Settings {
            budget: Budget::Nodes(500),
            ..Settings::default()
        };
        let start = AnyPosition::from_fen(&r.start).unwrap();
        let game = Analyser::new(settings)
            .analyse_text(&start, &r.moves)
            .unwrap();
        lines_of(&r, &game)
    }

    /// The store of the journal's first game with its plies `marked`
    /// (ply, drop, proven lost after) made inaccuracies or blunders.
    fn with_marked(marked: &[(usize, f64, bool)]) -> Analyses {
        let mut all = lines();
        for line in &mut all {
            let Line::Move(m) = line else { continue };
            m.class = MoveClass::Best;
            m.win_after = m.win_before;
            m.replaced = false;
            if let Some(&(_, drop, lost)) = marked.iter().find(|t| t.0 == m.ply) {
                m.class = MoveClass::from_drop(drop).max(MoveClass::Inaccuracy);
                m.win_before = 100.0;
                m.win_after = 100.0 - drop;
                m.exact_after = lost;
                m.score_after = if lost { -1 } else { 5 };
                m.missed_win = false;
            }
        }
        let mut store = Analyses::default();
        store.insert(all);
        store
    }

    #[test]
    fn a_first_move_is_a_worst_move_only_when_proven_lost() {
        let r = record();
        let rs = vec![r.clone()];
        // Ply 0 and 1 are each side's first move; 2 and 3 their second.
        let plies = |store: &Analyses, name: &str| -> Vec<usize> {
            worst_moves(name, &rs, store, 5)
                .iter()
                .map(|w| w.line.ply)
                .collect()
        };
        let store = with_marked(&[
            (0, 71.0, false),
            (1, 60.0, false),
            (2, 6.0, false),
            (3, 20.0, false),
        ]);
        assert_eq!(plies(&store, &r.p1), [2], "p1's opening left out");
        assert_eq!(plies(&store, &r.p2), [3], "p2's first move left out");
        let store = with_marked(&[(0, 71.0, true), (2, 6.0, false)]);
        assert_eq!(
            plies(&store, &r.p1),
            [0, 2],
            "a proven loss is listed first"
        );
    }

    #[test]
    fn a_game_is_found_only_by_its_own_moves() {
        let mut store = Analyses::default();
        store.insert(lines());
        let mut r = record();
        assert!(store.has(&r));
        assert_eq!(store.get(&r).unwrap().moves.len(), r.moves.len());
        assert_eq!(store.get(&r).unwrap().p1_series().len(), r.moves.len() + 1);
        r.moves.pop();
        assert!(!store.has(&r), "other moves: not this game's analysis");
        let mut other = record();
        other.p2 = "someone else".into();
        assert!(!store.has(&other));
    }

    #[test]
    fn only_complete_games_are_read_and_kept() {
        let header = to_text(&[Line::Header(Header::of(&Settings::default()))]);
        let game = to_text(&lines());
        let half = &game[..game.len() / 2];
        let text = format!("{header}{game}{half}");
        assert_eq!(complete_prefix(text.as_bytes()), header.len() + game.len());
        assert_eq!(complete_prefix(b"{\"type\":\"move\"}\n"), 0);
        let dir = std::env::temp_dir().join(format!("analysis-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.jsonl");
        std::fs::write(&path, &text).unwrap();
        let store = Analyses::load(&path).unwrap();
        assert_eq!(store.len(), 1, "the torn copy is not a game");
        // Opening it to append cuts the torn copy off.
        let writer = Writer::open(&path, &Settings::default(), &store);
        assert!(writer.is_ok());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{header}{game}")
        );
        // Other settings: refused, the file untouched.
        let other = Settings {
            only_move: false,
            ..Settings::default()
        };
        let refused = Writer::open(&path, &other, &store)
            .err()
            .unwrap()
            .to_string();
        assert!(refused.contains("only_move=off"), "{refused}");
        // A whole last line without its line end is torn too.
        let game_no_end = format!("{header}{}", game.trim_end());
        std::fs::write(&path, &game_no_end).unwrap();
        assert_eq!(Analyses::load(&path).unwrap().len(), 0);
        // A file that is not an analysis (a results file) is refused and
        // left as it is.
        let results = include_str!("../../tests/data/journal.jsonl");
        std::fs::write(&path, results).unwrap();
        assert!(Analyses::load(&path).is_err());
        let refused = Writer::open(&path, &Settings::default(), &Analyses::default())
            .err()
            .unwrap()
            .to_string();
        assert!(refused.contains("not an analysis file"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), results);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file from before the header named the accuracy formula (or under
    /// another one): each game's accuracy is computed again from its moves
    /// when read, not taken from its summary line; a file of this formula
    /// is read as written.
    #[test]
    fn an_older_accuracy_formula_is_recomputed_from_the_moves() {
        let fresh = lines();
        let Some(Line::Game(g)) = fresh.last() else {
            panic!("a game line last")
        };
        let truth = g.sides.clone();
        assert!(truth[0].accuracy.is_some() && truth[1].accuracy.is_some());
        let mut stale = fresh.clone();
        if let Some(Line::Game(g)) = stale.last_mut() {
            g.sides[0].accuracy = Some(1.0);
            g.sides[1].accuracy = Some(99.0);
        }
        let dir = std::env::temp_dir().join(format!("analysis-formula-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.jsonl");
        let read = |header: Header| {
            let text = to_text(&[Line::Header(header)]) + &to_text(&stale);
            std::fs::write(&path, text).unwrap();
            let store = Analyses::load(&path).unwrap();
            let review = store.get(&record()).unwrap().clone();
            [review.game.sides[0].accuracy, review.game.sides[1].accuracy]
        };
        let ours = Header::of(&Settings::default());
        assert_eq!(read(ours.clone()), [Some(1.0), Some(99.0)], "as written");
        for older in [None, Some("harmonic mean".to_string())] {
            let got = read(Header {
                accuracy: older.clone(),
                ..ours.clone()
            });
            for (side, (got, want)) in got.iter().zip(&truth).enumerate() {
                let (got, want) = (got.unwrap(), want.accuracy.unwrap());
                // The series is read back to a tenth: within a few tenths.
                assert!(
                    (got - want).abs() <= 0.5,
                    "{older:?} side {side}: {got} vs {want}"
                );
            }
        }
        // The header's field is written, and a header without it reads.
        let text = to_text(&[Line::Header(ours)]);
        assert!(
            text.contains("\"accuracy\":\"volatility-weighted"),
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A garbled line inside the file is skipped when read and set aside
    /// when the file is opened to append, like a torn one: never an error.
    #[test]
    fn a_bad_line_is_repaired_like_a_torn_one() {
        let header = to_text(&[Line::Header(Header::of(&Settings::default()))]);
        let game = to_text(&lines());
        let dir = std::env::temp_dir().join(format!("analysis-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.jsonl");
        let text = format!("{header}{{\"type\":\"move\",garbled\n{game}\u{fffd}\n");
        std::fs::write(&path, &text).unwrap();
        let store = Analyses::load(&path).unwrap();
        assert_eq!(store.len(), 1);
        Writer::open(&path, &Settings::default(), &store).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{header}{game}")
        );
        let aside = std::fs::read_to_string(dir.join("a.jsonl.rejected")).unwrap();
        assert!(
            aside.contains("garbled") && aside.contains("# line 2"),
            "{aside}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
