//! Recognition by experiment: the candidates the source suggested, tried
//! in one sandboxed SBCL per submission ([`super::probe`]) on a handful of
//! positions ([`spots`]), each call bounded; every move judged by the rules
//! library ([`judge`]). The candidate under which the program plays the
//! most legal moves of its own is kept, with its evidence; the clock's units
//! are settled with it ([`clock`]). The whole search keeps to the
//! submission's deadline and stops at Ctrl-C.
//!
//! The search: each candidate, in order, on the start (player 1 to move),
//! until three answer a legal move there (a call that signals an error
//! costs milliseconds; one that runs past its limit costs the limit; an
//! entry late twice there has its other ways tried after every other
//! entry's); then
//! those three on every position, a candidate that plays every position
//! ending the search. A candidate that plays player 1's positions but not
//! player 2's is tried again showing player 2 the game as player 1
//! (`:view :mover-first`): the program guesses its side.

pub(super) mod clock;
pub(super) mod judge;
pub(super) mod spots;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use super::candidates::{Candidate, Reading};
use super::clock::Clock;
use super::probe::{Lab, Probe, Reply};
use judge::{Called, Verdict};
use spots::Spot;

/// The tempo of a trial call (ms, in the candidate's clock units).
const TEMPO: u64 = 200;
/// A trial call's limit (ms).
const LIMIT: u64 = 2000;
/// The limit of a second chance for a candidate that was late (ms).
const LONG_LIMIT: u64 = 6000;
/// Candidates tried on every position.
const SHORTLIST: usize = 3;
/// Candidates tried on a middle game when none plays the start.
const MIDDLE_TRIES: usize = 16;
/// How long likelier entries are tried once the shortlist is full.
const EXTRA: Duration = Duration::from_secs(8);
/// Times a probe that died is started again.
const RESTARTS: usize = 2;

/// What the static reading gives the experiment.
pub(super) struct Setup {
    /// The probe's description: `(:files … :aliases … :globals …)`.
    pub(super) description: String,
    /// Functions that build the start, to call for their shape.
    pub(super) initial: Vec<String>,
    /// The year's base.
    pub(super) base: u32,
    /// The source's clock, if it tells, and why.
    pub(super) clock: Option<Clock>,
    pub(super) clock_why: String,
    /// Functions that compare a raw `get-internal-real-time` difference
    /// (lower case): the entry among them settles a clock the calls leave
    /// open.
    pub(super) raw_internal: Vec<String>,
    /// The championship's move time (ms): a candidate that plays within it
    /// is preferred.
    pub(super) movetime: u64,
    /// Views to try for a program that plays player 1's positions only
    /// (`:mover-first`, the year's own).
    pub(super) views: Vec<String>,
    /// The year's preset (its keys under every call's: `:empty`).
    pub(super) preset: Option<String>,
}

/// The best candidate and its evidence.
#[derive(Clone, Debug)]
pub(super) struct Best {
    pub(super) candidate: Candidate,
    pub(super) reading: Reading,
    /// Per position tried: what it is, the verdict.
    pub(super) verdicts: Vec<(String, Verdict)>,
    pub(super) legal: usize,
    /// The clock: its units, how they were decided, whether a call
    /// verified them.
    pub(super) clock: Option<(Clock, String, bool)>,
    /// The slowest answer (ms).
    pub(super) slowest: u64,
    /// The units the positions were tried in.
    pub(super) tried_clock: Clock,
    /// The call at the championship's move time answered after its tempo.
    pub(super) late: bool,
}

/// What the experiment found.
#[derive(Clone, Debug, Default)]
pub(super) struct Outcome {
    pub(super) best: Option<Best>,
    /// Candidates tried, calls made.
    pub(super) candidates: usize,
    pub(super) calls: usize,
    /// Positions per candidate.
    pub(super) spots: usize,
    pub(super) elapsed: Duration,
    /// The probe could not load the project: why.
    pub(super) failure: Option<String>,
    /// The commonest errors of the calls, with their counts.
    pub(super) errors: Vec<(String, usize)>,
    pub(super) interrupted: bool,
    /// It stopped at the deadline.
    pub(super) out_of_time: bool,
    /// What the kit neutralised loading the project (its `tabula: load:`
    /// lines), the first ones.
    pub(super) notes: Vec<String>,
    /// How each entry's calls went.
    pub(super) by_entry: BTreeMap<String, EntryCalls>,
    /// The project's definitions SBCL could not compile (they fail when
    /// run), as the kit named them loading it.
    pub(super) uncompiled: Vec<Uncompiled>,
}

