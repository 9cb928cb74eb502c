//! How often walks reach the hard cases (`testing::edges`): uniform against each bias, on the same
//! seeds. Each edge must be reached in more games by the bias aimed at it than by the uniform
//! walk. `cargo test -p yavalath --test suite edges -- --nocapture` prints the table.

use game_core::testing::{Bias, Reach, Uniform, reach};
use yavalath::Yavalath;
use yavalath::testing::edges::{Quiet, Steal, Threats, edges};

const GAMES: u64 = 2000;
const SEED: u64 = 0xED6E;

fn measure(bias: &dyn Bias<Yavalath>) -> Reach {
    reach(&Yavalath::new(), bias, &edges(), GAMES, SEED)
}

#[test]
fn each_bias_reaches_its_edges_in_more_games_than_the_uniform_walk() {
    let uniform = measure(&Uniform);
    let biased = [("threats", measure(&Threats)), ("quiet", measure(&Quiet)), ("steal", measure(&Steal))];
    println!("{GAMES} walks from the empty board, seed {SEED:#x}: % of walks (% of states) where each edge held");
    print!("{:<24}{:>18}", "edge", "uniform");
    for (name, _) in &biased {
        print!("{name:>18}");
    }
    println!();
    for (i, edge) in edges().iter().enumerate() {
        print!("{:<24}{:>10.1} ({:>4.1})", edge.name, uniform.game_percent(i), uniform.state_percent(i));
        for (_, r) in &biased {
            print!("{:>10.1} ({:>4.1})", r.game_percent(i), r.state_percent(i));
        }
        println!();
    }
    print!("{:<24}{:>18.1}", "mean plies", uniform.plies as f64 / GAMES as f64);
    for (_, r) in &biased {
        print!("{:>18.1}", r.plies as f64 / GAMES as f64);
    }
    println!();
    // The bias aimed at each edge.
    let aimed = |name: &str| match name {
        "win-now" | "must-block" | "block-makes-three" | "four-with-three" | "won-by-four" => 0,
        "every-move-makes-three" | "near-full" | "full-board-draw" => 1,
        "stolen" => 2,
        other => panic!("no bias aimed at {other}"),
    };
    for (i, edge) in edges().iter().enumerate() {
        let (name, r) = &biased[aimed(edge.name)];
        assert!(
            r.hits[i].games > uniform.hits[i].games,
            "{}: {name} {} games, uniform {}",
            edge.name,
            r.hits[i].games,
            uniform.hits[i].games
        );
    }
}
