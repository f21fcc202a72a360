//! `arbiter`: runs engines against each other under the rules of the Tabula
//! games. Without arguments it plays a short demo tournament of the built-in
//! players. Exit codes: 0 the match or tournament ran (whatever the results),
//! 2 bad arguments or set-up (nothing played), 130 interrupted (run the same
//! command again to resume).

use anyhow::{bail, Result};
use arbiter::out::plural;
use arbiter::{
    errln, limits, out, outln, signals, BoardSet, Entrant, Format, GameRecord, OnReplaced,
    PageInfo, ParamArgs, RunOptions, RunResult, SandboxArgs, Scoring, Settings, Setup, Shard, Sprt,
    SprtWatch, TimeControl, Timeouts, Verdict,
};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tabula::games::GameId;

mod bench;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    args_override_self = true,
    about = format!(
        "Engine matches and tournaments for the Tabula games ({})",
        GameId::listed(false, "and")
    ),
    after_help = "Without a subcommand: a short demo tournament of the built-in players.\n\
                  ENGINE: a command run through the shell (\"python3 my_engine.py\") or \
                  builtin:random | builtin:greedy | builtin:tabula[:depth=N|nodes=N|movetime=MS]"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Two engines, n games (colour-swapped pairs on the same seeded board).
    Match {
        /// First engine (with --sprt: the one tested).
        engine1: String,
        /// Second engine.
        engine2: String,
        /// Number of games (default 2; with --sprt the most games to play,
        /// default 20000).
        #[arg(long, value_parser = limits::games)]
        games: Option<u32>,
        /// Sequential probability ratio test: stop as soon as H0 (engine1 is
        /// not ELO1 stronger) or H1 (it is at least ELO0 stronger) is
        /// accepted, e.g. `--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05`
        /// (logistic Elo; the pentanomial model over colour-swapped pairs, or
        /// the pair results with --scoring points). The live progress shows
        /// the LLR and its bounds.
        #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
        sprt: Option<Vec<String>>,
        #[command(flatten)]
        common: Common,
    },
    /// Many engines: round robin, gauntlet or Swiss, both colours on each board.
    Tournament(TournamentArgs),
    /// The games a tournament will play (same flags as `tournament`): key,
    /// players, board, and with --shards N the shard of each; the same for
    /// every run with the same flags. A Swiss prints its first round (the
    /// next ones are paired on the results).
    Plan {
        #[command(flatten)]
        tournament: TournamentArgs,
        /// Show which of N shards plays each game (`tournament --shard K/N`).
        #[arg(long, value_name = "N", value_parser = limits::shards)]
        shards: Option<u32>,
    },
    /// Puts the journals of a sharded tournament together: checks they
    /// belong to one tournament, keeps each game once, lists the missing
    /// games with the command that plays them, writes the merged journal
    /// and prints the standings. Exit 0 when complete, 1 when games are
    /// missing, 2 on bad input.
    Merge {
        /// The shards' journals (JSONL).
        #[arg(required = true)]
        journals: Vec<PathBuf>,
        /// The merged journal (rewritten).
        #[arg(long)]
        results: PathBuf,
        #[command(flatten)]
        out: Outputs,
    },
    /// Self-test of one engine, in layers: handshake (and unflushed output),
    /// isready tokens, one move, quit, two games against builtin:random,
    /// go infinite + stop, go movetime, malformed input, legal moves on many
    /// positions (+ perft and query if implemented), solve on the course
    /// problems A-D if the engine solves, and that stdout holds only protocol
    /// lines. Prints ok/warn/FAIL/skip lines with hints and a summary. Exit 0
    /// when nothing failed (warns allowed), 1 if something did, 2 on bad
    /// arguments, 130 when interrupted (Ctrl-C).
    Check {
        /// The engine's command line.
        engine: String,
        #[arg(long, default_value = GameId::ALL[0].as_str(), help = check_game_help())]
        game: String,
        /// Seed of the start board, of the sampled positions and of builtin:random.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Move time of the first move and of the two games (ms).
        #[arg(long, default_value_t = 200, value_parser = limits::movetime)]
        movetime: u64,
        /// Positions of the rule-conformance layer where the game goes on
        /// (finished games are added for perft and query).
        #[arg(long, default_value_t = 30, value_parser = limits::positions)]
        positions: usize,
        /// Time given to each `solve` of the course problems (ms).
        #[arg(long, default_value_t = 3000, value_parser = limits::movetime)]
        solve_time: u64,
        /// The game's parameters (default: each at its default for the
        /// games; the conformance layer also samples other board sizes).
        #[command(flatten)]
        params: ParamArgs,
        /// Handshake deadline (ms).
        #[arg(long, default_value_t = 10_000, value_parser = limits::deadline)]
        startup_timeout: u64,
        /// Allowed beyond a move's time (ms).
        #[arg(long, default_value_t = 100, value_parser = limits::slack)]
        margin: u64,
        #[command(flatten)]
        sandbox: SandboxArgs,
    },
    /// Throughput: games per second and arbiter time per move; `bench
    /// pairing`: how well pairing designs rank a class, by simulation.
    Bench {
        #[command(subcommand)]
        what: Option<bench::What>,
        /// Games per measurement.
        #[arg(long, default_value_t = 200, value_parser = limits::games)]
        games: u32,
    },
    /// The demo tournament (what `arbiter` alone runs).
    Demo,
    /// Play against an engine yourself (type `help` at the prompt).
    Play(arbiter::PlayArgs),
    /// Balanced start boards: seeded boards on which Tabula, playing itself
    /// in pairs of games at a fixed depth or node budget (the stronger side
    /// once on each side), ends within --threshold points of even on average
    /// for the side to move, written as a board file for --boards-file.
    Boards(arbiter::BoardsArgs),
    /// The tournament as one web page (standings, charts, a replay of every
    /// game) from results journals: `arbiter report results.jsonl --out report.html`.
    Report {
        #[command(flatten)]
        args: arbiter::ReportArgs,
        /// Every column of the standings (by default they fit 100 columns).
        #[arg(long)]
        wide: bool,
    },
    /// Every move of every game of results files judged by the reference:
    /// its best move, the mover's winning chances before and after, the
    /// move's class (best, good, inaccuracy, mistake, blunder) and
    /// accuracy, one JSON line per move (docs/analysis.md); then each
    /// entrant's accuracy. Resumes an --out file of the same settings.
    /// Exit 0 when it ran, 2 on bad arguments, 130 when interrupted.
    Analyse(arbiter::AnalyseArgs),
    /// The win-chance models calibrated on held-out games of the course's
    /// level: analysed results files in (games split by game into folds),
    /// per game and per level the log-loss, Brier score and calibration of
    /// the shipped and the refitted scale; `--out` writes the refitted
    /// table (docs/analysis.md). Exit 0 when it ran, 2 on bad input.
    Winchance(arbiter::WinchanceArgs),
    /// Copied work: engines that choose the same moves far more often than
    /// independent engines of their strength (`--game <id> <ENGINE>…`), and
    /// sources that share winnowed fingerprints (`--source <dir>… [--base
    /// <dir>] [--past <dir>…]`); `--out pairs.csv`, `--html page.html`.
    Similarity(arbiter::SimilarityArgs),
    /// The behaviour check measured on engines whose relations are known:
    /// per game, the false-alarm rate over independent pairs (synthetic
    /// students, the reference players, --engines) and the detection rate
    /// of each kind of changed copy; resumable (the answers are journaled).
    BenchSimilarity(arbiter::BenchSimilarityArgs),
    /// A teacher's season in one command: a folder (or archive) of
    /// submissions, as Moodle's "download all submissions" gives it, in;
    /// each recognised, checked and played in a championship against the
    /// reference gates, all sandboxed; out, in --out: grades.csv for
    /// Moodle, evidence.csv, the championship page and a feedback page per
    /// submission. Rerun to resume. Exit 0 when it ran, 2 on bad arguments.
    Grade(arbiter::GradeArgs),
}

