//! How often walks reach the hard cases of `testing::edges`: the uniform
//! walk against each bias, on the same seeds. Run with `--nocapture` to see
//! the table.

use game_core::testing::{Reach, Uniform, reach};
use paper_soccer::PaperSoccer;
use paper_soccer::testing::edges::{Dense, Endgame, Survive, edges};

const GAMES: u64 = 150;
const SEED: u64 = 21;

fn table(name: &str, r: &Reach) {
    println!("{name:<8} games {:>4} plies {:>6} finished {:>4}", r.games, r.plies, r.finished);
    for (i, h) in r.hits.iter().enumerate() {
        println!(
            "  {:<18} games {:>4} ({:>5.1}%)  states {:>6} ({:>5.2}%)",
            h.name,
            h.games,
            r.game_percent(i),
            h.states,
            r.state_percent(i)
        );
    }
}

#[test]
fn biased_walks_reach_every_edge_in_more_games_than_uniform_ones() {
    let start = PaperSoccer::default();
    let edges = edges();
    let uniform = reach(&start, &Uniform, &edges, GAMES, SEED);
    let dense = reach(&start, &Dense, &edges, GAMES, SEED);
    let survive = reach(&start, &Survive, &edges, GAMES, SEED);
    let endgame = reach(&start, &Endgame::default(), &edges, GAMES, SEED);
    table("uniform", &uniform);
    table("dense", &dense);
    table("survive", &survive);
    table("endgame", &endgame);
    for (i, e) in edges.iter().enumerate() {
        let best = dense.hits[i].games.max(survive.hits[i].games).max(endgame.hits[i].games);
        assert!(best > uniform.hits[i].games, "{}: biased {best} games vs uniform {}", e.name, uniform.hits[i].games);
    }
    // Each bias does what it is for: Dense builds long walks over crowded
    // ground, Survive spreads the lines out (turns with many endings),
    // Endgame finishes them (goals after bounces, blocks).
    assert!(dense.plies > 2 * uniform.plies);
    let by_name = |r: &Reach, name: &str| r.hits.iter().find(|h| h.name == name).map_or(0, |h| h.games);
    assert!(by_name(&endgame, "goal-by-bounce") > by_name(&uniform, "goal-by-bounce"));
    assert!(by_name(&dense, "long-bounce-chain") > by_name(&uniform, "long-bounce-chain"));
    assert!(by_name(&survive, "many-turn-endings") > by_name(&uniform, "many-turn-endings"));
}