/// A top-level form SBCL could not compile: the kit's note
/// `file:line: (defun name) does not compile: why`, or `(let ... defining
/// name other) does not compile: why` for a form defining functions inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Uncompiled {
    pub(super) file: String,
    pub(super) line: u32,
    /// The functions it defines, lower case.
    pub(super) names: Vec<String>,
    pub(super) why: String,
}

impl Uncompiled {
    /// The note `note` of the kit, when it tells a form that does not
    /// compile.
    pub(super) fn read(note: &str) -> Option<Uncompiled> {
        let (place, rest) = note.split_once(": ")?;
        let (form, why) = rest.split_once(" does not compile: ")?;
        let (file, line) = place.rsplit_once(':')?;
        let inside = form.strip_prefix('(').and_then(|f| f.strip_suffix(')'));
        let names = match inside {
            Some(def) if def.starts_with("def") => def.split_whitespace().skip(1).take(1).collect(),
            Some(other) => other
                .split_once(" defining ")
                .map_or_else(Vec::new, |(_, names)| names.split_whitespace().collect()),
            None => Vec::new(),
        };
        Some(Uncompiled {
            file: file.to_string(),
            line: line.parse().ok()?,
            names: names.iter().map(|n| n.to_ascii_lowercase()).collect(),
            why: why.to_string(),
        })
    }
}

/// How the calls of one entry went, whatever the arguments.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct EntryCalls {
    pub(super) calls: usize,
    /// Answers that held no move under any reading, and the first one's
    /// why ("it answered NIL", "the board unchanged").
    pub(super) no_move: usize,
    pub(super) no_move_why: Option<String>,
    /// Calls that read the keyboard (an end of file on the empty input).
    pub(super) keyboard: usize,
}

impl EntryCalls {
    fn note(&mut self, called: &Called) {
        self.calls += 1;
        match called {
            Called::Answer { readings, .. } if readings.iter().all(Result::is_err) => {
                self.no_move += 1;
                if self.no_move_why.is_none() {
                    self.no_move_why = readings.iter().find_map(|r| r.clone().err());
                }
            }
            Called::Error { text, .. } if error_kind(text) == "END-OF-FILE" => self.keyboard += 1,
            _ => {}
        }
    }
}

/// One submission's probe, started again when it dies.
pub(super) struct Session<'a> {
    lab: &'a Lab,
    desc_dir: &'a Path,
    probe: Option<Probe>,
    deadline: Instant,
    restarts: usize,
    calls: usize,
    /// (kind, the first one's words, count).
    errors: Vec<(String, String, usize)>,
    /// How each entry's calls went.
    by_entry: BTreeMap<String, EntryCalls>,
    /// The year's preset, under every call's keys.
    preset: Option<String>,
}

/// The condition's type in the kit's `<entry> signalled <TYPE>: <text>`
/// (the whole text when it is not that).
fn error_kind(text: &str) -> &str {
    text.split_once("signalled ")
        .and_then(|(_, rest)| rest.split_once(':'))
        .map_or(text, |(kind, _)| kind)
}

/// An error's words for a note: without the kit's hint in parentheses at
/// the end, and short.
fn example(text: &str) -> String {
    let text = match text.rfind(" (") {
        Some(i) if text.ends_with(')') => &text[..i],
        _ => text,
    };
    let words: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.chars().count() > 160 {
        let cut: String = words.chars().take(160).collect();
        format!("{cut}…")
    } else {
        words
    }
}

