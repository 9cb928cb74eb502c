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
    let _ = protocol::StartMessage::parse(text);
    let _ = protocol::read_start(&mut &data[..]);
    let _ = protocol::parse_answer(data);
    let _ = protocol::parse_placement(&config, data);
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let placements =
        protocol::parse_placements(&lines, &config, parallel_football::game_core::PlayerId(1)).expect("team 1 exists");
    assert!(placements.cells.iter().all(|&c| config.contains(c)));
    let seat = parallel_football::game_core::PlayerId(4 + data.first().copied().unwrap_or(0) % 8);
    assert!(protocol::parse_placements(&lines, &config, seat).is_err(), "no team {seat}");
    if let Ok(msg) = protocol::TurnMessage::parse(text, &config) {
        let _ = msg.to_field(&config);
    }
    let _ = protocol::read_turn(&mut &data[..], &config);
    let orders = protocol::parse_orders(&lines, 3);
    assert_eq!(orders.orders.len(), 3);
    if let Ok(record) = serde_json::from_slice::<GameRecord>(data) {
        let _ = record.replay();
    }
    if let Ok(setup) = serde_json::from_slice::<parallel_football::Setup>(data) {
        if let Ok(g) = <parallel_football::ParallelFootball as game_core::Game>::from_setup(setup) {
            game_core::testing::check_setup_round_trip(&g).expect("setup round trip");
        }
    }
});
