//! Analyses one seeded sample game and prints a line per move and the
//! summary: `cargo run --release --example analyse_game -- knight 3
//! [nodes]` (the game id, the seed of its random start, the node budget:
//! default the game's own). The game is the reference (2000 nodes a move)
//! against the greedy player, the reference playing player 1 on odd seeds.

use tabula::analysis::sample::{play, Player};
use tabula::analysis::{Analyser, Budget, Settings};
use tabula::games::{GameId, GameSetup};
use tabula::search::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game: GameId = args.first().map_or("knight", String::as_str).parse()?;
    let seed: u64 = args.get(1).map_or(Ok(1), |s| s.parse())?;
    let budget = match args.get(2) {
        Some(n) => Budget::Nodes(n.parse()?),
        None => Budget::Default,
    };
    let start = GameSetup::new(game)
        .random(seed)
        .ok_or("this game has no random start")?;
    let reference = Player::Reference(Limits {
        nodes: Some(2_000),
        ..Limits::default()
    });
    let players = if seed % 2 == 1 {
        [reference, Player::Greedy]
    } else {
        [Player::Greedy, reference]
    };
    let moves = play(&start, &players, seed);
    let settings = Settings {
        budget,
        ..Settings::default()
    };
    let analysis = Analyser::new(settings).analyse(&start, &moves)?;
    println!("{start}\n{settings}");
    for m in &analysis.moves {
        println!(
            "{:>3} {} {:>8} best {:>8} score {:>5}{} -> {:>5}{} win {:>5.1} -> {:>5.1} acc {:>5.1} {:<10}{}{} lost {:>3} depth {:>2} nodes {}",
            m.ply,
            m.side_str(),
            m.played.to_string(),
            m.best.to_string(),
            m.score_before,
            if m.exact_before { "!" } else { " " },
            m.score_after,
            if m.exact_after { "!" } else { " " },
            m.win_before,
            m.win_after,
            m.accuracy,
            m.class.as_str(),
            if m.missed_win { " missed-win" } else { "" },
            if m.only_move { " only-move" } else { "" },
            m.points_lost,
            m.depth,
            m.nodes
        );
    }
    for (i, s) in analysis.sides.iter().enumerate() {
        println!(
            "p{}: {} moves, accuracy {:.1}, {} inaccuracies, {} mistakes, {} blunders, {} missed wins, {} only moves, {:.2} points lost a move",
            i + 1,
            s.moves,
            s.accuracy.unwrap_or(0.0),
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            s.missed_wins,
            s.only_moves,
            s.avg_points_lost
        );
    }
    println!(
        "turning point: {:?}, nodes {}",
        analysis.turning_point, analysis.nodes
    );
    Ok(())
}