impl Session<'_> {
    /// Nothing more can be tried: the deadline is near, Ctrl-C, or the
    /// probe died and was started again as often as it may be (SBCL
    /// crashed on the project's recursion): the ways left are not counted
    /// as tried.
    pub(super) fn out_of_time(&self) -> bool {
        Instant::now() + Duration::from_millis(300) >= self.deadline
            || crate::signals::interrupted()
            || (self.probe.is_none() && self.restarts >= RESTARTS)
    }

    /// The probe's answer to `request` (waiting at most `limit` and a
    /// margin), starting it again once if it died.
    fn ask(&mut self, request: &str, limit: u64) -> Option<Vec<String>> {
        if self.probe.is_none() {
            if self.restarts >= RESTARTS || self.out_of_time() {
                return None;
            }
            self.restarts += 1;
            self.probe = Probe::start(self.lab, self.desc_dir, self.deadline).ok();
        }
        let probe = self.probe.as_mut()?;
        let left = self.deadline.saturating_duration_since(Instant::now());
        let wait = Duration::from_millis(limit + 3000).min(left);
        self.calls += 1;
        match probe.ask(request, wait) {
            Reply::Lines(lines) => Some(lines),
            Reply::Gone(why) => {
                self.note_error(&why);
                self.probe = None;
                None
            }
        }
    }

    /// Counts an error by its kind (the condition's type), keeping the
    /// first one's words.
    fn note_error(&mut self, text: &str) {
        let kind: String = error_kind(text).chars().take(60).collect();
        match self.errors.iter_mut().find(|(k, _, _)| *k == kind) {
            Some(e) => e.2 += 1,
            None => self.errors.push((kind, example(text), 1)),
        }
    }

    /// One call of `c` on `spot`.
    pub(super) fn call(
        &mut self,
        c: &Candidate,
        readings: &[Reading],
        spot: &Spot,
        tempo: u64,
        limit: u64,
        clock: Clock,
    ) -> Called {
        let request = judge::request(
            c,
            readings,
            spot,
            (tempo, limit, clock.keyword()),
            self.preset.as_deref(),
        );
        match self.ask(&request, limit) {
            Some(lines) => {
                let called = judge::parse(&lines, readings.len());
                if let Called::Error { text, .. } = &called {
                    self.note_error(text);
                }
                self.by_entry
                    .entry(c.entry.clone())
                    .or_default()
                    .note(&called);
                called
            }
            None => Called::Gone("the probe stopped".into()),
        }
    }
}

/// Builds the candidates from the shapes the project's initial-state
/// functions built: (shape, how).
pub(super) type MakeCandidates<'a> = dyn Fn(&[(String, String)]) -> Vec<Candidate> + 'a;

/// Runs the experiment: `make` builds the candidates once the project's
/// own initial states are known.
pub(super) fn run(
    lab: &Lab,
    desc_dir: &Path,
    setup: &Setup,
    game: tabula::games::GameSetup,
    make: &MakeCandidates,
    deadline: Instant,
) -> Outcome {
    let start = Instant::now();
    let mut outcome = Outcome::default();
    let probe_file = desc_dir.join(super::probe::PROBE_FILE);
    if let Err(e) = std::fs::write(&probe_file, &setup.description) {
        outcome.failure = Some(format!("cannot write {}: {e}", probe_file.display()));
        return outcome;
    }
    let probe = match Probe::start(lab, desc_dir, deadline.min(start + Duration::from_secs(40))) {
        Ok(p) => p,
        Err(why) => {
            outcome.interrupted = crate::signals::interrupted();
            outcome.failure = Some(why);
            outcome.elapsed = start.elapsed();
            return outcome;
        }
    };
    add_load_notes(&mut outcome, &probe.load_notes);
    let mut session = Session {
        lab,
        desc_dir,
        probe: Some(probe),
        deadline,
        restarts: 0,
        calls: 0,
        errors: Vec::new(),
        by_entry: BTreeMap::new(),
        preset: setup.preset.clone(),
    };
    let dynamic = initial_shapes(&mut session, setup, game);
    let candidates = make(&dynamic);
    log::debug!(
        "recognition of {}: the initial states {dynamic:?}; {} candidates",
        desc_dir.display(),
        candidates.len()
    );
    let spots = spots::spots(game);
    outcome.spots = spots.len();
    if !spots.is_empty() {
        let (best, tried) = search(&mut session, &candidates, &spots, setup);
        outcome.candidates = tried;
        outcome.best = best.map(|mut b| {
            if b.clock.is_none() {
                settle(&mut session, &mut b, &spots, setup);
            }
            b
        });
    }
    outcome.out_of_time = Instant::now() >= deadline;
    outcome.interrupted = crate::signals::interrupted();
    outcome.calls = session.calls;
    session.errors.sort_by_key(|e| std::cmp::Reverse(e.2));
    outcome.errors = session.errors.into_iter().map(|(_, e, n)| (e, n)).collect();
    outcome.by_entry = session.by_entry;
    if let Some(p) = session.probe.take() {
        // The load's notes come on standard error, which may be read after
        // the `ready` on standard output: the late ones are taken now.
        add_load_notes(&mut outcome, &p.load_notes);
        p.stop();
    }
    outcome.elapsed = start.elapsed();
    outcome
}

