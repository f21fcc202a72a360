//! Start boards: where a tournament's come from ([`Boards`]: seeded, a
//! board file, a shipped set), and balanced ones (`arbiter boards`): seeded
//! boards on which Tabula's reference play finds the start close to even,
//! written as a board file that `--boards-file` (and `tabula selfplay
//! --boards-file`) read.
//!
//! On many seeded boards the board decides the game: on the knight boards of
//! the README's self-play comparison the same colour won both games of most
//! colour-swapped pairs, whoever played it.
//!
//! **How a start is measured: reference games from both sides.** Tabula
//! plays the board against itself, in-process, in `pairs` pairs of games:
//! pair `k` sets depth `D - k` against depth `D - k - 1` (or `--nodes N /
//! 2^k` against half of it, or `--movetime M / 2^k`), the stronger setting
//! once on each side. The board's value is the mean of all final margins for
//! the side to move (its points minus the other's): within a pair the skill
//! gap cancels out, as in duplicate bridge, and the pairs at several levels
//! average out the accidents of any one line of play. A board is kept when
//! `|value - centre| <= threshold`. At a fixed depth or node count the
//! games, hence the file, depend on nothing but the options (not on the
//! machine, nor on `--concurrency`).
//!
//! **Knight: why nodes, not a depth.** A knight always changes square
//! colour, so the attack rule restricts, for the whole game (until a pass),
//! the side whose knight stands on the same colour as the other's when it is
//! to move; the two automatic placements decide which side that is. Between
//! engines that see to the end of the game the restricted side loses: on the
//! 50 seeded boards of `tabula selfplay` at 30 ms a move, it lost 93 of the
//! 100 games. A fixed depth misses the squeeze (48 of the 50 boards that
//! depths 10 down to 5 read as even had the first player restricted, and it
//! won 14 of their 100 games); a node budget searches deep where few moves
//! are left, as a timed engine does. The knight default, 2 pairs from 25,000
//! nodes (about a 5 ms move) within 30 points of even, keeps about one board
//! in 50. Measured with Tabula against the plain alpha-beta (README,
//! benchmarks): on that set the same colour won both games of a board on 21
//! and 23 of 50 boards at 5 ms a move (seeded boards: 37 of 50) and on 31 of
//! 50 at 30 ms (seeded: 45 of 50); on a budget of 5,000 nodes a move
//! (`tabula selfplay --nodes 5000`) 14 of 50 (seeded: 35). At 30 ms the
//! colour still decides most knight games on every set tried (150,000
//! nodes: 17 to 19 of 25; the skill rule and a moved centre did no better):
//! at that strength most knight boards are decided by their start.
//!
//! **The skill rule** ([`Keep::Skill`], `--skill N`) keeps instead the boards
//! on which the stronger setting won both games of at least `N` pairs,
//! whatever its colour.
//!
//! Why not the value of a search of the start? Tried first: on knight boards
//! a depth-14 search reads most starts +50..+150 for the mover, and the 50
//! boards it read within ±10 were no fairer in play — the second player won
//! 85 of their 100 self-play games (`tabula selfplay`, README). A search's
//! horizon is far from the end of a knight game; a game played to the end
//! is not.
//!
//! Per game: knight and bishop margins are point differences; Dots and Boxes
//! counts boxes; Quatro has no points and a win counts
//! [`WIN_POINTS`](tabula::games::quatro::WIN_POINTS) (100), so its default
//! threshold of 20 keeps the boards where, of the ten games, neither side
//! won more than two more than it lost.

use crate::out::progress_bar;
use crate::signals::{self, INTERRUPTED};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fmt::{self, Display};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use tabula::game::{BalanceSearch, Starts};
use tabula::games::{AnyPosition, GameId, GameSetup};
use tabula::search::{Evaluate, Limits, Searcher};
use tabula::setup;
use tabula::{with_game, with_game_id};

/// The stronger setting of the reference games (the weaker one is
/// [`Reference::weaker`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reference {
    /// This depth per move: the same games on every machine.
    Depth(u32),
    /// This many milliseconds per move: depends on the machine.
    Movetime(u64),
    /// About this many nodes per move: as deterministic as a depth, and
    /// like a movetime deeper where the game tree is small (the endgame).
    Nodes(u64),
}

impl Reference {
    /// The default of a game: a depth at which the two games of a board take
    /// well under a second in a release build.
    pub(crate) fn default_for(game: GameId) -> Reference {
        match with_game_id!(game, G => G::BALANCE.search) {
            BalanceSearch::Depth(d) => Reference::Depth(d),
            BalanceSearch::Nodes(n) => Reference::Nodes(n),
        }
    }

    /// The setting of the other side: one ply less (at least 1), or half
    /// the time or the nodes.
    pub(crate) fn weaker(self) -> Reference {
        match self {
            Reference::Depth(d) => Reference::Depth(d.saturating_sub(1).max(1)),
            Reference::Movetime(ms) => Reference::Movetime((ms / 2).max(1)),
            Reference::Nodes(n) => Reference::Nodes((n / 2).max(1)),
        }
    }

