//! The tournament's glue: `arbiter match`, `tournament`, `plan`, `merge`
//! and the demo, from their flags ([`super::flags`]) to a [`Setup`] and
//! [`RunOptions`], played by [`tournament::play`](super::tournament::play);
//! then the standings printed and the files asked for written.

use super::boards::source as board_source;
use super::flags::{
    parse_game, Common, MatchArgs, MergeArgs, Outputs, PlanArgs, Policy, TournamentArgs,
};
use super::plan::{first_plan, Format, Setup};
use super::shard::{merge as merge_shards, with_shard, Shard};
use super::tournament::{play as play_tournament, RunOptions, RunResult};
use crate::engines::client::Timeouts;
use crate::engines::config::{dedup_names, load_file as load_engines, Entrant};
use crate::out::{plural, shell_quote};
use crate::play::clock::TimeControl;
use crate::play::game::Settings;
use crate::results::analysis::table as analysis_table;
use crate::results::html::{title as page_title, write as write_page, Live, PageInfo};
use crate::results::record::GameRecord;
use crate::results::report::{
    fault_counts, full_report, rewrite_journal, rewrite_records, set_wide, sprt_lines,
    write_summary,
};
use crate::results::sprt::{Sprt, Watch as SprtWatch};
use crate::{errln, out, outln};
use anyhow::{bail, Result};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tabula::games::GameId;

/// `arbiter match`.
pub fn match_command(args: MatchArgs) -> Result<ExitCode> {
    let MatchArgs {
        engine1,
        engine2,
        games,
        sprt,
        common,
    } = args;
    let sprt: Option<Sprt> = sprt.map(|fields| fields.join(" ").parse()).transpose()?;
    let games = games.unwrap_or(if sprt.is_some() { 20_000 } else { 2 });
    if games == 0 {
        bail!("--games must be at least 1");
    }
    check_paths(&common, &[])?;
    let mut entrants = vec![Entrant::from_cli(&engine1)?, Entrant::from_cli(&engine2)?];
    dedup_names(&mut entrants);
    confine(&common, &mut entrants, &[])?;
    let watch =
        sprt.map(|s| SprtWatch::new(s, &entrants[0].name, &entrants[1].name, common.out.scoring));
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

/// `arbiter tournament`.
pub fn tournament_command(args: TournamentArgs) -> Result<ExitCode> {
    check_paths(&args.common, &args.engine_files)?;
    let mut schedule = args.schedule()?;
    confine(&args.common, &mut schedule.entrants, &args.engine_files)?;
    let cmd = std::env::args().collect::<Vec<_>>();
    play(schedule, &args.common, &cmd)
}

/// `arbiter plan`.
pub fn plan_command(args: PlanArgs) -> Result<ExitCode> {
    let PlanArgs { tournament, shards } = args;
    let shards = match shards {
        Some(0) => bail!("--shards must be at least 1"),
        n => n,
    };
    let schedule = tournament.schedule()?;
    let (setup, ..) = prepare(schedule, &tournament.common, &[])?;
    out!("{}", first_plan(&setup)?.listing(shards));
    Ok(ExitCode::SUCCESS)
}

/// `arbiter merge`: see [`merge_shards`].
pub fn merge_command(args: MergeArgs) -> Result<ExitCode> {
    merge(&args.journals, &args.results, &args.out)
}

impl Outputs {
    /// Rewrites the summary and the records asked for.
    pub(super) fn write(&self, names: &[String], records: &[GameRecord]) -> Result<()> {
        if let Some(path) = &self.summary {
            write_summary(path, names, records, self.scoring)?;
        }
        if let Some(path) = &self.records {
            rewrite_records(path, records)?;
        }
        Ok(())
    }
}

/// Refuses, before anything is written, an output of a match or tournament
/// that is one of its inputs (the journal, the boards file, the engine
/// files) or another output: `--results r.jsonl --summary r.jsonl` would
/// overwrite every game with the summary.
fn check_paths(c: &Common, engine_files: &[PathBuf]) -> Result<()> {
    use crate::paths::Named;
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
    crate::paths::check(&inputs, &outputs)
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
            entrants.extend(load_engines(f)?);
        }
        for e in &self.engines {
            entrants.push(Entrant::from_cli(e)?);
        }
        dedup_names(&mut entrants);
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
    let board_source = board_source(game_setup, c.board_set, c.fens.as_deref(), c.seed)?;
    let settings = settings(c);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let page = PageInfo {
        title: page_title(game, &names, &tc.to_string()),
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
            .map(|path| Live::new(path.clone(), page.clone())),
        analyse: c.analyse.options(c.results.as_deref()),
        siblings: Vec::new(),
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
    set_wide(c.out.wide);
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
    } = play_tournament(setup, &opts)?;
    // The files first: whatever happens to stdout and stderr (a pipe whose
    // reader died with Ctrl-C), the end of the run is written.
    let written = c.out.write(&names, &records).and_then(|()| match &c.html {
        Some(path) => write_page(path, &page, &records, analyses.as_ref()),
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
        full_report(&names, &pairings, &records, c.out.scoring)
    );
    if let Some(analyses) = &analyses {
        out!("{}", analysis_table(&names, &records, analyses));
    }
    if let Some(watch) = &sprt_status {
        out!("{}", sprt_lines(watch));
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
    let Some(counts) = fault_counts(records) else {
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

/// Merges the journals, prints the standings, writes the files asked for
/// and tells which games are missing and which command plays them.
fn merge(journals: &[PathBuf], out: &std::path::Path, outputs: &Outputs) -> Result<ExitCode> {
    set_wide(outputs.wide);
    {
        use crate::paths::Named;
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
        crate::paths::check(&inputs, &written)?;
    }
    let m = merge_shards(journals)?;
    rewrite_journal(out, &m.records)?;
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
        full_report(&m.names, &pairings, &m.records, outputs.scoring)
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
                    .map(|c| quote(&with_shard(&c.command, c.shard, x.shard)))
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

/// The demo (what `arbiter` alone runs): a round robin of the built-in
/// players on seeded boards of the first game.
pub fn demo_command() -> Result<ExitCode> {
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