/// How the standings rank, and the files written from the finished games
/// besides the journal (by match, tournament and merge).
#[derive(Args, Clone, Debug)]
struct Outputs {
    /// Per-entrant summary for grading: CSV, or JSON if *.json; rewritten at
    /// the end of each run.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Human-readable game records (moves, times, boards) of every finished
    /// game (with --results: of the journal), rewritten at the end of each run.
    #[arg(long)]
    records: Option<PathBuf>,
    /// How the standings rank: by game results, or by duplicate scoring of
    /// the colour-swapped pairs (each pair won by the larger point total
    /// over its two games). Both are shown side by side whatever the choice.
    #[arg(long, value_enum, default_value_t = Scoring::Games)]
    scoring: Scoring,
    /// Every column of the standings and the whole cross-table, each name
    /// whole (by default the report fits 100 columns: long names cut with
    /// `…` and given in full below the table).
    #[arg(long)]
    wide: bool,
}

impl Outputs {
    /// Rewrites the summary and the records asked for.
    fn write(&self, names: &[String], records: &[GameRecord]) -> Result<()> {
        if let Some(path) = &self.summary {
            arbiter::write_summary(path, names, records, self.scoring)?;
        }
        if let Some(path) = &self.records {
            arbiter::rewrite_records(path, records)?;
        }
        Ok(())
    }
}