/// Adds the kit's load notes not yet in `outcome` (the first 20), and the
/// forms among them that do not compile.
fn add_load_notes(outcome: &mut Outcome, notes: &[String]) {
    for n in notes {
        if outcome.notes.len() < 20 && !outcome.notes.contains(n) {
            outcome.notes.push(n.clone());
        }
        if let Some(u) = Uncompiled::read(n) {
            if !outcome.uncompiled.contains(&u) {
                outcome.uncompiled.push(u);
            }
        }
    }
}

/// The shapes the project's initial-state functions build, on the start.
fn initial_shapes(
    session: &mut Session,
    setup: &Setup,
    game: tabula::games::GameSetup,
) -> Vec<(String, String)> {
    let Some(start) = spots::spots(game).into_iter().next() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for f in &setup.initial {
        if session.out_of_time() {
            break;
        }
        let request = format!(
            "(:shape :fen {} :entry {} :limit 2000)",
            crate::lisp::quote(&start.fen),
            crate::lisp::quote(f)
        );
        let Some(lines) = session.ask(&request, 2000) else {
            continue;
        };
        for line in lines {
            if let Some(rest) = line.strip_prefix("shape ") {
                let shape = rest.split_once(' ').map_or("", |(_, s)| s);
                if !shape.starts_with("none") && !shape.is_empty() {
                    out.push((shape.to_string(), format!("the start ({f}) builds")));
                }
            }
        }
    }
    out
}

/// A candidate under trial: its readings and, per reading, per position,
/// the verdict.
struct Trial {
    candidate: Candidate,
    readings: Vec<Reading>,
    verdicts: Vec<Vec<Option<Verdict>>>,
    slowest: u64,
    /// The units its tempo is given in.
    clock: Clock,
}

impl Trial {
    fn new(candidate: Candidate, base: u32, spots: usize, clock: Clock) -> Trial {
        let readings = candidate.readings(base);
        let verdicts = vec![vec![None; spots]; readings.len()];
        Trial {
            candidate,
            readings,
            verdicts,
            slowest: 0,
            clock,
        }
    }

    fn try_on(&mut self, session: &mut Session, spots: &[Spot], i: usize, limit: u64) {
        let clock = self.clock;
        let called = session.call(
            &self.candidate,
            &self.readings,
            &spots[i],
            TEMPO,
            limit,
            clock,
        );
        log::debug!(
            "recognition: {} ({}) {} {} {} on {}: {called:?}",
            self.candidate.entry,
            self.candidate.args.join(" "),
            self.candidate.estado,
            self.candidate.view,
            clock.keyword(),
            spots[i].what
        );
        self.slowest = self.slowest.max(called.ms());
        for (k, row) in self.verdicts.iter_mut().enumerate() {
            row[i] = Some(judge::verdict(&called, k, &spots[i]));
        }
    }

    /// (the best reading, its legal positions).
    fn best(&self) -> (usize, usize) {
        self.verdicts
            .iter()
            .enumerate()
            .map(|(k, row)| (k, row.iter().flatten().filter(|v| v.legal()).count()))
            .max_by_key(|&(k, n)| (n, std::cmp::Reverse(k)))
            .unwrap_or((0, 0))
    }

    fn legal_at(&self, i: usize) -> bool {
        self.verdicts
            .iter()
            .any(|row| row[i].as_ref().is_some_and(Verdict::legal))
    }
}

