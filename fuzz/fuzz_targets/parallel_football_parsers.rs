//! Every Parallel Football text and JSON reader on arbitrary input: a value
//! or a typed error (unreadable answer lines become stay), never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use parallel_football::protocol;
use parallel_football::{Config, GameRecord};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let config = Config::standard(3, 10).expect("valid");
    let _ = protocol::parse_start_line(text);
    let _ = protocol::parse_cell(text);
    let placements = protocol::parse_placements(text, &config, 1);
    let _ = placements;
    if let Ok(msg) = protocol::TurnMessage::parse(text, &config) {
        let _ = msg.to_field(&config);
    }
    let _ = protocol::read_turn_message(&mut &data[..], &config);
    let _ = protocol::parse_order(text);
    let _ = protocol::parse_orders(text, 3);
    if let Ok(record) = serde_json::from_slice::<GameRecord>(data) {
        let _ = record.replay();
    }
    if let Ok(setup) = serde_json::from_slice::<parallel_football::FootballSetup>(data) {
        if let Ok(g) = <parallel_football::Football as game_core::Game>::from_setup(setup) {
            game_core::testing::check_setup_round_trip(&g).expect("setup round trip");
        }
    }
});