#[derive(Args, Clone, Debug)]
struct TournamentArgs {
    /// Engines from the command line (added after those of --engines).
    engines: Vec<String>,
    /// Config file of engines (TOML, or JSON if *.json); repeatable.
    #[arg(long = "engines", value_name = "FILE")]
    engine_files: Vec<PathBuf>,
    /// Who plays whom.
    #[arg(long, value_enum, default_value_t = Format::RoundRobin)]
    format: Format,
    /// Gauntlet: the reference engine's name (default: the first engine).
    #[arg(long)]
    reference: Option<String>,
    /// Rounds (each with fresh boards; Swiss: the number of rounds).
    #[arg(long, default_value_t = 1, value_parser = limits::rounds)]
    rounds: u32,
    /// Boards per round and pairing (two games each, colours swapped).
    #[arg(long, default_value_t = 2, value_parser = limits::boards)]
    boards: u32,
    /// Play only shard K of N (1-based, e.g. 2/4): about 1/N of the boards,
    /// into this shard's own --results journal; put the shards' journals
    /// together with `arbiter merge`.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    #[command(flatten)]
    common: Common,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Policy {
    /// A late move loses by timeout.
    Strict,
    /// A late move is recorded and the game goes on.
    Lenient,
}

#[derive(Args, Clone, Debug)]
struct Common {
    #[arg(long, default_value = GameId::ALL[0].as_str(), help = game_help())]
    game: String,
    /// Seed of the start boards (board i uses seed + i) and of built-in players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time per move in ms (`go movetime`), the default time control.
    #[arg(long, default_value_t = 1000, value_parser = limits::movetime)]
    movetime: u64,
    /// Node limit per move (`go nodes`) instead of a move time.
    #[arg(long, conflicts_with_all = ["depth", "tc"], value_parser = limits::nodes)]
    nodes: Option<u64>,
    /// Depth limit per move (`go depth`) instead of a move time.
    #[arg(long, conflicts_with = "tc", value_parser = limits::depth)]
    depth: Option<u32>,
    /// Game clock in seconds, `<base>+<inc>` (`60+0.5`), instead of a move time.
    #[arg(long)]
    tc: Option<String>,
    /// Results journal (JSONL, one line per game); rerun to resume. The
    /// engine traffic of faulted games is kept in <RESULTS>.logs.
    #[arg(long)]
    results: Option<PathBuf>,
    /// Start boards from a file (one position per line, `#` comments)
    /// instead of seeds, e.g. one made by `arbiter boards`.
    #[arg(long = "boards-file", visible_alias = "fens", value_name = "FILE")]
    fens: Option<PathBuf>,
    /// Named start boards: `balanced` is data/boards/<game>.txt (made by
    /// `arbiter boards`; dots 5x6; $TABULA_DATA_DIR/boards/<game>.txt when set).
    #[arg(long, value_enum, default_value_t = BoardSet::Seeded, conflicts_with = "fens")]
    board_set: BoardSet,
    #[command(flatten)]
    params: ParamArgs,
    /// Games played at once (default: the number of cores; at most 1024).
    #[arg(long, value_parser = limits::concurrency)]
    concurrency: Option<usize>,
    /// What a late move costs.
    #[arg(long, value_enum, default_value_t = Policy::Strict)]
    time_policy: Policy,
    /// What a move costs that the engine's adapter says its program did not
    /// choose (`info string fallback …`): lose (the game, at the first),
    /// strikes=N (at the N-th of a game), count (only recorded).
    #[arg(long, default_value = "lose", value_name = "lose|strikes=N|count")]
    on_replaced: OnReplaced,
    /// Allowed beyond a move's time (ms).
    #[arg(long, default_value_t = 100, value_parser = limits::slack)]
    margin: u64,
    /// Handshake deadline (ms).
    #[arg(long, default_value_t = 10_000, value_parser = limits::deadline)]
    startup_timeout: u64,
    /// `isready` deadline before each move (ms).
    #[arg(long, default_value_t = 5_000, value_parser = limits::deadline)]
    ping_timeout: u64,
    /// Time to obey `stop` or `quit` before being killed (ms).
    #[arg(long, default_value_t = 500, value_parser = limits::slack)]
    grace: u64,
    /// Absolute cap of one move's wait, for depth/node limits and lenient play (ms).
    #[arg(long, default_value_t = 60_000, value_parser = limits::cap)]
    max_move_time: u64,
    /// Plies before a game is adjudicated on the score.
    #[arg(long, default_value_t = 10_000, value_parser = limits::plies)]
    max_plies: usize,
    /// Folder of engine traffic logs (default: <results>.logs).
    #[arg(long)]
    log_dir: Option<PathBuf>,
    /// Keep the traffic log of every game, not only of faulted ones.
    #[arg(long)]
    debug: bool,
    #[command(flatten)]
    out: Outputs,
    /// The tournament as one web page (standings, charts, a replay of every
    /// game), rewritten at the end of each run.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Also rewrite the --html page as games finish (at most once a second).
    #[arg(long, requires = "html")]
    html_live: bool,
    #[command(flatten)]
    analyse: arbiter::AnalyseFlags,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    sandbox: SandboxArgs,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    signals::install();
    arbiter::become_subreaper();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            errln!("arbiter: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None | Some(Command::Demo) => demo(),
        Some(Command::Play(args)) => arbiter::play_command(args),
        Some(Command::Boards(args)) => arbiter::boards_command(args),
        Some(Command::Report { args, wide }) => {
            arbiter::set_wide(wide);
            arbiter::report_command(args)
        }
        Some(Command::Analyse(args)) => arbiter::analyse_command(args),
        Some(Command::Winchance(args)) => arbiter::winchance_command(&args),
        Some(Command::Similarity(args)) => arbiter::similarity_command(args),
        Some(Command::BenchSimilarity(args)) => arbiter::bench_similarity(args),
        Some(Command::Grade(args)) => {
            arbiter::grade_command(args, &std::env::args().collect::<Vec<_>>())
        }
        Some(Command::Bench { what: None, games }) => bench::run(games).map(|_| ExitCode::SUCCESS),
        Some(Command::Bench {
            what: Some(bench::What::Pairing(args)),
            ..
        }) => bench::pairing(&args).map(|_| ExitCode::SUCCESS),
        Some(Command::Check {
            engine,
            game,
            seed,
            movetime,
            params,
            startup_timeout,
            margin,
            positions,
            solve_time,
            sandbox,
        }) => {
            let mut entrants = [Entrant::from_cli(&engine)?];
            if let Some(header) = sandbox.apply(&mut entrants, &[])? {
                outln!("{header}");
            }
            let [entrant] = entrants;
            let arbiter::Kind::External(spec) = &entrant.kind else {
                bail!("check is for external engines (the built-in players are always fine)");
            };
            let game = parse_game(&game)?;
            if positions == 0 {
                bail!("--positions must be at least 1");
            }
            let opts = arbiter::CheckOptions {
                log_dir: None,
                setup: params.setup(game)?,
                sample_params: params.none_given(),
                seed,
                movetime,
                timeouts: Timeouts {
                    startup_ms: startup_timeout,
                    margin_ms: margin,
                    ..Timeouts::default()
                },
                positions,
                solve_ms: solve_time,
            };
            Ok(match arbiter::check_command(spec, &entrant.name, &opts) {
                Verdict::Passed => ExitCode::SUCCESS,
                Verdict::Failed(_) => ExitCode::from(1),
                Verdict::Interrupted => ExitCode::from(130),
            })
        }
        Some(Command::Match {
            engine1,
            engine2,
            games,
            sprt,
            common,
        }) => {
            let sprt: Option<Sprt> = sprt.map(|fields| fields.join(" ").parse()).transpose()?;
            let games = games.unwrap_or(if sprt.is_some() { 20_000 } else { 2 });
            if games == 0 {
                bail!("--games must be at least 1");
            }
            check_paths(&common, &[])?;
            let mut entrants = vec![Entrant::from_cli(&engine1)?, Entrant::from_cli(&engine2)?];
            arbiter::dedup_names(&mut entrants);
            confine(&common, &mut entrants, &[])?;
            let watch = sprt.map(|s| {
                SprtWatch::new(s, &entrants[0].name, &entrants[1].name, common.out.scoring)
            });
            let cmd = std::env::args().collect::<Vec<_>>();
            let schedule = Schedule {
                entrants,
                format: Format::RoundRobin,
                rounds: 1,
                boards: 0,
                match_games: Some(games),
                sprt: watch,
                shard: None,
            };
            play(schedule, &common, &cmd)
        }
        Some(Command::Tournament(args)) => {
            check_paths(&args.common, &args.engine_files)?;
            let mut schedule = args.schedule()?;
            confine(&args.common, &mut schedule.entrants, &args.engine_files)?;
            let cmd = std::env::args().collect::<Vec<_>>();
            play(schedule, &args.common, &cmd)
        }
        Some(Command::Plan { tournament, shards }) => {
            let shards = match shards {
                Some(0) => bail!("--shards must be at least 1"),
                n => n,
            };
            let schedule = tournament.schedule()?;
            let (setup, ..) = prepare(schedule, &tournament.common, &[])?;
            out!("{}", arbiter::first_plan(&setup)?.listing(shards));
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Merge {
            journals,
            results,
            out,
        }) => merge(&journals, &results, &out),
    }
}

fn parse_game(text: &str) -> Result<GameId> {
    let game: GameId = text.parse().map_err(|e| anyhow::anyhow!("--game: {e}"))?;
    Ok(game)
}

/// Refuses, before anything is written, an output of a match or tournament
/// that is one of its inputs (the journal, the boards file, the engine
/// files) or another output: `--results r.jsonl --summary r.jsonl` would
/// overwrite every game with the summary.
fn check_paths(c: &Common, engine_files: &[PathBuf]) -> Result<()> {
    use arbiter::paths::Named;
    let mut inputs: Vec<Named> = Vec::new();
    inputs.extend(c.results.as_deref().map(|p| Named::file("--results", p)));
    inputs.extend(c.fens.as_deref().map(|p| Named::file("--boards-file", p)));
    inputs.extend(engine_files.iter().map(|p| Named::file("--engines", p)));
    let analysis = c
        .analyse
        .options(c.results.as_deref())
        .and_then(|a| a.file().map(PathBuf::from));
    let mut outputs: Vec<Named> = Vec::new();
    outputs.extend(
        c.out
            .summary
            .as_deref()
            .map(|p| Named::file("--summary", p)),
    );
    outputs.extend(
        c.out
            .records
            .as_deref()
            .map(|p| Named::file("--records", p)),
    );
    outputs.extend(c.html.as_deref().map(|p| Named::file("--html", p)));
    outputs.extend(
        analysis
            .as_deref()
            .map(|p| Named::file("the analysis file", p)),
    );
    outputs.extend(c.log_dir.as_deref().map(|p| Named::folder("--log-dir", p)));
    arbiter::paths::check(&inputs, &outputs)
}

/// Confines the external engines as `--sandbox` says, hiding from them the
/// folders of every file the arbiter writes and the `config` files (and the
/// boards file) it reads; prints what is enforced.
fn confine(c: &Common, entrants: &mut [Entrant], config: &[PathBuf]) -> Result<()> {
    let log_dir = settings(c).log_dir;
    let analysis = c
        .analyse
        .options(c.results.as_deref())
        .and_then(|a| a.file().map(PathBuf::from));
    let mut written: Vec<PathBuf> = [
        &c.results,
        &c.out.records,
        &c.out.summary,
        &c.html,
        &analysis,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    // The traffic logs: files written in the log folder (which is masked,
    // or refused when an engine sees it as its own).
    written.extend(log_dir.iter().map(|d| d.join("game.log")));
    let mut read: Vec<PathBuf> = config.to_vec();
    read.extend(c.fens.iter().cloned());
    if let Some(header) = c.sandbox.apply_hiding(entrants, &written, &read)? {
        outln!("{header}");
    }
    Ok(())
}

fn settings(c: &Common) -> Settings {
    let log_dir = c.log_dir.clone().or_else(|| {
        c.results.as_ref().map(|r| {
            let mut s = r.clone().into_os_string();
            s.push(".logs");
            PathBuf::from(s)
        })
    });
    Settings {
        timeouts: Timeouts {
            startup_ms: c.startup_timeout,
            ping_ms: c.ping_timeout,
            grace_ms: c.grace,
            margin_ms: c.margin,
            cap_ms: c.max_move_time,
            lenient: c.time_policy == Policy::Lenient,
        },
        max_plies: c.max_plies,
        debug: c.debug,
        log_dir,
        on_replaced: c.on_replaced,
    }
}

/// Who plays whom, how often, and when to stop.
struct Schedule {
    entrants: Vec<Entrant>,
    format: Format,
    rounds: u32,
    boards: u32,
    /// A match of this many games instead of `boards`.
    match_games: Option<u32>,
    sprt: Option<SprtWatch>,
    shard: Option<Shard>,
}

impl TournamentArgs {
    /// The entrants (config files first, the reference first of all) and
    /// who plays whom.
    fn schedule(&self) -> Result<Schedule> {
        let mut entrants = Vec::new();
        for f in &self.engine_files {
            entrants.extend(arbiter::load_engines(f)?);
        }
        for e in &self.engines {
            entrants.push(Entrant::from_cli(e)?);
        }
        arbiter::dedup_names(&mut entrants);
        if let Some(r) = &self.reference {
            let Some(i) = entrants.iter().position(|e| &e.name == r) else {
                bail!("--reference '{r}' is not one of the engines");
            };
            let e = entrants.remove(i);
            entrants.insert(0, e);
        }
        if self.rounds == 0 || self.boards == 0 {
            bail!("--rounds and --boards must be at least 1");
        }
        Ok(Schedule {
            entrants,
            format: self.format,
            rounds: self.rounds,
            boards: self.boards,
            match_games: None,
            sprt: None,
            shard: self.shard,
        })
    }
}

/// The tournament, how to run it, and what its web page says about it, from
/// the command line.
fn prepare(
    schedule: Schedule,
    c: &Common,
    cmd: &[String],
) -> Result<(Setup, RunOptions, PageInfo)> {
    let Schedule {
        entrants,
        format,
        rounds,
        boards,
        match_games,
        sprt,
        shard,
    } = schedule;
    let game = parse_game(&c.game)?;
    let tc = if let Some(n) = c.nodes {
        TimeControl::Nodes(n)
    } else if let Some(d) = c.depth {
        TimeControl::Depth(d)
    } else if let Some(t) = &c.tc {
        t.parse()
            .map_err(|e: String| anyhow::anyhow!("--tc: {e}"))?
    } else {
        TimeControl::Movetime(c.movetime)
    };
    let game_setup = c.params.setup(game)?;
    let board_source = arbiter::board_source(game_setup, c.board_set, c.fens.as_deref(), c.seed)?;
    let settings = settings(c);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let page = PageInfo {
        title: arbiter::page_title(game, &names, &tc.to_string()),
        names,
        scoring: c.out.scoring,
        folder: None,
        similarity: None,
        lang: "en".into(),
    };
    let opts = RunOptions {
        concurrency: c.concurrency.unwrap_or(cores).max(1),
        results: c.results.clone(),
        settings,
        progress: !c.quiet,
        sprt,
        command: cmd.to_vec(),
        live: (c.html.as_ref())
            .filter(|_| c.html_live)
            .map(|path| arbiter::Live::new(path.clone(), page.clone())),
        analyse: c.analyse.options(c.results.as_deref()),
    };
    let setup = Setup {
        game,
        entrants,
        format,
        rounds,
        boards,
        match_games,
        board_source,
        tc,
        seed: c.seed,
        scoring: c.out.scoring,
        shard,
    };
    Ok((setup, opts, page))
}

fn play(schedule: Schedule, c: &Common, cmd: &[String]) -> Result<ExitCode> {
    arbiter::set_wide(c.out.wide);
    let (setup, opts, page) = prepare(schedule, c, cmd)?;
    let game = setup.game;
    let tc = setup.tc;
    let shard = setup.shard;
    let names = page.names.clone();
    let started = Instant::now();
    let RunResult {
        records,
        pairings,
        resumed,
        rejected,
        interrupted,
        total,
        sprt: sprt_status,
        waiting_round,
        analyses,
    } = arbiter::play_tournament(setup, &opts)?;
    // The files first: whatever happens to stdout and stderr (a pipe whose
    // reader died with Ctrl-C), the end of the run is written.
    let written = c.out.write(&names, &records).and_then(|()| match &c.html {
        Some(path) => arbiter::write_page(path, &page, &records, analyses.as_ref()),
        None => Ok(()),
    });
    if let Some(s) = shard {
        outln!("shard {s}: this shard's games only (put the shards together with `arbiter merge`)");
    }
    outln!(
        "{game} {}{} in {:.1} s, {tc}",
        plural(records.len(), "game"),
        c.results
            .as_ref()
            .map(|p| {
                let untrusted = match rejected {
                    0 => String::new(),
                    n => format!(", {} not trusted (see above)", plural(n, "line")),
                };
                format!(" ({resumed} resumed from {}{untrusted})", p.display())
            })
            .unwrap_or_default(),
        started.elapsed().as_secs_f64(),
    );
    out!(
        "{}",
        arbiter::full_report(&names, &pairings, &records, c.out.scoring)
    );
    if let Some(analyses) = &analyses {
        out!("{}", arbiter::analysis_table(&names, &records, analyses));
    }
    if let Some(watch) = &sprt_status {
        out!("{}", arbiter::sprt_lines(watch));
    }
    tell_where_faults_are(&records, &opts.settings);
    if let (Some(r), Some(s)) = (waiting_round, shard) {
        errln!(
            "arbiter: Swiss round {} played for shard {s}. The next round is paired on every \
             shard's results: put the journals together (arbiter merge SHARD-JOURNALS… \
             --results all.jsonl), copy all.jsonl over each shard's journal, and run each \
             shard's command again.",
            r + 1
        );
    }
    if interrupted {
        let quoted: Vec<String> = cmd.iter().map(|a| shell_quote(a)).collect();
        errln!(
            "arbiter: interrupted after {} of {}; the finished games are saved{}.\n\
             To resume, run the same command again:\n  {}",
            records.len(),
            plural(total, "game"),
            c.results
                .as_ref()
                .map(|p| format!(" in {}", p.display()))
                .unwrap_or_else(|| " nowhere (no --results file was given)".into()),
            quoted.join(" ")
        );
    }
    written?;
    Ok(if interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}

/// After a run with games lost by a fault (each told on stderr as it
/// ended): the count per entrant and reason, and where their engine
/// traffic is, or how to keep it.
fn tell_where_faults_are(records: &[GameRecord], settings: &Settings) {
    let Some(counts) = arbiter::fault_counts(records) else {
        return;
    };
    match &settings.log_dir {
        Some(dir) => errln!(
            "faults: {counts}; their engine traffic is in {}",
            dir.display()
        ),
        None => errln!(
            "faults: {counts}; their engine traffic was not kept: \
             run with --results FILE to keep it in FILE.logs (or --log-dir DIR)"
        ),
    }
}

/// `arbiter merge`: see [`arbiter::merge_shards`].
fn merge(journals: &[PathBuf], out: &std::path::Path, outputs: &Outputs) -> Result<ExitCode> {
    arbiter::set_wide(outputs.wide);
    {
        use arbiter::paths::Named;
        let inputs: Vec<Named> = journals
            .iter()
            .map(|j| Named::file("a journal to merge", j))
            .collect();
        let mut written = vec![Named::file("--results", out)];
        written.extend(
            outputs
                .summary
                .as_deref()
                .map(|p| Named::file("--summary", p)),
        );
        written.extend(
            outputs
                .records
                .as_deref()
                .map(|p| Named::file("--records", p)),
        );
        arbiter::paths::check(&inputs, &written)?;
    }
    let m = arbiter::merge_shards(journals)?;
    arbiter::rewrite_journal(out, &m.records)?;
    m.set_aside(out)?;
    let mut pairings: Vec<(usize, usize)> = Vec::new();
    for r in &m.records {
        let i = |n: &str| m.names.iter().position(|x| x == n).unwrap_or(0);
        let (a, b) = (i(&r.p1), i(&r.p2));
        let p = (a.min(b), a.max(b));
        if !pairings.contains(&p) {
            pairings.push(p);
        }
    }
    pairings.sort_unstable();
    outln!(
        "merged {} of tournament {} from {} into {} ({} duplicate(s) dropped)",
        plural(m.records.len(), "game"),
        m.tournament,
        plural(journals.len(), "journal"),
        out.display(),
        m.duplicates
    );
    out!(
        "{}",
        arbiter::full_report(&m.names, &pairings, &m.records, outputs.scoring)
    );
    outputs.write(&m.names, &m.records)?;
    for c in &m.conflicts {
        log::warn!("game {c}");
    }
    if !m.planned {
        errln!(
            "arbiter merge: the journals hold no plan line (not played with --shard): \
             missing games cannot be told"
        );
    }
    if m.missing.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let total: usize = m.missing.iter().map(|x| x.keys.len()).sum();
    errln!("arbiter merge: {} missing:", plural(total, "game"));
    for x in &m.missing {
        let shown: Vec<String> = x.keys.iter().take(8).map(|k| k.to_string()).collect();
        let more = if x.keys.len() > 8 { " …" } else { "" };
        let quote = |cmd: &[String]| {
            cmd.iter()
                .map(|a| shell_quote(a))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match &x.command {
            Some(cmd) => errln!(
                "  shard {}: {} ({}{more}); rerun its command to play them:\n    {}",
                x.shard,
                plural(x.keys.len(), "game"),
                shown.join(" "),
                quote(cmd)
            ),
            None => {
                let command = m
                    .any_command
                    .as_ref()
                    .map(|c| quote(&arbiter::with_shard(&c.command, c.shard, x.shard)))
                    .unwrap_or_default();
                errln!(
                    "  shard {}: {} — no journal of this shard was given; play it with:\n    {command}",
                    x.shard,
                    plural(x.keys.len(), "game"),
                );
            }
        }
    }
    Ok(ExitCode::from(1))
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+,@".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn demo() -> Result<ExitCode> {
    outln!(
        "arbiter demo: a round robin of the built-in players on seeded {} boards\n\
         (see `arbiter --help`, `arbiter match --help`, `arbiter tournament --help`)\n",
        GameId::ALL[0]
    );
    let entrants = ["builtin:random", "builtin:greedy", "builtin:tabula:depth=4"]
        .iter()
        .map(|e| Entrant::from_cli(e))
        .collect::<Result<Vec<_>>>()?;
    let common = Common::parse_from_demo();
    let schedule = Schedule {
        entrants,
        format: Format::RoundRobin,
        rounds: 1,
        boards: 4,
        match_games: None,
        sprt: None,
        shard: None,
    };
    play(schedule, &common, &["arbiter".into()])
}

impl Common {
    fn parse_from_demo() -> Common {
        #[derive(Parser)]
        struct Wrap {
            #[command(flatten)]
            common: Common,
        }
        Wrap::parse_from(["demo", "--game", GameId::ALL[0].as_str(), "--seed", "2026"]).common
    }
}

/// The help of `--game`: the two-player ids, from the registry.
fn game_help() -> String {
    format!("Game id: {}", GameId::listed(false, "or"))
}

/// `check --game`'s help: the ids of the registry.
fn check_game_help() -> String {
    format!(
        "{}; or a puzzle ({}) to check only the start-up, robustness and solve layers, \
         with solve required",
        GameId::listed(false, "or"),
        GameId::listed(true, "or")
    )
}
