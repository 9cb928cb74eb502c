//! The page's messages in the arena's words: a bot whose time does not fit
//! the game's clock, a bot the game lacks, shared first places, an
//! option's value as typed, the bot field's tooltip.

use bot_games_web::new_game_with;
use bot_games_web::page::page;
use serde_json::{Value, json};

fn refusal(game: &str, bots: &[&str], options: &Value) -> String {
    let bots: Vec<String> = bots.iter().map(|b| (*b).to_string()).collect();
    match new_game_with(game, &bots, 1, options) {
        Ok(_) => panic!("{bots:?} accepted"),
        Err(e) => e,
    }
}

#[test]
fn a_time_the_clock_does_not_leave_is_refused_as_the_arena_refuses_it() {
    let pf = ["human", "mcts:ms=4000", "mcts:ms=4000", "mcts:ms=4000"];
    let said = refusal("parallel-football", &pf, &Value::Null);
    // `arena play`'s words, to the letter.
    assert_eq!(
        said,
        "bot \"mcts:ms=4000\": parallel-football allows 200 ms an answer and the arena keeps a margin of 35 ms: \
         at most ms=165"
    );
    assert!(
        refusal("parallel-football", &["human", "mcts:ms=166", "random", "random"], &Value::Null).contains("ms=165")
    );
    let fits = ["human", "mcts:ms=165", "random", "random"].map(String::from);
    assert!(new_game_with("parallel-football", &fits, 1, &Value::Null).is_ok());
    // A fixed amount of work is not timed: accepted, as the arena accepts it.
    let work = ["human", "mcts:iters=5000000", "random", "random"].map(String::from);
    assert!(new_game_with("parallel-football", &work, 1, &Value::Null).is_ok());
    assert_eq!(
        refusal("yavalath", &["human", "mcts:ms=1500"], &Value::Null),
        "bot \"mcts:ms=1500\": yavalath allows 100 ms an answer and the arena keeps a margin of 22.5 ms: at most ms=77"
    );
}

#[test]
fn a_bot_the_game_lacks_is_told_with_the_games_bots() {
    assert_eq!(
        refusal("parallel-football", &["human", "bset", "bset", "bset"], &Value::Null),
        "bot \"bset\": parallel-football has no bot \"bset\" (its bots: random, mcts, search, best, greedy)"
    );
}

#[test]
fn an_options_message_names_the_value_typed() {
    let bots = ["human", "random", "random", "random"];
    for typed in ["", "1.5", "-1"] {
        let said = refusal("parallel-football", &bots, &json!({"p": typed}));
        assert!(said.starts_with(&format!("--p {typed:?}: ")), "{said}");
    }
}

#[test]
fn the_bot_fields_tooltip_names_the_games_bots() {
    let html = page("parallel-football", &[]).expect("a page");
    assert!(
        html.contains(
            "title=\"the arena's bot specs of this game: random, mcts, mcts:iters=N, mcts:ms=N, search, search:ms=N, best, greedy\""
        ),
        "no tooltip of the game's bots"
    );
}

#[test]
fn shared_first_places_are_told_in_the_arenas_words() {
    // Greedy bots, one footballer a team, a few rounds: some seed's game
    // ends with first places shared.
    let bots: Vec<String> = ["greedy"; 4].map(String::from).to_vec();
    for seed in 0..60 {
        let mut d =
            new_game_with("parallel-football", &bots, seed, &json!({"p": 1, "max_turns": 2 + seed})).expect("a game");
        while d.view()["over"] != Value::Bool(true) {
            d.think().expect("a bot's turn");
        }
        let view = d.view();
        let result = view["result"].as_str().expect("a result").to_string();
        if result.starts_with("winners ") {
            assert!(result.contains(" (ranks ["), "{result}");
            assert!(result.contains("], scores ["), "{result}");
            assert!(result.ends_with(") by turn-limit"), "{result}");
            assert!(view["ranks"].is_array());
            return;
        }
    }
    panic!("no game with shared first places");
}