    fn limits(self) -> Limits {
        match self {
            Reference::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            Reference::Movetime(ms) => Limits {
                movetime: Some(ms),
                ..Limits::default()
            },
            Reference::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        }
    }
}

impl Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reference::Depth(d) => write!(f, "depth {d}"),
            Reference::Movetime(ms) => write!(f, "movetime {ms} ms"),
            Reference::Nodes(n) => write!(f, "{n} nodes"),
        }
    }
}

/// The reference value taken as even by default: 0 for every game.
///
/// `--centre` moves it. Tried on knight, where the reference's values are
/// bimodal (of seeds 1–50, 27 read below 0 — the first player won 7 of their
/// 54 games of Tabula against the plain alpha-beta at 30 ms a move — and 20
/// above 150 — it won 39 of 40; a linear fit of the first player's real
/// margin on the value crosses 0 at +22): sets centred on +30 (±20) and +70
/// (±30) still had the same colour win both games of a board on 36 and 40 of
/// 50 boards (38–41 on seeded boards). The two modes are the two sides the
/// attack rule can restrict (module documentation); with the node reference
/// (150,000 nodes, 2 pairs), boards read +40..+100 put the first player
/// ahead instead (it won 39 of their 52 games at 30 ms, the same colour won
/// both games of 19 of 26 boards).
pub(crate) fn default_centre(_game: GameId) -> i32 {
    0
}

/// The default threshold of a game, in its points (see the module
/// documentation for what a margin means per game).
pub(crate) fn default_threshold(game: GameId) -> u32 {
    with_game_id!(game, G => G::BALANCE.threshold)
}

/// The reference games of one start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Measurement {
    /// Final margins for the side to move of the start (its points minus the
    /// other's), two per pair: with the pair's stronger setting on its side,
    /// then on the other.
    pub(crate) margins: Vec<i32>,
}

impl Measurement {
    /// The mean margin for the side to move: what the board gives it.
    pub(crate) fn value(&self) -> f64 {
        let sum: i64 = self.margins.iter().map(|&m| i64::from(m)).sum();
        sum as f64 / self.margins.len().max(1) as f64
    }

    /// True when `|value - centre| <= threshold`.
    pub(crate) fn balanced(&self, centre: i32, threshold: u32) -> bool {
        (self.value() - f64::from(centre)).abs() <= f64::from(threshold)
    }

    /// The pairs whose stronger setting won both games, whatever its side:
    /// where skill, not the colour, decided.
    pub(crate) fn skill_pairs(&self) -> u32 {
        self.margins
            .chunks(2)
            .filter(|pair| matches!(pair, [a, b] if *a > 0 && *b < 0))
            .count() as u32
    }

    /// True when the board is kept under `keep` (`centre`, `threshold`
    /// for [`Keep::Even`]).
    pub(crate) fn kept(&self, keep: Keep, centre: i32, threshold: u32) -> bool {
        match keep {
            Keep::Even => self.balanced(centre, threshold),
            Keep::Skill(n) => self.skill_pairs() >= n,
        }
    }
}

/// Which boards are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// The mean margin within the threshold of the centre.
    Even,
    /// The stronger setting won both games of at least this many pairs.
    Skill(u32),
}

/// Plays the `pairs` pairs of reference games of `pos` (see the module
/// documentation).
pub(crate) fn measure(
    pos: &AnyPosition,
    reference: Reference,
    pairs: u32,
    searchers: &mut [Searcher; 2],
) -> Measurement {
    let mut margins = Vec::new();
    for (strong, weak) in settings(reference, pairs) {
        let (s, w) = (strong.limits(), weak.limits());
        with_game!(pos, p => {
            margins.push(playout(p, [&s, &w], searchers));
            margins.push(playout(p, [&w, &s], searchers));
        });
    }
    Measurement { margins }
}

/// The (stronger, weaker) settings of the pairs: each pair one step weaker
/// than the one before, at most `pairs` of them, and no pair of equals
/// after the first (depth 1 against depth 1 only when asked for depth 1).
pub(crate) fn settings(reference: Reference, pairs: u32) -> Vec<(Reference, Reference)> {
    let mut out = Vec::new();
    let mut strong = reference;
    for k in 0..pairs.max(1) {
        let weak = strong.weaker();
        if k > 0 && weak == strong {
            break;
        }
        out.push((strong, weak));
        strong = weak;
    }
    out
}

/// One game from `start` to its end, the side to move with `limits[0]` and
/// the other with `limits[1]`; the final margin for the side to move.
fn playout<G: Evaluate>(start: &G, limits: [&Limits; 2], searchers: &mut [Searcher; 2]) -> i32 {
    for s in searchers.iter_mut() {
        s.new_game();
    }
    let first = start.side_to_move();
    let mut pos = *start;
    while !pos.is_over() && !signals::interrupted() {
        let seat = usize::from(pos.side_to_move() != first);
        let out = searchers[seat].search(&pos, limits[seat], &INTERRUPTED, &mut |_| {});
        // The search returns a legal move whenever the game goes on.
        let Some(mv) = out.best else { break };
        if pos.play(mv).is_err() {
            break;
        }
    }
    let scores = pos.scores();
    let (me, other) = (scores[first.index()], scores[first.other().index()]);
    me as i32 - other as i32
}