/// The search (see the module's comment): the best trial, and how many
/// candidates were tried.
fn search(
    session: &mut Session,
    candidates: &[Candidate],
    spots: &[Spot],
    setup: &Setup,
) -> (Option<Best>, usize) {
    let clock = setup.clock.unwrap_or(Clock::Ms);
    let (mut shortlist, late, tried) = first_round(session, candidates, spots, setup);
    if shortlist.is_empty() {
        for mut t in late {
            if session.out_of_time() {
                break;
            }
            t.try_on(session, spots, 0, LONG_LIMIT);
            if t.legal_at(0) {
                shortlist.push(t);
            }
        }
    }
    if shortlist.is_empty() && spots.len() > 2 {
        // A program that fails at the start only (its first move is
        // special): the likeliest candidates on a middle game.
        for c in candidates.iter().take(MIDDLE_TRIES) {
            if shortlist.len() >= SHORTLIST || session.out_of_time() {
                break;
            }
            let mut t = Trial::new(c.clone(), setup.base, spots.len(), clock);
            t.try_on(session, spots, 2, LIMIT);
            if t.legal_at(2) {
                t.try_on(session, spots, 0, LIMIT);
                shortlist.push(t);
            }
        }
    }
    // The likeliest entry first: the first that plays every position, in
    // time at the championship's move time, ends the search.
    shortlist.sort_by_key(|t| t.candidate.rank);
    let mut best: Option<Best> = None;
    for mut t in shortlist {
        for i in 1..spots.len() {
            if session.out_of_time() {
                break;
            }
            if t.verdicts[0][i].is_none() {
                t.try_on(session, spots, i, LIMIT);
            }
        }
        let t = other_view(session, t, spots, setup);
        let mut b = summary(t, spots);
        // Every position played: its clock is settled now, with a call at
        // the championship's move time; late there (a default depth too
        // deep for it), or slow on a position, the next candidate is tried.
        let perfect = b.legal == spots.len();
        if perfect {
            settle(session, &mut b, spots, setup);
        }
        let done = perfect && !b.late && b.slowest <= setup.movetime;
        // The most legal moves; then a search given a depth that a call
        // showed in time at the move time (the same program, shallower,
        // rather than a likelier entry too slow to play); then the
        // likelier entry; then within the move time on the positions.
        let key = |b: &Best| {
            (
                b.legal,
                b.clock.is_some() && !b.late && given_a_depth(&b.candidate),
                std::cmp::Reverse(b.candidate.rank),
                b.slowest <= setup.movetime,
            )
        };
        if best.as_ref().is_none_or(|kept| key(&b) > key(kept)) {
            best = Some(b);
        }
        if done {
            break;
        }
    }
    (best, tried)
}

/// A candidate called with a depth: a small number among its arguments.
fn given_a_depth(c: &Candidate) -> bool {
    c.args
        .iter()
        .any(|a| a.parse::<u32>().is_ok_and(|n| (1..=20).contains(&n)))
}

/// Settles the clock of `b` with a call at the championship's move time
/// (its positions tried again when the units change).
fn settle(session: &mut Session, b: &mut Best, spots: &[Spot], setup: &Setup) {
    let decided = clock::decide(session, b, &spots[0], setup, setup.movetime);
    if decided.0 != b.tried_clock {
        again(session, b, spots, decided.0);
    }
    b.clock = Some(decided);
}

