//! The bot trait's random bot (moved from `bot.rs`'s unit tests: it plays
//! Nim, a crate of its own that game-core's unit tests cannot name).

use game_core::bot::{Bot, RandomBot};
use game_core::{Game, PlayerId, ToAct};
use nim::Nim;

#[test]
fn random_bot_plays_only_legal_moves() {
    let mut b = RandomBot::new(3);
    let mut g = Nim::new(50, 5);
    while let ToAct::Player(p) = g.to_act() {
        let mv = Bot::<Nim>::choose(&mut b, &g, p).unwrap();
        g.play(p, mv).unwrap();
    }
    assert!(g.is_over());
    assert_eq!(Bot::<Nim>::choose(&mut b, &g, PlayerId(0)), None);
}