/// What `arbiter boards` is asked for.
#[derive(Clone, Debug)]
pub(crate) struct Options {
    /// Balanced boards wanted.
    pub(crate) count: usize,
    /// Seed of the first board tried (then seed + 1, …).
    pub(crate) seed: u64,
    /// The game's parameters (a board size, a rules variant).
    pub(crate) setup: GameSetup,
    pub(crate) reference: Reference,
    /// Largest distance from even kept, in the game's points.
    pub(crate) threshold: u32,
    /// The value taken as even (see [`default_centre`]).
    pub(crate) centre: i32,
    /// Boards tried before giving up.
    pub(crate) max_tries: u64,
    /// Pairs of reference games per board, each a step weaker.
    pub(crate) pairs: u32,
    /// Which boards are kept.
    pub(crate) keep: Keep,
    /// Boards measured at once, each on its own thread.
    pub(crate) concurrency: usize,
}

impl Options {
    /// `count` boards of `game` from `seed`, with the game's default
    /// reference and threshold and 100 tries per board wanted.
    pub(crate) fn new(game: GameId, count: usize, seed: u64) -> Options {
        Options {
            setup: GameSetup::new(game),
            count,
            seed,
            reference: Reference::default_for(game),
            threshold: default_threshold(game),
            centre: default_centre(game),
            max_tries: 100 * count as u64,
            pairs: with_game_id!(game, G => G::BALANCE.pairs),
            keep: Keep::Even,
            concurrency: 1,
        }
    }
}

/// A board kept.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// Its seed: `random <game> <seed>`.
    pub(crate) seed: u64,
    pub(crate) position: AnyPosition,
    pub(crate) measurement: Measurement,
}

/// The balanced boards and how many seeded boards were tried for them.
#[derive(Clone, Debug)]
pub(crate) struct Selection {
    pub(crate) boards: Vec<Found>,
    pub(crate) tries: u64,
    /// Why fewer boards than asked for were kept (`--max-tries` reached, or
    /// Ctrl-C): the boards found are kept all the same.
    pub(crate) shortfall: Option<String>,
}

/// Where a search for balanced boards stands, for a progress display.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Progress {
    pub(crate) tried: u64,
    pub(crate) kept: usize,
}

/// Tries seeded boards `seed`, `seed + 1`, … until `count` are balanced, or
/// `max_tries` boards (then [`Selection::shortfall`] says so and the boards
/// found are kept).
pub(crate) fn find(opts: &Options, progress: &mut dyn FnMut(Progress)) -> Result<Selection> {
    check_options(opts)?;
    let seeded = Boards::Seeded {
        seed: opts.seed,
        setup: opts.setup,
    };
    let workers = opts.concurrency.max(1);
    let searchers: Vec<Mutex<[Searcher; 2]>> = (0..workers)
        .map(|_| Mutex::new([Searcher::new(16), Searcher::new(16)]))
        .collect();
    let mut boards = Vec::new();
    let mut tried = 0;
    // Boards are measured `workers` at a time and taken in seed order, so the
    // file is the same whatever the concurrency (with a deterministic
    // reference); the last batch may measure a few boards past the last kept.
    while boards.len() < opts.count {
        if tried == opts.max_tries {
            return Ok(Selection {
                shortfall: Some(tries_shortfall(opts, boards.len(), tried)),
                boards,
                tries: tried,
            });
        }
        let batch = (opts.max_tries - tried).min(workers as u64);
        let positions = (tried..tried + batch)
            .map(|i| seeded.board(i))
            .collect::<Result<Vec<_>>>()?;
        let measured = measure_batch(opts, &positions, &searchers, tried);
        if signals::interrupted() {
            // The batch's games were cut short: none of them counts.
            return Ok(Selection {
                shortfall: Some(format!(
                    "interrupted with {} of {} boards after {} tries{}",
                    boards.len(),
                    opts.count,
                    tried,
                    seeds_tried(opts.seed, tried),
                )),
                boards,
                tries: tried,
            });
        }
        for (position, measurement) in positions.into_iter().zip(measured?) {
            let seed = opts.seed.wrapping_add(tried);
            tried += 1;
            if let Some(measurement) = measurement {
                log::debug!("seed {seed}: {measurement:?}");
                if measurement.kept(opts.keep, opts.centre, opts.threshold) {
                    boards.push(Found {
                        seed,
                        position,
                        measurement,
                    });
                }
            }
            progress(Progress {
                tried,
                kept: boards.len(),
            });
            if boards.len() == opts.count {
                break;
            }
        }
    }
    Ok(Selection {
        boards,
        tries: tried,
        shortfall: None,
    })
}

/// The options' own errors, said before any board is tried.
fn check_options(opts: &Options) -> Result<()> {
    if opts.setup.game().is_puzzle() {
        bail!(
            "{} is a single-player puzzle: balanced boards are for {}",
            opts.setup.game(),
            GameId::listed(false, "or")
        );
    }
    if opts.count == 0 {
        bail!("--count must be at least 1");
    }
    if opts.pairs == 0 {
        bail!("--pairs must be at least 1");
    }
    if let Keep::Skill(n) = opts.keep {
        let played = settings(opts.reference, opts.pairs).len() as u32;
        if n == 0 || n > played {
            bail!("--skill {n}: expected 1..={played} (the pairs of reference games played)");
        }
    }
    if matches!(
        opts.reference,
        Reference::Depth(0) | Reference::Movetime(0) | Reference::Nodes(0)
    ) {
        bail!("the reference search needs a depth, a movetime or a node count of at least 1");
    }
    Ok(())
}

