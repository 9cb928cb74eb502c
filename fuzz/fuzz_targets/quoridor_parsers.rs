//! Every Quoridor text reader on arbitrary input (contest and algebraic
//! notation, records, the bot's start and turn input, answers): a value or a
//! typed error, never a panic; what is read writes back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quoridor::{Config, Quoridor, protocol};
use quoridor::{
    format_algebraic, format_algebraic_record, format_contest, parse_algebraic, parse_algebraic_record, parse_any,
    parse_contest,
};

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else { return };
    let size = [5u8, 7, 9, 11, 0, 255, 4, 13][usize::from(size % 8)];
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    if let Ok(mv) = parse_contest(text) {
        assert_eq!(parse_contest(&format_contest(mv)), Ok(mv));
    }
    if let Ok(mv) = parse_algebraic(text, size) {
        assert_eq!(parse_algebraic(&format_algebraic(mv, size), size), Ok(mv));
    }
    let _ = parse_any(text, size);
    if let Ok(moves) = parse_algebraic_record(text, size) {
        let again = parse_algebraic_record(&format_algebraic_record(&moves, size), size);
        assert_eq!(again, Ok(moves));
    }
    if let Ok(mv) = protocol::parse_answer(size, rest) {
        assert_eq!(protocol::parse_answer(size, protocol::format_answer(mv).as_bytes()), Ok(mv));
    }
    let _ = protocol::skips_line(rest);
    if let Ok(start) = protocol::read_start(&mut &rest[..]) {
        let _ = protocol::Session::new(start.clone());
        let _ = protocol::read_turn(&mut &rest[..], &start);
    }
    let _ = protocol::run_bot(rest, std::io::sink(), |_, _, _| quoridor::Move::Pawn(quoridor::Cell::new(0, 0)));
    for players in [2, 4] {
        if let Ok(start) = Config::new(9, players).and_then(Quoridor::new) {
            if let Ok((end, _history)) = protocol::replay_lines(&start, text) {
                game_core::testing::check_setup_round_trip(&end).expect("setup round trip");
            }
        }
    }
    if let Ok(setup) = serde_json::from_slice::<quoridor::Setup>(rest) {
        if let Ok(g) = <Quoridor as game_core::Game>::from_setup(setup) {
            game_core::testing::check_setup_round_trip(&g).expect("setup round trip");
        }
    }
});
