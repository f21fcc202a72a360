//! Dumps the analysis of sample games between the reference (depth 8),
//! greedy and random, one TSV line per move, for measuring how game
//! accuracy ranks the levels under other win-chance scales:
//! `cargo run --release --example accuracy_levels -- knight 40 5000`
//! (game id, seeds, node budget of the analysis).

use tabula::analysis::sample::{play, Player};
use tabula::analysis::{analyse_all, Budget, Settings};
use tabula::games::{AnyMove, AnyPosition, GameId, GameSetup};
use tabula::search::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game: GameId = args.first().map_or("knight", String::as_str).parse()?;
    let seeds: u64 = args.get(1).map_or(Ok(20), |s| s.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(5_000), |s| s.parse())?;
    let size = args.get(3);
    let names = ["depth8", "greedy", "random"];
    let kinds = [
        Player::Reference(Limits {
            depth: Some(8),
            ..Limits::default()
        }),
        Player::Greedy,
        Player::Random,
    ];
    let mut games: Vec<(AnyPosition, Vec<AnyMove>)> = Vec::new();
    let mut labels = Vec::new();
    for seed in 1..=seeds {
        let mut setup = GameSetup::new(game);
        if let Some(size) = size {
            setup.set("size", size).map_err(|e| format!("{e:?}"))?;
        }
        let start = setup.random(seed).ok_or("no random start")?;
        for a in 0..3 {
            for b in 0..3 {
                let moves = play(&start, &[kinds[a].clone(), kinds[b].clone()], seed);
                games.push((start, moves));
                labels.push((seed, names[a], names[b]));
            }
        }
    }
    let settings = Settings {
        budget: Budget::Nodes(nodes),
        hash_mib: 4,
        ..Settings::default()
    };
    let all = analyse_all(&games, &settings, 1);
    println!("seed\tp1\tp2\tply\tside\tbest\tscore_before\tscore_after\texact_before\texact_after\tmissed");
    for ((seed, p1, p2), a) in labels.iter().zip(all) {
        let a = a?;
        for m in &a.moves {
            println!(
                "{seed}\t{p1}\t{p2}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                m.ply,
                m.side_str(),
                u8::from(m.played == m.best),
                m.score_before,
                m.score_after,
                u8::from(m.exact_before),
                u8::from(m.exact_after),
                u8::from(m.missed_win)
            );
        }
    }
    Ok(())
}