/// Why fewer than `count` boards were kept when `--max-tries` ran out.
fn tries_shortfall(opts: &Options, kept: usize, tried: u64) -> String {
    let (what, raise) = match opts.keep {
        Keep::Even => (
            format!("within {} points of even", opts.threshold),
            "raise --threshold",
        ),
        Keep::Skill(n) => (
            format!("won twice by the stronger in {n} pair(s)"),
            "lower --skill",
        ),
    };
    format!(
        "only {kept} of {} boards {what} in {tried} tries{}; {raise} or raise --max-tries",
        opts.count,
        seeds_tried(opts.seed, tried),
    )
}

/// The measurements of a batch of boards (the first is board `tried`), on
/// the pool, board `i` with `searchers[i]`: `None` for a board over at the
/// start or not measured because interrupted; an error when the reference
/// games of one panicked (a bug, logged by the pool).
fn measure_batch(
    opts: &Options,
    positions: &[AnyPosition],
    searchers: &[Mutex<[Searcher; 2]>],
    tried: u64,
) -> Result<Vec<Option<Measurement>>> {
    let outcomes = tabula::pool::run(
        positions.len(),
        positions.len(),
        signals::interrupted,
        |i| {
            let position = &positions[i];
            let mut pair = searchers[i].lock().unwrap_or_else(|e| e.into_inner());
            (!position.is_over()).then(|| measure(position, opts.reference, opts.pairs, &mut pair))
        },
    );
    let mut measured = Vec::with_capacity(outcomes.len());
    for (i, outcome) in outcomes.into_iter().enumerate() {
        match outcome {
            Some(Err(panicked)) => bail!(
                "the reference games of seed {}: {panicked}",
                opts.seed.wrapping_add(tried + i as u64)
            ),
            Some(Ok(m)) => measured.push(m),
            None => measured.push(None),
        }
    }
    Ok(measured)
}

/// ` (seeds <first>..=<last>)` of `tried` boards from `first`, or nothing
/// when none was.
fn seeds_tried(first: u64, tried: u64) -> String {
    match tried {
        0 => String::new(),
        n => format!(" (seeds {first}..={})", first.wrapping_add(n - 1)),
    }
}

/// The board file: a header saying how the boards were chosen, then one
/// position string per line with its seed and values in a `#` comment.
pub(crate) fn file_text(opts: &Options, selection: &Selection) -> String {
    // The value random boards take after the seed, and every parameter
    // given, as they were asked for.
    let size = match opts.setup.random_word() {
        Some(param) if !opts.setup.changed().is_empty() => opts
            .setup
            .get(param.name)
            .map_or_else(String::new, |v| format!(" {v}")),
        _ => String::new(),
    };
    let params: String = (opts.setup.changed().iter())
        .map(|pair| format!(" --param {pair}"))
        .collect();
    let pairs = settings(opts.reference, opts.pairs);
    let (strong, weak) = pairs[0];
    let (weakest, weakest_weak) = pairs[pairs.len() - 1];
    let mut out = format!(
        "# Balanced {game} boards: seeded boards (random {game} <seed>{size}) on which\n\
         # Tabula, playing itself in {pairs} pair(s) of games ({strong} against {weak}{down};\n\
         # the stronger once on each side), {rule}.\n\
         # Kept {kept} of {tries} tried{seeds}.\n\
         # Made by: arbiter boards --game {game} --count {count} --seed {first}{params} {how} \
         --pairs {asked} {keep}\n",
        down = if pairs.len() > 1 {
            format!(", down\n# to {weakest} against {weakest_weak}")
        } else {
            String::new()
        },
        rule = match opts.keep {
            Keep::Even => format!(
                "ends\n# within {} points of {:+} (taken as even) on average for the side to move",
                opts.threshold, opts.centre
            ),
            Keep::Skill(n) => format!(
                "the stronger\n# setting won both games, whatever its colour, in at least {n} pair(s)"
            ),
        },
        keep = match opts.keep {
            Keep::Even => format!("--centre {} --threshold {}", opts.centre, opts.threshold),
            Keep::Skill(n) => format!("--skill {n}"),
        },
        asked = opts.pairs,
        game = opts.setup.game(),
        pairs = pairs.len(),
        kept = selection.boards.len(),
        tries = selection.tries,
        first = opts.seed,
        seeds = seeds_tried(opts.seed, selection.tries),
        count = opts.count,
        how = match opts.reference {
            Reference::Depth(d) => format!("--depth {d}"),
            Reference::Movetime(ms) => format!("--movetime {ms}"),
            Reference::Nodes(n) => format!("--nodes {n}"),
        },
    );
    for b in &selection.boards {
        let margins: Vec<String> = b
            .measurement
            .margins
            .iter()
            .map(|m| format!("{m:+}"))
            .collect();
        out.push_str(&format!(
            "{}  # seed {}: {:+.1} for the side to move (margins {}), {}\n",
            b.position.fen(),
            b.seed,
            b.measurement.value(),
            margins.join(" "),
            match opts.keep {
                Keep::Even => format!("threshold {}", opts.threshold),
                Keep::Skill(_) => format!(
                    "the stronger won both games of {} pair(s)",
                    b.measurement.skill_pairs()
                ),
            }
        ));
    }
    out
}

