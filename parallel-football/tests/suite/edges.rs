//! How often walks reach the hard cases of Parallel Football
//! (`parallel_football::testing::edges`): the uniform walk against the
//! biased ones, on the same seeds. `--nocapture` prints the table.

use game_core::testing::{Bias, Reach, Uniform, reach};
use parallel_football::testing::edges::{CrowdedKicks, GoalKicks, edges};
use parallel_football::{Config, ParallelFootball};

const GAMES: u64 = 100;
const SEED: u64 = 21;

fn measure(bias: &dyn Bias<ParallelFootball>) -> Reach {
    let start = ParallelFootball::new(Config::new(12, 12, 2, 4, 30).unwrap()).unwrap();
    reach(&start, bias, &edges(), GAMES, SEED)
}

#[test]
fn biased_walks_reach_every_edge_in_more_games_than_uniform_walks() {
    let uniform = measure(&Uniform);
    let crowded = measure(&CrowdedKicks);
    let goals = measure(&GoalKicks);
    println!("12 x 12, p = 2, k = 4, 30 turns; {GAMES} walks each, seed {SEED}: % of games (% of states)");
    println!("{:<22} {:>16} {:>16} {:>16}", "edge", "uniform", "crowded-kicks", "goal-kicks");
    for (i, edge) in edges().iter().enumerate() {
        let cell = |r: &Reach| format!("{:.0}% ({:.2}%)", r.game_percent(i), r.state_percent(i));
        println!("{:<22} {:>16} {:>16} {:>16}", edge.name, cell(&uniform), cell(&crowded), cell(&goals));
    }
    for (i, edge) in edges().iter().enumerate() {
        let best = crowded.hits[i].games.max(goals.hits[i].games);
        assert!(
            best > uniform.hits[i].games,
            "{}: biased walks reach it in {best} games, uniform ones in {}",
            edge.name,
            uniform.hits[i].games
        );
    }
}