/// The candidates on the start, in order, until [`SHORTLIST`] play it;
/// then those of entries likelier than the shortlist's likeliest (a
/// computer-move function written beside the search it calls), for at
/// most [`EXTRA`] more: (the shortlist, late ones, candidates tried).
fn first_round(
    session: &mut Session,
    candidates: &[Candidate],
    spots: &[Spot],
    setup: &Setup,
) -> (Vec<Trial>, Vec<Trial>, usize) {
    let clock = setup.clock.unwrap_or(Clock::Ms);
    let mut shortlist: Vec<Trial> = Vec::new();
    let mut late: Vec<Trial> = Vec::new();
    let mut tried = 0;
    let mut extra_until: Option<Instant> = None;
    // An entry late twice on the start (a whole game, a deep default) has
    // its other ways tried after every other entry's: its lateness must
    // not spend the budget the others need.
    // (Deferred ones go to the end of `order`, tried once the first pass
    // is over.)
    let mut lates: BTreeMap<&str, usize> = BTreeMap::new();
    let mut order: Vec<&Candidate> = candidates.iter().collect();
    let mut i = 0;
    while let Some(&c) = order.get(i) {
        i += 1;
        let first_pass = i <= candidates.len();
        if first_pass && lates.get(c.entry.as_str()).is_some_and(|&n| n >= 2) {
            order.push(c);
            continue;
        }
        if session.out_of_time() {
            break;
        }
        if shortlist.len() >= SHORTLIST {
            let until = *extra_until.get_or_insert_with(|| Instant::now() + EXTRA);
            let likeliest = shortlist.iter().map(|t| t.candidate.rank).min();
            if Instant::now() >= until {
                break;
            }
            if likeliest.is_some_and(|r| c.rank >= r) {
                continue;
            }
        }
        tried += 1;
        let mut t = Trial::new(c.clone(), setup.base, spots.len(), clock);
        t.try_on(session, spots, 0, LIMIT);
        let answered = t.verdicts[0][0]
            .as_ref()
            .is_some_and(|v| matches!(v, Verdict::NoMove(_) | Verdict::Illegal(..)));
        if !t.legal_at(0) && answered && setup.clock.is_none() {
            // It answered, with no move: raw clock units may be what it
            // lacked (its time ran out at once).
            t.clock = Clock::Internal;
            t.try_on(session, spots, 0, LIMIT);
        }
        if t.legal_at(0) {
            shortlist.push(t);
        } else if t.verdicts[0][0] == Some(Verdict::Late) {
            *lates.entry(c.entry.as_str()).or_default() += 1;
            if late.len() < 2 {
                late.push(t);
            }
        }
    }
    (shortlist, late, tried)
}

/// A trial that plays player 1's positions but not player 2's, tried
/// again with player 2 shown the game another way (as player 1; the
/// year's own view): the best of them.
fn other_view(session: &mut Session, t: Trial, spots: &[Spot], setup: &Setup) -> Trial {
    let twos: Vec<usize> = (0..spots.len()).filter(|&i| spots[i].side() == 2).collect();
    let ones_played = (0..spots.len())
        .filter(|&i| spots[i].side() == 1)
        .any(|i| t.legal_at(i));
    let twos_failed = twos.iter().filter(|&&i| !t.legal_at(i)).count();
    if !ones_played || twos_failed == 0 {
        return t;
    }
    let mut best = t;
    for view in &setup.views {
        if *view == best.candidate.view || session.out_of_time() {
            continue;
        }
        let mut other = Trial::new(
            best.candidate.with_view(view),
            setup.base,
            spots.len(),
            best.clock,
        );
        for (i, _) in spots.iter().enumerate().filter(|(_, s)| s.side() == 1) {
            for k in 0..other.readings.len() {
                other.verdicts[k][i] = best.verdicts[k][i].clone();
            }
        }
        for &i in &twos {
            if session.out_of_time() {
                break;
            }
            other.try_on(session, spots, i, LIMIT);
        }
        other.slowest = other.slowest.max(best.slowest);
        if other.best().1 > best.best().1 {
            best = other;
        }
    }
    best
}

/// The positions `b` did not play, tried again in the units `clock` the
/// experiment settled (the trials ran in the source's, else
/// milliseconds).
fn again(session: &mut Session, b: &mut Best, spots: &[Spot], clock: Clock) {
    let readings = [b.reading.clone()];
    for (i, spot) in spots.iter().enumerate() {
        if b.verdicts[i].1.legal() || session.out_of_time() {
            continue;
        }
        let called = session.call(&b.candidate, &readings, spot, TEMPO, LIMIT, clock);
        b.slowest = b.slowest.max(called.ms());
        b.verdicts[i].1 = judge::verdict(&called, 0, spot);
    }
    b.legal = b.verdicts.iter().filter(|(_, v)| v.legal()).count();
}

fn summary(t: Trial, spots: &[Spot]) -> Best {
    let (k, legal) = t.best();
    let verdicts = spots
        .iter()
        .zip(&t.verdicts[k])
        .map(|(s, v)| {
            (
                s.what.clone(),
                v.clone()
                    .unwrap_or(Verdict::Error("not tried (time)".into())),
            )
        })
        .collect();
    Best {
        reading: t.readings[k].clone(),
        candidate: t.candidate,
        verdicts,
        legal,
        clock: None,
        slowest: t.slowest,
        tried_clock: t.clock,
        late: false,
    }
}