/// `arbiter boards`.
#[derive(Args, Clone, Debug)]
pub struct BoardsArgs {
    #[arg(long, default_value = GameId::ALL[0].as_str(), help = format!("Game id: {}", GameId::listed(false, "or")))]
    pub(crate) game: String,
    /// Balanced boards wanted.
    #[arg(long, default_value_t = 50, value_parser = crate::limits::board_count)]
    pub(crate) count: usize,
    /// Seed of the first board tried (then seed + 1, …).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Depth per move of the first pair of reference games, against one
    /// less (default: the game's own, e.g. bishop 9, dots 5; knight plays
    /// 25000 nodes instead; deterministic).
    #[arg(long, conflicts_with = "movetime", value_parser = crate::limits::depth)]
    pub(crate) depth: Option<u32>,
    /// Time per move of the reference games in ms, against half of it,
    /// instead of a depth (the boards kept then depend on the machine).
    #[arg(long, conflicts_with = "nodes", value_parser = crate::limits::movetime)]
    pub(crate) movetime: Option<u64>,
    /// About N nodes per move, against N/2, instead of a depth: as
    /// deterministic as a depth, and like a movetime it searches deeper
    /// where the tree is small (a game's end).
    #[arg(long, value_name = "N", conflicts_with = "depth", value_parser = crate::limits::nodes)]
    pub(crate) nodes: Option<u64>,
    /// Boards measured at once (default: the machine's cores); the file is
    /// the same whatever the number, except with --movetime.
    #[arg(long, value_name = "N", value_parser = crate::limits::concurrency)]
    pub(crate) concurrency: Option<usize>,
    /// Largest distance of the mean margin from the centre, in the game's
    /// points (default: the game's own, e.g. knight 30, bishop 20, dots 2
    /// boxes; a Quatro win counts 100).
    #[arg(long)]
    pub(crate) threshold: Option<u32>,
    /// The mean margin taken as even (default 0): a board is kept when its
    /// value is within --threshold of it.
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) centre: Option<i32>,
    /// Pairs of reference games per board, each one step (a ply, or half
    /// the time or the nodes) weaker than the last (default: the game's
    /// own, e.g. knight 2, the others 5).
    #[arg(long, value_parser = crate::limits::pairs)]
    pub(crate) pairs: Option<u32>,
    /// Keep instead the boards on which the stronger setting won both games
    /// of at least N pairs, whatever its colour (skill, not the colour,
    /// decides there); --threshold and --centre are then unused.
    #[arg(long, value_name = "N", conflicts_with_all = ["threshold", "centre"], value_parser = crate::limits::pairs)]
    pub(crate) skill: Option<u32>,
    /// Boards tried before giving up (default: 100 per board wanted).
    #[arg(long, value_parser = crate::limits::tries)]
    pub(crate) max_tries: Option<u64>,
    #[command(flatten)]
    pub(crate) params: crate::params::ParamArgs,
    /// The board file to write (default: standard output).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// Runs `arbiter boards`: finds the boards, writes the file, tells on
