//! `arena`: the workspace's command-line tool. This first version lists the
//! games and plays a random demonstration of the built-in test game; the
//! arena issue adds `play`, `judge`, `bench` and `render`.

use game_core::{Game, nim::Nim, random_playout, rng};

/// The games this workspace implements, as the arena names them.
const GAMES: [&str; 4] = ["paper-soccer", "yavalath", "quoridor", "parallel-football"];

fn main() {
    println!("arena: games of this workspace:");
    for g in GAMES {
        println!("  {g}");
    }
    let mut game = Nim::new(21, 3);
    let mut moves = Vec::new();
    match random_playout(&mut game, &mut rng::seeded(1), &mut moves) {
        Ok(plies) => println!(
            "demo ({}): {plies} plies, {}",
            Nim::NAME,
            game.outcome().map_or("unfinished".into(), |o| o.to_string())
        ),
        Err(e) => println!("demo failed: {e}"),
    }
}
