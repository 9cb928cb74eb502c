//! Every Yavalath text reader on arbitrary input: a value or a typed error,
//! never a panic; what is read writes back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yavalath::Yavalath;
use yavalath::protocol::{self, TurnMessage};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let _ = protocol::parse_answer(data);
    let _ = protocol::parse_move_text(text);
    let _ = protocol::parse_record(text);
    let _ = protocol::read_turn(&mut &data[..]);
    if let Ok(input) = text.parse::<TurnMessage>() {
        let again: TurnMessage = input.to_string().parse().expect("a written turn message reads back");
        assert_eq!(again, input);
    }
    if let Ok(g) = text.parse::<Yavalath>() {
        assert_eq!(g.notation().parse::<Yavalath>().expect("notation reads back"), g);
    }
    if let Ok(setup) = serde_json::from_slice::<yavalath::Setup>(data) {
        if let Ok(g) = <Yavalath as game_core::Game>::from_setup(setup) {
            game_core::testing::check_setup_round_trip(&g).expect("setup round trip");
        }
    }
});