/// stderr how many were tried. Ctrl-C stops it with the boards found so far
/// written (exit code 130).
pub fn run(args: BoardsArgs) -> Result<ExitCode> {
    let game: GameId = args
        .game
        .parse()
        .map_err(|e| anyhow::anyhow!("--game: {e}"))?;
    let mut opts = Options::new(game, args.count, args.seed);
    opts.setup = args.params.setup(game)?;
    if let Some(d) = args.depth {
        opts.reference = Reference::Depth(d);
    } else if let Some(ms) = args.movetime {
        opts.reference = Reference::Movetime(ms);
    } else if let Some(n) = args.nodes {
        opts.reference = Reference::Nodes(n);
    }
    opts.concurrency = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if let Some(t) = args.threshold {
        opts.threshold = t;
    }
    if let Some(c) = args.centre {
        opts.centre = c;
    }
    if let Some(n) = args.max_tries {
        opts.max_tries = n;
    }
    if let Some(pairs) = args.pairs {
        opts.pairs = pairs;
    }
    if let Some(n) = args.skill {
        opts.keep = Keep::Skill(n);
    }
    let bar = progress_bar(!args.quiet, opts.count as u64, "balanced boards");
    let selection = find(&opts, &mut |p| {
        bar.set_position(p.kept as u64);
        bar.set_message(format!("{} tried", p.tried));
    });
    bar.finish_and_clear();
    let selection = selection?;
    // The boards found are written even when too few were: hours of
    // reference games are not thrown away.
    let text = file_text(&opts, &selection);
    let written = match &args.out {
        Some(path) => {
            std::fs::write(path, &text)
                .map_err(|e| anyhow::anyhow!("cannot write '{}': {e}", path.display()))?;
            if !args.quiet {
                crate::errln!(
                    "arbiter boards: {} balanced {game} boards of {} tried ({}, {}) written to {}",
                    selection.boards.len(),
                    selection.tries,
                    opts.reference,
                    match opts.keep {
                        Keep::Even => format!("threshold {}", opts.threshold),
                        Keep::Skill(n) => format!("skill {n}"),
                    },
                    path.display()
                );
            }
            path.display().to_string()
        }
        None => {
            crate::out!("{text}");
            "standard output".to_string()
        }
    };
    if let Some(why) = selection.shortfall {
        if signals::interrupted() {
            crate::errln!(
                "arbiter: {why} (the {} found are in {written}; the next seed to try is {})",
                selection.boards.len(),
                opts.seed.wrapping_add(selection.tries)
            );
            return Ok(ExitCode::from(130));
        }
        bail!(
            "{why} (the {} found are in {written})",
            selection.boards.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Where start boards come from.
#[derive(Clone, Debug)]
pub enum Boards {
    /// `random <game> <seed + i>` for board i, under the game's parameters
    /// (a board size, a rules variant).
    Seeded { seed: u64, setup: GameSetup },
    /// Positions read from a file, used in turn.
    List(Vec<AnyPosition>),
}

impl Boards {
    /// Board number `i`.
    pub(crate) fn board(&self, i: u64) -> Result<AnyPosition> {
        match self {
            Boards::Seeded { seed, setup } => setup
                .random(seed.wrapping_add(i))
                .ok_or_else(|| anyhow::anyhow!("{} has no random boards", setup.game())),
            Boards::List(list) => Ok(list[(i % list.len() as u64) as usize]),
        }
    }

    /// Reads a file of start positions ([`setup::read_board_file`]: one
    /// position string per line — `fen …`, a bare FEN, `random …` — and `#`
    /// comments, whole lines or line ends).
    pub(crate) fn from_file(path: &Path, setup: GameSetup) -> Result<Boards> {
        let game = setup.game();
        let text = crate::paths::read_to_string(path)
            .with_context(|| format!("cannot read boards file '{}'", path.display()))?;
        let list = setup::read_board_file(&text, setup).map_err(|e| match e {
            setup::BoardFileError::WrongGame(..) => {
                anyhow::anyhow!("{}: {e} in a {game} tournament", path.display())
            }
            _ => anyhow::anyhow!("boards file '{}': {e}", path.display()),
        })?;
        Ok(Boards::List(list))
    }
}

/// The named board sets shipped in `data/boards/` (`--board-set`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardSet {
    /// `random <game> <seed + i>`: the default.
    Seeded,
    /// `data/boards/<game>.txt`, made by `arbiter boards` (Dots: 5 × 6).
    Balanced,
}

/// The folder of the shipped data: `$TABULA_DATA_DIR` when set, else the
/// repository's `data/` as seen when the arbiter was built.
pub(crate) fn data_dir() -> PathBuf {
    match std::env::var_os("TABULA_DATA_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../data")),
    }
}

/// The file of the balanced set of `game`: `<data>/boards/<game>.txt`, or an
/// error saying where it was looked for and how to make one.
pub(crate) fn balanced_set_path(game: GameId) -> Result<PathBuf> {
    let path = data_dir().join("boards").join(format!("{game}.txt"));
    if !path.is_file() {
        bail!(
            "no balanced {game} board set at '{}' (set TABULA_DATA_DIR to the folder holding \
             boards/{game}.txt, or make one with `arbiter boards --game {game} --out FILE` \
             and pass it with --boards-file FILE)",
            path.display()
        );
    }
    Ok(path)
}

/// The start boards of a match or tournament: `file` if given, else the named
/// `set` (seeded boards from `seed`, under the setup's parameters).
pub fn source(setup: GameSetup, set: BoardSet, file: Option<&Path>, seed: u64) -> Result<Boards> {
    let game = setup.game();
    match (file, set) {
        (Some(path), BoardSet::Seeded) => Boards::from_file(path, setup),
        (Some(_), BoardSet::Balanced) => {
            bail!("--boards-file and --board-set balanced: give one source of boards")
        }
        (None, BoardSet::Seeded) => Ok(Boards::Seeded { seed, setup }),
        (None, BoardSet::Balanced) => {
            let changed = setup.changed();
            if !changed.is_empty() {
                let defaults: Vec<String> = (GameSetup::new(game).values().into_iter())
                    .map(|(p, v)| format!("{}={v}", p.name.to_ascii_lowercase()))
                    .collect();
                bail!(
                    "the balanced {game} set is made with {}; make one with {} by \
                     `arbiter boards --game {game} --param {} --out FILE` and pass \
                     --boards-file FILE",
                    defaults.join(" "),
                    changed.join(" "),
                    changed.join(" --param ")
                );
            }
            Boards::from_file(&balanced_set_path(game)?, setup)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_boards_are_found() {
        use tabula::games::GameId;

        let opts = Options {
            reference: Reference::Depth(2),
            threshold: 40,
            ..Options::new(GameId::Knight, 2, 1)
        };
        let found = find(&opts, &mut |_| {}).unwrap();
        assert_eq!(found.boards.len(), 2);
        assert!(found
            .boards
            .iter()
            .all(|b| b.measurement.value().abs() <= 40.0));
    }

    fn small(game: GameId, count: usize, threshold: u32) -> Options {
        Options {
            reference: Reference::Depth(4),
            pairs: 2,
            threshold,
            ..Options::new(game, count, 1)
        }
    }

    #[test]
    fn kept_boards_are_within_the_threshold_and_skipped_ones_are_not() {
        let opts = small(GameId::Knight, 3, 40);
        let sel = find(&opts, &mut |_| {}).unwrap();
        assert_eq!(sel.boards.len(), 3);
        assert!(
            sel.tries > 3,
            "every seeded board balanced: the filter does nothing"
        );
        let mut searchers = [Searcher::new(16), Searcher::new(16)];
        let kept: Vec<u64> = sel.boards.iter().map(|b| b.seed).collect();
        for i in 0..sel.tries {
            let seed = opts.seed + i;
            let pos = tabula::setup::parse_spec(&format!("random knight {seed}"), None).unwrap();
            let m = measure(&pos, opts.reference, opts.pairs, &mut searchers);
            assert_eq!(m.margins.len(), 2 * opts.pairs as usize);
            let mean = m.margins.iter().sum::<i32>() as f64 / m.margins.len() as f64;
            assert_eq!(
                kept.contains(&seed),
                (mean - f64::from(opts.centre)).abs() <= 40.0,
                "seed {seed}: {m:?}"
            );
        }
        // The last board tried is the last kept: the search stops at `count`.
        assert_eq!(*kept.last().unwrap(), opts.seed + sel.tries - 1);
    }

    #[test]
    fn a_margin_is_the_final_score_difference_for_the_side_to_move() {
        // Quatro has no points: a win counts WIN_POINTS, a draw 0.
        let pos = tabula::setup::parse_spec("random quatro 3", None).unwrap();
        let mut searchers = [Searcher::new(1), Searcher::new(1)];
        let m = measure(&pos, Reference::Depth(2), 1, &mut searchers);
        for margin in &m.margins {
            assert!([-100, 0, 100].contains(margin), "{m:?}");
        }
        let knight = tabula::setup::parse_spec("random knight 1", None).unwrap();
        let m = measure(&knight, Reference::Depth(3), 2, &mut searchers);
        // The same games whatever was searched before; knight games end on
        // points far apart.
        assert_eq!(m, measure(&knight, Reference::Depth(3), 2, &mut searchers));
        assert!(m.margins.iter().all(|&x| x != 0 && x.abs() < 4950), "{m:?}");
    }

    #[test]
    fn the_same_options_give_the_same_file() {
        let opts = small(GameId::Bishop, 3, 40);
        let a = file_text(&opts, &find(&opts, &mut |_| {}).unwrap());
        let b = file_text(&opts, &find(&opts, &mut |_| {}).unwrap());
        assert_eq!(a, b);
        assert!(
            a.contains("--depth 4 --pairs 2 --centre 0 --threshold 40"),
            "{a}"
        );
        assert_eq!(a.lines().filter(|l| !l.starts_with('#')).count(), 3);
    }

    #[test]
    fn the_file_is_read_back_by_the_tournaments() {
        let mut dots = GameSetup::new(GameId::Dots);
        dots.set("size", "3x3").unwrap();
        for setup in [GameId::Knight.into(), dots, GameId::Quatro.into()] {
            let game = setup.game();
            let opts = Options {
                setup,
                reference: Reference::Depth(2),
                ..small(game, 3, 50)
            };
            let sel = find(&opts, &mut |_| {}).unwrap();
            let path = std::env::temp_dir()
                .join(format!("arbiter-boards-{game}-{}.txt", std::process::id()));
            std::fs::write(&path, file_text(&opts, &sel)).unwrap();
            let read = Boards::from_file(&path, GameSetup::new(game));
            let _ = std::fs::remove_file(&path);
            let Boards::List(list) = read.unwrap() else {
                panic!("a list of boards")
            };
            let want: Vec<AnyPosition> = sel.boards.iter().map(|b| b.position).collect();
            assert_eq!(list, want, "{game}");
            if game == GameId::Dots {
                assert!(list[0].fen().contains("3x3"));
            }
        }
    }

    #[test]
    fn skill_pairs_are_the_pairs_the_stronger_side_won_twice() {
        // Pairs: (stronger on the mover's side, then on the other's).
        let m = Measurement {
            margins: vec![5, -3, 4, 2, -1, -1, 7, -7, 0, -9],
        };
        assert_eq!(m.skill_pairs(), 2);
        assert!(m.kept(Keep::Skill(2), 0, 0));
        assert!(!m.kept(Keep::Skill(3), 0, 0));
    }

    #[test]
    fn the_skill_rule_keeps_only_boards_where_the_stronger_won_both() {
        let opts = Options {
            reference: Reference::Depth(3),
            pairs: 2,
            keep: Keep::Skill(1),
            ..small(GameId::Knight, 3, 0)
        };
        let sel = find(&opts, &mut |_| {}).unwrap();
        assert_eq!(sel.boards.len(), 3);
        assert!(sel.tries >= 3);
        for b in &sel.boards {
            assert!(b.measurement.skill_pairs() >= 1, "{:?}", b.measurement);
            // The measurement is the one a fresh run makes of the board.
            let mut searchers = [Searcher::new(1), Searcher::new(1)];
            let again = measure(&b.position, opts.reference, opts.pairs, &mut searchers);
            assert_eq!(again, b.measurement);
        }
        let text = file_text(&opts, &sel);
        assert!(text.contains("--pairs 2 --skill 1"), "{text}");
        assert!(
            text.contains("won both games, whatever its colour"),
            "{text}"
        );
        for bad in [0, 3] {
            let opts = Options {
                keep: Keep::Skill(bad),
                ..opts.clone()
            };
            let err = find(&opts, &mut |_| {}).unwrap_err().to_string();
            assert!(err.contains("expected 1..=2"), "{err}");
        }
    }

    #[test]
    fn too_few_balanced_boards_is_an_error_after_the_cap() {
        let opts = Options {
            max_tries: 5,
            ..small(GameId::Knight, 5, 0)
        };
        let sel = find(&opts, &mut |_| {}).unwrap();
        assert!(sel.boards.len() < 5 && sel.tries == 5, "{sel:?}");
        let err = sel.shortfall.expect("too few boards");
        assert!(
            err.contains("of 5 boards within 0 points of even in 5 tries (seeds 1..=5)"),
            "{err}"
        );
        assert!(err.contains("--max-tries"), "{err}");
    }

    #[test]
    fn bad_options_are_refused() {
        let err = |o: Options| find(&o, &mut |_| {}).unwrap_err().to_string();
        assert!(err(small(GameId::KnightSolo, 1, 10)).contains("puzzle"));
        assert!(err(small(GameId::Knight, 0, 10)).contains("--count"));
        let zero = Options {
            reference: Reference::Depth(0),
            ..small(GameId::Knight, 1, 10)
        };
        assert!(err(zero).contains("depth"));
        let none = Options {
            reference: Reference::Nodes(0),
            ..small(GameId::Knight, 1, 10)
        };
        assert!(err(none).contains("node count"));
    }

    #[test]
    fn the_value_is_the_mean_margin() {
        let m = |a, b| Measurement {
            margins: vec![a, b],
        };
        assert_eq!(m(30, -10).value(), 10.0);
        assert!(m(30, -10).balanced(0, 10));
        assert!(!m(30, -9).balanced(0, 10));
        assert!(m(-100, 100).balanced(0, 0));
        assert!(!m(100, 0).balanced(0, 49));
        assert_eq!(Reference::Depth(1).weaker(), Reference::Depth(1));
        let d = Reference::Depth;
        assert_eq!(settings(d(3), 5), vec![(d(3), d(2)), (d(2), d(1))]);
        assert_eq!(settings(d(9), 2), vec![(d(9), d(8)), (d(8), d(7))]);
        assert_eq!(settings(d(1), 3), vec![(d(1), d(1))]);
        assert_eq!(Reference::Movetime(50).weaker(), Reference::Movetime(25));
        assert_eq!(Reference::Nodes(9).weaker(), Reference::Nodes(4));
        assert_eq!(Reference::Nodes(1).weaker(), Reference::Nodes(1));
    }

    #[test]
    fn a_node_reference_gives_the_same_boards_whatever_the_concurrency() {
        let opts = Options {
            reference: Reference::Nodes(2000),
            pairs: 1,
            ..small(GameId::Knight, 3, 60)
        };
        let one = find(&opts, &mut |_| {}).unwrap();
        let three = find(
            &Options {
                concurrency: 3,
                ..opts.clone()
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(file_text(&opts, &one), file_text(&opts, &three));
        assert_eq!(
            one.tries, three.tries,
            "tries count up to the last board kept"
        );
        // The measurement is the one a fresh run makes of the board.
        let mut searchers = [Searcher::new(1), Searcher::new(1)];
        let b = &one.boards[0];
        assert_eq!(
            measure(&b.position, opts.reference, 1, &mut searchers),
            b.measurement
        );
    }

    #[test]
    fn the_shipped_balanced_sets_are_read_by_name() {
        for game in [GameId::Knight, GameId::Bishop, GameId::Dots, GameId::Quatro] {
            let Boards::List(list) = source(game.into(), BoardSet::Balanced, None, 1).unwrap()
            else {
                panic!("{game}: a list of boards")
            };
            assert!(list.len() >= 50, "{game}: {} boards", list.len());
            assert!(list.iter().all(|p| p.game() == game));
        }
        let mut dots_3x3 = GameSetup::new(GameId::Dots);
        dots_3x3.set("size", "3x3").unwrap();
        let err = source(dots_3x3, BoardSet::Balanced, None, 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("5x6"), "{err}");
        let Boards::Seeded { seed: 7, .. } =
            source(GameId::Knight.into(), BoardSet::Seeded, None, 7).unwrap()
        else {
            panic!("seeded boards by default")
        };
    }
}
